#include "CmdHealth.h"

#include "InspectInput.h"
#include "TextTable.h"

#include "core/config/Printable.h"
#include "core/health/HealthJson.h"
#include "core/health/HealthMonitor.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QThread>

#include <memory>

namespace sp::cli {

using namespace sp::health;

void CmdHealth::addOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        summary() +
        QStringLiteral("\nConnects to every data source of the config in parallel (a dead server costs at most "
                       "--connect-timeout, a frozen one --read-timeout) and reports version, uptime, read_only, "
                       "binlog settings, server_id, replica state and lag, connections, the rates (QPS from "
                       "Questions without the monitor's own statements, TPS from Com_commit + Com_rollback) "
                       "measured over --sample seconds, threads running, buffer pool hit ratio, row lock waits, "
                       "deadlocks, aborted connections, binary logs and the largest tables' growth, and a verdict "
                       "per data source (green, yellow, red) with its reason.\n"
                       "--watch prints one line (with --json one JSON object) per sample until --count samples.\n"
                       "Thresholds: --threshold NAME=VALUE, e.g. lagRedSec=120 (names in the JSON's "
                       "\"thresholds\").\n"
                       "Exit codes: 0 every server answered and none is red; 1 a server did not answer or a "
                       "verdict was red; 2 bad usage or unreadable config."));
    InspectInput::addOptions(parser);
    parser.addOption(QCommandLineOption(QStringLiteral("sample"),
                                        QStringLiteral("Seconds the rates are measured over (default 1; 0: no rates)."),
                                        QStringLiteral("SECONDS"), QStringLiteral("1")));
    parser.addOption(QCommandLineOption(QStringLiteral("watch"),
                                        QStringLiteral("Sample again every SECONDS, one line per sample."),
                                        QStringLiteral("SECONDS")));
    parser.addOption(QCommandLineOption(QStringLiteral("count"),
                                        QStringLiteral("With --watch: stop after N samples (default: until interrupted)."),
                                        QStringLiteral("N")));
    parser.addOption(QCommandLineOption(QStringLiteral("read-timeout"),
                                        QStringLiteral("Seconds to wait for a server's answer (default 5)."),
                                        QStringLiteral("S"), QStringLiteral("5")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("monitor-user"),
        QStringLiteral("Connect as this monitor account instead of the config's user; its password comes from "
                       "SHARDPILOT_MONITOR_PASSWORD, an option file naming this user, or the keychain."),
        QStringLiteral("NAME")));
    parser.addOption(QCommandLineOption(QStringLiteral("threshold"),
                                        QStringLiteral("Change a threshold, NAME=VALUE (repeatable)."),
                                        QStringLiteral("NAME=VALUE")));
}

