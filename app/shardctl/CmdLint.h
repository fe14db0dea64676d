#pragma once
#include "Command.h"

namespace sp::cli {

// shardctl lint: loader diagnostics, then the linter's findings.
class CmdLint final : public Command
{
public:
    QString name() const override { return QStringLiteral("lint"); }
    QString summary() const override { return QStringLiteral("Check a sharding configuration for defects."); }
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser, QTextStream &out, QTextStream &err) override;
};

} // namespace sp::cli
