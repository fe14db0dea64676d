#include "ui/pages/DashboardPage.h"

#include "core/analysis/Skew.h"
#include "core/cluster/Inspector.h"
#include "core/cluster/ServerState.h"
#include "core/cluster/StatsHistory.h"
#include "ui/AppContext.h"
#include "ui/TimeFormat.h"
#include "ui/models/HeatmapModel.h"
#include "ui/widgets/ChartAxes.h"
#include "ui/widgets/HeatmapWidget.h"
#include "ui/widgets/SkewPanel.h"

#include <QAction>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHash>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSet>
#include <QSlider>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace sp::ui {

namespace {
constexpr int kMaxBars = 32;

// The real inspection (core/cluster/Inspector), run as a job on a worker thread.
ClusterSnapshot inspectCluster(const ShardingConfig &config, const QString &configPath,
                               const InspectionOptions &options, JobControl &job)
{
    const InspectionResult result = Inspector::run(config, options, job);
    ClusterSnapshot snapshot = result.snapshot;
    if (snapshot.configPath.isEmpty())
        snapshot.configPath = configPath;
    return snapshot;
}
} // namespace

DashboardPage::DashboardPage(AppContext *ctx, QWidget *parent)
    : QWidget(parent), m_ctx(ctx), m_runner(new JobRunner(this)), m_inspect(inspectCluster),
      m_model(new HeatmapModel(this))
{
    setObjectName(QStringLiteral("dashboardPage"));

    // Controls row.
    m_tableCombo = new QComboBox(this);
    m_tableCombo->setObjectName(QStringLiteral("logicTableCombo"));
    // Combos may shrink (and elide) so the controls fit a small window.
    m_tableCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_tableCombo->setMinimumContentsLength(4);
    m_metricCombo = new QComboBox(this);
    m_metricCombo->setObjectName(QStringLiteral("metricCombo"));
    m_metricCombo->addItem(tr("Rows"), int(HeatmapModel::Metric::Rows));
    m_metricCombo->addItem(tr("Size (data + index)"), int(HeatmapModel::Metric::Bytes));
    m_metricCombo->addItem(tr("Growth since the baseline"), int(HeatmapModel::Metric::Growth));
    m_metricCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_metricCombo->setMinimumContentsLength(4);
    m_colourScale = new QComboBox(this);
    m_colourScale->setObjectName(QStringLiteral("heatmapScaleCombo"));
    m_colourScale->addItem(tr("Relative to the table's mean"), int(HeatmapModel::ColourScale::TableMean));
    m_colourScale->addItem(tr("Absolute"), int(HeatmapModel::ColourScale::Absolute));
    m_colourScale->setToolTip(tr("Relative: each cell against the mean of its logic table, so the skew of "
                                 "small tables shows next to large ones. Absolute: one scale for all."));
    m_colourScale->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_colourScale->setMinimumContentsLength(4);
    m_logScale = new QCheckBox(tr("Log scale"), this);
    m_logScale->setObjectName(QStringLiteral("logScaleCheck"));
    m_brightness = new QSlider(Qt::Horizontal, this);
    m_brightness->setObjectName(QStringLiteral("brightnessSlider"));
    m_contrast = new QSlider(Qt::Horizontal, this);
    m_contrast->setObjectName(QStringLiteral("contrastSlider"));
    for (QSlider *s : {m_brightness, m_contrast}) {
        s->setRange(-100, 100);
        s->setValue(0);
        s->setMinimumWidth(50);
        s->setMaximumWidth(90);
    }
    m_brightness->setToolTip(tr("Brightness of the colour scale"));
    m_contrast->setToolTip(tr("Contrast of the colour scale"));
    m_refresh = new QPushButton(tr("Refresh"), this);
    m_refresh->setObjectName(QStringLiteral("refreshButton"));
    m_refresh->setToolTip(tr("Inspect the cluster now (F5)"));
    m_exact = new QCheckBox(tr("Exact counts"), this);
    m_exact->setObjectName(QStringLiteral("exactCountsCheck"));
    m_exact->setToolTip(tr("Exact counts: refresh with SELECT COUNT(*) on every physical table instead of the InnoDB "
                           "estimates (TABLE_ROWS): exact, but it reads every table"));
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setObjectName(QStringLiteral("cancelRefreshButton"));
    m_cancel->setVisible(false);
    m_baseline = new QLabel(this);
    m_baseline->setObjectName(QStringLiteral("baselineLabel"));
    m_baseline->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_setBaseline = new QPushButton(tr("Set baseline"), this);
    m_setBaseline->setObjectName(QStringLiteral("setBaselineButton"));
    m_setBaseline->setToolTip(tr("Measure growth from the snapshot shown now (refreshes, automatic ones too, "
                                 "keep the baseline)"));
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("inspectionProgress"));
    m_progress->setVisible(false);
    m_progress->setMaximumWidth(220);
    m_progress->setTextVisible(true);

    // Three rows: what is shown, how it is drawn, and the refresh (fits a 640-pixel window).
    auto *controls = new QVBoxLayout;
    auto *what = new QHBoxLayout;
    what->addWidget(new QLabel(tr("Logic table:"), this));
    what->addWidget(m_tableCombo, 1);
    what->addWidget(new QLabel(tr("Show:"), this));
    what->addWidget(m_metricCombo, 1);
    what->addWidget(new QLabel(tr("Colour:"), this));
    what->addWidget(m_colourScale, 1);
    what->addStretch(0);
    auto *how = new QHBoxLayout;
    how->addWidget(m_logScale);
    how->addWidget(new QLabel(tr("Brightness:"), this));
    how->addWidget(m_brightness);
    how->addWidget(new QLabel(tr("Contrast:"), this));
    how->addWidget(m_contrast);
    how->addStretch(1);
    auto *act = new QHBoxLayout; // a row of its own: the three rows fit a 640-pixel window
    act->addWidget(m_baseline, 1);
    act->addWidget(m_setBaseline);
    act->addWidget(m_progress);
    act->addWidget(m_exact);
    act->addWidget(m_cancel);
    act->addWidget(m_refresh);
    controls->addLayout(what);
    controls->addLayout(how);
    controls->addLayout(act);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("dashboardStatus"));
    // One line that never widens the page (a wrapped label would make the page's scroll area size
    // it by its preferred height); the full text is in the tooltip.
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_instances = new QLabel(this);
    m_instances->setObjectName(QStringLiteral("instancesWarning"));
    m_instances->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_instances->setStyleSheet(QStringLiteral("color: #b00020"));
    m_instances->setVisible(false);

    m_heatmap = new HeatmapWidget(this);
    m_heatmap->setModel(m_model);

    auto *skewBox = new QGroupBox(tr("Skew"), this);
    auto *skewLayout = new QVBoxLayout(skewBox);
    m_skew = new SkewPanel(skewBox);
    skewLayout->addWidget(m_skew);
    auto *nodeBox = new QGroupBox(tr("Selected data node"), this);
    auto *nodeLayout = new QVBoxLayout(nodeBox);
    m_nodeDetails = new QLabel(tr("Click a cell of the heatmap."), nodeBox);
    m_nodeDetails->setObjectName(QStringLiteral("nodeDetails"));
    m_nodeDetails->setWordWrap(true);
    m_nodeDetails->setTextInteractionFlags(Qt::TextSelectableByMouse);
    nodeLayout->addWidget(m_nodeDetails);
    m_healthLink = new QPushButton(tr("Health of this data source"), nodeBox);
    m_healthLink->setObjectName(QStringLiteral("dashboardHealthLink"));
    m_healthLink->setEnabled(false);
    connect(m_healthLink, &QPushButton::clicked, this, [this] {
        if (!m_focusDataSource.isEmpty())
            emit healthRequested(m_focusDataSource);
    });
    nodeLayout->addWidget(m_healthLink, 0, Qt::AlignLeft);
    auto *side = new QWidget(this);
    auto *sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(skewBox);
    sideLayout->addWidget(nodeBox);
    sideLayout->addStretch(1);
    // Wrapped texts scroll instead of being squeezed on top of each other in a short window.
    auto *sideScroll = new QScrollArea(this);
    sideScroll->setObjectName(QStringLiteral("dashboardSideScroll"));
    sideScroll->setFrameShape(QFrame::NoFrame);
    sideScroll->setWidgetResizable(true);
    sideScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    sideScroll->setWidget(side);
    sideScroll->setMinimumWidth(230);

    m_chart = new QChartView(this);
    m_chart->setObjectName(QStringLiteral("rowsChart"));
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumHeight(160);

    auto *top = new QSplitter(Qt::Horizontal, this);
    top->addWidget(m_heatmap);
    top->addWidget(sideScroll);
    top->setStretchFactor(0, 3);
    top->setStretchFactor(1, 1);
    auto *vertical = new QSplitter(Qt::Vertical, this);
    vertical->addWidget(top);
    vertical->addWidget(m_chart);
    vertical->setStretchFactor(0, 3);
    vertical->setStretchFactor(1, 2);
    vertical->setSizes({600, 400}); // initial proportions; the heatmap's size hint would take it all

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_instances);
    layout->addWidget(vertical, 1);
    layout->addWidget(m_status);

    auto *refreshAction = new QAction(tr("Refresh"), this);
    refreshAction->setObjectName(QStringLiteral("refreshAction"));
    refreshAction->setShortcut(QKeySequence::Refresh);
    // While the page is shown, whichever widget has the focus (the navigation list right after
    // choosing the page): a hidden page's actions are inactive.
    refreshAction->setShortcutContext(Qt::WindowShortcut);
    addAction(refreshAction);
    connect(refreshAction, &QAction::triggered, this, &DashboardPage::refresh);
    connect(m_refresh, &QPushButton::clicked, this, &DashboardPage::refresh);
    connect(m_cancel, &QPushButton::clicked, this, &DashboardPage::cancelRefresh);
    connect(m_setBaseline, &QPushButton::clicked, this, [this] {
        if (m_ctx->snapshot())
            m_ctx->setBaseline(*m_ctx->snapshot());
    });

    m_autoRefresh = new QTimer(this);
    m_autoRefresh->setObjectName(QStringLiteral("autoRefreshTimer"));
    connect(m_autoRefresh, &QTimer::timeout, this, [this] {
        if (!m_runner->isRunning() && m_ctx->hasConfig())
            refresh();
    });

    connect(m_tableCombo, &QComboBox::currentIndexChanged, this, &DashboardPage::updateView);
    connect(m_metricCombo, &QComboBox::currentIndexChanged, this, [this] {
        m_model->setMetric(HeatmapModel::Metric(m_metricCombo->currentData().toInt()));
        m_colourScale->setEnabled(m_model->metric() != HeatmapModel::Metric::Growth);
    });
    connect(m_colourScale, &QComboBox::currentIndexChanged, this, [this] {
        m_model->setColourScale(HeatmapModel::ColourScale(m_colourScale->currentData().toInt()));
    });
    connect(m_logScale, &QCheckBox::toggled, this, [this](bool on) {
        m_heatmap->setScale(on ? HeatmapWidget::Scale::Log : HeatmapWidget::Scale::Linear);
    });
    connect(m_brightness, &QSlider::valueChanged, m_heatmap, &HeatmapWidget::setBrightness);
    connect(m_contrast, &QSlider::valueChanged, m_heatmap, &HeatmapWidget::setContrast);
    connect(m_heatmap, &HeatmapWidget::nodeActivated, this, &DashboardPage::showNode);

    connect(m_runner, &JobRunner::started, this, [this] {
        m_progress->setRange(0, 0);
        m_progress->setFormat(tr("Inspecting…"));
        m_progress->setVisible(true);
        m_cancel->setVisible(true);
        m_refresh->setEnabled(false);
        m_status->setText(tr("Inspecting the cluster…"));
    });
    connect(m_runner, &JobRunner::progress, this, [this](qint64 done, qint64 total, const QString &) {
        m_progress->setRange(0, int(std::max<qint64>(1, total)));
        m_progress->setValue(int(done));
        m_progress->setFormat(tr("%1 / %2").arg(done).arg(total));
        m_status->setText(tr("Inspected %1 of %2").arg(done).arg(total));
    });
    auto idle = [this] {
        m_progress->setVisible(false);
        m_cancel->setVisible(false);
        m_refresh->setEnabled(true);
    };
    m_idle = idle;
    connect(m_runner, &JobRunner::failed, this, [this, idle](const QString &error) {
        idle();
        m_status->setText(tr("Inspection failed: %1").arg(error));
    });
    connect(m_runner, &JobRunner::cancelled, this, [this, idle] {
        idle();
        m_status->setText(tr("Inspection cancelled."));
    });

    connect(m_ctx, &AppContext::configChanged, this, &DashboardPage::onConfigChanged);
    connect(m_ctx, &AppContext::snapshotChanged, this, &DashboardPage::onSnapshotChanged);
    connect(m_ctx, &AppContext::baselineChanged, this, &DashboardPage::onSnapshotChanged);
    connect(m_ctx, &AppContext::preferencesChanged, this, &DashboardPage::applyPreferences);
    onConfigChanged();
    applyPreferences();
}

