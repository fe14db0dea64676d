#include "ui/MainWindow.h"

#include "core/cluster/BuildInfo.h"
#include "core/cluster/KeychainSecretStore.h"
#include "core/config/ConfigLoader.h"
#include "core/config/TextFile.h"
#include "ui/AppContext.h"
#include "ui/ConfigReader.h"
#include "ui/ConfigWatcher.h"
#include "ui/CoreText.h"
#include "ui/Diagnostics.h"
#include "ui/KeychainDialog.h"
#include "ui/Settings.h"
#include "ui/SettingsDialog.h"
#include "ui/export/ExportController.h"
#include "ui/health/HealthGrid.h"
#include "ui/migration/RunPanel.h"
#include "ui/pages/HealthPage.h"
#include "ui/pages/MigrationPage.h"
#include "ui/pages/PlanningPage.h"
#include "ui/pages/RoutingPage.h"
#include "ui/pages/TopologyPage.h"
#include "ui/pages/WelcomePage.h"
#include "ui/planning/ExpansionWizard.h"

// Pages built in parallel by the dashboard/history/editor work: included when present.
#if __has_include("ui/pages/DashboardPage.h")
#include "ui/pages/DashboardPage.h"
#define SP_HAVE_DASHBOARD 1
#endif
#if __has_include("ui/pages/HistoryPage.h")
#include "ui/pages/HistoryPage.h"
#define SP_HAVE_HISTORY 1
#endif
#if __has_include("ui/pages/EditorPage.h")
#include "ui/pages/EditorPage.h"
#define SP_HAVE_EDITOR 1
#endif

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QPainter>
#include <QScreen>
#include <QScrollArea>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>

