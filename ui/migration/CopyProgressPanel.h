#pragma once
#include "ui/migration/RunController.h"

#include <QWidget>

class QChartView;
class QLabel;
class QTableWidget;

namespace sp::ui {

class CaptureLagChart;

// The copy (T2) of a run: one row per pair (source node -> target node) with rows copied of the
// plan's expectation as a bar, rows per second and the time left, measured from the rows-copied
// history the controller keeps; and a chart of the rows copied over time.
class CopyProgressPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CopyProgressPanel)
public:
    enum Columns
    {
        SourceColumn,
        TargetColumn,
        CopiedColumn,
        BarColumn,
        RateColumn,
        EtaColumn,
        ColumnCount
    };
    static constexpr int FractionRole = Qt::UserRole + 1; // BarColumn: 0..1, or -1 when unknown

    explicit CopyProgressPanel(QWidget *parent = nullptr);
    void showRun(const RunController &run);
    // "1 h 05 min", "42 s"
    static QString durationText(double seconds);

private:
    void updateChart(const RunController &run);

    QLabel *m_summary = nullptr;
    QTableWidget *m_table = nullptr;
    QChartView *m_chart = nullptr;
    CaptureLagChart *m_lag = nullptr;
    int m_chartSamples = -1;
};

} // namespace sp::ui
