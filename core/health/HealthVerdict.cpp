#include "core/health/HealthVerdict.h"

#include "core/cluster/ServerState.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace sp::health {

QString verdictName(Verdict v)
{
    switch (v) {
    case Verdict::Green:
        return QStringLiteral("green");
    case Verdict::Yellow:
        return QStringLiteral("yellow");
    case Verdict::Red:
        return QStringLiteral("red");
    case Verdict::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

std::optional<Verdict> parseVerdict(const QString &name)
{
    for (Verdict v : {Verdict::Unknown, Verdict::Green, Verdict::Yellow, Verdict::Red})
        if (verdictName(v) == name)
            return v;
    return std::nullopt;
}

QString formatRate(double v)
{
    if (v < 0 || !std::isfinite(v))
        return QStringLiteral("-");
    const QLocale en(QLocale::English);
    if (v < 10)
        return en.toString(v, 'f', 1);
    return en.toString(qint64(std::llround(v)));
}

namespace {

struct Field
{
    const char *name;
    double HealthThresholds::*dbl;
    int HealthThresholds::*integer;
    qint64 HealthThresholds::*int64;
    double min;
    double max;
};

const Field kFields[] = {
    {"connectionsYellowPct", &HealthThresholds::connectionsYellowPct, nullptr, nullptr, 1, 100},
    {"connectionsRedPct", &HealthThresholds::connectionsRedPct, nullptr, nullptr, 1, 100},
    {"threadsRunningYellow", nullptr, &HealthThresholds::threadsRunningYellow, nullptr, 1, 100000},
    {"threadsRunningRed", nullptr, &HealthThresholds::threadsRunningRed, nullptr, 1, 100000},
    {"threadsRunningSustainSec", nullptr, &HealthThresholds::threadsRunningSustainSec, nullptr, 0, 3600},
    {"lagYellowSec", nullptr, nullptr, &HealthThresholds::lagYellowSec, 0, 86400 * 30},
    {"lagRedSec", nullptr, nullptr, &HealthThresholds::lagRedSec, 0, 86400 * 30},
    {"hitRatioYellowPct", &HealthThresholds::hitRatioYellowPct, nullptr, nullptr, 0, 100},
    {"hitRatioRedPct", &HealthThresholds::hitRatioRedPct, nullptr, nullptr, 0, 100},
    {"deadlocksPerMinYellow", &HealthThresholds::deadlocksPerMinYellow, nullptr, nullptr, 0, 1e9},
    {"deadlocksPerMinRed", &HealthThresholds::deadlocksPerMinRed, nullptr, nullptr, 0, 1e9},
    {"rowLockWaitsPerSecYellow", &HealthThresholds::rowLockWaitsPerSecYellow, nullptr, nullptr, 0, 1e9},
    {"rowLockWaitsPerSecRed", &HealthThresholds::rowLockWaitsPerSecRed, nullptr, nullptr, 0, 1e9},
    {"abortedPerMinYellow", &HealthThresholds::abortedPerMinYellow, nullptr, nullptr, 0, 1e9},
    {"abortedPerMinRed", &HealthThresholds::abortedPerMinRed, nullptr, nullptr, 0, 1e9},
    {"binlogGiBYellow", &HealthThresholds::binlogGiBYellow, nullptr, nullptr, 0, 1e6},
    {"binlogGiBRed", &HealthThresholds::binlogGiBRed, nullptr, nullptr, 0, 1e6},
};

double get(const HealthThresholds &t, const Field &f)
{
    if (f.dbl)
        return t.*(f.dbl);
    if (f.integer)
        return t.*(f.integer);
    return double(t.*(f.int64));
}

void set(HealthThresholds &t, const Field &f, double v)
{
    if (f.dbl)
        t.*(f.dbl) = v;
    else if (f.integer)
        t.*(f.integer) = int(std::llround(v));
    else
        t.*(f.int64) = std::llround(v);
}

Text number(double v)
{
    return Text(formatRate(v));
}

} // namespace

QMap<QString, double> HealthThresholds::toMap() const
{
    QMap<QString, double> out;
    for (const Field &f : kFields)
        out.insert(QString::fromLatin1(f.name), get(*this, f));
    out.insert(QStringLiteral("readOnlyPrimaryYellow"), readOnlyPrimaryYellow ? 1 : 0);
    return out;
}

bool HealthThresholds::apply(const QMap<QString, double> &values, QString *error)
{
    HealthThresholds next = *this;
    for (auto it = values.constBegin(); it != values.constEnd(); ++it) {
        const double v = it.value();
        if (!std::isfinite(v)) {
            if (error)
                *error = QStringLiteral("%1: not a number").arg(it.key());
            return false;
        }
        if (it.key() == QLatin1String("readOnlyPrimaryYellow")) {
            next.readOnlyPrimaryYellow = v != 0;
            continue;
        }
        const Field *field = nullptr;
        for (const Field &f : kFields)
            if (it.key() == QLatin1String(f.name))
                field = &f;
        if (!field) {
            if (error)
                *error = QStringLiteral("unknown threshold '%1'").arg(it.key());
            return false;
        }
        if (v < field->min || v > field->max) {
            if (error)
                *error = QStringLiteral("%1: %2 is outside %3..%4")
                             .arg(it.key(), QString::number(v), QString::number(field->min), QString::number(field->max));
            return false;
        }
        set(next, *field, v);
    }
    auto order = [error](bool ok, const char *what) {
        if (!ok && error)
            *error = QString::fromLatin1(what);
        return ok;
    };
    // Higher is worse for every metric but the hit ratio, where lower is worse.
    if (!order(next.connectionsYellowPct <= next.connectionsRedPct, "connections: yellow must not exceed red") ||
        !order(next.threadsRunningYellow <= next.threadsRunningRed, "threads running: yellow must not exceed red") ||
        !order(next.lagYellowSec <= next.lagRedSec, "lag: yellow must not exceed red") ||
        !order(next.hitRatioYellowPct >= next.hitRatioRedPct, "hit ratio: yellow must not be below red") ||
        !order(next.deadlocksPerMinYellow <= next.deadlocksPerMinRed, "deadlocks: yellow must not exceed red") ||
        !order(next.rowLockWaitsPerSecYellow <= next.rowLockWaitsPerSecRed, "row lock waits: yellow must not exceed red") ||
        !order(next.abortedPerMinYellow <= next.abortedPerMinRed, "aborted connections: yellow must not exceed red") ||
        !order(next.binlogGiBYellow <= next.binlogGiBRed, "binary logs: yellow must not exceed red"))
        return false;
    *this = next;
    return true;
}

Text durationText(qint64 seconds)
{
    seconds = std::max<qint64>(0, seconds);
    if (seconds < 120)
        return msg("%1 s", {seconds});
    if (seconds < 2 * 3600)
        return msg("%1 min", {seconds / 60});
    return msg("%1 h", {seconds / 3600});
}

ShardVerdict evaluate(const HealthSample &s, const HealthThresholds &t, const QList<HealthSample> &recent,
                      const RunActivity &run)
{
    ShardVerdict v;
    v.dataSource = s.dataSource();
    const Text ds(s.dataSource());
    auto add = [&v](Verdict level, const char *metric, Text reason) {
        v.findings.append(Finding{level, QString::fromLatin1(metric), std::move(reason)});
    };
    auto level = [](double value, double yellow, double red) {
        return value >= red ? Verdict::Red : value >= yellow ? Verdict::Yellow : Verdict::Green;
    };

    const bool stopped = run.stops(s.server);
    const bool loaded = run.loads(s.server);
    if (stopped) {
        const Text id(run.runId);
        const Text lasted = durationText(
            run.writeStopSince.isValid() && s.at.isValid() ? run.writeStopSince.secsTo(s.at) : 0);
        // read_only stays ON until someone continues or rolls the run back: say when nobody runs it.
        add(Verdict::Yellow, "writeStop",
            run.running
                ? msg("%1: writes stopped by run %2 (%3, %4)", {ds, id, Text(run.step), lasted})
                : msg("%1: writes stopped by run %2 (%3, %4); no process runs it: continue or roll it back",
                      {ds, id, Text(run.step), lasted}));
    }
    if (stopped || loaded) {
        v.runId = run.runId;
        v.runNote = loaded ? msg("run %1 %2 here (%3)",
                                 {Text(run.runId), RunActivity::workPhrase(run.work), Text(run.step)})
                           : msg("run %1 stopped the writes here (%2)", {Text(run.runId), Text(run.step)});
    }

    if (!s.up()) {
        if (s.server.error == QLatin1String("waiting for the first sample") && !stopped) {
            v.verdict = Verdict::Unknown;
            v.reason = msg("%1: no sample yet", {ds});
            return v;
        }
        if (serverStateOf(s.server) == ServerState::AccessDenied)
            add(Verdict::Red, "access", msg("%1: access denied (%2)", {ds, Text(s.server.error)}));
        else if (s.server.error != QLatin1String("waiting for the first sample"))
            add(Verdict::Red, "up", msg("%1: down (%2)", {ds, Text(s.server.error)}));
    } else {
        if (const double used = s.connectionsUsed(); used >= 0) {
            const Verdict l = level(used * 100, t.connectionsYellowPct, t.connectionsRedPct);
            if (l != Verdict::Green)
                add(l, "connections",
                    msg("%1: %2 of %3 connections in use", {ds, s.server.connections, s.server.maxConnections}));
        }
        if (s.threadsRunning >= 0) {
            const Verdict l = level(s.threadsRunning, t.threadsRunningYellow, t.threadsRunningRed);
            if (l != Verdict::Green) {
                // How long it has been at least yellow, from the recent samples (newest last).
                qint64 since = s.steadyMs;
                bool history = false;
                for (auto it = recent.crbegin(); it != recent.crend(); ++it) {
                    if (it->steadyMs >= s.steadyMs)
                        continue;
                    history = true;
                    if (!it->up() || it->threadsRunning < t.threadsRunningYellow)
                        break;
                    since = it->steadyMs;
                }
                const qint64 forSec = (s.steadyMs - since) / 1000;
                if (!history || forSec >= t.threadsRunningSustainSec) {
                    if (forSec > 0)
                        add(l, "threadsRunning",
                            msg("%1: %2 threads running for %3 s", {ds, s.threadsRunning, forSec}));
                    else
                        add(l, "threadsRunning", msg("%1: %2 threads running", {ds, s.threadsRunning}));
                }
            }
        }
        if (s.server.isReplica) {
            if (!s.replicaIoRunning || !s.replicaSqlRunning)
                add(Verdict::Red, "replication", msg("%1: replication stopped (%2)", {ds, Text(s.server.replicaState)}));
            else if (!s.server.replicaLagSeconds)
                add(Verdict::Yellow, "lag", msg("%1: replica lag unknown", {ds}));
            else {
                const qint64 lag = *s.server.replicaLagSeconds;
                const Verdict l = level(double(lag), double(t.lagYellowSec), double(t.lagRedSec));
                if (l != Verdict::Green)
                    add(l, "lag", msg("%1: replica %2 s behind", {ds, lag}));
            }
        } else if (t.readOnlyPrimaryYellow && s.server.readOnly && !s.replicaNoPrivilege && !stopped) {
            add(Verdict::Yellow, "readOnly", msg("%1: read_only is ON but the server is not a replica", {ds}));
        }
        if (s.bufferPoolHitRatio >= 0 && !s.hitRatioSinceStart) {
            const double pct = s.bufferPoolHitRatio * 100;
            const Verdict l = pct < t.hitRatioRedPct ? Verdict::Red
                              : pct < t.hitRatioYellowPct ? Verdict::Yellow
                                                          : Verdict::Green;
            if (l != Verdict::Green)
                add(l, "hitRatio", msg("%1: buffer pool hit ratio %2%", {ds, Text(QString::number(pct, 'f', 1))}));
        }
        if (s.deadlocksPerMin > 0) {
            const Verdict l = level(s.deadlocksPerMin, t.deadlocksPerMinYellow, t.deadlocksPerMinRed);
            if (l != Verdict::Green)
                add(l, "deadlocks", msg("%1: %2 deadlocks per minute", {ds, number(s.deadlocksPerMin)}));
        }
        if (s.rowLockWaitsPerSec > 0) {
            const Verdict l = level(s.rowLockWaitsPerSec, t.rowLockWaitsPerSecYellow, t.rowLockWaitsPerSecRed);
            if (l != Verdict::Green)
                add(l, "rowLockWaits", msg("%1: %2 row lock waits per second", {ds, number(s.rowLockWaitsPerSec)}));
        }
        if (s.abortedPerMin > 0) {
            const Verdict l = level(s.abortedPerMin, t.abortedPerMinYellow, t.abortedPerMinRed);
            if (l != Verdict::Green)
                add(l, "aborted", msg("%1: %2 aborted connections per minute", {ds, number(s.abortedPerMin)}));
        }
        if (s.binlogBytes >= 0) {
            const double gib = double(s.binlogBytes) / (1024.0 * 1024 * 1024);
            const Verdict l = level(gib, t.binlogGiBYellow, t.binlogGiBRed);
            if (l != Verdict::Green)
                add(l, "binlog", msg("%1: binary logs take %2 GiB", {ds, Text(QString::number(gib, 'f', 1))}));
        }
    }

    // Load on a server the run copies, verifies or purges: the findings say it is the run's.
    if (loaded)
        for (Finding &f : v.findings)
            if (f.metric != QLatin1String("up") && f.metric != QLatin1String("access") &&
                f.metric != QLatin1String("replication") && f.metric != QLatin1String("writeStop"))
                f.reason =
                    msg("%1 (load of run %2, which %3: %4)",
                        {f.reason, Text(run.runId), RunActivity::workPhrase(run.work), Text(run.step)});

    std::stable_sort(v.findings.begin(), v.findings.end(),
                     [](const Finding &a, const Finding &b) { return int(a.level) > int(b.level); });
    if (v.findings.isEmpty()) {
        v.verdict = Verdict::Green;
        v.reason = v.runNote.isEmpty() ? msg("%1: within thresholds", {ds})
                                       : msg("%1: within thresholds; %2", {ds, v.runNote});
    } else {
        v.verdict = v.findings.first().level;
        v.reason = v.findings.first().reason;
    }
    return v;
}

Verdict worst(const QList<ShardVerdict> &verdicts)
{
    Verdict w = Verdict::Unknown;
    for (const ShardVerdict &v : verdicts)
        if (int(v.verdict) > int(w))
            w = v.verdict;
    return w;
}

std::optional<HealthEvent> verdictChange(const ShardVerdict &previous, const ShardVerdict &now,
                                         const QDateTime &at)
{
    if (now.verdict == previous.verdict || now.verdict == Verdict::Unknown)
        return std::nullopt;
    if (previous.verdict == Verdict::Unknown && now.verdict == Verdict::Green)
        return std::nullopt;
    HealthEvent e;
    e.at = at.toUTC();
    e.dataSource = now.dataSource;
    e.from = previous.verdict;
    e.to = now.verdict;
    e.reason = now.reason;
    e.runId = now.runId;
    return e;
}

QList<Text> privilegeNotes(const QList<HealthSample> &samples, bool monitorAccount)
{
    QList<Text> replica, binlog;
    for (const HealthSample &s : samples) {
        if (!s.up())
            continue;
        if (s.replicaNoPrivilege)
            replica.append(Text(s.dataSource()));
        if (s.binlogNoPrivilege)
            binlog.append(Text(s.dataSource()));
    }
    QList<Text> out;
    const QString sep = QStringLiteral(", ");
    if (!replica.isEmpty())
        out.append(msg("replica status not read on %1: the account lacks SLAVE MONITOR (REPLICATION CLIENT on "
                       "MySQL); shown as 'no privilege'",
                       {joined(replica, sep)}));
    if (!binlog.isEmpty())
        out.append(msg("binary logs not listed on %1: the account lacks BINLOG MONITOR (REPLICATION CLIENT on "
                       "MySQL); shown as 'no privilege'",
                       {joined(binlog, sep)}));
    if (!out.isEmpty() && !monitorAccount)
        out.append(msg("A monitor account with these privileges can be set for the cluster (shardctl health "
                       "--monitor-user, or the Health page's settings)."));
    return out;
}

} // namespace sp::health
