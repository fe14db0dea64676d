#pragma once
#include <QWidget>

namespace sp::ui {

class AppContext;

// Planning: the what-if comparison of the three strategies for the loaded cluster (table + bar
// chart: rows/bytes and share moved, skew after, write-stop, steps, risks; real counts when a
// snapshot is loaded) and the ring balance chart (max/mean load vs virtual nodes). Its
// "Plan expansion…" button asks the main window to open the expansion wizard.
class PlanningPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PlanningPage)
public:
    explicit PlanningPage(AppContext *ctx, QWidget *parent = nullptr);
    ~PlanningPage() override;

signals:
    void wizardRequested();

private:
    AppContext *m_ctx;
};

} // namespace sp::ui
