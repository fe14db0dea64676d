#include "CmdHealth.h"

#include "InspectInput.h"
#include "TextTable.h"

#include "core/cluster/ServerState.h"
#include "core/cluster/StatsHistory.h"
#include "core/config/Printable.h"
#include "core/health/HealthHistory.h"
#include "core/health/HealthJson.h"
#include "core/health/HealthMonitor.h"
#include "core/health/RunActivity.h"

#include <QFileInfo>
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
        QStringLiteral(
            "\nConnects to every data source of the config in parallel (a dead server costs at most "
            "--connect-timeout, a frozen one --read-timeout) and reports version, uptime, read_only, "
            "binlog settings, server_id, replica state and lag, connections, the rates (QPS from "
            "Questions without the monitor's own statements, TPS from Binlog_commits + Com_rollback, or "
            "Com_commit + Com_rollback without a binary log) "
            "measured over --sample seconds, threads running, buffer pool hit ratio, row lock waits, "
            "deadlocks, aborted connections, binary logs and the largest tables' growth, and a verdict "
            "per data source (green, yellow, red) with its reason.\n"
            "--watch prints one line (with --json one JSON object) per sample until --count samples.\n"
            "Thresholds: --threshold NAME=VALUE, e.g. lagRedSec=120 (names in the JSON's "
            "\"thresholds\").\n"
            "--run DIR takes a migration run into the verdicts as the console does: the servers whose "
            "writes its write stop (T4, a dual-master run's D7) stopped are yellow \"writes stopped by "
            "run X (T4, 12 s)\", and load findings on the servers it copies, verifies or purges name the "
            "run.\n"
            "--events lists the verdict changes the console kept in the cluster's history (time, data "
            "source, from -> to, why) instead of sampling; --since limits them (ISO 8601 time, or 30m, "
            "2h, 7d back from now; default 24h).\n"
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
    parser.addOption(
        QCommandLineOption(QStringLiteral("run"),
                           QStringLiteral("A migration run directory whose write stop and load the verdicts "
                                          "take into account (read again before every sample)."),
                           QStringLiteral("DIR")));
    parser.addOption(
        QCommandLineOption(QStringLiteral("events"),
                           QStringLiteral("List the verdict changes kept in the cluster's history instead "
                                          "of sampling.")));
    parser.addOption(
        QCommandLineOption(QStringLiteral("since"),
                           QStringLiteral("With --events: from this time on (ISO 8601, or 30m, 2h, 7d "
                                          "back from now; default 24h)."),
                           QStringLiteral("WHEN")));
    parser.addOption(QCommandLineOption(QStringLiteral("data-source"),
                                        QStringLiteral("With --events: only this data source's changes."),
                                        QStringLiteral("NAME")));
    parser.addOption(
        QCommandLineOption(QStringLiteral("history"),
                           QStringLiteral("With --events: the history file (default: the console's and "
                                          "shardctl stats' file for the config)."),
                           QStringLiteral("FILE")));
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
    std::optional<RunActivity> run; // --run
};

// "2h", "30m", "45s", "7d" back from `now`, or an ISO 8601 time (local time without an offset).
std::optional<QDateTime> parseSince(const QString &text, const QDateTime &now)
{
    const QString t = text.trimmed();
    if (t.size() >= 2) {
        bool ok = false;
        const qint64 n = t.left(t.size() - 1).toLongLong(&ok);
        if (ok && n >= 0) {
            switch (t.back().toLatin1()) {
            case 's':
                return now.addSecs(-n);
            case 'm':
                return now.addSecs(-n * 60);
            case 'h':
                return now.addSecs(-n * 3600);
            case 'd':
                return now.addDays(-n);
            default:
                break;
            }
        }
    }
    const QDateTime at = QDateTime::fromString(t, Qt::ISODateWithMs);
    if (at.isValid())
        return at.toUTC();
    const QDate day = QDate::fromString(t, Qt::ISODate);
    if (day.isValid())
        return day.startOfDay().toUTC();
    return std::nullopt;
}

