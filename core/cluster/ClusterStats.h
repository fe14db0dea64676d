#pragma once
#include "core/config/ShardingConfig.h"

#include <QDateTime>
#include <QList>
#include <QString>

#include <optional>

namespace sp {

// Value types shared by inspection (core/cluster), history, the CLI and the GUI.

struct TableStats
{
    DataNode node;                 // ds.table as the config names it
    QString logicTable;            // empty for a physical table the config does not know
    bool existsOnServer = true;    // false: the config names it, the server lacks it
    bool knownToConfig = true;     // false: the server has it, the config does not name it
    qint64 estimatedRows = -1;     // information_schema.TABLES.TABLE_ROWS; -1 unknown
    std::optional<qint64> exactRows; // COUNT(*) when requested and finished
    qint64 dataBytes = -1;
    qint64 indexBytes = -1;
    qint64 autoIncrement = -1;     // -1 when none
    QString error;                 // per-table failure (e.g. count cancelled or timed out)
    bool broadcast = false;        // a broadcast table (full copy per data source): no skew

    qint64 rows() const { return exactRows ? *exactRows : estimatedRows; }
};

// What a server's state is, for every front end that shows it (health, dashboard, topology,
// shardctl stats and health): a wrong password or a missing grant is "access denied", not
// "unreachable". Classified once, from the error number (sp::serverStateOf, ServerState.h).
enum class ServerState
{
    Unknown,
    Up,
    Unreachable,
    AccessDenied
};

struct InstanceHealth
{
    QString dataSource;            // config name (db0 ...)
    QString host;
    int port = 0;
    bool reachable = false;
    QString error;                 // why not reachable (one line)
    unsigned errorCode = 0;        // the client's or server's error number of `error` (0: none known)
    QString version;
    qint64 uptimeSeconds = -1;
    bool readOnly = false;
    QString binlogFormat;          // ROW / STATEMENT / MIXED / empty if binlog off
    QString binlogRowImage;        // FULL / MINIMAL / NOBLOB
    bool logBin = false;
    qint64 serverId = -1;
    bool isReplica = false;
    std::optional<qint64> replicaLagSeconds;
    QString replicaState;          // e.g. "IO: Yes, SQL: Yes"
    int connections = -1;          // Threads_connected
    int maxConnections = -1;
};


struct ClusterSnapshot
{
    QString configPath;
    QDateTime takenAt;             // UTC
    bool exact = false;            // exact counts were requested
    QList<InstanceHealth> instances;
    QList<TableStats> tables;

    bool allReachable() const
    {
        for (const auto &i : instances)
            if (!i.reachable)
                return false;
        return true;
    }
};

// One observation of a physical table (or a sum over several) at one time.
struct SeriesPoint
{
    QDateTime time;    // UTC
    qint64 rows = -1;  // < 0: unknown, ignored by the fit
    qint64 bytes = -1; // data + index; < 0 unknown
};

} // namespace sp
