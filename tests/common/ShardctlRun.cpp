#include "ShardctlRun.h"

#include "TestPaths.h"

#include <QProcess>

namespace sp::test {

ShardctlRun runShardctl(const QStringList &args, int timeoutMs)
{
    QProcess p;
    p.start(shardctlPath(), args);
    ShardctlRun r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        r.err = QStringLiteral("timed out");
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

} // namespace sp::test
