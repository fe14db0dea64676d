// StatsHistory on a temporary SQLite file: round trips, series, growth, several connections.
#include "core/analysis/Skew.h"
#include "core/analysis/Forecast.h"
#include "core/cluster/StatsHistory.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtConcurrent>
#include <QtTest>

using namespace sp;

namespace {
const QDateTime kT0(QDate(2026, 3, 1), QTime(12, 0), Qt::UTC);

TableStats table(const QString &ds, const QString &t, const QString &logic, qint64 est,
                 std::optional<qint64> exact = std::nullopt, qint64 data = 16384)
{
    TableStats s;
    s.node = DataNode{ds, t};
    s.logicTable = logic;
    s.estimatedRows = est;
    s.exactRows = exact;
    s.dataBytes = data;
    s.indexBytes = data < 0 ? -1 : 1024;
    s.autoIncrement = est + 1;
    return s;
}

// Two data sources, logic table t_m over db0.t_m_0, db0.t_m_1, db1.t_m_0, db1.t_m_1.
ClusterSnapshot snap(int day, qint64 base)
{
    ClusterSnapshot s;
    s.configPath = QStringLiteral("/etc/cluster.yaml");
    s.takenAt = kT0.addDays(day);
    s.exact = true;
    InstanceHealth a;
    a.dataSource = QStringLiteral("db0");
    a.host = QStringLiteral("127.0.0.1");
    a.port = 3307;
    a.reachable = true;
    a.version = QStringLiteral("10.11.6-MariaDB");
    a.uptimeSeconds = 1000 + qint64(day) * 86400; // up since before day 0
    a.logBin = true;
    a.binlogFormat = QStringLiteral("ROW");
    a.binlogRowImage = QStringLiteral("FULL");
    a.serverId = 7;
    a.isReplica = true;
    a.replicaLagSeconds = 3;
    a.replicaState = QStringLiteral("IO: Yes, SQL: Yes");
    a.connections = 4;
    a.maxConnections = 151;
    InstanceHealth b;
    b.dataSource = QStringLiteral("db1");
    b.host = QStringLiteral("127.0.0.1");
    b.port = 3308;
    b.reachable = false;
    b.error = QStringLiteral("Can't connect to server on '127.0.0.1' (111)");
    s.instances = {a, b};
    s.tables = {
        table(QStringLiteral("db0"), QStringLiteral("t_m_0"), QStringLiteral("t_m"), base - 5, base),
        table(QStringLiteral("db0"), QStringLiteral("t_m_1"), QStringLiteral("t_m"), base * 2),
        table(QStringLiteral("db1"), QStringLiteral("t_m_0"), QStringLiteral("t_m"), -1, std::nullopt, -1),
        table(QStringLiteral("db1"), QStringLiteral("t_m_1"), QStringLiteral("t_m"), 10),
        table(QStringLiteral("db0"), QStringLiteral("stray"), QString(), 99),
    };
    s.tables[3].existsOnServer = false; // the config names it, the server lacks it
    s.tables[4].knownToConfig = false;
    return s;
}
} // namespace

class TestHistory final : public QObject
{
    Q_OBJECT
private slots:
    void clusterId();
    void emptyHistory();
    void roundTrip();
    void series_data();
    void series();
    void exactAfterEstimatesIsNotGrowth();
    void growthSinceLastRefresh();
    void persistsAndSharesFile();
    void workerThreadOwnsItsConnection();
    void forecastNeverMixesExactAndEstimates();
    void prune();
    void corruptFileGivesError();
    void forecastFromHistory();
};

void TestHistory::clusterId()
{
    const QString a = StatsHistory::clusterId(QStringLiteral("/tmp/a/cluster.yaml"));
    QCOMPARE(a.size(), 16);
    QCOMPARE(StatsHistory::clusterId(QStringLiteral("/tmp/a/../a/cluster.yaml")), a);
    QVERIFY(StatsHistory::clusterId(QStringLiteral("/tmp/b/cluster.yaml")) != a);
    QCOMPARE(StatsHistory::defaultPathFor(QStringLiteral("/tmp/a/cluster.yaml"), QStringLiteral("/h")),
             QStringLiteral("/h/") + a + QStringLiteral(".sqlite"));
    qputenv("SHARDPILOT_HISTORY_DIR", "/somewhere/hist");
    QCOMPARE(StatsHistory::defaultDirectory(), QStringLiteral("/somewhere/hist"));
    qunsetenv("SHARDPILOT_HISTORY_DIR");
    QVERIFY(StatsHistory::defaultDirectory().endsWith(QStringLiteral("/history")));
}

