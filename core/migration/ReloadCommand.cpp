#include "core/migration/ReloadCommand.h"

#include <QProcess>

namespace sp::migration {

ReloadOutcome runReloadCommand(const QString &command, int timeoutMs)
{
    ReloadOutcome o;
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    o.started = QDateTime::currentDateTimeUtc();
    p.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), command});
    const bool started = p.waitForStarted(10000);
    const bool finished = started && p.waitForFinished(timeoutMs);
    if (started && !finished) {
        p.kill();
        p.waitForFinished(5000);
    }
    o.finished = QDateTime::currentDateTimeUtc();
    o.output = QString::fromLocal8Bit(p.readAll()).trimmed().right(2000);
    if (!started)
        o.error = QStringLiteral("it did not start: %1").arg(p.errorString());
    else if (!finished)
        o.error = QStringLiteral("it did not end within %1 s").arg(timeoutMs / 1000);
    else if (p.exitStatus() != QProcess::NormalExit)
        o.error = QStringLiteral("it crashed");
    else
        o.exitCode = p.exitCode();
    o.ok = o.error.isEmpty() && o.exitCode == 0;
    return o;
}

void recordReload(Journal &journal, const QString &step, const QString &command, const ReloadOutcome &o)
{
    QString failure;
    if (!o.ok)
        failure = QStringLiteral("failed: ") +
                  (o.error.isEmpty() ? QStringLiteral("exit %1").arg(o.exitCode) : o.error) +
                  (o.output.isEmpty() ? QString() : QStringLiteral(": ") + o.output.right(500));
    journal.audit(step, QStringLiteral("reload command"), QString(), command,
                  o.ok ? QStringLiteral("ok") : failure);
    journal.setValue(keys::reloadAt, o.finished.toString(Qt::ISODateWithMs));
    journal.setValue(keys::reloadMs, QString::number(o.started.msecsTo(o.finished)));
    journal.setValue(keys::reloadExit, QString::number(o.exitCode));
    journal.setValue(keys::reloadOutput, o.output);
    journal.setValue(keys::reloadError, o.error);
}

} // namespace sp::migration
