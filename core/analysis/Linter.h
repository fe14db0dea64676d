#pragma once
#include "core/config/Diagnostic.h"
#include "core/config/ShardingConfig.h"

namespace sp {

struct LintOptions
{
    int sampleKeys = 20000; // keys simulated per table to find data nodes that never receive a row
};

// Stable finding codes (scripts match on them); see docs/lint-codes.md.
class Linter final
{
public:
    static Diagnostics lint(const ShardingConfig &config, const LintOptions &options = {});
};

} // namespace sp
