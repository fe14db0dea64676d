#pragma once
#include "core/planning/ExpansionPlan.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;
class QTreeWidget;

namespace sp::ui {

class AppContext;
class RunPanel;

// Migration: the live T0..T9 timeline of the run the config follows (AppContext::runDir(), see
// RunPanel: steps, gates, progress, checks, differences, audit log, and the engine's actions), and
// the plan handed over by the expansion wizard or File ▸ Open plan (AppContext::plan()) as its
// runbook: every step with its SQL, destructive steps marked. The page holds no SQL: the engine
// (core/migration) runs the steps.
class MigrationPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MigrationPage)
public:
    enum Columns { StepColumn, DataSourceColumn, NoteColumn, ColumnCount };
    static constexpr int StepIndexRole = Qt::UserRole + 1; // index into plan.steps on step items

    enum Tabs { TimelineTab, PlanTab };

    explicit MigrationPage(AppContext *ctx, QWidget *parent = nullptr);
    ~MigrationPage() override;

    RunPanel *runPanel() const { return m_runPanel; }
    // An engine action of this console is running (closing the window pauses and stops it).
    bool isEngineRunning() const;

    // Writes PlanExport::runbookHtml of the current plan (what the export button does after asking
    // for a file). False with `error` set when there is no plan or the file cannot be written.
    bool exportRunbook(const QString &path, QString *error);

private:
    void rebuild();
    void updateVisibility();
    void showStep();
    void askExport();
    // The context's plan, or the plan of the run the page follows when no plan was handed over.
    const planning::ExpansionPlan *displayPlan() const;

    AppContext *m_ctx;
    QLabel *m_empty = nullptr;
    QTabWidget *m_content = nullptr;
    RunPanel *m_runPanel = nullptr;
    QWidget *m_planView = nullptr;
    QPushButton *m_createRun = nullptr;
    QString m_shownRunDir;
    bool m_shownRunPlan = false;
    QLabel *m_title = nullptr;
    QLabel *m_facts = nullptr;
    QTreeWidget *m_tree = nullptr;
    QPlainTextEdit *m_sql = nullptr;
    QPushButton *m_export = nullptr;
    QPushButton *m_clear = nullptr;
};

} // namespace sp::ui
