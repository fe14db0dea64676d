#pragma once
#include "core/cluster/BinlogPosition.h"
#include "core/cluster/Connection.h"

#include <QDateTime>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

// What a source server's binlog holds between two positions: who wrote after the write stop
// (docs/migration.md, "The switch's write-loss guarantee"). Read through its own binlog stream, apart
// from the capture's.
namespace sp::migration {

struct BinlogWrites
{
    struct Transaction
    {
        QString gtid;         // domain-server-sequence
        quint32 serverId = 0; // the server that wrote it (another one: replicated into this source)
        QDateTime at;         // UTC
        BinlogPosition position;
        QMap<QString, qint64> movingRows; // "schema.table" of a moving table -> row changes
        QStringList otherTables;          // tables that do not move (their rows are not decoded)
        QStringList statements;           // QUERY events other than BEGIN/COMMIT ("pos: text")
    };
    QList<Transaction> transactions;
    qint64 movingRowChanges = 0;
    QString stop; // a statement-logged change, or DDL naming a moving table: the run cannot go on

    // Transactions that touch anything but the engine's own schema (_shardpilot).
    bool anyOutsideEngine() const;
    // One line per transaction (at most `max`), "GTID 0-1-45 (server_id 1, 2026-12-02T10:00:00Z, at
    // mysql-bin.000001:1234): fsharechat.t_messages_0: 1 row changes".
    QStringList lines(int max = 20) const;
};

struct BinlogWritesRequest
{
    ConnectionParams connection; // REPLICATION SLAVE
    quint32 readerServerId = 0;  // unique among the server's replicas and readers
    BinlogPosition from, to;     // [from, to)
    std::function<bool(const QString &schema, const QString &table)> moving;
    QStringList movingTableNames; // physical table names a DDL statement must not name
    int timeoutSec = 60;
};
std::optional<BinlogWrites> readBinlogWrites(const BinlogWritesRequest &request, QString *error);

} // namespace sp::migration
