#pragma once
#include "Command.h"

namespace sp::cli {

// shardctl migrate create|run|status|pause|rollback|verify|log: executes a plan's T0..T9 timeline
// online (core/migration, docs/migration.md).
class CmdMigrate final : public Command
{
public:
    QString name() const override { return QStringLiteral("migrate"); }
    QString summary() const override
    {
        return QStringLiteral("Execute an expansion plan online: T0..T9, resumable, verified.");
    }
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser, QTextStream &out, QTextStream &err) override;
};

} // namespace sp::cli
