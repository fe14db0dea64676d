#include "core/planning/ModDoubleStrategy.h"

#include "core/planning/PlanBuilder.h"

namespace sp::planning {

Text ModDoubleStrategy::summary() const
{
    return msg("modulo doubling: N -> 2N databases, rows with hash % 2N >= N move from db i to db i+N");
}

static QString algoTypes(const ShardingConfig &c)
{
    QStringList types;
    for (const QString &a : builder::databaseAlgorithms(c, nullptr))
        if (const AlgorithmDef *d = c.algorithm(a); d && !types.contains(d->type))
            types << d->type;
    return types.join(QLatin1Char('/'));
}

PlanOutcome ModDoubleStrategy::plan(const PlanInput &input) const
{
    PlanOutcome out;
    const int n = int(builder::shardedDataSources(input.config).size());
    if (n < 1) {
        out.fail(msg("the config has no sharded data sources"));
        return out;
    }
    if (input.request.toCount != 0 && input.request.toCount != 2 * n) {
        out.fail(msg("mod-double goes from %1 to %2 databases; use --strategy remap for %1 -> %3",
                     {n, 2 * n, input.request.toCount}));
        return out;
    }
    Diagnostics warnings;
    const NewConfig next = builder::patchDatabaseCount(input, 2 * n, &warnings);
    if (!next.ok()) {
        out.fail(next.errorText);
        return out;
    }
    ExpansionPlan plan = builder::header(input, id(), next);
    plan.request.toCount = 2 * n;
    plan.setDescription(
        msg("%1 -> %2 databases by modulo doubling (%3)", {n, 2 * n, algoTypes(input.config)}));
    MoveAnalysisOptions opt;
    opt.modDoubleForm = true;
    builder::fillMoves(input, next, opt, &plan);
    plan.warnings = warnings + plan.warnings;
    plan.steps = builder::copySteps(input, next, plan);
    plan.addAssumption(
        msg("each source node holds only rows its old route selects (the linter and T5 verify this)"));
    plan.addAssumption(builder::uniformHashAssumption());
    out.plan = plan;
    return out;
}

} // namespace sp::planning