void TestHistory::emptyHistory()
{
    QTemporaryDir dir;
    StatsHistory h(dir.filePath(QStringLiteral("sub/h.sqlite")));
    QVERIFY2(h.isOpen(), qPrintable(h.lastError()));
    QVERIFY(h.snapshots().isEmpty());
    QVERIFY(!h.latest());
    QVERIFY(!h.previous());
    QVERIFY(h.countsForNode(DataNode{QStringLiteral("db0"), QStringLiteral("t")}).isEmpty());
}

void TestHistory::roundTrip()
{
    QTemporaryDir dir;
    StatsHistory h(dir.filePath(QStringLiteral("h.sqlite")));
    QVERIFY2(h.isOpen(), qPrintable(h.lastError()));
    const ClusterSnapshot in = snap(0, 100);
    const qint64 id = h.record(in);
    QVERIFY2(id > 0, qPrintable(h.lastError()));

    const auto out = h.latest();
    QVERIFY(out);
    QVERIFY(!h.previous());
    QCOMPARE(out->takenAt, in.takenAt);
    QCOMPARE(out->configPath, in.configPath);
    QCOMPARE(out->exact, true);
    QCOMPARE(out->instances.size(), 2);
    const InstanceHealth &a = out->instances.at(0);
    QCOMPARE(a.dataSource, QStringLiteral("db0"));
    QCOMPARE(a.port, 3307);
    QVERIFY(a.reachable);
    QCOMPARE(a.uptimeSeconds, qint64(1000));
    QCOMPARE(a.binlogFormat, QStringLiteral("ROW"));
    QCOMPARE(a.serverId, qint64(7));
    QVERIFY(a.isReplica);
    QCOMPARE(a.replicaLagSeconds.value_or(-1), qint64(3));
    QCOMPARE(a.maxConnections, 151);
    const InstanceHealth &b = out->instances.at(1);
    QVERIFY(!b.reachable);
    QCOMPARE(b.error, in.instances.at(1).error);
    QVERIFY(!b.replicaLagSeconds);
    QCOMPARE(b.uptimeSeconds, qint64(-1));

    QCOMPARE(out->tables.size(), 5);
    QCOMPARE(out->tables.at(0).node.toString(), QStringLiteral("db0.t_m_0"));
    QCOMPARE(out->tables.at(0).exactRows.value_or(-1), qint64(100));
    QCOMPARE(out->tables.at(0).estimatedRows, qint64(95));
    QVERIFY(!out->tables.at(1).exactRows);
    QCOMPARE(out->tables.at(1).rows(), qint64(200));
    QCOMPARE(out->tables.at(2).estimatedRows, qint64(-1));
    QCOMPARE(out->tables.at(2).dataBytes, qint64(-1));
    QVERIFY(!out->tables.at(3).existsOnServer);
    QVERIFY(!out->tables.at(4).knownToConfig);
    QCOMPARE(out->tables.at(4).logicTable, QString());

    // Skew is recomputed: t_m has db0.t_m_0=100, db0.t_m_1=200 counted, two unknown.
    const QList<SkewStats> skew = Skew::forTables(out->tables); // derived from the stored counts
    QCOMPARE(skew.size(), 1);
    QCOMPARE(skew.at(0).logicTable, QStringLiteral("t_m"));
    QCOMPARE(skew.at(0).nodes, 2);
    QCOMPARE(skew.at(0).unknownNodes, 2);
    QCOMPARE(skew.at(0).max, qint64(200));
    QCOMPARE(skew.at(0).maxNode.toString(), QStringLiteral("db0.t_m_1"));
}

