// The journal's stale-write table (Journal.h, StaleWrite): what T8 saw, what forward-stale did.
#include "core/migration/Journal.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace sp::migration {

static QString iso(const QDateTime &t)
{
    return t.isValid() ? t.toUTC().toString(Qt::ISODateWithMs) : QString();
}

bool Journal::recordStale(const QList<StaleSighting> &sightings, const JournalKey &positionKey, const QString &position)
{
    return inTransaction([&] {
        for (const StaleSighting &s : sightings) {
            QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
            q.prepare(QStringLiteral("SELECT id, status, resolved FROM stale WHERE unit = ? AND target = ? AND pk = ?"));
            q.addBindValue(s.unit);
            q.addBindValue(s.target);
            q.addBindValue(s.key);
            if (!q.exec()) {
                m_error = m_file + QStringLiteral(": ") + q.lastError().text();
                return false;
            }
            if (!q.next()) {
                if (!exec(QStringLiteral("INSERT INTO stale (unit, target, source, target_node, pk, key_text, first_at, "
                                         "last_at, writes, before, resolved, status, detail) "
                                         "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, '', 'open', '')"),
                          {s.unit, s.target, s.source, s.targetNode, s.key, s.keyText, iso(s.at), iso(s.at), s.before}))
                    return false;
                continue;
            }
            const qint64 id = q.value(0).toLongLong();
            const QString status = q.value(1).toString();
            const QString resolved = q.value(2).toString();
            const bool open = status == QLatin1String("open") || status == QLatin1String("conflict");
            bool ok = true;
            if (open || s.after == resolved)
                ok = exec(QStringLiteral("UPDATE stale SET writes = writes + 1, last_at = ? WHERE id = ?"), {iso(s.at), id});
            else
                ok = exec(QStringLiteral("UPDATE stale SET writes = writes + 1, last_at = ?, before = ?, resolved = '', "
                                         "status = 'open', detail = 'written again after it was resolved' WHERE id = ?"),
                          {iso(s.at), s.before, id});
            if (!ok)
                return false;
        }
        return exec(QStringLiteral("INSERT OR REPLACE INTO kv (key, value) VALUES (?, ?)"), {positionKey.name, position});
    });
}

QList<StaleWrite> Journal::staleWrites()
{
    QList<StaleWrite> out;
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    if (!q.exec(QStringLiteral("SELECT id, unit, target, source, target_node, pk, key_text, first_at, last_at, writes, "
                               "before, resolved, status, detail FROM stale ORDER BY id")))
        return out;
    while (q.next()) {
        StaleWrite w;
        w.id = q.value(0).toLongLong();
        w.unit = q.value(1).toInt();
        w.target = q.value(2).toInt();
        w.source = q.value(3).toString();
        w.targetNode = q.value(4).toString();
        w.key = q.value(5).toString();
        w.keyText = q.value(6).toString();
        w.firstAt = QDateTime::fromString(q.value(7).toString(), Qt::ISODateWithMs);
        w.lastAt = QDateTime::fromString(q.value(8).toString(), Qt::ISODateWithMs);
        w.writes = q.value(9).toLongLong();
        w.before = q.value(10).toString();
        w.resolved = q.value(11).toString();
        w.status = q.value(12).toString();
        w.detail = q.value(13).toString();
        out.append(w);
    }
    return out;
}

qint64 Journal::unresolvedStaleCount()
{
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    if (q.exec(QStringLiteral("SELECT COUNT(*) FROM stale WHERE status IN ('open', 'conflict')")) && q.next())
        return q.value(0).toLongLong();
    return 0;
}

bool Journal::resolveStale(qint64 id, const QString &status, const QString &resolved, const QString &detail)
{
    return exec(QStringLiteral("UPDATE stale SET status = ?, resolved = ?, detail = ? WHERE id = ?"),
                {status, resolved, detail, id});
}

} // namespace sp::migration
