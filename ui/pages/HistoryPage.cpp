#include "ui/pages/HistoryPage.h"

#include "core/cluster/StatsHistory.h"
#include "core/job/Job.h"
#include "ui/AppContext.h"
#include "ui/TimeFormat.h"
#include "ui/health/RedStretches.h"
#include "ui/widgets/ChartAxes.h"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDateTimeAxis>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace sp::ui {

namespace {

int urgency(ForecastStatus s)
{
    switch (s) {
    case ForecastStatus::AlreadyAbove: return 0;
    case ForecastStatus::WillCross: return 1;
    case ForecastStatus::BeyondHorizon: return 2;
    case ForecastStatus::NotGrowing: return 3;
    case ForecastStatus::InsufficientData: return 4;
    }
    return 5;
}

QStandardItem *item(const QString &text, const QVariant &sortKey, Qt::Alignment align = Qt::AlignLeft)
{
    auto *i = new QStandardItem(text);
    i->setData(sortKey, Qt::UserRole);
    i->setTextAlignment(align | Qt::AlignVCenter);
    i->setEditable(false);
    return i;
}

} // namespace

HistoryPage::HistoryPage(AppContext *ctx, QWidget *parent)
    : QWidget(parent), m_ctx(ctx), m_runner(new JobRunner(this))
{
    setObjectName(QStringLiteral("historyPage"));
    m_answer = new QLabel(this);
    m_answer->setObjectName(QStringLiteral("forecastAnswer"));
    QFont big = m_answer->font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.25);
    m_answer->setFont(big);
    m_answer->setWordWrap(true);
    m_answer->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_detail = new QLabel(this);
    m_detail->setObjectName(QStringLiteral("forecastDetail"));
    m_detail->setWordWrap(true);

    m_scope = new QComboBox(this);
    m_scope->setObjectName(QStringLiteral("historyScopeCombo"));
    m_scope->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto *reloadButton = new QPushButton(tr("Reload history"), this);
    reloadButton->setObjectName(QStringLiteral("reloadHistoryButton"));
    auto *controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Growth of:"), this));
    controls->addWidget(m_scope);
    controls->addStretch(1);
    controls->addWidget(reloadButton);

    m_chart = new QChartView(this);
    m_chart->setObjectName(QStringLiteral("growthChart"));
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumHeight(220);
    m_chartNote = new QLabel(this);
    m_chartNote->setObjectName(QStringLiteral("historyChartNote"));
    m_chartNote->setWordWrap(true);
    m_chartNote->setVisible(false);

    m_model = new QStandardItemModel(0, ColumnCount, this);
    m_model->setHorizontalHeaderLabels({tr("Physical table"), tr("Rows now"), tr("Rows per day"),
                                        tr("Crosses the limit on"), tr("Days left"), tr("Status")});
    m_model->setSortRole(Qt::UserRole);
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("forecastTable"));
    m_table->setModel(m_model);
    m_table->setSortingEnabled(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setAlternatingRowColors(true);

    // The load's red stretches, each a link to its verdict changes.
    auto *redLinks = new QLabel(this);
    m_red = new RedStretches(redLinks, this);
    connect(m_red, &RedStretches::eventsRequested, this, &HistoryPage::eventsRequested);
    auto *chartPane = new QWidget(this);
    auto *chartLayout = new QVBoxLayout(chartPane);
    chartLayout->setContentsMargins(0, 0, 0, 0);
    chartLayout->addWidget(m_chart, 1);
    chartLayout->addWidget(redLinks);

    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(chartPane);
    split->addWidget(m_table);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_answer);
    layout->addWidget(m_detail);
    layout->addLayout(controls);
    layout->addWidget(m_chartNote);
    layout->addWidget(split, 1);

    connect(m_scope, &QComboBox::currentIndexChanged, this, &HistoryPage::updateChart);
    connect(reloadButton, &QPushButton::clicked, this, &HistoryPage::reload);
    connect(m_ctx, &AppContext::configChanged, this, &HistoryPage::reload);
    connect(m_ctx, &AppContext::snapshotChanged, this, &HistoryPage::reload);
    connect(m_ctx, &AppContext::preferencesChanged, this, &HistoryPage::reload);
    reload();
}

