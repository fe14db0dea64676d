#pragma once
#include "core/analysis/Linter.h"

#include <QHash>
#include <QMap>
#include <QSet>
#include <QStringList>

namespace sp::lint {

// What every rule group sees: the model, the options and the list findings are appended to.
class LintContext final
{
public:
    LintContext(const ShardingConfig &config, const LintOptions &options);

    const ShardingConfig &config() const { return m_config; }
    const LintOptions &options() const { return m_options; }
    Diagnostics takeDiagnostics() { return std::move(m_diagnostics); }

    void add(Severity severity, const QString &code, const Text &message, const SourceLocation &location,
             const Text &hint = {});

    // The location to report a finding about a table: its own key, else the file.
    SourceLocation tableLocation(const TableRule &table) const;
    SourceLocation strategyLocation(const StrategyDef &strategy, const TableRule &table) const;
    SourceLocation fileLocation() const;

    // The config's lookups, hashed once (ShardingConfig's own scan their lists: a rule asking
    // once per table would be quadratic in the number of tables).
    const TableRule *table(const QString &logicTable) const { return m_lookup.table(logicTable); }
    bool isBroadcast(const QString &logicTable) const { return m_lookup.isBroadcast(logicTable); }
    bool hasDataSource(const QString &name) const { return m_lookup.dataSource(name) != nullptr; }

private:
    const ShardingConfig &m_config;
    const LintOptions &m_options;
    Diagnostics m_diagnostics;
    ConfigLookup m_lookup;
};

// Distinct data sources of a table's data nodes, in first-seen order.
QStringList dataSourcesOf(const TableRule &table);
// Actual tables per data source, in data-node order.
QMap<QString, QStringList> tablesPerDataSource(const TableRule &table);
// All distinct actual table names of a table, in data-node order.
QStringList actualTablesOf(const TableRule &table);
// "a, b, c, … (+N more)" for messages that must stay one line.
Text joinLimited(const QStringList &items, int limit = 8);
// Two algorithm definitions compute the same function (same type and properties).
bool sameAlgorithm(const AlgorithmDef &a, const AlgorithmDef &b);
// The type upper-cased and trimmed, as createAlgorithm() reads it.
QString algorithmType(const AlgorithmDef &def);
// "HASH_MOD, sharding-count 4" for messages.
QString describeAlgorithm(const AlgorithmDef &def);
bool isStrategyUsable(const StrategyDef &s); // standard, complex or hint: something picks a target

// Every strategy written in the file (tables' own and the defaults), with who owns it.
struct StrategyUse
{
    const StrategyDef *strategy = nullptr;
    const TableRule *table = nullptr; // null for the default strategies
    Text level;                       // "database", "table", "sharding", "default database", ...
};
QList<StrategyUse> writtenStrategies(const ShardingConfig &config);
// "the database strategy of t_order", "the default table strategy".
Text strategyOwner(const StrategyUse &use);

} // namespace sp::lint
