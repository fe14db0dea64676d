// Sandbox end to end: real mariadbd instances in a temporary directory.
#include "SandboxFixture.h"
#include "TestPaths.h"

#include "core/cluster/Connection.h"
#include "core/cluster/Credentials.h"
#include "core/config/ConfigLoader.h"
#include "core/routing/Router.h"
#include "core/sandbox/DemoLoader.h"
#include "core/sandbox/InstanceManager.h"
#include "core/sandbox/LoadGenerator.h"

#include <QFileInfo>
#include <QtTest>

using namespace sp;
using namespace sp::test;

class TestSandbox final : public QObject
{
    Q_OBJECT

private:
    SandboxFixture m_fx{SandboxFixtureOptions{2, {}, 3000, 7}};
    ShardingConfig m_config;

    qint64 count(int instance, const QString &schema, const QString &table)
    {
        Connection c;
        if (!c.open(m_fx.rootParams(instance)))
            return -1;
        auto v = c.queryValue(QStringLiteral("SELECT COUNT(*) FROM ") + Connection::quoteIdentifier(schema) +
                              QLatin1Char('.') + Connection::quoteIdentifier(table));
        return v ? v->toLongLong() : -1;
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(m_fx.start(), qPrintable(m_fx.error()));
        const LoadResult loaded = ConfigLoader::loadFile(m_fx.clusterYamlPath());
        QVERIFY2(loaded.ok(), qPrintable(loaded.diagnostics.value(0).toString()));
        m_config = loaded.config;
    }

