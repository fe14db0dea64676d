#include "core/migration/BinlogRetention.h"

namespace sp::migration {

std::optional<bool> binlogFileKept(Connection &c, const QString &file, QString *error)
{
    auto r = c.query(QStringLiteral("SHOW BINARY LOGS"));
    if (!r) {
        *error = c.lastError();
        return std::nullopt;
    }
    for (const auto &row : r->rows)
        if (!row.isEmpty() && row.at(0).toString() == file)
            return true;
    return false;
}

bool isBinlogGoneError(unsigned serverErrno)
{
    return serverErrno == 1236;
}

QString captureBinlogGone(const QString &raw, const BinlogPosition &from)
{
    return QStringLiteral(
               "%1. The binary log the capture must read from %2 on was purged on this server before the "
               "run read it (binlog_expire_logs_seconds or expire_logs_days, or PURGE BINARY LOGS): the "
               "changes written since cannot be carried over, so the run cannot go on. Roll back "
               "('shardctl migrate rollback --run DIR --drop-targets --yes'; the sources are untouched) "
               "and run again with a retention that covers the whole run, e.g. SET GLOBAL "
               "binlog_expire_logs_seconds = 604800 (and in the server's config), keeping 'migrate run' "
               "going or running it again well within that time: the capture reads only while a process "
               "runs")
        .arg(raw, from.toString());
}

QString observeBinlogGone(const QString &raw, const BinlogPosition &from)
{
    return QStringLiteral(
               "%1. The binary log T8 watches from %2 on was purged on this server before T8 read it "
               "(binlog_expire_logs_seconds or expire_logs_days, or PURGE BINARY LOGS): the writes in it "
               "cannot be checked for stale routes any more. Make sure every application routes with the "
               "new config (its logs, the old shards' general log), then go on to T9 with "
               "--override-reason saying so")
        .arg(raw, from.toString());
}

QString preverifiedBinlogGone(const QString &instance, const BinlogPosition &oldest,
                              const BinlogPosition &capture)
{
    return QStringLiteral(
               "%1: the binary log of the pre-verified points (from %2) was purged; the capture itself "
               "continues at %3. The verified ranges of this server's tables are forgotten and compared "
               "again (by T3 while writes run, else by T5)")
        .arg(instance, oldest.toString(), capture.toString());
}

} // namespace sp::migration
