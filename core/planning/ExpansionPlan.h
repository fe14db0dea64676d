#pragma once
#include "core/config/Diagnostic.h"
#include "core/config/ShardingConfig.h"
#include "core/planning/MovePredicate.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace sp::planning {

inline constexpr const char *kPlanFormat = "shardpilot-plan/1";

enum class StrategyId { ModDouble, Remap, DualMaster, Ring };
QString strategyName(StrategyId s); // "mod-double", "remap", "dual-master", "ring"
std::optional<StrategyId> strategyFromName(const QString &name);

// What the user asked for. Unused fields stay at their defaults.
struct PlanRequest
{
    StrategyId strategy = StrategyId::ModDouble;
    int toCount = 0;               // remap: new database count (mod-double: 2N when 0)
    QStringList addNodes;          // ring
    QStringList removeNodes;       // ring
    int virtualNodes = 0;          // ring: new virtual-node count (0 = unchanged)
    QMap<QString, QString> newUrls; // data source name -> jdbc url of new instances (never guessed)
    qint64 rowLimit = 30000000;    // comfort limit per physical table
};

// Where the estimate of a pair comes from.
enum class EstimateBasis { None, Snapshot, KeySample };
QString basisName(EstimateBasis b);

// One (source data node -> target data node) move of one logic table.
struct MovePair
{
    DataNode source;
    DataNode target;
    MovePredicate predicate;
    double share = 0;               // expected fraction of the source node's rows that move here
    qint64 sourceRows = -1;         // rows of the source node (snapshot), -1 unknown
    qint64 sourceBytes = -1;
    qint64 estimatedRows = -1;      // share x sourceRows (or from a key sample)
    qint64 estimatedBytes = -1;
    qint64 errorRows = -1;          // +- bound (3 sigma) of the estimate; -1: no bound can be stated
    EstimateBasis basis = EstimateBasis::None;
    std::optional<qint64> exactRows; // COUNT(*) with the predicate, when asked for

    // The best figure known: the exact count when there is one, else the estimate (-1 unknown).
    qint64 rows() const { return exactRows ? *exactRows : estimatedRows; }
};

struct TablePlan
{
    QString logicTable;
    QString shardingColumn;
    bool broadcast = false;
    bool clientSide = false;        // at least one predicate has no SQL equivalent
    QString bindingGroup;           // "t_a,t_b" when the table is in a binding group
    QList<MovePair> pairs;
    QString actualDataNodesBefore;
    QString actualDataNodesAfter;
    double movedKeyShare = 0;       // fraction of the table's keys whose node changes
    double skewAfter = 0;           // max/mean per data source after the change: of rows (staying + arriving)
                                    // when the snapshot has every node's rows, else of key shares
    bool skewFromRows = false;      // skewAfter is of rows (false: of key shares)
    QStringList skewRowsMissing;    // with a snapshot: the data sources without a row count that made
                                    // skewAfter fall back to key shares (an instance down), sorted
};

// A schema/table to create on a new data source, with the definition of `ddlFrom` (same logic
// table on an existing node). `ddl`: the CREATE TABLE statement for the new table, made from the
// source's SHOW CREATE TABLE by a live plan (empty offline: then create.sql says so, and uses
// CREATE TABLE ... LIKE only where source and target are on the same instance).
struct CreateSpec
{
    QString dataSource;
    QString url;        // password redacted
    QString schema;
    QString table;
    DataNode ddlFrom;
    QString ddl;
};

// Where a data source of the plan lives (the old ones and the new ones): what the exported scripts
// connect to. Never a password: the scripts read credentials from MySQL option files.
struct PlanDataSource
{
    QString name;
    QString host;      // empty: unknown (a new data source without a url)
    int port = 3306;
    QString schema;
    QString username;
    bool added = false;   // new in this plan
    bool removed = false; // retired by this plan
};

// One operator step of the runbook, in order.
struct PlanStep
{
    QString phase;       // T0..T9 or a strategy-specific label
    QString title;
    QString detail;
    QString dataSource;  // where the SQL runs; empty for non-SQL steps
    QStringList sql;
    bool destructive = false;
    // The SQL has placeholders (<pk>, <keys routed to ...>): a template for people, not something
    // a script can run (exported scripts leave it as a comment).
    bool templated = false;
    // title and detail as template and arguments, for the console (in plan.json as titleText and
    // detailText, so a plan read back is shown translated; not compared)
    Text titleText;
    Text detailText;

    static PlanStep make(const QString &phase, const Text &title, const Text &detail,
                         const QString &dataSource, const QStringList &sql, bool destructive = false);
    PlanStep &asTemplate()
    {
        templated = true;
        return *this;
    }
};

struct DataSourceChange
{
    QString name;
    QString url;
    bool added = true; // false: removed
};

struct ExpansionPlan
{
    QString format = QLatin1String(kPlanFormat);
    QDateTime createdAt;          // UTC
    StrategyId strategy = StrategyId::ModDouble;
    PlanRequest request;
    QString description;          // "4 -> 8 databases (CRC32_MOD)"
    QString sourcePath;
    QString sourceSha256;         // of the old config text
    QString newConfigText;        // the patched config (comments kept), passwords replaced by
                                  // sp::kPasswordPlaceholder: "config minus secrets"
    QList<DataSourceChange> dataSourceChanges; // urls with passwords redacted; empty: not given
    QList<PlanDataSource> dataSources;         // every data source the plan touches, old and new
    QList<TablePlan> tables;
    QList<CreateSpec> creates;
    QList<PlanStep> steps;
    Diagnostics warnings;
    QStringList assumptions;      // how estimates were made, write-stop assumptions
    QString estimateSource;       // "snapshot 2026-11-29T18:00:00Z", "none (offline)", ...
    // description, assumptions and estimateSource as templates and arguments, for the console (in
    // plan.json beside the English fields, so a plan read back is shown translated; not compared);
    // set through the setters below so the English fields match.
    Text descriptionText;
    QList<Text> assumptionTexts;
    Text estimateSourceText;

    void setDescription(const Text &t);
    void addAssumption(const Text &t);
    void setEstimateSource(const Text &t);

    qint64 totalEstimatedRows() const;  // -1 when nothing is known
    qint64 totalEstimatedBytes() const;
    // Rows that change data node (sharded tables), exact counts where counted (MovePair::rows()):
    // what `WhatIf` calls rows moved. -1 when nothing is known.
    qint64 totalMovedRows() const;
    // Rows of broadcast tables copied whole to added data sources (not moves). -1 when unknown.
    qint64 totalBroadcastRows() const;
    // Every pair of a sharded table has an exact count.
    bool movedRowsExact() const;

    QJsonObject toJson() const;
    QByteArray toJsonBytes() const;
    static std::optional<ExpansionPlan> fromJson(const QJsonObject &o, QString *error);
    static std::optional<ExpansionPlan> fromJsonBytes(const QByteArray &json, QString *error);
};

bool operator==(const MovePair &a, const MovePair &b);
bool operator==(const TablePlan &a, const TablePlan &b);
bool operator==(const CreateSpec &a, const CreateSpec &b);
bool operator==(const PlanDataSource &a, const PlanDataSource &b);
bool operator==(const PlanStep &a, const PlanStep &b);
bool operator==(const DataSourceChange &a, const DataSourceChange &b);
bool operator==(const PlanRequest &a, const PlanRequest &b);
bool operator==(const ExpansionPlan &a, const ExpansionPlan &b);

} // namespace sp::planning
