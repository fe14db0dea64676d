#include "ui/pages/PlanningPage.h"

#include "core/planning/ExpansionStrategy.h"
#include "core/live/MeasuredFigures.h"
#include "core/live/PlanInputs.h"
#include "core/routing/AlgorithmDefaults.h"
#include "ui/AppContext.h"
#include "ui/CoreText.h"
#include "ui/TimeFormat.h"
#include "ui/models/WhatIfModel.h"
#include "ui/widgets/RingBalanceChart.h"
#include "ui/widgets/StrategyBarChart.h"

#include <utility>

#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include "core/job/Job.h"

#include <exception>

namespace sp::ui {

namespace {

constexpr int kDefaultMaxVirtualNodes = 1024;
constexpr int kChartsSideBySideWidth = 1000; // below, the charts are stacked

bool usesAlgorithm(const StrategyDef &s, const QString &name)
{
    return s.isSet() && s.algorithmName == name;
}

} // namespace

PlanningPage::PlanningPage(AppContext *ctx, QWidget *parent)
    : QWidget(parent), m_ctx(ctx), m_model(new WhatIfModel(this)), m_proxy(new QSortFilterProxyModel(this))
{
    setObjectName(QStringLiteral("planningPage"));
    m_compareRunner = new JobRunner(this);
    m_ringRunner = new JobRunner(this);

    // Top bar: where the numbers come from, busy indicator, actions.
    m_basis = new QLabel(this);
    m_basis->setObjectName(QStringLiteral("planningBasis"));
    m_basis->setWordWrap(true);
    m_basis->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = m_basis->font();
    bold.setBold(true);
    m_basis->setFont(bold);
    m_busyBar = new QProgressBar(this);
    m_busyBar->setObjectName(QStringLiteral("planningBusy"));
    m_busyBar->setRange(0, 0); // indeterminate
    m_busyBar->setTextVisible(false);
    m_busyBar->setMaximumWidth(120);
    m_busyBar->setToolTip(tr("Comparing the strategies…"));
    m_busyBar->setVisible(false);
    m_recomputeButton = new QPushButton(tr("Recompute"), this);
    m_recomputeButton->setObjectName(QStringLiteral("planningRecomputeButton"));
    m_copyButton = new QPushButton(tr("Copy as text"), this);
    m_copyButton->setObjectName(QStringLiteral("planningCopyButton"));
    m_copyButton->setToolTip(
        tr("Copy the comparison as an aligned text table (as `shardctl plan --compare` prints it)"));
    m_exportButton = new QPushButton(tr("Export JSON…"), this);
    m_exportButton->setObjectName(QStringLiteral("planningExportButton"));
    auto *wizard = new QPushButton(tr("Plan expansion…"), this);
    wizard->setObjectName(QStringLiteral("planWizardButton"));
    connect(wizard, &QPushButton::clicked, this, &PlanningPage::wizardRequested);
    auto *top = new QHBoxLayout;
    top->addWidget(m_basis, 1);
    top->addWidget(m_busyBar);
    top->addWidget(m_recomputeButton);
    top->addWidget(m_copyButton);
    top->addWidget(m_exportButton);
    top->addWidget(wizard);

    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("planningError"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_error->setVisible(false);

    // The comparison table.
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(WhatIfModel::SortRole);
    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("whatIfTable"));
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(-1, Qt::AscendingOrder); // strategy order of the report until a click
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->setVisible(false);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(WhatIfModel::RisksColumn, QHeaderView::Stretch);
    m_view->horizontalHeader()->setSectionResizeMode(WhatIfModel::FeasibleColumn, QHeaderView::Interactive);
    m_view->setTextElideMode(Qt::ElideRight);

    // Charts: strategies (bars) and the ring balance (lines) with its virtual-node range.
    m_bars = new StrategyBarChart(this);
    m_bars->setObjectName(QStringLiteral("strategyChart"));
    m_ring = new RingBalanceChart(this);
    m_ring->setObjectName(QStringLiteral("ringBalanceChart"));
    m_maxVirtualNodes = new QSpinBox(this);
    m_maxVirtualNodes->setObjectName(QStringLiteral("ringMaxVirtualNodes"));
    m_maxVirtualNodes->setRange(8, 4096);
    m_maxVirtualNodes->setValue(kDefaultMaxVirtualNodes);
    m_maxVirtualNodes->setKeyboardTracking(false);
    m_maxVirtualNodes->setToolTip(tr("Largest virtual-node count per node shown in the ring balance chart"));
    auto *ringBox = new QWidget(this);
    auto *ringCol = new QVBoxLayout(ringBox);
    ringCol->setContentsMargins(0, 0, 0, 0);
    auto *ringControls = new QHBoxLayout;
    auto *ringLabel = new QLabel(tr("Virtual nodes up to:"), ringBox);
    ringLabel->setBuddy(m_maxVirtualNodes);
    ringControls->addWidget(ringLabel);
    ringControls->addWidget(m_maxVirtualNodes);
    ringControls->addStretch(1);
    ringCol->addLayout(ringControls);
    ringCol->addWidget(m_ring, 1);

    auto *charts = new QSplitter(Qt::Horizontal, this);
    charts->setObjectName(QStringLiteral("planningCharts"));
    charts->addWidget(m_bars);
    charts->addWidget(ringBox);
    charts->setStretchFactor(0, 3);
    charts->setStretchFactor(1, 2);
    m_charts = charts;
    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("planningSplitter"));
    split->addWidget(m_view);
    split->addWidget(charts);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setSizes({150, 450});