DashboardPage::~DashboardPage() = default;

void DashboardPage::applyPreferences()
{
    const int seconds = m_ctx->refreshIntervalSeconds();
    if (seconds > 0) {
        m_autoRefresh->start(seconds * 1000);
    } else {
        m_autoRefresh->stop();
    }
}

void DashboardPage::refresh()
{
    if (!m_ctx->hasConfig()) {
        m_status->setText(tr("Open a sharding config first."));
        return;
    }
    if (m_runner->isRunning())
        return;
    if (!m_inspect) {
        m_status->setText(tr("Cluster inspection is not available in this build."));
        return;
    }
    struct Outcome
    {
        ClusterSnapshot snapshot;
        QString historyError;
    };
    const InspectFn inspect = m_inspect;
    const ShardingConfig config = m_ctx->config();
    const QString configPath = m_ctx->configPath();
    InspectionOptions options = m_ctx->inspectionOptions();
    options.exactCounts = m_exact->isChecked();
    const bool record = m_recordHistory;
    m_runner->start(
        [inspect, config, configPath, options, record](JobControl &job) {
            Outcome out;
            out.snapshot = inspect(config, configPath, options, job);
            if (record && !job.isCancelled()) {
                // Its own SQLite connection, opened in this worker thread.
                StatsHistory history(StatsHistory::defaultPathFor(configPath));
                if (!history.isOpen() || history.record(out.snapshot) < 0)
                    out.historyError = history.lastError();
            }
            return out;
        },
        [this](const Outcome &out) {
            m_idle();
            m_ctx->setSnapshot(out.snapshot); // updateStatus() runs through snapshotChanged
            if (!out.historyError.isEmpty())
                m_status->setText(m_status->text() + QStringLiteral("  ") +
                                  tr("(history not saved: %1)").arg(out.historyError));
        });
}

