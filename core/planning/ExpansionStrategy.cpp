#include "core/planning/ExpansionStrategy.h"

#include "core/planning/DualMasterStrategy.h"
#include "core/planning/ModDoubleStrategy.h"
#include "core/planning/RemapStrategy.h"
#include "core/planning/RingStrategy.h"

#include "core/routing/Algorithm.h"

namespace sp::planning {

std::unique_ptr<ExpansionStrategy> ExpansionStrategy::create(StrategyId id)
{
    switch (id) {
    case StrategyId::ModDouble: return std::make_unique<ModDoubleStrategy>();
    case StrategyId::Remap: return std::make_unique<RemapStrategy>();
    case StrategyId::DualMaster: return std::make_unique<DualMasterStrategy>();
    case StrategyId::Ring: return std::make_unique<RingStrategy>();
    }
    return nullptr;
}

PlanOutcome makePlan(const PlanInput &input)
{
    auto s = ExpansionStrategy::create(input.request.strategy);
    if (!s) {
        PlanOutcome out;
        out.fail(msg("unknown strategy"));
        return out;
    }
    // A misconfigured algorithm (sharding-count 0, -4, abc, 1e9 on MOD) routes nothing the way the
    // file says: planning on it planned zero moves and rewrote the count. Refuse, naming the
    // property's line and column.
    for (const AlgorithmDef &def : input.config.algorithms) {
        const QString error = createAlgorithm(def)->configurationError();
        if (error.isEmpty())
            continue;
        SourceLocation where = def.location;
        for (auto it = def.propLocations.cbegin(); it != def.propLocations.cend(); ++it)
            if (error.contains(it.key()) && it.value().isValid())
                where = it.value();
        if (where.file.isEmpty())
            where.file = input.configPath;
        PlanOutcome out;
        out.fail(msg("%1: algorithm '%2' (%3) is misconfigured: %4; fix it before planning",
                     {where.toString(), def.name, def.type, error}));
        return out;
    }
    return s->plan(input);
}

} // namespace sp::planning