    auto *content = new QWidget(this);
    auto *contentCol = new QVBoxLayout(content);
    contentCol->setContentsMargins(0, 0, 0, 0);
    contentCol->addWidget(split, 1);
    auto *empty =
        new QLabel(tr("Open a config first (File ▸ Open config…, Ctrl+O): the planner compares modulo doubling, "
                      "dual-master doubling and a consistent-hash ring for its cluster."),
                   this);
    empty->setObjectName(QStringLiteral("planningEmpty"));
    empty->setAlignment(Qt::AlignCenter);
    empty->setWordWrap(true);
    // Table and charts scroll together when the page is smaller than they can be drawn in.
    auto *contentScroll = new QScrollArea(this);
    contentScroll->setObjectName(QStringLiteral("planningScroll"));
    contentScroll->setFrameShape(QFrame::NoFrame);
    contentScroll->setWidgetResizable(true);
    contentScroll->setWidget(content);
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(empty);
    m_stack->addWidget(contentScroll);

    auto *col = new QVBoxLayout(this);
    col->addLayout(top);
    col->addWidget(m_error);
    col->addWidget(m_stack, 1);

    m_debounce = new QTimer(this);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(100);
    connect(m_debounce, &QTimer::timeout, this, &PlanningPage::recompute);
    connect(m_recomputeButton, &QPushButton::clicked, this, &PlanningPage::recompute);
    connect(m_copyButton, &QPushButton::clicked, this, &PlanningPage::copyAsText);
    connect(m_exportButton, &QPushButton::clicked, this, &PlanningPage::chooseExportFile);
    connect(m_maxVirtualNodes, &QSpinBox::valueChanged, this, &PlanningPage::recomputeRing);
    connect(m_ctx, &AppContext::configChanged, this, &PlanningPage::scheduleRecompute);
    connect(m_ctx, &AppContext::snapshotChanged, this, &PlanningPage::scheduleRecompute);
    connect(m_ctx, &AppContext::preferencesChanged, this, &PlanningPage::scheduleRecompute);
    showNoConfig();
    scheduleRecompute();
}

PlanningPage::~PlanningPage() = default;

int PlanningPage::currentVirtualNodes(const ShardingConfig &config)
{
    for (const TableRule &t : config.tables) {
        if (config.isBroadcast(t.logicTable))
            continue;
        const StrategyDef &db =
            t.databaseStrategy.isSet() ? t.databaseStrategy : config.defaultDatabaseStrategy;
        const StrategyDef &tb = t.tableStrategy.isSet() ? t.tableStrategy : config.defaultTableStrategy;
        for (const StrategyDef *s : {&db, &tb, &t.shardingStrategy}) {
            if (!s->isSet())
                continue;
            const AlgorithmDef *a = config.algorithm(s->algorithmName);
            if (a && a->type == QLatin1String("CONSISTENT_HASH") && usesAlgorithm(*s, a->name))
                return defaults::virtualNodesOf(*a);
        }
    }
    return 0;
}