HistoryPage::~HistoryPage() = default;

QString HistoryPage::statusText(ForecastStatus s)
{
    switch (s) {
    case ForecastStatus::InsufficientData:
        return tr("insufficient data");
    case ForecastStatus::NotGrowing:
        return tr("not growing");
    case ForecastStatus::BeyondHorizon:
        return tr("beyond horizon");
    case ForecastStatus::AlreadyAbove:
        return tr("already above the limit");
    case ForecastStatus::WillCross:
        return tr("will cross");
    }
    return Forecast::statusName(s);
}

QString HistoryPage::shortCount(qint64 n)
{
    const QLocale locale;
    if (n >= 1000000 && n % 100000 == 0)
        return locale.toString(n / 1e6, 'g', 4) + QLatin1Char('M');
    if (n >= 1000 && n % 100 == 0)
        return locale.toString(n / 1e3, 'g', 4) + QLatin1Char('K');
    return locale.toString(n);
}

QString HistoryPage::answerText(const ClusterForecast &f, qint64 rowLimit)
{
    const QString limit = shortCount(rowLimit);
    for (const TableForecast &t : f.tables)
        if (t.status == ForecastStatus::AlreadyAbove)
            return tr("Expand now: %1 already holds %2 rows (limit %3)")
                .arg(t.key, QLocale().toString(t.latestRows), limit);
    if (!f.earliestCrossing)
        return tr("No table is growing toward the limit");
    const QDateTime by = f.expandBy ? *f.expandBy : *f.earliestCrossing;
    if (f.overdue)
        return tr("Expand now (it was due %1): %2 reaches %3 rows on %4")
            .arg(by.date().toString(Qt::ISODate), f.earliestKey, limit,
                 f.earliestCrossing->date().toString(Qt::ISODate));
    return tr("Expand before %1 (%2 reaches %3 rows first)")
        .arg(by.date().toString(Qt::ISODate), f.earliestKey, limit);
}

void HistoryPage::reload()
{
    const QString keep = m_scope->currentData().toString();
    {
        const QSignalBlocker block(m_scope);
        m_scope->clear();
        for (const TableRule &t : m_ctx->config().tables)
            if (!t.dataNodes.isEmpty())
                m_scope->addItem(tr("Logic table %1").arg(t.logicTable), QString(QStringLiteral("t:") + t.logicTable));
        for (const DataSourceDef &ds : m_ctx->config().dataSources)
            m_scope->addItem(tr("Data source %1").arg(ds.name), QString(QStringLiteral("d:") + ds.name));
        const int idx = m_scope->findData(keep);
        m_scope->setCurrentIndex(idx >= 0 ? idx : 0);
    }
    ForecastOptions options;
    options.rowLimit = m_ctx->rowLimit();
    m_series.clear();
    m_load.clear();
    if (!m_ctx->hasConfig()) {
        m_runner->cancel();
        m_answer->setText(tr("Open a sharding config to see its history."));
        m_detail->clear();
        m_model->removeRows(0, m_model->rowCount());
        updateChart();
        return;
    }
    // The SQLite file may be busy while a refresh writes it (up to its busy timeout): read it on
    // a worker thread, with a connection of that thread, never on the UI thread.
    QStringList scopes;
    for (int i = 0; i < m_scope->count(); ++i)
        scopes << m_scope->itemData(i).toString();
    const QString path = StatsHistory::defaultPathFor(m_ctx->configPath());
    m_answer->setText(tr("Reading the history…"));
    m_runner->start(
        [path, scopes, options](JobControl &) {
            HistoryData d;
            StatsHistory history(path);
            if (!history.isOpen()) {
                d.error = history.lastError();
                return d;
            }
            d.snapshots = history.snapshots();
            d.forecast = Forecast::forecast(history.allNodeSeries(), options);
            for (const QString &scope : scopes)
                d.series.insert(scope, scope.startsWith(QLatin1String("t:"))
                                           ? history.countsForLogicTable(scope.mid(2))
                                           : history.countsForDataSource(scope.mid(2)));
            // The health page's samples in the same file: the load next to the growth (the newest
            // 20000 per data source, about a day at the default 5 s).
            health::HealthHistory load(path);
            if (load.isOpen())
                for (const QString &scope : scopes)
                    if (scope.startsWith(QLatin1String("d:")))
                        d.load.insert(scope, load.series(scope.mid(2), {}, {}, 20000));
            return d;
        },
        [this, options](const HistoryData &d) { showHistory(d, options); });
}