void DashboardPage::cancelRefresh()
{
    m_runner->cancel();
}

QString DashboardPage::currentTable() const
{
    return m_tableCombo->currentData().toString();
}

void DashboardPage::onConfigChanged()
{
    // An inspection of the previous config (or of this file's previous text, before a run switched
    // it) would publish a snapshot of a cluster the console no longer shows: inspect again.
    if (m_runner->isRunning()) {
        m_runner->cancel();
        m_idle();
        QTimer::singleShot(0, this, &DashboardPage::refresh);
    }
    const QString keep = currentTable();
    const QSignalBlocker block(m_tableCombo);
    m_tableCombo->clear();
    m_tableCombo->addItem(tr("All tables"), QString());
    for (const TableRule &t : m_ctx->config().tables)
        if (!t.dataNodes.isEmpty() && !m_ctx->config().isBroadcast(t.logicTable))
            m_tableCombo->addItem(t.logicTable, t.logicTable);
    const int idx = m_tableCombo->findData(keep);
    m_tableCombo->setCurrentIndex(idx >= 0 ? idx : (m_tableCombo->count() > 1 ? 1 : 0));
    m_heatmap->clearSelection();
    updateView();
}

void DashboardPage::onSnapshotChanged()
{
    updateView();
}

void DashboardPage::updateView()
{
    m_model->resetData(m_ctx->config(), m_ctx->snapshot(), m_ctx->baseline(), currentTable());
    updateBaseline();
    updateChart();
    updateSkew();
    updateStatus();
    updateNodeDetails();
}

