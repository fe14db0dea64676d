// The health dashboard's core without a server: rates from counter deltas (the monitor's own
// statements taken out, restarts, short samples), thresholds (defaults, changes, refusals),
// verdicts and their words, the privilege note said once, the JSON keeping `shardctl health`'s
// fields, and health samples in the history database.
#include "core/health/HealthHistory.h"
#include "core/health/HealthJson.h"
#include "core/health/HealthVerdict.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

using namespace sp;
using namespace sp::health;

namespace {

HealthSample up(const QString &ds, qint64 steadyMs, qint64 uptime = 1000)
{
    HealthSample s;
    s.server.dataSource = ds;
    s.server.host = QStringLiteral("127.0.0.1");
    s.server.port = 3306;
    s.server.reachable = true;
    s.server.version = QStringLiteral("10.11.6-MariaDB");
    s.server.uptimeSeconds = uptime;
    s.server.connections = 5;
    s.server.maxConnections = 100;
    s.threadsRunning = 1;
    s.steadyMs = steadyMs;
    s.at = QDateTime(QDate(2026, 12, 1), QTime(6, 0), Qt::UTC).addMSecs(steadyMs);
    s.counters.questions = 1000;
    s.counters.comCommit = 100;
    s.counters.comRollback = 10;
    s.counters.bufferPoolReadRequests = 100000;
    s.counters.bufferPoolReads = 100;
    s.counters.rowLockWaits = 0;
    s.counters.deadlocks = 0;
    s.counters.abortedConnects = 0;
    s.counters.abortedClients = 0;
    return s;
}

HealthSample down(const QString &ds, const QString &error)
{
    HealthSample s;
    s.server.dataSource = ds;
    s.server.error = error;
    return s;
}

} // namespace

class TestHealth : public QObject
{
    Q_OBJECT
private slots:
    void ratesFromDeltas()
    {
        HealthSample a = up(QStringLiteral("db0"), 10000);
        HealthSample b = up(QStringLiteral("db0"), 15000, 1005);
        b.counters.questions = 1000 + 505; // 5 of them the monitor's own
        b.counters.ownStatements = 5;
        b.counters.comCommit = 100 + 40;
        b.counters.comRollback = 10 + 10;
        b.counters.bufferPoolReadRequests = 100000 + 10000;
        b.counters.bufferPoolReads = 100 + 100;
        b.counters.rowLockWaits = 50;
        computeRates(a, b);
        QCOMPARE(b.intervalSec, 5.0);
        QCOMPARE(b.qps, 100.0);
        QCOMPARE(b.tps, 10.0);
        QCOMPARE(b.bufferPoolHitRatio, 0.99);
        QVERIFY(!b.hitRatioSinceStart);
        QCOMPARE(b.rowLockWaitsPerSec, 10.0);
        QCOMPARE(b.deadlocksPerMin, 0.0);
    }

    void tpsCountsAutocommittedWritesThroughTheBinlog()
    {
        // With a binary log: its commits (autocommitted writes too) and the rollbacks; an explicit
        // read-only COMMIT (in Com_commit only) is no write.
        HealthSample a = up(QStringLiteral("db0"), 10000);
        HealthSample b = up(QStringLiteral("db0"), 15000, 1005);
        a.counters.binlogCommits = 500;
        b.counters.binlogCommits = 500 + 75;
        b.counters.comCommit = 100 + 40;
        b.counters.comRollback = 10 + 10;
        computeRates(a, b);
        QCOMPARE(b.tps, 17.0);
        // Without one (the counter unknown on either side): COMMIT and ROLLBACK statements.
        HealthSample c = up(QStringLiteral("db0"), 20000, 1010);
        c.counters.comCommit = 140 + 25;
        c.counters.comRollback = 20;
        computeRates(b, c);
        QCOMPARE(c.tps, 5.0);
    }

    void idleServerHasZeroQps()
    {
        // Only the monitor's statements between the two readings: 0, not "5 statements / 5 s".
        HealthSample a = up(QStringLiteral("db0"), 0);
        HealthSample b = up(QStringLiteral("db0"), 5000, 1005);
        b.counters.questions = a.counters.questions + 5;
        b.counters.ownStatements = 5;
        computeRates(a, b);
        QCOMPARE(b.qps, 0.0);
    }

