#include "CmdSandbox.h"

#include "ConfigInput.h"

#include "core/sandbox/Sandbox.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace sp::cli {

void CmdSandbox::addOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        summary() +
        QStringLiteral(
            "\nActions:\n"
            "  up                 create the sandbox (or start an existing one again, keeping its data)\n"
            "  down               stop every instance cleanly (data kept)\n"
            "  status             instances, ports, pids (exit 1 if one is not running)\n"
            "  stop-instance I    clean shutdown of instance I\n"
            "  start-instance I   start instance I\n"
            "  kill-instance I    SIGKILL instance I (fault tests)\n"
            "DIR holds cluster.yaml (ShardingSphere config, no password), app.cnf (the application "
            "user's password, mode 0600; pass it with --defaults-file or SHARDPILOT_DEFAULTS_FILE), "
            "sandbox.json and one nodeN/ directory per instance (nodeNr1/ for a replica of nodeN). See "
            "docs/sandbox.md."));
    parser.addPositionalArgument(QStringLiteral("action"), QStringLiteral("up, down, status, stop-instance, start-instance, kill-instance"));
    parser.addPositionalArgument(QStringLiteral("instance"), QStringLiteral("instance index for *-instance"), QStringLiteral("[I]"));
    parser.addOption(QCommandLineOption(QStringLiteral("dir"), QStringLiteral("Sandbox directory (default %1).").arg(Sandbox::defaultDir()),
                                        QStringLiteral("DIR")));
    parser.addOption(QCommandLineOption(QStringLiteral("instances"),
                                        QStringLiteral("up: number of mariadbd instances (default 8; the config's data sources "
                                                       "first, the rest are empty spares for expansions)."),
                                        QStringLiteral("N"), QStringLiteral("8")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("replicas"),
        QStringLiteral("up: replicas of each instance, spares included (default 0, at most "
                       "3): MariaDB replication by GTID, read_only, found by the "
                       "migration engine with SHOW SLAVE HOSTS."),
        QStringLiteral("N"), QStringLiteral("0")));
    parser.addOption(QCommandLineOption(QStringLiteral("config"),
                                        QStringLiteral("up: native ShardingSphere YAML to build from (default the "
                                                       "fsharechat-crc32 example)."),
                                        QStringLiteral("FILE")));
    parser.addOption(QCommandLineOption(QStringLiteral("rows"), QStringLiteral("up: demo messages to load (default 200000)."),
                                        QStringLiteral("N"), QStringLiteral("200000")));
    parser.addOption(QCommandLineOption(QStringLiteral("seed"), QStringLiteral("up: demo data seed (default 1)."),
                                        QStringLiteral("S"), QStringLiteral("1")));
    parser.addOption(QCommandLineOption(QStringLiteral("json"), QStringLiteral("JSON output.")));
}

static QJsonArray statusJson(const QList<SandboxInstanceStatus> &list)
{
    QJsonArray a;
    for (const auto &s : list)
        a.append(QJsonObject{{QStringLiteral("index"), s.index},
                             {QStringLiteral("name"), s.name},
                             {QStringLiteral("host"), QStringLiteral("127.0.0.1")},
                             {QStringLiteral("port"), s.port},
                             {QStringLiteral("pid"), s.pid},
                             {QStringLiteral("running"), s.running},
                             {QStringLiteral("accepting"), s.accepting},
                             {QStringLiteral("dataSources"), QJsonArray::fromStringList(s.dataSources)},
                             {QStringLiteral("replicaOf"), s.replicaOf}});
    return a;
}

static void printStatus(QTextStream &out, const Sandbox &sb, const QList<SandboxInstanceStatus> &list)
{
    for (const auto &s : list) {
        out << "  " << s.name.leftJustified(7) << " 127.0.0.1:" << s.port << "  "
            << (s.running ? QStringLiteral("running pid ") + QString::number(s.pid)
                          : QStringLiteral("stopped"))
            << "  "
            << (s.replicaOf >= 0
                    ? QStringLiteral("replica of %1").arg(sb.state().instances.at(s.replicaOf).spec.name)
                    : s.dataSources.join(QStringLiteral(", ")))
            << '\n';
        out << "          root: mariadb -S " << sb.state().instances.at(s.index).spec.socketPath() << " -uroot\n";
    }
}

