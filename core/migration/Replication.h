#pragma once
// MariaDB GTID positions and replica status, for dual-master runs (docs/migration-dual-master.md).
#include "core/cluster/Connection.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace sp::migration {

// One MariaDB GTID: domain-server-sequence.
struct Gtid
{
    quint32 domain = 0;
    quint32 server = 0;
    quint64 seq = 0;
    bool operator==(const Gtid &o) const { return domain == o.domain && server == o.server && seq == o.seq; }
};

// "0-1-10,1-2-3" (spaces and newlines allowed, empty text is an empty list). nullopt with a reason
// on anything else; at most 10,000 entries.
std::optional<QList<Gtid>> parseGtidList(const QString &text, QString *error);
QString gtidText(const QList<Gtid> &list);
// Whether `have` (a replica's gtid_slave_pos) has reached `want` (its source's gtid_binlog_pos) in
// every domain of `want`; the domains it has not reached go to `behind` ("0: 0-1-7 < 0-1-9").
bool gtidCovers(const QList<Gtid> &have, const QList<Gtid> &want, QString *behind = nullptr);
// Transactions a server wrote itself (its own server_id) since `before` (both @@gtid_binlog_state,
// one entry per domain and server): on a replica before the switch they are errant.
QList<Gtid> errantGtids(const QList<Gtid> &before, const QList<Gtid> &now, quint32 serverId);

// SHOW SLAVE STATUS of the default connection.
struct ReplicaStatus
{
    bool configured = false; // a master is set up
    QString masterHost;
    int masterPort = 0;
    QString ioRunning;  // "Yes", "No", "Connecting"
    QString sqlRunning; // "Yes", "No"
    qint64 lagSec = -1; // Seconds_Behind_Master; -1: NULL (not running)
    QString usingGtid;  // "No", "Slave_Pos", "Current_Pos"
    QString lastIoError;
    QString lastSqlError;
    bool running() const { return ioRunning == QLatin1String("Yes") && sqlRunning == QLatin1String("Yes"); }
};
std::optional<ReplicaStatus> readReplicaStatus(Connection &c, QString *error);

// Replication state of one old -> new pair of a dual-master run, as `migrate status` and the
// console show it.
struct PairReplication
{
    QString oldDs;
    QString newDs;
    QString oldInstance;
    QString newInstance;
    QString error;        // the pair could not be read
    ReplicaStatus forward; // on the new instance (old -> new)
    bool reverseConfigured = false;
    ReplicaStatus reverse; // on the old instance (new -> old), dual-master window
    QString sourcePos;    // old: @@gtid_binlog_pos
    QString replicaPos;   // new: @@gtid_slave_pos
    bool caughtUp = false; // replicaPos covers sourcePos
    QDateTime at;

    QJsonObject toJson() const;
    static PairReplication fromJson(const QJsonObject &o);
    QString describe() const; // one line for people
};

} // namespace sp::migration
