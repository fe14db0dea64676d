#include "core/migration/PreVerify.h"

#include "core/migration/SqlParts.h"

#include <limits>

namespace sp::migration {

int PvTable::indexOf(qint64 key) const
{
    if (ranges.empty() || key < origin)
        return 0;
    const qint64 i = (key - origin) / width;
    return int(qMin<qint64>(i, qint64(ranges.size()) - 1));
}

qint64 PvTable::lo(int i) const
{
    return i == 0 ? std::numeric_limits<qint64>::min() : origin + qint64(i) * width;
}

qint64 PvTable::hi(int i) const
{
    return i + 1 >= int(ranges.size()) ? std::numeric_limits<qint64>::max() : origin + qint64(i + 1) * width - 1;
}

void PvTable::mark(qint64 key, const BinlogPosition &end, int cap)
{
    if (ranges.empty())
        return;
    PvRange &r = ranges[size_t(indexOf(key))];
    // A transaction that ended at or before the range's point was inside the snapshot it was compared in.
    if (!r.ok || r.overflow || !(r.pos < end))
        return;
    r.keys.insert(key);
    if (int(r.keys.size()) > cap) {
        r.overflow = true;
        r.keys.clear();
    }
}

std::optional<BinlogPosition> PvTable::oldest() const
{
    std::optional<BinlogPosition> out;
    for (const PvRange &r : ranges)
        if (r.ok && (!out || r.pos < *out))
            out = r.pos;
    return out;
}

QString pvIneligible(const MoveSet &moves, const MoveUnit &u, int t)
{
    if (u.info.pk.size() != 1)
        return QStringLiteral("composite primary key");
    if (!u.info.integerKey())
        return QStringLiteral("a key that is not an integer");
    if (u.info.cols.at(u.info.pk.first()).kind == ColumnKind::UInt &&
        u.info.cols.at(u.info.pk.first()).dataType == QLatin1String("bigint"))
        return QStringLiteral("a BIGINT UNSIGNED key (ranges are kept as signed 64-bit numbers)");
    if (u.targets.at(t).existing) // the application writes there too: no triggers, compared in its scope at T5
        return QStringLiteral("a live data node with rows of its own");
    if (!u.broadcast && u.targets.at(t).predicateSql.isEmpty())
        return QStringLiteral("no SQL predicate");
    if (u.info.createSql.contains(QLatin1String("FOREIGN KEY"), Qt::CaseInsensitive))
        return QStringLiteral("foreign key (cascaded changes are not in the binlog)");
    int feeds = 0;
    for (const MoveUnit &v : moves.units())
        for (int s = 0; s < v.targets.size(); ++s)
            if (v.targets.at(s).instance == u.targets.at(t).instance && v.qualifiedTarget(s) == u.qualifiedTarget(t))
                ++feeds;
    if (feeds != 1)
        return QStringLiteral("fed by %1 sources").arg(feeds);
    return {};
}

namespace pv {

bool ensure(Connection &c, QString *error)
{
    // verify_table last: a session that finds it finds the others (load() reads it first).
    const QStringList ddl = {
        QStringLiteral("CREATE DATABASE IF NOT EXISTS `_shardpilot` CHARACTER SET utf8mb4"),
        QStringLiteral("CREATE TABLE IF NOT EXISTS `_shardpilot`.`verify_range` (run_id CHAR(16) NOT NULL, "
                       "unit INT NOT NULL, target INT NOT NULL, idx INT NOT NULL, file VARCHAR(255) NOT NULL, "
                       "pos BIGINT UNSIGNED NOT NULL, PRIMARY KEY (run_id, unit, target, idx)) ENGINE=InnoDB"),
        QStringLiteral("CREATE TABLE IF NOT EXISTS `_shardpilot`.`touched` (run_id CHAR(16) NOT NULL, "
                       "unit INT NOT NULL, target INT NOT NULL, pk BIGINT NOT NULL, "
                       "PRIMARY KEY (run_id, unit, target, pk)) ENGINE=InnoDB"),
        QStringLiteral("CREATE TABLE IF NOT EXISTS `_shardpilot`.`verify_table` (run_id CHAR(16) NOT NULL, "
                       "unit INT NOT NULL, target INT NOT NULL, origin BIGINT NOT NULL, width BIGINT NOT NULL, "
                       "ranges INT NOT NULL, table_id BIGINT NOT NULL, PRIMARY KEY (run_id, unit, target)) ENGINE=InnoDB"),
    };
    return execAll(c, ddl, error);
}

QString captureMarker(const QString &runId)
{
    return QStringLiteral("@sp_capture_") + runId;
}

QString triggerPrefix(const QString &runId, const MoveUnit &u, int t)
{
    return QStringLiteral("sp_%1_%2_%3_").arg(runId).arg(u.id).arg(t);
}

static QString triggerName(const QString &runId, const MoveUnit &u, int t, char kind)
{
    return Connection::quoteIdentifier(u.targets.at(t).schema) + QLatin1Char('.') +
           Connection::quoteIdentifier(triggerPrefix(runId, u, t) + QLatin1Char(kind));
}

QStringList triggerSql(const QString &runId, const MoveUnit &u, int t)
{
    const QString pk = Connection::quoteIdentifier(u.info.columns.at(u.info.pk.first()));
    auto record = [&](const char *image) -> QString {
        return QStringLiteral("INSERT INTO `_shardpilot`.`touched` (run_id, unit, target, pk) VALUES ('%1', %2, %3, %4.%5) "
                              "ON DUPLICATE KEY UPDATE pk = pk;")
            .arg(runId)
            .arg(u.id)
            .arg(t)
            .arg(QLatin1String(image), pk);
    };
    auto trigger = [&](char kind, const char *event, const QString &body) -> QString {
        return QStringLiteral("CREATE TRIGGER ") + triggerName(runId, u, t, kind) + QStringLiteral(" AFTER ") +
               QLatin1String(event) + QStringLiteral(" ON ") + u.qualifiedTarget(t) + QStringLiteral(" FOR EACH ROW IF ") +
               captureMarker(runId) + QStringLiteral(" IS NULL THEN ") + body + QStringLiteral(" END IF");
    };
    return {trigger('i', "INSERT", record("NEW")), trigger('u', "UPDATE", record("OLD") + QLatin1Char(' ') + record("NEW")),
            trigger('d', "DELETE", record("OLD"))};
}

QStringList dropTriggerSql(const QString &runId, const MoveUnit &u, int t)
{
    QStringList out;
    for (char k : {'i', 'u', 'd'})
        out.append(QStringLiteral("DROP TRIGGER IF EXISTS ") + triggerName(runId, u, t, k));
    return out;
}

std::optional<qint64> identity(Connection &c, const QString &schema, const QString &table, QString *error)
{
    auto r = c.query(QStringLiteral("SELECT TABLE_ID FROM information_schema.INNODB_SYS_TABLES WHERE NAME = %1")
                         .arg(c.quoteString(schema + QLatin1Char('/') + table)));
    if (!r) {
        *error = c.lastError();
        return std::nullopt;
    }
    error->clear();
    if (r->rows.size() != 1)
        return std::nullopt;
    return r->rows.first().at(0).toLongLong();
}

bool saveTable(Connection &c, const QString &runId, const PvTable &t, QString *error)
{
    if (!c.exec(QStringLiteral("INSERT INTO `_shardpilot`.`verify_table` (run_id, unit, target, origin, width, ranges, "
                               "table_id) VALUES (%1, %2, %3, %4, %5, %6, %7)")
                    .arg(c.quoteString(runId))
                    .arg(t.unit)
                    .arg(t.target)
                    .arg(t.origin)
                    .arg(t.width)
                    .arg(qint64(t.ranges.size()))
                    .arg(t.identity))) {
        *error = c.lastError();
        return false;
    }
    return true;
}

bool saveRange(Connection &c, const QString &runId, int unit, int target, int index, const BinlogPosition &pos)
{
    return c.exec(QStringLiteral("INSERT INTO `_shardpilot`.`verify_range` (run_id, unit, target, idx, file, pos) VALUES "
                                 "(%1, %2, %3, %4, %5, %6) ON DUPLICATE KEY UPDATE file = VALUES(file), pos = VALUES(pos)")
                      .arg(c.quoteString(runId))
                      .arg(unit)
                      .arg(target)
                      .arg(index)
                      .arg(c.quoteString(pos.file))
                      .arg(pos.position));
}

bool clearRanges(Connection &c, const QString &runId, int unit, int target)
{
    return c.exec(QStringLiteral("DELETE FROM `_shardpilot`.`verify_range` WHERE run_id = %1 AND unit = %2 AND target = %3")
                      .arg(c.quoteString(runId))
                      .arg(unit)
                      .arg(target));
}

std::optional<std::vector<PvTable>> load(Connection &c, const QString &runId, QString *error)
{
    std::vector<PvTable> out;
    const QString tableSql = QStringLiteral("SELECT unit, target, origin, width, ranges, table_id FROM "
                                            "`_shardpilot`.`verify_table` WHERE run_id = %1")
                                 .arg(c.quoteString(runId));
    const QString rangeSql = QStringLiteral("SELECT unit, target, idx, file, pos FROM `_shardpilot`.`verify_range` "
                                            "WHERE run_id = %1")
                                 .arg(c.quoteString(runId));
    std::optional<QueryResult> t, r;
    auto read = [&] {
        t = c.query(tableSql);
        r = t ? c.query(rangeSql) : std::nullopt;
        return t && r;
    };
    // The tables are created only when missing: every copy worker loads from every target server it
    // writes, and the DDL, IF NOT EXISTS or not, takes the server's metadata locks and is written to its
    // binlog each time. Another worker may be creating them right now (ensure() creates verify_table
    // last, and any missing one sends this one through ensure() too: IF NOT EXISTS is safe to race).
    if (!read() && (c.lastErrno() == 1146 || c.lastErrno() == 1049)) { // ER_NO_SUCH_TABLE, ER_BAD_DB_ERROR
        if (!ensure(c, error))
            return std::nullopt;
        read();
    }
    if (!t || !r) {
        *error = c.lastError();
        return std::nullopt;
    }
    for (const auto &row : t->rows) {
        PvTable p;
        p.unit = row.at(0).toInt();
        p.target = row.at(1).toInt();
        p.origin = row.at(2).toLongLong();
        p.width = qMax<qint64>(1, row.at(3).toLongLong());
        p.ranges.resize(size_t(qBound(1, row.at(4).toInt(), 1000000)));
        p.identity = row.at(5).toLongLong();
        for (const auto &rr : r->rows) {
            const int i = rr.at(2).toInt();
            if (rr.at(0).toInt() != p.unit || rr.at(1).toInt() != p.target || i < 0 || i >= int(p.ranges.size()))
                continue;
            p.ranges[size_t(i)].ok = true;
            p.ranges[size_t(i)].pos = BinlogPosition{rr.at(3).toString(), rr.at(4).toULongLong()};
        }
        out.push_back(std::move(p));
    }
    return out;
}

std::optional<std::map<QPair<int, int>, QList<qint64>>> touched(Connection &c, const QString &runId, int limit,
                                                                bool *overflow, QString *error)
{
    auto r = c.query(QStringLiteral("SELECT unit, target, pk FROM `_shardpilot`.`touched` WHERE run_id = %1 LIMIT %2")
                         .arg(c.quoteString(runId))
                         .arg(limit + 1));
    if (!r) {
        *error = c.lastError();
        return std::nullopt;
    }
    *overflow = r->rows.size() > limit;
    std::map<QPair<int, int>, QList<qint64>> out;
    for (const auto &row : r->rows)
        out[{row.at(0).toInt(), row.at(1).toInt()}].append(row.at(2).toLongLong());
    return out;
}

std::optional<QList<QPair<QString, QString>>> triggers(Connection &c, const QString &runId, QString *error)
{
    const QString sql = QStringLiteral("SELECT TRIGGER_SCHEMA, TRIGGER_NAME FROM information_schema.TRIGGERS WHERE "
                                       "TRIGGER_NAME LIKE %1")
                            .arg(c.quoteString(QStringLiteral("sp\\_") + runId + QStringLiteral("\\_%")));
    auto r = c.query(sql);
    if (!r) // once more: reading information_schema can fail on a busy server's temporary files
        r = c.query(sql);
    if (!r) {
        *error = c.lastError();
        return std::nullopt;
    }
    QList<QPair<QString, QString>> out;
    for (const auto &row : r->rows)
        out.append({row.at(0).toString(), row.at(1).toString()});
    return out;
}

bool forget(Connection &c, const QString &runId, QString *error)
{
    for (const char *t : {"verify_table", "verify_range", "touched"}) {
        const WarningPolicy old = c.warningPolicy();
        c.setWarningPolicy({});
        const bool ok = c.exec(QStringLiteral("DELETE FROM `_shardpilot`.`%1` WHERE run_id = %2")
                                   .arg(QLatin1String(t), c.quoteString(runId))) ||
                        c.lastError().contains(QLatin1String("doesn't exist"));
        c.setWarningPolicy(old);
        if (!ok) {
            *error = c.lastError();
            return false;
        }
    }
    return true;
}

} // namespace pv
} // namespace sp::migration
