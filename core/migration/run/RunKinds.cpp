// The one place that knows every run kind's executor (RunKind.h has their step tables).
#include "core/migration/copy/CopyRun.h"
#include "core/migration/dual/DualRun.h"

namespace sp::migration {

std::unique_ptr<RunExecutor> makeExecutor(RunKindId kind, RunContext &ctx)
{
    switch (kind) {
    case RunKindId::Copy:
        return std::make_unique<CopyRun>(ctx);
    case RunKindId::DualMaster:
        return std::make_unique<DualRun>(ctx);
    }
    return std::make_unique<CopyRun>(ctx);
}

} // namespace sp::migration