void DashboardPage::updateNodeDetails()
{
    // The panel shows the heatmap's selection as the current snapshot has it; a node the view no
    // longer shows (another table) is no longer selected.
    if (const std::optional<DataNode> node = m_heatmap->selectedNode()) {
        showNode(*node);
    } else if (m_dataSourceFocused && m_ctx->config().dataSource(m_focusDataSource)) {
        focusDataSource(m_focusDataSource); // the health page's link: kept over refreshes
    } else {
        m_focusDataSource.clear();
        m_dataSourceFocused = false;
        m_healthLink->setEnabled(false);
        m_nodeDetails->setText(tr("Click a cell of the heatmap."));
    }
}

void DashboardPage::updateBaseline()
{
    const auto &base = m_ctx->baseline();
    const auto &snap = m_ctx->snapshot();
    m_setBaseline->setEnabled(snap.has_value() && (!base || base->takenAt != snap->takenAt));
    if (!base) {
        m_baseline->setText(tr("Growth: no baseline yet"));
        m_baseline->setToolTip(tr("Growth is measured from a baseline: the first refresh of the session, or the "
                                  "snapshot you choose with Set baseline."));
        return;
    }
    int notComparable = 0;
    for (int r = 0; r < m_model->rows(); ++r)
        for (int c = 0; c < m_model->columns(); ++c)
            notComparable += m_model->hasNode(r, c) && m_model->notComparable(r, c) ? 1 : 0;
    QString text = m_ctx->baselineChosen() ? tr("Growth since %1 (baseline you set)").arg(timestampText(base->takenAt))
                                           : tr("Growth since %1 (first refresh of this session)")
                                                 .arg(timestampText(base->takenAt));
    if (notComparable > 0)
        text += QStringLiteral(" — ") + tr("%n table(s) not comparable", nullptr, notComparable);
    m_baseline->setText(text);
    m_baseline->setToolTip(
        tr("Growth compares each table with the baseline snapshot, exact counts with exact counts and estimates "
           "with estimates. A table counted exactly one time and estimated the other, or whose instance restarted "
           "since (InnoDB then re-reads old estimates), is marked not comparable instead of showing a drop."));
}

