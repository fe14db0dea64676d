#pragma once
#include "core/migration/Journal.h"

#include <QChartView>

class QLineSeries;

namespace sp::ui {

// Capture lag over time during a migration run: one line per source server, seconds behind the
// server's binlog end (the journal's LagSample). A sample with an unknown time (-1) is left out.
class CaptureLagChart final : public QChartView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CaptureLagChart)
public:
    explicit CaptureLagChart(QWidget *parent = nullptr);
    ~CaptureLagChart() override;

    void setSamples(const QList<migration::LagSample> &samples);

    // For tests: the line of a source server (null when it has none) and the servers shown.
    QLineSeries *seriesOf(const QString &source) const;
    QStringList sources() const;

private:
    QList<migration::LagSample> m_shown;
    bool m_initialized = false;
    QMap<QString, QLineSeries *> m_series;
};

} // namespace sp::ui
