#include "ui/pages/HealthPage.h"

#include "core/cluster/StatsHistory.h"
#include "core/health/HealthHistory.h"
#include "core/health/HealthPoller.h"
#include "core/job/Job.h"
#include "ui/AppContext.h"
#include "ui/CoreText.h"
#include "ui/Settings.h"
#include "ui/health/HealthChart.h"
#include "ui/health/HealthController.h"
#include "ui/health/HealthEventModel.h"
#include "ui/health/HealthGrid.h"
#include "ui/health/HealthSettingsDialog.h"

#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace sp::ui {

using namespace sp::health;

HealthPage::HealthPage(AppContext *ctx, QWidget *parent)
    : QWidget(parent), m_ctx(ctx), m_controller(new HealthController(this)),
      m_eventReader(new JobRunner(this)), m_coalesce(new QTimer(this))
{
    setObjectName(QStringLiteral("healthPage"));
    m_status = new QLabel(tr("Open a sharding config to watch its servers."), this);
    m_status->setObjectName(QStringLiteral("healthStatus"));
    m_status->setWordWrap(true);
    m_start = new QPushButton(tr("Start sampling"), this);
    m_start->setObjectName(QStringLiteral("healthStart"));
    m_pause = new QPushButton(tr("Pause"), this);
    m_pause->setObjectName(QStringLiteral("healthPause"));
    m_pause->setCheckable(true);
    m_pause->setToolTip(tr("Freeze the picture for reading; samples are still taken and stored."));
    auto *settingsButton = new QPushButton(tr("Settings…"), this);
    settingsButton->setObjectName(QStringLiteral("healthSettings"));
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_status, 1);
    bar->addWidget(m_start);
    bar->addWidget(m_pause);
    bar->addWidget(settingsButton);

    m_notes = new QLabel(this);
    m_notes->setObjectName(QStringLiteral("healthNotes"));
    m_notes->setWordWrap(true);
    m_notes->setVisible(false);
    m_run = new QLabel(this);
    m_run->setObjectName(QStringLiteral("healthRun"));
    m_run->setWordWrap(true);
    m_run->setVisible(false);

    m_grid = new HealthGrid(this);
    m_gridScroll = new QScrollArea(this);
    m_gridScroll->setObjectName(QStringLiteral("healthGridScroll"));
    m_gridScroll->setWidgetResizable(true);
    m_gridScroll->setWidget(m_grid);
    m_gridScroll->setMinimumHeight(160);

    auto *detailPane = new QWidget(this);
    auto *detailLayout = new QVBoxLayout(detailPane);
    detailLayout->setContentsMargins(0, 0, 0, 0);
    m_details = new QLabel(tr("Select a data source for its details."), detailPane);
    m_details->setObjectName(QStringLiteral("healthDetails"));
    m_details->setWordWrap(true);
    m_details->setTextFormat(Qt::RichText);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_heatmap = new QPushButton(tr("Show its rows in the heatmap"), detailPane);
    m_heatmap->setObjectName(QStringLiteral("healthShowHeatmap"));
    m_heatmap->setEnabled(false);
    auto *left = new QVBoxLayout;
    left->addWidget(m_details, 1);
    left->addWidget(m_heatmap, 0, Qt::AlignLeft);
    m_chart = new HealthChart(detailPane);
    auto *detailRow = new QHBoxLayout;
    detailRow->addLayout(left, 2);
    detailRow->addWidget(m_chart, 3);
    detailLayout->addLayout(detailRow);

    // Verdict changes: the history's events of this cluster and the new ones.
    auto *eventPane = new QWidget(this);
    m_events = new HealthEventModel(this);
    m_eventFilter = new HealthEventFilter(this);
    m_eventFilter->setSourceModel(m_events);
    m_eventView = new QTableView(eventPane);
    m_eventView->setObjectName(QStringLiteral("healthEvents"));
    m_eventView->setModel(m_eventFilter);
    m_eventView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_eventView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_eventView->verticalHeader()->setVisible(false);
    m_eventView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_eventView->horizontalHeader()->setStretchLastSection(true);
    m_eventView->setWordWrap(false);
    m_eventScope = new QLabel(eventPane);
    m_eventScope->setObjectName(QStringLiteral("healthEventScope"));
    m_eventScope->setWordWrap(true);
    m_eventsAll = new QPushButton(tr("Show every change"), eventPane);
    m_eventsAll->setObjectName(QStringLiteral("healthEventsAll"));
    auto *scopeRow = new QHBoxLayout;
    scopeRow->addWidget(m_eventScope, 1);
    scopeRow->addWidget(m_eventsAll);
    auto *eventLayout = new QVBoxLayout(eventPane);
    eventLayout->setContentsMargins(0, 0, 0, 0);
    eventLayout->addLayout(scopeRow);
    eventLayout->addWidget(m_eventView, 1);

    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("healthTabs"));
    m_tabs->addTab(detailPane, tr("Details"));
    m_tabs->addTab(eventPane, tr("Verdict changes"));

    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("healthSplitter"));
    split->addWidget(m_gridScroll);
    split->addWidget(m_tabs);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_run);
    layout->addWidget(m_notes);
    layout->addWidget(split, 1);

    // Samples arrive one server at a time: one repaint for those of the same moment.
    m_coalesce->setSingleShot(true);
    m_coalesce->setInterval(100);
    connect(m_coalesce, &QTimer::timeout, this, &HealthPage::refreshView);
    connect(m_controller, &HealthController::rowUpdated, this, &HealthPage::scheduleRefresh);
    connect(m_controller, &HealthController::notesChanged, this, [this] {
        QStringList lines;
        for (const Text &t : m_controller->notes())
            lines << CoreText::render(t);
        m_notes->setText(lines.join(QLatin1Char('\n')));
        m_notes->setVisible(!lines.isEmpty());
    });
    connect(m_controller, &HealthController::worstChanged, this, [this](Verdict w) {
        updateStatus();
        emit worstChanged(w);
    });
    connect(m_controller, &HealthController::runningChanged, this, [this] { updateStatus(); });
    connect(m_grid, &HealthGrid::rowSelected, this, [this] {
        m_chart->resetView();
        updateDetails();
    });
    connect(m_pause, &QPushButton::toggled, this, &HealthPage::setPaused);
    connect(m_start, &QPushButton::clicked, this, [this] {
        if (m_controller->isRunning())
            stopMonitoring();
        else
            startMonitoring();
    });
    connect(settingsButton, &QPushButton::clicked, this, &HealthPage::showSettingsDialog);
    connect(m_heatmap, &QPushButton::clicked, this, [this] {
        const QString ds = selectedDataSource();
        if (!ds.isEmpty())
            emit heatmapRequested(ds);
    });
    connect(m_controller, &HealthController::eventAdded, this, [this](const HealthEvent &e) {
        m_events->append(e);
        updateEventScope();
    });
    connect(m_controller, &HealthController::runActivityChanged, this, &HealthPage::updateRun);
    connect(m_eventsAll, &QPushButton::clicked, this, [this] { showEvents(QString()); });
    connect(m_ctx, &AppContext::configChanged, this, &HealthPage::onConfigChanged);
    connect(m_ctx, &AppContext::runDirChanged, this, [this] {
        m_controller->followRun(m_ctx->runDir());
        updateRun();
    });
    m_controller->followRun(m_ctx->runDir());
    updateEventScope();
    updateStatus();
}

