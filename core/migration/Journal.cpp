#include "core/migration/Journal.h"

#include <QAtomicInt>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sp::migration {

static QAtomicInt s_counter;

// The journal holds the audit log (SQL, servers, OS users): only its owner reads it. SQLite creates
// the -wal and -shm files with the database file's mode, so the file is made 0600 before SQLite
// opens it; files of a journal made before (0644 by the umask) are narrowed.
static void keepPrivate(const QString &file)
{
    const QByteArray path = QFile::encodeName(file);
    const int fd = ::open(path.constData(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd >= 0)
        ::close(fd);
    for (const char *suffix : {"", "-wal", "-shm", "-journal"}) {
        const QByteArray f = path + suffix;
        struct stat st{};
        if (::stat(f.constData(), &st) == 0 && st.st_uid == ::geteuid() && (st.st_mode & 0077) != 0)
            ::chmod(f.constData(), st.st_mode & 0700);
    }
}

Journal::Journal(const QString &file) : m_file(file)
{
    keepPrivate(file);
    m_connectionName = QStringLiteral("sp-journal-%1").arg(s_counter.fetchAndAddRelaxed(1));
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connectionName);
    db.setDatabaseName(file);
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=10000"));
    if (!db.open()) {
        m_error = file + QStringLiteral(": ") + db.lastError().text();
        return;
    }
    m_open = ensureSchema();
}

Journal::~Journal()
{
    {
        QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
        if (db.isOpen())
            db.close();
    }
    QSqlDatabase::removeDatabase(m_connectionName);
}

bool Journal::exec(const QString &sql, const QVariantList &bind)
{
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    if (!q.prepare(sql)) {
        m_error = m_file + QStringLiteral(": ") + q.lastError().text();
        return false;
    }
    for (const QVariant &v : bind)
        q.addBindValue(v);
    if (!q.exec()) {
        m_error = m_file + QStringLiteral(": ") + q.lastError().text();
        return false;
    }
    return true;
}

bool Journal::ensureSchema()
{
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    q.exec(QStringLiteral("PRAGMA journal_mode=WAL"));
    q.exec(QStringLiteral("PRAGMA synchronous=FULL"));
    const char *ddl[] = {
        "CREATE TABLE IF NOT EXISTS steps (step INTEGER PRIMARY KEY, status TEXT NOT NULL, started TEXT, "
        "finished TEXT, message TEXT)",
        "CREATE TABLE IF NOT EXISTS audit (id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, os_user TEXT, "
        "step TEXT, action TEXT, server TEXT, sql TEXT, outcome TEXT)",
        "CREATE TABLE IF NOT EXISTS checks (id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT, step TEXT, name TEXT, "
        "ok INTEGER, detail TEXT)",
        "CREATE TABLE IF NOT EXISTS diffs (id INTEGER PRIMARY KEY AUTOINCREMENT, target TEXT, source TEXT, "
        "pk TEXT, kind TEXT, repair TEXT)",
        "CREATE TABLE IF NOT EXISTS progress (source TEXT, target TEXT, copied INTEGER, expected INTEGER, "
        "rate REAL, done INTEGER, PRIMARY KEY (source, target))",
        "CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT)",
        "CREATE TABLE IF NOT EXISTS lag (id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT, source TEXT, seconds REAL, "
        "bytes INTEGER, events INTEGER)",
        "CREATE TABLE IF NOT EXISTS stale (id INTEGER PRIMARY KEY AUTOINCREMENT, unit INTEGER, target INTEGER, "
        "source TEXT, target_node TEXT, pk TEXT, key_text TEXT, first_at TEXT, last_at TEXT, writes INTEGER, "
        "before TEXT, resolved TEXT, status TEXT, detail TEXT, UNIQUE (unit, target, pk))",
    };
    for (const char *s : ddl)
        if (!exec(QString::fromLatin1(s)))
            return false;
    return true;
}

static QString iso(const QDateTime &t)
{
    return t.isValid() ? t.toUTC().toString(Qt::ISODateWithMs) : QString();
}

