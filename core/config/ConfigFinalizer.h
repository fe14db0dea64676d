#pragma once
#include "core/config/ShardingConfig.h"
#include "core/config/YamlSupport.h"

namespace sp::detail {

// After both forms are read: expands actualDataNodes / autoTables into data nodes, applies
// ShardingSphere's defaults (no actualDataNodes = every data source x logic table) and checks the
// references the loader can judge (data node data sources, algorithm and generator names).
void finalizeConfig(YamlContext &ctx, ShardingConfig &config);

} // namespace sp::detail
