#pragma once
#include "core/cluster/Connection.h"
#include "core/config/ShardingConfig.h"
#include "core/migration/RunStore.h"
#include "core/routing/Router.h"

#include <QHash>
#include <QList>
#include <QString>

#include <memory>

namespace sp::migration {

// How the run reaches one data source with an account that may read the binlog, run DDL and set
// read_only: the sandbox's root over its unix socket, or the run's --admin-defaults-file.
struct Endpoint
{
    QString dataSource;
    QString schema;   // the data source's schema on its instance
    QString instance; // identifies the server: "host:port" (or "sandbox node<i>"); binlogs are per server
    ConnectionParams admin;
};

class Endpoints final
{
public:
    // Every data source of `config` (the plan's new config: old and new data sources).
    bool resolve(const ShardingConfig &config, const RunSpec &spec, QString *error);
    const Endpoint *of(const QString &dataSource) const;
    QStringList instances() const; // distinct, in data source order
    ConnectionParams adminOfInstance(const QString &instance) const;
    bool isSandbox() const { return m_sandbox; }
    // How the instance's replicas reach it: the host and port of its data sources' url.
    QPair<QString, int> addressOf(const QString &instance) const;
    // The run's admin account on another server (a replica found by the throttle): the sandbox's
    // root over the socket of the instance on that port, else the admin option file's account.
    std::optional<ConnectionParams> adminAt(const QString &host, int port) const;

private:
    QList<Endpoint> m_list;
    QHash<QString, QPair<QString, int>> m_address; // instance -> host, port
    QHash<int, ConnectionParams> m_sandboxByPort;  // sandbox instances (replicas too) by TCP port
    ConnectionParams m_adminTemplate;              // the admin option file's account
    bool m_sandbox = false;
};

// How the engine reads, writes, compares and orders one column (core/cluster/ExactValue.h).
enum class ColumnKind
{
    Int,       // TINYINT..BIGINT, signed
    UInt,      // ... UNSIGNED
    Float,
    Double,
    Decimal,
    Date,
    DateTime,
    Timestamp,
    Time,
    Year,
    Enum,
    Set,
    Bit,
    Text,      // CHAR, VARCHAR, TEXT in a character set
    Binary,    // BINARY, VARBINARY, BLOB (and JSON, which MariaDB keeps as LONGTEXT utf8mb4_bin: Text)
    Geometry,
    Unsupported
};

struct ColumnInfo
{
    QString name;
    QString dataType;   // information_schema DATA_TYPE, lower case
    QString columnType; // COLUMN_TYPE, lower case: "int(10) unsigned", "enum('a','b')"
    QString charset;    // CHARACTER_SET_NAME (character columns)
    QString collation;  // COLLATION_NAME (character columns)
    ColumnKind kind = ColumnKind::Unsupported;
    int fsp = 0;            // fractional digits of TIME/DATETIME/TIMESTAMP
    bool generated = false; // VIRTUAL or STORED/PERSISTENT: never written, always compared
    bool nullable = true;
    QString why;            // kind Unsupported: the reason
};

// What the engine needs to know of one moving physical table, read from the source at each run.
struct TableInfo
{
    QStringList columns;   // in table order
    QStringList dataTypes; // information_schema DATA_TYPE, lower case
    QList<ColumnInfo> cols; // the same columns, described
    QList<int> pk;         // column indexes of the key rows are identified by, in key order: the primary
                           // key, or else the first unique key whose columns are all NOT NULL
    QString keyName;       // "PRIMARY" or the unique key's name
    int shardColumn = -1;  // index of the sharding column (-1: broadcast)
    KeyType keyType = KeyType::String;
    QString createSql;     // SHOW CREATE TABLE of the source
    QString engine;        // ENGINE of information_schema.TABLES
    // AVG_ROW_LENGTH of information_schema.TABLES (InnoDB's estimate from its statistics; 0: none). The
    // copy sizes a table's first chunk by it, so a table of wide rows is not read far past the chunk's
    // byte budget (SourceWorker::readNext); nothing exact depends on it.
    qint64 avgRowBytes = 0;

