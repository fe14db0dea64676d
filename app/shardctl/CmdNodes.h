#pragma once
#include "Command.h"

namespace sp::cli {

// shardctl nodes: the data nodes (ds.table) of every table rule, or of one logic table.
class CmdNodes final : public Command
{
public:
    QString name() const override { return QStringLiteral("nodes"); }
    QString summary() const override
    {
        return QStringLiteral("List the data nodes (ds.table) of a configuration.");
    }
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser, QTextStream &out, QTextStream &err) override;
};

} // namespace sp::cli
