// The real shardctl binary: sandbox up/status/kill-instance/start-instance/down and load.
#include "TestPaths.h"

#include "core/config/ConfigLoader.h"
#include "core/routing/Router.h"
#include "core/sandbox/DemoData.h"
#include "core/sandbox/DemoLoader.h"
#include "core/sandbox/Sandbox.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QDirIterator>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <unistd.h>

using namespace sp;

class TestShardctlSandbox final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp{QDir::tempPath() + QStringLiteral("/shardpilot-cli-XXXXXX")};

    struct Run
    {
        int code = -1;
        QByteArray out, err;
    };

    Run shardctl(const QStringList &args, int timeoutMs = 60000, const QString &program = {})
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("SHARDPILOT_PASSWORD"));
        env.remove(QStringLiteral("SHARDPILOT_DEFAULTS_FILE"));
        env.insert(QStringLiteral("HOME"), m_tmp.path()); // no ~/.my.cnf of the user
        p.setProcessEnvironment(env);
        p.start(program.isEmpty() ? test::shardctlPath() : program, args);
        Run r;
        if (!p.waitForFinished(timeoutMs)) {
            p.kill();
            p.waitForFinished(2000);
            return r;
        }
        r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = p.readAllStandardOutput();
        r.err = p.readAllStandardError();
        return r;
    }

    QString dir() const { return m_tmp.path() + QStringLiteral("/sb"); }

    // Writes a two-data-source config with `tables` (the YAML of the tables: block, indented by 6)
    // and `algorithms` (of shardingAlgorithms:, indented by 6), plus an optional broadcast table.
    QString writeConfig(const QString &name, const QString &tables, const QString &algorithms,
                        const QString &broadcast = {})
    {
        const QString path = m_tmp.filePath(name + QStringLiteral(".yaml"));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            return {};
        QString yaml = QStringLiteral("dataSources:\n"
                                      "  ds0:\n    url: jdbc:mysql://127.0.0.1:3306/shop\n    username: app\n"
                                      "  ds1:\n    url: jdbc:mysql://127.0.0.1:3306/shop\n    username: app\n"
                                      "rules:\n  - !SHARDING\n    tables:\n") +
            tables + QStringLiteral("    shardingAlgorithms:\n") + algorithms;
        if (!broadcast.isEmpty())
            yaml += QStringLiteral("  - !BROADCAST\n    tables:\n      - ") + broadcast + QLatin1Char('\n');
        f.write(yaml.toUtf8());
        return path;
    }

    // Processes whose command line names `path` (mariadbd started with --defaults-file=path/...).
    static QStringList processesUsing(const QString &path)
    {
        QStringList out;
        QDirIterator it(QStringLiteral("/proc"), QDir::Dirs | QDir::NoDotAndDotDot);
        while (it.hasNext()) {
            const QString pidDir = it.next();
            QFile cmdline(pidDir + QStringLiteral("/cmdline"));
            if (!cmdline.open(QIODevice::ReadOnly))
                continue;
            const QByteArray line = cmdline.readAll().replace('\0', ' ');
            if (line.contains(path.toUtf8()) && !line.contains("shardctl"))
                out << QFileInfo(pidDir).fileName() + QLatin1Char(' ') + QString::fromUtf8(line);
        }
        return out;
    }

