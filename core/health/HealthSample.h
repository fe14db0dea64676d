#pragma once
#include "core/cluster/ClusterStats.h"

#include <QDateTime>
#include <QList>
#include <QString>

namespace sp::health {

// Logical reads an interval needs before its buffer pool hit ratio is judged (a few disk reads of a
// short, quiet sample are no verdict).
inline constexpr qint64 kHitRatioMinRequests = 10000;

// Cumulative server counters (SHOW GLOBAL STATUS) of one reading; -1 where the server has none.
struct HealthCounters
{
    qint64 questions = -1;
    qint64 comCommit = -1;
    qint64 comRollback = -1;
    qint64 binlogCommits = -1; // Binlog_commits (log_bin on): every transaction that wrote, autocommitted too
    qint64 bufferPoolReadRequests = -1; // Innodb_buffer_pool_read_requests (logical reads)
    qint64 bufferPoolReads = -1;        // Innodb_buffer_pool_reads (reads that went to disk)
    qint64 rowLockWaits = -1;           // Innodb_row_lock_waits
    qint64 deadlocks = -1;              // Innodb_deadlocks (MariaDB; MySQL has no status variable)
    qint64 abortedConnects = -1;
    qint64 abortedClients = -1;
    // Statements the monitor itself sent since its previous reading (they count in Questions and
    // are taken out of the QPS).
    qint64 ownStatements = 0;
};

// One of the largest tables of the data source's schema (information_schema estimates).
struct TableSize
{
    QString table;
    qint64 rows = -1;
    qint64 bytes = -1;      // data + index
    qint64 rowsDelta = 0;   // change since the previous sample
    bool hasDelta = false;  // false on the first sample, or when the table is new
};

// One poll of one data source's server.
struct HealthSample
{
    InstanceHealth server;   // the fields of `shardctl health` (reachable, version, uptime, ...)
    QDateTime at;            // UTC
    qint64 steadyMs = 0;     // monotonic clock at the reading (rates)
    qint64 pollMs = 0;       // how long the poll took
    QString account;         // the user the monitor connected as

    int threadsRunning = -1;
    HealthCounters counters;

    // Rates over `intervalSec` against the previous sample of the same server; < 0: unknown (first
    // sample, a restart in between, a counter the server lacks).
    double intervalSec = 0;
    double qps = -1;                // Questions, the monitor's own statements taken out
    double tps = -1;                // Com_commit + Com_rollback
    double bufferPoolHitRatio = -1; // 0..1 over the interval
    bool hitRatioSinceStart = false; // the interval had fewer than kHitRatioMinRequests reads: since the start
    double rowLockWaitsPerSec = -1;
    // Per minute over max(interval, 60 s): a short sample never multiplies one event into many.
    double deadlocksPerMin = -1;
    double abortedPerMin = -1;      // Aborted_connects + Aborted_clients

    // Replication (server.isReplica).
    bool replicaIoRunning = false;
    bool replicaSqlRunning = false;
    QString gtidPosition;           // Gtid_IO_Pos (MariaDB) or Executed_Gtid_Set (MySQL)
    bool replicaNoPrivilege = false;

    // Binary logs (server.logBin).
    qint64 binlogBytes = -1;
    int binlogFiles = -1;
    QString oldestBinlog;
    qint64 binlogRetentionSec = -1; // 0: never purged automatically
    bool binlogNoPrivilege = false;

    QList<TableSize> largestTables;
    bool tablesNoPrivilege = false;

    const QString &dataSource() const { return server.dataSource; }
    bool up() const { return server.reachable; }
    double connectionsUsed() const // 0..1, -1 unknown
    {
        return server.connections >= 0 && server.maxConnections > 0
                   ? double(server.connections) / server.maxConnections
                   : -1;
    }
};

// Fills the rates of `current` from `previous` (same server, earlier). Rates stay unknown when the
// server restarted in between (uptime went back, a counter went back) or either sample is down.
void computeRates(const HealthSample &previous, HealthSample &current);

} // namespace sp::health
