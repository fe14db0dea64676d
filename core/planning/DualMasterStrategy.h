#pragma once
#include "core/planning/ExpansionStrategy.h"

namespace sp::planning {

// pair each instance with a replica, switch %N -> %2N, cut replication, purge each half (docs/design.md,
// "Expansion strategies")
class DualMasterStrategy final : public ExpansionStrategy
{
public:
    StrategyId id() const override { return StrategyId::DualMaster; }
    Text summary() const override;
    PlanOutcome plan(const PlanInput &input) const override;
};

} // namespace sp::planning