SkewStats DashboardPage::skewFor(const ShardingConfig &config, const ClusterSnapshot &snapshot,
                                 const QString &logicTable)
{
    QHash<QString, qint64> rows;
    for (const TableStats &t : snapshot.tables)
        if (t.existsOnServer)
            rows.insert(t.node.toString(), t.rows());
    QList<NodeRows> nodes;
    if (const TableRule *rule = config.table(logicTable))
        for (const DataNode &n : rule->dataNodes)
            nodes.append({n, rows.value(n.toString(), -1)});
    return Skew::compute(logicTable, nodes);
}

void DashboardPage::updateSkew()
{
    const auto &snap = m_ctx->snapshot();
    if (!snap) {
        m_skew->clear(m_ctx->hasConfig() ? tr("No statistics yet: press Refresh (F5) to inspect the cluster.")
                                         : tr("Open a sharding config first."));
        return;
    }
    const QString table = currentTable();
    if (!table.isEmpty()) {
        m_skew->setStats(skewFor(m_ctx->config(), *snap, table), table);
        return;
    }
    // All tables: show the most skewed one.
    SkewStats worst;
    bool any = false;
    for (int i = 1; i < m_tableCombo->count(); ++i) {
        const SkewStats s = skewFor(m_ctx->config(), *snap, m_tableCombo->itemData(i).toString());
        if (s.nodes > 0 && (!any || s.maxOverMean > worst.maxOverMean)) {
            worst = s;
            any = true;
        }
    }
    if (any)
        m_skew->setStats(worst, tr("Most skewed: %1").arg(worst.logicTable));
    else
        m_skew->clear(tr("No data node has a row count yet."));
}