HealthPage::~HealthPage()
{
    m_controller->stop();
}

void HealthPage::setSettings(Settings *settings)
{
    m_settings = settings;
    if (!m_settings)
        return;
    HealthThresholds t;
    QString error;
    if (!t.apply(m_settings->healthThresholds(), &error))
        t = HealthThresholds(); // stored values no longer valid: the defaults
    m_controller->setThresholds(t);
}

Verdict HealthPage::worst() const
{
    return m_controller->worst();
}

QString HealthPage::selectedDataSource() const
{
    const int row = m_grid->selectedRow();
    return row >= 0 && row < m_grid->rows().size() ? m_grid->rows().at(row).dataSource : QString();
}

void HealthPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // Sampling starts the first time the page is seen for a config, then goes on in the background.
    if (m_ctx->hasConfig() && !m_startedForConfig && !m_ctx->config().dataSources.isEmpty())
        startMonitoring();
}

void HealthPage::onConfigChanged()
{
    // Sampling goes on with the config now open (another file, or the same one reloaded after a
    // switch): it stopped silently here once, leaving the title without a verdict.
    const bool wasSampling = m_controller->isRunning();
    const bool sameFile = m_ctx->configPath() == m_configPath;
    const QString selected = selectedDataSource();
    m_controller->stop();
    m_startedForConfig = false;
    if (sameFile)
        m_controller->followConfig(m_ctx->config()); // the servers still there keep their points
    else
        m_controller->resetRows(m_ctx->config());
    m_controller->followRun(m_ctx->runDir());
    if (!sameFile) {
        m_configPath = m_ctx->configPath();
        m_events->resetData({});
        m_eventFilter->clearScope();
        loadEvents();
    }
    m_grid->setSelectedRow(-1);
    m_chart->clear();
    refreshView();
    if (sameFile && !selected.isEmpty())
        selectDataSource(selected);
    if ((wasSampling || isVisible()) && m_ctx->hasConfig() && !m_ctx->config().dataSources.isEmpty())
        startMonitoring();
    updateRun();
    updateStatus();
}

