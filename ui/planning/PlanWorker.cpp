#include "ui/planning/PlanWorker.h"

#include "core/planning/PlanInputs.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

namespace sp::ui {

using namespace sp::planning;

PlanWorker::PlanWorker(QObject *parent) : QObject(parent) {}

PlanWorker::~PlanWorker() = default;

PlanWorker::Result PlanWorker::planNow(const QString &configPath, const ShardingConfig &config,
                                       const std::optional<ClusterSnapshot> &snapshot,
                                       const PlanRequest &request, bool liveKeyStats,
                                       const InspectionOptions &inspect)
{
    PlanInputOptions options;
    options.liveKeyStats = liveKeyStats && snapshot.has_value();
    options.inspect = inspect;
    Result r;
    QString error;
    const std::optional<PlanInput> in =
        buildPlanInput(configPath, config, snapshot, request, options, &error, &r.notes);
    if (!in) {
        r.outcome.error = error;
        return r;
    }
    r.outcome = makePlan(*in);
    return r;
}

void PlanWorker::start(const QString &configPath, const ShardingConfig &config,
                       const std::optional<ClusterSnapshot> &snapshot, const PlanRequest &request,
                       bool liveKeyStats, const InspectionOptions &inspect)
{
    const quint64 generation = ++m_generation;
    m_running = true;
    auto *watcher = new QFutureWatcher<Result>(this);
    connect(watcher, &QFutureWatcher<Result>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != m_generation)
            return; // stale: a newer request or a cancel came in meanwhile
        m_running = false;
        const Result r = watcher->result();
        emit finished(r.outcome, r.notes);
    });
    emit started();
    watcher->setFuture(QtConcurrent::run([configPath, config, snapshot, request, liveKeyStats, inspect] {
        return planNow(configPath, config, snapshot, request, liveKeyStats, inspect);
    }));
}

void PlanWorker::cancel()
{
    ++m_generation;
    m_running = false;
}

} // namespace sp::ui
