#pragma once
#include "core/planning/ExpansionStrategy.h"

namespace sp::planning {

// any N -> M by comparing old and new routes; SQL predicates where both sides have one
class RemapStrategy final : public ExpansionStrategy
{
public:
    StrategyId id() const override { return StrategyId::Remap; }
    Text summary() const override;
    PlanOutcome plan(const PlanInput &input) const override;
};

} // namespace sp::planning