void HealthPage::loadEvents()
{
    m_eventsLoaded = false;
    if (!m_ctx->hasConfig()) {
        m_eventReader->cancel();
        updateEventScope();
        return;
    }
    const QString path = StatsHistory::defaultPathFor(m_ctx->configPath());
    // Read on a worker thread (the file may be busy while a flush writes it).
    m_eventReader->start(
        [path](JobControl &) {
            HealthHistory history(path);
            return history.isOpen() ? history.events({}, {}, {}, HealthEventModel::kMaxEvents)
                                    : QList<HealthEvent>();
        },
        [this](const QList<HealthEvent> &stored) {
            // The events of this session not flushed yet follow the stored ones.
            QList<HealthEvent> all = stored;
            const QDateTime last = stored.isEmpty() ? QDateTime() : stored.last().at;
            for (const HealthEvent &e : m_controller->events())
                if (!last.isValid() || e.at > last)
                    all.append(e);
            m_events->resetData(all);
            m_eventsLoaded = true;
            updateEventScope();
            if (m_eventFilter->rowCount() > 0)
                m_eventView->scrollTo(m_eventFilter->index(m_eventFilter->rowCount() - 1, 0));
        });
}

void HealthPage::showEvents(const QString &dataSource, const QDateTime &from, const QDateTime &to)
{
    m_eventFilter->setScope(dataSource, from, to);
    m_tabs->setCurrentWidget(m_eventView->parentWidget());
    loadEvents(); // the file is the record: another console or an earlier session may have added some
    if (!dataSource.isEmpty())
        selectDataSource(dataSource);
    updateEventScope();
    if (m_eventFilter->rowCount() > 0)
        m_eventView->scrollTo(m_eventFilter->index(m_eventFilter->rowCount() - 1, 0));
}

void HealthPage::updateEventScope()
{
    const int shown = m_eventFilter->rowCount();
    m_eventsAll->setVisible(m_eventFilter->isScoped());
    if (!m_eventFilter->isScoped()) {
        m_eventScope->setText(
            shown == 0 ? tr("No verdict has changed yet. Every change is kept here with its reason.")
                       : tr("%n verdict change(s), the newest last.", nullptr, shown));
        return;
    }
    m_eventScope->setText(tr("%n change(s) of %1 in the red stretch from the History page.", nullptr, shown)
                              .arg(m_eventFilter->dataSource()));
}

void HealthPage::updateRun()
{
    const RunActivity &run = m_controller->runActivity();
    if (!m_controller->runError().isEmpty() && !m_controller->followedRun().isEmpty()) {
        m_run->setText(tr("The migration run %1 cannot be read: %2")
                           .arg(m_controller->followedRun(), m_controller->runError()));
        m_run->setVisible(true);
        return;
    }
    if (!run.isActive()) {
        m_run->setVisible(false);
        return;
    }
    QStringList names;
    for (const RunServer &s : run.writesStopped ? run.stopped : run.loaded)
        names << s.dataSource;
    QString text;
    if (run.writesStopped)
        text = tr("Migration run %1 (%2) stopped the writes on %3 at %4.")
                   .arg(run.runId, run.step, names.join(QStringLiteral(", ")),
                        run.writeStopSince.toLocalTime().toString(QStringLiteral("HH:mm:ss")));
    else
        text = tr("Migration run %1 (%2) %3 on %4: their load is the run's.")
                   .arg(run.runId, run.step, CoreText::render(RunActivity::workPhrase(run.work)),
                        names.join(QStringLiteral(", ")));
    if (!run.running)
        text +=
            QLatin1Char(' ') + tr("No process runs it now: continue or roll it back on the Migration page.");
    m_run->setText(text);
    m_run->setVisible(true);
}

