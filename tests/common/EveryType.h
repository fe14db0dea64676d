#pragma once
// The every-type tables of the fidelity tests (issue 21), shared by integration.migrate_fidelity (copy
// runs) and integration.migrate_dual_fidelity (dual-master runs): a table with every column type and edge
// value MariaDB 10.11 holds (FLOAT extremes and subnormals, DECIMAL(65,30), BIT(64), zero dates, TIME
// -838:59:59, TIMESTAMP, gbk/big5/cp1251/latin1 bytes 0x80..0xFF, 4-byte UTF-8, multi-MB BLOBs, JSON,
// GEOMETRY with an SRID, INET6, UUID, generated columns) and one table per key type, on data sources db0
// and db1 of a 2 x 2 CRC32_MOD config (schema `fidelity`), with the rows, the changes and the plain-SQL
// reader (PlacementCheck exactColumnSql: HEX of bytes, FLOAT as DOUBLE text, ...) the tests check with.
#include "SandboxFixture.h"

#include "core/cluster/Connection.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <map>
#include <memory>

namespace sp::test {

struct EveryTypeTable
{
    QString name;         // logic table; physical <name>_0, <name>_1
    QString columns;      // column definitions after `k` (the sharding column)
    QString keys;         // key definition(s)
    QStringList keyCols;  // columns identifying a row (for the check)
    QString tableOptions; // after ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 (e.g. a PARTITION BY clause)
    // VALUES tuple (without k) of row i, and of the new key of row i (key-changing updates)
    std::function<QString(int)> values;
    std::function<QString(int)> keySet;   // "SET a = .., b = .." giving row i a new key
    std::function<QString(int)> keyWhere; // "a = .. AND b = .." of row i's original key
};

// t_types (every column type; key BIGINT UNSIGNED up to 2^64-1) and the key tables t_kvc
// (utf8mb4_general_ci), t_kgbk, t_kbin (VARBINARY with trailing 0x00), t_kbin4, t_kenum (ENUM in a
// composite key), t_kdt (DATETIME(6)), t_ktime, t_kdec, t_kcomp (text + time + int), t_kuniq (a unique
// key, no primary key), t_kuuid, t_kpart (partitioned by its key).
QList<EveryTypeTable> everyTypeTables();
// The sharding config of `tables` on db0 .. db<oldCount - 1> (schema `fidelity`): database
// CRC32(k) % oldCount, table (CRC32(k) DIV 65536) % 2.
QString everyTypeConfigYaml(const QList<EveryTypeTable> &tables, int oldCount = 2);

// Edge values the rows cycle through (SQL literals; "NULL" included).
const QStringList &edgeFloats();
const QStringList &edgeDoubles();
const QStringList &edgeDecimals();

// The rows of the every-type tables on a sandbox: creates them, inserts, changes and reads them back
// exactly, by plain SQL only (root over the socket, session time zone UTC).
class EveryTypeData final
{
public:
    // `oldCount` data sources db0.. hold the rows; a doubling moves them to 2 * oldCount.
    EveryTypeData(SandboxFixture *fx, QList<EveryTypeTable> tables, int rows, int oldCount = 2);

    const QList<EveryTypeTable> &tables() const { return m_tables; }
    int rows() const { return m_rows; }
    QStringList oldDataSources() const; // db0 .. db<oldCount - 1>
    QStringList newDataSources() const; // db<oldCount> .. db<2 oldCount - 1>

    // Drops and creates the physical tables on the old data sources and inserts `rows` rows per logic table.
    bool createAndFill(QString *why);
    // Every kind of change on both nodes: updates of every type, JSON_SET, a BLOB grown, key changes
    // (round 1), sharding-key changes that move a row to another new database (staying on its old node),
    // deletes, inserts.
    bool changeRows(int round, QString *why);

    // Every row of every physical table of `dataSources`: "<table>|<key hex>" -> exact text of every
    // column, where it is ("db2.t_kvc_1") and where the new config (2 * oldCount databases) routes it. A row
    // found twice within `dataSources` is an error.
    struct Rows
    {
        std::map<QString, QString> values; // id -> row
        std::map<QString, QString> at;     // id -> physical node holding it
        std::map<QString, QString> routed; // id -> node the new config routes it to
    };
    bool read(const QStringList &dataSources, Rows *out, QString *why);

    Connection root(const QString &dataSource);
    bool exec(const QString &dataSource, const QString &sql, QString *why);

private:
    bool insertRow(const EveryTypeTable &t, int i, const QString &k, QString *why);
    QString oldNode(const QString &k) const;
    QString keyFor(int i, const QString &table, int variant = 0) const;

    SandboxFixture *m_fx;
    QList<EveryTypeTable> m_tables;
    int m_rows;
    int m_oldCount;
    std::map<QString, int> m_next; // logic table -> next row index for inserts
};

// A sandbox for the every-type tables: 2 * oldCount instances (db0 .. for the old config and as many spares
// for the new data sources) from the config of `tables` (written to DIR/fidelity.yaml), the servers in time
// zones other than UTC and each other (+05:30, -08:00, +13:00, -03:30, ...), the tables created and filled
// with `rows` rows each.
struct EveryTypeSandbox
{
    std::unique_ptr<SandboxFixture> fx;
    std::unique_ptr<EveryTypeData> data;
};
bool startEveryTypeSandbox(const QString &dir, const QList<EveryTypeTable> &tables, int rows,
                           EveryTypeSandbox *out, QString *why, int oldCount = 2);

// The rows of `olds` that the new config routes to one of `news` are there, on the node it routes them
// to, with every column identical (`compared`: how many); rows on `news` that `olds` lack are listed
// too. Empty when all match; otherwise the first 10 problems.
QString compareRouted(const EveryTypeData::Rows &olds, const EveryTypeData::Rows &news,
                      const QStringList &newDataSources, qint64 *compared);

// After a purge: every row of `before` (read from the old data sources when writes stopped) is exactly
// once in `after` (read from every data source), unchanged, on the node the new config routes it to, and
// nothing else is there. Empty when so; otherwise the first 10 problems.
QString compareAfterPurge(const EveryTypeData::Rows &before, const EveryTypeData::Rows &after);

} // namespace sp::test