namespace sp::ui {

MainWindow::MainWindow(QWidget *parent, std::unique_ptr<Settings> settings)
    : QMainWindow(parent), m_settings(settings ? std::move(settings) : std::make_unique<Settings>()),
      m_ctx(new AppContext(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("ShardPilot"));
    resize(1280, 820);
    m_ctx->setPreferences(m_settings->rowLimit(), m_settings->refreshIntervalSeconds());
    m_export = new ExportController(m_ctx, this, this);
    m_export->setRowLimit(m_settings->rowLimit());
    connect(m_export, &ExportController::message, this, [this](const QString &m) {
        statusBar()->showMessage(m, 10000);
    });

    auto *central = new QWidget(this);
    auto *row = new QHBoxLayout(central);
    row->setContentsMargins(0, 0, 0, 0);
    m_nav = new QListWidget(central);
    m_nav->setObjectName(QStringLiteral("navigation"));
    m_nav->setIconSize(QSize(22, 22));
    m_nav->setSpacing(3);
    m_nav->setUniformItemSizes(true);
    m_stack = new QStackedWidget(central);
    m_stack->setObjectName(QStringLiteral("pages"));
    row->addWidget(m_nav);
    row->addWidget(m_stack, 1);
    setCentralWidget(central);
    connect(m_nav, &QListWidget::currentRowChanged, m_stack, &QStackedWidget::setCurrentIndex);

    QStyle *st = style();
    m_welcome = new WelcomePage(m_ctx, m_stack);
    m_welcome->setSandboxDir(m_settings->sandboxDir());
    addPage(QStringLiteral("welcome"), tr("Welcome"), m_welcome, st->standardIcon(QStyle::SP_DirHomeIcon));
    addPage(QStringLiteral("topology"), tr("Topology"), new TopologyPage(m_ctx, m_stack),
            st->standardIcon(QStyle::SP_DriveNetIcon));
#ifdef SP_HAVE_DASHBOARD
    addPage(QStringLiteral("dashboard"), tr("Dashboard"), new DashboardPage(m_ctx, m_stack),
            st->standardIcon(QStyle::SP_ComputerIcon));
#else
    addPage(QStringLiteral("dashboard"), tr("Dashboard"), missingPage(tr("Dashboard"), m_stack),
            st->standardIcon(QStyle::SP_ComputerIcon));
#endif
#ifdef SP_HAVE_HISTORY
    auto *history = new HistoryPage(m_ctx, m_stack);
    addPage(QStringLiteral("history"), tr("History"), history,
            st->standardIcon(QStyle::SP_FileDialogContentsView));
#else
    addPage(QStringLiteral("history"), tr("History"), missingPage(tr("History"), m_stack),
            st->standardIcon(QStyle::SP_FileDialogContentsView));
#endif
    addPage(QStringLiteral("routing"), tr("Routing"), new RoutingPage(m_ctx, m_stack),
            st->standardIcon(QStyle::SP_ArrowForward));
#ifdef SP_HAVE_EDITOR
    addPage(QStringLiteral("editor"), tr("Editor"), new EditorPage(m_ctx, m_stack),
            st->standardIcon(QStyle::SP_FileDialogDetailedView));
#else
    addPage(QStringLiteral("editor"), tr("Editor"), missingPage(tr("Editor"), m_stack),
            st->standardIcon(QStyle::SP_FileDialogDetailedView));
#endif
    auto *planning = new PlanningPage(m_ctx, m_stack);
    connect(planning, &PlanningPage::wizardRequested, this, &MainWindow::openExpansionWizard);
    addPage(QStringLiteral("planning"), tr("Planning"), planning, st->standardIcon(QStyle::SP_FileDialogListView));
    auto *migrationPage = new MigrationPage(m_ctx, m_stack);
    addPage(QStringLiteral("migration"), tr("Migration"), migrationPage,
            st->standardIcon(QStyle::SP_BrowserReload));
    // Last, so the shortcuts of the pages before it stay as they were (Ctrl+9).
    m_health = new HealthPage(m_ctx, m_stack);
    m_health->setSettings(m_settings.get());
    addPage(QStringLiteral("health"), tr("Health"), m_health, st->standardIcon(QStyle::SP_MediaVolume));
    m_nav->setFixedWidth(std::max(150, m_nav->sizeHintForColumn(0) + 24));

    auto *dock = new QDockWidget(tr("Findings"), this);
    dock->setObjectName(QStringLiteral("findingsDock"));
    m_findings = new QListWidget(dock);
    m_findings->setObjectName(QStringLiteral("findingsList"));
    dock->setWidget(m_findings);
    addDockWidget(Qt::BottomDockWidgetArea, dock);
    resizeDocks({dock}, {110}, Qt::Vertical);

    connect(m_ctx, &AppContext::configChanged, this, &MainWindow::showFindings);
    connect(m_ctx, &AppContext::configChanged, this, &MainWindow::showConfigSummary);
    // One current config: whatever rewrites the open file (a run's switch or rollback, another
    // program) is followed by every page at once.
    m_configWatcher = new ConfigWatcher(m_ctx, this);
    m_configWatcher->followRun(migrationPage->runPanel()->controller());
    connect(
        m_configWatcher, &ConfigWatcher::reloaded, this, [this](const QString &path, int before, int after) {
            const QString name = QFileInfo(path).fileName();
            statusBar()->showMessage(
                before == after
                    ? tr("%1 changed on disk: every page shows it now (%n data source(s)).", nullptr, after)
                          .arg(name)
                    : tr("%1 changed on disk: every page shows it now, with %n data source(s) instead of %2.",
                         nullptr, after)
                          .arg(name)
                          .arg(before));
        });
    connect(m_health, &HealthPage::worstChanged, this, &MainWindow::showHealthVerdict);
    connect(m_health, &HealthPage::heatmapRequested, this, [this](const QString &dataSource) {
        showPage(QStringLiteral("dashboard"));
#ifdef SP_HAVE_DASHBOARD
        if (auto *dashboard = qobject_cast<DashboardPage *>(page(QStringLiteral("dashboard"))))
            dashboard->focusDataSource(dataSource);
#endif
    });
#ifdef SP_HAVE_DASHBOARD
    if (auto *dashboard = qobject_cast<DashboardPage *>(page(QStringLiteral("dashboard"))))
        connect(dashboard, &DashboardPage::healthRequested, this, [this](const QString &dataSource) {
            showPage(QStringLiteral("health"));
            m_health->selectDataSource(dataSource);
        });
#endif
#ifdef SP_HAVE_HISTORY
    // A red stretch of the History page opens its verdict changes on the Health page.
    connect(history, &HistoryPage::eventsRequested, this,
            [this](const QString &dataSource, const QDateTime &from, const QDateTime &to) {
                showPage(QStringLiteral("health"));
                m_health->showEvents(dataSource, from, to);
            });
#endif
    connect(m_health, &HealthPage::storeMonitorPasswordRequested, this, [this](const QString &user) {
        if (!m_ctx->hasConfig())
            return;
        // The keychain dialog of the config's servers, for the monitor account's name.
        ShardingConfig monitor = m_ctx->config();
        for (DataSourceDef &ds : monitor.dataSources)
            ds.username = user;
        auto *dialog = new KeychainDialog(monitor, m_keychain, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    connect(m_ctx, &AppContext::runDirChanged, this, [this] {
        if (m_ctx->hasConfig())
            m_settings->setRunFor(m_ctx->configPath(), m_ctx->runDir());
    });
    connect(m_welcome, &WelcomePage::openRequested, this, &MainWindow::openConfig);
    connect(m_welcome, &WelcomePage::openDialogRequested, this, &MainWindow::chooseConfig);
    connect(m_welcome, &WelcomePage::sandboxReady, this, [this](const QString &path) {
        if (openConfig(path))
            showPage(QStringLiteral("dashboard"));
    });

    createMenus();
    refreshRecentFiles();
    // Where it was closed (maximized too). A first start fits the screen it opens on: the default
    // size is larger than a 1024x640 screen, and a window taller than its screen hides its status bar.
    if (!restoreGeometry(m_settings->windowGeometry())) {
        if (const QScreen *screen = this->screen()) {
            const QRect area = screen->availableGeometry();
            resize(size().boundedTo(area.size() * 0.92));
            move(area.center() - rect().center());
        }
    }
    restoreState(m_settings->windowState());
    m_nav->setCurrentRow(0);
    statusBar()->showMessage(tr("Open a sharding YAML to begin (Ctrl+O)."));
}

MainWindow::~MainWindow()
{
    // The pages are children, destroyed after this window's members (settings, keychain): stop
    // the health pollers first so that none of their threads outlives what it was given.
    m_health->controller()->stop();
}

void MainWindow::showFindings()
{
    // One source of truth: the loader's and the linter's findings the AppContext holds, refreshed
    // whenever a config is published (opened here, or saved by the editor).
    m_findings->clear();
    for (const Diagnostics *list : {&m_ctx->load().diagnostics, &m_ctx->lintFindings()}) {
        for (const Diagnostic &d : *list) {
            const auto icon = d.severity == Severity::Error     ? QStyle::SP_MessageBoxCritical
                              : d.severity == Severity::Warning ? QStyle::SP_MessageBoxWarning
                                                                : QStyle::SP_MessageBoxInformation;
            auto *item = new QListWidgetItem(style()->standardIcon(icon), CoreText::line(d), m_findings);
            if (!d.hint.isEmpty())
                item->setToolTip(CoreText::hint(d));
        }
    }
}

void MainWindow::showHealthVerdict(health::Verdict worst)
{
    // The cluster's worst verdict in the title and on the navigation's Health entry.
    const QString base = m_titleBase.isEmpty() ? tr("ShardPilot") : m_titleBase;
    const bool known = worst != health::Verdict::Unknown && m_ctx->hasConfig();
    setWindowTitle(known ? tr("%1 — health: %2").arg(base, HealthGrid::verdictText(worst)) : base);
    const int row = int(m_pageIds.indexOf(QStringLiteral("health")));
    QListWidgetItem *item = row >= 0 ? m_nav->item(row) : nullptr;
    if (!item)
        return;
    if (!known) {
        item->setText(tr("Health"));
        item->setIcon(style()->standardIcon(QStyle::SP_MediaVolume));
        item->setToolTip(QString());
        return;
    }
    QPixmap dot(22, 22);
    dot.fill(Qt::transparent);
    {
        QPainter p(&dot);
        p.setRenderHint(QPainter::Antialiasing);
        p.setPen(Qt::NoPen);
        p.setBrush(HealthGrid::verdictColor(worst));
        p.drawEllipse(QRectF(3, 3, 16, 16));
    }
    item->setIcon(QIcon(dot));
    item->setText(tr("Health (%1)").arg(HealthGrid::verdictText(worst)));
    item->setToolTip(tr("The worst verdict of the cluster's servers: %1").arg(HealthGrid::verdictText(worst)));
}

void MainWindow::addPage(const QString &id, const QString &title, QWidget *page, const QIcon &icon)
{
    m_pageIds << id;
    // On a small screen a page scrolls instead of forcing the window past the screen's edge.
    auto *scroll = new QScrollArea(m_stack);
    scroll->setObjectName(QStringLiteral("pageScroll_") + id);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setWidget(page);
    m_stack->addWidget(scroll);
    auto *item = new QListWidgetItem(icon, title, m_nav);
    item->setData(Qt::UserRole, id);
}

QWidget *MainWindow::page(const QString &id) const
{
    const int i = int(m_pageIds.indexOf(id));
    const auto *scroll = i < 0 ? nullptr : qobject_cast<QScrollArea *>(m_stack->widget(i));
    return scroll ? scroll->widget() : nullptr;
}

void MainWindow::showPage(const QString &id)
{
    const int i = int(m_pageIds.indexOf(id));
    if (i >= 0)
        m_nav->setCurrentRow(i);
}

QString MainWindow::currentPageId() const
{
    return m_pageIds.value(m_stack->currentIndex());
}

void MainWindow::createMenus()
{
    auto *file = menuBar()->addMenu(tr("&File"));
    auto *open = file->addAction(tr("&Open config…"), this, &MainWindow::chooseConfig);
    open->setObjectName(QStringLiteral("actionOpen"));
    open->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_O));
    auto *openPlanAction = file->addAction(tr("Open &plan…"), this, &MainWindow::choosePlan);
    openPlanAction->setObjectName(QStringLiteral("actionOpenPlan"));
    openPlanAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    m_recentMenu = file->addMenu(tr("Open &recent"));
    m_recentMenu->setObjectName(QStringLiteral("menuRecent"));
    auto *sandbox = file->addAction(tr("Start local &sandbox"), this, &MainWindow::openSandbox);
    sandbox->setObjectName(QStringLiteral("actionSandbox"));
    file->addSeparator();
    auto *exp = file->addMenu(tr("&Export"));
    exp->setObjectName(QStringLiteral("menuExport"));
    const struct
    {
        ExportController::Kind kind;
        QString text;
        const char *name;
    } exports[] = {
        {ExportController::Kind::Config, tr("Config (YAML, passwords redacted)…"), "actionExportConfig"},
        {ExportController::Kind::RoutingJson, tr("Routing table (JSON)…"), "actionExportRouting"},
        {ExportController::Kind::StatsCsv, tr("Statistics (CSV)…"), "actionExportCsv"},
        {ExportController::Kind::HtmlReport, tr("Report (HTML)…"), "actionExportHtml"},
        {ExportController::Kind::PdfReport, tr("Report (PDF)…"), "actionExportPdf"},
    };
    for (const auto &e : exports) {
        const auto kind = e.kind;
        auto *a = exp->addAction(e.text, this, [this, kind] { m_export->run(kind); });
        a->setObjectName(QLatin1String(e.name));
    }
    file->addSeparator();
    auto *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setObjectName(QStringLiteral("actionQuit"));
    quit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    for (int i = 0; i < m_nav->count(); ++i) {
        auto *a = m_viewMenu->addAction(m_nav->item(i)->icon(), m_nav->item(i)->text(), this,
                                        [this, i] { m_nav->setCurrentRow(i); });
        a->setObjectName(QStringLiteral("actionPage_") + m_pageIds.at(i));
        if (i < 9)
            a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
    }
    m_viewMenu->addSeparator();
    if (auto *dock = findChild<QDockWidget *>(QStringLiteral("findingsDock")))
        m_viewMenu->addAction(dock->toggleViewAction());

    auto *plan = menuBar()->addMenu(tr("&Plan"));
    plan->setObjectName(QStringLiteral("menuPlan"));
    auto *wizard = plan->addAction(tr("&Expansion wizard…"), this, &MainWindow::openExpansionWizard);
    wizard->setObjectName(QStringLiteral("actionExpansionWizard"));
    wizard->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));

