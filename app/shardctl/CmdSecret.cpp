#include "CmdSecret.h"

#include "CliSecretStore.h"
#include "ConfigInput.h"

#include "core/cluster/KeychainSecretStore.h"

#include <string>
#include <unistd.h>

namespace sp::cli {

void CmdSecret::addOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        QStringLiteral("shardctl secret set --config FILE --data-source DS [--stdin]\n") + summary() +
        QStringLiteral("\nThe password is read from the terminal with echo off, or with --stdin as the "
                       "first line of standard input. It is stored under service \"ShardPilot\", account "
                       "\"<user>@<host>:<port>\" of the data source, and never printed.\n"
                       "Exit codes: 0 stored, 1 the keychain is unavailable or refused, 2 bad usage."));
    parser.addPositionalArgument(QStringLiteral("action"), QStringLiteral("set"));
    parser.addOption(ConfigInput::option());
    parser.addOption(QCommandLineOption(QStringLiteral("data-source"),
                                        QStringLiteral("Data source name from the config."), QStringLiteral("DS")));
    parser.addOption(QCommandLineOption(QStringLiteral("stdin"),
                                        QStringLiteral("Read the password from standard input (first line).")));
}

int CmdSecret::run(const QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QString prefix = QStringLiteral("shardctl secret: ");
    const QStringList args = parser.positionalArguments();
    if (args.size() != 1 || args.first() != QStringLiteral("set")) {
        err << prefix << "expected the action 'set'\n";
        return Usage;
    }
    if (!parser.isSet(QStringLiteral("config")) || !parser.isSet(QStringLiteral("data-source"))) {
        err << prefix << "missing --config FILE or --data-source DS\n";
        return Usage;
    }
    const QString path = parser.value(QStringLiteral("config"));
    const ConfigInput::Loaded loaded = ConfigInput::load(path, err);
    if (loaded.status != ConfigInput::Status::Ok)
        return Usage;
    const QString dsName = parser.value(QStringLiteral("data-source"));
    const DataSourceDef *ds = nullptr;
    for (const DataSourceDef &d : loaded.result.config.dataSources) {
        if (d.name == dsName)
            ds = &d;
    }
    if (!ds) {
        err << prefix << path << ": no data source '" << dsName << "'\n";
        return Usage;
    }
    if (ds->username.isEmpty() || ds->host.isEmpty()) {
        err << prefix << path << ": data source '" << dsName << "' has no username or host\n";
        return Usage;
    }
    const QString account = Credentials::secretAccount(ds->username, *ds);

    std::optional<QString> password;
    if (parser.isSet(QStringLiteral("stdin"))) {
        std::string line;
        char c = 0;
        bool any = false;
        while (::read(STDIN_FILENO, &c, 1) == 1) {
            any = true;
            if (c == '\n')
                break;
            if (line.size() < 4096)
                line.push_back(c);
        }
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (any)
            password = QString::fromLocal8Bit(line.data(), qsizetype(line.size()));
        std::fill(line.begin(), line.end(), '\0');
    } else {
        if (isatty(STDIN_FILENO) != 1) {
            err << prefix << "standard input is not a terminal; use --stdin to pipe the password\n";
            return Usage;
        }
        password = CliSecretStore::readHidden(QStringLiteral("Password for ") + account + QStringLiteral(" (") +
                                              dsName + QStringLiteral("): "));
    }
    if (!password) {
        err << prefix << "no password given\n";
        return Usage;
    }
    KeychainSecretStore store;
    Text error;
    if (!store.writePassword(QStringLiteral("ShardPilot"), account, *password, &error)) {
        err << prefix << "cannot store the password for " << account << ": " << error.text << '\n';
        return Findings;
    }
    out << "stored the password for " << account << " (" << dsName << ") in the keychain\n";
    return Ok;
}

SHARDCTL_REGISTER_COMMAND(CmdSecret);

} // namespace sp::cli