    void restartLeavesRatesUnknown()
    {
        HealthSample a = up(QStringLiteral("db0"), 0, 1000);
        HealthSample b = up(QStringLiteral("db0"), 5000, 3); // uptime went back: restarted
        b.counters.questions = 10;
        computeRates(a, b);
        QCOMPARE(b.qps, -1.0);
        QCOMPARE(b.tps, -1.0);
        // A counter that went back (FLUSH STATUS) leaves that rate unknown, the others stay.
        HealthSample c = up(QStringLiteral("db0"), 5000, 1005);
        c.counters.questions = 10;
        c.counters.comCommit = 150;
        computeRates(a, c);
        QCOMPARE(c.qps, -1.0);
        QCOMPARE(c.tps, 10.0);
        // Down on either side: no rates.
        HealthSample d = down(QStringLiteral("db0"), QStringLiteral("gone"));
        HealthSample e = up(QStringLiteral("db0"), 5000);
        computeRates(d, e);
        QCOMPARE(e.qps, -1.0);
    }

    void shortSamplesDoNotMultiplyEvents()
    {
        // One deadlock and one aborted connection in a 1 s sample are one per minute, not sixty.
        HealthSample a = up(QStringLiteral("db0"), 0);
        HealthSample b = up(QStringLiteral("db0"), 1000, 1001);
        b.counters.deadlocks = 1;
        b.counters.abortedConnects = 1;
        b.counters.bufferPoolReadRequests = a.counters.bufferPoolReadRequests + 10; // too few to judge
        b.counters.bufferPoolReads = a.counters.bufferPoolReads + 5;
        computeRates(a, b);
        QCOMPARE(b.deadlocksPerMin, 1.0);
        QCOMPARE(b.abortedPerMin, 1.0);
        QVERIFY(b.hitRatioSinceStart);
        const ShardVerdict v = evaluate(b, HealthThresholds());
        QCOMPARE(v.verdict, Verdict::Yellow); // one deadlock a minute is the yellow default
        QCOMPARE(v.findings.size(), 1);
        QCOMPARE(v.findings.first().metric, QStringLiteral("deadlocks"));
        // Over two minutes, 4 deadlocks are 2 a minute.
        HealthSample c = up(QStringLiteral("db0"), 120000, 1120);
        c.counters.deadlocks = 4;
        computeRates(a, c);
        QCOMPARE(c.deadlocksPerMin, 2.0);
    }

    void thresholdDefaultsAndChanges()
    {
        HealthThresholds t;
        QCOMPARE(t.connectionsYellowPct, 80.0);
        QCOMPARE(t.lagRedSec, qint64(300));
        const QMap<QString, double> m = t.toMap();
        QCOMPARE(m.value(QStringLiteral("threadsRunningRed")), 64.0);
        QVERIFY(m.contains(QStringLiteral("readOnlyPrimaryYellow")));
        QString error;
        QVERIFY(t.apply({{QStringLiteral("lagYellowSec"), 5}, {QStringLiteral("lagRedSec"), 60}}, &error));
        QCOMPARE(t.lagYellowSec, qint64(5));
        QCOMPARE(t.lagRedSec, qint64(60));
        // Round trip through the map.
        HealthThresholds u;
        QVERIFY(u.apply(t.toMap(), &error));
        QVERIFY(u == t);
        // Refused, nothing changed.
        const HealthThresholds before = t;
        QVERIFY(!t.apply({{QStringLiteral("noSuchThing"), 1}}, &error));
        QVERIFY2(error.contains(QStringLiteral("noSuchThing")), qPrintable(error));
        QVERIFY(!t.apply({{QStringLiteral("connectionsRedPct"), 150}}, &error));
        QVERIFY2(error.contains(QStringLiteral("outside")), qPrintable(error));
        QVERIFY(!t.apply({{QStringLiteral("lagYellowSec"), 100}}, &error)); // beyond red (60)
        QVERIFY2(error.contains(QStringLiteral("lag")), qPrintable(error));
        QVERIFY(!t.apply({{QStringLiteral("hitRatioRedPct"), 99.5}}, &error)); // above yellow (99)
        QVERIFY(!t.apply({{QStringLiteral("lagRedSec"), qQNaN()}}, &error));
        QVERIFY(t == before);
    }

