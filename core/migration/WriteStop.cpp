#include "core/migration/WriteStop.h"

#include <QElapsedTimer>
#include <QSet>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <memory>
#include <set>
#include <thread>
#include <vector>

namespace sp::migration {

static QString account(const QString &user, const QString &host)
{
    return QStringLiteral("'%1'@'%2'").arg(user, host);
}

QString PrivilegedAccounts::describe() const
{
    QString s = QStringLiteral("read_only does not stop %1")
                    .arg(readOnlyAdmin.isEmpty() ? QStringLiteral("any account (no READ_ONLY ADMIN)")
                                                 : readOnlyAdmin.join(QStringLiteral(", ")) +
                                                       QStringLiteral(" (READ_ONLY ADMIN)"));
    if (!superOnly.isEmpty())
        s += QStringLiteral(
                 "; SUPER without READ_ONLY ADMIN: %1 (read_only stops them on MariaDB 10.11; on older "
                 "servers SUPER includes READ_ONLY ADMIN)")
                 .arg(superOnly.join(QStringLiteral(", ")));
    if (!rolesError.isEmpty())
        s += QStringLiteral(
                 "; roles not read (%1): accounts granted a role with READ_ONLY ADMIN are not named")
                 .arg(rolesError);
    return s;
}

std::optional<PrivilegedAccounts> readPrivilegedAccounts(Connection &c, QString *error)
{
    // Granted to accounts directly (ALL PRIVILEGES is listed privilege by privilege).
    auto direct =
        c.query(QStringLiteral("SELECT GRANTEE, PRIVILEGE_TYPE FROM information_schema.USER_PRIVILEGES "
                               "WHERE PRIVILEGE_TYPE IN ('READ_ONLY ADMIN', 'SUPER') ORDER BY GRANTEE"));
    if (!direct) {
        *error = c.lastError();
        return std::nullopt;
    }
    PrivilegedAccounts out;
    QStringList readOnly, super;
    for (const auto &row : direct->rows)
        (row.at(1).toString() == QLatin1String("SUPER") ? super : readOnly).append(row.at(0).toString());
    // Through roles: which roles hold READ_ONLY ADMIN (themselves or through roles granted to them),
    // and which accounts are granted one of those.
    auto mapping =
        c.query(QStringLiteral("SELECT User, Host, Role FROM mysql.roles_mapping ORDER BY User, Host, Role"));
    std::map<QString, QString> via; // account -> a role that gives it READ_ONLY ADMIN
    if (!mapping) {
        out.rolesError = c.lastError();
    } else {
        QSet<QString> roles;
        for (const auto &row : mapping->rows)
            roles.insert(row.at(2).toString());
        QSet<QString> holds; // roles with READ_ONLY ADMIN of their own
        for (const QString &role : std::as_const(roles)) {
            auto g = c.query(QStringLiteral("SHOW GRANTS FOR ") + Connection::quoteIdentifier(role));
            if (!g) {
                out.rolesError = c.lastError();
                continue;
            }
            for (const auto &row : g->rows) {
                const QString line = row.value(0).toString();
                if (line.contains(QLatin1String(" ON *.* TO")) &&
                    (line.contains(QLatin1String("READ_ONLY ADMIN")) ||
                     line.contains(QLatin1String("ALL PRIVILEGES"))))
                    holds.insert(role);
            }
        }
        // Roles are granted to roles with an empty host.
        bool grew = true;
        while (grew) {
            grew = false;
            for (const auto &row : mapping->rows) {
                const QString user = row.at(0).toString(), host = row.at(1).toString(),
                              role = row.at(2).toString();
                if (host.isEmpty() && roles.contains(user) && holds.contains(role) && !holds.contains(user)) {
                    holds.insert(user);
                    grew = true;
                }
            }
        }
        for (const auto &row : mapping->rows) {
            const QString user = row.at(0).toString(), host = row.at(1).toString(),
                          role = row.at(2).toString();
            if (host.isEmpty() && roles.contains(user))
                continue; // a role, not an account
            if (holds.contains(role) && !via.count(account(user, host)))
                via[account(user, host)] = role;
        }
    }
    for (const QString &a : std::as_const(readOnly))
        out.readOnlyAdmin.append(a);
    for (const auto &[a, role] : via)
        if (!readOnly.contains(a))
            out.readOnlyAdmin.append(QStringLiteral("%1 (through role %2)").arg(a, role));
    for (const QString &a : std::as_const(super))
        if (!readOnly.contains(a) && !via.count(a))
            out.superOnly.append(a);
    return out;
}

QString Blocker::describe() const
{
    QStringList what;
    what.append(user + QLatin1Char('@') + host);
    if (command == QLatin1String("Sleep"))
        what.append(QStringLiteral("idle %1 s").arg(seconds));
    else
        what.append(QStringLiteral("%1 %2 s%3%4")
                        .arg(command.toLower())
                        .arg(seconds)
                        .arg(state.isEmpty() ? QString() : QStringLiteral(" (") + state + QLatin1Char(')'))
                        .arg(info.isEmpty() ? QString() : QStringLiteral(": ") + info.left(200)));
    QString s = QStringLiteral("thread %1 (%2").arg(thread).arg(what.join(QStringLiteral(", ")));
    if (!holds.isEmpty())
        s += (certain ? QStringLiteral(", holds ") : QStringLiteral("; ")) + holds.join(QStringLiteral(", "));
    return s + QLatin1Char(')');
}

static QString lockText(const QString &mode, const QString &table)
{
    if (mode == QLatin1String("MDL_SHARED_NO_READ_WRITE"))
        return QStringLiteral("LOCK TABLES ... WRITE on ") + table;
    if (mode == QLatin1String("MDL_SHARED_READ_ONLY"))
        return QStringLiteral("LOCK TABLES ... READ on ") + table;
    if (mode == QLatin1String("MDL_SHARED_WRITE"))
        return QStringLiteral("writes to ") + table;
    if (mode == QLatin1String("MDL_EXCLUSIVE") || mode == QLatin1String("MDL_SHARED_UPGRADABLE") ||
        mode == QLatin1String("MDL_SHARED_NO_WRITE"))
        return QStringLiteral("a schema change of %1 (%2)").arg(table, mode);
    return mode + QStringLiteral(" on ") + table;
}

QList<Blocker> findBlockers(Connection &c, const QString &instance, quint64 waiter, const QSet<quint64> &own,
                            QString *error)
{
    QList<Blocker> out;
    auto procs = c.query(
        QStringLiteral("SELECT ID, USER, HOST, COMMAND, TIME, STATE, LEFT(INFO, 300) FROM "
                       "information_schema.PROCESSLIST WHERE ID <> CONNECTION_ID() ORDER BY TIME DESC, ID"));
    if (!procs) {
        *error = c.lastError();
        return out;
    }
    std::map<quint64, Blocker> sessions;
    std::vector<quint64> order;
    for (const auto &row : procs->rows) {
        Blocker b;
        b.instance = instance;
        b.thread = row.at(0).toULongLong();
        b.user = row.at(1).toString();
        b.host = row.at(2).toString();
        b.command = row.at(3).toString();
        b.seconds = row.at(4).toLongLong();
        b.state = row.at(5).toString();
        b.info = row.at(6).toString().simplified();
        if (b.thread == waiter || own.contains(b.thread))
            continue;
        order.push_back(b.thread);
        sessions.emplace(b.thread, b);
    }
    const auto plugin =
        c.queryValue(QStringLiteral("SELECT COUNT(*) FROM information_schema.PLUGINS WHERE "
                                    "PLUGIN_NAME = 'METADATA_LOCK_INFO' AND PLUGIN_STATUS = 'ACTIVE'"));
    if (plugin && plugin->toInt() > 0) {
        // The holders of the backup lock are what read_only waits for; their table locks say why.
        auto mdl =
            c.query(QStringLiteral("SELECT THREAD_ID, LOCK_MODE, LOCK_TYPE, TABLE_SCHEMA, TABLE_NAME FROM "
                                   "information_schema.METADATA_LOCK_INFO"));
        if (!mdl) {
            *error = c.lastError();
            return out;
        }
        std::map<quint64, QStringList> backup, tables;
        for (const auto &row : mdl->rows) {
            const quint64 t = row.at(0).toULongLong();
            const QString mode = row.at(1).toString(), type = row.at(2).toString();
            if (type.startsWith(QLatin1String("Backup")))
                backup[t].append(mode);
            else if (type.startsWith(QLatin1String("Table")))
                tables[t].append(
                    lockText(mode, row.at(3).toString() + QLatin1Char('.') + row.at(4).toString()));
        }
        for (quint64 t : order) {
            if (!backup.count(t))
                continue;
            Blocker b = sessions.at(t);
            b.certain = true;
            b.running = b.command == QLatin1String("Query");
            b.holds =
                tables.count(t)
                    ? tables.at(t)
                    : QStringList{
                          QStringLiteral("the backup lock (%1)").arg(backup.at(t).join(QLatin1Char(',')))};
            out.append(b);
        }
        return out;
    }
    // Without the plugin: the statements that run now, and (when tables are locked) the idle sessions.
    QStringList inUse;
    if (auto open = c.query(QStringLiteral("SHOW OPEN TABLES WHERE In_use > 0")))
        for (const auto &row : open->rows)
            inUse.append(row.at(0).toString() + QLatin1Char('.') + row.at(1).toString());
    static const QStringList system{QStringLiteral("Daemon"),           QStringLiteral("Binlog Dump"),
                                    QStringLiteral("Binlog Dump GTID"), QStringLiteral("Killed"),
                                    QStringLiteral("Slave_IO"),         QStringLiteral("Slave_SQL"),
                                    QStringLiteral("Slave_worker")};
    QList<Blocker> idle;
    for (quint64 t : order) {
        Blocker b = sessions.at(t);
        if (system.contains(b.command) || b.user == QLatin1String("system user"))
            continue;
        if (b.command == QLatin1String("Query") && !b.state.startsWith(QLatin1String("Waiting for"))) {
            b.running = true;
            out.append(b);
        } else if (b.command == QLatin1String("Sleep") && !inUse.isEmpty()) {
            b.holds.append(
                QStringLiteral("may hold LOCK TABLES on %1 (tables in use; install the metadata_lock_info "
                               "plugin to know which session holds them)")
                    .arg(inUse.join(QStringLiteral(", "))));
            idle.append(b);
        }
    }
    out += idle.mid(0, 10); // the longest idle first
    return out;
}

QString ReadOnlyOutcome::failureText() const
{
    QStringList parts;
    for (const auto &[inst, why] : failed) {
        QStringList who;
        for (const Blocker &b : blockers)
            if (b.instance == inst)
                who.append(b.describe());
        parts.append(QStringLiteral("on %1: %2; %3")
                         .arg(inst, why,
                              who.isEmpty()
                                  ? QStringLiteral("no blocking session could be named")
                                  : QStringLiteral("it waits for ") + who.join(QStringLiteral("; "))));
    }
    return QStringLiteral(
               "SET GLOBAL read_only = 1 did not get through within %1 s (%2). read_only is lifted again on "
               "every source server: writes are resumed. Let those sessions finish (COMMIT, UNLOCK "
               "TABLES), or run again with --kill-blockers to kill them near the end of the wait")
        .arg(waitSec)
        .arg(parts.join(QStringLiteral("; ")));
}

ReadOnlyOutcome setReadOnlyBounded(const ReadOnlyRequest &request)
{
    ReadOnlyOutcome out;
    const qint64 remaining = request.deadline.isForever() ? 3600000 : request.deadline.remainingTime();
    out.waitSec = int(qMax<qint64>(1, (remaining - 1000) / 1000));
    struct Waiter
    {
        QString instance;
        std::atomic<quint64> thread{0};
        std::atomic<bool> done{false};
        bool ok = false;
        unsigned errNo = 0;
        QString server, error;
    };
    std::vector<std::unique_ptr<Waiter>> waiters;
    std::vector<std::thread> threads;
    for (const QString &inst : request.instances) {
        waiters.push_back(std::make_unique<Waiter>());
        Waiter *w = waiters.back().get();
        w->instance = inst;
        const ConnectionParams p = request.params(inst);
        const int wait = out.waitSec;
        threads.emplace_back([w, p, wait] {
            Connection c;
            if (c.open(p)) {
                w->server = c.params().describe();
                w->thread.store(c.threadId());
                w->ok = c.exec(QStringLiteral("SET SESSION lock_wait_timeout = %1").arg(wait)) &&
                        c.exec(QStringLiteral("SET GLOBAL read_only = 1"));
            }
            w->error = c.lastError();
            w->errNo = c.lastErrno();
            if (w->server.isEmpty())
                w->server = p.describe();
            w->done.store(true);
        });
    }
    auto pending = [&] {
        QList<Waiter *> list;
        for (auto &w : waiters)
            if (!w->done.load())
                list.append(w.get());
        return list;
    };
    QElapsedTimer clock;
    clock.start();
    const qint64 lookAt = qint64(out.waitSec) * 900, stopAt = qint64(out.waitSec) * 1000 + 1500;
    bool looked = false, stopped = false;
    std::set<QString> lookedUp;
    auto lookUp = [&](Waiter *w) {
        Connection probe;
        QString why;
        if (!probe.open(request.params(w->instance)))
            return;
        lookedUp.insert(w->instance);
        const QSet<quint64> own = request.ownSessions ? request.ownSessions(w->instance) : QSet<quint64>{};
        const QList<Blocker> found =
            findBlockers(probe, w->instance, w->done.load() ? 0 : w->thread.load(), own, &why);
        out.blockers += found;
        if (!request.killBlockers || w->done.load())
            return;
        for (const Blocker &b : found) {
            if (!b.certain && !b.running)
                continue; // an idle session that may or may not hold the lock is never killed
            const bool killed = probe.killConnection(b.thread);
            request.audit(probe.params().describe(), QStringLiteral("kill blocker"),
                          QStringLiteral("KILL CONNECTION %1").arg(b.thread),
                          killed ? QStringLiteral("ok: ") + b.describe() : probe.lastError());
            if (killed)
                out.killed.append(b);
        }
    };
    while (!pending().isEmpty()) {
        QThread::msleep(20);
        if (!looked && clock.elapsed() >= lookAt) {
            looked = true;
            for (Waiter *w : pending())
                if (w->thread.load() != 0)
                    lookUp(w);
        }
        if (!stopped && clock.elapsed() >= stopAt) { // a wait lock_wait_timeout does not bound
            stopped = true;
            for (Waiter *w : pending()) {
                Connection k;
                if (w->thread.load() != 0 && k.open(request.params(w->instance))) {
                    const bool ok = k.killQuery(w->thread.load());
                    request.audit(k.params().describe(), QStringLiteral("stop waiting for read_only"),
                                  QStringLiteral("KILL QUERY %1").arg(w->thread.load()),
                                  ok ? QStringLiteral("ok") : k.lastError());
                }
            }
        }
    }
    for (auto &t : threads)
        t.join();
    for (auto &w : waiters) {
        request.audit(w->server, QStringLiteral("read_only on"), QStringLiteral("SET GLOBAL read_only = 1"),
                      w->ok ? QStringLiteral("ok") : w->error);
        if (w->ok) {
            out.set.append(w->instance);
            continue;
        }
        out.failed[w->instance] = w->error;
        if (!lookedUp.count(w->instance) && (w->errNo == 1205 || w->errNo == 1317))
            lookUp(w.get()); // it gave up before the look at 90%: who holds the locks now
    }
    return out;
}

} // namespace sp::migration