    auto *tools = menuBar()->addMenu(tr("&Tools"));
    auto *storePassword = tools->addAction(tr("Store &password in keychain…"), this, &MainWindow::storePasswordInKeychain);
    storePassword->setObjectName(QStringLiteral("actionStorePassword"));
    auto *settings = tools->addAction(tr("&Settings…"), this, &MainWindow::showSettings);
    settings->setObjectName(QStringLiteral("actionSettings"));
    settings->setMenuRole(QAction::PreferencesRole);

    auto *help = menuBar()->addMenu(tr("&Help"));
    auto *diagnostics = help->addAction(tr("Copy &diagnostics"), this, &MainWindow::copyDiagnostics);
    diagnostics->setObjectName(QStringLiteral("actionCopyDiagnostics"));
    diagnostics->setToolTip(tr("Copy versions, server versions and the paths in use (no secrets) to the clipboard"));
    help->addSeparator();
    auto *about = help->addAction(tr("&About ShardPilot"), this, &MainWindow::showAbout);
    about->setObjectName(QStringLiteral("actionAbout"));
    about->setMenuRole(QAction::AboutRole);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::chooseConfig()
{
    const QString start = m_settings->recentFiles().isEmpty()
        ? QString()
        : QFileInfo(m_settings->recentFiles().constFirst()).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open sharding config"), start,
                                                      tr("YAML files (*.yaml *.yml);;All files (*)"));
    if (!path.isEmpty())
        openConfig(path);
}

