#pragma once
#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTreeWidget;

namespace sp::ui {

class AppContext;

// Migration timeline: the plan handed over by the expansion wizard (AppContext::plan()), shown as
// its T0..T9 steps with the SQL of each and destructive steps marked. Executing the steps is the
// migration engine's work (core/migration); until then the page shows the plan only, read-only, and
// never runs SQL.
class MigrationPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MigrationPage)
public:
    enum Columns { StepColumn, DataSourceColumn, NoteColumn, ColumnCount };
    static constexpr int StepIndexRole = Qt::UserRole + 1; // index into plan.steps on step items

    explicit MigrationPage(AppContext *ctx, QWidget *parent = nullptr);
    ~MigrationPage() override;

    // Writes PlanExport::runbookHtml of the current plan (what the export button does after asking
    // for a file). False with `error` set when there is no plan or the file cannot be written.
    bool exportRunbook(const QString &path, QString *error);

private:
    void rebuild();
    void showStep();
    void askExport();

    AppContext *m_ctx;
    QLabel *m_empty = nullptr;
    QWidget *m_content = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_facts = nullptr;
    QTreeWidget *m_tree = nullptr;
    QPlainTextEdit *m_sql = nullptr;
    QPushButton *m_export = nullptr;
    QPushButton *m_clear = nullptr;
};

} // namespace sp::ui
