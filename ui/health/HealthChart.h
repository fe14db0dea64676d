#pragma once
#include "ui/health/HealthController.h"

#include <QWidget>

namespace sp::ui {

// The detail pane's charts of one data source: QPS and TPS, threads running, replica lag, over a
// time window (15 minutes by default). The wheel zooms (1 minute .. 1 hour), a drag pans back in
// time, a double click follows "now" again. New points never reset the zoom or the pan: the
// window keeps its span, and a panned view keeps its distance from now.
class HealthChart final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HealthChart)
public:
    explicit HealthChart(QWidget *parent = nullptr);

    void setRow(const HealthRow &row, qint64 nowMsecs);
    void clear();
    // The span shown: the reader's zoom, else the history there is (1 to 15 minutes).
    qint64 windowMs() const;
    bool isZoomed() const { return m_zoomed; }
    qint64 panMs() const { return m_panMs; }
    void setWindowMs(qint64 ms);
    void resetView();

    // The stretches of time the server did not answer, [first unanswered sample, next answered one]
    // (to the last sample while it still does not): drawn as "unknown" bands, never as zero.
    struct Span
    {
        qint64 from = 0;
        qint64 to = 0;
    };
    static QList<Span> unknownSpans(const QList<HealthPoint> &points);
    // What a chart shows at `msecs` (tests): true inside an unknown band.
    bool showsUnknownAt(qint64 msecs) const;

    QSize sizeHint() const override { return QSize(600, 300); }
    QSize minimumSizeHint() const override { return QSize(240, 180); }

protected:
    void paintEvent(QPaintEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;

private:
    HealthRow m_row;
    bool m_hasRow = false;
    qint64 m_now = 0;
    qint64 m_windowMs = 15 * 60 * 1000;
    bool m_zoomed = false;
    qint64 m_panMs = 0;
    int m_dragX = 0;
    qint64 m_dragPan = 0;
};

} // namespace sp::ui
