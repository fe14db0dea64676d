#include "core/planning/ExpansionStrategy.h"

#include "core/planning/DualMasterStrategy.h"
#include "core/planning/ModDoubleStrategy.h"
#include "core/planning/RemapStrategy.h"
#include "core/planning/RingStrategy.h"

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
    return s->plan(input);
}

} // namespace sp::planning
