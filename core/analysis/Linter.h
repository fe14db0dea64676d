#pragma once
#include "core/config/Diagnostic.h"
#include "core/config/ShardingConfig.h"

#include <QStringList>

namespace sp {

struct LintOptions
{
    int sampleKeys = 20000; // keys simulated per table to find data nodes that never receive a row
};

// Stable finding codes (scripts match on them); see docs/lint-codes.md.
class Linter final
{
public:
    // Findings in file order (those without a location last). Bounded work: the simulation routes
    // at most max(sampleKeys, 1M) keys per table and 8M keys in all (tables routed alike share one
    // simulation; tables past the budget get one `simulation-budget` finding); sampleKeys <= 0
    // turns the simulation off.
    static Diagnostics lint(const ShardingConfig &config, const LintOptions &options = {});
    // `lint` without the findings the loader already reported (same line, same or equivalent code:
    // the loader's unknown-data-source / unknown-algorithm are the linter's undefined-*). Front-ends
    // that show both lists use it so a defect is listed once.
    static Diagnostics withoutLoaderDuplicates(const Diagnostics &lint, const Diagnostics &loader);
    // Every code lint() can emit (docs/lint-codes.md documents each).
    static QStringList codes();
};

} // namespace sp
