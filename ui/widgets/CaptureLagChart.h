#pragma once
#include "core/migration/Journal.h"

#include <QChartView>

class QLineSeries;

namespace sp::ui {

// Capture lag over time during a migration run: one line per source server, seconds behind the
// server's binlog end (the journal's LagSample). Only measured samples are drawn: a line breaks at
// a sample with an unknown time (-1) and across a gap of more than kMaxGapSeconds between two
// samples of a server (the engine records one every half second while it runs; a longer gap is
// time nobody measured: a pause, an interrupted run), instead of joining them with a straight line.
class CaptureLagChart final : public QChartView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CaptureLagChart)
public:
    explicit CaptureLagChart(QWidget *parent = nullptr);
    ~CaptureLagChart() override;

    static constexpr int kMaxGapSeconds = 30;

    void setSamples(const QList<migration::LagSample> &samples);

    // For tests: the newest line segment of a source server (null when it has none), all its
    // segments (oldest first) and the servers shown.
    QLineSeries *seriesOf(const QString &source) const;
    QList<QLineSeries *> segmentsOf(const QString &source) const;
    QStringList sources() const;

private:
    QList<migration::LagSample> m_shown;
    bool m_initialized = false;
    QMap<QString, QList<QLineSeries *>> m_series;
};

} // namespace sp::ui
