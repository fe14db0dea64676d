#pragma once
#include "ui/health/HealthController.h"

#include <QWidget>

namespace sp::ui {

// The health page's table, painted in one widget: per data source its verdict, name, sparklines
// of the last 15 minutes (less while there is less history; QPS, threads running, replica lag) with the value now, connections,
// TPS and the reason in words. It paints the rows it was given last (setRows), so a paused page
// keeps its picture while the samples go on. A click selects a row.
class HealthGrid final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HealthGrid)
public:
    static constexpr qint64 kSparkWindowMs = 15 * 60 * 1000;

    explicit HealthGrid(QWidget *parent = nullptr);

    void setRows(const QList<HealthRow> &rows, qint64 nowMsecs);
    const QList<HealthRow> &rows() const { return m_rows; }
    int selectedRow() const { return m_selected; }
    void setSelectedRow(int row);
    int rowAt(const QPoint &pos) const;
    QRect rowRect(int row) const;
    // Where a row's verdict words are painted (the last column); the sparklines narrow before the
    // verdict would leave the widget, and below minimumSizeHint() the grid's scroll area scrolls.
    QRect verdictRect(int row) const;
    int sparkWidth() const;
    int paintCount() const { return m_paintCount; } // paint events so far (tests, benchmark)

    static QColor verdictColor(health::Verdict v);
    static QString verdictText(health::Verdict v);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void rowSelected(int row);

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    QList<HealthRow> m_rows;
    qint64 m_now = 0;
    qint64 m_from = 0;
    int m_selected = -1;
    int m_paintCount = 0;
};

} // namespace sp::ui