    void layout()
    {
        QCOMPARE(m_fx.instanceCount(), 2);
        QVERIFY(QFileInfo::exists(m_fx.dir() + QStringLiteral("/sandbox.json")));
        const QFileInfo app(m_fx.appOptionFile());
        QVERIFY(app.exists());
        QCOMPARE(app.permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther | QFileDevice::WriteOther), 0);
        // cluster.yaml points at the sandbox and holds no password
        QCOMPARE(m_config.dataSources.size(), 2);
        for (const DataSourceDef &ds : m_config.dataSources) {
            QCOMPARE(ds.host, QStringLiteral("127.0.0.1"));
            QCOMPARE(ds.port, m_fx.port(m_fx.instanceOf(ds.name)));
            QCOMPARE(ds.username, QStringLiteral("shardpilot_app"));
            QVERIFY(ds.password.isEmpty());
        }
        QFile yaml(m_fx.clusterYamlPath());
        QVERIFY(yaml.open(QIODevice::ReadOnly));
        const OptionFileValues v = Credentials::readOptionFile(m_fx.appOptionFile());
        QVERIFY(v.ok());
        QVERIFY(v.value(QStringLiteral("password")).size() >= 16);
        QVERIFY(!yaml.readAll().contains(v.value(QStringLiteral("password")).toUtf8()));
    }

    void countsMatchGeneratorAndRouter()
    {
        const sandbox::DemoData data(3000, 7);
        const sandbox::DemoLoadResult expected = sandbox::DemoLoader::expectedCounts(m_config, data);
        QVERIFY2(expected.ok, qPrintable(expected.error));
        QCOMPARE(expected.messages, 3000);
        QCOMPARE(m_fx.upResult().load.rowsPerNode, expected.rowsPerNode);
        const Router router(m_config);
        int nonEmpty = 0;
        for (auto it = expected.rowsPerNode.constBegin(); it != expected.rowsPerNode.constEnd(); ++it) {
            const DataNode &node = it.key();
            const int instance = m_fx.instanceOf(node.dataSource);
            const QString schema = m_fx.schema(node.dataSource);
            QCOMPARE(count(instance, schema, node.table), it.value());
            nonEmpty += it.value() > 0 ? 1 : 0;
            // every row on this node routes to this node
            const QString table = node.table.section(QLatin1Char('_'), 0, -2);
            const QString column = table == QLatin1String("t_messages") ? QStringLiteral("_target")
                : table == QLatin1String("t_user_messages")             ? QStringLiteral("_uid")
                                                                        : QStringLiteral("_gid");
            Connection c;
            QVERIFY2(c.open(m_fx.rootParams(instance)), qPrintable(c.lastError()));
            qint64 checked = 0;
            const bool ok = c.forEachRow(QStringLiteral("SELECT ") + Connection::quoteIdentifier(column) + QStringLiteral(" FROM ") +
                                             Connection::quoteIdentifier(schema) + QLatin1Char('.') +
                                             Connection::quoteIdentifier(node.table),
                                         [&](const QList<QVariant> &row) {
                                             const RouteResult r = router.route(table, ShardingValue{row.at(0).toString(), KeyType::String});
                                             if (!r.ok || r.node != node)
                                                 return false;
                                             ++checked;
                                             return true;
                                         });
            QVERIFY2(ok, qPrintable(c.lastError()));
            QCOMPARE(checked, it.value());
        }
        QVERIFY(nonEmpty >= 10); // 3 tables x 4 nodes, all but a rare one receive rows
    }

    void appUserIsDmlOnly()
    {
        const QString schema = m_fx.schema(QStringLiteral("db0"));
        Connection c;
        QVERIFY2(c.open(m_fx.appParams(0, schema)), qPrintable(c.lastError()));
        QVERIFY(c.queryValue(QStringLiteral("SELECT COUNT(*) FROM t_messages_0")).has_value());
        QVERIFY(!c.exec(QStringLiteral("SET GLOBAL read_only=1")));
        QVERIFY2(c.lastErrno() == 1227 || c.lastErrno() == 1044 || c.lastErrno() == 1045, qPrintable(c.lastError()));
        QVERIFY(!c.exec(QStringLiteral("DROP TABLE t_messages_0")));
        QVERIFY(c.lastError().contains(QLatin1String("denied")));
        QVERIFY(c.queryValue(QStringLiteral("SELECT COUNT(*) FROM t_messages_0")).has_value());
        // root is not reachable over TCP
        ConnectionParams root;
        root.port = m_fx.port(0);
        root.user = QStringLiteral("root");
        Connection r;
        QVERIFY(!r.open(root));
    }

    void restartKeepsData()
    {
        const QString schema = m_fx.schema(QStringLiteral("db1"));
        const int inst = m_fx.instanceOf(QStringLiteral("db1"));
        const qint64 before = count(inst, schema, QStringLiteral("t_messages_1"));
        QVERIFY(before > 0);
        QString error;
        QVERIFY2(m_fx.sandbox().stopInstance(inst, &error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(!sandbox::InstanceManager::isPortOpen(m_fx.port(inst)), 5000);
        QVERIFY2(m_fx.sandbox().startInstance(inst, &error, true), qPrintable(error));
        QCOMPARE(count(inst, schema, QStringLiteral("t_messages_1")), before);
        // up on an existing sandbox restarts without re-filling
        QVERIFY2(m_fx.sandbox().stopInstance(inst, &error), qPrintable(error));
        SandboxOptions o;
        o.dieWithParent = true;
        const SandboxUpResult up = m_fx.sandbox().up(o);
        QVERIFY2(up.ok, qPrintable(up.error));
        QVERIFY(!up.created);
        QCOMPARE(up.started, 1);
        QCOMPARE(count(inst, schema, QStringLiteral("t_messages_1")), before);
    }

    void loadGeneratorRoutesWrites()
    {
        const TableRule *messages = m_config.table(QStringLiteral("t_messages"));
        QVERIFY(messages);
        auto total = [&] {
            qint64 sum = 0;
            for (const DataNode &n : messages->dataNodes)
                sum += count(m_fx.instanceOf(n.dataSource), m_fx.schema(n.dataSource), n.table);
            return sum;
        };
        const qint64 before = total();
        LoadGeneratorOptions o;
        o.rate = 100;
        o.durationSec = 2;
        o.workers = 2;
        o.seed = 5;
        o.credentials = m_fx.credentialOptions();
        LoadGenerator gen(m_config, o);
        const LoadRunResult r = gen.run();
        QVERIFY2(r.started, qPrintable(r.error));
        QVERIFY2(r.errors() == 0, qPrintable(r.errorSamples.join(QLatin1Char('\n'))));
        QVERIFY(r.insert.ok > 50);
        QVERIFY(r.update.ok > 0);
        QVERIFY(r.remove.ok > 0);
        QVERIFY(r.seconds < 4.0); // bounded duration
        QCOMPARE(total(), before + r.insert.ok - r.remove.ok);
        // the rows it inserted sit where the router puts them
        const Router router(m_config);
        qint64 inserted = 0;
        for (const DataNode &n : messages->dataNodes) {
            Connection c;
            QVERIFY(c.open(m_fx.rootParams(m_fx.instanceOf(n.dataSource))));
            auto rows = c.query(QStringLiteral("SELECT _target FROM ") + Connection::quoteIdentifier(m_fx.schema(n.dataSource)) +
                                QLatin1Char('.') + Connection::quoteIdentifier(n.table) + QStringLiteral(" WHERE _mid > 100000000000000"));
            QVERIFY(rows);
            for (const auto &row : rows->rows) {
                const RouteResult rr = router.route(QStringLiteral("t_messages"), ShardingValue{row.at(0).toString(), KeyType::String});
                QVERIFY(rr.ok);
                QCOMPARE(rr.node, n);
                ++inserted;
            }
        }
        QVERIFY(inserted > 0);
        QVERIFY(inserted <= r.insert.ok);
    }

    void killInstanceClosesPort()
    {
        const int port = m_fx.port(1);
        QVERIFY(sandbox::InstanceManager::isPortOpen(port));
        QString error;
        QVERIFY2(m_fx.sandbox().killInstance(1, &error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(!sandbox::InstanceManager::isPortOpen(port), 5000);
        Connection dead;
        ConnectionParams p = m_fx.appParams(1);
        p.connectTimeoutSec = 2;
        QVERIFY(!dead.open(p));
        const auto st = m_fx.sandbox().status();
        QVERIFY(!st.at(1).running);
        QVERIFY(st.at(0).running);
        QVERIFY2(m_fx.sandbox().startInstance(1, &error, true), qPrintable(error));
        QVERIFY(sandbox::InstanceManager::isPortOpen(m_fx.port(1)));
    }

    // Each instance writes its temporary files (on-disk internal temporary tables, filesort) into its
    // own directory: instances of sandboxes that share the system tmpdir once failed with "Error on
    // delete of '/tmp/#sql-temptable-….MAI' (Errcode: 2)".
    void ownTmpdir()
    {
        for (int i = 0; i < m_fx.instanceCount(); ++i) {
            Connection c;
            QVERIFY2(c.open(m_fx.rootParams(i)), qPrintable(c.lastError()));
            const QString tmp = c.queryValue(QStringLiteral("SELECT @@tmpdir")).value_or(QVariant()).toString();
            const QString mine = QFileInfo(m_fx.dir() + QStringLiteral("/node%1/tmp").arg(i)).absoluteFilePath();
            QCOMPARE(QFileInfo(tmp).absoluteFilePath(), mine);
            QVERIFY(QFileInfo(mine).isDir());
            QCOMPARE(int(QFileInfo(mine).permissions() & (QFileDevice::ReadOther | QFileDevice::ReadGroup)), 0);
            // A query that needs an on-disk temporary table works there.
            QVERIFY2(c.exec(QStringLiteral("SET SESSION tmp_table_size = 1024, max_heap_table_size = 16384")), qPrintable(c.lastError()));
            QVERIFY2(c.query(QStringLiteral("SELECT _target, COUNT(*), GROUP_CONCAT(_data) FROM %1.t_messages_0 GROUP BY _target "
                                            "ORDER BY 3 DESC LIMIT 1")
                                 .arg(Connection::quoteIdentifier(m_fx.schema(QStringLiteral("db%1").arg(i))))),
                     qPrintable(c.lastError()));
        }
    }

    // A sandbox made from a ring config: rows of several nodes meet in one table when a node is added
    // or removed, so the demo ids of the nodes must not collide (they were 1, 2, 3 ... on every node).
    void ringIdsDoNotCollide()
    {
        SandboxFixture ring{SandboxFixtureOptions{3, sourcePath(QStringLiteral("tests/data/ring-sandbox.yaml")), 600, 3}};
        QVERIFY2(ring.start(), qPrintable(ring.error()));
        for (const QString &logic : {QStringLiteral("t_messages"), QStringLiteral("t_user_messages")}) {
            QMap<qint64, QString> owner;
            QStringList clashes;
            qint64 rows = 0;
            for (int n = 0; n < 3; ++n) {
                const QString ds = QStringLiteral("db%1").arg(n);
                Connection c;
                QVERIFY2(c.open(ring.rootParams(ring.instanceOf(ds))), qPrintable(c.lastError()));
                for (int t = 0; t < 2; ++t) {
                    auto r = c.query(QStringLiteral("SELECT id FROM %1.%2_%3")
                                         .arg(Connection::quoteIdentifier(ring.schema(ds)), logic)
                                         .arg(t));
                    QVERIFY2(r, qPrintable(c.lastError()));
                    for (const auto &row : r->rows) {
                        const qint64 id = row.at(0).toLongLong();
                        const QString here = QStringLiteral("%1.%2_%3").arg(ds, logic).arg(t);
                        if (owner.contains(id) && !owner.value(id).startsWith(ds + QLatin1Char('.')) && clashes.size() < 5)
                            clashes.append(QStringLiteral("id %1 on %2 and %3").arg(id).arg(owner.value(id), here));
                        owner.insert(id, here);
                        ++rows;
                    }
                }
            }
            QVERIFY(rows > 100);
            QVERIFY2(clashes.isEmpty(), qPrintable(logic + QStringLiteral(": ") + clashes.join(QStringLiteral("; "))));
        }
        // New rows (the application's inserts, the load generator) keep to each server's own ids.
        for (int n = 0; n < 3; ++n) {
            Connection c;
            QVERIFY(c.open(ring.rootParams(n)));
            QCOMPARE(c.queryValue(QStringLiteral("SELECT @@auto_increment_increment")).value_or(QVariant()).toInt(), 3);
            QCOMPARE(c.queryValue(QStringLiteral("SELECT @@auto_increment_offset")).value_or(QVariant()).toInt(), n + 1);
        }
    }

    void cleanupTestCase()
    {
        m_fx.stop();
        for (const auto &s : m_fx.sandbox().status())
            QVERIFY(!s.running);
    }
};

QTEST_GUILESS_MAIN(TestSandbox)
#include "tst_sandbox.moc"
