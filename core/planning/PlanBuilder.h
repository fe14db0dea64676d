#pragma once
#include "core/planning/ExpansionStrategy.h"
#include "core/planning/MoveAnalysis.h"

#include <QHash>

namespace sp {
class ConfigPatch;
}

namespace sp::planning {

// The patched config of an expansion: text, model and the data sources it adds or removes.
struct NewConfig
{
    QByteArray text;
    ShardingConfig config;
    QList<DataSourceChange> changes;
    QString error;
    Text errorText;
    bool ok() const { return error.isEmpty(); }
    void fail(const Text &why)
    {
        error = why.text;
        errorText = why;
    }
};

// Shared machinery of the strategies (not a strategy itself).
namespace builder {

// The broadcast table names, case-folded.
QSet<QString> broadcastNames(const ShardingConfig &config);
// The algorithms named by the tables' effective table strategies.
QSet<QString> tableLevelAlgorithms(const ShardingConfig &config);
// Data sources used by sharded (non-broadcast) tables, in first-use order.
QStringList shardedDataSources(const ShardingConfig &config);
// The database-level algorithms of the sharded tables (names), and whether one of them is also
// used at the table level.
QStringList databaseAlgorithms(const ShardingConfig &config, bool *sharedWithTables);
// "db" for db0..db3 (names must be prefix + contiguous index); empty when they are not.
QString indexedPrefix(const QStringList &names);
// Url for a new data source: from the request (a sandbox's spare instances are put there by
// buildPlanInput), never guessed; empty when the request has none. A guess pointed the new data
// sources at an existing one's schema, so create.sql wrote into a live database.
QString urlFor(const PlanInput &input, const QString &name);
// The url new-config.yaml holds for a data source without one: loads, never resolves.
QString missingUrlPlaceholder(const QString &name);
// The plan.url-missing warning naming the data sources that need --url.
Diagnostic missingUrls(const QStringList &names);
// The assumption behind every estimate from key shares (mod-double, remap).
Text uniformHashAssumption();

// Loads `text` as the new config; error when it does not load cleanly.
bool loadNew(const QByteArray &text, const QString &path, NewConfig *out);

// N -> M databases for modulo algorithms: data sources added/removed, sharding-count on the
// database-level algorithms, actualDataNodes widened.
NewConfig patchDatabaseCount(const PlanInput &input, int newCount, Diagnostics *warnings);

// Rewrites the data-source part of actualDataNodes to `names` for every sharded table routed by one
// of the database algorithms `algos` (tables kept on one data source without a database strategy,
// or with another algorithm, stay). False with `error` when an expression cannot be rewritten.
bool widenDataNodes(const ShardingConfig &config, const QStringList &algos, const QStringList &names,
                    ConfigPatch *patcher, Text *error);

// Fills tables/pairs/estimates/creates/checks of `plan` by comparing old and new configs.
void fillMoves(const PlanInput &input, const NewConfig &next, const MoveAnalysisOptions &options,
               ExpansionPlan *plan);
// The plan header (format, source hash, request, new config text).
ExpansionPlan header(const PlanInput &input, StrategyId id, const NewConfig &next);
// Copy-based runbook T0..T9 (mod-double, remap, ring).
QList<PlanStep> copySteps(const PlanInput &input, const NewConfig &next, const ExpansionPlan &plan);

QString schemaOf(const ShardingConfig &config, const QString &dataSource, const QString &fallbackUrl = {});
// schemaOf() for every data source of one config, worked out once (plans ask per move pair).
class Schemas final
{
public:
    explicit Schemas(const ShardingConfig &config);
    QString operator()(const QString &dataSource) const;

private:
    const ShardingConfig &m_config;
    QHash<QString, QString> m_schema;
};
QString qualified(const QString &schema, const QString &table); // `schema`.`table`
// "host:port" with loopback names folded into one, to tell whether two data sources share a server.
QString instanceKey(const QString &host, int port);
// The CREATE TABLE of SHOW CREATE TABLE `ddl` for `schema`.`table` (IF NOT EXISTS); empty when
// `ddl` is empty or not a CREATE TABLE statement.
QString retargetDdl(const QString &ddl, const QString &schema, const QString &table);

} // namespace builder
} // namespace sp::planning
