#pragma once
#include "core/planning/RingBalance.h"

#include <QChartView>

class QLineSeries;

namespace sp::ui {

// Line chart of a consistent-hash ring's balance: expected max/mean and min/mean load per node
// against the number of virtual nodes (log-scaled x axis), for the ring after the expansion and,
// dashed, the ring before it, with an optional marker at the virtual-node count the config uses
// today.
class RingBalanceChart final : public QChartView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RingBalanceChart)
public:
    explicit RingBalanceChart(QWidget *parent = nullptr);
    ~RingBalanceChart() override;

    // `nodes`: ring size the series was computed for; `currentVirtualNodes` 0 = no marker;
    // `before`/`beforeNodes`: the same for the ring before the expansion (empty: not shown).
    void setSeries(const QList<planning::BalancePoint> &points, int nodes, int currentVirtualNodes,
                   const QList<planning::BalancePoint> &before = {}, int beforeNodes = 0);
    void clear(const QString &title);

    // For tests and tooltips: the series shown (null when empty).
    QLineSeries *maxSeries() const { return m_max; }
    QLineSeries *minSeries() const { return m_min; }
    QLineSeries *markerSeries() const { return m_marker; }
    QLineSeries *beforeMaxSeries() const { return m_beforeMax; }
    QLineSeries *beforeMinSeries() const { return m_beforeMin; }

private:
    void replaceChart(QChart *chart);
    QLineSeries *m_max = nullptr;
    QLineSeries *m_min = nullptr;
    QLineSeries *m_marker = nullptr;
    QLineSeries *m_beforeMax = nullptr;
    QLineSeries *m_beforeMin = nullptr;
};

} // namespace sp::ui
