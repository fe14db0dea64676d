#pragma once
#include "core/config/ShardingConfig.h"
#include "core/health/HealthPoller.h"

#include <QList>

#include <functional>
#include <memory>

namespace sp::health {

// Polls every data source of a cluster, each on its own thread with its own connection, every
// options.intervalMs: a dead or frozen server costs its own thread at most the connect/read timeout
// and never delays the others. `onSample` runs on the polling thread of that server (post it to your
// own thread). stop() (also the destructor) joins the threads: blocked reads are cut by shutting the
// socket down, but a thread inside a connect to a frozen server finishes only at the connect timeout,
// so a GUI joins on another thread (ui/health/HealthController::stop).
class HealthMonitor final
{
public:
    using SampleSink = std::function<void(const HealthSample &)>;

    HealthMonitor(const ShardingConfig &config, const HealthOptions &options, SampleSink onSample);
    ~HealthMonitor();
    HealthMonitor(const HealthMonitor &) = delete;
    HealthMonitor &operator=(const HealthMonitor &) = delete;

    void start();
    void stop();
    bool isRunning() const;
    int intervalMs() const;

    // The newest sample of each data source, in config order (a data source not polled yet: not
    // reachable, error "waiting for the first sample").
    QList<HealthSample> latest() const;

    // One sample of every data source in parallel, each bounded by the timeouts, with rates against
    // the pollers' previous samples: the CLI's loop. `pollers` keep the connections between rounds.
    static QList<HealthSample> sampleOnce(const QList<HealthPoller *> &pollers);

private:
    struct Shared;
    std::shared_ptr<Shared> m_shared;
};

} // namespace sp::health
