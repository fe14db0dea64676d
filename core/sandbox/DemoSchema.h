#pragma once
#include "core/config/ShardingConfig.h"

#include <QStringList>

namespace sp::sandbox {

// Kind of demo table: the two fsharechat message tables have their real columns (when they are
// sharded on one of them); any other logic table gets a generic shape built around its own sharding
// columns; broadcast tables (id, name, payload).
enum class DemoTableKind { Messages, UserMessages, Generic, Broadcast };

struct DemoTable
{
    QString logicTable;
    DemoTableKind kind = DemoTableKind::Generic;
    QString shardingColumn; // sp::shardingColumn(), else the demo column of its kind
    // Generic tables: (<idColumn> surrogate key, every routing column, <payloadColumn>, <timeColumn>).
    // The routing columns are those of the database and table strategies (sharding column first),
    // each holding the row's key, so the router's one key routes the row at both levels; the other
    // names are chosen so that none repeats a routing column (a table sharded on `id`).
    QStringList keyColumns;
    QString idColumn = QStringLiteral("id");
    QString payloadColumn = QStringLiteral("payload");
    QString timeColumn = QStringLiteral("_dt");
    // The algorithms need a number (MOD, INLINE arithmetic): BIGINT keys instead of VARCHAR ids.
    bool numericKey = false;
};

// DDL for the demo schema derived from a sharding config. All names are quoted; statements are
// idempotent (IF NOT EXISTS) so `sandbox up` can be re-run.
class DemoSchema final
{
public:
    static QList<DemoTable> tables(const ShardingConfig &config);
    // Messages / UserMessages for the fsharechat tables sharded on a column of theirs (or on none),
    // Generic otherwise.
    static DemoTableKind kindOf(const QString &logicTable, const QString &shardingColumn = {});

    static QString createDatabaseSql(const QString &schema);
    // Without secondary keys when `secondaryKeys` is false (bulk loads add them afterwards, sorted,
    // which is much cheaper than maintaining them row by row).
    static QString createTableSql(const DemoTable &table, const QString &schema, const QString &physicalTable,
                                  bool secondaryKeys = true);
    // ALTER TABLE ... ADD KEY IF NOT EXISTS for the secondary keys of a table; empty when it has none.
    static QString addSecondaryKeysSql(const DemoTable &table, const QString &schema, const QString &physicalTable);
    // CREATE DATABASE plus every physical table the config places on `dataSource`, and every
    // broadcast table.
    static QStringList statementsFor(const ShardingConfig &config, const QString &dataSource,
                                     const QString &schema, bool secondaryKeys = true);
};

} // namespace sp::sandbox