void HistoryPage::showHistory(const HistoryData &data, const ForecastOptions &options)
{
    if (!data.error.isEmpty()) {
        m_answer->setText(tr("The statistics history cannot be opened: %1").arg(data.error));
        m_detail->clear();
        return;
    }
    m_series = data.series;
    m_load = data.load;
    const QList<SnapshotInfo> &snaps = data.snapshots;
    const ClusterForecast &forecast = data.forecast;
    fillForecast(forecast, options);
    if (snaps.size() < 2) {
        m_answer->setText(tr("Not enough history yet: every Refresh on the dashboard records a snapshot "
                             "(%n recorded so far).", nullptr, int(snaps.size())));
        m_detail->setText(tr("Forecasts need at least two snapshots taken at different times."));
    } else {
        m_answer->setText(answerText(forecast, options.rowLimit));
        QString detail = tr("%n snapshot(s) from %1 to %2.", nullptr, int(snaps.size()))
                             .arg(timestampText(snaps.first().takenAt), timestampText(snaps.last().takenAt));
        if (forecast.earliestCrossing)
            detail += QLatin1Char(' ')
                + tr("%1 crosses %2 rows on %3; the advice leaves %4 days to prepare and run the expansion.")
                      .arg(forecast.earliestKey, QLocale().toString(options.rowLimit),
                           forecast.earliestCrossing->date().toString(Qt::ISODate))
                      .arg(options.leadDays);
        m_detail->setText(detail);
    }
    updateChart();
}

void HistoryPage::fillForecast(const ClusterForecast &forecast, const ForecastOptions &options)
{
    Q_UNUSED(options)
    const QLocale locale;
    m_model->removeRows(0, m_model->rowCount());
    QList<TableForecast> tables = forecast.tables;
    std::stable_sort(tables.begin(), tables.end(), [](const TableForecast &a, const TableForecast &b) {
        if (urgency(a.status) != urgency(b.status))
            return urgency(a.status) < urgency(b.status);
        if (a.status == ForecastStatus::WillCross)
            return a.daysToCrossing < b.daysToCrossing;
        return a.latestRows > b.latestRows;
    });
    int rank = 0;
    for (const TableForecast &t : std::as_const(tables)) {
        const bool crosses = t.crossing.has_value();
        // Sort keys make the default order (urgency) reproducible by clicking "Days left".
        const double daysKey = crosses ? t.daysToCrossing : 1e12 + urgency(t.status);
        QList<QStandardItem *> row{
            item(t.key, t.key),
            item(t.latestRows >= 0 ? locale.toString(t.latestRows) : tr("unknown"), t.latestRows,
                 Qt::AlignRight),
            item(t.points >= 2 ? locale.toString(t.rowsPerDay, 'f', 0) : tr("–"), t.rowsPerDay,
                 Qt::AlignRight),
            item(crosses ? t.crossing->date().toString(Qt::ISODate) : tr("–"),
                 crosses ? t.crossing->toMSecsSinceEpoch() : std::numeric_limits<qint64>::max()),
            item(crosses ? locale.toString(t.daysToCrossing, 'f', 0) : tr("–"), daysKey, Qt::AlignRight),
            item(statusText(t.status), rank++)};
        if (t.status == ForecastStatus::AlreadyAbove || (crosses && t.daysToCrossing < options.leadDays))
            for (QStandardItem *i : row)
                i->setForeground(QColor(0xb0, 0x00, 0x20));
        m_model->appendRow(row);
    }
    m_table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
}

