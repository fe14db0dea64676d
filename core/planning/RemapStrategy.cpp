#include "core/planning/RemapStrategy.h"

#include "core/planning/PlanBuilder.h"

namespace sp::planning {

QString RemapStrategy::summary() const
{
    return QStringLiteral("general N -> M remap: moves every row whose old and new routes differ");
}

PlanOutcome RemapStrategy::plan(const PlanInput &input) const
{
    PlanOutcome out;
    const int n = int(builder::shardedDataSources(input.config).size());
    const int m = input.request.toCount;
    if (m < 1) {
        out.error = QStringLiteral("remap needs --to N (the new database count)");
        return out;
    }
    if (m == n) {
        out.error = QStringLiteral("the config already has %1 databases").arg(n);
        return out;
    }
    Diagnostics warnings;
    const NewConfig next = builder::patchDatabaseCount(input, m, &warnings);
    if (!next.ok()) {
        out.error = next.error;
        return out;
    }
    ExpansionPlan plan = builder::header(input, id(), next);
    plan.description = QStringLiteral("%1 -> %2 databases by remapping every key").arg(n).arg(m);
    MoveAnalysisOptions opt;
    opt.includeOldTerm = true;
    builder::fillMoves(input, next, opt, &plan);
    plan.warnings = warnings + plan.warnings;
    if (m < n)
        plan.warnings << Diagnostic{Severity::Info, QStringLiteral("plan.sources-retired"),
                                    QStringLiteral("data sources beyond %1 stay defined until their rows are purged; "
                                                   "remove them from the config afterwards").arg(m),
                                    {}, {}};
    plan.steps = builder::copySteps(input, next, plan);
    plan.assumptions << QStringLiteral("predicates state both routes (old = i AND new = j), so they hold even on a "
                                       "source with stray rows")
                     << QStringLiteral("expected shares assume keys hash uniformly; estimated rows carry a +-2 sigma "
                                       "binomial bound, widened by 50% of the rows where the snapshot has TABLE_ROWS "
                                       "estimates instead of exact counts");
    out.plan = plan;
    return out;
}

} // namespace sp::planning
