#include "core/analysis/LintRules.h"
#include "core/routing/Algorithm.h"

#include <QHash>
#include <QSet>

#include <map>

namespace sp::lint {

namespace {

// How the results 0..count-1 of a modulo algorithm (MOD, HASH_MOD, our CRC32_MOD) meet the target
// names. ShardingSphere 5.1.1+ builds the name from a prefix and the zero-padded result and needs
// it to exist (TargetNaming, as sp::Router does); 5.0 took the first target whose name ends with
// the result, which is ambiguous for t_1 / t_11.
struct SuffixAnalysis
{
    qint64 unmatchedCount = 0;
    QList<qint64> unmatchedExamples;                 // the smallest few
    QStringList unusedTargets;                       // no result names them
    QList<std::pair<qint64, QStringList>> ambiguous; // result -> every target ending with it
};

// Results whose decimal text is a suffix of the name: suffixes of its trailing digit run that have
// no leading zero (or are "0"). A handful per name, so this is O(targets), not O(count).
QList<qint64> resultsEndingIn(const QString &name)
{
    int start = int(name.size());
    while (start > 0 && name.at(start - 1).isDigit())
        --start;
    QList<qint64> out;
    for (int i = int(name.size()) - 1; i >= start; --i) {
        const QStringView digits = QStringView(name).mid(i);
        if (digits.size() > 18)
            break;
        if (digits.size() > 1 && digits.at(0) == QLatin1Char('0'))
            continue;
        out << digits.toLongLong();
    }
    return out;
}

SuffixAnalysis analyse(const QStringList &targets, const TargetNaming &naming,
                       const ShardingAlgorithm &algorithm, qint64 count)
{
    SuffixAnalysis a;
    QSet<qint64> matched;
    for (const QString &t : targets) {
        bool used = false;
        if (t.startsWith(naming.prefix)) {
            bool ok = false;
            const qint64 r = QStringView(t).mid(naming.prefix.size()).toLongLong(&ok);
            if (ok && r >= 0 && r < count && naming.targetFor(algorithm.suffixFor(uint32_t(r))) == t) {
                matched.insert(r);
                used = true;
            }
        }
        if (!used)
            a.unusedTargets << t;
    }
    a.unmatchedCount = count - qint64(matched.size());
    for (qint64 r = 0; r < count && a.unmatchedExamples.size() < 6; ++r)
        if (!matched.contains(r))
            a.unmatchedExamples << r;
    std::map<qint64, QStringList> byResult; // ordered; targets keep their configured order
    for (const QString &t : targets)
        for (qint64 r : resultsEndingIn(t))
            if (r < count)
                byResult[r] << t;
    for (const auto &[r, names] : byResult)
        if (names.size() > 1)
            a.ambiguous.append({r, names});
    return a;
}

struct LevelCheck
{
    const TableRule *table;
    const StrategyDef *written; // for the location (may be unset)
    Text level;                 // "database" / "table" / "sharding"
    Text targetKind;            // "data sources" / "actual tables"
    QStringList targets;
    QStringList where;   // data sources sharing this table list (table level)
    TargetNaming naming; // derived from all targets of the level, as the router does
};

void report(LintContext &ctx, const LevelCheck &c, const AlgorithmDef &def,
            const ShardingAlgorithm &algorithm, qint64 count)
{
    const SuffixAnalysis a = analyse(c.targets, c.naming, algorithm, count);
    const SourceLocation loc = ctx.strategyLocation(*c.written, *c.table);
    const Text on = c.where.isEmpty() ? Text() : msg(" on %1", {joinLimited(c.where, 4)});
    const Text subject = msg("the %1 strategy of %2", {c.level, c.table->logicTable});
    if (a.unmatchedCount > 0) {
        QList<Text> ex;
        for (qint64 r : a.unmatchedExamples)
            ex << r;
        if (a.unmatchedCount > a.unmatchedExamples.size())
            ex << msg("… (%1 in all)", {a.unmatchedCount});
        ctx.add(Severity::Error, QStringLiteral("sharding-count-mismatch"),
                msg("'%1' has sharding-count %2 but %3 chooses among %4 %5%6 (%7): results %8 match "
                    "no target, rows with them cannot be routed",
                    {def.name, count, subject, c.targets.size(), c.targetKind, on, joinLimited(c.targets, 4),
                     joined(ex, QStringLiteral(", "))}),
                loc,
                msg("Set sharding-count to the number of %1 (%2), or add the missing targets; "
                    "ShardingSphere picks the target whose name ends with the result.",
                    {c.targetKind, c.targets.size()}));
    }
    if (!a.unusedTargets.isEmpty()) {
        ctx.add(Severity::Warning, QStringLiteral("sharding-count-mismatch"),
                msg("'%1' (sharding-count %2) never chooses %3 of the %4 %5 of %6%7: %8",
                    {def.name, count, a.unusedTargets.size(), c.targets.size(), c.targetKind,
                     c.table->logicTable, on, joinLimited(a.unusedTargets)}),
                loc,
                count < c.targets.size()
                    ? msg("Results run from 0 to %1 only: raise sharding-count to %2 or drop the "
                          "unused targets from actualDataNodes.",
                          {count - 1, c.targets.size()})
                    : msg("A target is used when it is named prefix + result (zero-padded to the "
                          "shortest suffix, here '%1' + 0..%2); rename the targets accordingly.",
                          {c.naming.prefix, count - 1}));
    }
    if (!a.ambiguous.isEmpty()) {
        // Where the two rules disagree, the same config routes differently across versions.
        const QSet<QString> targetSet(c.targets.cbegin(), c.targets.cend());
        QList<Text> divergent, cases;
        for (const auto &[r, names] : a.ambiguous) {
            const QString exact = c.naming.targetFor(algorithm.suffixFor(uint32_t(r)));
            if (names.first() != exact)
                divergent << msg(
                    "%1 -> %2 (5.0) vs %3 (5.1.1+)",
                    {r, names.first(), targetSet.contains(exact) ? Text(exact) : msg("no target")});
            if (cases.size() < 3)
                cases << msg("%1 -> %2", {r, joinLimited(names, 3)});
        }
        if (a.ambiguous.size() > 3)
            cases << msg("… (%1 results in all)", {a.ambiguous.size()});
        if (!divergent.isEmpty()) {
            // At most three cases and a "(+N more)", as joinLimited writes it.
            Text shown = joined(divergent.mid(0, 3), QStringLiteral(", "));
            if (divergent.size() > 3)
                shown = msg("%1, … (+%2 more)", {shown, divergent.size() - 3});
            ctx.add(Severity::Warning, QStringLiteral("suffix-ambiguous"),
                    msg("results of '%1' are the suffix of several %2 of %3%4 and ShardingSphere "
                        "versions route them differently: %5",
                        {def.name, c.targetKind, c.table->logicTable, on, shown}),
                    loc,
                    msg("ShardingSphere 5.0 takes the first target whose name ends with the result, "
                        "5.1.1 and later the exact prefix + zero-padded name. List the targets in "
                        "ascending order with uniform names so both rules pick the same one."));
        } else {
            ctx.add(
                Severity::Info, QStringLiteral("suffix-ambiguous"),
                msg("results of '%1' are the suffix of several %2 of %3%4: %5; both suffix rules agree only "
                    "because of their order",
                    {def.name, c.targetKind, c.table->logicTable, on, joined(cases, QStringLiteral("; "))}),
                loc,
                msg("ShardingSphere 5.0 takes the first target ending with the result: keep "
                    "actualDataNodes in ascending order (5.1.1 and later match the exact name)."));
        }
    }
}

} // namespace

void checkTargets(LintContext &ctx)
{
    const ShardingConfig &cfg = ctx.config();
    for (const TableRule &t : cfg.tables) {
        QList<std::pair<LevelCheck, StrategyDef>> checks;
        if (t.autoTable) {
            checks.append({LevelCheck{&t,
                                      &t.shardingStrategy,
                                      msg("sharding"),
                                      msg("actual tables"),
                                      actualTablesOf(t),
                                      {},
                                      TargetNaming::fromTargets(actualTablesOf(t), t.logicTable)},
                           cfg.effectiveTableStrategy(t)});
        } else {
            checks.append({LevelCheck{&t,
                                      &t.databaseStrategy,
                                      msg("database"),
                                      msg("data sources"),
                                      dataSourcesOf(t),
                                      {},
                                      TargetNaming::fromTargets(dataSourcesOf(t))},
                           cfg.effectiveDatabaseStrategy(t)});
            const TargetNaming tableNaming = TargetNaming::fromTargets(actualTablesOf(t), t.logicTable);
            // Group data sources holding the same actual table list, to report each list once.
            QList<std::pair<QStringList, QStringList>> groups;
            QHash<QStringList, int> groupOf; // hashed: thousands of data sources, each its own list
            const auto per = tablesPerDataSource(t);
            for (const QString &ds : dataSourcesOf(t)) {
                const QStringList &tables = per.value(ds);
                const auto it = groupOf.constFind(tables);
                if (it == groupOf.constEnd()) {
                    groupOf.insert(tables, int(groups.size()));
                    groups.append({tables, {ds}});
                } else {
                    groups[*it].second << ds;
                }
            }
            for (const auto &[tables, sources] : groups)
                checks.append({LevelCheck{&t, &t.tableStrategy, msg("table"), msg("actual tables"), tables,
                                          sources, tableNaming},
                               cfg.effectiveTableStrategy(t)});
        }
        for (const auto &[check, strategy] : checks) {
            if (strategy.kind != StrategyKind::Standard || check.targets.isEmpty())
                continue;
            const AlgorithmDef *def = cfg.algorithm(strategy.algorithmName);
            if (!def)
                continue;
            // The modulo algorithms' closed form, as the router compiles it; none when the props are
            // invalid (invalid-algorithm reports them).
            const auto algorithm = createAlgorithm(*def);
            if (const auto form = algorithm->residueForm())
                report(ctx, check, *def, *algorithm, form->count);
        }
    }
}

} // namespace sp::lint