PlanningPage::Outcome PlanningPage::compute(const QString &configPath, const ShardingConfig &config,
                                            const std::optional<ClusterSnapshot> &snapshot, qint64 rowLimit,
                                            int maxVirtualNodes)
{
    Outcome out;
    try {
        planning::PlanRequest request;
        request.rowLimit = rowLimit;
        QString error;
        const std::optional<planning::PlanInput> input =
            planning::buildPlanInput(configPath, config, snapshot, request, {}, &error);
        if (!input) {
            out.error = error.isEmpty() ? tr("The plan input could not be built.") : error;
            return out;
        }
        planning::WhatIfOptions options;
        options.balanceMaxVirtualNodes = maxVirtualNodes;
        planning::loadMeasuredFigures(&options); // write stops measured by migrate_bench, when there are
        out.report = planning::WhatIf::compare(*input, options);
        // The ring of the balance series: today's sharded sources plus as many new ones (compare's rule).
        const int n = int(planning::dataSourceNames(config, 0).current.size());
        const planning::DataSourceNames names = planning::dataSourceNames(config, 2 * n);
        out.ringNodes = names.current + names.added;
        out.ringNodesBefore = names.current;
        out.ringBalanceBefore = planning::RingBalance::series(names.current, maxVirtualNodes);
    } catch (const std::exception &e) {
        out.report.reset();
        out.error = tr("The comparison failed: %1").arg(QString::fromLocal8Bit(e.what()));
    } catch (...) {
        out.report.reset();
        out.error = tr("The comparison failed with an unknown error.");
    }
    return out;
}

void PlanningPage::scheduleRecompute()
{
    if (!isVisible()) {
        m_dirty = true; // computed when the page is shown
        if (!m_ctx->hasConfig())
            showNoConfig();
        return;
    }
    m_debounce->start();
}

void PlanningPage::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // Side by side each chart gets less than half of a narrow page, and Qt Charts cuts what does
    // not fit to "..." (strategy names, legend, axis and chart titles at 1024x640): one above the
    // other there, each the page's width (the page scrolls).
    const Qt::Orientation o = width() >= kChartsSideBySideWidth ? Qt::Horizontal : Qt::Vertical;
    if (m_charts && m_charts->orientation() != o)
        m_charts->setOrientation(o);
}

void PlanningPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        m_debounce->start();
}

void PlanningPage::setBusy(bool busy)
{
    m_busy = busy;
    if (busy || !m_ctx->hasConfig()) {
        m_ringRunner->cancel(); // a full comparison brings its own balance series
        m_ringBusy = false;
    }
    updateBusyIndicator();
}

void PlanningPage::updateBusyIndicator()
{
    m_busyBar->setVisible(isBusy());
    m_recomputeButton->setEnabled(m_ctx->hasConfig());
}

void PlanningPage::recomputeRing()
{
    if (m_busy) // the running comparison is stale: its series has the old range
        return recompute();
    if (!m_report || m_ringNodes.isEmpty())
        return;
    m_ringBusy = true;
    updateBusyIndicator();
    const QStringList nodes = m_ringNodes;
    const QStringList before = m_ringNodesBefore;
    const int maxVnodes = m_maxVirtualNodes->value();
    using Series = QList<planning::BalancePoint>;
    m_ringRunner->start(
        [nodes, before, maxVnodes](JobControl &) {
            return std::make_pair(planning::RingBalance::series(nodes, maxVnodes),
                                  before.isEmpty() ? Series() : planning::RingBalance::series(before, maxVnodes));
        },
        [this](const std::pair<Series, Series> &series) { showRing(series.first, series.second); });
}

