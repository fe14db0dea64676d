#pragma once
#include "core/config/ShardingConfig.h"
#include "core/config/YamlSupport.h"

namespace sp::detail {

// Spring Boot form: spring.shardingsphere.datasource (names + per-name properties) and
// spring.shardingsphere.rules.sharding with kebab-case keys (camelCase accepted, as Spring's relaxed
// binding does). Other application settings under `spring` or at the top level are not ours.
class SpringBootLoader final
{
public:
    static bool detect(const YAML::Node &root);
    static void load(YamlContext &ctx, const YAML::Node &root, ShardingConfig &config);
};

} // namespace sp::detail
