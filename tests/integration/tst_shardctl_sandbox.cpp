// The real shardctl binary: sandbox up/status/kill-instance/start-instance/down and load.
#include "TestPaths.h"

#include "core/sandbox/Sandbox.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
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

        // without credentials the load cannot start
        Run noPw = shardctl({QStringLiteral("load"), QStringLiteral("--config"), yaml, QStringLiteral("--duration"), QStringLiteral("1")});
        QCOMPARE(noPw.code, 1);
        QVERIFY(noPw.err.contains("no password"));

        Run load = shardctl({QStringLiteral("load"), QStringLiteral("--config"), yaml, QStringLiteral("--defaults-file"), appCnf,
                             QStringLiteral("--rate"), QStringLiteral("60"), QStringLiteral("--duration"), QStringLiteral("2"),
                             QStringLiteral("--json")});
        QVERIFY2(load.code == 0, load.err.constData());
        const QJsonObject l = QJsonDocument::fromJson(load.out).object();
        QCOMPARE(l.value(QStringLiteral("errors")).toInt(), 0);
        QVERIFY(l.value(QStringLiteral("insert")).toObject().value(QStringLiteral("ok")).toInt() > 20);

        // The application account cannot read replica status: health says so once for all
        // servers; a plan, which does not need it, does not print it at all (it printed one line
        // per server).
        Run plan = shardctl({QStringLiteral("plan"), QStringLiteral("--config"), yaml, QStringLiteral("--defaults-file"),
                             appCnf, QStringLiteral("--strategy"), QStringLiteral("mod-double"), QStringLiteral("--live")});
        QVERIFY2(plan.code == 0 || plan.code == 1, plan.err.constData());
        const QByteArray planText = plan.out + plan.err;
        QVERIFY2(!planText.contains("SLAVE MONITOR"), planText.constData());
        QVERIFY2(!planText.contains("replica status"), planText.constData());
        Run health = shardctl({QStringLiteral("health"), QStringLiteral("--config"), yaml, QStringLiteral("--defaults-file"), appCnf});
        QCOMPARE(health.code, 0);
        QCOMPARE(health.out.count("SLAVE MONITOR"), 1);

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
    }
};

QTEST_GUILESS_MAIN(TestShardctlSandbox)
#include "tst_shardctl_sandbox.moc"
