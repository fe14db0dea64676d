// shardctl: the command-line twin of the console. Only wiring here; each subcommand is a class.
#include "Command.h"

#include <QCoreApplication>

#include <cstdio>

using namespace sp::cli;

static void printUsage(QTextStream &s)
{
    s << "Usage: shardctl <command> [options]\n\nCommands:\n";
    for (const auto &c : Command::all())
        s << "  " << c->name().leftJustified(12) << c->summary() << '\n';
    s << "\nRun 'shardctl <command> --help' for the options of a command.\n";
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("shardctl"));
    QCoreApplication::setOrganizationName(QStringLiteral("ShardPilot"));
    QCoreApplication::setApplicationVersion(QStringLiteral("0.1.0"));
    QTextStream out(stdout);
    QTextStream err(stderr);

    QStringList args = app.arguments();
    if (args.size() < 2 || args.at(1) == QLatin1String("--help") || args.at(1) == QLatin1String("-h") ||
        args.at(1) == QLatin1String("help")) {
        printUsage(args.size() < 2 ? err : out);
        return args.size() < 2 ? Usage : Ok;
    }
    if (args.at(1) == QLatin1String("--version")) {
        out << "shardctl " << QCoreApplication::applicationVersion() << '\n';
        return Ok;
    }
    const QString name = args.at(1);
    auto cmd = Command::create(name);
    if (!cmd) {
        err << "shardctl: unknown command '" << name << "' (try 'shardctl --help')\n";
        return Usage;
    }
    QCommandLineParser parser;
    parser.setApplicationDescription(cmd->summary());
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("Show this help."));
    parser.addOption(help);
    cmd->addOptions(parser);
    QStringList cmdArgs = args.mid(1);
    cmdArgs[0] = QStringLiteral("shardctl ") + name;
    if (!parser.parse(cmdArgs)) {
        err << "shardctl " << name << ": " << parser.errorText() << '\n';
        return Usage;
    }
    if (parser.isSet(help)) {
        // helpText() names argv[0] (a build path); show the subcommand instead.
        QString text = parser.helpText();
        const QString argv0 = QCoreApplication::arguments().constFirst();
        text.replace(QStringLiteral("Usage: ") + argv0, QStringLiteral("Usage: shardctl ") + name);
        out << text;
        return Ok;
    }
    const int rc = cmd->run(parser, out, err);
    out.flush();
    err.flush();
    return rc;
}
