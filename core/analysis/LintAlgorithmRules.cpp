#include "core/analysis/LintRules.h"
#include "core/routing/Algorithm.h"

#include <QHash>

namespace sp::lint {

// ShardingSphere algorithm types that exist but that sp::Router does not evaluate; anything else
// outside supportedAlgorithmTypes() is probably a typo or a custom SPI.
static const QStringList &knownUnevaluatedTypes()
{
    static const QStringList types{
        QStringLiteral("CLASS_BASED"),    QStringLiteral("AUTO_INTERVAL"),
        QStringLiteral("INTERVAL"),       QStringLiteral("VOLUME_RANGE"),
        QStringLiteral("BOUNDARY_RANGE"), QStringLiteral("COMPLEX_INLINE"),
        QStringLiteral("HINT_INLINE"),    QStringLiteral("COSID_MOD"),
        QStringLiteral("COSID_INTERVAL"), QStringLiteral("COSID_INTERVAL_SNOWFLAKE")};
    return types;
}

// Per algorithm name, the logic tables whose effective database or table strategy uses it: one
// pass over the tables (asking per algorithm would be algorithms x tables).
static QHash<QString, QStringList> tablesByAlgorithm(const ShardingConfig &cfg)
{
    QHash<QString, QStringList> out;
    for (const TableRule &t : cfg.tables) {
        const StrategyDef db = cfg.effectiveDatabaseStrategy(t);
        const StrategyDef tb = cfg.effectiveTableStrategy(t);
        const bool dbUses = isStrategyUsable(db);
        if (dbUses)
            out[db.algorithmName] << t.logicTable;
        if (isStrategyUsable(tb) && !(dbUses && tb.algorithmName == db.algorithmName))
            out[tb.algorithmName] << t.logicTable;
    }
    return out;
}

static Text usedBy(const QStringList &tables)
{
    return tables.isEmpty() ? msg("not used by any table") : msg("used by %1", {joinLimited(tables, 6)});
}

static void checkNoSqlEquivalent(LintContext &ctx, const AlgorithmDef &def, const QStringList &tables)
{
    const bool hashMod = algorithmType(def) == QLatin1String("HASH_MOD");
    const bool inlineHash =
        algorithmType(def) == QLatin1String("INLINE") &&
        def.props.value(QStringLiteral("algorithm-expression")).contains(QLatin1String("hashCode"));
    if (!hashMod && !inlineHash)
        return;
    const QString count = def.props.value(QStringLiteral("sharding-count"), QStringLiteral("N"));
    ctx.add(Severity::Warning, QStringLiteral("hash-mod-no-sql"),
            msg("algorithm '%1' (%2) routes by Java hashCode(), which SQL cannot compute: rows that "
                "move during an expansion cannot be found with a WHERE predicate (%3)",
                {def.name, def.type, usedBy(tables)}),
            def.location.isValid() ? def.location : ctx.fileLocation(),
            msg("Use CRC32_MOD instead: it has the SQL equivalent CRC32(col) % %1 (identical in "
                "MySQL/MariaDB), so the rows to move are found by a predicate. Changing the algorithm "
                "relocates existing rows, so do it as part of a migration.",
                {count}));
}

static void checkEvaluable(LintContext &ctx, const AlgorithmDef &def, const QStringList &tables)
{
    if (supportedAlgorithmTypes().contains(algorithmType(def)))
        return;
    const bool known = knownUnevaluatedTypes().contains(algorithmType(def));
    ctx.add(known ? Severity::Info : Severity::Warning, QStringLiteral("cannot-evaluate"),
            known ? msg("algorithm '%1' has type %2, which ShardPilot does not evaluate: routing "
                        "previews, reachability checks and expansion plans do not cover it (%3)",
                        {def.name, def.type, usedBy(tables)})
                  : msg("algorithm '%1' has unknown type '%2': routing previews do not cover it (%3)",
                        {def.name, def.type, usedBy(tables)}),
            def.location.isValid() ? def.location : ctx.fileLocation(),
            known ? msg("Evaluated types: %1. Check the routing of these tables on a staging cluster.",
                        {supportedAlgorithmTypes().join(QStringLiteral(", "))})
                  : msg("Check the spelling; ShardingSphere types are upper-case (MOD, HASH_MOD, "
                        "INLINE, CLASS_BASED, ...)."));
}

static void checkProps(LintContext &ctx, const AlgorithmDef &def)
{
    const QString error = createAlgorithm(def)->configurationError();
    if (error.isEmpty())
        return;
    ctx.add(Severity::Error, QStringLiteral("invalid-algorithm"),
            msg("algorithm '%1' (%2) is misconfigured: %3", {def.name, def.type, error}),
            def.location.isValid() ? def.location : ctx.fileLocation(),
            msg("Fix its props; every key routed through it fails until then."));
}

static void checkExtension(LintContext &ctx, const AlgorithmDef &def)
{
    const QString type = algorithmType(def);
    if (type != QLatin1String("CRC32_MOD") && type != QLatin1String("CONSISTENT_HASH"))
        return;
    ctx.add(Severity::Info, QStringLiteral("needs-class-based"),
            msg("algorithm '%1' uses %2, a ShardPilot extension that ShardingSphere does not ship",
                {def.name, def.type}),
            def.location.isValid() ? def.location : ctx.fileLocation(),
            msg("When exporting to ShardingSphere, provide a CLASS_BASED algorithm (a Java "
                "StandardShardingAlgorithm computing the same %1) and reference its class in "
                "props.algorithmClassName.",
                {algorithmType(def) == QLatin1String("CRC32_MOD") ? msg("CRC32 modulo")
                                                                  : msg("CRC32 ring lookup")}));
}

static void checkStrategyKinds(LintContext &ctx)
{
    for (const StrategyUse &use : writtenStrategies(ctx.config())) {
        const StrategyDef &s = *use.strategy;
        if (s.kind != StrategyKind::Complex && s.kind != StrategyKind::Hint)
            continue;
        const QString kind =
            s.kind == StrategyKind::Complex ? QStringLiteral("complex") : QStringLiteral("hint");
        ctx.add(
            Severity::Info, QStringLiteral("cannot-evaluate"),
            msg("%1 is a %2 strategy, which routing previews do not evaluate", {strategyOwner(use), kind}),
            s.location.isValid() ? s.location
            : use.table          ? ctx.tableLocation(*use.table)
                                 : ctx.fileLocation(),
            msg("Reachability and expansion plans only cover standard (single-column) strategies."));
    }
}

void checkAlgorithms(LintContext &ctx)
{
    const ShardingConfig &cfg = ctx.config();
    const QHash<QString, QStringList> users = tablesByAlgorithm(cfg);
    for (const AlgorithmDef &def : cfg.algorithms) {
        const QStringList tables = users.value(def.name);
        checkNoSqlEquivalent(ctx, def, tables);
        checkEvaluable(ctx, def, tables);
        checkProps(ctx, def);
        checkExtension(ctx, def);
    }
    checkStrategyKinds(ctx);
}

} // namespace sp::lint
