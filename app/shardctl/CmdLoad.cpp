#include "CmdLoad.h"

#include "InspectInput.h"

#include "ConfigInput.h"

#include "core/sandbox/LoadGenerator.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace sp::cli {

void CmdLoad::addOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        summary() +
        QStringLiteral(
            "\nEvery write is routed with the config's sharding rules to the physical table it names and "
            "sent as the data source's user. Passwords: the config, SHARDPILOT_PASSWORD_<DS>, "
            "SHARDPILOT_PASSWORD, --defaults-file / SHARDPILOT_DEFAULTS_FILE, else the app.cnf next to the "
            "config (a sandbox's), else ~/.my.cnf. Prints ok/error/skipped counts per kind at the end.\n"
            "Exit codes: 0 no error; 1 at least one failed write or the load could not start; 2 bad usage."));
    parser.addOption(ConfigInput::option());
    parser.addOption(QCommandLineOption(QStringLiteral("rate"), QStringLiteral("Operations per second (default 100)."),
                                        QStringLiteral("OPS"), QStringLiteral("100")));
    parser.addOption(QCommandLineOption(QStringLiteral("duration"), QStringLiteral("Seconds to run (default 10, at most 86400)."),
                                        QStringLiteral("S"), QStringLiteral("10")));
    parser.addOption(QCommandLineOption(QStringLiteral("mix"),
                                        QStringLiteral("Weights of the operations (default insert:70,update:20,delete:10)."),
                                        QStringLiteral("MIX"), QStringLiteral("insert:70,update:20,delete:10")));
    parser.addOption(QCommandLineOption(QStringLiteral("seed"), QStringLiteral("Random seed (default 1)."),
                                        QStringLiteral("S"), QStringLiteral("1")));
    parser.addOption(QCommandLineOption(QStringLiteral("workers"), QStringLiteral("Writer threads (default 4)."),
                                        QStringLiteral("N"), QStringLiteral("4")));
    parser.addOption(InspectInput::defaultsFileOption());
    parser.addOption(QCommandLineOption(QStringLiteral("json"), QStringLiteral("JSON output.")));
}

static QJsonObject kindJson(const LoadKindStats &s)
{
    return QJsonObject{{QStringLiteral("ok"), s.ok}, {QStringLiteral("errors"), s.errors}, {QStringLiteral("skipped"), s.skipped}};
}

int CmdLoad::run(const QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QString prefix = QStringLiteral("shardctl load: ");
    if (!parser.isSet(QStringLiteral("config"))) {
        err << prefix << "missing --config FILE\n";
        return Usage;
    }
    LoadGeneratorOptions o;
    bool ok = false;
    o.rate = parser.value(QStringLiteral("rate")).toDouble(&ok);
    if (!ok || o.rate <= 0 || o.rate > 1000000) {
        err << prefix << "--rate must be a number above 0 and at most 1000000\n";
        return Usage;
    }
    o.durationSec = parser.value(QStringLiteral("duration")).toDouble(&ok);
    if (!ok || o.durationSec <= 0 || o.durationSec > 86400) {
        err << prefix << "--duration must be a number of seconds above 0 and at most 86400\n";
        return Usage;
    }
    o.seed = parser.value(QStringLiteral("seed")).toULongLong(&ok);
    if (!ok) {
        err << prefix << "--seed must be a non-negative integer\n";
        return Usage;
    }
    o.workers = parser.value(QStringLiteral("workers")).toInt(&ok);
    if (!ok || o.workers < 1 || o.workers > 64) {
        err << prefix << "--workers must be an integer from 1 to 64\n";
        return Usage;
    }
    QString error;
    if (!LoadMix::parse(parser.value(QStringLiteral("mix")), &o.mix, &error)) {
        err << prefix << error << '\n';
        return Usage;
    }
    const QString path = parser.value(QStringLiteral("config"));
    if (!InspectInput::defaultsFile(parser, path, prefix, err, &o.credentials.defaultsFile))
        return Usage;
    const ConfigInput::Loaded loaded = ConfigInput::load(path, err);
    if (loaded.status == ConfigInput::Status::Unreadable)
        return Usage;
    if (loaded.status == ConfigInput::Status::Invalid)
        return Findings;

    InspectInput::useCommandLineSecretStore(loaded.result.config, o.credentials, false);
    LoadGenerator gen(loaded.result.config, o);
    const LoadRunResult r = gen.run();
    if (!r.started) {
        err << prefix << r.error << '\n';
        return Findings;
    }
    if (parser.isSet(QStringLiteral("json"))) {
        const QJsonObject doc{{QStringLiteral("config"), path},
                              {QStringLiteral("seconds"), r.seconds},
                              {QStringLiteral("operations"), r.operations()},
                              {QStringLiteral("achievedRate"), r.seconds > 0 ? double(r.operations()) / r.seconds : 0.0},
                              {QStringLiteral("insert"), kindJson(r.insert)},
                              {QStringLiteral("update"), kindJson(r.update)},
                              {QStringLiteral("delete"), kindJson(r.remove)},
                              {QStringLiteral("errors"), r.errors()},
                              {QStringLiteral("errorSamples"), QJsonArray::fromStringList(r.errorSamples)}};
        out << QString::fromUtf8(QJsonDocument(doc).toJson(QJsonDocument::Indented));
    } else {
        out << "ran " << QString::number(r.seconds, 'f', 1) << " s, " << r.operations() << " operations ("
            << QString::number(r.seconds > 0 ? double(r.operations()) / r.seconds : 0.0, 'f', 1) << "/s)\n";
        auto line = [&](const char *kind, const LoadKindStats &s) {
            out << "  " << QString::fromLatin1(kind).leftJustified(7) << " ok " << s.ok << "  errors " << s.errors
                << "  skipped " << s.skipped << '\n';
        };
        line("insert", r.insert);
        line("update", r.update);
        line("delete", r.remove);
        for (const QString &e : r.errorSamples)
            err << prefix << e << '\n';
    }
    return r.errors() > 0 ? Findings : Ok;
}

SHARDCTL_REGISTER_COMMAND(CmdLoad);

} // namespace sp::cli