void DashboardPage::updateChart()
{
    auto *chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setVisible(false);
    const QString table = currentTable();
    // Rows per data source over the tables shown.
    QStringList order;
    QHash<QString, qint64> sums;
    for (int r = 0; r < m_model->rows(); ++r) {
        for (int c = 0; c < m_model->columns(); ++c) {
            if (!m_model->hasNode(r, c))
                continue;
            const DataNode n = m_model->node(r, c);
            if (!sums.contains(n.dataSource)) {
                order.append(n.dataSource);
                sums.insert(n.dataSource, 0);
            }
        }
    }
    // A data source with a shown table without a count (its server unreachable, a count that
    // failed) has no sum: it is "unknown", never the sum of the rest or 0.
    QSet<QString> unknown;
    if (const auto &snap = m_ctx->snapshot()) {
        QHash<QString, const TableStats *> stats;
        for (const TableStats &t : snap->tables)
            stats.insert(t.node.toString(), &t);
        for (int r = 0; r < m_model->rows(); ++r)
            for (int c = 0; c < m_model->columns(); ++c) {
                if (!m_model->hasNode(r, c))
                    continue;
                const DataNode n = m_model->node(r, c);
                const TableStats *t = stats.value(n.toString());
                if (t && !t->existsOnServer)
                    continue; // not on the server: no rows, and the heatmap says so
                if (!t || t->rows() < 0)
                    unknown.insert(n.dataSource);
                else
                    sums[n.dataSource] += t->rows();
            }
    }
    for (const QString &ds : std::as_const(unknown))
        sums[ds] = 0;
    QString title = table.isEmpty() ? tr("Rows per data source (all tables)")
                                    : tr("Rows per data source (%1)").arg(table);
    if (!unknown.isEmpty())
        title += QLatin1Char(' ') + tr("— %n unknown (no count)", nullptr, int(unknown.size()));
    if (order.size() > kMaxBars) {
        std::stable_sort(order.begin(), order.end(),
                         [&sums](const QString &a, const QString &b) { return sums.value(a) > sums.value(b); });
        order = order.mid(0, kMaxBars);
        title += QLatin1Char(' ') + tr("— the %1 largest of %2").arg(kMaxBars).arg(sums.size());
    }
    chart->setTitle(title);
    auto *set = new QBarSet(tr("Rows"));
    set->setColor(QColor(0x31, 0x68, 0x8e));
    qint64 top = 0;
    for (const QString &ds : std::as_const(order)) {
        set->append(double(sums.value(ds)));
        top = std::max(top, sums.value(ds));
    }
    auto *series = new QBarSeries;
    series->append(set);
    // Values go under the bars, in the category labels: a value label drawn at the bar's end
    // overlaps the bar (or the chart's edge) as soon as the chart is short.
    series->setLabelsVisible(false);
    chart->addSeries(series);
    auto *axisX = new QBarCategoryAxis;
    const QLocale locale;
    QStringList categories;
    for (const QString &ds : std::as_const(order)) {
        const QString value = unknown.contains(ds) ? tr("unknown") : locale.toString(sums.value(ds));
        categories << (order.size() <= 12 || unknown.contains(ds) ? tr("%1: %2").arg(ds, value) : ds);
    }
    axisX->append(categories);
    chart->addAxis(axisX, Qt::AlignBottom);
    series->attachAxis(axisX);
    auto *axisY = new QValueAxis;
    axisY->setObjectName(QStringLiteral("rowsAxis"));
    setCountAxisRange(axisY, double(top));
    chart->addAxis(axisY, Qt::AlignLeft);
    series->attachAxis(axisY);
    QChart *old = m_chart->chart();
    m_chart->setChart(chart);
    delete old;
}

