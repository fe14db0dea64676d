#include "core/health/HealthJson.h"

#include "core/analysis/SnapshotJson.h"

#include <QJsonArray>

namespace sp::health {

namespace {

QJsonValue rate(double v)
{
    return v < 0 ? QJsonValue() : QJsonValue(qRound64(v * 1000) / 1000.0);
}

QJsonValue count(qint64 v)
{
    return v < 0 ? QJsonValue() : QJsonValue(double(v));
}

} // namespace

QJsonObject sampleJson(const HealthSample &s, const ShardVerdict &v)
{
    QJsonObject o = instanceJson(s.server);
    o.insert(QStringLiteral("sampledAt"), s.at.toString(Qt::ISODateWithMs));
    o.insert(QStringLiteral("verdict"), verdictName(v.verdict));
    o.insert(QStringLiteral("reason"), v.reason.text);
    QJsonArray findings;
    for (const Finding &f : v.findings)
        findings.append(QJsonObject{{QStringLiteral("level"), verdictName(f.level)},
                                    {QStringLiteral("metric"), f.metric},
                                    {QStringLiteral("reason"), f.reason.text}});
    o.insert(QStringLiteral("findings"), findings);
    if (!v.runNote.isEmpty())
        o.insert(QStringLiteral("run"),
                 QJsonObject{{QStringLiteral("id"), v.runId}, {QStringLiteral("note"), v.runNote.text}});
    o.insert(QStringLiteral("pollMs"), double(s.pollMs));
    if (!s.up())
        return o;
    o.insert(QStringLiteral("account"), s.account);
    o.insert(QStringLiteral("intervalSeconds"), rate(s.intervalSec > 0 ? s.intervalSec : -1));
    o.insert(QStringLiteral("qps"), rate(s.qps));
    o.insert(QStringLiteral("tps"), rate(s.tps));
    o.insert(QStringLiteral("threadsConnected"), count(s.server.connections));
    o.insert(QStringLiteral("threadsRunning"), count(s.threadsRunning));
    o.insert(QStringLiteral("bufferPoolHitRatio"), rate(s.bufferPoolHitRatio));
    o.insert(QStringLiteral("rowLockWaitsPerSecond"), rate(s.rowLockWaitsPerSec));
    o.insert(QStringLiteral("deadlocksPerMinute"), rate(s.deadlocksPerMin));
    o.insert(QStringLiteral("abortedConnectionsPerMinute"), rate(s.abortedPerMin));
    o.insert(QStringLiteral("counters"),
             QJsonObject{{QStringLiteral("questions"), count(s.counters.questions)},
                         {QStringLiteral("comCommit"), count(s.counters.comCommit)},
                         {QStringLiteral("comRollback"), count(s.counters.comRollback)},
                         {QStringLiteral("binlogCommits"), count(s.counters.binlogCommits)},
                         {QStringLiteral("rowLockWaits"), count(s.counters.rowLockWaits)},
                         {QStringLiteral("deadlocks"), count(s.counters.deadlocks)},
                         {QStringLiteral("abortedConnects"), count(s.counters.abortedConnects)},
                         {QStringLiteral("abortedClients"), count(s.counters.abortedClients)}});
    if (s.server.isReplica)
        o.insert(QStringLiteral("replication"),
                 QJsonObject{{QStringLiteral("ioRunning"), s.replicaIoRunning},
                             {QStringLiteral("sqlRunning"), s.replicaSqlRunning},
                             {QStringLiteral("gtidPosition"), s.gtidPosition}});
    QJsonObject binlog{{QStringLiteral("retentionSeconds"), count(s.binlogRetentionSec)}};
    if (s.binlogNoPrivilege) {
        binlog.insert(QStringLiteral("files"), QStringLiteral("no privilege"));
    } else if (s.binlogFiles >= 0) {
        binlog.insert(QStringLiteral("bytes"), count(s.binlogBytes));
        binlog.insert(QStringLiteral("files"), s.binlogFiles);
        binlog.insert(QStringLiteral("oldest"), s.oldestBinlog);
    }
    o.insert(QStringLiteral("binlog"), binlog);
    QJsonArray tables;
    for (const TableSize &t : s.largestTables) {
        QJsonObject to{{QStringLiteral("table"), t.table},
                       {QStringLiteral("rows"), count(t.rows)},
                       {QStringLiteral("bytes"), count(t.bytes)}};
        if (t.hasDelta)
            to.insert(QStringLiteral("rowsDelta"), double(t.rowsDelta));
        tables.append(to);
    }
    o.insert(QStringLiteral("largestTables"), tables);
    return o;
}

QJsonObject eventJson(const HealthEvent &e)
{
    QJsonObject o{{QStringLiteral("at"), e.at.toUTC().toString(Qt::ISODateWithMs)},
                  {QStringLiteral("dataSource"), e.dataSource},
                  {QStringLiteral("from"), verdictName(e.from)},
                  {QStringLiteral("to"), verdictName(e.to)},
                  {QStringLiteral("reason"), e.reason.text}};
    if (!e.runId.isEmpty())
        o.insert(QStringLiteral("runId"), e.runId);
    return o;
}

namespace {
QJsonArray serversJson(const QList<RunServer> &servers)
{
    QJsonArray a;
    for (const RunServer &s : servers) {
        QJsonObject o{{QStringLiteral("dataSource"), s.dataSource}};
        if (!s.host.isEmpty()) {
            o.insert(QStringLiteral("host"), s.host);
            o.insert(QStringLiteral("port"), s.port);
        }
        a.append(o);
    }
    return a;
}
} // namespace

QJsonObject runJson(const RunActivity &run)
{
    QJsonObject o{{QStringLiteral("id"), run.runId},
                  {QStringLiteral("dir"), run.dir},
                  {QStringLiteral("step"), run.step},
                  {QStringLiteral("running"), run.running},
                  {QStringLiteral("writesStopped"), run.writesStopped},
                  {QStringLiteral("work"), RunActivity::workName(run.work)}};
    if (run.writesStopped) {
        o.insert(QStringLiteral("writeStopSince"), run.writeStopSince.toUTC().toString(Qt::ISODateWithMs));
        o.insert(QStringLiteral("stoppedServers"), serversJson(run.stopped));
    }
    if (run.work != RunActivity::Work::None)
        o.insert(QStringLiteral("loadedServers"), serversJson(run.loaded));
    return o;
}

} // namespace sp::health
