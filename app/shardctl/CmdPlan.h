#pragma once
#include "Command.h"

namespace sp::cli {

// shardctl plan: expansion plan (mod-double, remap, dual-master, ring) with move predicates,
// estimates, exact counts on demand, new config, SQL scripts and runbook; --compare for what-if.
class CmdPlan final : public Command
{
public:
    QString name() const override { return QStringLiteral("plan"); }
    QString summary() const override { return QStringLiteral("Plan an expansion: what moves, predicates, runbook."); }
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser, QTextStream &out, QTextStream &err) override;
};

} // namespace sp::cli
