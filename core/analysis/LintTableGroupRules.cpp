#include "core/analysis/LintRules.h"

namespace sp::lint {

// "the same function": the same definition, or the same name when a definition is missing. Like
// ShardingSphere, an INLINE expression is compared with its own logic table name taken out, so
// t_order_${order_id % 2} and t_order_item_${order_id % 2} agree.
static bool sameStrategyAlgorithm(const ShardingConfig &cfg, const StrategyDef &a, const TableRule &ta,
                                  const StrategyDef &b, const TableRule &tb)
{
    if (isStrategyUsable(a) != isStrategyUsable(b))
        return false;
    if (!isStrategyUsable(a))
        return true;
    const AlgorithmDef *da = cfg.algorithm(a.algorithmName);
    const AlgorithmDef *db = cfg.algorithm(b.algorithmName);
    if (!da || !db)
        return a.algorithmName == b.algorithmName;
    if (algorithmType(*da) == QLatin1String("INLINE") && algorithmType(*db) == QLatin1String("INLINE")) {
        const QString key = QStringLiteral("algorithm-expression");
        QString ea = da->props.value(key), eb = db->props.value(key);
        ea.replace(ta.logicTable, QString(), Qt::CaseInsensitive);
        eb.replace(tb.logicTable, QString(), Qt::CaseInsensitive);
        return ea.remove(QLatin1Char(' ')) == eb.remove(QLatin1Char(' '));
    }
    return sameAlgorithm(*da, *db);
}

static Text strategyText(const StrategyDef &s)
{
    if (!isStrategyUsable(s))
        return s.kind == StrategyKind::None ? msg("none") : msg("unset");
    return QString(QLatin1Char('\'') + s.algorithmName + QLatin1Char('\''));
}

// Per data source, the actual table names with the logic table name taken out (t_order_0 -> _0),
// which is how ShardingSphere checks that binding tables have the same layout.
static QMap<QString, QStringList> layoutOf(const TableRule &t)
{
    QMap<QString, QStringList> out = tablesPerDataSource(t);
    for (QStringList &tables : out) {
        for (QString &name : tables)
            name.replace(t.logicTable, QString(), Qt::CaseInsensitive);
        tables.sort();
    }
    return out;
}

static QString layoutText(const QMap<QString, QStringList> &per)
{
    QStringList parts;
    for (auto it = per.constBegin(); it != per.constEnd(); ++it)
        parts << it.key() + QStringLiteral(": ") + joinLimited(it.value(), 4).text;
    return QLatin1Char('{') + joinLimited(parts, 3).text + QLatin1Char('}');
}

// `refLayout` is layoutOf(ref), computed once per group.
static QList<Text> differences(const ShardingConfig &cfg, const TableRule &ref,
                               const QMap<QString, QStringList> &refLayout, const TableRule &t)
{
    QList<Text> out;
    const QMap<QString, QStringList> layout = layoutOf(t);
    if (refLayout != layout)
        out << msg("data-node layout (actual tables per data source, logic name taken out) %1 vs %2",
                   {layoutText(refLayout), layoutText(layout)});
    const StrategyDef refDb = cfg.effectiveDatabaseStrategy(ref), tDb = cfg.effectiveDatabaseStrategy(t);
    const StrategyDef refTb = cfg.effectiveTableStrategy(ref), tTb = cfg.effectiveTableStrategy(t);
    if (!sameStrategyAlgorithm(cfg, refDb, ref, tDb, t))
        out << msg("database algorithm %1 vs %2", {strategyText(refDb), strategyText(tDb)});
    if (!sameStrategyAlgorithm(cfg, refTb, ref, tTb, t))
        out << msg("table algorithm %1 vs %2", {strategyText(refTb), strategyText(tTb)});
    if (refDb.columns.size() != tDb.columns.size())
        out << msg("database sharding column count %1 vs %2", {refDb.columns.size(), tDb.columns.size()});
    if (refTb.columns.size() != tTb.columns.size())
        out << msg("table sharding column count %1 vs %2", {refTb.columns.size(), tTb.columns.size()});
    return out;
}

static void checkBindingGroups(LintContext &ctx)
{
    const ShardingConfig &cfg = ctx.config();
    for (const BindingGroup &g : cfg.bindingGroups) {
        const SourceLocation loc = g.location.isValid() ? g.location : ctx.fileLocation();
        const Text groupText = joinLimited(g.tables, 6);
        const TableRule *ref = nullptr;
        QMap<QString, QStringList> refLayout;
        for (const QString &name : g.tables) {
            const TableRule *t = ctx.table(name);
            if (!t) {
                ctx.add(Severity::Error, QStringLiteral("binding-no-rule"),
                        msg("binding group [%1] lists %2, which has no table rule", {groupText, name}), loc,
                        ctx.isBroadcast(name)
                            ? msg("%1 is a broadcast table; broadcast tables cannot be bound. "
                                  "Remove it from the group.",
                                  {name})
                            : msg("Add a table rule for %1 with the same data-node layout and "
                                  "algorithms as the other members, or remove it from the group "
                                  "(ShardingSphere refuses to start otherwise).",
                                  {name}));
                continue;
            }
            if (!ref) {
                ref = t;
                refLayout = layoutOf(*t);
                continue;
            }
            const QList<Text> diff = differences(cfg, *ref, refLayout, *t);
            if (diff.isEmpty())
                continue;
            ctx.add(Severity::Error, QStringLiteral("binding-mismatch"),
                    msg("binding tables %1 and %2 do not route alike: %3",
                        {ref->logicTable, t->logicTable, joined(diff, QStringLiteral("; "))}),
                    t->location.isValid() ? t->location : loc,
                    msg("Members of a binding group must have the same data-node layout and the "
                        "same database and table algorithms so equal keys land on the same "
                        "data node; align them or split the group."));
        }
    }
}

static void checkBroadcast(LintContext &ctx)
{
    const ShardingConfig &cfg = ctx.config();
    QStringList plain;
    SourceLocation first;
    for (const BroadcastTable &b : cfg.broadcastTables) {
        const SourceLocation loc = b.location.isValid() ? b.location : ctx.fileLocation();
        if (const TableRule *t = ctx.table(b.name)) {
            ctx.add(Severity::Error, QStringLiteral("broadcast-has-rule"),
                    msg("%1 is a broadcast table and also has a sharding rule", {b.name}), loc,
                    msg("A table is either copied in full to every data source (broadcast) or "
                        "split by a rule (%1 data nodes); remove one of the two.",
                        {t->dataNodes.size()}));
            continue;
        }
        if (plain.isEmpty())
            first = loc;
        plain << b.name;
    }
    if (plain.isEmpty())
        return;
    ctx.add(Severity::Info, QStringLiteral("broadcast-table"),
            msg("%1 broadcast table(s) live in full on every data source (%2): %3",
                {plain.size(), cfg.dataSources.size(), joinLimited(plain)}),
            first,
            msg("Writes go to every data source; keep these tables small and create them on any "
                "data source added during an expansion."));
}

void checkTableGroups(LintContext &ctx)
{
    checkBindingGroups(ctx);
    checkBroadcast(ctx);
}

} // namespace sp::lint
