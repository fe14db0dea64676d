#include "core/migration/run/Actions.h"

#include "core/migration/ReloadCommand.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace sp::migration {

bool switchConfig(RunContext &ctx, Step s, QString *error)
{
    Journal &journal = ctx.journal();
    const RunSpec &spec = ctx.spec;
    QString why;
    const QString backup = journal.value(keys::configBackup);
    const QString sha = sha256OfFile(spec.configPath, &why);
    const QByteArray newText = ctx.plan.newConfigText.toUtf8();
    const QString newSha =
        QString::fromLatin1(QCryptographicHash::hash(newText, QCryptographicHash::Sha256).toHex());
    if (backup.isEmpty() || sha != newSha) { // not replaced yet (a kill after the write leaves both)
        if (sha != spec.configSha256) {
            *error =
                QStringLiteral("%1 changed since the plan was made; not replacing it").arg(spec.configPath);
            return false;
        }
        const QString stamp = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss"));
        const QString backupPath =
            spec.configPath + QStringLiteral(".before-") + spec.runId + QLatin1Char('-') + stamp;
        if (!QFile::copy(spec.configPath, backupPath)) {
            *error = QStringLiteral("cannot write the backup %1").arg(backupPath);
            return false;
        }
        journal.setValue(keys::configBackup, backupPath);
        QSaveFile f(spec.configPath);
        const auto perms = QFileInfo(spec.configPath).permissions();
        if (!f.open(QIODevice::WriteOnly) || f.write(newText) != newText.size() || !f.commit()) {
            *error = QStringLiteral("cannot write %1: %2").arg(spec.configPath, f.errorString());
            return false;
        }
        QFile::setPermissions(spec.configPath, perms);
        journal.audit(ctx.stepId(s), QStringLiteral("switch config"), QString(),
                      QStringLiteral("replaced %1 (backup %2)").arg(spec.configPath, backupPath),
                      QStringLiteral("ok"));
        ctx.say(QStringLiteral("the new config is in %1; the old one is kept as %2")
                    .arg(spec.configPath, backupPath));
    }
    if (spec.reloadCommand.isEmpty() || !journal.value(keys::reloaded).isEmpty())
        return true;
    const ReloadOutcome reload = runReloadCommand(spec.reloadCommand);
    recordReload(journal, ctx.stepId(s), spec.reloadCommand, reload);
    if (!reload.ok) {
        *error = QStringLiteral("the reload command failed: %1").arg(spec.reloadCommand);
        return false;
    }
    journal.setValue(keys::reloaded, QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    return true;
}

bool restoreConfig(RunContext &ctx, QString *error)
{
    const QString backup = ctx.journal().value(keys::configBackup);
    if (backup.isEmpty() || !QFileInfo::exists(backup))
        return true;
    const QString path = ctx.spec.configPath;
    // Written next to it and renamed over it (QSaveFile): a kill leaves one config or the other, never
    // none or half of one.
    QFile in(backup);
    QSaveFile out(path);
    if (!in.open(QIODevice::ReadOnly) || !out.open(QIODevice::WriteOnly) || out.write(in.readAll()) < 0 ||
        !out.commit()) {
        *error = QStringLiteral("cannot restore %1 from %2: %3").arg(path, backup, out.errorString());
        return false;
    }
    ctx.journal().audit(QString(), QStringLiteral("rollback: config restored"), QString(),
                        QStringLiteral("%1 <- %2").arg(path, backup), QStringLiteral("ok"));
    ctx.say(QStringLiteral("restored %1 from %2").arg(path, backup));
    return true;
}

bool runRollbackReload(RunContext &ctx, Step s, qint64 *ms)
{
    *ms = 0;
    if (ctx.spec.reloadCommand.isEmpty())
        return true;
    QElapsedTimer rt;
    rt.start();
    const ReloadOutcome r = runReloadCommand(ctx.spec.reloadCommand);
    *ms = rt.elapsed();
    ctx.journal().audit(ctx.stepId(s), QStringLiteral("rollback: reload command"), QString(), ctx.spec.reloadCommand,
                        r.ok ? QStringLiteral("ok") : QStringLiteral("failed"));
    ctx.journal().setValue(keys::rollbackReloadMs, QString::number(*ms));
    return r.ok;
}

bool setReadOnly(RunContext &ctx, Step s, const QStringList &instances, bool on, QString *error)
{
    for (const QString &inst : instances) {
        Connection c;
        if (!c.open(ctx.endpoints.adminOfInstance(inst))) {
            *error = c.lastError();
            return false;
        }
        if (!ctx.audited(s, on ? QStringLiteral("read_only on") : QStringLiteral("read_only off"), c,
                         QStringLiteral("SET GLOBAL read_only = %1").arg(on ? 1 : 0))) {
            *error = c.lastError();
            return false;
        }
    }
    return true;
}

void forEachServer(int count, const std::function<void(int)> &job, const std::function<void(bool)> &tick,
                   int tickMs)
{
    // The calling thread ticks every tickMs and is woken as soon as the last job ends (not at its next
    // tick: a step's last server used to wait up to tickMs more).
    std::mutex lock;
    std::condition_variable ended;
    int finished = 0;
    std::vector<std::thread> threads;
    threads.reserve(size_t(qMax(0, count)));
    for (int i = 0; i < count; ++i)
        threads.emplace_back([&, i] {
            job(i);
            std::lock_guard<std::mutex> l(lock);
            if (++finished == count)
                ended.notify_all();
        });
    if (tick) {
        std::unique_lock<std::mutex> l(lock);
        while (finished < count) {
            if (ended.wait_for(l, std::chrono::milliseconds(qMax(1, tickMs)), [&] { return finished >= count; }))
                break;
            l.unlock();
            tick(false);
            l.lock();
        }
    }
    for (auto &t : threads)
        t.join();
    if (tick)
        tick(true);
}

} // namespace sp::migration
