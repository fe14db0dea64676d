#pragma once
#include "Command.h"

namespace sp::cli {

// shardctl health: per data source whether the server answers, its version, uptime, read_only,
// binlog settings, server_id, replica state and lag, connections; the rates (QPS, TPS) measured over
// --sample seconds and a green / yellow / red verdict with its reason; --watch repeats it.
class CmdHealth final : public Command
{
public:
    QString name() const override { return QStringLiteral("health"); }
    QString summary() const override
    {
        return QStringLiteral("Check that every server of a cluster answers, how busy it is and whether it is healthy.");
    }
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser, QTextStream &out, QTextStream &err) override;
};

} // namespace sp::cli