int CmdSandbox::run(const QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QString prefix = QStringLiteral("shardctl sandbox: ");
    const QStringList pos = parser.positionalArguments();
    if (pos.isEmpty()) {
        err << prefix << "missing action (up, down, status, stop-instance, start-instance, kill-instance)\n";
        return Usage;
    }
    const QString action = pos.first();
    static const QStringList actions{QStringLiteral("up"), QStringLiteral("down"), QStringLiteral("status"),
                                     QStringLiteral("stop-instance"), QStringLiteral("start-instance"),
                                     QStringLiteral("kill-instance")};
    if (!actions.contains(action)) {
        err << prefix << "unknown action '" << action << "' (up, down, status, stop-instance, start-instance, kill-instance)\n";
        return Usage;
    }
    const bool json = parser.isSet(QStringLiteral("json"));
    Sandbox sb(parser.isSet(QStringLiteral("dir")) ? parser.value(QStringLiteral("dir")) : Sandbox::defaultDir());
    QString error;

    if (action == QLatin1String("up")) {
        SandboxOptions o;
        bool ok1 = false, ok2 = false, ok3 = false, ok4 = false;
        o.instances = parser.value(QStringLiteral("instances")).toInt(&ok1);
        o.replicas = parser.value(QStringLiteral("replicas")).toInt(&ok4);
        if (!ok4 || o.replicas < 0 || o.replicas > 3) {
            err << prefix << "--replicas must be an integer from 0 to 3\n";
            return Usage;
        }
        o.messages = parser.value(QStringLiteral("rows")).toLongLong(&ok2);
        o.seed = parser.value(QStringLiteral("seed")).toULongLong(&ok3);
        if (!ok1 || o.instances < 1 || o.instances > 64) {
            err << prefix << "--instances must be an integer from 1 to 64\n";
            return Usage;
        }
        if (!ok2 || o.messages < 0 || o.messages > 100000000) {
            err << prefix << "--rows must be an integer from 0 to 100000000\n";
            return Usage;
        }
        if (!ok3) {
            err << prefix << "--seed must be a non-negative integer\n";
            return Usage;
        }
        o.configPath = parser.value(QStringLiteral("config"));
        if (!o.configPath.isEmpty()) {
            const ConfigInput::Loaded loaded = ConfigInput::load(o.configPath, err);
            if (loaded.status == ConfigInput::Status::Unreadable)
                return Usage;
            if (loaded.status == ConfigInput::Status::Invalid)
                return Findings;
        }
        if (!json)
            o.progress = [&out](const QString &line) {
                out << line << '\n';
                out.flush();
            };
        const SandboxUpResult r = sb.up(o);
        if (!r.ok) {
            err << prefix << r.error << '\n';
            return Findings;
        }
        const auto st = sb.status();
        const auto &s = sb.state();
        if (json) {
            QJsonObject doc = QJsonDocument::fromJson(s.toJson()).object();
            doc.insert(QStringLiteral("created"), r.created);
            doc.insert(QStringLiteral("started"), r.started);
            doc.insert(QStringLiteral("status"), statusJson(st));
            if (r.created)
                doc.insert(QStringLiteral("load"), QJsonObject{{QStringLiteral("messages"), r.load.messages},
                                                               {QStringLiteral("rows"), r.load.totalRows},
                                                               {QStringLiteral("seconds"), r.load.seconds}});
            out << QString::fromUtf8(QJsonDocument(doc).toJson(QJsonDocument::Indented));
            return Ok;
        }
        if (r.created)
            out << "loaded " << r.load.messages << " messages (" << r.load.totalRows << " rows in all tables) in "
                << QString::number(r.load.seconds, 'f', 1) << " s\n";
        else
            out << "existing sandbox: started " << r.started << " instance(s), data kept (no re-fill)\n";
        out << "sandbox:     " << s.dir << '\n'
            << "config:      " << s.clusterYaml() << "  (source: " << s.sourceConfig << ")\n"
            << "credentials: " << s.appOptionFile() << "  (user " << s.appUser
            << "; use --defaults-file " << s.appOptionFile() << " or export SHARDPILOT_DEFAULTS_FILE=" << s.appOptionFile() << ")\n"
            << "state:       " << s.stateFile() << '\n';
        printStatus(out, sb, st);
        return Ok;
    }

    if (!sb.load(&error)) {
        err << prefix << error << '\n';
        return Usage;
    }
    if (action == QLatin1String("status")) {
        const auto st = sb.status();
        bool all = true;
        for (const auto &s : st)
            all = all && s.running;
        if (json) {
            QJsonObject doc = QJsonDocument::fromJson(sb.state().toJson()).object();
            doc.insert(QStringLiteral("status"), statusJson(st));
            out << QString::fromUtf8(QJsonDocument(doc).toJson(QJsonDocument::Indented));
        } else {
            out << "sandbox " << sb.dir() << ": " << sb.state().messages << " demo messages, config "
                << sb.state().clusterYaml() << '\n';
            printStatus(out, sb, st);
        }
        return all ? Ok : Findings;
    }
    if (action == QLatin1String("down")) {
        const bool ok = sb.down(&error);
        if (!ok)
            err << prefix << error << '\n';
        if (json)
            out << QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("stopped"), ok},
                                                               {QStringLiteral("status"), statusJson(sb.status())}})
                                         .toJson(QJsonDocument::Indented));
        else if (ok)
            out << "stopped " << sb.state().instances.size() << " instance(s); data kept in " << sb.dir() << '\n';
        return ok ? Ok : Findings;
    }
    if (action == QLatin1String("stop-instance") || action == QLatin1String("start-instance") ||
        action == QLatin1String("kill-instance")) {
        bool ok = false;
        const int index = pos.value(1).toInt(&ok);
        if (pos.size() != 2 || !ok || index < 0 || index >= sb.state().instances.size()) {
            err << prefix << action << " needs an instance index from 0 to " << sb.state().instances.size() - 1 << '\n';
            return Usage;
        }
        bool done;
        if (action == QLatin1String("stop-instance"))
            done = sb.stopInstance(index, &error);
        else if (action == QLatin1String("start-instance"))
            done = sb.startInstance(index, &error);
        else
            done = sb.killInstance(index, &error);
        if (!done) {
            err << prefix << error << '\n';
            return Findings;
        }
        const auto st = sb.status();
        if (json)
            out << QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("action"), action},
                                                               {QStringLiteral("instance"), statusJson({st.at(index)}).first()}})
                                         .toJson(QJsonDocument::Indented));
        else
            out << st.at(index).name << ": " << (st.at(index).running ? "running" : "stopped") << " (127.0.0.1:"
                << st.at(index).port << ")\n";
        return Ok;
    }
    err << prefix << "unknown action '" << action << "' (up, down, status, stop-instance, start-instance, kill-instance)\n";
    return Usage;
}

SHARDCTL_REGISTER_COMMAND(CmdSandbox);

} // namespace sp::cli
