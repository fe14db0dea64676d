#pragma once
#include "core/planning/ExpansionPlan.h"

#include <QChartView>

namespace sp::ui {

// Horizontal bars of the rows a plan moves (exact when counted, else estimated), per move pair or
// summed per source node; the share of the source node's rows when the plan has no counts.
class MovesChart final : public QChartView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MovesChart)
public:
    enum class Mode
    {
        PerPair,
        PerSourceNode
    };
    static constexpr int kMaxBars = 10;

    explicit MovesChart(QWidget *parent = nullptr);
    ~MovesChart() override;

    // `logicTable` empty: every table.
    void setPlan(const planning::ExpansionPlan &plan, const QString &logicTable, Mode mode);
    void clearPlan(const QString &title = {});
    int barCount() const { return m_bars; }

private:
    int m_bars = 0;
};

} // namespace sp::ui
