#pragma once
#include "core/cluster/Inspector.h"
#include "core/live/ExactCounter.h"
#include "core/planning/ExpansionStrategy.h"
#include "core/planning/WhatIf.h"

#include <functional>
#include <optional>

namespace sp {
class JobControl;
}

namespace sp::planning {

// What `shardctl plan` and the expansion wizard ask of a live cluster, in one place: inspect it
// (optionally with exact counts), assemble the input (key statistics, spare sandbox urls), draw a
// row sample, compare the strategies and/or plan one, count the plan's pairs exactly.
struct LivePlanOptions
{
    bool live = false;        // inspect the cluster (row counts, key statistics)
    bool exact = false;       // exact COUNT(*) per table and per moving pair (implies live)
    int samplePerTable = 0;   // > 0: estimate each pair from a random row sample (needs live)
    bool compare = false;     // WhatIf comparison of the three strategies
    bool plan = true;         // plan request.strategy
    InspectionOptions inspect;
    // A snapshot the caller already has (the console's last refresh): used instead of inspecting
    // again; with `live` the key statistics are still read from the cluster.
    std::optional<ClusterSnapshot> snapshot;
    // Progress lines while the cluster is inspected (done, total); optional.
    std::function<void(int done, int total)> inspectProgress;
};

struct LivePlanResult
{
    // A usage-level problem (bad file, --sample without the live cluster): the caller stops.
    QString error;
    std::optional<ClusterSnapshot> snapshot;
    std::optional<PlanInput> input;
    std::optional<WhatIfReport> whatIf;
    std::optional<ExpansionPlan> plan;
    QString planError;                     // makePlan's error when it made none
    std::optional<ExactCountResult> exact; // with options.exact and a plan
    // In the order they happened: inspection notes, unreachable servers, input notes, sample notes.
    QStringList notes;
    QList<Text> noteTexts; // the same notes for the console (a server's own words stay as they are)
    bool cancelled = false;
};

// Blocking (run it as a job off the UI thread); `job` (optional) cancels the inspection, the
// sample and the exact counts, and gets their progress.
LivePlanResult runLivePlan(const QString &configPath, const ShardingConfig &config, const PlanRequest &request,
                           const LivePlanOptions &options, JobControl *job = nullptr);

} // namespace sp::planning