namespace {

// Adds `line` to `chart` on both axes; a segment after the first of its kind keeps its colour and
// stays out of the legend.
void addLine(QChart *chart, QLineSeries *line, QAbstractAxis *x, QAbstractAxis *y, bool inLegend)
{
    chart->addSeries(line);
    line->attachAxis(x);
    line->attachAxis(y);
    if (!inLegend)
        for (QLegendMarker *m : chart->legend()->markers(line))
            m->setVisible(false);
}

} // namespace

void HistoryPage::updateChart()
{
    auto *chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    const QString scope = m_scope->currentData().toString();
    const QList<CountPoint> points = m_series.value(scope); // read by reload()'s job
    chart->setTitle(points.isEmpty() ? tr("No history for %1 yet").arg(m_scope->currentText())
                                     : tr("Rows of %1 over time").arg(m_scope->currentText()));
    qint64 top = 0;
    QDateTime first;
    QDateTime last;
    for (const CountPoint &p : std::as_const(points)) {
        top = std::max({top, p.exactRows, p.estimatedRows});
        if (!first.isValid())
            first = p.time;
        last = p.time;
    }
    auto *axisX = new QDateTimeAxis;
    axisX->setObjectName(QStringLiteral("historyTimeAxis"));
    const bool shortSpan = first.isValid() && first.secsTo(last) < 2 * 86400;
    axisX->setFormat(shortSpan ? QStringLiteral("MM-dd HH:mm") : QStringLiteral("yyyy-MM-dd"));
    axisX->setTickCount(6);
    if (first.isValid()) {
        const QDateTime to = last > first ? last : first.addSecs(3600);
        axisX->setRange(first.toLocalTime(), to.toLocalTime());
    }
    chart->addAxis(axisX, Qt::AlignBottom);
    auto *axisY = new QValueAxis;
    setCountAxisRange(axisY, double(top), 1.1);
    axisY->setTitleText(tr("rows"));
    chart->addAxis(axisY, Qt::AlignLeft);

    // One line per kind of count, broken wherever that kind is missing: a line joins only two
    // snapshots that both counted every table that way.
    struct Kind
    {
        QString name;
        QString objectName;
        QColor colour;
        qint64 CountPoint::*rows;
    };
    const Kind kinds[] = {{tr("Exact counts (COUNT(*))"), QStringLiteral("exactCounts"),
                           QColor(0x31, 0x68, 0x8e), &CountPoint::exactRows},
                          {tr("Estimates (InnoDB TABLE_ROWS)"), QStringLiteral("estimatedCounts"),
                           QColor(0xe0, 0x8a, 0x1e), &CountPoint::estimatedRows}};
    int lines = 0;
    for (const Kind &kind : kinds) {
        QLineSeries *segment = nullptr;
        int segments = 0;
        for (const CountPoint &p : std::as_const(points)) {
            const qint64 rows = p.*kind.rows;
            if (rows < 0) {
                segment = nullptr;
                continue;
            }
            if (!segment) {
                segment = new QLineSeries;
                segment->setName(kind.name);
                segment->setObjectName(kind.objectName);
                segment->setColor(kind.colour);
                addLine(chart, segment, axisX, axisY, segments == 0);
                ++segments;
            }
            segment->append(double(p.time.toMSecsSinceEpoch()), double(rows));
        }
        lines += segments > 0 ? 1 : 0;
    }
    for (QAbstractSeries *s : chart->series())
        if (auto *line = qobject_cast<QLineSeries *>(s))
            line->setPointsVisible(points.size() <= 60 || line->count() == 1); // a lone point stays visible

    // Snapshots without a count of every table: a grey band over each stretch (a line for one
    // snapshot), named for what is missing; not a value.
    QStringList unknownSources;
    int unknownSnapshots = 0;
    for (qsizetype i = 0; i < points.size(); ++i) {
        if (points.at(i).known())
            continue;
        qsizetype j = i;
        while (j + 1 < points.size() && !points.at(j + 1).known())
            ++j;
        const double from = double(points.at(i).time.toMSecsSinceEpoch());
        const double to = double(points.at(j).time.toMSecsSinceEpoch());
        auto *upper = new QLineSeries;
        upper->append(from, axisY->max());
        upper->append(to, axisY->max());
        auto *lower = new QLineSeries;
        lower->append(from, 0);
        lower->append(to, 0);
        auto *band = new QAreaSeries(upper, lower);
        band->setObjectName(QStringLiteral("unknownCounts"));
        band->setName(tr("Count unknown"));
        band->setColor(QColor(0x90, 0x90, 0x90, 60));
        QPen pen(QColor(0x90, 0x90, 0x90));
        pen.setStyle(Qt::DashLine);
        band->setPen(pen);
        chart->addSeries(band);
        band->attachAxis(axisX);
        band->attachAxis(axisY);
        if (unknownSnapshots > 0)
            for (QLegendMarker *m : chart->legend()->markers(band))
                m->setVisible(false);
        for (qsizetype k = i; k <= j; ++k) {
            ++unknownSnapshots;
            for (const QString &ds : points.at(k).unknownSources)
                if (!unknownSources.contains(ds))
                    unknownSources << ds;
        }
        i = j;
    }
    QString note;
    if (unknownSnapshots > 0)
        note =
            tr("%n snapshot(s) without a count of every table (no count from %1: unreachable or failed); the "
               "lines break there.",
               nullptr, unknownSnapshots)
                .arg(unknownSources.join(QStringLiteral(", ")));
    if (lines > 1)
        note += (note.isEmpty() ? QString() : QStringLiteral(" ")) +
                tr("Exact counts and estimates are drawn apart: the gap between them is not growth.");
    m_chartNote->setText(note);
    m_chartNote->setVisible(!note.isEmpty());

    // A data source: its load (QPS of the health samples) on a second axis, over the same time;
    // broken where the server was down or the rate unknown.
    const QList<health::LoadPoint> load = m_load.value(scope);
    m_red->clear();
    if (!load.isEmpty()) {
        auto *axisQps = new QValueAxis;
        axisQps->setTitleText(tr("queries per second"));
        chart->addAxis(axisQps, Qt::AlignRight);
        double qpsTop = 0;
        QDateTime lf, ll;
        QLineSeries *segment = nullptr;
        int segments = 0;
        for (const health::LoadPoint &p : load) {
            if (!p.up || p.qps < 0) {
                segment = nullptr;
                continue;
            }
            if (!segment) {
                segment = new QLineSeries;
                segment->setName(tr("QPS (health samples)"));
                segment->setObjectName(QStringLiteral("loadQps"));
                segment->setColor(QColor(0x2e, 0x8b, 0x57));
                addLine(chart, segment, axisX, axisQps, segments == 0);
                ++segments;
            }
            segment->append(double(p.time.toMSecsSinceEpoch()), p.qps);
            qpsTop = std::max(qpsTop, p.qps);
            if (!lf.isValid())
                lf = p.time;
            ll = p.time;
        }
        setCountAxisRange(axisQps, qpsTop, 1.1);
        if (lf.isValid()) {
            const QDateTime from = first.isValid() ? std::min(first, lf) : lf;
            const QDateTime to = std::max(last.isValid() ? last : ll, ll);
            axisX->setRange(from.toLocalTime(), (to > from ? to : from.addSecs(60)).toLocalTime());
            if (!first.isValid())
                chart->setTitle(tr("Load of %1 over time").arg(m_scope->currentText()));
            else
                chart->setTitle(tr("Rows and load of %1 over time").arg(m_scope->currentText()));
        }
        m_red->show(chart, axisX, axisQps, scope.mid(2), load, axisQps->max());
        ++lines;
    }
    chart->legend()->setVisible(lines > 1 || unknownSnapshots > 0);
    QChart *old = m_chart->chart();
    m_chart->setChart(chart);
    delete old;
}

} // namespace sp::ui
