#pragma once
#include "core/planning/WhatIf.h"

#include <QWidget>

class QBarSet;
class QChartView;

namespace sp::ui {

// Bar charts comparing the what-if strategies: share of rows moved vs copied (%), and, when the
// snapshot gives row counts, rows moved vs copied in a second chart (its own scale).
class StrategyBarChart final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StrategyBarChart)
public:
    explicit StrategyBarChart(QWidget *parent = nullptr);
    ~StrategyBarChart() override;

    void setRows(const QList<planning::WhatIfRow> &rows);
    void clear(const QString &title);

    QChartView *shareView() const { return m_shareView; }
    QChartView *rowsView() const { return m_rowsView; }
    // What the bars show for the report's row `row` (-1 when not shown).
    double shareMovedPercent(int row) const;
    qint64 rowsMovedAt(int row) const;

private:
    QChartView *m_shareView;
    QChartView *m_rowsView;
    QBarSet *m_shareMoved = nullptr;
    QBarSet *m_rowsMoved = nullptr;
    double m_rowsUnit = 1.0;
};

} // namespace sp::ui
