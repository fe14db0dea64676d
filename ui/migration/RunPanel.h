#pragma once
#include "ui/migration/RunController.h"

#include <QDateTime>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;
class QTableWidget;
class QTimer;
class QTreeWidget;

namespace sp {
class JobRunner;
}

namespace sp::ui {

class AppContext;
class CopyProgressPanel;
class StepperWidget;

// The live T0..T9 timeline of the run AppContext::runDir() names: the stepper with each step's
// state, the gate that blocks and why, the actions (continue to a step, pause, verify, roll back)
// enabled only when their gate passes, the write-stop timer, the copy's progress, the checks, the
// differences with their repair SQL, the audit log and the engine's own lines. Without a run it
// offers to create one from the plan (AppContext::plan()) or to open a run directory.
class RunPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunPanel)
public:
    explicit RunPanel(AppContext *ctx, QWidget *parent = nullptr);
    ~RunPanel() override;

    RunController *controller() const { return m_run; }
    // Creates a run of the context's plan in `dir` (off the UI thread) and follows it (runCreated),
    // or says why not (createFailed). The Create run button asks for the options first.
    void createRun(const QString &dir, const migration::RunSpec &options);
    // Follows an existing run directory (it must belong to the open config). False with `error`.
    bool openRun(const QString &dir, QString *error);
    bool isCreating() const;

    void askCreateRun();

signals:
    void runCreated(const QString &dir);
    void createFailed(const QString &error);

private:
    void followContext();
    void updateView();
    void updateWriteStop();
    void showSelectedStep();
    void askContinue();
    void askRollback();
    void askForwardStale();
    void askOpenRun();
    void doVerify();
    void doPause();
    // `engineError`: the engine's own message, when the text carries one (a step it failed is then
    // shown by the gate only).
    void showFailure(const QString &text, const QString &engineError = {});
    void createFailedWith(const QString &error);
    void appendLog(const QString &line);
    void showDifference();
    QString phaseText() const;

    AppContext *m_ctx;
    RunController *m_run;
    JobRunner *m_creator;
    QTimer *m_clock;

    QWidget *m_noRun = nullptr;
    QLabel *m_noRunText = nullptr;
    QPushButton *m_create = nullptr;
    QPushButton *m_open = nullptr;

    QWidget *m_runBox = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_state = nullptr;
    QPushButton *m_close = nullptr;
    StepperWidget *m_stepper = nullptr;
    QLabel *m_stepMessage = nullptr;
    QLabel *m_gate = nullptr;
    QLabel *m_failure = nullptr;
    QComboBox *m_until = nullptr;
    QPushButton *m_continue = nullptr;
    QPushButton *m_pause = nullptr;
    QPushButton *m_verify = nullptr;
    QCheckBox *m_strongVerify = nullptr;
    QPushButton *m_rollback = nullptr;
    QPushButton *m_forwardStale = nullptr;
    QLabel *m_writeStop = nullptr;
    QLabel *m_switchInfo = nullptr;   // RunNotes::afterSwitch
    QLabel *m_verifyResult = nullptr; // RunNotes::verifyResult after a Verify of this console
    QTabWidget *m_tabs = nullptr;
    CopyProgressPanel *m_progress = nullptr;
    class ReplicationTable *m_replication = nullptr; // dual-master runs
    QTreeWidget *m_checks = nullptr;
    QTableWidget *m_diffs = nullptr;
    QLabel *m_diffCount = nullptr;
    QPlainTextEdit *m_repair = nullptr;
    QPushButton *m_copyRepair = nullptr;
    QTableWidget *m_audit = nullptr;
    QPlainTextEdit *m_log = nullptr;
    QLabel *m_logProgress = nullptr;
    int m_shownDefaultUntil = -2;
    int m_auditShown = 0;
    int m_checksShown = -1;
    QString m_diffsShownKey;
    QString m_createError;     // shown in place of the no-run text
    QDateTime m_actionStarted; // UTC, of this console's last engine action
    QDateTime m_verifyDoneAt;  // UTC, when this console's last Verify ended (its result is shown)
    bool m_stepPinned = false; // the operator picked a step on the stepper
};

} // namespace sp::ui
