#pragma once
#include "core/config/Diagnostic.h"

#include <QHash>
#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>

namespace sp {

// One physical table on one data source: "ds.table".
struct DataNode
{
    QString dataSource;
    QString table;

    QString toString() const { return dataSource + QLatin1Char('.') + table; }
    friend bool operator==(const DataNode &a, const DataNode &b)
    {
        return a.dataSource == b.dataSource && a.table == b.table;
    }
    friend bool operator!=(const DataNode &a, const DataNode &b) { return !(a == b); }
    friend bool operator<(const DataNode &a, const DataNode &b)
    {
        return a.dataSource != b.dataSource ? a.dataSource < b.dataSource : a.table < b.table;
    }
};

struct DataSourceDef
{
    QString name;
    QString url;      // as written (jdbc:mysql://host:port/db?params)
    QString host;     // parsed from url; empty when the url could not be parsed
    int port = 3306;
    QString database; // schema name from the url
    QString username;
    QString password; // kept in memory only; exporters redact it
    bool passwordInFile = false;
    bool passwordInUrl = false; // the url carries it (user:pw@host or password=)
    // The file holds an export's placeholder (sp::isPasswordPlaceholder) where the password goes:
    // not used as a password (password stays empty), flagged by the linter.
    bool passwordPlaceholder = false;
    SourceLocation location;
};

struct AlgorithmDef
{
    QString name;
    QString type;                 // upper-cased: MOD, HASH_MOD, INLINE, CRC32_MOD, CONSISTENT_HASH, ...
    QMap<QString, QString> props; // property values as text, e.g. "sharding-count" -> "4"
    SourceLocation location;
    QMap<QString, SourceLocation> propLocations;
};

enum class StrategyKind {
    Unset,    // not written: the default strategy applies
    None,     // "none": no sharding at this level
    Standard, // one column
    Complex,  // several columns
    Hint
};

struct StrategyDef
{
    StrategyKind kind = StrategyKind::Unset;
    QStringList columns;   // one for standard, several for complex
    QString algorithmName; // key into ShardingConfig::algorithms
    SourceLocation location;

    bool isSet() const { return kind != StrategyKind::Unset; }
};

struct KeyGenerateDef
{
    QString column;
    QString generatorName;
    SourceLocation location;
};

struct KeyGeneratorDef
{
    QString name;
    QString type;
    QMap<QString, QString> props;
    SourceLocation location;
};

struct TableRule
{
    QString logicTable;
    bool autoTable = false;          // from `autoTables` (actualDataSources + shardingStrategy)
    QString actualDataNodesExpr;     // as written; empty when omitted
    QString actualDataSourcesExpr;   // autoTables only
    QList<DataNode> dataNodes;       // expanded, in ShardingSphere order
    StrategyDef databaseStrategy;    // Unset means defaultDatabaseStrategy applies
    StrategyDef tableStrategy;       // Unset means defaultTableStrategy applies
    StrategyDef shardingStrategy;    // autoTables only
    std::optional<KeyGenerateDef> keyGenerate;
    SourceLocation location;         // of the table's key
    SourceLocation dataNodesLocation;
};

struct BindingGroup
{
    QStringList tables;
    SourceLocation location;
};

struct BroadcastTable
{
    QString name;
    SourceLocation location;
};

enum class ConfigForm { Native, SpringBoot };

struct ShardingConfig
{
    QString filePath;
    ConfigForm form = ConfigForm::Native;
    QList<DataSourceDef> dataSources; // in file order
    QList<TableRule> tables;          // in file order (tables, then autoTables)
    QList<BindingGroup> bindingGroups;
    QList<BroadcastTable> broadcastTables;
    StrategyDef defaultDatabaseStrategy;
    StrategyDef defaultTableStrategy;
    QString defaultShardingColumn;
    QMap<QString, AlgorithmDef> algorithms;
    QMap<QString, KeyGeneratorDef> keyGenerators;

    const DataSourceDef *dataSource(const QString &name) const;
    const TableRule *table(const QString &logicTable) const; // case-insensitive like ShardingSphere
    const AlgorithmDef *algorithm(const QString &name) const;
    bool isBroadcast(const QString &logicTable) const;
    // The strategy that really applies to a table: its own, or the default one.
    StrategyDef effectiveDatabaseStrategy(const TableRule &t) const;
    StrategyDef effectiveTableStrategy(const TableRule &t) const;
};

// Hashed lookups over one config, built once: ShardingConfig's own lookups scan their lists, so
// code that asks per table or per data node (lint rules, the planner, exports) uses this instead
// and stays linear in the size of the config. Keeps a pointer to the config: it must outlive
// this and not change meanwhile.
class ConfigLookup final
{
public:
    explicit ConfigLookup(const ShardingConfig &config);

    // As ShardingConfig::table / dataSource / isBroadcast answer.
    const TableRule *table(const QString &logicTable) const;
    const DataSourceDef *dataSource(const QString &name) const;
    bool isBroadcast(const QString &logicTable) const { return m_broadcast.contains(logicTable.toCaseFolded()); }

private:
    const ShardingConfig *m_config;
    QHash<QString, int> m_tables;      // case-folded logic table -> first index
    QHash<QString, int> m_dataSources; // name -> first index
    QSet<QString> m_broadcast;         // case-folded
};

} // namespace sp
