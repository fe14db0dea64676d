#include "ui/planning/ExpansionWizard.h"

#include "core/planning/PlanChecks.h"
#include "ui/AppContext.h"
#include "ui/CoreText.h"
#include "ui/planning/ExportPage.h"
#include "ui/planning/MovesPage.h"
#include "ui/planning/PlanWorker.h"
#include "ui/planning/StrategyPage.h"
#include "ui/planning/TargetPage.h"
#include "ui/planning/WarningsPage.h"

namespace sp::ui {

using namespace sp::planning;

ExpansionWizard::ExpansionWizard(AppContext *ctx, QWidget *parent)
    : QWizard(parent), m_ctx(ctx), m_strategyPage(new StrategyPage(this)), m_targetPage(new TargetPage(this)),
      m_worker(new PlanWorker(this)), m_inspect(ctx->inspectionOptions())
{
    setObjectName(QStringLiteral("expansionWizard"));
    setWindowTitle(tr("Plan an expansion"));
    setWizardStyle(QWizard::ClassicStyle);
    setOption(QWizard::NoBackButtonOnStartPage);
    setOption(QWizard::HaveHelpButton, false);
    setPage(StrategyPageId, m_strategyPage);
    setPage(TargetPageId, m_targetPage);
    setPage(MovesPageId, new MovesPage(this));
    setPage(WarningsPageId, new WarningsPage(this));
    setPage(ExportPageId, new ExportPage(this));
    setStartId(StrategyPageId);
    resize(1000, 760);

    // A plan of another config would be wrong: close (the operator reopens it for the new one).
    connect(m_ctx, &AppContext::configChanged, this, &ExpansionWizard::reject);
    connect(m_worker, &PlanWorker::finished, this,
            [this](const PlanOutcome &outcome, const QStringList &notes) {
                m_planNotes = notes;
                if (outcome.plan) {
                    m_plan = outcome.plan;
                    m_planError.clear();
                    emit planBuilt();
                } else {
                    m_plan.reset();
                    m_planned.reset();
                    m_planError = outcome.error.isEmpty()
                                      ? tr("planning failed")
                                      : CoreText::render(outcome.error, outcome.errorText);
                    emit planFailed(m_planError);
                }
            });
}

ExpansionWizard::~ExpansionWizard()
{
    m_worker->cancel();
}

PlanRequest ExpansionWizard::request() const
{
    PlanRequest rq = m_targetPage->request(m_strategyPage->strategy());
    rq.rowLimit = m_ctx->rowLimit();
    return rq;
}

bool ExpansionWizard::isPlanning() const
{
    return m_worker->isRunning();
}

void ExpansionWizard::ensurePlan()
{
    const PlanRequest rq = request();
    const QDateTime snapshotAt = m_ctx->snapshot() ? m_ctx->snapshot()->takenAt : QDateTime();
    const int sample = m_ctx->snapshot() ? m_sampleRows : 0;
    if (m_planned && *m_planned == rq && m_plannedSnapshotAt == snapshotAt && m_plannedSample == sample
        && (m_plan || m_worker->isRunning()))
        return;
    m_plannedSnapshotAt = snapshotAt;
    m_plannedSample = sample;
    m_plan.reset();
    m_planError.clear();
    m_planned = rq;
    emit planningStarted();
    m_planNotes.clear();
    m_worker->start(m_ctx->configPath(), m_ctx->config(), m_ctx->snapshot(), rq, /*liveKeyStats=*/true,
                    m_inspect, sample);
}

void ExpansionWizard::setCountedPlan(const ExpansionPlan &plan)
{
    m_plan = plan;
    // The capacity note was made from estimates: make it again from the exact counts.
    PlanInput input;
    input.config = m_ctx->config();
    input.snapshot = m_ctx->snapshot();
    input.request = plan.request;
    input.request.rowLimit = m_ctx->rowLimit();
    PlanChecks::refreshCapacity(input, &*m_plan);
    emit planBuilt();
}

bool ExpansionWizard::advanceTo(PageId id)
{
    if (!isVisible())
        show();
    while (currentId() != id) {
        const int before = currentId();
        if (before > int(id)) {
            back();
        } else {
            if (!currentPage() || !currentPage()->isComplete())
                return false; // what the disabled Next button says
            next();
        }
        if (currentId() == before)
            return false;
    }
    return true;
}

void ExpansionWizard::reject()
{
    m_worker->cancel(); // a running job finishes unseen
    QWizard::reject();
}

} // namespace sp::ui
