#pragma once
#include "core/cluster/BinlogPosition.h"
#include "core/cluster/Connection.h"

#include <optional>

namespace sp::migration {

// A binlog the run still has to read may be purged meanwhile (binlog_expire_logs_seconds,
// PURGE BINARY LOGS). These say whether a file is still there, and word what the run does then.

// Whether `file` is among the server's binary logs (SHOW BINARY LOGS; needs BINLOG MONITOR or
// SUPER). nullopt: the server could not be asked (*error says why).
std::optional<bool> binlogFileKept(Connection &c, const QString &file, QString *error);

// The server's error when a dump starts at a binlog it no longer has (ER_MASTER_FATAL_ERROR_READING_BINLOG).
bool isBinlogGoneError(unsigned serverErrno);

// The capture cannot read from `from` on: what happened, why the run cannot go on, and what to do.
QString captureBinlogGone(const QString &raw, const BinlogPosition &from);
// T8 cannot read from `from` on: the writes after it cannot be checked for stale routes.
QString observeBinlogGone(const QString &raw, const BinlogPosition &from);
// The binlog of pre-verified points is gone (the capture itself is past it): the ranges are
// forgotten and compared again.
QString preverifiedBinlogGone(const QString &instance, const BinlogPosition &oldest,
                              const BinlogPosition &capture);

} // namespace sp::migration
