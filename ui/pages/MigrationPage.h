#pragma once
#include <QWidget>

namespace sp::ui {

class AppContext;

// Migration timeline: the plan handed over by the expansion wizard (AppContext::plan()), shown as
// its T0..T9 steps with the SQL of each and destructive steps marked. Executing the steps is the
// migration engine's work (core/migration); until then the page shows the plan only.
class MigrationPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MigrationPage)
public:
    explicit MigrationPage(AppContext *ctx, QWidget *parent = nullptr);
    ~MigrationPage() override;

private:
    AppContext *m_ctx;
};

} // namespace sp::ui