namespace {

QString uptime(qint64 s)
{
    if (s < 0)
        return QStringLiteral("-");
    if (s < 3600)
        return QStringLiteral("%1m%2s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    if (s < 86400)
        return QStringLiteral("%1h%2m").arg(s / 3600).arg((s % 3600) / 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1d%2h").arg(s / 86400).arg((s % 86400) / 3600);
}

bool parseInt(const QCommandLineParser &parser, const QString &name, int min, int max, int *out, QTextStream &err)
{
    if (parser.value(name).isEmpty())
        return true; // not given and no default
    bool ok = false;
    const int v = parser.value(name).toInt(&ok);
    if (!ok || v < min || v > max) {
        err << "shardctl health: --" << name << " must be an integer from " << min << " to " << max << '\n';
        return false;
    }
    *out = v;
    return true;
}

struct Round
{
    QList<HealthSample> samples;
    QList<ShardVerdict> verdicts;
    QList<Text> notes;
    Verdict worst = Verdict::Unknown;
};

QJsonObject roundJson(const ShardingConfig &config, const Round &r, const HealthThresholds &t, int sampleSec)
{
    QJsonArray instances;
    bool allReachable = true;
    for (int i = 0; i < r.samples.size(); ++i) {
        instances.append(sampleJson(r.samples.at(i), r.verdicts.at(i)));
        allReachable = allReachable && r.samples.at(i).up();
    }
    QJsonArray notes;
    for (const Text &n : r.notes)
        notes.append(n.text);
    QJsonObject thresholds;
    const auto map = t.toMap();
    for (auto it = map.constBegin(); it != map.constEnd(); ++it)
        thresholds.insert(it.key(), it.value());
    return QJsonObject{{QStringLiteral("config"), config.filePath},
                       {QStringLiteral("takenAt"), r.samples.isEmpty() ? QString()
                                                                       : r.samples.last().at.toString(Qt::ISODateWithMs)},
                       {QStringLiteral("allReachable"), allReachable},
                       {QStringLiteral("worst"), verdictName(r.worst)},
                       {QStringLiteral("sampleSeconds"), sampleSec},
                       {QStringLiteral("instances"), instances},
                       {QStringLiteral("notes"), notes},
                       {QStringLiteral("thresholds"), thresholds}};
}

void printTable(const Round &r, QTextStream &out)
{
    TextTable t({QStringLiteral("DATA SOURCE"), QStringLiteral("ADDRESS"), QStringLiteral("STATUS"),
                 QStringLiteral("VERSION"), QStringLiteral("UPTIME"), QStringLiteral("READ_ONLY"),
                 QStringLiteral("BINLOG"), QStringLiteral("SERVER_ID"), QStringLiteral("REPLICA"),
                 QStringLiteral("CONNECTIONS"), QStringLiteral("RUNNING"), QStringLiteral("QPS"), QStringLiteral("TPS"),
                 QStringLiteral("VERDICT")});
    QStringList problems;
    QStringList reasons;
    for (int i = 0; i < r.samples.size(); ++i) {
        const HealthSample &s = r.samples.at(i);
        const InstanceHealth &h = s.server;
        const ShardVerdict &v = r.verdicts.at(i);
        const QString name = printableName(h.dataSource);
        const QString addr = printableName(h.host) + QLatin1Char(':') + QString::number(h.port);
        for (const Finding &f : v.findings)
            if (f.metric != QLatin1String("up"))
                reasons.append(verdictName(f.level) + QStringLiteral(": ") + printableName(f.reason.text));
        if (!h.reachable) {
            t.add({name, addr, QStringLiteral("DOWN"), QString(), QString(), QString(), QString(), QString(), QString(),
                   QString(), QString(), QString(), QString(), verdictName(v.verdict)});
            problems.append(name + QStringLiteral(": ") + printableName(h.error));
            continue;
        }
        QString replica = QStringLiteral("no");
        if (h.isReplica)
            replica = h.replicaState + (h.replicaLagSeconds ? QStringLiteral(", lag %1 s").arg(*h.replicaLagSeconds)
                                                            : QStringLiteral(", lag unknown"));
        else if (!h.replicaState.isEmpty())
            replica = h.replicaState;
        const QString binlog =
            h.logBin ? h.binlogFormat + QLatin1Char('/') + h.binlogRowImage : QStringLiteral("off");
        t.add({name, addr, QStringLiteral("up"), printableName(h.version), uptime(h.uptimeSeconds),
               h.readOnly ? QStringLiteral("ON") : QStringLiteral("off"), binlog,
               h.serverId < 0 ? QStringLiteral("-") : QString::number(h.serverId), printableName(replica),
               QStringLiteral("%1/%2").arg(h.connections).arg(h.maxConnections),
               s.threadsRunning < 0 ? QStringLiteral("-") : QString::number(s.threadsRunning), formatRate(s.qps),
               formatRate(s.tps), verdictName(v.verdict)});
    }
    t.print(out);
    for (const QString &line : problems)
        out << "down: " << line << '\n';
    for (const QString &line : reasons)
        out << line << '\n';
    for (const Text &n : r.notes)
        out << "note: " << printableName(n.text) << '\n';
}

// One line per sample for --watch: the time, the worst verdict, then per data source its verdict and
// numbers.
void printLine(const Round &r, QTextStream &out)
{
    QStringList parts;
    for (int i = 0; i < r.samples.size(); ++i) {
        const HealthSample &s = r.samples.at(i);
        const ShardVerdict &v = r.verdicts.at(i);
        QString p = printableName(s.dataSource()) + QLatin1Char(' ') + verdictName(v.verdict);
        if (!s.up())
            p += QStringLiteral(" DOWN");
        else
            p += QStringLiteral(" qps=%1 tps=%2 running=%3 conn=%4/%5")
                     .arg(formatRate(s.qps), formatRate(s.tps),
                          s.threadsRunning < 0 ? QStringLiteral("-") : QString::number(s.threadsRunning))
                     .arg(s.server.connections)
                     .arg(s.server.maxConnections) +
                 (s.server.isReplica ? QStringLiteral(" lag=%1").arg(s.server.replicaLagSeconds
                                                                         ? QString::number(*s.server.replicaLagSeconds)
                                                                         : QStringLiteral("?"))
                                     : QString());
        if (v.verdict == Verdict::Yellow || v.verdict == Verdict::Red)
            p += QStringLiteral(" (") + printableName(v.reason.text) + QLatin1Char(')');
        parts << p;
    }
    const QString at = r.samples.isEmpty() ? QString() : r.samples.last().at.toString(Qt::ISODate);
    out << at << ' ' << verdictName(r.worst) << " | " << parts.join(QStringLiteral(" | ")) << '\n';
}

} // namespace

int CmdHealth::run(const QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    InspectInput::Prepared p = InspectInput::prepare(parser, name(), err);
    if (p.exitCode >= 0)
        return p.exitCode;
    int sampleSec = 1, watchSec = 0, count = 0, readTimeout = 5;
    if (!parseInt(parser, QStringLiteral("sample"), 0, 3600, &sampleSec, err) ||
        !parseInt(parser, QStringLiteral("watch"), 1, 86400, &watchSec, err) ||
        !parseInt(parser, QStringLiteral("count"), 1, 1000000, &count, err) ||
        !parseInt(parser, QStringLiteral("read-timeout"), 1, 600, &readTimeout, err))
        return Usage;
    if (parser.isSet(QStringLiteral("count")) && !parser.isSet(QStringLiteral("watch"))) {
        err << "shardctl health: --count needs --watch\n";
        return Usage;
    }
    HealthThresholds thresholds;
    QMap<QString, double> changes;
    for (const QString &kv : parser.values(QStringLiteral("threshold"))) {
        const qsizetype eq = kv.indexOf(QLatin1Char('='));
        bool ok = false;
        const double v = eq > 0 ? kv.mid(eq + 1).toDouble(&ok) : 0;
        if (!ok) {
            err << "shardctl health: --threshold " << printableName(kv.left(80)) << ": expected NAME=NUMBER\n";
            return Usage;
        }
        changes.insert(kv.left(eq), v);
    }
    QString thresholdError;
    if (!thresholds.apply(changes, &thresholdError)) {
        err << "shardctl health: --threshold: " << printableName(thresholdError) << '\n';
        return Usage;
    }

    HealthOptions o;
    o.connectTimeoutSec = p.options.connectTimeoutSec;
    o.readTimeoutSec = readTimeout;
    o.monitorUser = parser.value(QStringLiteral("monitor-user"));
    o.credentials = p.options.credentials;
    std::vector<std::unique_ptr<HealthPoller>> owned;
    QList<HealthPoller *> pollers;
    for (const DataSourceDef &ds : p.config.dataSources) {
        owned.push_back(std::make_unique<HealthPoller>(ds, o));
        pollers.append(owned.back().get());
    }
    const bool json = parser.isSet(QStringLiteral("json"));
    QList<QList<HealthSample>> recent; // per data source, for the threads-running duration
    for (int i = 0; i < pollers.size(); ++i)
        recent.append(QList<HealthSample>());

    auto takeRound = [&]() {
        Round r;
        r.samples = HealthMonitor::sampleOnce(pollers);
        for (int i = 0; i < r.samples.size(); ++i) {
            QList<HealthSample> &hist = recent[i];
            // A one-shot run judges the values it sees; --watch lets a threads-running peak prove it lasts.
            r.verdicts.append(evaluate(r.samples.at(i), thresholds, watchSec > 0 ? hist : QList<HealthSample>()));
            hist.append(r.samples.at(i));
            while (hist.size() > 64)
                hist.removeFirst();
        }
        r.notes = privilegeNotes(r.samples, !o.monitorUser.isEmpty());
        r.worst = worst(r.verdicts);
        return r;
    };

    if (sampleSec > 0) {
        (void)takeRound(); // the baseline of the rates
        QThread::msleep(quint64(sampleSec) * 1000);
    }
    bool anyRed = false;
    bool anyDown = false;
    for (int n = 1;; ++n) {
        const Round r = takeRound();
        anyRed = anyRed || r.worst == Verdict::Red;
        for (const HealthSample &s : r.samples)
            anyDown = anyDown || !s.up();
        if (watchSec == 0) {
            if (json)
                out << QString::fromUtf8(QJsonDocument(roundJson(p.config, r, thresholds, sampleSec)).toJson(QJsonDocument::Indented));
            else
                printTable(r, out);
            break;
        }
        if (json)
            out << QString::fromUtf8(
                       QJsonDocument(roundJson(p.config, r, thresholds, n == 1 ? sampleSec : watchSec)).toJson(QJsonDocument::Compact))
                << '\n';
        else
            printLine(r, out);
        out.flush();
        if (count > 0 && n >= count)
            break;
        QThread::msleep(quint64(watchSec) * 1000);
    }
    return anyRed || anyDown ? Findings : Ok;
}

SHARDCTL_REGISTER_COMMAND(CmdHealth);

} // namespace sp::cli
