#pragma once
#include "core/cluster/Inspector.h"

#include <QCommandLineParser>
#include <QTextStream>

namespace sp::cli {

// Options and set-up shared by `shardctl stats` and `shardctl health`.
class InspectInput final
{
public:
    static void addOptions(QCommandLineParser &parser); // --config --json --defaults-file --connect-timeout --concurrency --no-keychain

    struct Prepared
    {
        ShardingConfig config;
        InspectionOptions options;
        int exitCode = -1; // >= 0: stop with this code (the error was printed)
    };
    // Loads the config and fills the options. Without --defaults-file and SHARDPILOT_DEFAULTS_FILE,
    // an app.cnf next to the config (as `shardctl sandbox up` writes it) is used as option file.
    static Prepared prepare(const QCommandLineParser &parser, const QString &command, QTextStream &err);

    // --defaults-file FILE, worded as every command that reads the application's passwords has it.
    static QCommandLineOption defaultsFileOption();
    // The option file of the application account for the config at `configPath`: --defaults-file
    // when given (false, with the error printed, when it cannot be read); else, without
    // SHARDPILOT_DEFAULTS_FILE, the app.cnf next to the config when there is one (as `shardctl
    // sandbox up` writes it); else empty (the credential chain goes on to ~/.my.cnf). stats,
    // health, plan and load find their passwords the same way.
    static bool defaultsFile(const QCommandLineParser &parser, const QString &configPath,
                             const QString &prefix, QTextStream &err, QString *file);

    // Sets credentials.secretStore to the process-wide CliSecretStore (OS keychain unless
    // `noKeychain` or SHARDPILOT_NO_KEYCHAIN=1, then a no-echo prompt when stdin is a terminal).
    static void useCommandLineSecretStore(const ShardingConfig &config, CredentialOptions &credentials,
                                          bool noKeychain);

    // Progress on stderr, only when it is a terminal.
    static InspectionProgress progressPrinter(const QString &command);
    static void endProgress();

    static QString bytes(qint64 n); // "16.0 KiB", "-" for unknown
    static QString number(qint64 n); // "1,234", "-" for unknown
};

} // namespace sp::cli
