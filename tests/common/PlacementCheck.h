#pragma once
#include "SandboxFixture.h"

#include "core/cluster/Connection.h"

#include <QStringList>

#include <map>

namespace sp::test {

// physical node "db4.t_messages_1" -> id -> row fingerprint
using NodeRows = std::map<QString, std::map<qint64, QByteArray>>;

struct Placement
{
    NodeRows actual; // what each physical table holds
    NodeRows routed; // where each row read belongs by the config being checked
};

// An independent check of where rows are, for the migration tests: plain SQL only. Reads every
// physical table of `dataSources` (logic table -> sharding column, "" for a broadcast table; sharded
// tables are <logic>_0 .. <logic>_<tablesPerDb-1>) with a SHA-256 fingerprint of an exact form (exactColumnSql) of each
// column and a NULL bitmap, and routes each sharded row the CRC32_MOD way of the sandbox configs:
// database CRC32(key) % dbCount, table (CRC32(key) DIV 65536) % tablesPerDb. Broadcast rows of db0
// belong on every database. Reads as root with sql_log_bin=0.
bool readPlacement(SandboxFixture &fx, const QStringList &dataSources, const std::map<QString, QString> &tables,
                   int dbCount, int tablesPerDb, Placement *out, QString *error);

// An exact form of one column's stored value in plain SQL, by its information_schema DATA_TYPE: HEX of
// the bytes of strings, BLOBs, JSON, geometry, INET6 and UUID; FLOAT as its DOUBLE value's text (the
// text protocol rounds a FLOAT to 6 digits); DOUBLE, DECIMAL, integers and temporal values as text
// (DOUBLE prints its shortest round-trip form); ENUM and SET as numbers; BIT as HEX of its bytes.
QString exactColumnSql(const QString &dataType, const QString &column);

// SQL of a row's fingerprint in `schema`.`table` (SHA-256 over the exact form of each column and a NULL
// bitmap), read from information_schema on `c`. False with *error when the columns cannot be read;
// true with an empty *expr when the table does not exist (yet).
bool rowFingerprintSql(Connection &c, const QString &schema, const QString &table, QString *expr,
                       QString *error);

// The physical tables of `dataSources` hold exactly the rows routed there (missing, extra and
// different rows listed, at most 20). Empty when they do.
QString compareNodes(const Placement &p, const QStringList &dataSources, qint64 *rowsCompared = nullptr);

} // namespace sp::test
