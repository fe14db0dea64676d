#include "ui/planning/MovesChart.h"

#include "ui/planning/MovePairModel.h"
#include "ui/widgets/ChartAxes.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QHorizontalBarSeries>
#include <QValueAxis>

#include <algorithm>

namespace sp::ui {

using namespace sp::planning;

MovesChart::MovesChart(QWidget *parent) : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    // Ten category labels need about 23 px each or Qt Charts elides them to "..." (seen at 250 px).
    setMinimumHeight(290);
    clearPlan();
}

MovesChart::~MovesChart() = default;

void MovesChart::clearPlan(const QString &title)
{
    auto *chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setVisible(false);
    chart->setTitle(title.isEmpty() ? tr("No plan yet") : title);
    QChart *old = this->chart();
    setChart(chart);
    delete old;
    m_bars = 0;
}

void MovesChart::setPlan(const ExpansionPlan &plan, const QString &logicTable, Mode mode)
{
    bool counted = false;
    for (const TablePlan &t : plan.tables)
        for (const MovePair &p : t.pairs)
            counted = counted || MovePairModel::rowsOf(p) >= 0;
    // label -> value, in plan order
    QStringList labels;
    QHash<QString, double> values;
    for (const TablePlan &t : plan.tables) {
        if (!logicTable.isEmpty() && t.logicTable != logicTable)
            continue;
        for (const MovePair &p : t.pairs) {
            const QString label =
                mode == Mode::PerPair
                    ? p.source.toString() + QStringLiteral(" → ") +
                          (p.source.table == p.target.table ? p.target.dataSource : p.target.toString())
                    : p.source.toString();
            const double v =
                counted ? double(std::max<qint64>(0, MovePairModel::rowsOf(p))) : p.share * 100.0;
            if (!values.contains(label))
                labels << label;
            values[label] += v; // per source node: the pairs' shares add up to the share that leaves it
        }
    }
    QString title =
        counted ? (mode == Mode::PerPair ? tr("Rows moved per pair") : tr("Rows moved per source node"))
                : (mode == Mode::PerPair ? tr("Share of the source node's rows per pair (%)")
                                         : tr("Share of each source node's rows that moves (%)"));
    if (!logicTable.isEmpty())
        title += QStringLiteral(" — ") + logicTable;
    if (labels.size() > kMaxBars) {
        std::stable_sort(labels.begin(), labels.end(), [&values](const QString &a, const QString &b) {
            return values.value(a) > values.value(b);
        });
        title += QLatin1Char(' ') + tr("(the %1 largest of %2)").arg(kMaxBars).arg(labels.size());
        labels = labels.mid(0, kMaxBars);
    }
    // Horizontal bars list bottom-up: reverse so the first pair is on top.
    std::reverse(labels.begin(), labels.end());

    auto *chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setVisible(false);
    chart->setTitle(title);
    chart->setMargins(QMargins(4, 4, 4, 4));
    auto *set = new QBarSet(counted ? tr("Rows") : tr("Share"));
    set->setColor(QColor(0x31, 0x68, 0x8e));
    double top = 0;
    for (const QString &l : std::as_const(labels)) {
        set->append(values.value(l));
        top = std::max(top, values.value(l));
    }
    set->setLabelColor(palette().color(QPalette::WindowText));
    auto *series = new QHorizontalBarSeries;
    series->append(set);
    series->setLabelsVisible(labels.size() <= 10);
    series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    series->setLabelsFormat(counted ? QStringLiteral("@value") : QStringLiteral("@value%"));
    series->setLabelsPrecision(counted ? 12 : 3);
    chart->addSeries(series);
    auto *axisY = new QBarCategoryAxis;
    axisY->append(labels);
    QFont small = axisY->labelsFont();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    axisY->setLabelsFont(small);
    chart->addAxis(axisY, Qt::AlignLeft);
    series->attachAxis(axisY);
    auto *axisX = new QValueAxis;
    setCountAxisRange(axisX, top, 1.25); // room for the value labels outside the bars' ends
    if (!counted)
        axisX->setLabelFormat(QStringLiteral("%.0f%%"));
    chart->addAxis(axisX, Qt::AlignBottom);
    series->attachAxis(axisX);
    QChart *old = this->chart();
    setChart(chart);
    delete old;
    m_bars = int(labels.size());
}

} // namespace sp::ui
