#pragma once
#include "core/config/ShardingConfig.h"
#include "core/routing/RouteLevel.h"

#include <QHash>
#include <QSet>

#include <memory>
#include <vector>

namespace sp {

// Algorithm evaluators by name, shared by the levels compiled from one config.
using AlgorithmCache = QHash<QString, std::shared_ptr<const ShardingAlgorithm>>;

// The compiled routing of one logic table, the one model every front asks: the router routes keys
// with it, the linter checks reachability with it, the planner enumerates the key space through its
// levels' closed forms (and the migration engine will route rows with it). The database level
// picks a data source among the table's data nodes, the table level (one per data source) an
// actual table among that data source's nodes.
struct TableRoute
{
    QString logicTable;
    QList<DataNode> nodes;
    QStringList dataSources;              // distinct, in node order
    QList<QStringList> tablesPerSource;   // parallel to dataSources, in node order
    std::vector<std::vector<int>> nodeAt; // [data source][table] -> index into nodes
    RouteLevel db;
    std::vector<RouteLevel> table;    // parallel to dataSources
    bool perDataSourceSearch = false; // no database strategy: try every data source (autoTables)
    bool broadcast = false;           // also listed as a broadcast table
    QString error;                    // the table cannot be routed at all

    // `cache` (optional) shares evaluators between the tables of one config; `broadcast`
    // (optional) holds the config's broadcast table names lower-cased, so compiling every table
    // of a config does not scan the broadcast list once per table.
    static TableRoute compile(const ShardingConfig &config, const TableRule &rule,
                              AlgorithmCache *cache = nullptr, const QSet<QString> *broadcast = nullptr);

    // Index into nodes for data source and table positions, -1 when either is -1.
    int nodeIndex(int ds, int tb) const { return ds < 0 || tb < 0 ? -1 : nodeAt[size_t(ds)][size_t(tb)]; }
    DataNode node(int ds, int tb) const; // empty when either is -1
    bool closedForm() const;             // every level has a closed form (RouteLevel::hasClosedForm)
    bool allSqlCapable() const;
    // The closed forms of the levels for one key: what the planner computes for it. Index into
    // nodes, -1 when it routes nowhere or a level has no closed form.
    int routeByInputs(const ShardingValue &key) const;
};

// The column a table is sharded by: the first column of its database strategy, else of its table
// strategy (the strategies that apply, defaults and defaultShardingColumn included); empty when
// no strategy names one.
QString shardingColumn(const ShardingConfig &config, const TableRule &rule);

} // namespace sp
