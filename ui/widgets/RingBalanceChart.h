#pragma once
#include "core/planning/RingBalance.h"

#include <QChartView>

class QLineSeries;

namespace sp::ui {

// Line chart of a consistent-hash ring's balance: expected max/mean and min/mean load per node
// against the number of virtual nodes (log-scaled x axis), with an optional marker at the
// virtual-node count the config uses today.
class RingBalanceChart final : public QChartView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RingBalanceChart)
public:
    explicit RingBalanceChart(QWidget *parent = nullptr);
    ~RingBalanceChart() override;

    // `nodes`: ring size the series was computed for; `currentVirtualNodes` 0 = no marker.
    void setSeries(const QList<planning::BalancePoint> &points, int nodes, int currentVirtualNodes);
    void clear(const QString &title);

    // For tests and tooltips: the series shown (null when empty).
    QLineSeries *maxSeries() const { return m_max; }
    QLineSeries *minSeries() const { return m_min; }
    QLineSeries *markerSeries() const { return m_marker; }

private:
    void replaceChart(QChart *chart);
    QLineSeries *m_max = nullptr;
    QLineSeries *m_min = nullptr;
    QLineSeries *m_marker = nullptr;
};

} // namespace sp::ui
