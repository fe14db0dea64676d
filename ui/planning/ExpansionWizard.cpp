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

#include <QGuiApplication>
#include <QScreen>

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
    fitToScreen(parent);

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

void ExpansionWizard::fitToScreen(QWidget *parent)
{
    const QScreen *screen = parent ? parent->screen() : QGuiApplication::primaryScreen();
    fitTo(screen ? screen->availableGeometry() : QRect(0, 0, 1016, 808), parent);
}

void ExpansionWizard::fitTo(const QRect &room, QWidget *parent)
{
    // 1000x760 where there is room; on a small screen (1024x640) the window fits it, so Back, Next
    // and Finish stay on the screen: the pages scroll or wrap below their preferred size. Room is
    // left for the frame and title bar the window manager adds.
    const QSize size(qMin(1000, room.width() - 24), qMin(760, room.height() - 48));
    resize(size.expandedTo(minimumSizeHint()));
    // Over the parent, moved into the room, frame included (once shown the window manager's frame
    // is known; before, a title bar's height and a few pixels of side border are kept free: a
    // 1000 px window centred over a 1024 px wide parent went off the screen by its frame).
    const QSize decoration = isVisible() ? frameGeometry().size() - geometry().size() : QSize(8, 40);
    QRect frame(QPoint(), this->size() + decoration.expandedTo(QSize(0, 30)));
    frame.moveCenter(parent ? parent->geometry().center() : room.center());
    frame.moveTop(qMax(room.top(), qMin(frame.top(), room.bottom() + 1 - frame.height())));
    frame.moveLeft(qMax(room.left(), qMin(frame.left(), room.right() + 1 - frame.width())));
    move(frame.topLeft());
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
