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

// How one physical table was sampled (RowSampler): every row read with probability `rate`
// (seeded, so the same data gives the same sample), and whether the table was read to its end.
// With both, a pair's rows are estimated from the sampled rows alone (k / rate), whatever the
// snapshot's TABLE_ROWS says.
struct SampledNode
{
    double rate = 0;
    bool complete = false;
};

// Everything a strategy needs. `snapshot` (optional) gives per-node rows/bytes/AUTO_INCREMENT;
// `keySamples` (optional) holds sharding-key values per logic table sampled from the cluster, one
// per sampled row, and `sampledNodes` how each physical table was sampled.
struct PlanInput
{
    QString configPath;
    QByteArray configText;
    ShardingConfig config;
    std::optional<ClusterSnapshot> snapshot;
    QMap<QString, QStringList> keySamples;
    QMap<DataNode, SampledNode> sampledNodes;
    // Rows-weighted mean rows per distinct sharding key (sum c_k^2 / sum c_k over the keys' row counts
    // c_k), per logic table, where it is known (1 for a unique sharding key). Rows sharing a key move
    // together, so the error of a key-share estimate grows with it: var = p(1-p) sum c_k^2 =
    // rows x m x p(1-p). Without it a key-share estimate states no bound: the mean rows per key of
    // index statistics says nothing about how many rows the busiest keys hold.
    QMap<QString, double> rowsPerKey;
    // SHOW CREATE TABLE of existing data nodes (a live plan gathers it in core/live): the tables
    // create.sql makes on new data sources get their source's definition. Empty offline.
    QMap<DataNode, QString> tableDdl;
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

// Convenience: create the strategy for input.request.strategy and plan. Refuses a config or request
// with a name holding a control or bidi character (sp::unsafeNames), a misconfigured algorithm, and
// new urls that point at an existing data source's schema (newUrlProblem).
PlanOutcome makePlan(const PlanInput &input);

// Why the urls given for new data sources cannot be used: one is not a MySQL/MariaDB url, points at
// the schema of an existing data source (same host, port and schema; loopback names are one host,
// schema names compared without case), or two new ones share a schema. Empty when they are fine.
// Urls given for existing data sources are not looked at.
Text newUrlProblem(const ShardingConfig &config, const QMap<QString, QString> &newUrls);

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
