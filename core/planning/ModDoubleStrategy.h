#pragma once
#include "core/planning/ExpansionStrategy.h"

namespace sp::planning {

// N -> 2N databases for modulo routing; exactly the rows with hash % 2N >= N move from i to i+N
class ModDoubleStrategy final : public ExpansionStrategy
{
public:
    StrategyId id() const override { return StrategyId::ModDouble; }
    Text summary() const override;
    PlanOutcome plan(const PlanInput &input) const override;
};

} // namespace sp::planning
