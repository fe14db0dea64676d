#include "core/planning/RemapStrategy.h"

#include "core/planning/PlanBuilder.h"

namespace sp::planning {

Text RemapStrategy::summary() const
{
    return msg("general N -> M remap: moves every row whose old and new routes differ");
}

PlanOutcome RemapStrategy::plan(const PlanInput &input) const
{
    PlanOutcome out;
    const int n = int(builder::shardedDataSources(input.config).size());
    const int m = input.request.toCount;
    if (m < 1) {
        out.fail(msg("remap needs --to N (the new database count)"));
        return out;
    }
    if (m == n) {
        out.fail(msg("the config already has %1 databases", {n}));
        return out;
    }
    Diagnostics warnings;
    const NewConfig next = builder::patchDatabaseCount(input, m, &warnings);
    if (!next.ok()) {
        out.fail(next.errorText);
        return out;
    }
    ExpansionPlan plan = builder::header(input, id(), next);
    plan.setDescription(msg("%1 -> %2 databases by remapping every key", {n, m}));
    MoveAnalysisOptions opt;
    opt.includeOldTerm = true;
    builder::fillMoves(input, next, opt, &plan);
    plan.warnings = warnings + plan.warnings;
    if (m < n)
        plan.warnings << Diagnostic::make(
            Severity::Info, QStringLiteral("plan.sources-retired"),
            msg("data sources beyond %1 stay defined until their rows are purged; "
                "remove them from the config afterwards",
                {m}));
    plan.steps = builder::copySteps(input, next, plan);
    plan.addAssumption(msg("predicates state both routes (old = i AND new = j), so they hold even on a "
                           "source with stray rows"));
    plan.addAssumption(builder::uniformHashAssumption());
    out.plan = plan;
    return out;
}

} // namespace sp::planning