bool MainWindow::openConfig(const QString &path)
{
    m_ctx->setCredentials(credentialsFor(path));
    const ConfigRead read = readConfigFile(path);
    // The findings dock and the status bar's summary follow through configChanged.
    m_ctx->setConfig(path, read.load, read.lint, read.sha256);
    if (QFileInfo::exists(path)) {
        m_settings->addRecentFile(QFileInfo(path).absoluteFilePath());
        refreshRecentFiles();
    }
    m_titleBase = tr("ShardPilot — %1").arg(QFileInfo(path).fileName());
    showHealthVerdict(m_health->worst());
    if (currentPageId() == QLatin1String("welcome"))
        showPage(QStringLiteral("topology"));
    // The plan last opened for this config comes back with it (after a restart too).
    const QString planPath = m_settings->planFor(path);
    if (!planPath.isEmpty()) {
        QString error;
        const TextFileResult file = readTextFile(planPath, 64 * 1024 * 1024);
        const std::optional<planning::ExpansionPlan> plan =
            file.ok() ? planning::ExpansionPlan::fromJsonBytes(file.bytes, &error) : std::nullopt;
        if (plan)
            m_ctx->setPlan(*plan);
        else
            m_settings->setPlanFor(path, {}); // gone or no longer a plan: forget it
    }
    // So does the migration run followed for it: the migration page shows it where it is (running
    // here or in a `shardctl migrate run`, interrupted, or stopped at a gate).
    const QString runDir = m_settings->runFor(path);
    if (!runDir.isEmpty()) {
        if (QFileInfo::exists(runDir + QStringLiteral("/run.json"))) {
            m_ctx->setRunDir(runDir);
            statusBar()->showMessage(tr("Migration run %1 reopened: see the Migration page.").arg(runDir), 10000);
        } else {
            m_settings->setRunFor(path, {}); // removed: forget it
        }
    }
    return read.load.ok();
}

