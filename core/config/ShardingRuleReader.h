#pragma once
#include "core/config/ShardingConfig.h"
#include "core/config/YamlSupport.h"

#include <QSet>

namespace sp::detail {

// Reads the sharding rule body, which is the same in both forms once keys are normalised
// (native `!SHARDING` map, or Spring Boot `spring.shardingsphere.rules.sharding`).
class ShardingRuleReader final
{
public:
    ShardingRuleReader(YamlContext &ctx, ShardingConfig &config) : m_ctx(ctx), m_config(config) {}

    void readShardingRule(const YAML::Node &rule);
    void readBroadcastRule(const YAML::Node &rule); // native `!BROADCAST` {tables: [...]}

private:
    void readTables(const YAML::Node &tables, bool autoTables);
    void readTable(const YamlEntry &entry, bool autoTable);
    StrategyDef readStrategy(const YamlEntry &entry, const Text &owner);
    KeyGenerateDef readKeyGenerate(const YamlEntry &entry, const Text &owner);
    void readBindingTables(const YamlEntry &entry);
    void addBindingGroup(const QString &text, const SourceLocation &where);
    void readBroadcastList(const YAML::Node &list);
    void readAlgorithms(const YAML::Node &algorithms, bool keyGenerators);

    YamlContext &m_ctx;
    ShardingConfig &m_config;
    QSet<QString> m_tableKeys;     // lower-cased logic tables (ShardingSphere compares case-insensitively)
    QSet<QString> m_broadcastKeys; // lower-cased broadcast tables
};

} // namespace sp::detail
