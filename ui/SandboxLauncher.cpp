#include "ui/SandboxLauncher.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

namespace sp::ui {

SandboxLauncher::SandboxLauncher(QObject *parent) : QObject(parent) {}

SandboxLauncher::~SandboxLauncher()
{
    cancel();
}

QString SandboxLauncher::program() const
{
    if (!m_program.isEmpty())
        return m_program;
    return QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("shardctl"));
}

bool SandboxLauncher::isRunning() const
{
    return m_process && m_process->state() != QProcess::NotRunning;
}

void SandboxLauncher::start(const QString &dir)
{
    if (isRunning())
        return;
    if (!QFileInfo(program()).isExecutable()) {
        emit failed(tr("Cannot find the command-line tool at %1.").arg(program()));
        return;
    }
    if (!QDir().mkpath(dir)) {
        emit failed(tr("Cannot create the sandbox directory %1.").arg(dir));
        return;
    }
    m_dir = dir;
    m_stdout.clear();
    m_stderrTail.clear();
    m_cancelled = false;
    auto *p = new QProcess(this);
    m_process = p;
    connect(p, &QProcess::readyReadStandardOutput, this, [this, p] { m_stdout += p->readAllStandardOutput(); });
    connect(p, &QProcess::readyReadStandardError, this, [this, p] {
        const QByteArray chunk = p->readAllStandardError();
        m_stderrTail = QByteArray(m_stderrTail + chunk).right(4096);
        for (const QByteArray &line : chunk.split('\n'))
            if (!line.trimmed().isEmpty())
                emit progress(QString::fromUtf8(line.trimmed()));
    });
    connect(p, &QProcess::finished, this, &SandboxLauncher::onFinished);
    connect(p, &QProcess::errorOccurred, this, [this, p](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart) {
            emit failed(tr("Cannot run %1: %2").arg(program(), p->errorString()));
            p->deleteLater();
        }
    });
    p->start(program(), {QStringLiteral("sandbox"), QStringLiteral("up"), QStringLiteral("--dir"), dir,
                         QStringLiteral("--json")});
}

void SandboxLauncher::cancel()
{
    if (!isRunning())
        return;
    m_cancelled = true;
    // SIGTERM lets the CLI stop what it already started; kill if it does not leave promptly.
    m_process->terminate();
    QPointer<QProcess> p = m_process;
    QTimer::singleShot(5000, this, [p] {
        if (p && p->state() != QProcess::NotRunning)
            p->kill();
    });
}

QString SandboxLauncher::configPathFromOutput(const QByteArray &json, const QString &dir)
{
    const QJsonObject o = QJsonDocument::fromJson(json).object();
    for (const char *key : {"config", "configPath", "clusterYaml", "cluster_yaml", "yaml"}) {
        const QString v = o.value(QLatin1String(key)).toString();
        if (!v.isEmpty())
            return QDir(dir).absoluteFilePath(v);
    }
    return QDir(dir).filePath(QStringLiteral("cluster.yaml"));
}

void SandboxLauncher::onFinished(int exitCode, QProcess::ExitStatus status)
{
    QProcess *p = m_process;
    if (p) {
        m_stdout += p->readAllStandardOutput();
        p->deleteLater();
    }
    if (m_cancelled) {
        emit failed(tr("Cancelled."));
        return;
    }
    if (status != QProcess::NormalExit || exitCode != 0) {
        QString why = QString::fromUtf8(m_stderrTail).trimmed();
        why = why.section(QLatin1Char('\n'), -1); // the CLI's last line says why
        emit failed(tr("The sandbox did not start (exit code %1): %2").arg(exitCode).arg(why));
        return;
    }
    const QString config = configPathFromOutput(m_stdout, m_dir);
    if (!QFileInfo::exists(config)) {
        emit failed(tr("The sandbox started but %1 does not exist.").arg(config));
        return;
    }
    // The sandbox keeps its application user's password in an option file next to the config;
    // point the credential lookup at it unless the user chose another one.
    const QString appCnf = QFileInfo(config).dir().filePath(QStringLiteral("app.cnf"));
    if (QFileInfo::exists(appCnf) && qEnvironmentVariableIsEmpty("SHARDPILOT_DEFAULTS_FILE"))
        qputenv("SHARDPILOT_DEFAULTS_FILE", QFile::encodeName(appCnf));
    emit finished(config);
}

} // namespace sp::ui
