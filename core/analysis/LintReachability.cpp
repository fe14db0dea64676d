#include "core/analysis/KeySampler.h"
#include "core/analysis/LintRules.h"
#include "core/routing/Algorithm.h"
#include "core/routing/Router.h"
#include "core/routing/TableRoute.h"

#include <QHash>
#include <QSet>

namespace sp::lint {

namespace {

constexpr qint64 kMaxSimulatedKeys = 1000000;

struct Simulation
{
    qint64 keys = 0;
    qint64 routed = 0;
    QSet<int> hit; // indices into the table's dataNodes
    bool onlyCannotEvaluate = true;
    QString firstError;

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
        const RouteResult r = router.route(t.logicTable, v);
        if (!r.ok) {
            sim.fail(r.cannotEvaluate, r.error);
            return false;
        }
        const int i = index.value(r.node.toString(), -1);
        if (i >= 0)
            sim.hit.insert(i);
        return true;
    });
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
            QStringList ambiguous;
            const int i = level.pick(v, &error, &cannot, &ambiguous);
            if (i < 0) {
                sim.fail(cannot, error);
                return false;
            }
            hits.insert(i);
            return true;
        });
        sim.keys += one.keys;
        sim.routed += one.routed;
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
    for (const TableRule &t : cfg.tables) {
        if (t.dataNodes.size() < 2 || cfg.isBroadcast(t.logicTable))
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
            const Simulation sim = independent ? simulateIndependently(*router.table(t.logicTable), keys)
                                               : simulateWithRouter(router, t, keys);
            if (sim.routed > 0) {
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
}

} // namespace sp::lint
