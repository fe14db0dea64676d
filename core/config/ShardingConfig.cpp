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

ConfigLookup::ConfigLookup(const ShardingConfig &config) : m_config(&config)
{
    // Backwards, so that of two equal names the first one is kept, as the scans find it.
    for (int i = int(config.tables.size()) - 1; i >= 0; --i)
        m_tables.insert(config.tables.at(i).logicTable.toCaseFolded(), i);
    for (int i = int(config.dataSources.size()) - 1; i >= 0; --i)
        m_dataSources.insert(config.dataSources.at(i).name, i);
    for (const BroadcastTable &b : config.broadcastTables)
        m_broadcast.insert(b.name.toCaseFolded());
}

const TableRule *ConfigLookup::table(const QString &logicTable) const
{
    const auto it = m_tables.constFind(logicTable.toCaseFolded());
    return it == m_tables.constEnd() ? nullptr : &m_config->tables.at(*it);
}

const DataSourceDef *ConfigLookup::dataSource(const QString &name) const
{
    const auto it = m_dataSources.constFind(name);
    return it == m_dataSources.constEnd() ? nullptr : &m_config->dataSources.at(*it);
}

} // namespace sp