void TestHistory::series_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QList<qint64>>("exact");     // per point, -1: not every table counted exactly
    QTest::addColumn<QList<qint64>>("estimated"); // per point, -1: not every table estimated
    QTest::addColumn<QString>("unknown");         // unknownSources of every point
    // base 100, 150, 400 on days 0, 1, 3.
    QTest::addRow("node-exact") << QStringLiteral("node") << QStringLiteral("db0.t_m_0")
                                << QList<qint64>{100, 150, 400} << QList<qint64>{95, 145, 395} << QString();
    QTest::addRow("node-estimated") << QStringLiteral("node") << QStringLiteral("db0.t_m_1")
                                    << QList<qint64>{-1, -1, -1} << QList<qint64>{200, 300, 800} << QString();
    // An unreachable server's table: a point per snapshot that says so, never 0 or left out.
    QTest::addRow("node-unknown") << QStringLiteral("node") << QStringLiteral("db1.t_m_0")
                                  << QList<qint64>{-1, -1, -1} << QList<qint64>{-1, -1, -1}
                                  << QStringLiteral("db1");
    QTest::addRow("node-missing") << QStringLiteral("node") << QStringLiteral("db1.t_m_1") << QList<qint64>{}
                                  << QList<qint64>{} << QString();
    // t_m over db0.t_m_0 (exact), db0.t_m_1 (estimate only) and db1.t_m_0 (unreachable): neither
    // kind covers every table, so no sum (it was 300, 450, 1200: db1 left out, kinds mixed).
    QTest::addRow("logic") << QStringLiteral("logic") << QStringLiteral("t_m") << QList<qint64>{-1, -1, -1}
                           << QList<qint64>{-1, -1, -1} << QStringLiteral("db1");
    // db0 includes the table the config does not know (99 each time); estimates of all three.
    QTest::addRow("datasource") << QStringLiteral("ds") << QStringLiteral("db0") << QList<qint64>{-1, -1, -1}
                                << QList<qint64>{394, 544, 1294} << QString();
    QTest::addRow("datasource-down") << QStringLiteral("ds") << QStringLiteral("db1")
                                     << QList<qint64>{-1, -1, -1} << QList<qint64>{-1, -1, -1}
                                     << QStringLiteral("db1");
}

void TestHistory::series()
{
    QFETCH(QString, kind);
    QFETCH(QString, key);
    QFETCH(QList<qint64>, exact);
    QFETCH(QList<qint64>, estimated);
    QFETCH(QString, unknown);
    QTemporaryDir dir;
    StatsHistory h(dir.filePath(QStringLiteral("h.sqlite")));
    // Recorded out of time order on purpose: series are ordered by time.
    QVERIFY(h.record(snap(3, 400)) > 0);
    QVERIFY(h.record(snap(0, 100)) > 0);
    QVERIFY(h.record(snap(1, 150)) > 0);
    QList<CountPoint> s;
    if (kind == QLatin1String("node")) {
        const int dot = key.indexOf(QLatin1Char('.'));
        s = h.countsForNode(DataNode{key.left(dot), key.mid(dot + 1)});
    } else if (kind == QLatin1String("logic")) {
        s = h.countsForLogicTable(key);
    } else {
        s = h.countsForDataSource(key);
    }
    QList<qint64> gotExact, gotEstimated;
    for (const CountPoint &p : s) {
        gotExact.append(p.exactRows);
        gotEstimated.append(p.estimatedRows);
        QCOMPARE(p.unknownSources.join(QLatin1Char(',')), unknown);
        QCOMPARE(p.known(), unknown.isEmpty());
    }
    QCOMPARE(gotExact, exact);
    QCOMPARE(gotEstimated, estimated);
    const QList<int> days{0, 1, 3};
    for (int i = 0; i < s.size(); ++i)
        QCOMPARE(s.at(i).time, kT0.addDays(days.at(i)));
    if (kind == QLatin1String("node") && !s.isEmpty() && unknown.isEmpty())
        QCOMPARE(s.at(0).bytes, qint64(16384 + 1024));
}

// A refresh with Exact counts after refreshes without: the estimates and the exact counts stay two
// series (joined into one they drew the difference between the two kinds as growth).
void TestHistory::exactAfterEstimatesIsNotGrowth()
{
    QTemporaryDir dir;
    StatsHistory h(dir.filePath(QStringLiteral("h.sqlite")));
    for (int day = 0; day < 3; ++day) {
        ClusterSnapshot s;
        s.configPath = QStringLiteral("/etc/cluster.yaml");
        s.takenAt = kT0.addDays(day);
        s.exact = day == 2;
        s.tables = {table(QStringLiteral("db0"), QStringLiteral("t_0"), QStringLiteral("t"), 10000,
                          day == 2 ? std::optional<qint64>(14100) : std::nullopt),
                    table(QStringLiteral("db0"), QStringLiteral("t_1"), QStringLiteral("t"), 10000,
                          day == 2 ? std::optional<qint64>(9950) : std::nullopt)};
        QVERIFY(h.record(s) > 0);
    }
    const QList<CountPoint> s = h.countsForLogicTable(QStringLiteral("t"));
    QCOMPARE(s.size(), 3);
    for (const CountPoint &p : s)
        QCOMPARE(p.estimatedRows, qint64(20000)); // flat: no growth
    QCOMPARE(s.at(0).exactRows, qint64(-1));
    QCOMPARE(s.at(1).exactRows, qint64(-1));
    QCOMPARE(s.at(2).exactRows, qint64(24050));
}

