#pragma once
#include "core/migration/Journal.h"

#include <QList>
#include <QWidget>

namespace sp::ui {

// The T0..T9 stepper of a run: one node per step, coloured and marked by its state (pending, running,
// done, failed, rolled back), joined by a line that is solid up to the last step done. A click selects
// a step (stepSelected); the tooltip of a node gives its state, times and the engine's message.
class StepperWidget final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StepperWidget)
public:
    explicit StepperWidget(QWidget *parent = nullptr);

    void setSteps(const QList<migration::StepState> &steps);
    // A dual-master run: the nodes are D1..D10 with their titles.
    void setDualMaster(bool on);
    bool dualMaster() const { return m_dual; }
    const QList<migration::StepState> &steps() const { return m_steps; }
    migration::StepStatus status(migration::Step s) const;
    // The step shown as selected (-1: none).
    int selected() const { return m_selected; }
    void setSelected(int step);
    // The node's rectangle (tests click it).
    QRect nodeRect(int step) const;

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
    bool m_dual = false;
};

} // namespace sp::ui
