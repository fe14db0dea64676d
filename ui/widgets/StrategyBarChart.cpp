#include "ui/widgets/StrategyBarChart.h"

#include "ui/models/WhatIfModel.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QFontMetrics>
#include <QHorizontalBarSeries>
#include <QLegend>
#include <QLocale>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <functional>

namespace sp::ui {

namespace {

QChartView *makeView(QWidget *parent, const char *name)
{
    auto *v = new QChartView(parent);
    v->setObjectName(QLatin1String(name));
    v->setRenderHint(QPainter::Antialiasing);
    // Below this the bars and their labels run into each other, and Qt Charts cuts the category
    // labels of three strategies to "..." once a value axis title takes its line (rows chart).
    v->setMinimumHeight(240);
    return v;
}

void install(QChartView *view, QChart *chart)
{
    chart->setAnimationOptions(QChart::NoAnimation);
    QChart *old = view->chart();
    view->setChart(chart);
    delete old;
}

// Horizontal bars are drawn bottom-up: categories and values go in reverse so the first strategy
// of the report is on top, as in the table.
QStringList categories(const QList<planning::WhatIfRow> &rows)
{
    QStringList out;
    for (const planning::WhatIfRow &r : rows)
        out.prepend(
            r.feasible
                ? WhatIfModel::strategyTitle(r.strategy)
                : StrategyBarChart::tr("%1 (not possible)").arg(WhatIfModel::strategyTitle(r.strategy)));
    return out;
}

// One horizontal bar series of two sets over the strategies, with a hover tooltip.
QHorizontalBarSeries *addBars(StrategyBarChart *owner, QChart *chart, const QList<planning::WhatIfRow> &rows,
                              QBarSet *first, QBarSet *second, QValueAxis *valueAxis,
                              const std::function<QString(double)> &format)
{
    auto *series = new QHorizontalBarSeries;
    series->append(first);
    series->append(second);
    chart->addSeries(series);
    auto *cats = new QBarCategoryAxis;
    cats->append(categories(rows));
    chart->addAxis(cats, Qt::AlignLeft);
    series->attachAxis(cats);
    chart->addAxis(valueAxis, Qt::AlignBottom);
    series->attachAxis(valueAxis);
    chart->legend()->setAlignment(Qt::AlignBottom);
    const int n = int(rows.size());
    QObject::connect(series, &QHorizontalBarSeries::hovered, owner,
                     [owner, rows, n, format](bool status, int index, QBarSet *set) {
                         if (!status || index < 0 || index >= n) {
                             QToolTip::hideText();
                             return;
                         }
                         QToolTip::showText(
                             QCursor::pos(),
                             QStringLiteral("%1 \u2014 %2: %3")
                                 .arg(WhatIfModel::strategyTitle(rows.at(n - 1 - index).strategy),
                                      set->label(), format(set->at(index))),
                             owner);
                     });
    return series;
}

} // namespace

StrategyBarChart::StrategyBarChart(QWidget *parent)
    : QWidget(parent), m_shareView(makeView(this, "shareChart")), m_rowsView(makeView(this, "rowsChart"))
{
    auto *col = new QVBoxLayout(this);
    col->setContentsMargins(0, 0, 0, 0);
    col->addWidget(m_shareView, 1);
    col->addWidget(m_rowsView, 1);
    clear(QString());
}

StrategyBarChart::~StrategyBarChart() = default;

void StrategyBarChart::clear(const QString &title)
{
    m_shareMoved = nullptr;
    m_rowsMoved = nullptr;
    auto *chart = new QChart;
    chart->setTitle(title);
    chart->legend()->setVisible(false);
    install(m_shareView, chart);
    install(m_rowsView, new QChart);
    m_rowsView->hide();
}

void StrategyBarChart::setRows(const QList<planning::WhatIfRow> &rows)
{
    if (rows.isEmpty()) {
        clear(tr("No strategies to compare"));
        return;
    }
    const QLocale locale;

    // Shares (%).
    auto *chart = new QChart;
    chart->setTitle(tr("Share of rows moved vs copied"));
    m_shareMoved = new QBarSet(tr("moved (data node changes)"));
    auto *copied = new QBarSet(tr("copied (physically)"));
    for (auto it = rows.crbegin(); it != rows.crend(); ++it) {
        m_shareMoved->append(it->feasible ? 100.0 * it->shareMoved : 0.0);
        copied->append(it->feasible ? 100.0 * it->shareCopied : 0.0);
    }
    auto *percent = new QValueAxis;
    percent->setRange(0, 100);
    percent->setTickCount(6);
    percent->setLabelFormat(QStringLiteral("%.0f %%"));
    auto *series = addBars(this, chart, rows, m_shareMoved, copied, percent,
                           [locale](double v) { return locale.toString(v, 'f', 1) + QStringLiteral(" %"); });
    series->setLabelsFormat(QStringLiteral("@value %"));
    series->setLabelsPosition(QAbstractBarSeries::LabelsInsideEnd);
    series->setLabelsPrecision(3);
    // Value labels only where a bar is at least as thick as their text; thinner bars would have
    // the labels run over the neighbouring bars (the tooltip still gives every value).
    const int textHeight = QFontMetrics(chart->font()).height();
    const int categories = int(rows.size());
    auto fitLabels = [series, textHeight, categories](const QRectF &plot) {
        const double bar = plot.height() / std::max(1, categories) * series->barWidth() / 2.0; // two sets
        series->setLabelsVisible(bar >= textHeight);
    };
    connect(chart, &QChart::plotAreaChanged, series, fitLabels);
    fitLabels(chart->plotArea());
    install(m_shareView, chart);

    // Rows (only with counts).
    qint64 top = 0;
    bool haveRows = false;
    for (const planning::WhatIfRow &r : rows)
        if (r.feasible && r.rowsMoved >= 0) {
            haveRows = true;
            top = std::max({top, r.rowsMoved, r.rowsCopied});
        }
    if (!haveRows) {
        m_rowsMoved = nullptr;
        install(m_rowsView, new QChart);
        m_rowsView->hide();
        return;
    }
    // Millions when large: QValueAxis has no digit grouping, and 4800000 is hard to read.
    const bool millions = top >= 1000000;
    const double unit = millions ? 1e6 : 1.0;
    m_rowsUnit = unit;
    auto *rowsChart = new QChart;
    // Sources without a count (an instance down) are left out of the bars: say so, never a full 0.
    QStringList without;
    for (const planning::WhatIfRow &r : rows)
        for (const QString &ds : r.sourcesWithoutRows)
            if (r.feasible && !without.contains(ds))
                without << ds;
    rowsChart->setTitle(without.isEmpty()
                            ? tr("Rows moved vs copied (snapshot counts)")
                            : tr("Rows moved vs copied (snapshot counts; at least: %1 not counted)")
                                  .arg(without.join(QStringLiteral(", "))));
    m_rowsMoved = new QBarSet(tr("rows moved"));
    auto *rowsCopied = new QBarSet(tr("rows copied"));
    for (auto it = rows.crbegin(); it != rows.crend(); ++it) {
        m_rowsMoved->append(it->feasible ? double(std::max<qint64>(0, it->rowsMoved)) / unit : 0.0);
        rowsCopied->append(it->feasible ? double(std::max<qint64>(0, it->rowsCopied)) / unit : 0.0);
    }
    auto *count = new QValueAxis;
    count->setRange(0, top > 0 ? double(top) / unit * 1.05 : 1.0);
    count->applyNiceNumbers();
    count->setLabelFormat(millions ? QStringLiteral("%.1f") : QStringLiteral("%.0f"));
    count->setTitleText(millions ? tr("rows (millions)") : tr("rows"));
    auto *rowBars = addBars(this, rowsChart, rows, m_rowsMoved, rowsCopied, count, [locale, unit](double v) {
        return locale.toString(qint64(std::llround(v * unit)));
    });
    // A strategy without row figures has no bars: its category says "rows unknown", not 0.
    QStringList rowCategories;
    for (auto it = rows.crbegin(); it != rows.crend(); ++it)
        rowCategories << (!it->feasible
                              ? tr("%1 (not possible)").arg(WhatIfModel::strategyTitle(it->strategy))
                          : it->rowsMoved < 0
                              ? tr("%1 (rows unknown)").arg(WhatIfModel::strategyTitle(it->strategy))
                              : WhatIfModel::strategyTitle(it->strategy));
    for (QAbstractAxis *axis : rowBars->attachedAxes())
        if (auto *cats = qobject_cast<QBarCategoryAxis *>(axis)) {
            cats->clear();
            cats->append(rowCategories);
        }
    install(m_rowsView, rowsChart);
    m_rowsView->show();
}

double StrategyBarChart::shareMovedPercent(int row) const
{
    if (!m_shareMoved || row < 0 || row >= m_shareMoved->count())
        return -1;
    return m_shareMoved->at(m_shareMoved->count() - 1 - row);
}

qint64 StrategyBarChart::rowsMovedAt(int row) const
{
    if (!m_rowsMoved || row < 0 || row >= m_rowsMoved->count())
        return -1;
    return qint64(std::llround(m_rowsMoved->at(m_rowsMoved->count() - 1 - row) * m_rowsUnit));
}

} // namespace sp::ui
