#pragma once
#include "core/config/ShardingConfig.h"

// Defaults of the algorithm properties we evaluate, in one place: the evaluators, the planner, the
// exporters and both front ends read them from here.
namespace sp::defaults {

inline constexpr int kVirtualNodes = 160;      // CONSISTENT_HASH virtual-nodes when unset
inline constexpr int kMaxVirtualNodes = 10000; // CONSISTENT_HASH virtual-nodes accepted at most
inline constexpr int kDivisor = 1;             // CRC32_MOD divisor when unset
inline constexpr int kStartOffset = 0;         // MOD start-offset when unset
inline constexpr int kStopOffset = 0;          // MOD stop-offset when unset
inline constexpr bool kZeroPadding = false;    // MOD zero-padding when unset

// The virtual-node count a CONSISTENT_HASH definition routes with: its virtual-nodes property, or
// kVirtualNodes when that is unset or invalid (the linter reports invalid values).
int virtualNodesOf(const AlgorithmDef &def);

} // namespace sp::defaults