    QString pkList() const; // `id` or `a`,`b`
    bool integerKey() const; // every key column an integer: keys are ordered exactly client-side
    QList<int> writable() const; // columns an INSERT or UPDATE sets (not generated), in table order
};

struct MoveTarget
{
    DataNode node;
    QString schema;
    QString instance;
    qint64 expectedRows = -1; // from the plan (exact when counted)
    QString predicateSql;     // the pair's SQL predicate; empty when it has none (client-side routing)
    // The target's data source was in the config before the plan (a ring node drained into the
    // nodes that stay, a remap into live data nodes): the table is a live data node holding rows
    // of its own. The engine writes into it but reads, verifies and rolls back only the rows of
    // the pairs' predicates there (MoveSet::targetScope), never the table as a whole.
    bool existing = false;
};

// One source data node of one logic table and where its moving rows go. The unit of copy, capture
// and purge: its primary key order is scanned once for all its targets.
struct MoveUnit
{
    int id = 0; // index in MoveSet::units(), stable for a run (plan order)
    QString logicTable;
    bool broadcast = false;
    DataNode source;
    QString sourceSchema;
    QString sourceInstance;
    QString shardingColumn;
    QList<MoveTarget> targets;
    QString pushdownSql; // OR of the pairs' SQL predicates: a superset of the moving rows; empty: none
    TableInfo info;
    // Position in the new config's data nodes of the table (Router::routeIndex) -> index into
    // targets; -1: the row stays (the node is the source), -2: a node the plan moves nothing to.
    // Empty for broadcast units and tables the router cannot route.
    std::vector<int> routeTargets;

    QString sourceLabel() const { return source.toString(); }
    QString qualifiedSource() const; // `schema`.`table`
    QString qualifiedTarget(int t) const;
};

// Where rows of a unit go under the new config.
struct RowRoute
{
    bool ok = true;
    QString error;
    QList<int> targets; // indexes into MoveUnit::targets; empty: the row stays
};

class MoveSet final
{
public:
    bool build(const planning::ExpansionPlan &plan, const ShardingConfig &newConfig, const Endpoints &endpoints,
               QString *error);
    const QList<MoveUnit> &units() const { return m_units; }
    QList<MoveUnit> &units() { return m_units; }
    const MoveUnit *unitFor(const QString &instance, const QString &schema, const QString &table) const;
    QStringList sourceInstances() const;
    QStringList targetInstances() const;
    // For an existing target table (MoveTarget::existing): the OR of the SQL predicates of every
    // pair moving rows into it, i.e. the rows the run owns there (rows the table held before belong
    // to it under the old config, so no pair predicate selects them). Empty for a table the run
    // creates: everything in it is the run's.
    QString targetScope(const QString &instance, const QString &schema, const QString &table) const;

    // Routes one row (values in TableInfo::columns order) of unit `u` with the new config.
    RowRoute route(const MoveUnit &u, const QList<QVariant> &row) const;
    // route() for a row whose sharding value is given as the bytes an exact read returned for it (digits,
    // text, bytes): *target is the index into u.targets, or -1 when the row stays. False when only
    // route() can decide: no fast form, a key it would refuse (its error is worded there), a FLOAT or
    // DOUBLE key (route() formats those).
    bool routeFast(const MoveUnit &u, QByteArrayView key, int *target) const;

    // The old config's routing (the config in force before T6), for the reverse stream: which source
    // table a row written on a target table fed by several source tables (a ring node added) belongs
    // to. Not set: such rows cannot be carried back.
    void setOldConfig(const ShardingConfig &oldConfig);
    bool hasOldRouting() const { return m_oldRouter != nullptr; }
    // Among `units` (every one feeding the same target table), the one whose source table the old
    // config routes `row` (TableInfo::columns order) to; null with *error when it cannot be routed.
    // Null with *elsewhere set (no error) when it routes to none of them: on a target that was a live
    // data node, one of its own rows.
    const MoveUnit *oldUnitFor(const QList<const MoveUnit *> &units, const QList<QVariant> &row, QString *error,
                               bool *elsewhere = nullptr) const;

private:
    bool routeUtf8(const MoveUnit &u, QByteArrayView key, int *target) const;

    QList<MoveUnit> m_units;
    std::shared_ptr<Router> m_router;
    std::shared_ptr<Router> m_oldRouter;
    QHash<QString, int> m_bySource; // instance|schema|table -> unit
};

// The session every engine connection runs with: UTC (binlog TIMESTAMP values are UTC text), strict
// mode with NO_AUTO_VALUE_ON_ZERO (a row with id 0 keeps it), utf8mb4.
bool prepareSession(Connection &c, bool warningsAsErrors);
ConnectionParams engineParams(ConnectionParams p);

// Reads TableInfo of `schema`.`table`: its columns and the key rows are identified by. Refuses a table
// without a primary key or a NOT NULL unique key (the engine copies, captures, verifies and purges by it).
// What else cannot be carried (column types, character sets, table features) is checkTable's
// (TableChecks.h), run at T0.
bool readTableInfo(Connection &c, const QString &schema, const QString &table, const QString &shardingColumn,
                   TableInfo *out, QString *error);
// The same for several tables of one server in one round trip (a query per table would cost a round
// trip each: 4 x 27 of them per server on the sandbox). `out` in the order of `tables`.
struct TableRef
{
    QString schema, table, shardingColumn;
};
bool readTableInfos(Connection &c, const QList<TableRef> &tables, QList<TableInfo> *out, QString *error);
// CREATE TABLE text without AUTO_INCREMENT=n, for comparing two tables' definitions.
QString normalizedCreate(const QString &createSql);

} // namespace sp::migration