void HealthPage::startMonitoring()
{
    if (!m_ctx->hasConfig())
        return;
    m_startedForConfig = true;
    HealthOptions o;
    o.credentials = m_ctx->credentials();
    if (m_settings) {
        o.intervalMs = m_settings->healthIntervalSeconds() * 1000;
        o.monitorUser = m_settings->monitorUserFor(m_ctx->configPath());
    }
    const QString history = m_recordHistory ? StatsHistory::defaultPathFor(m_ctx->configPath()) : QString();
    m_controller->start(m_ctx->config(), o, history);
    refreshView();
}

void HealthPage::stopMonitoring()
{
    m_controller->stop();
    updateStatus();
}

void HealthPage::setPaused(bool paused)
{
    if (m_paused == paused)
        return;
    m_paused = paused;
    if (m_pause->isChecked() != paused)
        m_pause->setChecked(paused);
    m_pause->setText(paused ? tr("Resume") : tr("Pause"));
    if (!paused)
        refreshView();
    updateStatus();
}

void HealthPage::selectDataSource(const QString &dataSource)
{
    const int row = m_controller->rowOf(dataSource);
    if (row >= 0)
        m_grid->setSelectedRow(row);
}

void HealthPage::scheduleRefresh()
{
    if (!m_paused && !m_coalesce->isActive())
        m_coalesce->start();
}

void HealthPage::refreshView()
{
    if (m_paused)
        return;
    qint64 now = 0;
    for (const HealthRow &r : m_controller->rows())
        if (!r.points.isEmpty())
            now = std::max(now, r.points.last().msecs);
    if (now == 0)
        now = QDateTime::currentMSecsSinceEpoch();
    const bool resized = m_grid->rows().size() != m_controller->rows().size();
    m_grid->setRows(m_controller->rows(), now);
    if (resized) // room for every row up to about ten, then the grid scrolls
        m_gridScroll->setMinimumHeight(std::min(m_grid->sizeHint().height() + 4, 440));
    updateDetails();
    updateStatus();
}

void HealthPage::updateDetails()
{
    const int row = m_grid->selectedRow();
    m_heatmap->setEnabled(row >= 0);
    if (row < 0 || row >= m_grid->rows().size()) {
        m_details->setText(tr("Select a data source for its details."));
        m_chart->clear();
        return;
    }
    const HealthRow &r = m_grid->rows().at(row);
    qint64 now = r.points.isEmpty() ? QDateTime::currentMSecsSinceEpoch() : r.points.last().msecs;
    for (const HealthRow &each : m_grid->rows())
        if (!each.points.isEmpty())
            now = std::max(now, each.points.last().msecs);
    m_chart->setRow(r, now);

    const HealthSample &s = r.sample;
    const QLocale loc;
    auto esc = [](const QString &t) { return t.toHtmlEscaped(); };
    auto rate = [](double v) { return formatRate(v); };
    QString html = QStringLiteral("<b>%1</b> (%2:%3) — <span style='color:%4'><b>%5</b></span><br>")
                       .arg(esc(r.dataSource), esc(s.server.host))
                       .arg(s.server.port)
                       .arg(HealthGrid::verdictColor(r.verdict.verdict).name(), esc(HealthGrid::verdictText(r.verdict.verdict)));
    for (const Finding &f : r.verdict.findings)
        html += QStringLiteral("• ") + esc(CoreText::render(f.reason)) + QStringLiteral("<br>");
    if (!r.verdict.runNote.isEmpty())
        html += QStringLiteral("<i>") + esc(CoreText::render(r.verdict.runNote)) + QStringLiteral("</i><br>");
    if (!s.up()) {
        if (r.verdict.findings.isEmpty())
            html += esc(CoreText::render(r.verdict.reason)) + QStringLiteral("<br>");
        m_details->setText(html);
        return;
    }
    html += tr("Version %1, up %2 s, read_only %3").arg(esc(s.server.version)).arg(s.server.uptimeSeconds)
                .arg(s.server.readOnly ? tr("ON") : tr("off")) + QStringLiteral("<br>");
    html += tr("QPS %1, TPS %2 (over %3 s)").arg(rate(s.qps), rate(s.tps), rate(s.intervalSec)) + QStringLiteral("<br>");
    html += tr("Connections %1 of %2, threads running %3").arg(s.server.connections).arg(s.server.maxConnections)
                .arg(s.threadsRunning) + QStringLiteral("<br>");
    html += tr("Buffer pool hit ratio %1%2").arg(s.bufferPoolHitRatio < 0 ? QStringLiteral("-")
                                                                        : loc.toString(s.bufferPoolHitRatio * 100, 'f', 2) + QLatin1Char('%'),
                                                s.hitRatioSinceStart ? tr(" (since the start: too few reads to judge)") : QString()) +
            QStringLiteral("<br>");
    html += tr("Row lock waits %1/s, deadlocks %2/min, aborted connections %3/min")
                .arg(rate(s.rowLockWaitsPerSec), rate(s.deadlocksPerMin), rate(s.abortedPerMin)) + QStringLiteral("<br>");
    if (s.server.isReplica)
        html += tr("Replica: %1, lag %2, GTID %3")
                    .arg(esc(s.server.replicaState),
                         s.server.replicaLagSeconds ? tr("%1 s").arg(*s.server.replicaLagSeconds) : tr("unknown"),
                         esc(s.gtidPosition.left(120))) + QStringLiteral("<br>");
    else if (s.replicaNoPrivilege)
        html += tr("Replica status: no privilege") + QStringLiteral("<br>");
    if (s.binlogNoPrivilege)
        html += tr("Binary logs: no privilege") + QStringLiteral("<br>");
    else if (s.binlogFiles >= 0)
        html += tr("Binary logs: %1 files, %2, oldest %3, kept %4")
                    .arg(s.binlogFiles)
                    .arg(loc.formattedDataSize(s.binlogBytes), esc(s.oldestBinlog),
                         s.binlogRetentionSec == 0 ? tr("until purged by hand")
                                                   : tr("%1 days").arg(loc.toString(s.binlogRetentionSec / 86400.0, 'f', 1))) +
                QStringLiteral("<br>");
    if (!s.largestTables.isEmpty()) {
        QStringList tables;
        for (const TableSize &t : s.largestTables)
            tables << tr("%1: %2 rows (%3)%4")
                          .arg(esc(t.table), loc.toString(t.rows), loc.formattedDataSize(qMax<qint64>(0, t.bytes)),
                               t.hasDelta ? tr(", %1 since the last sample").arg((t.rowsDelta >= 0 ? QStringLiteral("+") : QString()) + loc.toString(t.rowsDelta))
                                          : QString());
        html += tr("Largest tables: %1").arg(tables.join(QStringLiteral("; ")));
    }
    m_details->setText(html);
}

