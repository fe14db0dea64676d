#pragma once
#include "core/migration/Journal.h"
#include "core/migration/run/RunKind.h"

#include <QList>
#include <QWidget>

namespace sp::ui {

// The stepper of a run: one node per step of its kind's table (T0..T9, D1..D10), coloured and marked by its
// state (pending, running, done, failed, rolled back), joined by a line that is solid up to the last step
// done. A click selects a step (stepSelected); the tooltip of a node gives its state, times and the engine's
// message.
class StepperWidget final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StepperWidget)
public:
    explicit StepperWidget(QWidget *parent = nullptr);

    void setSteps(const QList<migration::StepState> &steps);
    // The run's kind: its table names the nodes (T0..T9, D1..D10) and gives their titles.
    void setKind(migration::RunKindId kind);
    migration::RunKindId kind() const { return m_kind; }
    const QList<migration::StepState> &steps() const { return m_steps; }
    migration::StepStatus status(migration::Step s) const;
    // The step shown as selected (-1: none).
    int selected() const { return m_selected; }
    void setSelected(int step);
    // The node's rectangle (tests click it).
    QRect nodeRect(int step) const;
    // What the node shows: the step's id and its translated title ("T3", "Catch up").
    QString nodeName(int step) const;
    QString nodeTitle(int step) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void stepSelected(int step);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    int stepAt(const QPoint &p) const;
    QString tooltipFor(int step) const;

    QList<migration::StepState> m_steps;
    int m_selected = -1;
    migration::RunKindId m_kind = migration::RunKindId::Copy;
};

} // namespace sp::ui
