#include "core/planning/RingStrategy.h"

#include "core/config/ConfigPatch.h"
#include "core/planning/PlanBuilder.h"
#include "core/routing/AlgorithmDefaults.h"

#include <QSet>

namespace sp::planning {

Text RingStrategy::summary() const
{
    return msg("consistent-hash ring: add/remove nodes or change virtual nodes; moved arcs become "
               "CRC32 BETWEEN predicates");
}

PlanOutcome RingStrategy::plan(const PlanInput &input) const
{
    PlanOutcome out;
    const PlanRequest &rq = input.request;
    const QStringList oldDs = builder::shardedDataSources(input.config);
    if (oldDs.isEmpty()) {
        out.fail(msg("the config has no sharded data sources"));
        return out;
    }
    if (rq.addNodes.isEmpty() && rq.removeNodes.isEmpty() && rq.virtualNodes <= 0 && rq.toCount <= 0) {
        out.fail(msg("ring needs --add-nodes, --remove-nodes, --virtual-nodes or --to"));
        return out;
    }
    QStringList nodes = oldDs;
    QStringList added = rq.addNodes;
    const QString prefix = builder::indexedPrefix(oldDs);
    if (added.isEmpty() && rq.toCount > oldDs.size()) {
        if (prefix.isEmpty()) {
            out.fail(msg("name the new nodes with --add-nodes (data sources are not <prefix><index>)"));
            return out;
        }
        for (int i = int(oldDs.size()); i < rq.toCount; ++i)
            added << prefix + QString::number(i);
    }
    for (const QString &a : std::as_const(added)) {
        if (nodes.contains(a)) {
            out.fail(msg("node '%1' is already on the ring", {a}));
            return out;
        }
        nodes << a;
    }
    for (const QString &r : rq.removeNodes) {
        if (!nodes.removeAll(r)) {
            out.fail(msg("node '%1' is not on the ring", {r}));
            return out;
        }
    }
    if (nodes.isEmpty()) {
        out.fail(msg("removing every node leaves an empty ring"));
        return out;
    }
    bool shared = false;
    const QStringList algos = builder::databaseAlgorithms(input.config, &shared);
    if (algos.isEmpty()) {
        out.fail(msg("no sharded table has a database strategy"));
        return out;
    }
    Diagnostics warnings;
    ConfigPatch p(input.configText);
    NewConfig next;
    const ConfigLookup lookup(input.config);
    QList<std::pair<QString, QString>> newSources; // in one edit: one per data source is quadratic
    QStringList missing;
    for (int i = 0; i < added.size(); ++i) {
        const QString &name = added.at(i);
        const QString url = builder::urlFor(input, name);
        if (url.isEmpty())
            missing << name;
        if (!lookup.dataSource(name))
            newSources.append({name, url.isEmpty() ? builder::missingUrlPlaceholder(name) : url});
        next.changes << DataSourceChange{name, url, true};
    }
    if (!missing.isEmpty())
        warnings << builder::missingUrls(missing);
    p.addDataSources(newSources, oldDs.last(), oldDs.last());
    for (const QString &r : rq.removeNodes)
        next.changes << DataSourceChange{r, lookup.dataSource(r) ? lookup.dataSource(r)->url : QString(), false};
    int oldVnodes = defaults::kVirtualNodes;
    const QSet<QString> tableAlgorithms = builder::tableLevelAlgorithms(input.config);
    for (const QString &a : algos) {
        const AlgorithmDef *def = input.config.algorithm(a);
        QString target = a;
        if (!def)
            continue;
        if (def->type != QLatin1String("CONSISTENT_HASH")) {
            if (tableAlgorithms.contains(a)) {
                target = a + QStringLiteral("-ring");
                p.cloneAlgorithmForDatabaseLevel(a, target);
            }
            p.setAlgorithmField(target, QStringLiteral("type"), QStringLiteral("CONSISTENT_HASH"));
            p.setAlgorithmProp(
                target, QStringLiteral("virtual-nodes"),
                QString::number(rq.virtualNodes > 0 ? rq.virtualNodes : defaults::kVirtualNodes));
            warnings << Diagnostic::make(
                Severity::Warning, QStringLiteral("plan.ring-conversion"),
                msg("database algorithm '%1' (%2) becomes a CONSISTENT_HASH ring: this first "
                    "move remaps most keys; later node changes move only the arcs taken over",
                    {a, def->type}),
                {},
                def->type == QLatin1String("INLINE")
                    ? msg("the algorithm-expression of '%1' is ignored by the ring: keys are placed by CRC32 "
                          "on the ring, not by the expression",
                          {target})
                    : msg("the sharding-count/divisor props of '%1' are ignored by the ring", {target}));
        } else {
            oldVnodes = defaults::virtualNodesOf(*def);
            if (rq.virtualNodes > 0)
                p.setAlgorithmProp(a, QStringLiteral("virtual-nodes"), QString::number(rq.virtualNodes));
        }
    }
    Text widenError;
    if (!builder::widenDataNodes(input.config, algos, nodes, &p, &widenError)) {
        out.fail(widenError);
        return out;
    }
    if (!p.ok()) {
        out.fail(p.errorTexts().first());
        return out;
    }
    if (!builder::loadNew(p.text(), input.configPath, &next)) {
        out.fail(next.errorText);
        return out;
    }
    ExpansionPlan plan = builder::header(input, id(), next);
    QList<Text> what;
    if (!added.isEmpty())
        what << msg("add %1", {added.join(QLatin1Char(','))});
    if (!rq.removeNodes.isEmpty())
        what << msg("remove %1", {rq.removeNodes.join(QLatin1Char(','))});
    if (rq.virtualNodes > 0)
        what << msg("virtual nodes %1 -> %2", {oldVnodes, rq.virtualNodes});
    plan.setDescription(
        msg("ring of %1 -> %2 nodes (%3)", {oldDs.size(), nodes.size(), joined(what, QStringLiteral(", "))}));
    plan.request.addNodes = added;
    builder::fillMoves(input, next, MoveAnalysisOptions{}, &plan);
    plan.warnings = warnings + plan.warnings;
    plan.steps = builder::copySteps(input, next, plan);
    plan.addAssumption(msg("moved arcs are exact CRC32 ranges of the old and new rings; row shares assume "
                           "keys hash uniformly over the ring"));
    out.plan = plan;
    return out;
}

} // namespace sp::planning
