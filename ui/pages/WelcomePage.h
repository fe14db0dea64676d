#pragma once
#include <QWidget>

class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;

namespace sp::ui {

class AppContext;
class SandboxLauncher;

// First page: open a config, reopen a recent one, open an embedded example, or bring up the local
// sandbox cluster. It only asks; the main window opens files.
class WelcomePage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WelcomePage)
public:
    explicit WelcomePage(AppContext *ctx, QWidget *parent = nullptr);
    ~WelcomePage() override;

    void setRecentFiles(const QStringList &files);
    void setSandboxDir(const QString &dir) { m_sandboxDir = dir; }
    SandboxLauncher *sandboxLauncher() const { return m_launcher; }

    // The examples compiled into the console: {title, resource path}.
    static QList<QPair<QString, QString>> examples();

public slots:
    void startSandbox();
    void cancelSandbox();

signals:
    void openRequested(const QString &path);
    void openDialogRequested();
    void sandboxReady(const QString &configPath);

private:
    void setBusy(bool busy);

    AppContext *m_ctx;
    SandboxLauncher *m_launcher;
    QString m_sandboxDir;
    QListWidget *m_recent = nullptr;
    QPushButton *m_sandboxButton = nullptr;
    QPushButton *m_cancelButton = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_sandboxStatus = nullptr;
    QLabel *m_current = nullptr;
};

} // namespace sp::ui
