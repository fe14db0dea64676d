#pragma once
#include "Command.h"

namespace sp::cli {

// shardctl ring: the node of each key on a consistent-hash ring (docs/design.md, "Expansion strategies").
class CmdRing final : public Command
{
public:
    QString name() const override { return QStringLiteral("ring"); }
    QString summary() const override
    {
        return QStringLiteral("Map keys to nodes on a CRC32 consistent-hash ring.");
    }
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser, QTextStream &out, QTextStream &err) override;
};

} // namespace sp::cli
