#include "core/migration/TargetMeta.h"

#include "core/migration/KeySql.h"
#include "core/migration/MoveSet.h"
#include "core/migration/SqlParts.h"

namespace sp::migration {

namespace meta {

bool ensure(Connection &c, QString *error)
{
    const QStringList ddl = {
        QStringLiteral("CREATE DATABASE IF NOT EXISTS `_shardpilot` CHARACTER SET utf8mb4"),
        QStringLiteral("CREATE TABLE IF NOT EXISTS `_shardpilot`.`copy_state` ("
                       "run_id CHAR(16) NOT NULL, unit INT NOT NULL, target INT NOT NULL, lastpk MEDIUMTEXT NULL, "
                       "done TINYINT NOT NULL DEFAULT 0, copied BIGINT NOT NULL DEFAULT 0, "
                       "updated_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), "
                       "PRIMARY KEY (run_id, unit, target)) ENGINE=InnoDB"),
        QStringLiteral("CREATE TABLE IF NOT EXISTS `_shardpilot`.`capture_state` ("
                       "run_id CHAR(16) NOT NULL, source VARCHAR(255) NOT NULL, file VARCHAR(255) NOT NULL, "
                       "pos BIGINT UNSIGNED NOT NULL, "
                       "updated_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), "
                       "PRIMARY KEY (run_id, source)) ENGINE=InnoDB"),
        // A key of any type, encoded (KeySql.h encodeKey); metadata schemas of earlier versions held
        // integer keys in a VARCHAR(512).
        QStringLiteral("ALTER TABLE `_shardpilot`.`copy_state` MODIFY lastpk MEDIUMTEXT NULL"),
    };
    return execAll(c, ddl, error);
}

bool initCopy(Connection &c, const QString &runId, int unit, int target, QString *error)
{
    if (!c.exec(QStringLiteral("INSERT INTO `_shardpilot`.`copy_state` (run_id, unit, target) VALUES (%1, %2, %3) "
                               "ON DUPLICATE KEY UPDATE run_id = run_id")
                    .arg(c.quoteString(runId))
                    .arg(unit)
                    .arg(target))) {
        *error = c.lastError();
        return false;
    }
    return true;
}

bool initCapture(Connection &c, const QString &runId, const QString &source, const BinlogPosition &pos,
                 QString *error)
{
    if (!c.exec(QStringLiteral("INSERT INTO `_shardpilot`.`capture_state` (run_id, source, file, pos) "
                               "VALUES (%1, %2, %3, %4) ON DUPLICATE KEY UPDATE run_id = run_id")
                    .arg(c.quoteString(runId), c.quoteString(source), c.quoteString(pos.file))
                    .arg(pos.position))) {
        *error = c.lastError();
        return false;
    }
    return true;
}

static std::optional<QList<QVariant>> parsePk(const QVariant &v)
{
    if (!v.isValid())
        return std::nullopt;
    return decodeKey(v.toString());
}

std::optional<QHash<QPair<int, int>, CopyState>> loadCopy(Connection &c, const QString &runId, QString *error)
{
    auto r = c.query(QStringLiteral("SELECT unit, target, lastpk, done, copied FROM `_shardpilot`.`copy_state` "
                                    "WHERE run_id = %1")
                         .arg(c.quoteString(runId)));
    if (!r) {
        *error = c.lastError();
        return std::nullopt;
    }
    QHash<QPair<int, int>, CopyState> out;
    for (const auto &row : r->rows) {
        CopyState s;
        s.lastPk = parsePk(row.at(2));
        s.done = row.at(3).toInt() != 0;
        s.copied = row.at(4).toLongLong();
        out.insert({row.at(0).toInt(), row.at(1).toInt()}, s);
    }
    return out;
}

std::optional<BinlogPosition> loadCapture(Connection &c, const QString &runId, const QString &source,
                                          QString *error)
{
    auto r = c.query(QStringLiteral("SELECT file, pos FROM `_shardpilot`.`capture_state` WHERE run_id = %1 AND "
                                    "source = %2")
                         .arg(c.quoteString(runId), c.quoteString(source)));
    if (!r) {
        *error = c.lastError();
        return std::nullopt;
    }
    error->clear();
    if (r->rows.isEmpty())
        return std::nullopt;
    return BinlogPosition{r->rows.first().at(0).toString(), r->rows.first().at(1).toULongLong()};
}

static QString copySql(Connection &c, const QString &runId, int unit, int target, const CopyState &s)
{
    const QString lastPk = s.lastPk ? c.quoteString(encodeKey(*s.lastPk)) : QStringLiteral("NULL");
    return QStringLiteral("UPDATE `_shardpilot`.`copy_state` SET lastpk = %1, done = %2, copied = %3 "
                          "WHERE run_id = %4 AND unit = %5 AND target = %6")
        .arg(lastPk)
        .arg(s.done ? 1 : 0)
        .arg(s.copied)
        .arg(c.quoteString(runId))
        .arg(unit)
        .arg(target);
}

static QString captureSql(Connection &c, const QString &runId, const QString &source, const BinlogPosition &pos)
{
    return QStringLiteral("UPDATE `_shardpilot`.`capture_state` SET file = %1, pos = %2 WHERE run_id = %3 AND "
                          "source = %4")
        .arg(c.quoteString(pos.file))
        .arg(pos.position)
        .arg(c.quoteString(runId), c.quoteString(source));
}

static bool copyRowFound(Connection &c, const ExecResult &er, int unit, int target)
{
    if (er.affectedRows == 1)
        return true;
    c.setError(QStringLiteral("the copy checkpoint of unit %1 target %2 is missing from _shardpilot.copy_state")
                   .arg(unit)
                   .arg(target));
    return false;
}

static bool captureRowFound(Connection &c, const ExecResult &er, const QString &source)
{
    if (er.affectedRows == 1)
        return true;
    c.setError(QStringLiteral("the capture position of %1 is missing from _shardpilot.capture_state").arg(source));
    return false;
}

bool saveCopy(Connection &c, const QString &runId, int unit, int target, const CopyState &s)
{
    ExecResult er;
    return c.exec(copySql(c, runId, unit, target, s), &er) && copyRowFound(c, er, unit, target);
}

bool saveCapture(Connection &c, const QString &runId, const QString &source, const BinlogPosition &pos)
{
    ExecResult er;
    return c.exec(captureSql(c, runId, source, pos), &er) && captureRowFound(c, er, source);
}

bool saveChunk(Connection &c, const QString &runId, int unit, int target, const CopyState &s, const QString &source,
               const BinlogPosition &pos)
{
    if (!c.params().multiStatements)
        return saveCopy(c, runId, unit, target, s) && saveCapture(c, runId, source, pos);
    QList<ExecResult> r;
    if (!c.execMulti({copySql(c, runId, unit, target, s).toUtf8(), captureSql(c, runId, source, pos).toUtf8()}, &r))
        return false;
    if (r.size() != 2) {
        c.setError(QStringLiteral("the checkpoint statements returned %1 results, not 2").arg(r.size()));
        return false;
    }
    return copyRowFound(c, r.at(0), unit, target) && captureRowFound(c, r.at(1), source);
}

bool forget(Connection &c, const QString &runId, QString *error)
{
    for (const char *t : {"copy_state", "capture_state"}) {
        if (!c.exec(QStringLiteral("DELETE FROM `_shardpilot`.`%1` WHERE run_id = %2")
                        .arg(QLatin1String(t), c.quoteString(runId)))) {
            *error = c.lastError();
            return false;
        }
    }
    return true;
}

bool dropIfUnused(Connection &c, const std::function<bool(const QString &sql)> &run, bool *dropped, QString *error)
{
    *dropped = false;
    auto tables = c.query(QStringLiteral("SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = '_shardpilot'"));
    if (!tables) {
        *error = c.lastError();
        return false;
    }
    auto exists = c.queryValue(QStringLiteral("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = '_shardpilot'"));
    if (!exists) {
        *error = c.lastError();
        return false;
    }
    if (exists->toInt() == 0)
        return true;
    for (const auto &row : tables->rows) {
        auto any = c.query(QStringLiteral("SELECT 1 FROM `_shardpilot`.") + Connection::quoteIdentifier(row.at(0).toString()) +
                           QStringLiteral(" LIMIT 1"));
        if (!any) {
            *error = c.lastError();
            return false;
        }
        if (!any->rows.isEmpty())
            return true; // another run's rows: it stays
    }
    if (!run(QStringLiteral("DROP DATABASE `_shardpilot`"))) {
        *error = c.lastError();
        return false;
    }
    *dropped = true;
    return true;
}

} // namespace meta
} // namespace sp::migration
