#pragma once
#include "core/cluster/ClusterStats.h"
#include "core/cluster/Inspector.h"
#include "core/config/ShardingConfig.h"
#include "core/planning/ExpansionStrategy.h"

#include <QObject>

#include <optional>

namespace sp {
class JobControl;
class JobRunner;
}

namespace sp::ui {

// Plans off the UI thread as a job (sp::JobRunner). One job at a time from the caller's point of
// view: start() makes any running job stale and its result is dropped; cancel() drops it too and
// returns at once (planning is pure, the worker just finishes unseen).
class PlanWorker final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PlanWorker)
public:
    explicit PlanWorker(QObject *parent = nullptr);
    ~PlanWorker() override;

    // With `liveKeyStats` and a snapshot, the input also gets rows per key from the cluster's index
    // statistics, as `shardctl plan --live` does.
    void start(const QString &configPath, const ShardingConfig &config,
               const std::optional<ClusterSnapshot> &snapshot, const planning::PlanRequest &request,
               bool liveKeyStats = false, const InspectionOptions &inspect = {});
    void cancel();
    bool isRunning() const;

    struct Result
    {
        planning::PlanOutcome outcome;
        QStringList notes; // buildPlanInput's notes (assumptions made, servers not reached)
    };
    // The blocking job: buildPlanInput + makePlan, exactly what `shardctl plan` does.
    static Result planNow(const QString &configPath, const ShardingConfig &config,
                          const std::optional<ClusterSnapshot> &snapshot,
                          const planning::PlanRequest &request, bool liveKeyStats,
                          const InspectionOptions &inspect = {}, JobControl *job = nullptr);

signals:
    void started();
    void finished(const sp::planning::PlanOutcome &outcome, const QStringList &notes);

private:
    JobRunner *m_runner;
};

} // namespace sp::ui
