#pragma once
#include "core/migration/Journal.h"
#include "core/migration/MoveSet.h"

#include <atomic>
#include <functional>

namespace sp::migration {

struct VerifyResult
{
    bool ok = false;    // ran to the end (differences may still exist)
    QString error;
    qint64 rowsCompared = 0; // target rows expected
    QList<RowDifference> differences;
    QStringList lines;  // one per target table: "db4.t_messages_0: 12,345 rows identical"
};

// T5: compares, row by row, every target table with the rows the new config routes there from its
// sources. Independent of how the copy found its rows: the sources are scanned whole (no pushdown
// predicate) and each row is routed with the new config. Rows are compared by primary key and a
// 64-bit row hash computed by the servers (CRC32 and CRC32C of the columns, a NULL bitmap and the
// lengths, so NULL vs '' and shifted separators differ). Windows of primary keys bound the memory.
// Every difference is listed (no cap) with SQL that repairs the target.
VerifyResult verifyMoves(const MoveSet &moves, const Endpoints &endpoints,
                         const std::function<void(const QString &)> &say, const std::atomic<bool> *stop);

QString rowHashSql(const TableInfo &info); // "CRC32(x), CRC32C(x)" for the table's columns

} // namespace sp::migration
