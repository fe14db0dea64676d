#pragma once
#include "Command.h"

namespace sp::cli {

// shardctl route: the data node of each key, optionally old -> new against a second config.
class CmdRoute final : public Command
{
public:
    QString name() const override { return QStringLiteral("route"); }
    QString summary() const override { return QStringLiteral("Route keys of a logic table to data nodes."); }
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser, QTextStream &out, QTextStream &err) override;
};

} // namespace sp::cli