void DashboardPage::updateStatus()
{
    const auto &snap = m_ctx->snapshot();
    if (!snap) {
        m_status->setText(m_ctx->hasConfig() ? tr("Not inspected yet. Press Refresh (F5).")
                                             : tr("Open a sharding config first."));
        m_instances->setVisible(false);
        return;
    }
    int reachable = 0;
    QStringList down, denied;
    for (const InstanceHealth &i : snap->instances) {
        const QString line = tr("%1 (%2:%3): %4").arg(i.dataSource, i.host).arg(i.port).arg(i.error);
        // A wrong password or a missing grant: the server answered and refused the account.
        if (i.reachable)
            ++reachable;
        else if (serverStateOf(i) == ServerState::AccessDenied)
            denied.append(line);
        else
            down.append(line);
    }
    QString status = tr("Inspected %1 — %2 of %3 instances reachable, %4 counts.")
                         .arg(timestampText(snap->takenAt))
                         .arg(reachable)
                         .arg(snap->instances.size())
                         .arg(snap->exact ? tr("exact") : tr("estimated"));
    if (!denied.isEmpty())
        status +=
            QLatin1Char(' ') + tr("%n refused the account (access denied).", nullptr, int(denied.size()));
    m_status->setText(status);
    QStringList parts;
    if (!denied.isEmpty())
        parts << tr("Access denied: %1").arg(denied.join(QStringLiteral("; ")));
    if (!down.isEmpty())
        parts << tr("Unreachable: %1").arg(down.join(QStringLiteral("; ")));
    m_instances->setVisible(!parts.isEmpty());
    m_instances->setText(parts.join(QLatin1Char('\n')));
    m_instances->setToolTip((denied + down).join(QLatin1Char('\n')));
}

