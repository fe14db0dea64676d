#pragma once
#include <QCommandLineParser>
#include <QString>
#include <QStringList>
#include <QTextStream>

#include <functional>
#include <memory>
#include <vector>

namespace sp::cli {

// Exit codes shared by every subcommand.
enum Exit { Ok = 0, Findings = 1, Usage = 2 };

// One subcommand per class (KeePassXC-style). A command registers itself with REGISTER_COMMAND so
// adding one touches no shared file. Output goes to `out`, problems to `err` (one line each).
class Command
{
public:
    virtual ~Command() = default;
    virtual QString name() const = 0;
    virtual QString summary() const = 0;
    // Adds options to the parser; --help and positional handling are done by the runner.
    virtual void addOptions(QCommandLineParser &parser) = 0;
    virtual int run(const QCommandLineParser &parser, QTextStream &out, QTextStream &err) = 0;

    using Factory = std::function<std::unique_ptr<Command>()>;
    static std::vector<Factory> &registry();
    static std::unique_ptr<Command> create(const QString &name);
    static std::vector<std::unique_ptr<Command>> all();
};

struct Registrar
{
    explicit Registrar(Command::Factory f) { Command::registry().push_back(std::move(f)); }
};

} // namespace sp::cli

#define SHARDCTL_REGISTER_COMMAND(Class)                                                          \
    static const ::sp::cli::Registrar s_register_##Class([] { return std::make_unique<Class>(); })
