#pragma once
#include "Command.h"

namespace sp::cli {

// shardctl stats: rows, sizes and AUTO_INCREMENT per physical table of a live cluster, skew per
// logic table, growth since the previous refresh; records the snapshot in the cluster's history.
class CmdStats final : public Command
{
public:
    QString name() const override { return QStringLiteral("stats"); }
    QString summary() const override { return QStringLiteral("Row counts, sizes and skew of a live cluster."); }
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser, QTextStream &out, QTextStream &err) override;
};

} // namespace sp::cli
