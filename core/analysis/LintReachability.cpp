#include "core/analysis/KeySampler.h"
#include "core/analysis/LintRules.h"
#include "core/routing/Algorithm.h"
#include "core/routing/Router.h"
#include "core/routing/TableRoute.h"

#include <QHash>
#include <QSet>

#include <cmath>

namespace sp::lint {

namespace {

constexpr qint64 kMaxSimulatedKeys = 1000000;
// Keys simulated in one lint across all tables: a config with tens of thousands of tables of
// distinct routing is checked up to this budget, the rest is named in one finding.
constexpr qint64 kMaxSimulatedKeysPerLint = 8000000;

struct Simulation
{
    qint64 keys = 0;
    qint64 routed = 0;
    QSet<int> hit; // indices into the table's dataNodes
    bool onlyCannotEvaluate = true;
    QString firstError;
    bool undersampled = false; // too few routed keys to reach every node (a table past ~40k nodes)

    void fail(bool cannotEvaluate, const QString &error)
    {
        onlyCannotEvaluate = onlyCannotEvaluate && cannotEvaluate;
        if (firstError.isEmpty())
            firstError = error;
    }
};

QHash<QString, int> nodeIndexes(const TableRule &t)
{
    QHash<QString, int> out;
    for (int i = 0; i < t.dataNodes.size(); ++i)
        out.insert(t.dataNodes.at(i).toString(), i);
    return out;
}

// Enough routed keys that, hashing uniformly, every reachable one of `targets` is hit: at most
// 0.01 reachable targets expected to be missed (n ln(100 n) keys), so a miss means unreachable.
bool covers(qint64 routed, qint64 targets)
{
    return targets <= 1 || double(routed) >= double(targets) * std::log(100.0 * double(targets));
}

// Integer keys, then string keys; a key type the algorithms refuse (MOD and strings) is dropped
// after a short probe, so the hits come from the keys the application could really pass.
template <typename RouteOne> void runKeys(qint64 keys, Simulation &sim, RouteOne routeOne)
{
    KeySampler sampler;
    for (KeySampler::Kind kind : {KeySampler::Kind::Integer, KeySampler::Kind::String}) {
        const qint64 n = kind == KeySampler::Kind::Integer ? keys / 2 : keys - keys / 2;
        qint64 ok = 0;
        for (qint64 i = 0; i < n; ++i) {
            ++sim.keys;
            if (routeOne(sampler.next(kind))) {
                ++ok;
                ++sim.routed;
            }
            if (i == 63 && ok == 0)
                break;
        }
    }
}

// Both levels see the same value: route through sp::Router exactly as the application would.
Simulation simulateWithRouter(const Router &router, const TableRule &t, qint64 keys)
{
    Simulation sim;
    const QHash<QString, int> index = nodeIndexes(t);
    runKeys(keys, sim, [&](const ShardingValue &v) {
        const RouteResult r = router.routeQuietly(t.logicTable, v);
        if (!r.ok) {
            sim.fail(r.cannotEvaluate, r.error);
            return false;
        }
        const int i = index.value(r.node.toString(), -1);
        if (i >= 0)
            sim.hit.insert(i);
        return true;
    });
    sim.undersampled = !covers(sim.routed, t.dataNodes.size());
    return sim;
}

// The levels shard by different columns, whose values are independent: sample each level of the
// compiled route on its own (sp::Router takes one value for both levels, which would correlate them).
Simulation simulateIndependently(const TableRoute &route, qint64 keys)
{
    Simulation sim;
    auto levelHits = [&](const RouteLevel &level) {
        QSet<int> hits; // target positions
        if (level.kind() == RouteLevel::Kind::Single) {
            hits.insert(0);
            return hits;
        }
        if (level.kind() != RouteLevel::Kind::Evaluate) {
            sim.fail(level.kind() == RouteLevel::Kind::CannotEvaluate, level.errorMessage());
            return hits;
        }
        Simulation one;
        // ~48 keys per target hit every reachable target with near certainty.
        const qint64 levelKeys =
            std::min<qint64>(keys, std::max<qint64>(2000, 48 * qint64(level.targets().size())));
        runKeys(levelKeys, one, [&](const ShardingValue &v) {
            QString error;
            bool cannot = false;
            const int i = level.pick(v, &error, &cannot, nullptr);
            if (i < 0) {
                sim.fail(cannot, error);
                return false;
            }
            hits.insert(i);
            return true;
        });
        sim.keys += one.keys;
        sim.routed += one.routed;
        if (one.routed > 0 && !covers(one.routed, level.targets().size()))
            sim.undersampled = true;
        return hits;
    };
    for (const int ds : levelHits(route.db))
        for (const int tb : levelHits(route.table.at(size_t(ds))))
            sim.hit.insert(route.nodeIndex(ds, tb));
    return sim;
}

// Same modulo algorithm on the same column at both levels: residue r picks data source "r" and
// table "r" (as the compiled levels name them), so exactly those nodes are reachable. Exact, no
// sampling; nullopt when the levels have no residue form.
std::optional<QSet<int>> diagonalNodes(const TableRoute &route)
{
    const RouteLevel &db = route.db;
    if (db.kind() != RouteLevel::Kind::Evaluate || db.form() != RouteLevel::Form::Residue)
        return std::nullopt;
    QSet<int> out;
    for (uint32_t r = 0; r < db.remainderCount(); ++r) {
        const int ds = db.targetForRemainder(r);
        if (ds < 0)
            continue;
        const RouteLevel &table = route.table.at(size_t(ds));
        if (table.form() != RouteLevel::Form::Residue || !(table.residue() == db.residue()))
            return std::nullopt;
        const int i = route.nodeIndex(ds, table.targetForRemainder(r));
        if (i >= 0)
            out.insert(i);
    }
    return out;
}

QStringList nodeNames(const TableRule &t, const QSet<int> &indexes, bool inSet)
{
    QStringList out;
    for (int i = 0; i < t.dataNodes.size(); ++i)
        if (indexes.contains(i) == inSet)
            out << t.dataNodes.at(i).toString();
    return out;
}

// Tables whose levels each pick one target or have a residue closed form route every key to
// the same node positions when their forms and remainder-to-target tables are equal, whatever the
// names: their simulations are the same and run once. The bytes of that key, or nullopt when a
// level has another form (INLINE, ring, an error), whose result may depend on the names.
std::optional<QByteArray> routingSignature(const TableRoute &route, bool independent, qint64 keys)
{
    QByteArray s;
    auto put = [&s](qint64 v) { s.append(reinterpret_cast<const char *>(&v), sizeof v); };
    auto level = [&](const RouteLevel &l) {
        put(qint64(l.kind()));
        put(l.targets().size());
        if (l.kind() == RouteLevel::Kind::Single)
            return true;
        if (l.kind() != RouteLevel::Kind::Evaluate || l.form() != RouteLevel::Form::Residue)
            return false;
        const ResidueForm &f = l.residue();
        for (qint64 v : {qint64(f.input), qint64(f.divisor), qint64(f.count), qint64(f.startOffset),
                         qint64(f.stopOffset)})
            put(v);
        s += l.algorithmType().toUtf8() + '\0';
        for (uint32_t r = 0; r < f.count; ++r)
            put(l.targetForRemainder(r));
        return true;
    };
    put(independent);
    put(keys);
    put(route.perDataSourceSearch);
    put(route.nodes.size());
    if (!route.error.isEmpty() || !level(route.db))
        return std::nullopt;
    for (size_t ds = 0; ds < route.table.size(); ++ds) {
        if (!level(route.table[ds]))
            return std::nullopt;
        for (int i : route.nodeAt[ds])
            put(i);
    }
    return s;
}

Text diagonalHint(const TableRule &t)
{
    const int sources = int(dataSourcesOf(t).size());
    const int total = int(t.dataNodes.size());
    const int perSource = sources > 0 ? total / sources : total;
    return msg("Give the table strategy an algorithm independent of the database one. Spreading "
               "rows over all %1 nodes (CRC32 % %1, as reference article 000 §3.6 assumes) needs "
               "e.g. database CRC32_MOD sharding-count %2 and table CRC32_MOD sharding-count %3 "
               "with divisor %2: database = CRC32 % %2, table = CRC32 DIV %2 % %3. Moving to it "
               "relocates rows, so plan it as an expansion.",
               {total, sources, perSource});
}

} // namespace

void checkReachability(LintContext &ctx)
{
    const ShardingConfig &cfg = ctx.config();
    const Router router(cfg);
    const QStringList evaluated = supportedAlgorithmTypes();
    QHash<QByteArray, Simulation> sharedSimulations; // by routingSignature()
    const qint64 budgetInAll = std::max<qint64>(kMaxSimulatedKeysPerLint, ctx.options().sampleKeys);
    qint64 budget = budgetInAll;
    QStringList notSimulated, notCovered;
    for (const TableRule &t : cfg.tables) {
        if (t.dataNodes.size() < 2 || ctx.isBroadcast(t.logicTable))
            continue;
        const StrategyDef db = cfg.effectiveDatabaseStrategy(t);
        const StrategyDef tb = cfg.effectiveTableStrategy(t);
        const AlgorithmDef *dbDef = cfg.algorithm(db.algorithmName);
        const AlgorithmDef *tbDef = cfg.algorithm(tb.algorithmName);
        // Types we cannot evaluate were reported by cannot-evaluate; nothing to simulate.
        if ((isStrategyUsable(db) && dbDef && !evaluated.contains(algorithmType(*dbDef))) ||
            (isStrategyUsable(tb) && tbDef && !evaluated.contains(algorithmType(*tbDef))))
            continue;
        const bool bothStandard = db.kind == StrategyKind::Standard && tb.kind == StrategyKind::Standard;
        const bool sameColumn =
            bothStandard && db.columns.value(0).compare(tb.columns.value(0), Qt::CaseInsensitive) == 0;
        const bool diagonal = sameColumn && dbDef && tbDef && sameAlgorithm(*dbDef, *tbDef) && !t.autoTable;

        QSet<int> reachable;
        bool known = false;
        qint64 simulated = 0;
        const qint64 wanted = ctx.options().sampleKeys;
        if (wanted > 0) {
            // Enough keys that every reachable node is hit with near certainty (~24 per node).
            const qint64 keys = std::max(wanted, std::min<qint64>(24 * qint64(t.dataNodes.size()),
                                                                  std::max(wanted, kMaxSimulatedKeys)));
            const bool independent = bothStandard && !sameColumn && !t.autoTable;
            const TableRoute &route = *router.table(t.logicTable);
            const std::optional<QByteArray> signature = routingSignature(route, independent, keys);
            Simulation sim;
            if (const auto it = signature ? sharedSimulations.constFind(*signature) : sharedSimulations.constEnd();
                it != sharedSimulations.constEnd()) {
                sim = *it;
            } else if (keys > budget) {
                notSimulated << t.logicTable;
            } else {
                sim = independent ? simulateIndependently(route, keys) : simulateWithRouter(router, t, keys);
                budget -= sim.keys;
                if (signature && sim.routed > 0)
                    sharedSimulations.insert(*signature, sim);
            }
            if (sim.routed > 0 && sim.undersampled) {
                notCovered << t.logicTable; // a node missed by too few keys is not unreachable
            } else if (sim.routed > 0) {
                reachable = sim.hit;
                known = true;
                simulated = sim.keys;
            } else if (sim.keys > 0 && sim.onlyCannotEvaluate && !sim.firstError.isEmpty()) {
                ctx.add(Severity::Info, QStringLiteral("cannot-evaluate"),
                        msg("routing previews of %1 cannot evaluate its algorithms: %2",
                            {t.logicTable, sim.firstError}),
                        ctx.tableLocation(t),
                        msg("Reachability and expansion plans do not cover this table."));
            }
        }
        if (diagonal) {
            if (const auto exact = diagonalNodes(*router.table(t.logicTable))) {
                reachable.unite(*exact);
                known = true;
            }
        }
        if (!known || reachable.size() >= t.dataNodes.size())
            continue;

        const QStringList hit = nodeNames(t, reachable, true);
        const QStringList never = nodeNames(t, reachable, false);
        Text message, hint;
        if (diagonal) {
            message =
                msg("only %1 of %2 data nodes of %3 can receive rows: %4 (the database and table strategies "
                    "both apply '%5' to %6, so the data source fixes the table)",
                    {reachable.size(), t.dataNodes.size(), t.logicTable, joinLimited(hit), db.algorithmName,
                     db.columns.value(0)});
            hint = diagonalHint(t);
        } else {
            message =
                msg("only %1 of %2 data nodes of %3 can receive rows: %4; never reached in %5 simulated "
                    "keys: %6",
                    {reachable.size(), t.dataNodes.size(), t.logicTable, joinLimited(hit), simulated,
                     joinLimited(never)});
            hint = msg("Check sharding-count against the number of targets, the names' numeric "
                       "suffixes, and whether the table algorithm depends on the database one; or "
                       "drop the unused nodes from actualDataNodes.");
        }
        ctx.add(Severity::Warning, QStringLiteral("unreachable-nodes"), message, ctx.tableLocation(t), hint);
    }
    if (!notCovered.isEmpty())
        ctx.add(Severity::Info, QStringLiteral("simulation-budget"),
                msg("routing previews of %1 table(s) have more data nodes than the keys simulated per table "
                    "can reach one by one: unreachable nodes are not reported for them (%2)",
                    {notCovered.size(), joinLimited(notCovered)}),
                ctx.fileLocation(),
                msg("A table with tens of thousands of data nodes needs millions of keys; simulate more keys "
                    "per table (shardctl lint --sample-keys N) to check it."));
    if (!notSimulated.isEmpty())
        ctx.add(Severity::Info, QStringLiteral("simulation-budget"),
                msg("routing previews of %1 table(s) were not simulated: this lint's budget of %2 simulated "
                    "keys was spent on the tables before them (%3)",
                    {notSimulated.size(), budgetInAll, joinLimited(notSimulated)}),
                ctx.fileLocation(),
                msg("Unreachable data nodes are not reported for these tables. Tables routed alike (same "
                    "modulo algorithms and layout) share one simulation; to cover the rest, lint a smaller "
                    "file or simulate fewer keys per table (shardctl lint --sample-keys)."));
}

} // namespace sp::lint
