#pragma once
#include "core/cluster/ClusterStats.h"
#include "core/cluster/Connection.h"

#include <QList>
#include <QString>

#include <optional>

namespace sp::inspection {

// One row of information_schema.TABLES (base tables only).
struct SchemaTable
{
    QString name;
    qint64 estimatedRows = -1;
    qint64 dataBytes = -1;
    qint64 indexBytes = -1;
    qint64 autoIncrement = -1;
};

// Fills version, uptime, read_only, binlog settings, server_id, replica status and connection
// counts from an open connection. Sets reachable = true. Sub-queries the account may not run (replica
// status needs REPLICA MONITOR / REPLICATION CLIENT) leave their fields unset and add a note to
// `notes` instead of failing the whole probe. Returns false only when the connection is lost.
// A replica status the account may not read sets replicaState to kNoPrivilege without a note; the
// inspection says it once for all servers.
bool probeHealth(Connection &c, InstanceHealth &health, QStringList *notes = nullptr);
inline constexpr const char kNoPrivilege[] = "no privilege";

// Base tables of `schema` with their estimates: one query, the schema quoted as a string literal by
// the connection. nullopt on error (`error` set).
std::optional<QList<SchemaTable>> listSchemaTables(Connection &c, const QString &schema,
                                                   QString *error);

// SELECT COUNT(*) with both names quoted as identifiers and a server-side time limit (MariaDB
// max_statement_time, MySQL MAX_EXECUTION_TIME) when timeoutSec > 0. nullopt on error.
std::optional<qint64> countRows(Connection &c, const QString &schema, const QString &table,
                                int timeoutSec, QString *error);

// The statement countRows() sends (exposed for tests); empty when a name is not a valid identifier.
QString countStatement(const QString &schema, const QString &table, int timeoutSec, bool mariadb);

// Client-side errors (2000-2999) mean the connection is gone or was never made; server errors
// (kill, time limit, missing table) are per-table problems.
bool isConnectionError(unsigned mysqlErrno);

} // namespace sp::inspection
