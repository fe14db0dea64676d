// Live-cluster inspection against real mariadbd instances (SandboxFixture): counts, estimates,
// missing/unknown tables, hostile names, credentials errors, dead servers, cancel, history, CLI.
#include "SandboxFixture.h"
#include "TestPaths.h"

#include "core/analysis/Skew.h"
#include "core/job/Job.h"
#include "core/cluster/Inspector.h"
#include "core/cluster/InstanceProbe.h"
#include "core/cluster/StatsHistory.h"
#include "core/config/ConfigLoader.h"
#include "core/sandbox/InstanceManager.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtConcurrent>
#include <QtTest>

#include <csignal>

using namespace sp;
using namespace sp::test;

namespace {
const QString kHostile = QStringLiteral("t`; DROP TABLE x; --");
const QString kHostileMissing = QStringLiteral("y`; DROP TABLE x; --");
} // namespace

class TestInspection final : public QObject
{
    Q_OBJECT

private:
    SandboxFixture m_fx{SandboxFixtureOptions{2, {}, 2000, 11}};
    ShardingConfig m_config;
    QTemporaryDir m_tmp;

    InspectionOptions options(bool exact = true) const
    {
        InspectionOptions o;
        o.exactCounts = exact;
        o.credentials = m_fx.credentialOptions();
        o.connectTimeoutSec = 3;
        return o;
    }
    QString schema(const QString &ds) const { return m_fx.schema(ds); }
    Connection root(const QString &ds)
    {
        Connection c;
        c.open(m_fx.rootParams(m_fx.instanceOf(ds)));
        return c;
    }
    bool rootExec(const QString &ds, const QString &sql)
    {
        Connection c = root(ds);
        const bool ok = c.exec(sql);
        if (!ok)
            qWarning("%s", qPrintable(c.lastError()));
        return ok;
    }
    QString qualified(const QString &ds, const QString &table) const
    {
        return Connection::quoteIdentifier(schema(ds)) + QLatin1Char('.') + Connection::quoteIdentifier(table);
    }
    static const TableStats *find(const ClusterSnapshot &s, const QString &ds, const QString &table)
    {
        for (const TableStats &t : s.tables)
            if (t.node.dataSource == ds && t.node.table == table)
                return &t;
        return nullptr;
    }
    static const InstanceHealth *instance(const ClusterSnapshot &s, const QString &ds)
    {
        for (const InstanceHealth &h : s.instances)
            if (h.dataSource == ds)
                return &h;
        return nullptr;
    }
    bool insertMessages(const QString &ds, const QString &table, int n)
    {
        QString sql = QStringLiteral("INSERT INTO ") + qualified(ds, table) +
                      QStringLiteral(" (_mid, _from, _type, _target, _line, _data, _dt) VALUES ");
        for (int i = 0; i < n; ++i)
            sql += QStringLiteral("%1(%2, 'tester', 1, 'target%2', 0, NULL, NOW())")
                       .arg(i ? QStringLiteral(",") : QString())
                       .arg(900000000 + i);
        return rootExec(ds, sql);
    }
    // Waits until a COUNT(*) of the app user is running (blocked) on the server of `ds`.
    bool waitForCountInFlight(const QString &ds, int timeoutMs = 10000)
    {
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < timeoutMs) {
            Connection c = root(ds);
            const auto v = c.queryValue(QStringLiteral(
                "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE USER = 'shardpilot_app'"
                " AND INFO LIKE '%COUNT(*)%'"));
            if (v && v->toLongLong() > 0)
                return true;
            QThread::msleep(50);
        }
        return false;
    }
    qint64 countsInFlight(const QString &ds)
    {
        Connection c = root(ds);
        const auto v = c.queryValue(QStringLiteral(
            "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE USER = 'shardpilot_app'"
            " AND INFO LIKE '%COUNT(*)%' AND COMMAND = 'Query'"));
        return v ? v->toLongLong() : -1;
    }
    QByteArray runShardctl(const QStringList &args, int *exitCode)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("SHARDPILOT_DEFAULTS_FILE"));
        env.remove(QStringLiteral("SHARDPILOT_PASSWORD"));
        env.insert(QStringLiteral("SHARDPILOT_HISTORY_DIR"), m_tmp.filePath(QStringLiteral("cli-history")));
        p.setProcessEnvironment(env);
        p.start(shardctlPath(), args);
        if (!p.waitForFinished(60000)) {
            p.kill();
            p.waitForFinished();
        }
        *exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        if (*exitCode != 0)
            qInfo("shardctl stderr: %s", p.readAllStandardError().constData());
        return p.readAllStandardOutput();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        QVERIFY2(m_fx.start(), qPrintable(m_fx.error()));
        const LoadResult loaded = ConfigLoader::loadFile(m_fx.clusterYamlPath());
        QVERIFY2(loaded.ok(), qPrintable(loaded.diagnostics.value(0).toString()));
        m_config = loaded.config;
        QVERIFY(m_fx.instanceOf(QStringLiteral("db0")) != m_fx.instanceOf(QStringLiteral("db1")));
        // A table the config does not know, a sentinel, and a table with a hostile name.
        QVERIFY(rootExec(QStringLiteral("db0"), QStringLiteral("CREATE TABLE ") + qualified(QStringLiteral("db0"), QStringLiteral("t_stray")) +
                                                    QStringLiteral(" (id INT PRIMARY KEY)")));
        QVERIFY(rootExec(QStringLiteral("db0"), QStringLiteral("CREATE TABLE ") + qualified(QStringLiteral("db0"), QStringLiteral("x")) +
                                                    QStringLiteral(" (id INT PRIMARY KEY)")));
        QVERIFY(rootExec(QStringLiteral("db0"), QStringLiteral("CREATE TABLE ") + qualified(QStringLiteral("db0"), kHostile) +
                                                    QStringLiteral(" (id INT PRIMARY KEY)")));
        QVERIFY(rootExec(QStringLiteral("db0"), QStringLiteral("INSERT INTO ") + qualified(QStringLiteral("db0"), kHostile) +
                                                    QStringLiteral(" VALUES (1), (2), (3)")));
    }

    void exactCountsMatchGeneratedRows()
    {
        const InspectionResult r = Inspector::run(m_config, options());
        const ClusterSnapshot &s = r.snapshot;
        QVERIFY(!r.cancelled);
        QVERIFY(s.allReachable());
        QCOMPARE(s.instances.size(), 2);
        for (const InstanceHealth &h : s.instances) {
            QVERIFY2(h.version.contains(QStringLiteral("MariaDB")), qPrintable(h.version));
            QVERIFY(h.uptimeSeconds >= 0);
            QVERIFY(h.serverId > 0);
            QVERIFY(h.maxConnections > 0);
            QVERIFY(h.connections >= 1);
        }
        const auto &expected = m_fx.upResult().load.rowsPerNode;
        QVERIFY(!expected.isEmpty());
        qint64 messages = 0;
        for (auto it = expected.cbegin(); it != expected.cend(); ++it) {
            const TableStats *t = find(s, it.key().dataSource, it.key().table);
            QVERIFY2(t, qPrintable(it.key().toString()));
            QVERIFY2(t->exactRows.has_value(), qPrintable(it.key().toString() + QStringLiteral(": ") + t->error));
            QCOMPARE(*t->exactRows, it.value());
            QVERIFY(t->estimatedRows >= 0); // estimates present too
            QVERIFY(t->dataBytes > 0);
            QVERIFY(t->existsOnServer && t->knownToConfig);
            if (t->logicTable == QLatin1String("t_messages")) {
                messages += *t->exactRows;
                QVERIFY(t->autoIncrement >= *t->exactRows);
            }
        }
        QCOMPARE(messages, m_fx.upResult().load.messages);
        // Skew per logic table: t_messages over 4 nodes, totals equal the generated rows.
        bool seen = false;
        for (const SkewStats &k : Skew::forTables(s.tables))
            if (k.logicTable == QLatin1String("t_messages")) {
                seen = true;
                QCOMPARE(k.nodes, 4);
                QCOMPARE(k.totalRows, messages);
                QVERIFY(k.maxOverMean >= 1.0);
            }
        QVERIFY(seen);
        QCOMPARE(r.countsRun, int(expected.size()) + 2); // + broadcast t_robot on both sources
    }

    void estimatesWithoutExact()
    {
        const InspectionResult r = Inspector::run(m_config, options(false));
        QCOMPARE(r.countsRun, 0);
        int known = 0;
        for (const TableStats &t : r.snapshot.tables) {
            QVERIFY(!t.exactRows);
            if (t.knownToConfig && t.existsOnServer) {
                ++known;
                QVERIFY2(t.estimatedRows >= 0, qPrintable(t.node.toString()));
            }
        }
        QVERIFY(known >= 12);
    }

    void insertedRowsAreCounted()
    {
        const QString ds = QStringLiteral("db1");
        const QString table = QStringLiteral("t_messages_1");
        const auto before = Inspector::run(m_config, options());
        const TableStats *b = find(before.snapshot, ds, table);
        QVERIFY(b && b->exactRows);
        QVERIFY(insertMessages(ds, table, 7));
        const auto after = Inspector::run(m_config, options());
        const TableStats *a = find(after.snapshot, ds, table);
        QVERIFY(a && a->exactRows);
        QCOMPARE(*a->exactRows - *b->exactRows, qint64(7));
    }

    void missingAndUnknownTables()
    {
        ShardingConfig c = m_config;
        for (TableRule &rule : c.tables)
            if (rule.logicTable == QLatin1String("t_messages"))
                rule.dataNodes.append(DataNode{QStringLiteral("db0"), QStringLiteral("t_messages_9")});
        const auto r = Inspector::run(c, options());
        const TableStats *missing = find(r.snapshot, QStringLiteral("db0"), QStringLiteral("t_messages_9"));
        QVERIFY(missing);
        QVERIFY(!missing->existsOnServer);
        QVERIFY(missing->knownToConfig);
        QVERIFY(!missing->exactRows);
        QCOMPARE(missing->logicTable, QStringLiteral("t_messages"));
        const TableStats *stray = find(r.snapshot, QStringLiteral("db0"), QStringLiteral("t_stray"));
        QVERIFY(stray);
        QVERIFY(!stray->knownToConfig);
        QVERIFY(stray->existsOnServer);
        QVERIFY(stray->logicTable.isEmpty());
        QVERIFY(!find(r.snapshot, QStringLiteral("db1"), QStringLiteral("t_stray")));
        for (const SkewStats &k : Skew::forTables(r.snapshot.tables))
            if (k.logicTable == QLatin1String("t_messages"))
                QCOMPARE(k.unknownNodes, 1);
    }

    void hostileNamesAreQuoted()
    {
        ShardingConfig c = m_config;
        TableRule rule;
        rule.logicTable = QStringLiteral("hostile");
        rule.dataNodes = {DataNode{QStringLiteral("db0"), kHostile}, DataNode{QStringLiteral("db0"), kHostileMissing}};
        c.tables.append(rule);
        const auto r = Inspector::run(c, options());
        const TableStats *h = find(r.snapshot, QStringLiteral("db0"), kHostile);
        QVERIFY(h);
        QVERIFY2(h->exactRows.has_value(), qPrintable(h->error));
        QCOMPARE(*h->exactRows, qint64(3));
        const TableStats *m = find(r.snapshot, QStringLiteral("db0"), kHostileMissing);
        QVERIFY(m && !m->existsOnServer);
        // The sentinel still exists.
        Connection rc = root(QStringLiteral("db0"));
        const auto n = rc.queryValue(QStringLiteral("SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = ") +
                                     rc.quoteString(schema(QStringLiteral("db0"))) + QStringLiteral(" AND TABLE_NAME = 'x'"));
        QVERIFY(n);
        QCOMPARE(n->toLongLong(), 1LL);
        // A hostile schema literal matches nothing instead of every schema.
        Connection app;
        QVERIFY2(app.open(m_fx.appParams(m_fx.instanceOf(QStringLiteral("db0")))), qPrintable(app.lastError()));
        QString err;
        const auto none = inspection::listSchemaTables(app, QStringLiteral("x' OR '1'='1"), &err);
        QVERIFY2(none.has_value(), qPrintable(err));
        QVERIFY(none->isEmpty());
        const auto some = inspection::listSchemaTables(app, schema(QStringLiteral("db0")), &err);
        QVERIFY(some && some->size() >= 6);
    }

    void hostileNameInYamlThroughCli()
    {
        const DataSourceDef &db0 = *m_config.dataSource(QStringLiteral("db0"));
        const QString yaml = QStringLiteral(
            "dataSources:\n"
            "  db0:\n"
            "    dataSourceClassName: com.zaxxer.hikari.HikariDataSource\n"
            "    url: %1\n"
            "    username: shardpilot_app\n"
            "rules:\n"
            "  - !SHARDING\n"
            "    tables:\n"
            "      hostile:\n"
            "        actualDataNodes: \"db0.%2\"\n").arg(db0.url, kHostile);
        const QString path = m_tmp.filePath(QStringLiteral("hostile/config.yaml"));
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(yaml.toUtf8());
        f.close();
        const LoadResult loaded = ConfigLoader::loadFile(path);
        QVERIFY2(loaded.ok(), qPrintable(loaded.diagnostics.value(0).toString()));
        QCOMPARE(loaded.config.tables.value(0).dataNodes.value(0).table, kHostile);
        int rc = -1;
        const QByteArray out = runShardctl({QStringLiteral("stats"), QStringLiteral("--config"), path, QStringLiteral("--exact"),
                                            QStringLiteral("--json"), QStringLiteral("--no-history"),
                                            QStringLiteral("--defaults-file"), m_fx.appOptionFile()}, &rc);
        QCOMPARE(rc, 0);
        bool found = false;
        for (const QJsonValue &v : QJsonDocument::fromJson(out).object().value(QStringLiteral("tables")).toArray()) {
            const QJsonObject t = v.toObject();
            if (t.value(QStringLiteral("table")).toString() == kHostile) {
                found = true;
                QCOMPARE(t.value(QStringLiteral("exactRows")).toInt(), 3);
            }
        }
        QVERIFY(found);
        Connection rc0 = root(QStringLiteral("db0"));
        const auto n = rc0.queryValue(QStringLiteral("SELECT COUNT(*) FROM ") + qualified(QStringLiteral("db0"), QStringLiteral("x")));
        QVERIFY2(n.has_value(), qPrintable(rc0.lastError())); // table x still exists
    }

    void jobCancelReportsFailed()
    {
        const QString ds = QStringLiteral("db0");
        Connection locker = root(ds);
        QVERIFY(locker.exec(QStringLiteral("LOCK TABLES ") + qualified(ds, QStringLiteral("t_messages_0")) + QStringLiteral(" WRITE")));
        JobRunner runner;
        QSignalSpy cancelled(&runner, &JobRunner::cancelled);
        QSignalSpy failed(&runner, &JobRunner::failed);
        std::atomic_bool workerDone{false};
        bool delivered = false;
        const ShardingConfig config = m_config;
        const InspectionOptions o = options();
        runner.start(
            [config, o, &workerDone](JobControl &job) {
                InspectionResult r = Inspector::run(config, o, job);
                workerDone = true;
                return r;
            },
            [&delivered](const InspectionResult &) { delivered = true; });
        QVERIFY(waitForCountInFlight(ds));
        QElapsedTimer t;
        t.start();
        runner.cancel();
        QVERIFY(t.elapsed() < 500); // cancel never waits for the worker
        QCOMPARE(cancelled.size(), 1);
        QVERIFY(!runner.isRunning());
        // The cancel hook killed the COUNT(*) on the server although the lock is still held.
        QTRY_VERIFY_WITH_TIMEOUT(workerDone.load(), 10000);
        QCOMPARE(countsInFlight(ds), qint64(0));
        QTest::qWait(50);
        QVERIFY(!delivered); // the cancelled result is dropped
        QCOMPARE(failed.size(), 0);
        QVERIFY(locker.exec(QStringLiteral("UNLOCK TABLES")));
    }

    void wrongPasswordIsClear()
    {
        InspectionOptions o = options();
        o.credentials = CredentialOptions();
        o.credentials.useHomeMyCnf = false;
        QProcessEnvironment env;
        env.insert(QStringLiteral("SHARDPILOT_PASSWORD"), QStringLiteral("definitely-wrong"));
        o.credentials.environment = env;
        const auto r = Inspector::run(m_config, o);
        QVERIFY(!r.snapshot.allReachable());
        for (const InstanceHealth &h : r.snapshot.instances) {
            QVERIFY(!h.reachable);
            QVERIFY2(h.error.contains(QStringLiteral("Access denied")), qPrintable(h.error));
            QVERIFY(!h.error.contains(QStringLiteral("definitely-wrong")));
        }
    }

    void closedPortIsClear()
    {
        ShardingConfig c = m_config;
        QString err;
        const int port = sandbox::InstanceManager::findFreePort({}, &err);
        QVERIFY2(port > 0, qPrintable(err));
        c.dataSources[1].port = port;
        QElapsedTimer t;
        t.start();
        const auto r = Inspector::run(c, options());
        QVERIFY(t.elapsed() < 6000);
        const InstanceHealth *down = instance(r.snapshot, c.dataSources.at(1).name);
        QVERIFY(down && !down->reachable);
        QVERIFY2(down->error.contains(QStringLiteral("Can't connect")) || down->error.contains(QStringLiteral("refused")),
                 qPrintable(down->error));
        QVERIFY2(down->error.contains(QString::number(port)), qPrintable(down->error));
        const InstanceHealth *up = instance(r.snapshot, c.dataSources.at(0).name);
        QVERIFY(up && up->reachable);
    }

    void cancelKillsRunningCount()
    {
        // A WRITE lock makes the COUNT(*) wait for the metadata lock, so it is in flight.
        const QString ds = QStringLiteral("db0");
        Connection locker = root(ds);
        QVERIFY(locker.isOpen());
        QVERIFY2(locker.exec(QStringLiteral("LOCK TABLES ") + qualified(ds, QStringLiteral("t_messages_0")) + QStringLiteral(" WRITE")),
                 qPrintable(locker.lastError()));
        InspectionControl control;
        InspectionOptions o = options();
        o.perInstanceConcurrency = 1;
        auto future = QtConcurrent::run([&] { return Inspector::run(m_config, o, &control); });
        QVERIFY(waitForCountInFlight(ds));
        QElapsedTimer t;
        t.start();
        control.cancel();
        future.waitForFinished();
        QVERIFY(t.elapsed() < 5000);
        const InspectionResult r = future.result();
        QVERIFY(r.cancelled);
        const TableStats *blocked = find(r.snapshot, ds, QStringLiteral("t_messages_0"));
        QVERIFY(blocked && !blocked->exactRows);
        QCOMPARE(blocked->error, QStringLiteral("cancelled"));
        // KILL QUERY ended it on the server although the lock is still held.
        QCOMPARE(countsInFlight(ds), qint64(0));
        QVERIFY(locker.exec(QStringLiteral("UNLOCK TABLES")));
    }

    void jobReportsProgressAndResult()
    {
        JobRunner runner;
        QSignalSpy progress(&runner, &JobRunner::progress);
        QSignalSpy ended(&runner, &JobRunner::ended);
        QSignalSpy failed(&runner, &JobRunner::failed);
        std::optional<InspectionResult> result;
        const ShardingConfig config = m_config;
        const InspectionOptions o = options();
        runner.start([config, o](JobControl &job) { return Inspector::run(config, o, job); },
                     [&result](const InspectionResult &r) { result = r; });
        QVERIFY(runner.isRunning());
        QTRY_COMPARE_WITH_TIMEOUT(ended.size(), 1, 30000);
        QCOMPARE(failed.size(), 0);
        QVERIFY(!progress.isEmpty());
        const auto last = progress.constLast();
        QCOMPARE(last.at(0).toLongLong(), last.at(1).toLongLong()); // the final progress is always delivered
        QVERIFY(result.has_value());
        QVERIFY(result->snapshot.allReachable());
        QVERIFY(result->countsRun > 0);
        QVERIFY(!runner.isRunning());
    }

    void historyRecordsGrowth()
    {
        StatsHistory h(m_tmp.filePath(QStringLiteral("h.sqlite")));
        QVERIFY2(h.isOpen(), qPrintable(h.lastError()));
        const auto first = Inspector::run(m_config, options());
        QVERIFY(h.record(first.snapshot) > 0);
        QVERIFY(insertMessages(QStringLiteral("db0"), QStringLiteral("t_messages_1"), 5));
        QThread::msleep(20); // distinct timestamps
        const auto second = Inspector::run(m_config, options());
        QVERIFY(h.record(second.snapshot) > 0);
        const auto prev = h.previous();
        const auto cur = h.latest();
        QVERIFY(prev && cur);
        qint64 delta = 0, total = 0;
        for (const TableGrowth &g : StatsHistory::growth(*prev, *cur)) {
            if (g.node == DataNode{QStringLiteral("db0"), QStringLiteral("t_messages_1")})
                delta = g.delta();
            total += g.delta();
        }
        QCOMPARE(delta, qint64(5));
        QCOMPARE(total, qint64(5));
        const auto series = h.countsForNode(DataNode{QStringLiteral("db0"), QStringLiteral("t_messages_1")});
        QCOMPARE(series.size(), 2);
        QCOMPARE(series.at(1).exactRows - series.at(0).exactRows, qint64(5));
    }

    void cliStatsAndHealth()
    {
        int rc = -1;
        // app.cnf next to cluster.yaml is picked up: no password options needed.
        QByteArray out = runShardctl({QStringLiteral("stats"), QStringLiteral("--config"), m_fx.clusterYamlPath(),
                                      QStringLiteral("--exact"), QStringLiteral("--json")}, &rc);
        QCOMPARE(rc, 0);
        QJsonParseError pe;
        const QJsonObject doc = QJsonDocument::fromJson(out, &pe).object();
        QVERIFY2(pe.error == QJsonParseError::NoError, qPrintable(pe.errorString()));
        QVERIFY(doc.value(QStringLiteral("allReachable")).toBool());
        const auto &expected = m_fx.upResult().load.rowsPerNode;
        int checked = 0;
        for (const QJsonValue &v : doc.value(QStringLiteral("tables")).toArray()) {
            const QJsonObject t = v.toObject();
            const DataNode n{t.value(QStringLiteral("dataSource")).toString(), t.value(QStringLiteral("table")).toString()};
            if (n.table.startsWith(QStringLiteral("t_user_messages")) || n.table.startsWith(QStringLiteral("t_group"))) {
                QCOMPARE(qint64(t.value(QStringLiteral("exactRows")).toDouble()), expected.value(n));
                ++checked;
            }
        }
        QCOMPARE(checked, 8);
        QVERIFY(doc.value(QStringLiteral("history")).toObject().value(QStringLiteral("snapshotId")).toDouble() > 0);
        // Second run: growth since the first is reported.
        out = runShardctl({QStringLiteral("stats"), QStringLiteral("--config"), m_fx.clusterYamlPath()}, &rc);
        QCOMPARE(rc, 0);
        QVERIFY2(out.contains("growth since"), out.constData());
        QVERIFY(out.contains("t_messages"));

        out = runShardctl({QStringLiteral("health"), QStringLiteral("--config"), m_fx.clusterYamlPath(), QStringLiteral("--json")}, &rc);
        QCOMPARE(rc, 0);
        const QJsonObject health = QJsonDocument::fromJson(out).object();
        QCOMPARE(health.value(QStringLiteral("instances")).toArray().size(), 2);
        QVERIFY(!out.contains("password"));

        runShardctl({QStringLiteral("stats")}, &rc);
        QCOMPARE(rc, 2);
        runShardctl({QStringLiteral("stats"), QStringLiteral("--config"), m_tmp.filePath(QStringLiteral("nope.yaml"))}, &rc);
        QCOMPARE(rc, 2);
    }

    void stalledInstanceTimesOut()
    {
        // SIGSTOP: the kernel still accepts TCP connections, the server never answers. The
        // connect/read timeouts must bound it and db0 must be complete.
        const qint64 pid = m_fx.sandbox().state().instances.at(m_fx.instanceOf(QStringLiteral("db1"))).pid;
        QVERIFY(pid > 0);
        QCOMPARE(::kill(pid_t(pid), SIGSTOP), 0);
        InspectionOptions o = options();
        o.connectTimeoutSec = 2;
        o.readTimeoutSec = 3;
        QElapsedTimer t;
        t.start();
        const auto r = Inspector::run(m_config, o);
        const qint64 ms = t.elapsed();
        ::kill(pid_t(pid), SIGCONT);
        QVERIFY2(ms < 12000, qPrintable(QString::number(ms)));
        const InstanceHealth *stalled = instance(r.snapshot, QStringLiteral("db1"));
        QVERIFY(stalled && !stalled->reachable);
        QVERIFY(!stalled->error.isEmpty());
        const InstanceHealth *alive = instance(r.snapshot, QStringLiteral("db0"));
        QVERIFY(alive && alive->reachable);
        for (const TableStats &ts : r.snapshot.tables)
            if (ts.node.dataSource == QLatin1String("db0") && ts.knownToConfig && ts.existsOnServer)
                QVERIFY(ts.exactRows.has_value());
        qInfo("stalled server reported down after %lld ms: %s", ms, qPrintable(stalled->error));
    }

    void instanceKilledWhileRefreshing()
    {
        // db1's count waits on a lock; then its server gets SIGKILL. db0 must still be complete.
        const QString ds = QStringLiteral("db1");
        Connection locker = root(ds);
        QVERIFY(locker.exec(QStringLiteral("LOCK TABLES ") + qualified(ds, QStringLiteral("t_messages_0")) + QStringLiteral(" WRITE")));
        InspectionOptions o = options();
        auto future = QtConcurrent::run([&] { return Inspector::run(m_config, o); });
        QVERIFY(waitForCountInFlight(ds));
        QString err;
        QElapsedTimer t;
        t.start();
        QVERIFY2(m_fx.sandbox().killInstance(m_fx.instanceOf(ds), &err), qPrintable(err));
        future.waitForFinished();
        QVERIFY2(t.elapsed() < 10000, qPrintable(QString::number(t.elapsed())));
        const InspectionResult r = future.result();
        const InstanceHealth *dead = instance(r.snapshot, ds);
        QVERIFY(dead && !dead->reachable);
        QVERIFY2(!dead->error.isEmpty(), "no error for the killed server");
        const InstanceHealth *alive = instance(r.snapshot, QStringLiteral("db0"));
        QVERIFY(alive && alive->reachable);
        for (const TableStats &ts : r.snapshot.tables)
            if (ts.node.dataSource == QLatin1String("db0") && ts.knownToConfig && ts.existsOnServer)
                QVERIFY2(ts.exactRows.has_value(), qPrintable(ts.node.toString() + QStringLiteral(": ") + ts.error));
    }

    void instanceDeadBeforeRefresh()
    {
        // db1's server is dead since the previous test.
        QElapsedTimer t;
        t.start();
        const auto r = Inspector::run(m_config, options());
        QVERIFY2(t.elapsed() < 5000, qPrintable(QString::number(t.elapsed())));
        const InstanceHealth *dead = instance(r.snapshot, QStringLiteral("db1"));
        QVERIFY(dead && !dead->reachable);
        // Refused, or reset during the handshake when the port is being reused: either is clear.
        QVERIFY2(dead->error.contains(QStringLiteral("Can't connect")) || dead->error.contains(QStringLiteral("Lost connection")),
                 qPrintable(dead->error));
        QVERIFY2(dead->error.contains(QString::number(m_fx.port(m_fx.instanceOf(QStringLiteral("db1"))))), qPrintable(dead->error));
        for (const TableStats &ts : r.snapshot.tables) {
            if (ts.node.dataSource == QLatin1String("db1")) {
                QVERIFY(!ts.exactRows);
                QCOMPARE(ts.error, QStringLiteral("instance unreachable"));
            } else if (ts.knownToConfig && ts.existsOnServer) {
                QVERIFY(ts.exactRows.has_value());
            }
        }
        int rc = -1;
        const QByteArray out = runShardctl({QStringLiteral("health"), QStringLiteral("--config"), m_fx.clusterYamlPath()}, &rc);
        QCOMPARE(rc, 1);
        QVERIFY(out.contains("DOWN"));
    }
};

QTEST_GUILESS_MAIN(TestInspection)
#include "tst_inspection.moc"
