#pragma once
#include "core/cluster/Inspector.h"
#include "core/planning/ExpansionStrategy.h"

#include <optional>

namespace sp::planning {

struct PlanInputOptions
{
    // Query the live cluster's index statistics: a unique sharding key gives the key-share estimates
    // of its table a bound. Blocking: off the GUI thread.
    bool liveKeyStats = false;
    // Read SHOW CREATE TABLE of the existing nodes (TableDdl) so create.sql creates the new tables
    // with their source's definition. Blocking, like liveKeyStats.
    bool liveTableDdl = false;
    InspectionOptions inspect; // connection settings for live queries
};

// Assembles the PlanInput that `shardctl plan` and the expansion wizard both use, so the two make
// the same plan from the same config, snapshot and request: reads `configPath` (the bytes the plan
// hashes and patches) and copies the rest. Empty with `error` set when the file cannot be read.
// With options.liveKeyStats and a snapshot, reads index statistics (KeyStats: bounded by the
// connect/read timeouts, unreachable servers skipped) and sets rowsPerKey to 1 for the tables whose
// sharding column is unique (their key-share estimates get a bound); `notes` (optional) receives
// one line per assumption made or problem met, for the caller to show, and `noteTexts` the same
// sentences for the console.
std::optional<PlanInput> buildPlanInput(const QString &configPath, const ShardingConfig &config,
                                        const std::optional<ClusterSnapshot> &snapshot,
                                        const PlanRequest &request, const PlanInputOptions &options,
                                        QString *error, QStringList *notes = nullptr,
                                        QList<Text> *noteTexts = nullptr);

} // namespace sp::planning
