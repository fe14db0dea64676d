#pragma once
#include "core/config/ShardingConfig.h"
#include "core/planning/ExactCounter.h"
#include "core/planning/ExpansionPlan.h"

#include <QObject>

#include <atomic>
#include <memory>

class QTimer;

namespace sp::ui {

// Runs planning::ExactCounter on a copy of a plan off the UI thread. Progress is shared through
// atomics and polled by a timer (no calls from the worker into possibly deleted objects);
// cancel() sets the counter's flag and drops the result at once, without waiting.
class ExactCountRunner final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExactCountRunner)
public:
    explicit ExactCountRunner(QObject *parent = nullptr);
    ~ExactCountRunner() override;

    void start(const planning::ExpansionPlan &plan, const ShardingConfig &oldConfig,
               const InspectionOptions &options);
    void cancel();
    bool isRunning() const { return m_running; }

signals:
    void progress(int done, int total);
    void finished(const sp::planning::ExpansionPlan &counted, const sp::planning::ExactCountResult &result);
    void cancelled();

private:
    struct Shared
    {
        std::atomic<bool> cancel{false};
        std::atomic<int> done{0};
        std::atomic<int> total{0};
    };
    std::shared_ptr<Shared> m_shared;
    QTimer *m_poll;
    quint64 m_generation = 0;
    bool m_running = false;
};

} // namespace sp::ui
