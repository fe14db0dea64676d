#pragma once
#include "Command.h"

namespace sp::cli {

// shardctl secret set: stores a data source's password in the OS keychain (service "ShardPilot",
// account "<user>@<host>:<port>"), where the credential chain finds it.
class CmdSecret final : public Command
{
public:
    QString name() const override { return QStringLiteral("secret"); }
    QString summary() const override
    {
        return QStringLiteral("Store a data source's password in the OS keychain.");
    }
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser, QTextStream &out, QTextStream &err) override;
};

} // namespace sp::cli
