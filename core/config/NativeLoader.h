#pragma once
#include "core/config/ShardingConfig.h"
#include "core/config/YamlSupport.h"

namespace sp::detail {

// ShardingSphere native YAML: dataSources + rules: [!SHARDING, !BROADCAST, ...]
// (and the 4.x top-level `shardingRule:` map).
class NativeLoader final
{
public:
    static void load(YamlContext &ctx, const YAML::Node &root, ShardingConfig &config);
};

} // namespace sp::detail