void TestHistory::growthSinceLastRefresh()
{
    QTemporaryDir dir;
    StatsHistory h(dir.filePath(QStringLiteral("h.sqlite")));
    QVERIFY(h.record(snap(0, 100)) > 0);
    QVERIFY(h.record(snap(1, 130)) > 0);
    const auto cur = h.latest();
    const auto prev = h.previous();
    QVERIFY(cur && prev);
    QCOMPARE(cur->takenAt, kT0.addDays(1));
    QCOMPARE(prev->takenAt, kT0);
    const QList<TableGrowth> g = StatsHistory::growth(*prev, *cur);
    QCOMPARE(g.size(), 5);
    QCOMPARE(g.at(0).node.toString(), QStringLiteral("db0.t_m_0"));
    QCOMPARE(g.at(0).delta(), qint64(30));
    QCOMPARE(g.at(1).delta(), qint64(60));
    QVERIFY(!g.at(2).comparable()); // unknown both times
    QVERIFY(!g.at(3).comparable()); // missing on the server
    QCOMPARE(g.at(4).delta(), qint64(0));
    QVERIFY(g.at(4).comparable());
    QVERIFY(g.at(0).exact);
    QVERIFY(!g.at(1).exact);

    QCOMPARE(g.at(0).basis, TableGrowth::Basis::Exact);
    QCOMPARE(g.at(1).basis, TableGrowth::Basis::Estimate);
    QCOMPARE(g.at(2).basis, TableGrowth::Basis::Unknown);
    QCOMPARE(g.at(3).basis, TableGrowth::Basis::Missing);

    // An exact refresh after an estimated one: the counts come from different sources (the
    // estimate of db0.t_m_0 is base - 5), so that table is not comparable, and no delta is made up.
    ClusterSnapshot estimatedOnly = snap(2, 200);
    for (TableStats &t : estimatedOnly.tables)
        t.exactRows.reset();
    const QList<TableGrowth> mixed = StatsHistory::growth(estimatedOnly, snap(3, 260));
    QVERIFY(!mixed.at(0).exact);
    QCOMPARE(mixed.at(0).basis, TableGrowth::Basis::SourceChanged);
    QVERIFY(!mixed.at(0).comparable());
    QCOMPARE(mixed.at(0).delta(), qint64(0));
    QCOMPARE(mixed.at(0).previousRows, qint64(195));
    QCOMPARE(mixed.at(0).currentRows, qint64(260));
    QCOMPARE(mixed.at(1).basis, TableGrowth::Basis::Estimate); // estimates both times
    QCOMPARE(mixed.at(1).delta(), qint64(120));
    // ... and the other way round: an exact count that failed and fell back to its estimate.
    QCOMPARE(StatsHistory::growth(snap(3, 260), estimatedOnly).at(0).basis, TableGrowth::Basis::SourceChanged);

    // db0 restarted between the two (its uptime is shorter than the time between them): InnoDB
    // re-read its persistent statistics, so its estimates are not comparable; exact counts are.
    ClusterSnapshot afterRestart = snap(4, 150); // an estimate that fell back to an old value
    afterRestart.instances[0].uptimeSeconds = 600;
    QVERIFY(StatsHistory::restartedBetween(snap(3, 260), afterRestart, QStringLiteral("db0")));
    QVERIFY(!StatsHistory::restartedBetween(snap(3, 260), snap(4, 150), QStringLiteral("db0")));
    QVERIFY(!StatsHistory::restartedBetween(snap(3, 260), afterRestart, QStringLiteral("db1"))); // uptime unknown
    const QList<TableGrowth> restarted = StatsHistory::growth(snap(3, 260), afterRestart);
    QCOMPARE(restarted.at(1).basis, TableGrowth::Basis::Restarted);
    QCOMPARE(restarted.at(1).delta(), qint64(0)); // 520 -> 300 would have read -220
    QCOMPARE(restarted.at(0).basis, TableGrowth::Basis::Exact);
    QCOMPARE(restarted.at(0).delta(), qint64(150 - 260));
}