void HealthPage::updateStatus()
{
    if (!m_ctx->hasConfig()) {
        m_status->setText(tr("Open a sharding config to watch its servers."));
        m_start->setEnabled(false);
        m_pause->setEnabled(false);
        return;
    }
    m_start->setEnabled(true);
    m_pause->setEnabled(true);
    m_start->setText(m_controller->isRunning() ? tr("Stop sampling") : tr("Start sampling"));
    int counts[4] = {0, 0, 0, 0};
    for (const HealthRow &r : m_controller->rows())
        ++counts[int(r.verdict.verdict)];
    QString text;
    if (!m_controller->isRunning())
        text = tr("Not sampling.");
    else
        text = tr("Sampling %n server(s) every %1 s.", nullptr, int(m_controller->rows().size()))
                   .arg(m_controller->intervalMs() / 1000.0);
    text += QLatin1Char(' ') + tr("%1 green, %2 yellow, %3 red.").arg(counts[1]).arg(counts[2]).arg(counts[3]);
    if (m_paused)
        text += QLatin1Char(' ') + tr("Paused: the picture is frozen.");
    m_status->setText(text);
}

void HealthPage::showSettingsDialog()
{
    const int interval = m_settings ? m_settings->healthIntervalSeconds() : Settings::kDefaultHealthIntervalSeconds;
    const QString user = m_settings && m_ctx->hasConfig() ? m_settings->monitorUserFor(m_ctx->configPath()) : QString();
    HealthSettingsDialog dialog(m_controller->thresholds(), interval, user, this);
    connect(&dialog, &HealthSettingsDialog::storeMonitorPasswordRequested, this, &HealthPage::storeMonitorPasswordRequested);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const HealthThresholds t = dialog.thresholds();
    m_controller->setThresholds(t);
    if (m_settings) {
        m_settings->setHealthThresholds(t.toMap());
        m_settings->setHealthIntervalSeconds(dialog.intervalSeconds());
        if (m_ctx->hasConfig())
            m_settings->setMonitorUserFor(m_ctx->configPath(), dialog.monitorUser());
    }
    const bool restart = m_controller->isRunning() &&
                         (dialog.intervalSeconds() != interval || dialog.monitorUser() != user);
    if (restart)
        startMonitoring();
    refreshView();
}

} // namespace sp::ui
