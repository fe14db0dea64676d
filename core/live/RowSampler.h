#pragma once
#include "core/cluster/Inspector.h"

#include <QMap>
#include <QStringList>

#include <atomic>

namespace sp::planning {

struct RowSampleResult
{
    QMap<QString, QStringList> keys; // logic table -> sharding values, one per sampled row
    QStringList notes;               // tables skipped, nodes that failed (one line each)
    bool cancelled = false;
};

// Draws a uniform random sample of rows (not of keys) from every sharded logic table of a live
// cluster and keeps their sharding values, so a hot key weighs as much as its rows do. Each
// physical table is read once with `SELECT col FROM t WHERE RAND() < p`, p = perTable / total rows
// of the logic table (from the snapshot), streamed in constant memory and capped at 4 x perTable
// values per logic table. Tables routed on more than one column are skipped (noted). Blocking,
// bounded by the options' timeouts and max_statement_time; `cancel` is checked between rows.
class RowSampler final
{
public:
    static RowSampleResult run(const ShardingConfig &config, const ClusterSnapshot &snapshot, int perTable,
                               const InspectionOptions &options, const std::atomic<bool> *cancel = nullptr);
};

} // namespace sp::planning
