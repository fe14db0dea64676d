#include "ScreenshotTour.h"

#include "ui/AppContext.h"
#include "ui/MainWindow.h"
#include "ui/migration/RunController.h"
#include "ui/migration/RunPanel.h"
#include "ui/health/HealthController.h"
#include "ui/pages/HealthPage.h"
#include "ui/pages/MigrationPage.h"
#include "ui/pages/PlanningPage.h"
#include "ui/planning/ExpansionWizard.h"
#include "ui/planning/TargetPage.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QPixmap>
#include <QPushButton>
#include <QTimer>

#include <cstdio>
#include <iterator>

ScreenshotTour::ScreenshotTour(sp::ui::MainWindow *window, const QString &dir, QObject *parent)
    : QObject(parent), m_window(window), m_dir(dir)
{
}

void ScreenshotTour::start(int settleMs)
{
    QDir().mkpath(m_dir);
    m_todo = m_window->pageIds();
    m_todo.removeAll(QStringLiteral("migration")); // shot after the wizard, with its plan
    // The dashboard right after the welcome page: its inspection feeds the pages after it.
    if (m_todo.removeAll(QStringLiteral("dashboard")) > 0)
        m_todo.insert(std::min<qsizetype>(1, m_todo.size()), QStringLiteral("dashboard"));
    QTimer::singleShot(settleMs, this, &ScreenshotTour::waitForConfig);
}

// A config given on the command line is open already; the sandbox one arrives when it is up.
void ScreenshotTour::waitForConfig()
{
    if (!m_window)
        return;
    if (!m_window->context()->hasConfig() && m_waitedMs < m_snapshotTimeoutMs * 3) {
        m_waitedMs += 500;
        QTimer::singleShot(500, this, &ScreenshotTour::waitForConfig);
        return;
    }
    visitNext();
}

void ScreenshotTour::visitNext()
{
    if (!m_window) {
        QCoreApplication::exit(1);
        return;
    }
    if (m_todo.isEmpty()) {
        if (m_current == QLatin1String("migration") && !m_runStarted && startRun())
            return;
        if (m_current == QLatin1String("migration") || !m_window->context()->load().ok()) {
            QCoreApplication::exit(m_failures == 0 ? 0 : 1);
            return;
        }
        startWizard();
        return;
    }
    m_current = m_todo.takeFirst();
    m_waitedMs = 0;
    m_window->showPage(m_current);
    // The dashboard inspects on Refresh; ask once so the data pages have a snapshot to show.
    if (m_current == QLatin1String("dashboard") && !m_window->context()->snapshot())
        QMetaObject::invokeMethod(m_window->page(m_current), "refresh");
    QTimer::singleShot(800, this, &ScreenshotTour::grabCurrent);
}

void ScreenshotTour::grabCurrent()
{
    if (!m_window)
        return;
    // Only the dashboard waits: it starts the inspection; pages after it show the same snapshot.
    // The planning page compares the strategies on a worker: wait for its result.
    if (auto *planning = qobject_cast<sp::ui::PlanningPage *>(m_window->page(m_current));
        planning && (planning->isBusy() || !planning->report()) && m_waitedMs < qMax(m_snapshotTimeoutMs, 90000)) {
        m_waitedMs += 500;
        QTimer::singleShot(500, this, &ScreenshotTour::grabCurrent);
        return;
    }
    // The health page samples every few seconds: wait for three samples of every server, so the
    // sparklines and rates have something to show (a server that never answers is shown down).
    if (auto *health = qobject_cast<sp::ui::HealthPage *>(m_window->page(m_current));
        health && m_waitedMs < qMin(m_snapshotTimeoutMs, 30000)) {
        bool ready = true;
        for (const sp::ui::HealthRow &r : health->controller()->rows())
            ready = ready && r.points.size() >= 3;
        if (!ready) {
            m_waitedMs += 500;
            QTimer::singleShot(500, this, &ScreenshotTour::grabCurrent);
            return;
        }
        if (!health->controller()->rows().isEmpty())
            health->selectDataSource(health->controller()->rows().constFirst().dataSource);
    }
    const bool needsData = m_current == QLatin1String("dashboard");
    const bool hasData = m_window->context()->snapshot().has_value();
    const bool canHaveData = !m_window->context()->config().dataSources.isEmpty();
    if (needsData && canHaveData && !hasData && m_waitedMs < m_snapshotTimeoutMs) {
        m_waitedMs += 500;
        QTimer::singleShot(500, this, &ScreenshotTour::grabCurrent);
        return;
    }
    save(m_window->window(), m_current);
    visitNext();
}

bool ScreenshotTour::save(QWidget *widget, const QString &name)
{
    const QString path = QDir(m_dir).filePath(name + QStringLiteral(".png"));
    const QPixmap shot = widget->grab();
    if (shot.isNull() || !shot.save(path)) {
        std::fprintf(stderr, "shardpilot: cannot save %s\n", qPrintable(path));
        ++m_failures;
        return false;
    }
    std::fprintf(stdout, "%s\n", qPrintable(path));
    return true;
}

void ScreenshotTour::startWizard()
{
    m_wizard = m_window->createExpansionWizard();
    m_wizard->resize(1100, 760);
    m_wizard->show();
    m_wizardStep = 0;
    m_waitedMs = 0;
    m_counting = false;
    QTimer::singleShot(800, this, &ScreenshotTour::wizardStep);
}

