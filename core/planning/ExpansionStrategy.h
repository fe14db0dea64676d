#pragma once
#include "core/cluster/ClusterStats.h"
#include "core/config/ShardingConfig.h"
#include "core/planning/ExpansionPlan.h"

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace sp::planning {

// Everything a strategy needs. `snapshot` (optional) gives per-node rows/bytes/AUTO_INCREMENT;
// `keySamples` (optional) holds sharding-key values per logic table sampled from the cluster.
struct PlanInput
{
    QString configPath;
    QByteArray configText;
    ShardingConfig config;
    std::optional<ClusterSnapshot> snapshot;
    QMap<QString, QStringList> keySamples;
    // Rows-weighted mean rows per distinct sharding key (sum c_k^2 / sum c_k over the keys' row counts
    // c_k), per logic table; 1 when absent. Rows sharing a key move together, so the error of an
    // estimate grows with it: var = p(1-p) sum c_k^2 = rows x m x p(1-p).
    QMap<QString, double> rowsPerKey;
    PlanRequest request;
    // Keys routed per table whose routing has no closed form (0: the planner's default, 200k and
    // at least 48 per data node). Lower only to bound a run, as tests and fuzzing do.
    int sampleKeys = 0;
};

struct PlanOutcome
{
    std::optional<ExpansionPlan> plan;
    QString error;  // one line: why no plan could be made
    Text errorText; // `error` as template and arguments (set both with fail())

    void fail(const Text &why)
    {
        error = why.text;
        errorText = why;
    }
};

// One expansion strategy. Pure: text and values in, a plan out.
class ExpansionStrategy
{
public:
    virtual ~ExpansionStrategy() = default;
    virtual StrategyId id() const = 0;
    virtual Text summary() const = 0;
    virtual PlanOutcome plan(const PlanInput &input) const = 0;

    static std::unique_ptr<ExpansionStrategy> create(StrategyId id);
};

// Convenience: create the strategy for input.request.strategy and plan.
PlanOutcome makePlan(const PlanInput &input);

// Today's sharded data sources (config order) and the names of the new ones up to `count` in all,
// continuing their <prefix><index> numbering (db0..db3 -> db4..db7). `added` stays empty when the
// names are not numbered so; the front ends then ask for the names.
struct DataSourceNames
{
    QStringList current;
    QStringList added;
};
DataSourceNames dataSourceNames(const ShardingConfig &config, int count);

} // namespace sp::planning
