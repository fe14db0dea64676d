#pragma once
#include "core/cluster/Inspector.h"
#include "core/planning/ExpansionStrategy.h"

#include <optional>

namespace sp::planning {

struct PlanInputOptions
{
    // Query the live cluster for the mean rows per sharding key of each logic table (index
    // statistics), which widens the estimates' error bounds. Blocking: off the GUI thread.
    bool liveKeyStats = false;
    // Read SHOW CREATE TABLE of the existing nodes (TableDdl) so create.sql creates the new tables
    // with their source's definition. Blocking, like liveKeyStats.
    bool liveTableDdl = false;
    InspectionOptions inspect; // connection settings for live queries
};

// Assembles the PlanInput that `shardctl plan` and the expansion wizard both use, so the two make
// the same plan from the same config, snapshot and request: reads `configPath` (the bytes the plan
// hashes and patches) and copies the rest. Empty with `error` set when the file cannot be read.
// With options.liveKeyStats and a snapshot, fills rowsPerKey from index statistics (KeyStats:
// bounded by the connect/read timeouts, unreachable servers skipped); `notes` (optional) receives
// one line per assumption made or problem met, for the caller to show.
std::optional<PlanInput> buildPlanInput(const QString &configPath, const ShardingConfig &config,
                                        const std::optional<ClusterSnapshot> &snapshot,
                                        const PlanRequest &request, const PlanInputOptions &options,
                                        QString *error, QStringList *notes = nullptr);

} // namespace sp::planning