int listEvents(const QCommandLineParser &parser, const ShardingConfig &config, bool json, QTextStream &out,
               QTextStream &err)
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const QString sinceText =
        parser.isSet(QStringLiteral("since")) ? parser.value(QStringLiteral("since")) : QStringLiteral("24h");
    const std::optional<QDateTime> since = parseSince(sinceText, now);
    if (!since) {
        err << "shardctl health: --since " << printableName(sinceText.left(80))
            << ": expected an ISO 8601 time or 30m, 2h, 7d\n";
        return Usage;
    }
    const QString file = parser.isSet(QStringLiteral("history"))
                             ? parser.value(QStringLiteral("history"))
                             : StatsHistory::defaultPathFor(config.filePath);
    QList<HealthEvent> events;
    if (QFileInfo::exists(file)) {
        HealthHistory history(file);
        if (!history.isOpen()) {
            err << "shardctl health: " << printableName(history.lastError()) << '\n';
            return Findings;
        }
        events = history.events(*since, {}, parser.value(QStringLiteral("data-source")), 100000);
    }
    if (json) {
        QJsonArray list;
        for (const HealthEvent &e : std::as_const(events))
            list.append(eventJson(e));
        out << QString::fromUtf8(
            QJsonDocument(QJsonObject{{QStringLiteral("config"), config.filePath},
                                      {QStringLiteral("history"), file},
                                      {QStringLiteral("since"), since->toString(Qt::ISODateWithMs)},
                                      {QStringLiteral("events"), list}})
                .toJson(QJsonDocument::Indented));
        return Ok;
    }
    if (events.isEmpty()) {
        out << "no verdict change since " << since->toString(Qt::ISODate) << " in " << file << '\n';
        return Ok;
    }
    TextTable t({QStringLiteral("TIME (UTC)"), QStringLiteral("DATA SOURCE"), QStringLiteral("CHANGE"),
                 QStringLiteral("WHY")});
    for (const HealthEvent &e : std::as_const(events))
        t.add({e.at.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")), printableName(e.dataSource),
               verdictName(e.from) + QStringLiteral(" -> ") + verdictName(e.to),
               printableName(e.reason.text)});
    t.print(out);
    return Ok;
}

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
    QJsonObject o{{QStringLiteral("config"), config.filePath},
                  {QStringLiteral("takenAt"),
                   r.samples.isEmpty() ? QString() : r.samples.last().at.toString(Qt::ISODateWithMs)},
                  {QStringLiteral("allReachable"), allReachable},
                  {QStringLiteral("worst"), verdictName(r.worst)},
                  {QStringLiteral("sampleSeconds"), sampleSec},
                  {QStringLiteral("instances"), instances},
                  {QStringLiteral("notes"), notes},
                  {QStringLiteral("thresholds"), thresholds}};
    if (r.run)
        o.insert(QStringLiteral("run"), runJson(*r.run));
    return o;
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
            if (f.metric != QLatin1String("up") && f.metric != QLatin1String("access"))
                reasons.append(verdictName(f.level) + QStringLiteral(": ") + printableName(f.reason.text));
        if (!h.reachable) {
            const bool denied = serverStateOf(h) == ServerState::AccessDenied;
            t.add({name, addr, denied ? QStringLiteral("DENIED") : QStringLiteral("DOWN"), QString(),
                   QString(), QString(), QString(), QString(), QString(), QString(), QString(), QString(),
                   QString(), verdictName(v.verdict)});
            problems.append(serverStateName(serverStateOf(h)) + QStringLiteral(": ") + name +
                            QStringLiteral(": ") + printableName(h.error));
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
        out << line << '\n';
    for (const QString &line : reasons)
        out << line << '\n';
    if (r.run)
        out << printableName(describeRun(*r.run)) << '\n';
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
            p += serverStateOf(s.server) == ServerState::AccessDenied ? QStringLiteral(" DENIED")
                                                                      : QStringLiteral(" DOWN");
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
    const bool json = parser.isSet(QStringLiteral("json"));
    if (parser.isSet(QStringLiteral("events")))
        return listEvents(parser, p.config, json, out, err);
    for (const char *onlyWithEvents : {"since", "data-source", "history"})
        if (parser.isSet(QString::fromLatin1(onlyWithEvents))) {
            err << "shardctl health: --" << onlyWithEvents << " needs --events\n";
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
    std::unique_ptr<RunFollower> follower;
    if (parser.isSet(QStringLiteral("run"))) {
        follower = std::make_unique<RunFollower>(parser.value(QStringLiteral("run")));
        RunActivity probe;
        QString why;
        if (!follower->read(&probe, &why)) {
            err << "shardctl health: --run: " << printableName(why) << '\n';
            return Usage;
        }
    }
    QList<QList<HealthSample>> recent; // per data source, for the threads-running duration
    for (int i = 0; i < pollers.size(); ++i)
        recent.append(QList<HealthSample>());

    auto takeRound = [&]() {
        Round r;
        r.samples = HealthMonitor::sampleOnce(pollers);
        if (follower) {
            RunActivity run;
            QString why;
            if (follower->read(&run, &why))
                r.run = run;
            else
                err << "shardctl health: --run: " << printableName(why) << '\n';
        }
        const RunActivity none;
        for (int i = 0; i < r.samples.size(); ++i) {
            QList<HealthSample> &hist = recent[i];
            // A one-shot run judges the values it sees; --watch lets a threads-running peak prove it lasts.
            r.verdicts.append(evaluate(r.samples.at(i), thresholds,
                                       watchSec > 0 ? hist : QList<HealthSample>(), r.run ? *r.run : none));
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
