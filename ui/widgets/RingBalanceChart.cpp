#include "ui/widgets/RingBalanceChart.h"

#include <QChart>
#include <QLegend>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace sp::ui {

RingBalanceChart::RingBalanceChart(QWidget *parent) : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    // Title, legend and the x axis take about 150 pixels: below 280 the plot is too low for the
    // y axis title ("load / mean load"), which Qt Charts then cuts to "load /...".
    setMinimumHeight(280);
    clear(QString());
}

RingBalanceChart::~RingBalanceChart() = default;

void RingBalanceChart::replaceChart(QChart *chart)
{
    chart->setAnimationOptions(QChart::NoAnimation);
    QChart *old = this->chart();
    setChart(chart);
    delete old;
}

void RingBalanceChart::clear(const QString &title)
{
    m_max = m_min = m_marker = m_beforeMax = m_beforeMin = nullptr;
    auto *chart = new QChart;
    chart->setTitle(title);
    chart->legend()->setVisible(false);
    replaceChart(chart);
}

void RingBalanceChart::setSeries(const QList<planning::BalancePoint> &points, int nodes,
                                 int currentVirtualNodes, const QList<planning::BalancePoint> &before,
                                 int beforeNodes)
{
    if (points.isEmpty()) {
        clear(tr("No ring balance to show"));
        return;
    }
    auto *chart = new QChart;
    if (before.isEmpty())
        chart->setTitle(tr("Ring balance after the expansion (%n node(s))", nullptr, nodes));
    else
        chart->setTitle(tr("Ring balance before (%1) and after (%2) the expansion")
                            .arg(tr("%n node(s)", nullptr, beforeNodes), tr("%n node(s)", nullptr, nodes)));
    chart->legend()->setVisible(true);
    chart->legend()->setAlignment(Qt::AlignBottom);

    m_max = new QLineSeries;
    m_max->setName(tr("max/mean (fullest node)"));
    m_min = new QLineSeries;
    m_min->setName(tr("min/mean (emptiest node)"));
    double top = 1.0;
    int lastX = 1;
    for (const planning::BalancePoint &p : points) {
        m_max->append(p.virtualNodes, p.maxOverMean);
        m_min->append(p.virtualNodes, p.minOverMean);
        top = std::max(top, p.maxOverMean);
        lastX = std::max(lastX, p.virtualNodes);
    }
    chart->addSeries(m_max);
    chart->addSeries(m_min);
    m_beforeMax = m_beforeMin = nullptr;
    if (!before.isEmpty()) {
        // The ring today, dashed in the colours of its "after" lines.
        // Short names: five entries share the legend's one line.
        m_max->setName(tr("max, after"));
        m_min->setName(tr("min, after"));
        m_beforeMax = new QLineSeries;
        m_beforeMax->setName(tr("max, before"));
        m_beforeMin = new QLineSeries;
        m_beforeMin->setName(tr("min, before"));
        for (const planning::BalancePoint &p : before) {
            m_beforeMax->append(p.virtualNodes, p.maxOverMean);
            m_beforeMin->append(p.virtualNodes, p.minOverMean);
            top = std::max(top, p.maxOverMean);
            lastX = std::max(lastX, p.virtualNodes);
        }
        chart->addSeries(m_beforeMax);
        chart->addSeries(m_beforeMin);
        const QList<QPair<QLineSeries *, QLineSeries *>> pairs = {{m_beforeMax, m_max}, {m_beforeMin, m_min}};
        for (const auto &pr : pairs) {
            QPen pen(pr.second->color());
            pen.setStyle(Qt::DashLine);
            pen.setWidth(2);
            pr.first->setPen(pen);
        }
    }

    auto *axisX = new QLogValueAxis;
    axisX->setBase(10);
    axisX->setLabelFormat(QStringLiteral("%g"));
    axisX->setMinorTickCount(-1);
    axisX->setTitleText(tr("virtual nodes per node (log scale)"));
    const int xTop = std::max(lastX, currentVirtualNodes);
    axisX->setRange(1, std::max(2, xTop));
    chart->addAxis(axisX, Qt::AlignBottom);
    auto *axisY = new QValueAxis;
    axisY->setRange(0, top * 1.05);
    axisY->applyNiceNumbers();
    axisY->setLabelFormat(QStringLiteral("%.1f"));
    axisY->setTitleText(tr("load / mean load"));
    chart->addAxis(axisY, Qt::AlignLeft);
    for (QLineSeries *s : {m_max, m_min, m_beforeMax, m_beforeMin}) {
        if (!s)
            continue;
        s->attachAxis(axisX);
        s->attachAxis(axisY);
    }

    m_marker = nullptr;
    if (currentVirtualNodes > 0) {
        m_marker = new QLineSeries;
        m_marker->setName(tr("config today: %1 virtual nodes").arg(currentVirtualNodes));
        m_marker->append(currentVirtualNodes, 0);
        m_marker->append(currentVirtualNodes, axisY->max());
        QPen pen(QColor(0x60, 0x60, 0x60));
        pen.setStyle(Qt::DashLine);
        pen.setWidth(2);
        m_marker->setPen(pen);
        chart->addSeries(m_marker);
        m_marker->attachAxis(axisX);
        m_marker->attachAxis(axisY);
    }

    auto hover = [this](const QPointF &point, bool state) {
        if (!state) {
            QToolTip::hideText();
            return;
        }
        // Nearest computed point: x is a virtual-node count.
        const int v = int(std::lround(point.x()));
        const QLocale locale;
        for (int i = 0; m_max && i < m_max->count(); ++i) {
            if (int(m_max->at(i).x()) < v)
                continue;
            QToolTip::showText(QCursor::pos(),
                               tr("%1 virtual nodes: max/mean %2, min/mean %3")
                                   .arg(int(m_max->at(i).x()))
                                   .arg(locale.toString(m_max->at(i).y(), 'f', 3),
                                        locale.toString(m_min->at(i).y(), 'f', 3)),
                               this);
            return;
        }
    };
    connect(m_max, &QLineSeries::hovered, this, hover);
    connect(m_min, &QLineSeries::hovered, this, hover);
    replaceChart(chart);
}

} // namespace sp::ui
