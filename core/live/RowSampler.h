#pragma once
#include "core/cluster/Inspector.h"
#include "core/config/Text.h"
#include "core/planning/ExpansionStrategy.h"

#include <QMap>
#include <QStringList>

#include <atomic>

namespace sp::planning {

struct RowSampleResult
{
    QMap<QString, QStringList> keys;     // logic table -> sharding values, one per sampled row
    QMap<DataNode, SampledNode> nodes;   // every physical table read: its rate, read to its end or not
    QStringList notes;                   // tables skipped, nodes that failed (one line each)
    QList<Text> noteTexts;               // the same notes for the console
    bool cancelled = false;
};

// Draws a uniform random sample of rows (not of keys) from every sharded logic table of a live
// cluster and keeps their sharding values, so a hot key weighs as much as its rows do. Each
// physical table is read once with `SELECT col FROM t WHERE RAND(seed) < p`, p = perTable / total
// rows of the logic table (from the snapshot), streamed in constant memory and capped at
// 4 x perTable values per logic table (a table the cap cuts short is not complete). RAND is seeded
// per physical table (from `seed` and its name), so the same data gives the same sample: the
// console and `shardctl plan --sample` make the same plan. Tables routed on more than one column
// are skipped (noted). Blocking, bounded by the options' timeouts and max_statement_time;
// `cancel` is checked between rows.
class RowSampler final
{
public:
    static constexpr quint32 kDefaultSeed = 20261201;

    static RowSampleResult run(const ShardingConfig &config, const ClusterSnapshot &snapshot, int perTable,
                               const InspectionOptions &options, const std::atomic<bool> *cancel = nullptr,
                               quint32 seed = kDefaultSeed);
    // The RAND() seed of one physical table.
    static quint32 seedFor(const DataNode &node, quint32 seed = kDefaultSeed);
};

} // namespace sp::planning
