#pragma once
#include "core/planning/PlanBuilder.h"

namespace sp::planning {

// Stable warning codes of a plan (scripts match on them):
//   plan.binding-split       tables of one binding group would move with different predicates
//   plan.binding-together    (info) a binding group moves together
//   plan.broadcast-copy      (info) broadcast tables are copied whole to the new data sources
//   plan.autoinc-collision   rows from several sources merge into one target with overlapping ids
//   plan.autoinc-unknown     merges happen but AUTO_INCREMENT values are unknown (offline)
//   plan.autoinc-carry       (info) targets must continue AUTO_INCREMENT above the source's
//   plan.client-side         no SQL predicate (HASH_MOD/INLINE): rows are routed one by one
//   plan.capacity            a node would exceed the row limit after the expansion
//   plan.capacity-ok         (info) largest node after the expansion versus the limit
//   plan.pk-unchecked        primary keys are checked at execution (chunking needs one)
//   plan.unroutable          keys the new config routes nowhere
class PlanChecks final
{
public:
    static void run(const PlanInput &input, const NewConfig &next, ExpansionPlan *plan);
    // The plan.capacity / plan.capacity-ok finding from the snapshot's rows and each pair's best
    // figure (exact counts where counted): run() adds it, and it is refreshed in place after exact
    // counts (`shardctl plan --exact`, the wizard's "Count exactly").
    static void refreshCapacity(const PlanInput &input, ExpansionPlan *plan);
};

} // namespace sp::planning
