#include "core/config/ConfigFinalizer.h"

#include "core/config/AlgorithmProps.h"
#include "core/config/InlineExpression.h"

#include <QDateTime>
#include <QSet>

#include <cmath>

namespace sp::detail {

namespace {

QStringList expand(YamlContext &ctx, const QString &expr, const SourceLocation &where, bool *ok)
{
    InlineOptions options;
    options.maxResults = std::max<qint64>(0, ctx.inlineBudget);
    options.location = where;
    const InlineExpansion r = expandInline(expr, options);
    for (const Diagnostic &d : r.diagnostics)
        ctx.report(d);
    *ok = r.ok();
    if (r.ok())
        ctx.inlineBudget -= r.values.size();
    return r.values;
}

// ShardingSphere's getAutoTablesAmount() for the built-in auto-table algorithms; -1 when unknown.
qint64 autoTablesAmount(const AlgorithmDef &a)
{
    auto number = [&](const char *key, bool *ok) { return a.props.value(QLatin1String(key)).trimmed().toLongLong(ok); };
    bool ok = false;
    if (a.props.contains(QStringLiteral("sharding-count"))) {
        // Read as the algorithm itself reads it (a Java int > 0), so the loader, lint and route
        // agree on which counts are valid (2^31 is not: it made 2^31 tables here).
        QString invalid;
        const int n = props::positiveIntProp(a, QStringLiteral("sharding-count"), true, -1, &invalid);
        return invalid.isEmpty() ? n : -1;
    }
    if (a.type == QLatin1String("BOUNDARY_RANGE")) {
        const QStringList ranges = a.props.value(QStringLiteral("sharding-ranges")).split(QLatin1Char(','), Qt::SkipEmptyParts);
        return ranges.isEmpty() ? -1 : ranges.size() + 1;
    }
    if (a.type == QLatin1String("VOLUME_RANGE")) {
        bool ok1 = false, ok2 = false, ok3 = false;
        const qint64 lower = number("range-lower", &ok1), upper = number("range-upper", &ok2),
                     volume = number("sharding-volume", &ok3);
        if (!ok1 || !ok2 || !ok3 || volume <= 0 || upper < lower)
            return -1;
        return (upper - lower + volume - 1) / volume + 2;
    }
    if (a.type == QLatin1String("AUTO_INTERVAL")) {
        const QString fmt = QStringLiteral("yyyy-MM-dd HH:mm:ss");
        const QDateTime lower = QDateTime::fromString(a.props.value(QStringLiteral("datetime-lower")).trimmed(), fmt);
        const QDateTime upper = QDateTime::fromString(a.props.value(QStringLiteral("datetime-upper")).trimmed(), fmt);
        const qint64 seconds = number("sharding-seconds", &ok);
        if (!lower.isValid() || !upper.isValid() || !ok || seconds <= 0 || upper < lower)
            return -1;
        const qint64 span = lower.secsTo(upper);
        return (span + seconds - 1) / seconds + 2;
    }
    return -1;
}

void expandTable(YamlContext &ctx, const ShardingConfig &config, TableRule &t)
{
    QStringList names;
    if (!t.actualDataNodesExpr.isEmpty()) {
        bool ok = false;
        names = expand(ctx, t.actualDataNodesExpr, t.dataNodesLocation, &ok);
        if (!ok)
            return;
    } else {
        // ShardingSphere's default: the logic table on every data source.
        if (qint64(config.dataSources.size()) > ctx.inlineBudget) {
            ctx.error(QStringLiteral("inline-too-large"), msg("too many data nodes in total"), t.location);
            return;
        }
        for (const DataSourceDef &ds : config.dataSources)
            names << ds.name + QLatin1Char('.') + t.logicTable;
        ctx.inlineBudget -= names.size();
    }
    int reported = 0;
    for (const QString &n : names) {
        const int dot = int(n.indexOf(QLatin1Char('.')));
        if (dot <= 0 || dot == n.size() - 1 || n.indexOf(QLatin1Char('.'), dot + 1) >= 0) {
            if (reported++ < 5)
                ctx.error(QStringLiteral("bad-data-node"),
                          msg("data node '%1' of table '%2' is not 'datasource.table'", {n, t.logicTable}),
                          t.dataNodesLocation);
            continue;
        }
        t.dataNodes << DataNode{n.left(dot), n.mid(dot + 1)};
    }
}

void expandAutoTable(YamlContext &ctx, const ShardingConfig &config, TableRule &t)
{
    QStringList sources;
    if (!t.actualDataSourcesExpr.isEmpty()) {
        bool ok = false;
        sources = expand(ctx, t.actualDataSourcesExpr, t.dataNodesLocation, &ok);
        if (!ok)
            return;
    } else {
        for (const DataSourceDef &ds : config.dataSources)
            sources << ds.name;
    }
    if (sources.isEmpty() || !t.shardingStrategy.isSet())
        return;
    const AlgorithmDef *a = config.algorithm(t.shardingStrategy.algorithmName);
    if (!a)
        return; // reported by the reference check
    const qint64 amount = autoTablesAmount(*a);
    if (amount < 0) {
        ctx.warning(QStringLiteral("auto-table-amount"),
                    msg("cannot tell how many tables algorithm '%1' (%2) creates for auto table '%3'",
                        {a->name, a->type, t.logicTable}),
                    t.location,
                    msg("Auto tables need sharding-count, or a BOUNDARY_RANGE / VOLUME_RANGE / AUTO_INTERVAL "
                        "algorithm."));
        return;
    }
    if (amount > ctx.inlineBudget) {
        ctx.error(QStringLiteral("inline-too-large"),
                  msg("auto table '%1' would have %2 tables", {t.logicTable, amount}), t.location);
        return;
    }
    ctx.inlineBudget -= amount;
    // Table i lives on data source i mod n, named <logic>_<i> (ShardingSphere's auto-table layout).
    for (qint64 i = 0; i < amount; ++i)
        t.dataNodes << DataNode{sources.at(int(i % sources.size())), t.logicTable + QLatin1Char('_') + QString::number(i)};
}

void checkStrategy(YamlContext &ctx, const ShardingConfig &config, const StrategyDef &s, const Text &owner)
{
    if (!s.isSet() || s.kind == StrategyKind::None)
        return;
    if (!s.algorithmName.isEmpty() && !config.algorithm(s.algorithmName))
        ctx.error(QStringLiteral("unknown-algorithm"),
                  msg("%1 uses algorithm '%2', which is not defined", {owner, s.algorithmName}), s.location,
                  msg("Define it under %1.", {ctx.keyName(QStringLiteral("shardingAlgorithms"))}));
    if (s.kind == StrategyKind::Standard && s.columns.isEmpty() && config.defaultShardingColumn.isEmpty())
        ctx.error(
            QStringLiteral("missing-field"),
            msg("%1 has no %2 and there is no %3", {owner, ctx.keyName(QStringLiteral("shardingColumn")),
                                                    ctx.keyName(QStringLiteral("defaultShardingColumn"))}),
            s.location);
}

} // namespace

void finalizeConfig(YamlContext &ctx, ShardingConfig &config)
{
    QSet<QString> dataSourceNames; // hashed: a file may hold very many nodes
    for (const DataSourceDef &ds : std::as_const(config.dataSources))
        dataSourceNames.insert(ds.name);
    for (TableRule &t : config.tables) {
        if (ctx.exhausted())
            return;
        if (t.autoTable)
            expandAutoTable(ctx, config, t);
        else
            expandTable(ctx, config, t);

        int unknownReported = 0;
        for (const DataNode &n : std::as_const(t.dataNodes)) {
            if (!dataSourceNames.contains(n.dataSource) && unknownReported++ < 3)
                ctx.error(QStringLiteral("unknown-data-source"),
                          msg("data node '%1' of table '%2' names data source '%3', which is not defined",
                              {n.toString(), t.logicTable, n.dataSource}),
                          t.dataNodesLocation);
        }
        const Text owner = msg("table '%1'", {t.logicTable});
        checkStrategy(ctx, config, t.databaseStrategy, owner);
        checkStrategy(ctx, config, t.tableStrategy, owner);
        checkStrategy(ctx, config, t.shardingStrategy, owner);
        if (t.keyGenerate && !t.keyGenerate->generatorName.isEmpty()
            && !config.keyGenerators.contains(t.keyGenerate->generatorName))
            ctx.error(QStringLiteral("unknown-key-generator"),
                      msg("%1 uses key generator '%2', which is not defined",
                          {owner, t.keyGenerate->generatorName}),
                      t.keyGenerate->location);
    }
    checkStrategy(ctx, config, config.defaultDatabaseStrategy, msg("the default database strategy"));
    checkStrategy(ctx, config, config.defaultTableStrategy, msg("the default table strategy"));
}

} // namespace sp::detail
