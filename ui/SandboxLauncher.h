#pragma once
#include <QObject>
#include <QPointer>
#include <QProcess>

namespace sp::ui {

// Brings up the local sandbox cluster off the UI thread by running `shardctl sandbox up --dir DIR
// --json` (the CLI sits next to the console). The process owns the mariadbd instances' lifecycle,
// so cancelling just kills the CLI and the UI never waits on a server. One run at a time.
class SandboxLauncher final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SandboxLauncher)
public:
    explicit SandboxLauncher(QObject *parent = nullptr);
    ~SandboxLauncher() override;

    // Where to find shardctl; default: QCoreApplication::applicationDirPath()/shardctl.
    void setProgram(const QString &path) { m_program = path; }
    QString program() const;

    bool isRunning() const;
    void start(const QString &dir);
    void cancel();

    // Parses the CLI's --json answer; falls back to DIR/cluster.yaml when no config path is named.
    static QString configPathFromOutput(const QByteArray &json, const QString &dir);

signals:
    void progress(const QString &line);  // the CLI's stderr, line by line
    void finished(const QString &configPath);
    void failed(const QString &error);

private:
    void onFinished(int exitCode, QProcess::ExitStatus status);

    QString m_program;
    QString m_dir;
    QPointer<QProcess> m_process;
    QByteArray m_stdout;
    QByteArray m_stderrTail;
    bool m_cancelled = false;
};

} // namespace sp::ui
