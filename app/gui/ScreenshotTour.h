#pragma once
#include <QObject>
#include <QPointer>
#include <QStringList>

namespace sp::ui {
class ExpansionWizard;
class MainWindow;
} // namespace sp::ui

// --screenshot-dir: visits every page of the main window, waits for its data, saves
// DIR/<page>.png from window()->grab(); then walks the expansion wizard (mod-double) saving
// DIR/wizard-<n>-<page>.png (with exact counts on the moves page when a cluster is up), finishes
// it and saves the migration page with the handed-over plan; on a sandbox it then creates a run of
// the plan, continues it to T3 and saves the live timeline (migration-run.png); then quits. Timers
// only: no nested event loops.
class ScreenshotTour final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ScreenshotTour)
public:
    ScreenshotTour(sp::ui::MainWindow *window, const QString &dir, QObject *parent = nullptr);

    // Starts after `settleMs` (config loading / sandbox start happen before).
    void start(int settleMs);
    // Pages that show cluster data wait up to this long for a snapshot.
    void setSnapshotTimeoutMs(int ms) { m_snapshotTimeoutMs = ms; }

private:
    void waitForConfig();
    void visitNext();
    void grabCurrent();
    void startWizard();
    void wizardStep();
    void finishWizard();
    bool save(QWidget *widget, const QString &name);
    bool startRun();
    void runStep();

    QPointer<sp::ui::MainWindow> m_window;
    QString m_dir;
    QStringList m_todo;
    QString m_current;
    int m_waitedMs = 0;
    int m_snapshotTimeoutMs = 60000;
    int m_failures = 0;
    QPointer<sp::ui::ExpansionWizard> m_wizard;
    int m_wizardStep = 0;
    bool m_counting = false;
    bool m_runStarted = false;
    bool m_runContinued = false;
};
