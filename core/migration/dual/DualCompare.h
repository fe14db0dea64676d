#pragma once
// The comparison a dual-master run makes before its switch (D6; docs/migration-dual-master.md,
// "Comparison before the switch"): the rows each new instance will own under the new config (the
// moving rows of its old instance's tables, the whole of broadcast tables) against its old instance,
// exact (the row hash of RowHash.h), while the old instance keeps taking writes and the new one
// replicates them.
//
// Both sides are read at the same point, batch by batch: the new instance's replication is stopped,
// the old instance's aggregates are read inside START TRANSACTION WITH CONSISTENT SNAPSHOT, whose
// Binlog_snapshot_file/position BINLOG_GTID_POS turns into a GTID position (as mariadb-dump --gtid does),
// the new instance replicates exactly up to there (START SLAVE UNTIL master_gtid_pos) and its
// aggregates are read. Key ranges that differ are compared row by row; what differs is repaired on the
// new instance (sql_log_bin=0) with the old instance's rows read exactly in the same snapshot, while
// replication still stands at that point; then START SLAVE. A process killed at any instant leaves
// replication stopped at most: the caller marks the pair before it starts (DualMasterEngine restarts
// marked pairs and compares again).
#include "core/migration/Journal.h"
#include "core/migration/MoveSet.h"
#include "core/migration/RowHash.h"

#include <atomic>
#include <functional>

namespace sp::migration {

struct DualCompareOptions
{
    RowHashKind hash = RowHashKind::Crc;
    bool repair = true;    // repair what differs (false: only list it, with its repair SQL)
    int rangeRows = 50000; // rows of the old instance per range of aggregates
    // The run's throttle (Throttle.h), asked after each batch with the rows it compared, while
    // replication runs: false stops the comparison (*error empty: stopped or paused).
    std::function<bool(qint64 rows, QString *error)> admit;
    const std::atomic<bool> *stop = nullptr;
    std::function<bool()> pauseRequested;
    std::function<void(const QString &)> progress;
    // Every statement that changes a server, with its outcome, before the comparison goes on.
    std::function<void(const QString &action, const QString &server, const QString &sql,
                       const QString &outcome)>
        audit;
};

struct DualCompareResult
{
    bool ok = false;      // ran to the end (differences may remain)
    bool stopped = false; // stopped or paused before the end (ok false)
    QString error;
    qint64 rowsCompared = 0;          // rows the new instance owns, compared
    qint64 repaired = 0;              // rows rewritten on the new instance, identical afterwards
    QList<RowDifference> differences; // what still differs, each with its repair SQL
    QStringList lines; // one per table: "db2.t_types_0: 60 rows identical to db0 (12 repaired)"
    QString gtid;      // the old instance's position of the last batch
    int batches = 0;
    qint64 replicationStoppedMs = 0; // how long the new instance's replication stood in all
};

// Compares the new instance `b` with its old instance `a` for the units of `moves` whose source is
// `a`'s data source (their TableInfo read); `b`'s replication must run from `a` (D3).
DualCompareResult compareDualPair(const MoveSet &moves, const Endpoint &a, const Endpoint &b,
                                  const DualCompareOptions &o);

// START SLAVE on `c` (a new instance) and wait up to `timeoutMs` for both replication threads.
bool startReplication(Connection &c, int timeoutMs, QString *error);

} // namespace sp::migration
