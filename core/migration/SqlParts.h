#pragma once
#include "core/cluster/BinlogPosition.h"
#include "core/cluster/Connection.h"
#include "core/migration/MoveSet.h"

#include <optional>

namespace sp {
class Transaction;
}

// SQL pieces the migration engine builds in several places: primary-key conditions and the
// binlog positions servers report.
namespace sp::migration {

// "`id` > 17", "(`a`,`b`) >= (3,17)": the key compared with `pk` by `op`
QString pkCompare(const TableInfo &info, const QList<qint64> &pk, const char *op);
// "`a` = 3 AND `b` = 17"
QString pkEquals(const TableInfo &info, const QList<qint64> &pk);
// "`id` BETWEEN lo AND hi" (a one-column key)
QString pkBetween(const TableInfo &info, qint64 lo, qint64 hi);
// "3,17" (pkText) back to numbers; nullopt for an empty or malformed text
std::optional<QList<qint64>> parsePkText(const QString &text);

// SHOW MASTER STATUS: the server's binlog end (an error when the binary log is off).
std::optional<BinlogPosition> masterStatus(Connection &c, QString *error);
// The binlog position of a consistent-snapshot transaction (an error when the server gives none).
std::optional<BinlogPosition> snapshotAt(Transaction &tx, QString *error);
// Runs each statement with warnings allowed ("already exists" notes); stops at the first error.
bool execAll(Connection &c, const QStringList &statements, QString *error);

} // namespace sp::migration