void TestHistory::persistsAndSharesFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("h.sqlite"));
    {
        StatsHistory a(path);
        StatsHistory b(path); // a second connection on the same file (e.g. GUI + CLI)
        QVERIFY(a.isOpen() && b.isOpen());
        QVERIFY(a.record(snap(0, 1)) > 0);
        QCOMPARE(b.snapshots().size(), 1);
        QVERIFY(b.record(snap(1, 2)) > 0);
        QCOMPARE(a.snapshots().size(), 2);
    }
    StatsHistory again(path);
    const QList<SnapshotInfo> all = again.snapshots();
    QCOMPARE(all.size(), 2);
    QCOMPARE(all.at(0).instances, 2);
    QCOMPARE(all.at(0).reachable, 1);
    QCOMPARE(all.at(0).tables, 5);
    QVERIFY(all.at(0).exact);
}

void TestHistory::workerThreadOwnsItsConnection()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("h.sqlite"));
    { StatsHistory init(path); QVERIFY(init.isOpen()); }
    QList<QFuture<qint64>> futures;
    for (int i = 0; i < 3; ++i) {
        futures.append(QtConcurrent::run([path, i] {
            StatsHistory h(path); // opened inside the worker: its connection belongs to it
            return h.record(snap(i, 10 * (i + 1)));
        }));
    }
    for (auto &f : futures)
        QVERIFY(f.result() > 0);
    StatsHistory h(path);
    QCOMPARE(h.snapshots().size(), 3);
}

void TestHistory::forecastNeverMixesExactAndEstimates()
{
    QTemporaryDir dir;
    StatsHistory h(dir.filePath(QStringLiteral("h.sqlite")));
    // db0.t_m_0: exact 100 (day 0), estimate-only 995 (day 1), exact 300 (day 2).
    QVERIFY(h.record(snap(0, 100)) > 0);
    ClusterSnapshot s1 = snap(1, 1000);
    s1.tables[0].exactRows.reset();
    QVERIFY(h.record(s1) > 0);
    QVERIFY(h.record(snap(2, 300)) > 0);
    const auto all = h.allNodeSeries();
    const QList<SeriesPoint> s = all.value(QStringLiteral("db0.t_m_0"));
    QCOMPARE(s.size(), 2); // the two exact points only
    QCOMPARE(s.at(0).rows, qint64(100));
    QCOMPARE(s.at(1).rows, qint64(300));
    // db0.t_m_1 never had an exact count: its estimates are used.
    QCOMPARE(all.value(QStringLiteral("db0.t_m_1")).size(), 3);
}

void TestHistory::prune()
{
    QTemporaryDir dir;
    StatsHistory h(dir.filePath(QStringLiteral("h.sqlite")));
    for (int d = 0; d < 5; ++d)
        QVERIFY(h.record(snap(d, 100 + d)) > 0);
    QCOMPARE(h.prune(kT0.addDays(2)), 2);
    QCOMPARE(h.snapshots().size(), 3);
    QCOMPARE(h.countsForNode(DataNode{QStringLiteral("db0"), QStringLiteral("t_m_0")}).size(), 3);
    QCOMPARE(h.countsForDataSource(QStringLiteral("db0")).constFirst().time, kT0.addDays(2));
}

void TestHistory::corruptFileGivesError()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bad.sqlite"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray(4096, 'x'));
    f.close();
    StatsHistory h(path);
    QVERIFY(!h.isOpen());
    QVERIFY2(h.lastError().contains(path), qPrintable(h.lastError()));
    QCOMPARE(h.record(snap(0, 1)), qint64(-1));
    QVERIFY(!h.latest());
}

void TestHistory::forecastFromHistory()
{
    QTemporaryDir dir;
    StatsHistory h(dir.filePath(QStringLiteral("h.sqlite")));
    // db0.t_m_0 grows 100/day from 100: 100, 200, 300.
    for (int d = 0; d < 3; ++d)
        QVERIFY(h.record(snap(d, 100 + 100 * d)) > 0);
    ForecastOptions o;
    o.rowLimit = 1300;
    const ClusterForecast c = Forecast::forecast(h.allNodeSeries(), o);
    // db0.stray, db0.t_m_0, db0.t_m_1; db1.t_m_0 never had a count, db1.t_m_1 is missing.
    QCOMPARE(c.tables.size(), 3);
    // db0.t_m_1 (estimate 2x base: 200/day from 600) crosses 1300 at day 2 + 700/200 = 5.5;
    // db0.t_m_0 (300 + 100/day) at day 2 + 10 = 12. The earliest is db0.t_m_1.
    QCOMPARE(c.earliestKey, QStringLiteral("db0.t_m_1"));
    QCOMPARE(c.earliestCrossing->toUTC(), kT0.addDays(5).addSecs(12 * 3600));
}

QTEST_GUILESS_MAIN(TestHistory)
#include "tst_history.moc"
