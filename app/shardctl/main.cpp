// shardctl: the command-line twin of the console. Only wiring here; each subcommand is a class.
#include "Command.h"
#include "HelpText.h"
#include "SafeOutput.h"

#include "core/cluster/BuildInfo.h"
#include "core/cluster/MallocArenas.h"

#include <QCoreApplication>

#include <cstdio>

using namespace sp::cli;

int main(int argc, char **argv)
{
    sp::limitMallocArenas(); // before any thread allocates
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("shardctl"));
    QCoreApplication::setOrganizationName(QStringLiteral("ShardPilot"));
    QCoreApplication::setApplicationVersion(sp::buildInfo().version);
    QStringList args = app.arguments();
    // Names from a config reach the terminal: control, escape and bidi characters are written
    // escaped (\xNN), never raw. JSON output keeps valid JSON (\uNNNN).
    SafeOutput outDevice(stdout, args.contains(QStringLiteral("--json")));
    SafeOutput errDevice(stderr, false);
    QTextStream out(&outDevice);
    QTextStream err(&errDevice);

    if (args.size() < 2 || args.at(1) == QLatin1String("--help") || args.at(1) == QLatin1String("-h") ||
        args.at(1) == QLatin1String("help")) {
        if (args.size() == 3 && args.at(1) == QLatin1String("help") && args.at(2) == QLatin1String("--man")) {
            out << manPage();
            return Ok;
        }
        (args.size() < 2 ? err : out) << usageText();
        return args.size() < 2 ? Usage : Ok;
    }
    if (args.at(1) == QLatin1String("--version") || args.at(1) == QLatin1String("-V")) {
        out << versionText();
        return Ok;
    }
    const QString name = args.at(1);
    auto cmd = Command::create(name);
    if (!cmd) {
        err << "shardctl: unknown command '" << name << "' (try 'shardctl --help')\n";
        return Usage;
    }
    QCommandLineParser parser;
    setUpParser(parser, *cmd);
    QStringList cmdArgs = args.mid(1);
    cmdArgs[0] = QStringLiteral("shardctl ") + name;
    if (!parser.parse(cmdArgs)) {
        err << "shardctl " << name << ": " << parser.errorText() << '\n';
        return Usage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        out << commandHelpText(*cmd);
        return Ok;
    }
    const int rc = cmd->run(parser, out, err);
    out.flush();
    err.flush();
    return rc;
}