    void verdictsAndWords_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("expected");
        QTest::addColumn<QString>("metric");
        QTest::addColumn<QString>("reason");
        QTest::newRow("green") << 0 << int(Verdict::Green) << QString() << QStringLiteral("db2: within thresholds");
        QTest::newRow("down") << 1 << int(Verdict::Red) << QStringLiteral("up")
                              << QStringLiteral("db2: down (Can't connect to server on '127.0.0.1' (111))");
        QTest::newRow("connections yellow") << 2 << int(Verdict::Yellow) << QStringLiteral("connections")
                                            << QStringLiteral("db2: 85 of 100 connections in use");
        QTest::newRow("connections red") << 3 << int(Verdict::Red) << QStringLiteral("connections")
                                         << QStringLiteral("db2: 98 of 100 connections in use");
        QTest::newRow("threads running") << 4 << int(Verdict::Yellow) << QStringLiteral("threadsRunning")
                                         << QStringLiteral("db2: 48 threads running");
        QTest::newRow("lag yellow") << 5 << int(Verdict::Yellow) << QStringLiteral("lag")
                                    << QStringLiteral("db2: replica 45 s behind");
        QTest::newRow("lag red") << 6 << int(Verdict::Red) << QStringLiteral("lag")
                                 << QStringLiteral("db2: replica 301 s behind");
        QTest::newRow("replication stopped") << 7 << int(Verdict::Red) << QStringLiteral("replication")
                                             << QStringLiteral("db2: replication stopped (IO: No, SQL: Yes)");
        QTest::newRow("read only primary") << 8 << int(Verdict::Yellow) << QStringLiteral("readOnly")
                                           << QStringLiteral("db2: read_only is ON but the server is not a replica");
        QTest::newRow("hit ratio") << 9 << int(Verdict::Red) << QStringLiteral("hitRatio")
                                   << QStringLiteral("db2: buffer pool hit ratio 90.0%");
        QTest::newRow("binlog") << 10 << int(Verdict::Yellow) << QStringLiteral("binlog")
                                << QStringLiteral("db2: binary logs take 25.0 GiB");
        QTest::newRow("row lock waits") << 11 << int(Verdict::Red) << QStringLiteral("rowLockWaits")
                                        << QStringLiteral("db2: 150 row lock waits per second");
        QTest::newRow("aborted") << 12 << int(Verdict::Yellow) << QStringLiteral("aborted")
                                 << QStringLiteral("db2: 12 aborted connections per minute");
        QTest::newRow("no sample yet") << 13 << int(Verdict::Unknown) << QString() << QStringLiteral("db2: no sample yet");
    }

    void verdictsAndWords()
    {
        QFETCH(int, kind);
        QFETCH(int, expected);
        QFETCH(QString, metric);
        QFETCH(QString, reason);
        HealthSample s = up(QStringLiteral("db2"), 5000);
        switch (kind) {
        case 1: s = down(QStringLiteral("db2"), QStringLiteral("Can't connect to server on '127.0.0.1' (111)")); break;
        case 2: s.server.connections = 85; break;
        case 3: s.server.connections = 98; break;
        case 4: s.threadsRunning = 48; break;
        case 5: case 6: case 7:
            s.server.isReplica = true;
            s.replicaIoRunning = kind != 7;
            s.replicaSqlRunning = true;
            s.server.replicaState = QStringLiteral("IO: No, SQL: Yes");
            s.server.replicaLagSeconds = kind == 5 ? 45 : 301;
            break;
        case 8: s.server.readOnly = true; break;
        case 9: s.bufferPoolHitRatio = 0.9; break;
        case 10: s.binlogBytes = qint64(25) * 1024 * 1024 * 1024; break;
        case 11: s.rowLockWaitsPerSec = 150; break;
        case 12: s.abortedPerMin = 12; break;
        case 13: s = down(QStringLiteral("db2"), QStringLiteral("waiting for the first sample")); break;
        default: break;
        }
        const ShardVerdict v = evaluate(s, HealthThresholds());
        QCOMPARE(int(v.verdict), expected);
        QCOMPARE(v.reason.text, reason);
        QVERIFY(!v.reason.source.isEmpty()); // a template for the console's translation
        if (!metric.isEmpty())
            QCOMPARE(v.findings.first().metric, metric);
        else
            QVERIFY(v.findings.isEmpty());
    }

    void threadsRunningMustLast()
    {
        // With history, a peak counts once it has lasted threadsRunningSustainSec (default 10 s).
        HealthThresholds t;
        QList<HealthSample> recent;
        for (int i = 0; i <= 6; ++i) {
            HealthSample s = up(QStringLiteral("db2"), 1000 + i * 5000);
            s.threadsRunning = i == 0 ? 2 : 48;
            recent.append(s);
        }
        // The second high sample: 0 s above (since the first high one) -> not yet.
        QCOMPARE(evaluate(recent.at(1), t, recent.mid(0, 2)).verdict, Verdict::Green);
        QCOMPARE(evaluate(recent.at(2), t, recent.mid(0, 3)).verdict, Verdict::Green); // 5 s
        const ShardVerdict v = evaluate(recent.at(3), t, recent.mid(0, 4));          // 10 s
        QCOMPARE(v.verdict, Verdict::Yellow);
        QCOMPARE(v.reason.text, QStringLiteral("db2: 48 threads running for 10 s"));
        const ShardVerdict w = evaluate(recent.at(6), t, recent);
        QCOMPARE(w.reason.text, QStringLiteral("db2: 48 threads running for 25 s"));
        QCOMPARE(w.reason.source, QStringLiteral("%1: %2 threads running for %3 s"));
        // A red value is red, with the same words.
        recent[6].threadsRunning = 70;
        QCOMPARE(evaluate(recent.at(6), t, recent).verdict, Verdict::Red);
    }

    void worstFindingFirst()
    {
        HealthSample s = up(QStringLiteral("db1"), 0);
        s.server.connections = 85;     // yellow
        s.rowLockWaitsPerSec = 500;    // red
        s.abortedPerMin = 20;          // yellow
        const ShardVerdict v = evaluate(s, HealthThresholds());
        QCOMPARE(v.verdict, Verdict::Red);
        QCOMPARE(v.findings.size(), 3);
        QCOMPARE(v.findings.first().metric, QStringLiteral("rowLockWaits"));
        QCOMPARE(v.reason.text, v.findings.first().reason.text);
        QList<ShardVerdict> all{evaluate(up(QStringLiteral("db0"), 0), HealthThresholds()), v};
        QCOMPARE(worst(all), Verdict::Red);
        QCOMPARE(worst({}), Verdict::Unknown);
        QCOMPARE(parseVerdict(QStringLiteral("yellow")), std::optional<Verdict>(Verdict::Yellow));
        QVERIFY(!parseVerdict(QStringLiteral("purple")));
    }

    void privilegeSaidOnce()
    {
        QList<HealthSample> samples;
        for (const char *ds : {"db0", "db1", "db2"}) {
            HealthSample s = up(QString::fromLatin1(ds), 0);
            s.replicaNoPrivilege = true;
            s.binlogNoPrivilege = QLatin1String(ds) == QLatin1String("db1");
            samples.append(s);
        }
        samples.append(down(QStringLiteral("db3"), QStringLiteral("gone")));
        const QList<Text> notes = privilegeNotes(samples, false);
        QCOMPARE(notes.size(), 3);
        QCOMPARE(notes.at(0).text, QStringLiteral("replica status not read on db0, db1, db2: the account lacks SLAVE "
                                                  "MONITOR (REPLICATION CLIENT on MySQL); shown as 'no privilege'"));
        QVERIFY(notes.at(1).text.startsWith(QStringLiteral("binary logs not listed on db1:")));
        QVERIFY(notes.at(2).text.contains(QStringLiteral("--monitor-user")));
        QCOMPARE(privilegeNotes(samples, true).size(), 2); // with a monitor account: no hint
        QVERIFY(privilegeNotes({up(QStringLiteral("db0"), 0)}, false).isEmpty());
    }

    void jsonKeepsTodaysFields()
    {
        HealthSample a = up(QStringLiteral("db0"), 0);
        HealthSample s = up(QStringLiteral("db0"), 1000);
        s.counters.questions += 42;
        s.account = QStringLiteral("monitor");
        s.largestTables.append(TableSize{QStringLiteral("t_messages_0"), 1200, 65536, 20, true});
        computeRates(a, s);
        const QJsonObject o = sampleJson(s, evaluate(s, HealthThresholds()));
        for (const char *key : {"dataSource", "host", "port", "reachable", "version", "uptimeSeconds", "readOnly",
                                "logBin", "binlogFormat", "binlogRowImage", "serverId", "isReplica",
                                "replicaLagSeconds", "replicaState", "connections", "maxConnections"})
            QVERIFY2(o.contains(QLatin1String(key)), key);
        QCOMPARE(o.value(QStringLiteral("qps")).toDouble(), 42.0);
        QCOMPARE(o.value(QStringLiteral("verdict")).toString(), QStringLiteral("green"));
        QCOMPARE(o.value(QStringLiteral("largestTables")).toArray().at(0).toObject().value(QStringLiteral("rowsDelta")).toInt(), 20);
        const QJsonObject d = sampleJson(down(QStringLiteral("db1"), QStringLiteral("gone")),
                                         evaluate(down(QStringLiteral("db1"), QStringLiteral("gone")), HealthThresholds()));
        QCOMPARE(d.value(QStringLiteral("verdict")).toString(), QStringLiteral("red"));
        QCOMPARE(d.value(QStringLiteral("error")).toString(), QStringLiteral("gone"));
        QVERIFY(!QJsonDocument(o).toJson().contains("password"));
    }

    void historyRoundTrip()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("h/cluster.sqlite"));
        HealthSample a = up(QStringLiteral("db0"), 0);
        HealthSample b = up(QStringLiteral("db0"), 5000);
        b.counters.questions += 500;
        computeRates(a, b);
        b.server.replicaLagSeconds = 7;
        HealthSample c = down(QStringLiteral("db1"), QStringLiteral("gone"));
        c.at = b.at;
        {
            HealthHistory h(path);
            QVERIFY2(h.isOpen(), qPrintable(h.lastError()));
            QVERIFY(h.record({b, c}, {evaluate(b, HealthThresholds()), evaluate(c, HealthThresholds())}));
        }
        HealthHistory h(path); // reopened: the samples are kept
        QVERIFY(h.isOpen());
        QCOMPARE(h.dataSources(), QStringList({QStringLiteral("db0"), QStringLiteral("db1")}));
        const QList<LoadPoint> s0 = h.series(QStringLiteral("db0"));
        QCOMPARE(s0.size(), 1);
        QCOMPARE(s0.first().qps, 100.0);
        QCOMPARE(s0.first().lagSeconds, qint64(7));
        QCOMPARE(s0.first().verdict, Verdict::Green);
        QCOMPARE(s0.first().time, b.at);
        const QList<LoadPoint> s1 = h.series(QStringLiteral("db1"));
        QCOMPARE(s1.size(), 1);
        QVERIFY(!s1.first().up);
        QCOMPARE(s1.first().verdict, Verdict::Red);
        QCOMPARE(s1.first().qps, -1.0);
        QVERIFY(h.series(QStringLiteral("db0"), b.at.addSecs(1)).isEmpty());
        // Retention: kept for kKeepDays, older samples pruned.
        QCOMPARE(h.pruneKeeping(HealthHistory::kKeepDays, b.at.addDays(HealthHistory::kKeepDays - 1)), 0);
        QCOMPARE(h.dataSources().size(), 2);
        QCOMPARE(h.pruneKeeping(HealthHistory::kKeepDays, b.at.addDays(HealthHistory::kKeepDays).addSecs(1)), 2);
        QVERIFY(h.dataSources().isEmpty());
        QVERIFY(h.record({b}, {evaluate(b, HealthThresholds())}));
        QCOMPARE(h.prune(b.at.addSecs(1)), 1);
        QVERIFY(h.dataSources().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestHealth)
#include "tst_health.moc"
