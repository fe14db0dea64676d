#include "core/analysis/LintRules.h"

#include <QHash>
#include <QSet>

namespace sp::lint {

static void checkDataSourceReferences(LintContext &ctx)
{
    const ShardingConfig &cfg = ctx.config();
    QStringList defined;
    for (const DataSourceDef &ds : cfg.dataSources)
        defined << ds.name;
    QSet<QString> used;
    for (const TableRule &t : cfg.tables) {
        const SourceLocation loc = t.dataNodesLocation.isValid() ? t.dataNodesLocation : ctx.tableLocation(t);
        const QString written =
            t.autoTable ? QStringLiteral("actualDataSources") : QStringLiteral("actualDataNodes");
        for (const QString &ds : dataSourcesOf(t)) {
            used.insert(ds);
            if (ctx.hasDataSource(ds))
                continue;
            ctx.add(Severity::Error, QStringLiteral("undefined-data-source"),
                    msg("%1 of %2 names data source '%3', which is not defined in dataSources",
                        {written, t.logicTable, ds}),
                    loc,
                    defined.isEmpty()
                        ? msg("Define the data source under dataSources.")
                        : msg("Defined data sources: %1. Fix the name or define the data source.",
                              {joinLimited(defined)}));
        }
    }
    for (const DataSourceDef &ds : cfg.dataSources) {
        if (used.contains(ds.name))
            continue;
        ctx.add(Severity::Info, QStringLiteral("unused-data-source"),
                msg("data source '%1' holds no data node of any sharding rule", {ds.name}),
                ds.location.isValid() ? ds.location : ctx.fileLocation(),
                msg("Only broadcast and single (unsharded) tables can live there. Remove it if "
                    "that is not intended, or add it to a table's actualDataNodes."));
    }
}

static QString nodeKey(const DataNode &n)
{
    // ShardingSphere compares logic and actual names case-insensitively.
    return n.dataSource.toLower() + QLatin1Char('.') + n.table.toLower();
}

static void checkDuplicateNodes(LintContext &ctx)
{
    const ShardingConfig &cfg = ctx.config();
    QHash<QString, int> owner; // node -> index of the first table using it
    for (int ti = 0; ti < cfg.tables.size(); ++ti) {
        const TableRule &t = cfg.tables.at(ti);
        const SourceLocation loc = t.dataNodesLocation.isValid() ? t.dataNodesLocation : ctx.tableLocation(t);
        QSet<QString> own;
        QStringList repeated;
        QSet<QString> repeatedSeen;
        QMap<int, QStringList> shared; // other table index -> nodes
        for (const DataNode &n : t.dataNodes) {
            const QString key = nodeKey(n);
            if (own.contains(key)) {
                if (!repeatedSeen.contains(n.toString())) {
                    repeatedSeen.insert(n.toString());
                    repeated << n.toString();
                }
                continue;
            }
            own.insert(key);
            auto it = owner.constFind(key);
            if (it == owner.constEnd())
                owner.insert(key, ti);
            else
                shared[it.value()] << n.toString();
        }
        if (!repeated.isEmpty())
            ctx.add(
                Severity::Error, QStringLiteral("duplicate-data-node"),
                msg("%1 lists %2 data node(s) more than once: %3",
                    {t.logicTable, repeated.size(), joinLimited(repeated)}),
                loc,
                msg("Each data node may appear once; check the inline expression for overlapping parts."));
        for (auto it = shared.constBegin(); it != shared.constEnd(); ++it) {
            const QString other = cfg.tables.at(it.key()).logicTable;
            ctx.add(Severity::Error, QStringLiteral("duplicate-data-node"),
                    msg("%1 and %2 share %3 data node(s): %4",
                        {other, t.logicTable, it.value().size(), joinLimited(it.value())}),
                    loc,
                    msg("Two logic tables writing the same physical table mix their rows; give "
                        "each logic table its own actual tables."));
        }
    }
}

static void checkAlgorithmReferences(LintContext &ctx)
{
    const ShardingConfig &cfg = ctx.config();
    QSet<QString> used;
    const Text defined = cfg.algorithms.isEmpty() ? Text() : joinLimited(cfg.algorithms.keys()); // once
    for (const StrategyUse &use : writtenStrategies(cfg)) {
        const StrategyDef &s = *use.strategy;
        if (!isStrategyUsable(s) || s.algorithmName.isEmpty())
            continue;
        used.insert(s.algorithmName);
        if (cfg.algorithm(s.algorithmName))
            continue;
        const SourceLocation loc = s.location.isValid() ? s.location
                                   : use.table          ? ctx.tableLocation(*use.table)
                                                        : ctx.fileLocation();
        ctx.add(
            Severity::Error, QStringLiteral("undefined-algorithm"),
            msg("%1 names algorithm '%2', which is not defined", {strategyOwner(use), s.algorithmName}), loc,
            cfg.algorithms.isEmpty() ? msg("Define it under shardingAlgorithms.")
                                     : msg("Defined algorithms: %1.", {defined}));
    }
    for (const AlgorithmDef &def : cfg.algorithms) {
        if (used.contains(def.name))
            continue;
        ctx.add(Severity::Info, QStringLiteral("unused-algorithm"),
                msg("algorithm '%1' (%2) is not used by any strategy", {def.name, def.type}),
                def.location.isValid() ? def.location : ctx.fileLocation(),
                msg("Remove it, or check the strategies for a misspelt algorithm name."));
    }
}

static void checkMissingStrategies(LintContext &ctx)
{
    const ShardingConfig &cfg = ctx.config();
    for (const TableRule &t : cfg.tables) {
        if (t.dataNodes.size() < 2)
            continue;
        if (t.autoTable) {
            if (!isStrategyUsable(cfg.effectiveTableStrategy(t)))
                ctx.add(Severity::Error, QStringLiteral("missing-strategy"),
                        msg("auto table %1 has %2 data nodes but no sharding strategy",
                            {t.logicTable, t.dataNodes.size()}),
                        ctx.tableLocation(t),
                        msg("Add a shardingStrategy naming a column and an algorithm."));
            continue;
        }
        const QStringList sources = dataSourcesOf(t);
        const StrategyDef db = cfg.effectiveDatabaseStrategy(t);
        if (sources.size() > 1 && !isStrategyUsable(db)) {
            const Text why = db.kind == StrategyKind::None
                                 ? msg("its database strategy is 'none'")
                                 : msg("it has no database strategy and there is no default one");
            ctx.add(Severity::Error, QStringLiteral("missing-strategy"),
                    msg("%1 spans %2 data sources (%3) but %4: a row cannot be routed to one data source",
                        {t.logicTable, sources.size(), joinLimited(sources, 4), why}),
                    ctx.strategyLocation(t.databaseStrategy, t),
                    msg("Add a databaseStrategy (or a defaultDatabaseStrategy) naming the sharding "
                        "column and an algorithm."));
        }
        int maxTables = 0;
        QString widest;
        const auto perSource = tablesPerDataSource(t);
        for (auto it = perSource.constBegin(); it != perSource.constEnd(); ++it) {
            if (it.value().size() > maxTables) {
                maxTables = int(it.value().size());
                widest = it.key();
            }
        }
        const StrategyDef tb = cfg.effectiveTableStrategy(t);
        if (maxTables > 1 && !isStrategyUsable(tb)) {
            const Text why = tb.kind == StrategyKind::None
                                 ? msg("its table strategy is 'none'")
                                 : msg("it has no table strategy and there is no default one");
            ctx.add(
                Severity::Error, QStringLiteral("missing-strategy"),
                msg("%1 has %2 actual tables on data source %3 but %4: a row cannot be routed to one table",
                    {t.logicTable, maxTables, widest, why}),
                ctx.strategyLocation(t.tableStrategy, t),
                msg("Add a tableStrategy (or a defaultTableStrategy) naming the sharding "
                    "column and an algorithm."));
        }
    }
}

void checkReferences(LintContext &ctx)
{
    checkDataSourceReferences(ctx);
    checkDuplicateNodes(ctx);
    checkAlgorithmReferences(ctx);
    checkMissingStrategies(ctx);
}

} // namespace sp::lint