private slots:
    void initTestCase() { QVERIFY(m_tmp.isValid()); }

    void upStatusLoadKillDown()
    {
        Run up = shardctl({QStringLiteral("sandbox"), QStringLiteral("up"), QStringLiteral("--dir"), dir(),
                           QStringLiteral("--instances"), QStringLiteral("3"), QStringLiteral("--config"),
                           test::sourcePath(QStringLiteral("tests/data/sandbox-2x2.yaml")), QStringLiteral("--rows"),
                           QStringLiteral("800"), QStringLiteral("--json")});
        QVERIFY2(up.code == 0, up.err.constData());
        const QJsonObject doc = QJsonDocument::fromJson(up.out).object();
        QCOMPARE(doc.value(QStringLiteral("created")).toBool(), true);
        QCOMPARE(doc.value(QStringLiteral("load")).toObject().value(QStringLiteral("messages")).toInt(), 800);
        const QJsonArray ds = doc.value(QStringLiteral("dataSources")).toArray();
        QCOMPARE(ds.size(), 3); // db0, db1 and one spare
        QCOMPARE(ds.at(2).toObject().value(QStringLiteral("spare")).toBool(), true);
        QCOMPARE(ds.at(2).toObject().value(QStringLiteral("name")).toString(), QStringLiteral("db2"));
        const QString appCnf = doc.value(QStringLiteral("appOptionFile")).toString();
        const QString yaml = doc.value(QStringLiteral("clusterYaml")).toString();

        Run st = shardctl({QStringLiteral("sandbox"), QStringLiteral("status"), QStringLiteral("--dir"), dir()});
        QCOMPARE(st.code, 0);
        QVERIFY(st.out.contains("node2"));

        // Without credentials the load cannot start: the same config away from its app.cnf.
        const QString bare = m_tmp.filePath(QStringLiteral("bare-cluster.yaml"));
        QFile::remove(bare);
        QVERIFY(QFile::copy(yaml, bare));
        Run noPw = shardctl({QStringLiteral("load"), QStringLiteral("--config"), bare,
                             QStringLiteral("--duration"), QStringLiteral("1")});
        QCOMPARE(noPw.code, 1);
        QVERIFY(noPw.err.contains("no password"));

        // As README prints it: the app.cnf next to the sandbox's cluster.yaml is the option file,
        // as for stats and health (load needed --defaults-file and failed with "no password").
        Run load = shardctl({QStringLiteral("load"), QStringLiteral("--config"), yaml,
                             QStringLiteral("--rate"), QStringLiteral("60"), QStringLiteral("--duration"),
                             QStringLiteral("2"), QStringLiteral("--json")});
        QVERIFY2(load.code == 0, load.err.constData());
        const QJsonObject l = QJsonDocument::fromJson(load.out).object();
        QCOMPARE(l.value(QStringLiteral("errors")).toInt(), 0);
        QVERIFY(l.value(QStringLiteral("insert")).toObject().value(QStringLiteral("ok")).toInt() > 20);
        Run unreadable = shardctl(
            {QStringLiteral("load"), QStringLiteral("--config"), yaml, QStringLiteral("--defaults-file"),
             m_tmp.filePath(QStringLiteral("none.cnf")), QStringLiteral("--duration"), QStringLiteral("1")});
        QCOMPARE(unreadable.code, 2);
        QVERIFY(unreadable.err.contains("cannot read the option file"));

        // The sandbox's application account reads replica status and binary logs (issue 23 item 3):
        // health has no privilege note; a plan, which does not need them, never prints one (it
        // printed one line per server).
        Run plan = shardctl({QStringLiteral("plan"), QStringLiteral("--config"), yaml, QStringLiteral("--defaults-file"),
                             appCnf, QStringLiteral("--strategy"), QStringLiteral("mod-double"), QStringLiteral("--live")});
        QVERIFY2(plan.code == 0 || plan.code == 1, plan.err.constData());
        const QByteArray planText = plan.out + plan.err;
        QVERIFY2(!planText.contains("SLAVE MONITOR"), planText.constData());
        QVERIFY2(!planText.contains("replica status"), planText.constData());
        Run health = shardctl({QStringLiteral("health"), QStringLiteral("--config"), yaml, QStringLiteral("--defaults-file"), appCnf});
        QCOMPARE(health.code, 0);
        QCOMPARE(health.out.count("SLAVE MONITOR"), 0);
        QCOMPARE(health.out.count("BINLOG MONITOR"), 0);

        Run kill = shardctl({QStringLiteral("sandbox"), QStringLiteral("kill-instance"), QStringLiteral("1"), QStringLiteral("--dir"), dir()});
        QCOMPARE(kill.code, 0);
        Run st2 = shardctl({QStringLiteral("sandbox"), QStringLiteral("status"), QStringLiteral("--dir"), dir(), QStringLiteral("--json")});
        QCOMPARE(st2.code, 1); // one instance down
        const QJsonArray status = QJsonDocument::fromJson(st2.out).object().value(QStringLiteral("status")).toArray();
        QCOMPARE(status.at(1).toObject().value(QStringLiteral("running")).toBool(), false);
        QCOMPARE(status.at(0).toObject().value(QStringLiteral("running")).toBool(), true);

        // writes routed to the dead instance fail, and the exit code says so
        Run faulty = shardctl({QStringLiteral("load"), QStringLiteral("--config"), yaml, QStringLiteral("--defaults-file"), appCnf,
                               QStringLiteral("--rate"), QStringLiteral("60"), QStringLiteral("--duration"), QStringLiteral("2"),
                               QStringLiteral("--mix"), QStringLiteral("insert:1")});
        QCOMPARE(faulty.code, 1);
        QVERIFY(faulty.out.contains("errors"));

        Run start = shardctl({QStringLiteral("sandbox"), QStringLiteral("start-instance"), QStringLiteral("1"), QStringLiteral("--dir"), dir()});
        QVERIFY2(start.code == 0, start.err.constData());
        Run down = shardctl({QStringLiteral("sandbox"), QStringLiteral("down"), QStringLiteral("--dir"), dir()});
        QCOMPARE(down.code, 0);
        Run st3 = shardctl({QStringLiteral("sandbox"), QStringLiteral("status"), QStringLiteral("--dir"), dir()});
        QCOMPARE(st3.code, 1);
        QVERIFY(!st3.out.contains("running"));
    }

    // Containers and minimal roots often have no /etc/hosts and a host name that does not resolve;
    // mariadb-install-db then refused to run ("Neither host ... nor 'localhost' could be looked up").
    // Run `sandbox up` in namespaces of its own with an unresolvable name and an empty /etc/hosts.
    void upWithoutResolvableHostName()
    {
        if (::geteuid() != 0 || QStandardPaths::findExecutable(QStringLiteral("unshare")).isEmpty())
            QSKIP("needs root and unshare(1) to make a host name that does not resolve");
        const QString sb = m_tmp.path() + QStringLiteral("/nohosts");
        // With an /etc/hosts, hide it in a private mount namespace; without one (a minimal root,
        // where unshare cannot make / private either) a UTS namespace is enough.
        const bool hasHosts = QFileInfo::exists(QStringLiteral("/etc/hosts"));
        const QString script = QStringLiteral(
            "hostname shardpilot-unresolvable.invalid && { [ ! -e /etc/hosts ] || mount --bind /dev/null /etc/hosts; } && "
            "if getent hosts localhost >/dev/null || getent hosts $(uname -n) >/dev/null; then "
            "echo 'setup: names still resolve' >&2; exit 90; fi; exec \"$0\" \"$@\"");
        QStringList namespaces{QStringLiteral("--uts")};
        if (hasHosts)
            namespaces << QStringLiteral("--mount");
        Run up = shardctl(namespaces + QStringList{QStringLiteral("--"), QStringLiteral("sh"),
                           QStringLiteral("-c"), script, test::shardctlPath(), QStringLiteral("sandbox"), QStringLiteral("up"),
                           QStringLiteral("--dir"), sb, QStringLiteral("--instances"), QStringLiteral("2"),
                           QStringLiteral("--config"), test::sourcePath(QStringLiteral("tests/data/sandbox-2x2.yaml")),
                           QStringLiteral("--rows"), QStringLiteral("200")},
                          180000, QStringLiteral("unshare"));
        QVERIFY2(up.code != 90, up.err.constData());
        QVERIFY2(up.code == 0, up.err.constData());
        Run st = shardctl({QStringLiteral("sandbox"), QStringLiteral("status"), QStringLiteral("--dir"), sb});
        QVERIFY2(st.code == 0, st.out.constData());
        QVERIFY(st.out.contains("running"));
        Run down = shardctl({QStringLiteral("sandbox"), QStringLiteral("down"), QStringLiteral("--dir"), sb});
        QCOMPARE(down.code, 0);
    }

    // A user's own config gives a working sandbox whatever its column and table names: sharded on
    // `id` (the generic demo table had its own `id` column: "Duplicate column name 'id'"), on
    // reserved words, with a table name that needs quoting, on a numeric column (MOD and INLINE
    // arithmetic need numbers). Each comes up, every demo row sits on the node the router picks for
    // its key, and `sandbox down` stops it.
    void userConfigsComeUp_data()
    {
        QTest::addColumn<QString>("tables");
        QTest::addColumn<QString>("algorithms");
        QTest::addColumn<QString>("broadcast");
        QTest::addRow("sharding column id")
            << QStringLiteral("      t_order:\n        actualDataNodes: ds${0..1}.t_order_${0..1}\n"
                              "        databaseStrategy:\n          standard:\n            shardingColumn: id\n"
                              "            shardingAlgorithmName: db-inline\n"
                              "        tableStrategy:\n          standard:\n            shardingColumn: id\n"
                              "            shardingAlgorithmName: table-inline\n")
            << QStringLiteral("      db-inline:\n        type: INLINE\n        props:\n"
                              "          algorithm-expression: ds${id % 2}\n"
                              "      table-inline:\n        type: INLINE\n        props:\n"
                              "          algorithm-expression: t_order_${id.intdiv(2) % 2}\n")
            << QString();
        QTest::addRow("reserved words as columns")
            << QStringLiteral("      t_item:\n        actualDataNodes: ds${0..1}.t_item_${0..1}\n"
                              "        databaseStrategy:\n          standard:\n            shardingColumn: order\n"
                              "            shardingAlgorithmName: crc-db\n"
                              "        tableStrategy:\n          standard:\n            shardingColumn: key\n"
                              "            shardingAlgorithmName: crc-table\n")
            << QStringLiteral("      crc-db:\n        type: CRC32_MOD\n        props:\n          sharding-count: 2\n"
                              "      crc-table:\n        type: CRC32_MOD\n        props:\n          sharding-count: 2\n"
                              "          divisor: 65536\n")
            << QString();
        QTest::addRow("table names needing quotes")
            << QStringLiteral("      t-order:\n        actualDataNodes: ds${0..1}.t-order_${0..1}\n"
                              "        databaseStrategy:\n          standard:\n            shardingColumn: user_id\n"
                              "            shardingAlgorithmName: hash-db\n"
                              "        tableStrategy:\n          standard:\n            shardingColumn: user_id\n"
                              "            shardingAlgorithmName: hash-table\n")
            << QStringLiteral("      hash-db:\n        type: HASH_MOD\n        props:\n          sharding-count: 2\n"
                              "      hash-table:\n        type: CRC32_MOD\n        props:\n          sharding-count: 2\n"
                              "          divisor: 65536\n")
            << QStringLiteral("group");
        QTest::addRow("numeric sharding column")
            << QStringLiteral("      t_account:\n        actualDataNodes: ds${0..1}.t_account_${0..1}\n"
                              "        databaseStrategy:\n          standard:\n            shardingColumn: account_no\n"
                              "            shardingAlgorithmName: mod-db\n"
                              "        tableStrategy:\n          standard:\n            shardingColumn: account_no\n"
                              "            shardingAlgorithmName: table-inline\n")
            << QStringLiteral("      mod-db:\n        type: MOD\n        props:\n          sharding-count: 2\n"
                              "      table-inline:\n        type: INLINE\n        props:\n"
                              "          algorithm-expression: t_account_${account_no.intdiv(2) % 2}\n")
            << QString();
    }

    void userConfigsComeUp()
    {
        QFETCH(QString, tables);
        QFETCH(QString, algorithms);
        QFETCH(QString, broadcast);
        const QString tag = QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-'));
        const QString config = writeConfig(tag, tables, algorithms, broadcast);
        const LoadResult loaded = ConfigLoader::loadFile(config);
        QVERIFY2(loaded.ok(), qPrintable(loaded.diagnostics.value(0).toString()));
        const QString sbDir = m_tmp.filePath(QStringLiteral("user-") + tag);
        const quint64 seed = 3;
        const qint64 rows = 2000;
        Run up = shardctl({QStringLiteral("sandbox"), QStringLiteral("up"), QStringLiteral("--dir"), sbDir,
                           QStringLiteral("--instances"), QStringLiteral("2"), QStringLiteral("--config"), config,
                           QStringLiteral("--rows"), QString::number(rows), QStringLiteral("--seed"),
                           QString::number(seed), QStringLiteral("--json")},
                          180000);
        QVERIFY2(up.code == 0, up.err.constData());

        // Every row of every data node routes (all its routing columns hold the row's key) to that node.
        Sandbox sb(sbDir);
        QString error;
        QVERIFY2(sb.load(&error), qPrintable(error));
        const Router router(loaded.config);
        const sandbox::DemoLoadResult expected =
            sandbox::DemoLoader::expectedCounts(loaded.config, sandbox::DemoData(rows, seed));
        QVERIFY2(expected.ok, qPrintable(expected.error));
        int filled = 0;
        for (const TableRule &rule : loaded.config.tables) {
            QStringList names, columns;
            for (const StrategyDef &st : {loaded.config.effectiveDatabaseStrategy(rule),
                                          loaded.config.effectiveTableStrategy(rule)})
                for (const QString &c : st.columns)
                    if (!names.contains(c, Qt::CaseInsensitive)) {
                        names << c;
                        columns << Connection::quoteIdentifier(c);
                    }
            QVERIFY(!columns.isEmpty());
            for (const DataNode &n : rule.dataNodes) {
                const sandbox::SandboxDataSource *ds = sb.state().dataSource(n.dataSource);
                QVERIFY(ds);
                Connection c;
                QVERIFY2(c.open(sb.rootParams(ds->instance)), qPrintable(c.lastError()));
                qint64 seen = 0;
                QString wrong;
                const bool ok = c.forEachRow(
                    QStringLiteral("SELECT ") + columns.join(QStringLiteral(", ")) + QStringLiteral(" FROM ") +
                        Connection::quoteIdentifier(ds->schema) + QLatin1Char('.') + Connection::quoteIdentifier(n.table),
                    [&](const QList<QVariant> &row) {
                        const QString key = row.value(0).toString();
                        for (const QVariant &v : row)
                            if (v.toString() != key)
                                wrong = QStringLiteral("routing columns differ: ") + key + QLatin1Char('/') + v.toString();
                        const RouteResult r = router.route(rule.logicTable, ShardingValue{key, KeyType::Auto});
                        if (!r.ok || r.node != n)
                            wrong = key + QStringLiteral(" routes to ") + (r.ok ? r.node.toString() : r.error);
                        ++seen;
                        return wrong.isEmpty();
                    });
                QVERIFY2(ok || !wrong.isEmpty(), qPrintable(c.lastError()));
                QVERIFY2(wrong.isEmpty(), qPrintable(n.toString() + QStringLiteral(": ") + wrong));
                QCOMPARE(seen, expected.rowsPerNode.value(n));
                filled += seen > 0 ? 1 : 0;
            }
        }
        QVERIFY2(filled >= 3, qPrintable(QString::number(filled))); // rows on (nearly) every node
        if (!broadcast.isEmpty()) {
            Connection c;
            QVERIFY2(c.open(sb.rootParams(0)), qPrintable(c.lastError()));
            const auto v = c.queryValue(QStringLiteral("SELECT COUNT(*) FROM ") +
                                        Connection::quoteIdentifier(sb.state().dataSource(QStringLiteral("ds0"))->schema) +
                                        QLatin1Char('.') + Connection::quoteIdentifier(broadcast));
            QVERIFY2(v, qPrintable(c.lastError()));
            QCOMPARE(v->toInt(), 3);
        }

        Run down = shardctl({QStringLiteral("sandbox"), QStringLiteral("down"), QStringLiteral("--dir"), sbDir});
        QVERIFY2(down.code == 0, down.err.constData());
        QTRY_VERIFY_WITH_TIMEOUT(processesUsing(sbDir).isEmpty(), 10000);
        Run st = shardctl({QStringLiteral("sandbox"), QStringLiteral("status"), QStringLiteral("--dir"), sbDir});
        QCOMPARE(st.code, 1);
    }

    // A failure after the servers started (here: the demo rows cannot be routed, the table strategy
    // names tables the config does not have) leaves no half-made sandbox: no server runs, the
    // directory is gone (a later `up` would have taken it for a complete sandbox), and the error
    // says what happened and what to do.
    void failedUpLeavesNothing()
    {
        const QString config = writeConfig(
            QStringLiteral("unroutable"),
            QStringLiteral("      t_bad:\n        actualDataNodes: ds${0..1}.t_bad_${0..1}\n"
                           "        databaseStrategy:\n          standard:\n            shardingColumn: bad_key\n"
                           "            shardingAlgorithmName: crc-db\n"
                           "        tableStrategy:\n          standard:\n            shardingColumn: bad_key\n"
                           "            shardingAlgorithmName: table-inline\n"),
            QStringLiteral("      crc-db:\n        type: CRC32_MOD\n        props:\n          sharding-count: 2\n"
                           "      table-inline:\n        type: INLINE\n        props:\n"
                           "          algorithm-expression: t_bad_${bad_key % 2 + 5}\n"));
        const QString sbDir = m_tmp.filePath(QStringLiteral("failed"));
        Run up = shardctl({QStringLiteral("sandbox"), QStringLiteral("up"), QStringLiteral("--dir"), sbDir,
                           QStringLiteral("--instances"), QStringLiteral("2"), QStringLiteral("--config"), config,
                           QStringLiteral("--rows"), QStringLiteral("200")},
                          180000);
        QCOMPARE(up.code, 1);
        QVERIFY2(up.out.contains("starting 2 mariadbd instances"), up.out.constData()); // it failed after starting them
        QVERIFY2(up.err.contains("t_bad"), up.err.constData());
        QVERIFY2(up.err.contains("servers were stopped") && up.err.contains("run sandbox up again"), up.err.constData());
        QCOMPARE(up.err.count('\n'), 1);
        QVERIFY2(processesUsing(sbDir).isEmpty(), qPrintable(processesUsing(sbDir).join(QLatin1Char('\n'))));
        QVERIFY(!QFileInfo::exists(sbDir));
        Run st = shardctl({QStringLiteral("sandbox"), QStringLiteral("status"), QStringLiteral("--dir"), sbDir});
        QVERIFY(st.code != 0);
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addRow("no action") << QStringList{QStringLiteral("sandbox")};
        QTest::addRow("unknown action") << QStringList{QStringLiteral("sandbox"), QStringLiteral("frob")};
        QTest::addRow("bad instances") << QStringList{QStringLiteral("sandbox"), QStringLiteral("up"), QStringLiteral("--instances"), QStringLiteral("0")};
        QTest::addRow("unreadable config") << QStringList{QStringLiteral("sandbox"), QStringLiteral("up"), QStringLiteral("--config"), QStringLiteral("/nonexistent.yaml")};
        QTest::addRow("load without config") << QStringList{QStringLiteral("load")};
        QTest::addRow("bad mix") << QStringList{QStringLiteral("load"), QStringLiteral("--config"), test::sourcePath(QStringLiteral("tests/data/sandbox-2x2.yaml")), QStringLiteral("--mix"), QStringLiteral("drop:5")};
    }

    void usageErrors()
    {
        QFETCH(QStringList, args);
        const Run r = shardctl(args + QStringList{QStringLiteral("--dir"), m_tmp.path() + QStringLiteral("/none")}.mid(args.first() == QLatin1String("load") ? 2 : 0));
        QCOMPARE(r.code, 2);
        QVERIFY(!r.err.isEmpty());
        QCOMPARE(r.err.count('\n'), 1); // one line
    }

    void cleanupTestCase()
    {
        // whatever happened above, no server outlives the test
        Sandbox sb(dir());
        QString error;
        if (sb.load(&error))
            sb.killAll();
        Sandbox noHosts(m_tmp.path() + QStringLiteral("/nohosts"));
        if (noHosts.load(&error))
            noHosts.killAll();
        QDirIterator user(m_tmp.path(), {QStringLiteral("user-*")}, QDir::Dirs);
        while (user.hasNext()) {
            Sandbox sb(user.next());
            if (sb.load(&error))
                sb.killAll();
        }
    }
};

QTEST_GUILESS_MAIN(TestShardctlSandbox)
#include "tst_shardctl_sandbox.moc"
