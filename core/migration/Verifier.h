#pragma once

#include "core/migration/Journal.h"
#include "core/migration/KeySql.h"
#include "core/migration/MoveSet.h"
#include "core/migration/PreVerify.h"
#include "core/migration/RowHash.h"

#include <QSet>

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
// With `scopes`, a target table fed by one (unit, target) that has a non-full scope is compared only
// in the scope's key ranges (aggregates, then row by row where they differ) and at its keys (row by
// row); every other table whole.
// Keys of any type (KeySql.h): windows of keys are cut and ordered by the servers; ranges of aggregates
// need a one-column integer key. `hash`: the row hash (RowHash.h).
// `admit` (the run's throttle while the application writes: `migrate verify`) is asked before every
// range and window with the rows compared since it was asked last; false ends the comparison with
// its error ("stopped" when it gives none).
using VerifyAdmit = std::function<bool(qint64 rows, QString *error)>;
VerifyResult verifyMoves(const MoveSet &moves, const Endpoints &endpoints,
                         const std::function<void(const QString &)> &say, const std::atomic<bool> *stop,
                         const VerifyScopes *scopes = nullptr, RowHashKind hash = RowHashKind::Crc,
                         const VerifyAdmit &admit = {});

// Repair SQL: what makes target t's rows with `keys` what `source` holds for them now (read exactly
// there, inside whatever snapshot `source` has open): one DELETE by key, then INSERTs of the rows the
// source has (generated columns left out). repairSql: the same for one key as text, one statement per
// line, each ending in ';' (`migrate repair` applies them line by line); `insert` false: the DELETE only.
std::optional<QStringList> repairStatements(Connection &source, const MoveUnit &u, int t,
                                            const QList<Key> &keys, QString *error);
std::optional<QString> repairSql(Connection &source, const MoveUnit &u, int t, const Key &key, bool insert,
                                 QString *error);

} // namespace sp::migration

namespace sp::migration {

// The plan's SQL predicates (used to read only moving rows, and by T5's aggregates) must select
// exactly the rows the router moves: rows of the moving source tables are routed with the new config
// and compared with what each pair's predicate says, on the server. A table with one target
// (copyChecksPredicate) is read here only outside its predicate - the rows inside are the ones the copy
// reads, and it fails on any of them the router does not send to the target (SourceWorker); every row
// of any other table is read here. Empty when they agree; otherwise what disagrees (at most 20 keys
// listed). One thread per source server.
// `readWhole`: units read whole all the same (ids; a copy that had begun before this process: its
// chunks written then may come from a build whose copy did not check them). `checkedByCopy`: units
// left out, whose copy checks each chunk's key range outside the predicate (in the chunk's own scan,
// or, for a table of wide rows, by checkOutsidePredicate).
QString checkPredicates(const MoveSet &moves, const Endpoints &endpoints, const std::atomic<bool> *stop,
                        qint64 *rowsChecked = nullptr, const QSet<int> &readWhole = {},
                        const QSet<int> &checkedByCopy = {});
// The same check for the rows of `u` (copyChecksPredicate) outside its predicate with keys in
// (lo, hi] (an absent bound: open), read on `c` (an exact session) in windows kept in `windowRows`: the
// copy runs it for each chunk's key range of a table of wide rows right after reading the chunk, while
// the range's pages are in the server's buffer pool (other tables are checked in the chunk's own
// scan). Empty when the router keeps every such row; otherwise what disagrees, as checkPredicates says
// it; "stopped" when `stop` was set.
QString checkOutsidePredicate(const MoveSet &moves, const MoveUnit &u, Connection &c, RawResult &windowRows,
                              const std::optional<Key> &lo, const std::optional<Key> &hi, const std::atomic<bool> *stop,
                              qint64 *rows);
// Whether the copy itself checks the rows inside u's predicate (one target with an SQL predicate, the
// pushdown the copy reads): each must be routed to that target.
bool copyChecksPredicate(const MoveUnit &u);

} // namespace sp::migration
