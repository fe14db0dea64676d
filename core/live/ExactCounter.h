#pragma once
#include "core/cluster/Inspector.h"
#include "core/config/Text.h"
#include "core/planning/ExpansionPlan.h"

#include <QStringList>

#include <atomic>
#include <functional>

namespace sp {
class QueryRegistry;
}

namespace sp::planning {

struct ExactCountResult
{
    int counted = 0;
    bool cancelled = false;
    QStringList errors;      // one line per failed pair, one per unreachable server
    QList<Text> errorTexts;  // the same lines for the console (the server's own error stays its words)
    int skipped = 0;         // pairs not counted because their server had failed already

    void addError(const Text &t)
    {
        errors << t.text;
        errorTexts << t;
    }
};

// Exact row counts of a plan's pairs on the live cluster (`--exact`). SQL predicates run as
// SELECT COUNT(*) FROM `schema`.`table` WHERE <predicate> on the source (bounded by
// max_statement_time = options.countTimeoutSec); client-side pairs stream the sharding column
// (mysql_use_result, constant memory) and route each value with the old and new configs.
// Blocking: run it off the GUI thread. `cancel` is checked between pairs and between streamed rows;
// `registry` (optional) holds the statements in flight, so a canceller can KILL a long COUNT(*).
// A server that cannot be reached, or loses the connection, is reported once and its remaining
// pairs are skipped (a server that accepts TCP but never answers cost a connect timeout per pair).
class ExactCounter final
{
public:
    static ExactCountResult run(ExpansionPlan &plan, const ShardingConfig &oldConfig, const InspectionOptions &options,
                                const std::atomic<bool> *cancel = nullptr,
                                const std::function<void(int done, int total)> &progress = {},
                                QueryRegistry *registry = nullptr);
};

} // namespace sp::planning