void PlanningPage::showRing(const QList<planning::BalancePoint> &series,
                            const QList<planning::BalancePoint> &before)
{
    m_ringBusy = false;
    updateBusyIndicator();
    if (!m_report)
        return;
    m_report->ringBalance = series;
    m_ringBalanceBefore = before;
    m_ring->setSeries(series, int(m_ringNodes.size()), currentVirtualNodes(m_ctx->config()), m_ringBalanceBefore,
                      int(m_ringNodesBefore.size()));
    emit computed();
}

void PlanningPage::showNoConfig()
{
    m_compareRunner->cancel(); // whatever is running is stale now
    m_report.reset();
    m_model->resetData({});
    m_bars->clear(QString());
    m_ring->clear(QString());
    m_stack->setCurrentIndex(0);
    m_basis->setText(tr("No config loaded."));
    m_basis->setToolTip(QString());
    m_error->clear();
    m_error->setVisible(false);
    m_copyButton->setEnabled(false);
    m_exportButton->setEnabled(false);
    setBusy(false);
}

void PlanningPage::recompute()
{
    m_debounce->stop();
    m_dirty = false;
    if (!m_ctx->hasConfig()) {
        showNoConfig();
        return;
    }
    m_stack->setCurrentIndex(1);
    if (const int configErrors = m_ctx->errorCount(); configErrors > 0) {
        // A plan of a config that routes wrongly is wrong too: no "feasible" verdicts on it.
        m_compareRunner->cancel();
        m_report.reset();
        m_model->resetData({});
        m_bars->clear(QString());
        m_ring->clear(QString());
        m_basis->setText(tr("No comparison: the config has errors."));
        m_basis->setToolTip(QString());
        m_error->setText(
            tr("%1 has %n error(s) (Findings, Editor page): fix them before planning.", nullptr, configErrors)
                .arg(QFileInfo(m_ctx->configPath()).fileName()));
        m_error->setVisible(true);
        m_copyButton->setEnabled(false);
        m_exportButton->setEnabled(false);
        setBusy(false);
        return;
    }
    setBusy(true);
    m_basis->setText(m_ctx->snapshot() ? tr("Comparing the strategies on the cluster's row counts…")
                                       : tr("Comparing the strategies…"));
    const QString path = m_ctx->configPath();
    const ShardingConfig config = m_ctx->config();
    const std::optional<ClusterSnapshot> snapshot = m_ctx->snapshot();
    const qint64 rowLimit = m_ctx->rowLimit();
    const int maxVnodes = m_maxVirtualNodes->value();
    // A newer request supersedes a running one: the runner drops its result.
    m_compareRunner->start(
        [path, config, snapshot, rowLimit, maxVnodes](JobControl &) {
            return compute(path, config, snapshot, rowLimit, maxVnodes);
        },
        [this, snapshot](const Outcome &outcome) { showOutcome(outcome, snapshot); });
}

QString PlanningPage::basisText(const planning::WhatIfReport &report,
                                const std::optional<ClusterSnapshot> &snapshot)
{
    if (!snapshot)
        return tr("Offline: shares of the key space only (uniform keys) — inspect the cluster "
                  "(Dashboard, F5) for row and byte counts.");
    const QString when = timestampText(snapshot->takenAt);
    // Sources without counts: what the plan lacked rows for, and every instance the inspection missed.
    QStringList missing;
    bool haveRows = false;
    for (const planning::WhatIfRow &r : report.rows) {
        haveRows = haveRows || (r.feasible && r.rowsMoved >= 0);
        for (const QString &ds : r.sourcesWithoutRows)
            if (!missing.contains(ds))
                missing << ds;
    }
    for (const InstanceHealth &i : snapshot->instances)
        if (!i.reachable && !missing.contains(i.dataSource))
            missing << i.dataSource;
    QStringList named;
    for (const QString &ds : std::as_const(missing)) {
        QString why;
        for (const InstanceHealth &i : snapshot->instances)
            if (i.dataSource == ds && !i.reachable)
                why = tr("%1:%2 unreachable").arg(i.host).arg(i.port);
        named << (why.isEmpty() ? ds : tr("%1 (%2)").arg(ds, why));
    }
    const QString kind = snapshot->exact ? tr("exact counts") : tr("estimates (TABLE_ROWS)");
    // A source without a count turns the skew after into one of key shares: say it with the rest.
    QStringList skewWithout;
    for (const planning::WhatIfRow &r : report.rows)
        for (const QString &ds : r.skewWithoutRows)
            if (r.feasible && !skewWithout.contains(ds))
                skewWithout << ds;
    const QString skewNote =
        skewWithout.isEmpty()
            ? QString()
            : QLatin1Char(' ') + tr("Skew after is of key shares, not rows, without the counts of %1.")
                                     .arg(skewWithout.join(QStringLiteral(", ")));
    if (!haveRows) {
        if (named.isEmpty())
            return tr("The snapshot taken at %1 has no row counts for the sharded tables: shares of the key "
                      "space only.")
                .arg(when);
        return tr("The snapshot taken at %1 has no row counts: %2. Shares of the key space only.")
                   .arg(when, named.join(QStringLiteral(", "))) +
               skewNote;
    }
    if (!named.isEmpty())
        return tr("Partial: row counts (%1) from the snapshot taken at %2 for every source but %3 — their "
                  "rows "
                  "are not included, so rows moved are lower bounds.")
                   .arg(kind, when, named.join(QStringLiteral(", "))) +
               skewNote;
    return tr("Row counts (%1) from the snapshot taken at %2; shares from the routing functions.")
               .arg(kind, when) +
           skewNote;
}

