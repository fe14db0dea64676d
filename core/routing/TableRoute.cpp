#include "core/routing/TableRoute.h"

#include <QSet>

namespace sp {

namespace {

QString strategyText(const StrategyDef &s)
{
    return s.columns.join(QStringLiteral(", "));
}

std::shared_ptr<const ShardingAlgorithm> algorithmFor(const ShardingConfig &config, const QString &name,
                                                      AlgorithmCache *cache)
{
    if (cache)
        if (const auto a = cache->value(name))
            return a;
    const AlgorithmDef *def = config.algorithm(name);
    if (!def)
        return nullptr;
    std::shared_ptr<const ShardingAlgorithm> a = createAlgorithm(*def);
    if (cache)
        cache->insert(name, a);
    return a;
}

RouteLevel compileLevel(const ShardingConfig &config, const StrategyDef &s, const QString &level,
                        const QStringList &targets, const TargetNaming &naming, AlgorithmCache *cache,
                        bool *none)
{
    *none = false;
    switch (s.kind) {
    case StrategyKind::Unset:
    case StrategyKind::None:
        *none = true;
        if (targets.size() == 1)
            return RouteLevel::single(targets);
        return RouteLevel::error(
            QStringLiteral("spans ") + QString::number(targets.size()) + QLatin1Char(' ') +
                (level == QLatin1String("database") ? QStringLiteral("data sources")
                                                    : QStringLiteral("tables")) +
                QStringLiteral(" but has no ") + level + QStringLiteral(" strategy: needs a ") + level +
                QStringLiteral(" strategy"),
            false);
    case StrategyKind::Complex:
        return RouteLevel::error(QStringLiteral("cannot evaluate the complex ") + level +
                                     QStringLiteral(" strategy (columns ") + strategyText(s) +
                                     QStringLiteral(") with one key"),
                                 true);
    case StrategyKind::Hint:
        return RouteLevel::error(QStringLiteral("cannot evaluate the hint ") + level +
                                     QStringLiteral(" strategy: it routes by hint values, not by a column"),
                                 true);
    case StrategyKind::Standard:
        break;
    }
    if (s.columns.isEmpty())
        return RouteLevel::error(
            QStringLiteral("the ") + level + QStringLiteral(" strategy has no sharding column"), false);
    auto a = algorithmFor(config, s.algorithmName, cache);
    if (!a)
        return RouteLevel::error(QStringLiteral("the ") + level +
                                     QStringLiteral(" strategy names algorithm '") + s.algorithmName +
                                     QStringLiteral("' which is not defined"),
                                 false);
    return RouteLevel::evaluate(std::move(a), s.algorithmName, s.columns.first(), targets, naming);
}

} // namespace

TableRoute TableRoute::compile(const ShardingConfig &config, const TableRule &rule, AlgorithmCache *cache,
                               const QSet<QString> *broadcast)
{
    TableRoute t;
    t.logicTable = rule.logicTable;
    t.nodes = rule.dataNodes;
    QHash<QString, int> sourceIndex;          // hashed: a table may have a million nodes
    std::vector<QSet<QString>> tablesSeen; // per data source
    for (int i = 0; i < t.nodes.size(); ++i) {
        const DataNode &n = t.nodes.at(i);
        auto it = sourceIndex.constFind(n.dataSource);
        if (it == sourceIndex.constEnd()) {
            it = sourceIndex.insert(n.dataSource, int(t.dataSources.size()));
            t.dataSources << n.dataSource;
            t.tablesPerSource << QStringList();
            t.nodeAt.emplace_back();
            tablesSeen.emplace_back();
        }
        const int ds = *it;
        QSet<QString> &seen = tablesSeen[size_t(ds)];
        if (!seen.contains(n.table)) {
            seen.insert(n.table);
            t.tablesPerSource[ds] << n.table;
            t.nodeAt[size_t(ds)].push_back(i);
        }
    }
    if (t.nodes.isEmpty())
        t.error = rule.logicTable + QStringLiteral(": has no data nodes");

    // ShardingSphere derives the suffix naming from all data nodes of the table.
    QStringList allDs, allTables;
    for (const DataNode &n : std::as_const(t.nodes)) {
        allDs << n.dataSource;
        allTables << n.table;
    }
    const TargetNaming dsNaming = TargetNaming::fromTargets(allDs);
    const TargetNaming tableNaming = TargetNaming::fromTargets(allTables, rule.logicTable);

    bool dbNone = false, tableNone = false;
    t.db = compileLevel(config, config.effectiveDatabaseStrategy(rule), QStringLiteral("database"),
                        t.dataSources, dsNaming, cache, &dbNone);
    const StrategyDef tableStrategy = config.effectiveTableStrategy(rule);
    for (const QStringList &tables : std::as_const(t.tablesPerSource))
        t.table.push_back(compileLevel(config, tableStrategy, QStringLiteral("table"), tables, tableNaming,
                                       cache, &tableNone));
    t.broadcast = broadcast ? broadcast->contains(rule.logicTable.toLower()) : config.isBroadcast(rule.logicTable);
    t.perDataSourceSearch = dbNone && t.dataSources.size() > 1 && rule.autoTable;
    return t;
}

DataNode TableRoute::node(int ds, int tb) const
{
    const int i = nodeIndex(ds, tb);
    return i < 0 ? DataNode{} : nodes.at(i);
}

bool TableRoute::closedForm() const
{
    if (!error.isEmpty() || perDataSourceSearch || !db.hasClosedForm())
        return false;
    return std::all_of(table.begin(), table.end(), [](const RouteLevel &l) { return l.hasClosedForm(); });
}

bool TableRoute::allSqlCapable() const
{
    return db.sqlCapable() &&
           std::all_of(table.begin(), table.end(), [](const RouteLevel &l) { return l.sqlCapable(); });
}

int TableRoute::routeByInputs(const ShardingValue &key) const
{
    if (!closedForm())
        return -1;
    const auto x = db.inputOf(key);
    const int ds = x ? db.targetForInput(*x) : -1;
    if (ds < 0)
        return -1;
    const RouteLevel &level = table[size_t(ds)];
    const auto y = level.inputOf(key);
    return nodeIndex(ds, y ? level.targetForInput(*y) : -1);
}

QString shardingColumn(const ShardingConfig &config, const TableRule &rule)
{
    const StrategyDef db = config.effectiveDatabaseStrategy(rule);
    if (!db.columns.isEmpty())
        return db.columns.first();
    const StrategyDef t = config.effectiveTableStrategy(rule);
    return t.columns.value(0);
}

} // namespace sp
