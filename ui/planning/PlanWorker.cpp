#include "ui/planning/PlanWorker.h"

#include "core/job/Job.h"
#include "core/live/LivePlan.h"
#include "ui/CoreText.h"

namespace sp::ui {

using namespace sp::planning;

PlanWorker::PlanWorker(QObject *parent) : QObject(parent), m_runner(new JobRunner(this))
{
    connect(m_runner, &JobRunner::started, this, &PlanWorker::started);
    connect(m_runner, &JobRunner::failed, this, [this](const QString &error) {
        PlanOutcome outcome;
        outcome.error = error;
        emit finished(outcome, {});
    });
}

PlanWorker::~PlanWorker() = default;

bool PlanWorker::isRunning() const
{
    return m_runner->isRunning();
}

PlanWorker::Result PlanWorker::planNow(const QString &configPath, const ShardingConfig &config,
                                       const std::optional<ClusterSnapshot> &snapshot,
                                       const PlanRequest &request, bool liveKeyStats,
                                       const InspectionOptions &inspect, JobControl *job, int samplePerTable)
{
    // The orchestration `shardctl plan` runs too (core/live/LivePlan), on the console's snapshot.
    LivePlanOptions options;
    options.live = liveKeyStats && snapshot.has_value();
    options.snapshot = snapshot;
    options.inspect = inspect;
    options.samplePerTable = snapshot.has_value() ? samplePerTable : 0;
    const LivePlanResult run = runLivePlan(configPath, config, request, options, job);
    Result r;
    r.notes = run.notes;
    r.noteTexts = run.noteTexts;
    if (!run.error.isEmpty())
        r.outcome.error = run.error;
    else if (!run.plan)
        r.outcome.error = run.planError;
    else
        r.outcome.plan = run.plan;
    return r;
}

void PlanWorker::start(const QString &configPath, const ShardingConfig &config,
                       const std::optional<ClusterSnapshot> &snapshot, const PlanRequest &request,
                       bool liveKeyStats, const InspectionOptions &inspect, int samplePerTable)
{
    // A newer request supersedes a running one (its result is dropped by the runner).
    m_runner->start(
        [configPath, config, snapshot, request, liveKeyStats, inspect, samplePerTable](JobControl &job) {
            return planNow(configPath, config, snapshot, request, liveKeyStats, inspect, &job, samplePerTable);
        },
        [this](const Result &r) { emit finished(r.outcome, CoreText::render(r.notes, r.noteTexts)); });
}

void PlanWorker::cancel()
{
    m_runner->cancel();
}

} // namespace sp::ui
