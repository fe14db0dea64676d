#pragma once
#include "core/planning/ExpansionStrategy.h"

namespace sp::planning {

// consistent-hash ring: add or remove nodes or change virtual nodes; moved arcs as CRC32 ranges
class RingStrategy final : public ExpansionStrategy
{
public:
    StrategyId id() const override { return StrategyId::Ring; }
    Text summary() const override;
    PlanOutcome plan(const PlanInput &input) const override;
};

} // namespace sp::planning
