#include "core/analysis/KeySampler.h"
#include "core/analysis/LintRules.h"
#include "core/routing/Algorithm.h"
#include "core/routing/Router.h"

#include <QHash>
#include <QSet>

namespace sp::lint {

namespace {

constexpr qint64 kMaxAnalyticResults = 1000000;
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

// The levels shard by different columns, whose values are independent: sample each level on its
// own (sp::Router takes one value for both levels, which would correlate them).
Simulation simulateIndependently(const ShardingConfig &cfg, const TableRule &t, const StrategyDef &db,
                                 const StrategyDef &tb, qint64 keys)
{
    Simulation sim;
    const QHash<QString, int> index = nodeIndexes(t);
    const QStringList sources = dataSourcesOf(t);
    const auto perSource = tablesPerDataSource(t);
    const TargetNaming dbNaming = TargetNaming::fromTargets(sources);
    const TargetNaming tbNaming = TargetNaming::fromTargets(actualTablesOf(t), t.logicTable);

    auto levelHits = [&](const StrategyDef &s, const QStringList &targets, const TargetNaming &naming) {
        QSet<QString> hits;
        if (targets.size() == 1) {
            hits.insert(targets.first());
            return hits;
        }
        const AlgorithmDef *def = cfg.algorithm(s.algorithmName);
        if (s.kind != StrategyKind::Standard || !def) {
            sim.fail(false, QStringLiteral("no evaluable strategy"));
            return hits;
        }
        const auto alg = createAlgorithm(*def);
        const QString column = s.columns.value(0);
        Simulation level;
        // ~48 keys per target hit every reachable target with near certainty.
        const qint64 levelKeys = std::min<qint64>(keys, std::max<qint64>(2000, 48 * qint64(targets.size())));
        runKeys(levelKeys, level, [&](const ShardingValue &v) {
            const AlgorithmResult r = alg->evaluate(column, v, targets, naming);
            if (!r.ok) {
                sim.fail(r.cannotEvaluate, r.error);
                return false;
            }
            hits.insert(r.target);
            return true;
        });
        sim.keys += level.keys;
        sim.routed += level.routed;
        return hits;
    };

    const QSet<QString> dsHits = levelHits(db, sources, dbNaming);
    for (const QString &ds : sources) {
        if (!dsHits.contains(ds))
            continue;
        for (const QString &table : levelHits(tb, perSource.value(ds), tbNaming)) {
            const int i = index.value(ds + QLatin1Char('.') + table, -1);
            if (i >= 0)
                sim.hit.insert(i);
        }
    }
    return sim;
}

// Same modulo algorithm on the same column at both levels: result r picks data source "r" and
// table "r", so exactly the nodes (ds r, table r) are reachable. Exact, no sampling.
std::optional<QSet<int>> diagonalNodes(const TableRule &t, const AlgorithmDef &def)
{
    const QString type = algorithmType(def);
    if (type != QLatin1String("MOD") && type != QLatin1String("HASH_MOD") &&
        type != QLatin1String("CRC32_MOD"))
        return std::nullopt;
    if (!createAlgorithm(def)->configurationError().isEmpty())
        return std::nullopt;
    bool ok = false;
    const qint64 count = def.props.value(QStringLiteral("sharding-count")).toLongLong(&ok);
    if (!ok || count <= 0 || count > kMaxAnalyticResults)
        return std::nullopt;
    const QStringList sources = dataSourcesOf(t);
    const TargetNaming dbNaming = TargetNaming::fromTargets(sources);
    const TargetNaming tbNaming = TargetNaming::fromTargets(actualTablesOf(t), t.logicTable);
    const QHash<QString, int> index = nodeIndexes(t);
    QSet<int> out;
    for (qint64 r = 0; r < count; ++r) {
        const QString suffix = QString::number(r);
        const int i =
            index.value(dbNaming.targetFor(suffix) + QLatin1Char('.') + tbNaming.targetFor(suffix), -1);
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

QString diagonalHint(const TableRule &t)
{
    const int sources = int(dataSourcesOf(t).size());
    const int total = int(t.dataNodes.size());
    const int perSource = sources > 0 ? total / sources : total;
    return QStringLiteral("Give the table strategy an algorithm independent of the database one. Spreading "
                          "rows over all %1 nodes (CRC32 %% %1, as reference article 000 §3.6 assumes) needs "
                          "e.g. database CRC32_MOD sharding-count %2 and table CRC32_MOD sharding-count %3 "
                          "with divisor %2: database = CRC32 %% %2, table = CRC32 DIV %2 %% %3. Moving to it "
                          "relocates rows, so plan it as an expansion.")
        .arg(total)
        .arg(sources)
        .arg(perSource)
        .replace(QStringLiteral("%%"), QStringLiteral("%"));
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
            const Simulation sim = independent ? simulateIndependently(cfg, t, db, tb, keys)
                                               : simulateWithRouter(router, t, keys);
            if (sim.routed > 0) {
                reachable = sim.hit;
                known = true;
                simulated = sim.keys;
            } else if (sim.keys > 0 && sim.onlyCannotEvaluate && !sim.firstError.isEmpty()) {
                ctx.add(Severity::Info, QStringLiteral("cannot-evaluate"),
                        QStringLiteral("routing previews of %1 cannot evaluate its algorithms: %2")
                            .arg(t.logicTable, sim.firstError),
                        ctx.tableLocation(t),
                        QStringLiteral("Reachability and expansion plans do not cover this table."));
            }
        }
        if (diagonal) {
            if (const auto exact = diagonalNodes(t, *dbDef)) {
                reachable.unite(*exact);
                known = true;
            }
        }
        if (!known || reachable.size() >= t.dataNodes.size())
            continue;

        const QStringList hit = nodeNames(t, reachable, true);
        const QStringList never = nodeNames(t, reachable, false);
        QString message = QStringLiteral("only %1 of %2 data nodes of %3 can receive rows: %4")
                              .arg(reachable.size())
                              .arg(t.dataNodes.size())
                              .arg(t.logicTable, joinLimited(hit));
        QString hint;
        if (diagonal) {
            message +=
                QStringLiteral(" (the database and table strategies both apply '%1' to %2, so the data "
                               "source fixes the table)")
                    .arg(db.algorithmName, db.columns.value(0));
            hint = diagonalHint(t);
        } else {
            message += QStringLiteral("; never reached in %1 simulated keys: %2")
                           .arg(simulated)
                           .arg(joinLimited(never));
            hint = QStringLiteral("Check sharding-count against the number of targets, the names' numeric "
                                  "suffixes, and whether the table algorithm depends on the database one; or "
                                  "drop the unused nodes from actualDataNodes.");
        }
        ctx.add(Severity::Warning, QStringLiteral("unreachable-nodes"), message, ctx.tableLocation(t), hint);
    }
}

} // namespace sp::lint
