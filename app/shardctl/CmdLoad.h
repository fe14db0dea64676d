#pragma once
#include "Command.h"

namespace sp::cli {

// shardctl load: an application-like writer (inserts, updates, deletes on t_messages routed by the
// config) at a fixed rate for a bounded time, for trying expansions under load.
class CmdLoad final : public Command
{
public:
    QString name() const override { return QStringLiteral("load"); }
    QString summary() const override { return QStringLiteral("Write application-like load through the config's routing."); }
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser, QTextStream &out, QTextStream &err) override;
};

} // namespace sp::cli
