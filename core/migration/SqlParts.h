#pragma once
#include "core/cluster/BinlogPosition.h"
#include "core/cluster/Connection.h"
#include "core/migration/MoveSet.h"

#include <optional>

namespace sp {
class Transaction;
}

// SQL pieces the migration engine builds in several places: integer key ranges and the
// binlog positions servers report.
namespace sp::migration {

// "`id` BETWEEN lo AND hi" (a one-column integer key; keys of any type: KeySql.h)
QString pkBetween(const TableInfo &info, qint64 lo, qint64 hi);

// SHOW MASTER STATUS: the server's binlog end (an error when the binary log is off).
std::optional<BinlogPosition> masterStatus(Connection &c, QString *error);
// The binlog position of a consistent-snapshot transaction (an error when the server gives none).
std::optional<BinlogPosition> snapshotAt(Transaction &tx, QString *error);
// Runs each statement with warnings allowed ("already exists" notes); stops at the first error.
bool execAll(Connection &c, const QStringList &statements, QString *error);

} // namespace sp::migration
