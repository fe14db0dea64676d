#include "core/planning/ModDoubleStrategy.h"

#include "core/planning/PlanBuilder.h"

namespace sp::planning {

QString ModDoubleStrategy::summary() const
{
    return QStringLiteral("modulo doubling: N -> 2N databases, rows with hash % 2N >= N move from db i to db i+N");
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
        out.error = QStringLiteral("the config has no sharded data sources");
        return out;
    }
    if (input.request.toCount != 0 && input.request.toCount != 2 * n) {
        out.error = QStringLiteral("mod-double goes from %1 to %2 databases; use --strategy remap for %1 -> %3")
                        .arg(n)
                        .arg(2 * n)
                        .arg(input.request.toCount);
        return out;
    }
    Diagnostics warnings;
    const NewConfig next = builder::patchDatabaseCount(input, 2 * n, &warnings);
    if (!next.ok()) {
        out.error = next.error;
        return out;
    }
    ExpansionPlan plan = builder::header(input, id(), next);
    plan.request.toCount = 2 * n;
    plan.description = QStringLiteral("%1 -> %2 databases by modulo doubling (%3)").arg(n).arg(2 * n).arg(algoTypes(input.config));
    MoveAnalysisOptions opt;
    opt.modDoubleForm = true;
    builder::fillMoves(input, next, opt, &plan);
    plan.warnings = warnings + plan.warnings;
    plan.steps = builder::copySteps(input, next, plan);
    plan.assumptions << QStringLiteral("each source node holds only rows its old route selects (the linter and T5 verify this)")
                     << QStringLiteral("expected shares assume keys hash uniformly; estimated rows carry a +-2 sigma "
                                       "binomial bound, widened by 50% of the rows where the snapshot has TABLE_ROWS "
                                       "estimates instead of exact counts");
    out.plan = plan;
    return out;
}

} // namespace sp::planning
