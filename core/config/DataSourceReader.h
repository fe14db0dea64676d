#pragma once
#include "core/config/ShardingConfig.h"
#include "core/config/YamlSupport.h"

namespace sp::detail {

// One data source's properties, same keys in both forms after normalisation: `url` or `jdbcUrl`
// (required), `username`, `password`; pool settings (driverClassName, maxPoolSize, ...) are accepted
// silently because they belong to the connection pool, not to sharding.
DataSourceDef readDataSource(YamlContext &ctx, const YamlEntry &entry);

} // namespace sp::detail