QList<StepState> Journal::steps()
{
    QList<StepState> out;
    for (int i = 0; i < kStepCount; ++i)
        out.append(StepState{Step(i), StepStatus::Pending, {}, {}, {}});
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    if (!q.exec(QStringLiteral("SELECT step, status, started, finished, message FROM steps"))) {
        m_error = q.lastError().text();
        return out;
    }
    while (q.next()) {
        const int i = q.value(0).toInt();
        if (i < 0 || i >= kStepCount)
            continue;
        out[i].status = statusFromName(q.value(1).toString());
        out[i].started = QDateTime::fromString(q.value(2).toString(), Qt::ISODateWithMs);
        out[i].finished = QDateTime::fromString(q.value(3).toString(), Qt::ISODateWithMs);
        out[i].message = q.value(4).toString();
    }
    return out;
}

StepState Journal::step(Step s)
{
    return steps().at(int(s));
}

bool Journal::setStep(Step s, StepStatus status, const QString &message)
{
    const QString now = iso(QDateTime::currentDateTimeUtc());
    const StepState old = step(s);
    const QString started = status == StepStatus::Running && old.status != StepStatus::Running ? now
                                                                                               : iso(old.started);
    const QString finished = status == StepStatus::Running || status == StepStatus::Pending ? QString() : now;
    return exec(QStringLiteral("INSERT OR REPLACE INTO steps (step, status, started, finished, message) "
                               "VALUES (?, ?, ?, ?, ?)"),
                {int(s), statusName(status), started.isEmpty() ? now : started, finished, message});
}

bool Journal::audit(const QString &step, const QString &action, const QString &server, const QString &sql,
                    const QString &outcome)
{
    return exec(QStringLiteral("INSERT INTO audit (at, os_user, step, action, server, sql, outcome) "
                               "VALUES (?, ?, ?, ?, ?, ?, ?)"),
                {iso(QDateTime::currentDateTimeUtc()), osUser(), step, action, server, sql, outcome});
}

QList<AuditEntry> Journal::auditLog(qint64 afterId)
{
    QList<AuditEntry> out;
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    q.prepare(QStringLiteral("SELECT id, at, os_user, step, action, server, sql, outcome FROM audit WHERE id > ? "
                             "ORDER BY id"));
    q.addBindValue(afterId);
    if (!q.exec())
        return out;
    while (q.next())
        out.append(AuditEntry{q.value(0).toLongLong(), QDateTime::fromString(q.value(1).toString(), Qt::ISODateWithMs),
                              q.value(2).toString(), q.value(3).toString(), q.value(4).toString(),
                              q.value(5).toString(), q.value(6).toString(), q.value(7).toString()});
    return out;
}

bool Journal::addCheck(const QString &step, const QString &name, bool ok, const QString &detail)
{
    return exec(QStringLiteral("INSERT INTO checks (at, step, name, ok, detail) VALUES (?, ?, ?, ?, ?)"),
                {iso(QDateTime::currentDateTimeUtc()), step, name, ok ? 1 : 0, detail});
}

QList<CheckResult> Journal::checks(const QString &step)
{
    QList<CheckResult> out;
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    q.prepare(QStringLiteral("SELECT at, step, name, ok, detail FROM checks WHERE ? = '' OR step = ? ORDER BY id"));
    // A null QString binds as SQL NULL, which equals nothing: bind "" for "every step".
    const QString which = step.isNull() ? QStringLiteral("") : step;
    q.addBindValue(which);
    q.addBindValue(which);
    if (!q.exec())
        return out;
    while (q.next())
        out.append(CheckResult{QDateTime::fromString(q.value(0).toString(), Qt::ISODateWithMs), q.value(1).toString(),
                               q.value(2).toString(), q.value(3).toInt() != 0, q.value(4).toString()});
    return out;
}

bool Journal::clearChecks(const QString &step)
{
    return exec(QStringLiteral("DELETE FROM checks WHERE step = ?"), {step});
}

bool Journal::setDifferences(const QList<RowDifference> &diffs)
{
    return inTransaction([&] {
        bool ok = exec(QStringLiteral("DELETE FROM diffs"));
        for (const RowDifference &d : diffs)
            ok = ok && exec(QStringLiteral("INSERT INTO diffs (target, source, pk, kind, repair) VALUES (?, ?, ?, ?, ?)"),
                            {d.targetNode, d.sourceNode, d.key, d.kind, d.repairSql});
        return ok;
    });
}