// One wizard page per call: advance, wait for the plan (and exact counts) where needed, grab.
void ScreenshotTour::wizardStep()
{
    using W = sp::ui::ExpansionWizard;
    static const struct
    {
        W::PageId id;
        const char *name;
    } pages[] = {{W::StrategyPageId, "wizard-1-strategy"}, {W::TargetPageId, "wizard-2-target"},
                 {W::MovesPageId, "wizard-3-moves"},       {W::WarningsPageId, "wizard-4-warnings"},
                 {W::ExportPageId, "wizard-5-export"}};
    if (!m_wizard) {
        ++m_failures;
        visitNext();
        return;
    }
    if (m_wizardStep >= int(std::size(pages))) {
        finishWizard();
        return;
    }
    const auto &page = pages[m_wizardStep];
    auto retry = [this] {
        if (m_waitedMs >= qMax(m_snapshotTimeoutMs, 90000)) {
            std::fprintf(stderr, "shardpilot: the wizard did not reach its page in time\n");
            ++m_failures;
            finishWizard();
            return;
        }
        m_waitedMs += 500;
        QTimer::singleShot(500, this, &ScreenshotTour::wizardStep);
    };
    if (!m_wizard->advanceTo(page.id) || m_wizard->isPlanning()) {
        retry();
        return;
    }
    if (auto *target = qobject_cast<sp::ui::TargetPage *>(m_wizard->currentPage()); target && target->isGuessing()) {
        retry(); // the url table fills from the planner's guess
        return;
    }
    if (page.id == W::MovesPageId && m_window->context()->snapshot()) {
        // With a live cluster, show exact counts: press "Count exactly" once and wait for it.
        auto *count = m_wizard->findChild<QPushButton *>(QStringLiteral("movesCountExactly"));
        if (count && !m_counting && count->isEnabled()) {
            m_counting = true;
            count->click();
            retry();
            return;
        }
        bool counted = false;
        if (m_wizard->plan())
            for (const auto &t : m_wizard->plan()->tables)
                for (const auto &p : t.pairs)
                    counted = counted || p.exactRows.has_value();
        if (m_counting && !counted) {
            retry();
            return;
        }
    }
    save(m_wizard, QLatin1String(page.name));
    ++m_wizardStep;
    m_waitedMs = 0;
    QTimer::singleShot(600, this, &ScreenshotTour::wizardStep);
}

void ScreenshotTour::finishWizard()
{
    if (m_wizard) {
        m_wizard->setHandOff(true);
        m_wizard->accept(); // hands the plan to the migration page (when there is one)
    }
    m_todo = QStringList{QStringLiteral("migration")};
    QTimer::singleShot(500, this, &ScreenshotTour::visitNext);
}

// After the plan's shot, on a sandbox (a cluster of its own, never a real one): a run of the plan
// in <sandbox>/runs, continued to T3 (copy and catch-up; nothing that stops writes), then the
// timeline is shot as migration-run.png.
bool ScreenshotTour::startRun()
{
    m_runStarted = true;
    auto *page = qobject_cast<sp::ui::MigrationPage *>(m_window->page(QStringLiteral("migration")));
    const auto &plan = m_window->context()->plan();
    const QString configDir = QFileInfo(m_window->context()->configPath()).absolutePath();
    if (!page || !plan || plan->strategy == sp::planning::StrategyId::DualMaster ||
        !QFileInfo::exists(configDir + QStringLiteral("/sandbox.json")))
        return false;
    sp::ui::RunPanel *panel = page->runPanel();
    connect(panel, &sp::ui::RunPanel::createFailed, this, [this](const QString &error) {
        std::fprintf(stderr, "shardpilot: cannot create a run for the timeline shot: %s\n", qPrintable(error));
        ++m_failures;
        QCoreApplication::exit(1);
    });
    connect(panel, &sp::ui::RunPanel::runCreated, this, [this] { QTimer::singleShot(1000, this, &ScreenshotTour::runStep); });
    sp::migration::RunSpec options;
    options.observeSec = 0;
    options.runId = sp::migration::newRunId();
    m_waitedMs = 0;
    panel->createRun(configDir + QStringLiteral("/runs/") + options.runId, options);
    return true;
}

void ScreenshotTour::runStep()
{
    auto *page = m_window ? qobject_cast<sp::ui::MigrationPage *>(m_window->page(QStringLiteral("migration"))) : nullptr;
    if (!page) {
        QCoreApplication::exit(1);
        return;
    }
    sp::ui::RunController *run = page->runPanel()->controller();
    m_waitedMs += 1000;
    if (m_waitedMs > 480000) {
        std::fprintf(stderr, "shardpilot: the run did not reach T3 in time\n");
        ++m_failures;
        QCoreApplication::exit(1);
        return;
    }
    if (!run->state() || run->isReading()) {
        QTimer::singleShot(1000, this, &ScreenshotTour::runStep);
        return;
    }
    if (!m_runContinued) {
        QString error;
        if (!run->continueTo(sp::migration::Step::T3, false, QString(), &error)) {
            std::fprintf(stderr, "shardpilot: cannot continue the run: %s\n", qPrintable(error));
            ++m_failures;
            QCoreApplication::exit(1);
            return;
        }
        m_runContinued = true;
        QTimer::singleShot(1000, this, &ScreenshotTour::runStep);
        return;
    }
    if (run->engineRunning() || run->state()->locked) {
        QTimer::singleShot(1000, this, &ScreenshotTour::runStep);
        return;
    }
    save(m_window->window(), QStringLiteral("migration-run"));
    QCoreApplication::exit(m_failures == 0 ? 0 : 1);
}
