#pragma once
#include <QString>
#include <QStringList>

namespace sp::test {

// One shardctl invocation as the migration tests drive it: exit code (-1 when it crashed or was
// killed) and what it wrote.
struct ShardctlRun
{
    int exitCode = -1;
    QString out;
    QString err;
};

// Runs the built shardctl with `args` in this process's environment; a run still going after
// `timeoutMs` is killed and reported with exitCode -1 and err "timed out".
ShardctlRun runShardctl(const QStringList &args, int timeoutMs = 180000);

} // namespace sp::test