void MainWindow::showConfigSummary()
{
    // Whenever a config is published (opened, saved by the editor, reloaded after a switch), so the
    // counts are those of the text every page shows.
    if (!m_ctx->hasConfig())
        return;
    statusBar()->showMessage(tr("%1: %2 logic table(s), %3 error(s), %4 warning(s)")
                                 .arg(QFileInfo(m_ctx->configPath()).fileName())
                                 .arg(m_ctx->config().tables.size())
                                 .arg(m_ctx->errorCount())
                                 .arg(m_ctx->warningCount()));
}

void MainWindow::choosePlan()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open plan"), QString(),
                                                      tr("Plans (plan.json *.json);;All files (*)"));
    if (!path.isEmpty() && !openPlan(path))
        QMessageBox::warning(this, tr("Open plan"), statusBar()->currentMessage());
}

bool MainWindow::openPlan(const QString &path)
{
    const TextFileResult file = readTextFile(path, 64 * 1024 * 1024);
    QString error = file.error;
    std::optional<planning::ExpansionPlan> plan;
    if (file.ok())
        plan = planning::ExpansionPlan::fromJsonBytes(file.bytes, &error);
    if (!plan) {
        statusBar()->showMessage(tr("%1 is not a plan: %2").arg(path, error));
        return false;
    }
    const QString source = QFileInfo(plan->sourcePath).absoluteFilePath();
    if (!plan->sourcePath.isEmpty() && source != QFileInfo(m_ctx->configPath()).absoluteFilePath() &&
        QFileInfo::exists(source))
        openConfig(source);
    m_ctx->setPlan(*plan);
    if (m_ctx->hasConfig())
        m_settings->setPlanFor(m_ctx->configPath(), path);
    showPage(QStringLiteral("migration"));
    statusBar()->showMessage(tr("Opened the plan %1.").arg(path), 5000);
    return true;
}

void MainWindow::openSandbox()
{
    showPage(QStringLiteral("welcome"));
    m_welcome->startSandbox();
}

ExpansionWizard *MainWindow::createExpansionWizard()
{
    auto *wizard = new ExpansionWizard(m_ctx, this);
    wizard->setAttribute(Qt::WA_DeleteOnClose);
    connect(wizard, &QDialog::accepted, this, [this, wizard] {
        if (wizard->plan() && wizard->handOff()) {
            m_ctx->setPlan(*wizard->plan());
            showPage(QStringLiteral("migration"));
        }
    });
    return wizard;
}