QList<RowDifference> Journal::differences(int limit)
{
    QList<RowDifference> out;
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    q.prepare(QStringLiteral("SELECT target, source, pk, kind, repair FROM diffs ORDER BY id LIMIT ?"));
    q.addBindValue(limit < 0 ? qint64(-1) : qint64(limit)); // LIMIT -1: no limit
    if (!q.exec())
        return out;
    while (q.next())
        out.append(RowDifference{q.value(0).toString(), q.value(1).toString(), q.value(2).toString(),
                                 q.value(3).toString(), q.value(4).toString()});
    return out;
}

qint64 Journal::differenceCount()
{
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    if (q.exec(QStringLiteral("SELECT COUNT(*) FROM diffs")) && q.next())
        return q.value(0).toLongLong();
    return 0;
}

bool Journal::setProgress(const QList<CopyProgress> &progress)
{
    return inTransaction([&] {
        bool ok = true;
        for (const CopyProgress &p : progress)
            ok = ok && exec(QStringLiteral("INSERT OR REPLACE INTO progress (source, target, copied, expected, rate, done) "
                                           "VALUES (?, ?, ?, ?, ?, ?)"),
                            {p.source, p.target, p.copied, p.expected, p.rowsPerSec, p.done ? 1 : 0});
        return ok;
    });
}

QList<CopyProgress> Journal::progress()
{
    QList<CopyProgress> out;
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    if (!q.exec(QStringLiteral("SELECT source, target, copied, expected, rate, done FROM progress "
                               "ORDER BY source, target")))
        return out;
    while (q.next())
        out.append(CopyProgress{q.value(0).toString(), q.value(1).toString(), q.value(2).toLongLong(),
                                q.value(3).toLongLong(), q.value(4).toDouble(), q.value(5).toInt() != 0});
    return out;
}

bool Journal::addLag(const QList<LagSample> &samples)
{
    return inTransaction([&] {
        bool ok = true;
        for (const LagSample &l : samples)
            ok = ok && exec(QStringLiteral("INSERT INTO lag (at, source, seconds, bytes, events) VALUES (?, ?, ?, ?, ?)"),
                            {iso(l.at), l.source, l.seconds, l.bytes,
                             l.events < 0 ? QVariant(QMetaType(QMetaType::LongLong)) : QVariant(l.events)});
        return ok && exec(QStringLiteral("DELETE FROM lag WHERE id <= (SELECT MAX(id) FROM lag) - 20000"));
    });
}

bool Journal::inTransaction(const std::function<bool()> &body)
{
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    db.transaction();
    if (!body()) {
        db.rollback();
        return false;
    }
    return db.commit();
}

QList<LagSample> Journal::lag(int limit)
{
    QList<LagSample> out;
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    q.prepare(QStringLiteral("SELECT at, source, seconds, bytes, events FROM (SELECT * FROM lag ORDER BY id DESC "
                             "LIMIT ?) ORDER BY id"));
    q.addBindValue(limit);
    if (!q.exec())
        return out;
    while (q.next())
        out.append(LagSample{QDateTime::fromString(q.value(0).toString(), Qt::ISODateWithMs), q.value(1).toString(),
                             q.value(2).toDouble(), q.value(3).toLongLong(),
                             q.value(4).isNull() ? qint64(-1) : q.value(4).toLongLong()});
    return out;
}

bool Journal::setLagEvents(const QString &source, const QDateTime &at, qint64 events)
{
    return exec(QStringLiteral("UPDATE lag SET events = ? WHERE source = ? AND at = ?"), {events, source, iso(at)});
}

QString Journal::value(const JournalKey &key, const QString &fallback)
{
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    q.prepare(QStringLiteral("SELECT value FROM kv WHERE key = ?"));
    q.addBindValue(key.name);
    if (q.exec() && q.next())
        return q.value(0).toString();
    return fallback;
}

QMap<QString, QString> Journal::values()
{
    QMap<QString, QString> out;
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    if (!q.exec(QStringLiteral("SELECT key, value FROM kv")))
        return out;
    while (q.next())
        out.insert(q.value(0).toString(), q.value(1).toString());
    return out;
}

bool Journal::setValue(const JournalKey &key, const QString &value)
{
    return exec(QStringLiteral("INSERT OR REPLACE INTO kv (key, value) VALUES (?, ?)"), {key.name, value});
}

} // namespace sp::migration