void PlanningPage::showOutcome(const Outcome &outcome, const std::optional<ClusterSnapshot> &snapshot)
{
    setBusy(false);
    if (!outcome.report) {
        m_report.reset();
        m_model->resetData({});
        m_bars->clear(QString());
        m_ring->clear(QString());
        m_basis->setText(tr("No comparison."));
        m_error->setText(outcome.error);
        m_error->setVisible(true);
        m_copyButton->setEnabled(false);
        m_exportButton->setEnabled(false);
        emit computed();
        return;
    }
    m_report = outcome.report;
    m_ringNodes = outcome.ringNodes;
    m_ringNodesBefore = outcome.ringNodesBefore;
    m_ringBalanceBefore = outcome.ringBalanceBefore;
    const planning::WhatIfReport &rep = *m_report;
    m_error->clear();
    m_error->setVisible(false);

    m_basis->setText(basisText(rep, snapshot));
    m_basis->setToolTip(CoreText::render(rep.basis, rep.basisText));

    m_model->resetData(rep.rows);
    // Three rows: the table takes what they need, the charts the rest of the page.
    const int tableHeight = m_view->horizontalHeader()->sizeHint().height() +
                            m_view->verticalHeader()->length() +
                            m_view->horizontalScrollBar()->sizeHint().height() + 2 * m_view->frameWidth() + 2;
    m_view->setMaximumHeight(tableHeight);
    m_view->setMinimumHeight(tableHeight); // every strategy stays in view; the page scrolls instead
    m_bars->setRows(rep.rows);
    m_ring->setSeries(rep.ringBalance, int(m_ringNodes.size()), currentVirtualNodes(m_ctx->config()),
                      m_ringBalanceBefore, int(m_ringNodesBefore.size()));
    m_copyButton->setEnabled(true);
    m_exportButton->setEnabled(true);
    emit computed();
}

void PlanningPage::copyAsText()
{
    if (m_report)
        QApplication::clipboard()->setText(m_report->toText());
}

bool PlanningPage::exportJson(const QString &path, QString *error) const
{
    if (!m_report) {
        if (error)
            *error = tr("Nothing to export yet.");
        return false;
    }
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        if (error)
            *error = tr("Cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    f.write(QJsonDocument(m_report->toJson()).toJson(QJsonDocument::Indented));
    if (!f.commit()) {
        if (error)
            *error = tr("Cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

void PlanningPage::chooseExportFile()
{
    if (!m_report)
        return;
    const QString suggested =
        QFileInfo(m_ctx->configPath()).completeBaseName() + QStringLiteral("-whatif.json");
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export the comparison"), suggested, tr("JSON files (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportJson(path, &error)) {
        m_error->setText(error);
        m_error->setVisible(true);
    }
}

} // namespace sp::ui