void MainWindow::openExpansionWizard()
{
    if (!m_ctx->hasConfig() || m_ctx->errorCount() > 0) {
        QMessageBox::information(this, tr("Plan an expansion"),
                                 tr("Open a sharding config without errors first (Ctrl+O)."));
        return;
    }
    createExpansionWizard()->open();
}

void MainWindow::refreshRecentFiles()
{
    const QStringList files = m_settings->recentFiles();
    m_welcome->setRecentFiles(files);
    m_recentMenu->clear();
    for (const QString &f : files)
        m_recentMenu->addAction(f, this, [this, f] { openConfig(f); });
    m_recentMenu->addSeparator();
    m_recentMenu->addAction(tr("Clear the list"), this, [this] {
        m_settings->clearRecentFiles();
        refreshRecentFiles();
    });
}

void MainWindow::showSettings()
{
    SettingsDialog dialog(m_settings.get(), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const bool languageChanged = dialog.apply();
    m_ctx->setPreferences(m_settings->rowLimit(), m_settings->refreshIntervalSeconds());
    m_export->setRowLimit(m_settings->rowLimit());
    m_welcome->setSandboxDir(m_settings->sandboxDir());
    if (languageChanged)
        QMessageBox::information(this, tr("Settings"), tr("Restart ShardPilot to use the new language."));
}

CredentialOptions MainWindow::credentialsFor(const QString &configPath) const
{
    CredentialOptions c;
    // A sandbox config (started from the welcome page or reopened later): its application
    // user's option file sits next to it. Per cluster: a second sandbox gets its own.
    const QDir dir = QFileInfo(configPath).dir();
    if (QFileInfo::exists(dir.filePath(QStringLiteral("sandbox.json"))) &&
        QFileInfo::exists(dir.filePath(QStringLiteral("app.cnf"))))
        c.defaultsFile = dir.filePath(QStringLiteral("app.cnf"));
    if (m_settings->useKeychain())
        c.secretStore = m_keychain;
    return c;
}

void MainWindow::storePasswordInKeychain()
{
    if (!m_ctx->hasConfig() || m_ctx->config().dataSources.isEmpty()) {
        QMessageBox::information(this, tr("Store password in keychain"), tr("Open a sharding config first (Ctrl+O)."));
        return;
    }
    auto *dialog = new KeychainDialog(m_ctx->config(), m_keychain, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

QString MainWindow::aboutText() const
{
    const BuildInfo info = buildInfo();
    QString servers;
    const QStringList lines = serverVersionLines(m_ctx);
    if (!lines.isEmpty())
        servers = tr("<p>Servers at the last refresh:<br>%1</p>").arg(lines.join(QStringLiteral("<br>")).toHtmlEscaped());
    QStringList components = versionLines(info).mid(1); // Qt, MariaDB Connector/C, yaml-cpp
    for (QString &c : components)
        c = c.toHtmlEscaped();
    return tr("<h3>ShardPilot %1</h3><p>Administration console for hash-sharded MySQL and "
              "MariaDB clusters: topology, skew, routing preview, expansion planning and "
              "export.</p>")
               .arg(info.version) +
        QStringLiteral("<p>") + components.join(QStringLiteral("<br>")) + QStringLiteral("</p>") + servers;
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About ShardPilot"), aboutText());
}

void MainWindow::copyDiagnostics()
{
    QGuiApplication::clipboard()->setText(diagnosticsText(m_ctx, m_settings.get()));
    statusBar()->showMessage(tr("Diagnostics copied to the clipboard."), 5000);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    // An engine step running in this console: closing asks it to pause and stops it (a killed
    // step is resumed from the journal by the next Continue or 'shardctl migrate run').
    if (auto *migration = qobject_cast<MigrationPage *>(page(QStringLiteral("migration")));
        migration && migration->isEngineRunning() &&
        QMessageBox::question(this, tr("Quit ShardPilot"),
                              tr("A migration step is running in this console. Quit anyway? The run is asked to "
                                 "pause and stops with the console; 'Continue' (here or 'shardctl migrate run') "
                                 "resumes it from its journal."),
                              QMessageBox::Yes | QMessageBox::No, QMessageBox::No) != QMessageBox::Yes) {
        event->ignore();
        return;
    }
    m_settings->setWindowGeometry(saveGeometry());
    m_settings->setWindowState(saveState());
    m_settings->sync();
    QMainWindow::closeEvent(event);
}

} // namespace sp::ui
