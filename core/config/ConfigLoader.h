#pragma once
#include "core/config/Diagnostic.h"
#include "core/config/ShardingConfig.h"

namespace sp {

struct LoadOptions
{
    qint64 maxInlineResults = 1000000;
    qint64 maxFileBytes = 16 * 1024 * 1024; // larger files are refused with a diagnostic
};

struct LoadResult
{
    ShardingConfig config;
    Diagnostics diagnostics; // loader diagnostics only (the linter adds its own)
    bool ok() const { return !hasErrors(diagnostics); }
};

// Loads ShardingSphere native YAML (dataSources + rules: [!SHARDING, !BROADCAST]) and the Spring Boot
// form (spring.shardingsphere.datasource / rules.sharding, kebab-case) into one model.
// Unknown keys are warnings; a missing required field is an error naming the field.
class ConfigLoader final
{
public:
    static LoadResult loadFile(const QString &path, const LoadOptions &options = {});
    static LoadResult loadText(const QByteArray &yaml, const QString &fileName,
                               const LoadOptions &options = {});
};

} // namespace sp
