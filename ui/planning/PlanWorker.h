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

    // With `liveKeyStats` and a snapshot, the input also gets the cluster's index statistics, as
    // `shardctl plan --live` does; with `samplePerTable` > 0 (and a snapshot) a row sample of about
    // that many rows per logic table, as `shardctl plan --live --sample N` (same seeds, same plan).
    void start(const QString &configPath, const ShardingConfig &config,
               const std::optional<ClusterSnapshot> &snapshot, const planning::PlanRequest &request,
               bool liveKeyStats = false, const InspectionOptions &inspect = {}, int samplePerTable = 0);
    void cancel();
    bool isRunning() const;

    struct Result
    {
        planning::PlanOutcome outcome;
        QStringList notes;     // runLivePlan's notes in English (assumptions made, servers not reached)
        QList<Text> noteTexts; // the same notes, for the console's language
    };
    // The blocking job: runLivePlan (inputs, sample, makePlan), exactly what `shardctl plan` does.
    static Result planNow(const QString &configPath, const ShardingConfig &config,
                          const std::optional<ClusterSnapshot> &snapshot,
                          const planning::PlanRequest &request, bool liveKeyStats,
                          const InspectionOptions &inspect = {}, JobControl *job = nullptr,
                          int samplePerTable = 0);

signals:
    void started();
    // `notes` in the console's language (through CoreText).
    void finished(const sp::planning::PlanOutcome &outcome, const QStringList &notes);

private:
    JobRunner *m_runner;
};

} // namespace sp::ui
