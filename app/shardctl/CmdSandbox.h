#pragma once
#include "Command.h"

namespace sp::cli {

// shardctl sandbox up|down|status|stop-instance I|start-instance I|kill-instance I: a local cluster
// of real mariadbd processes with the demo schema and data (docs/sandbox.md).
class CmdSandbox final : public Command
{
public:
    QString name() const override { return QStringLiteral("sandbox"); }
    QString summary() const override { return QStringLiteral("Run a local MariaDB sandbox cluster with demo data."); }
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser, QTextStream &out, QTextStream &err) override;
};

} // namespace sp::cli
