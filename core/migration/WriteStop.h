#pragma once
#include "core/cluster/Connection.h"

#include <QDeadlineTimer>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

#include <functional>
#include <map>
#include <optional>

// T4's write stop (docs/migration.md, "The switch's write-loss guarantee"): who read_only does not
// stop, and `SET GLOBAL read_only = 1` bounded by the write-stop budget, with the sessions it waits
// for named (and, when asked, killed).
namespace sp::migration {

// The accounts of one server read_only does not stop. MariaDB 10.11 spells the privilege
// READ_ONLY ADMIN (information_schema.USER_PRIVILEGES, SHOW GRANTS); a role that holds it lets every
// account granted the role (directly or through other roles) write once the role is set.
struct PrivilegedAccounts
{
    QStringList readOnlyAdmin; // "'u'@'h'" or "'u'@'h' (through role r)"
    QStringList superOnly;     // SUPER without READ_ONLY ADMIN (read_only stops them from 10.11 on)
    QString rolesError;        // the roles could not be read (mysql.roles_mapping)
    QString describe() const;  // one line for the journal
};
std::optional<PrivilegedAccounts> readPrivilegedAccounts(Connection &c, QString *error);

// A session `SET GLOBAL read_only = 1` waits for.
struct Blocker
{
    QString instance;
    quint64 thread = 0;
    QString user, host, command, state, info;
    qint64 seconds = 0; // in its current state
    QStringList holds;  // the metadata locks it holds ("LOCK TABLES ... WRITE on db.t"), or what it may hold
    bool certain = false; // known from information_schema.METADATA_LOCK_INFO (the plugin), else a candidate
    bool running = false; // runs a statement
    QString describe() const; // "thread 45 (root@localhost, idle 12 s, holds LOCK TABLES ... WRITE on db.t)"
};

// The sessions of `c`'s server that can keep `waiter` (a session waiting in SET GLOBAL read_only)
// from getting through: with the metadata_lock_info plugin, the holders of the backup lock; without
// it, the sessions running a statement and, when tables are locked (SHOW OPEN TABLES In_use), the
// idle sessions, one of which may hold LOCK TABLES.
// `own`: the engine's own sessions there, never named.
QList<Blocker> findBlockers(Connection &c, const QString &instance, quint64 waiter, const QSet<quint64> &own,
                            QString *error);

struct ReadOnlyRequest
{
    QStringList instances;                                   // set in parallel
    std::function<ConnectionParams(const QString &)> params; // the admin account of an instance
    QDeadlineTimer deadline;                                 // the write-stop budget (the drain follows)
    bool killBlockers = false; // KILL CONNECTION the blockers near the end of the wait (90%)
    std::function<QSet<quint64>(const QString &)> ownSessions; // the engine's sessions on an instance
    // Audit entries, called on the caller's thread (server, action, sql, outcome).
    std::function<void(const QString &, const QString &, const QString &, const QString &)> audit;
};

struct ReadOnlyOutcome
{
    QStringList set;                   // read_only=1 went through
    std::map<QString, QString> failed; // instance -> why (the server's error)
    QList<Blocker> blockers;           // seen while read_only waited
    QList<Blocker> killed;
    int waitSec = 0; // lock_wait_timeout given to SET GLOBAL read_only
    bool ok() const { return failed.empty(); }
    QString failureText() const; // which server, why, the blockers and what to do
};

// `SET SESSION lock_wait_timeout = W; SET GLOBAL read_only = 1` on every instance at once, W the
// budget's seconds less one (at least 1), so the drain keeps a second; a statement still waiting
// 1.5 s after W (any wait lock_wait_timeout does not bound) is stopped by KILL QUERY. At 90% of W the
// sessions each waiting server waits for are looked up (and killed when asked). Nothing is lifted
// here: the caller lifts read_only on every source when the outcome is not ok().
ReadOnlyOutcome setReadOnlyBounded(const ReadOnlyRequest &request);

} // namespace sp::migration