void DashboardPage::focusDataSource(const QString &dataSource)
{
    m_heatmap->clearSelection();
    m_focusDataSource = dataSource;
    m_dataSourceFocused = true;
    m_healthLink->setEnabled(true);
    const QLocale locale;
    QStringList lines{QStringLiteral("<b>%1</b>").arg(dataSource.toHtmlEscaped())};
    const auto &snap = m_ctx->snapshot();
    if (!snap) {
        lines.append(tr("No statistics yet: Refresh (F5)."));
        m_nodeDetails->setText(lines.join(QStringLiteral("<br>")));
        return;
    }
    // The rows of every table of the data source, or -1 when one has no count (unreachable):
    // a sum over part of the tables is not the data source's rows.
    auto sum = [&dataSource](const ClusterSnapshot &s, int *tables, int *uncounted) {
        qint64 rows = 0;
        int n = 0, missing = 0;
        for (const TableStats &t : s.tables) {
            if (t.node.dataSource != dataSource || !t.knownToConfig || !t.existsOnServer)
                continue;
            if (t.rows() < 0) {
                ++missing;
                continue;
            }
            rows += t.rows();
            ++n;
        }
        if (tables)
            *tables = n + missing;
        if (uncounted)
            *uncounted = missing;
        return missing > 0 ? qint64(-1) : rows;
    };
    int tables = 0, uncounted = 0;
    const qint64 rows = sum(*snap, &tables, &uncounted);
    if (rows < 0)
        lines.append(
            tr("Rows: unknown (%1 of %n table(s) without a count: unreachable or failed)", nullptr, tables)
                .arg(uncounted));
    else
        lines.append(tr("Rows: %1 in %n table(s)", nullptr, tables).arg(locale.toString(rows)));
    if (const auto &base = m_ctx->baseline(); base && base->takenAt != snap->takenAt) {
        // Table by table, as the heatmap's growth: like counts with like, none missing.
        qint64 delta = 0;
        bool missing = false, incomparable = false;
        for (const TableGrowth &g : StatsHistory::growth(*base, *snap)) {
            if (g.node.dataSource != dataSource || g.logicTable.isEmpty())
                continue;
            if (g.basis == TableGrowth::Basis::Unknown)
                missing = true;
            else if (g.basis == TableGrowth::Basis::SourceChanged || g.basis == TableGrowth::Basis::Restarted)
                incomparable = true;
            delta += g.delta();
        }
        const QString since = timestampText(base->takenAt);
        if (missing)
            lines.append(tr("Growth since %1: unknown (a count is missing)").arg(since));
        else if (incomparable)
            lines.append(tr("Growth since %1: not comparable (exact counts against estimates, or a restart)")
                             .arg(since));
        else
            lines.append(
                tr("Growth since %1: %2 rows")
                    .arg(since, (delta >= 0 ? QStringLiteral("+") : QString()) + locale.toString(delta)));
    }
    m_nodeDetails->setText(lines.join(QStringLiteral("<br>")));
}

void DashboardPage::showNode(const DataNode &node)
{
    m_focusDataSource = node.dataSource; // a cell's data source, for "Health of this data source"
    m_dataSourceFocused = false;
    m_healthLink->setEnabled(true);
    const QLocale locale;
    QStringList lines{QStringLiteral("<b>%1</b>").arg(node.toString().toHtmlEscaped())};
    const auto &snap = m_ctx->snapshot();
    const TableStats *stats = nullptr;
    if (snap)
        for (const TableStats &t : snap->tables)
            if (t.node == node)
                stats = &t;
    if (!stats) {
        lines.append(tr("No statistics for this node."));
    } else {
        if (!stats->existsOnServer)
            lines.append(tr("The table does not exist on the server."));
        lines.append(tr("Rows: %1 (%2)")
                         .arg(stats->rows() >= 0 ? locale.toString(stats->rows()) : tr("unknown"),
                              stats->exactRows ? tr("exact") : tr("estimate")));
        if (stats->dataBytes >= 0)
            lines.append(tr("Data: %1, index: %2")
                             .arg(locale.formattedDataSize(stats->dataBytes),
                                  locale.formattedDataSize(std::max<qint64>(0, stats->indexBytes))));
        if (stats->autoIncrement >= 0)
            lines.append(tr("Next AUTO_INCREMENT: %1").arg(locale.toString(stats->autoIncrement)));
        if (!stats->error.isEmpty())
            lines.append(tr("Error: %1").arg(stats->error.toHtmlEscaped()));
    }
    if (snap)
        for (const InstanceHealth &i : snap->instances)
            if (i.dataSource == node.dataSource)
                lines.append(i.reachable
                                 ? tr("Instance %1:%2 reachable, %3").arg(i.host).arg(i.port).arg(i.version)
                             : serverStateOf(i) == ServerState::AccessDenied
                                 ? tr("Instance %1:%2 refused the account (access denied): %3")
                                       .arg(i.host)
                                       .arg(i.port)
                                       .arg(i.error.toHtmlEscaped())
                                 : tr("Instance %1:%2 unreachable: %3")
                                       .arg(i.host)
                                       .arg(i.port)
                                       .arg(i.error.toHtmlEscaped()));
    m_nodeDetails->setText(lines.join(QStringLiteral("<br>")));
}

} // namespace sp::ui
