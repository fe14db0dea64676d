#pragma once
#include "core/cluster/Inspector.h"

#include <QElapsedTimer>
#include <QObject>

#include <memory>

namespace sp {

// Runs an Inspector off the calling thread (QThreadPool::globalInstance()) and reports back on the
// job's thread through queued signals. cancel() never blocks: the inspection stops between tables,
// kills its statements in flight (KILL QUERY) and reports failed("cancelled").
// Restarting bumps a generation id, and results of an older run are dropped, as are results that
// arrive after the job was destroyed.
class InspectionJob final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InspectionJob)
public:
    InspectionJob(ShardingConfig config, InspectionOptions options, QObject *parent = nullptr);
    ~InspectionJob() override; // cancels a running inspection (it finishes in the background)

    void start();
    void cancel();
    bool isRunning() const { return m_running; }
    quint64 generation() const { return m_generation; }

signals:
    void progress(int done, int total);
    void finished(const sp::InspectionResult &result);
    void failed(const QString &message);

private:
    void deliver(quint64 generation, const sp::InspectionResult &result);
    void deliverProgress(quint64 generation, int done, int total);

    ShardingConfig m_config;
    InspectionOptions m_options;
    std::shared_ptr<InspectionControl> m_control;
    quint64 m_generation = 0;
    bool m_running = false;
};

} // namespace sp

Q_DECLARE_METATYPE(sp::InspectionResult)
