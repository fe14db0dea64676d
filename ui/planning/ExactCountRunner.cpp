#include "ui/planning/ExactCountRunner.h"

#include "core/cluster/QueryRegistry.h"
#include "core/job/Job.h"

namespace sp::ui {

using namespace sp::planning;

namespace {
struct CountOutcome
{
    ExpansionPlan plan;
    ExactCountResult result;
};
} // namespace

ExactCountRunner::ExactCountRunner(QObject *parent) : QObject(parent), m_runner(new JobRunner(this))
{
    connect(m_runner, &JobRunner::progress, this,
            [this](qint64 done, qint64 total, const QString &) { emit progress(int(done), int(total)); });
    connect(m_runner, &JobRunner::cancelled, this, &ExactCountRunner::cancelled);
}

ExactCountRunner::~ExactCountRunner() = default;

bool ExactCountRunner::isRunning() const
{
    return m_runner->isRunning();
}

void ExactCountRunner::start(const ExpansionPlan &plan, const ShardingConfig &oldConfig,
                             const InspectionOptions &options)
{
    cancel();
    m_runner->start(
        [plan, oldConfig, options](JobControl &job) {
            CountOutcome o;
            o.plan = plan;
            // Cancel kills the COUNT(*) in flight on the server, not only the next one.
            auto registry = std::make_shared<QueryRegistry>();
            CancelHookGuard hook(&job, [registry] { QueryRegistry::cancelInBackground(registry); });
            o.result = ExactCounter::run(
                o.plan, oldConfig, options, &job.cancelFlag(), [&job](int done, int total) { job.progress(done, total); },
                registry.get());
            return o;
        },
        [this](const CountOutcome &o) { emit finished(o.plan, o.result); });
}

void ExactCountRunner::cancel()
{
    m_runner->cancel(); // emits cancelled() when a count was running
}

} // namespace sp::ui
