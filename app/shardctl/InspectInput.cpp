#include "InspectInput.h"

#include "CliSecretStore.h"
#include "ConfigInput.h"

#include <QFileInfo>
#include <QLocale>

#include <cstdio>
#include <unistd.h>

namespace sp::cli {

void InspectInput::addOptions(QCommandLineParser &parser)
{
    parser.addOption(ConfigInput::option());
    parser.addOption(QCommandLineOption(QStringLiteral("json"), QStringLiteral("JSON output.")));
    parser.addOption(defaultsFileOption());
    parser.addOption(QCommandLineOption(QStringLiteral("connect-timeout"),
                                        QStringLiteral("Seconds to wait for a server (default 3)."),
                                        QStringLiteral("S"), QStringLiteral("3")));
    parser.addOption(QCommandLineOption(QStringLiteral("concurrency"),
                                        QStringLiteral("Parallel COUNT(*) per server (default 2)."),
                                        QStringLiteral("N"), QStringLiteral("2")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("no-keychain"),
        QStringLiteral("Do not look up passwords in the OS keychain (also SHARDPILOT_NO_KEYCHAIN=1).")));
}

QCommandLineOption InspectInput::defaultsFileOption()
{
    return QCommandLineOption(
        QStringLiteral("defaults-file"),
        QStringLiteral("MySQL option file with [client] user/password (default: SHARDPILOT_DEFAULTS_FILE, "
                       "else app.cnf next to the config when present, else ~/.my.cnf)."),
        QStringLiteral("FILE"));
}

InspectInput::Prepared InspectInput::prepare(const QCommandLineParser &parser, const QString &command,
                                             QTextStream &err)
{
    Prepared p;
    const QString prefix = QStringLiteral("shardctl ") + command + QStringLiteral(": ");
    if (!parser.isSet(QStringLiteral("config"))) {
        err << prefix << "missing --config FILE\n";
        p.exitCode = 2;
        return p;
    }
    bool ok = false;
    p.options.connectTimeoutSec = parser.value(QStringLiteral("connect-timeout")).toInt(&ok);
    if (!ok || p.options.connectTimeoutSec < 1 || p.options.connectTimeoutSec > 600) {
        err << prefix << "--connect-timeout must be an integer from 1 to 600\n";
        p.exitCode = 2;
        return p;
    }
    p.options.perInstanceConcurrency = parser.value(QStringLiteral("concurrency")).toInt(&ok);
    if (!ok || p.options.perInstanceConcurrency < 1 || p.options.perInstanceConcurrency > 64) {
        err << prefix << "--concurrency must be an integer from 1 to 64\n";
        p.exitCode = 2;
        return p;
    }
    const QString path = parser.value(QStringLiteral("config"));
    ConfigInput::Loaded loaded = ConfigInput::load(path, err);
    if (loaded.status != ConfigInput::Status::Ok) {
        p.exitCode = 2;
        return p;
    }
    p.config = std::move(loaded.result.config);
    if (p.config.filePath.isEmpty())
        p.config.filePath = QFileInfo(path).absoluteFilePath();
    if (p.config.dataSources.isEmpty()) {
        err << prefix << path << ": the config defines no data source\n";
        p.exitCode = 2;
        return p;
    }

    if (!defaultsFile(parser, path, prefix, err, &p.options.credentials.defaultsFile)) {
        p.exitCode = 2;
        return p;
    }
    useCommandLineSecretStore(p.config, p.options.credentials, parser.isSet(QStringLiteral("no-keychain")));
    return p;
}

bool InspectInput::defaultsFile(const QCommandLineParser &parser, const QString &configPath,
                                const QString &prefix, QTextStream &err, QString *file)
{
    if (parser.isSet(QStringLiteral("defaults-file"))) {
        const QString given = parser.value(QStringLiteral("defaults-file"));
        if (!QFileInfo(given).isReadable()) {
            err << prefix << given << ": cannot read the option file\n";
            return false;
        }
        *file = given;
    } else if (qEnvironmentVariableIsEmpty("SHARDPILOT_DEFAULTS_FILE")) {
        const QString sibling = QFileInfo(configPath).absolutePath() + QStringLiteral("/app.cnf");
        if (QFileInfo(sibling).isReadable())
            *file = sibling;
    }
    return true;
}

void InspectInput::useCommandLineSecretStore(const ShardingConfig &config, CredentialOptions &credentials,
                                             bool noKeychain)
{
    const std::shared_ptr<CliSecretStore> store = CliSecretStore::instance(noKeychain);
    credentials.secretStore = store;
    for (const DataSourceDef &ds : config.dataSources)
        store->setLabel(ds.username + QLatin1Char('@') + ds.host + QLatin1Char(':') + QString::number(ds.port),
                        ds.name);
    // With a terminal, resolve now, on this thread and in order: a prompt (the last resort) then
    // comes before any progress output and the workers find the answers cached.
    if (isatty(STDIN_FILENO) == 1) {
        for (const DataSourceDef &ds : config.dataSources)
            (void)Credentials::resolve(ds, credentials);
    }
}

InspectionProgress InspectInput::progressPrinter(const QString &command)
{
    if (!isatty(STDERR_FILENO))
        return {};
    const QByteArray name = command.toUtf8();
    return [name](int done, int total) {
        std::fprintf(stderr, "\r%s: %d/%d ", name.constData(), done, total);
        std::fflush(stderr);
    };
}

void InspectInput::endProgress()
{
    if (isatty(STDERR_FILENO)) {
        std::fputs("\r\033[K", stderr);
        std::fflush(stderr);
    }
}

QString InspectInput::bytes(qint64 n)
{
    if (n < 0)
        return QStringLiteral("-");
    return QLocale(QLocale::English).formattedDataSize(n, 1, QLocale::DataSizeIecFormat);
}

QString InspectInput::number(qint64 n)
{
    return n < 0 ? QStringLiteral("-") : QLocale(QLocale::English).toString(n);
}

} // namespace sp::cli
