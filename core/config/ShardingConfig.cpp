#include "core/config/ShardingConfig.h"

namespace sp {

const DataSourceDef *ShardingConfig::dataSource(const QString &name) const
{
    for (const auto &ds : dataSources)
        if (ds.name == name)
            return &ds;
    return nullptr;
}

const TableRule *ShardingConfig::table(const QString &logicTable) const
{
    for (const auto &t : tables)
        if (t.logicTable.compare(logicTable, Qt::CaseInsensitive) == 0)
            return &t;
    return nullptr;
}

const AlgorithmDef *ShardingConfig::algorithm(const QString &name) const
{
    auto it = algorithms.constFind(name);
    return it == algorithms.constEnd() ? nullptr : &it.value();
}

bool ShardingConfig::isBroadcast(const QString &logicTable) const
{
    for (const auto &b : broadcastTables)
        if (b.name.compare(logicTable, Qt::CaseInsensitive) == 0)
            return true;
    return false;
}

static StrategyDef withDefaultColumn(StrategyDef s, const QString &defaultColumn)
{
    if (s.kind == StrategyKind::Standard && s.columns.isEmpty() && !defaultColumn.isEmpty())
        s.columns << defaultColumn;
    return s;
}

StrategyDef ShardingConfig::effectiveDatabaseStrategy(const TableRule &t) const
{
    if (t.autoTable)
        return StrategyDef{}; // auto tables shard data sources through shardingStrategy
    return withDefaultColumn(t.databaseStrategy.isSet() ? t.databaseStrategy : defaultDatabaseStrategy,
                             defaultShardingColumn);
}

StrategyDef ShardingConfig::effectiveTableStrategy(const TableRule &t) const
{
    if (t.autoTable)
        return withDefaultColumn(t.shardingStrategy, defaultShardingColumn);
    return withDefaultColumn(t.tableStrategy.isSet() ? t.tableStrategy : defaultTableStrategy,
                             defaultShardingColumn);
}

} // namespace sp
