// Shard health against real servers (three sandbox instances; db0 and db1 carry the config, db2 is
// a spare the load never touches):
//  - `shardctl load` on the cluster: `shardctl health --json` measures QPS above zero on db0 and db1
//    and near zero on db2 (the monitor's own statements are not counted);
//  - a monitor account (--monitor-user, password in SHARDPILOT_MONITOR_PASSWORD) reads replica status
//    and binary logs the application's account may not; without its password it is refused;
//  - `shardctl health --watch 1 --json`: a killed instance is red within two samples while the others
//    keep updating, and the exit code is 1;
//  - the Health page: a SIGSTOPped instance turns red after the read timeout while the window keeps
//    repainting (the event loop is never blocked) and the other rows keep updating; SIGCONT at the end;
//    a killed instance is red within two samples; the samples reach the history database.
#include "SandboxFixture.h"
#include "TestPaths.h"

#include "core/cluster/Connection.h"
#include "core/cluster/StatsHistory.h"
#include "core/config/ConfigLoader.h"
#include "core/health/HealthHistory.h"
#include "ui/AppContext.h"
#include "ui/Settings.h"
#include "ui/health/HealthController.h"
#include "ui/health/HealthGrid.h"
#include "ui/pages/HealthPage.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <sys/types.h>

using namespace sp;
using namespace sp::health;
using namespace sp::ui;

namespace {

QJsonObject instanceOf(const QJsonObject &doc, const QString &ds)
{
    for (const QJsonValue &v : doc.value(QStringLiteral("instances")).toArray())
        if (v.toObject().value(QStringLiteral("dataSource")).toString() == ds)
            return v.toObject();
    return {};
}

} // namespace

class TestGuiHealth final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        qunsetenv("SHARDPILOT_DEFAULTS_FILE");
        qunsetenv("SHARDPILOT_PASSWORD");
        qputenv("SHARDPILOT_HISTORY_DIR", QFile::encodeName(m_tmp.filePath(QStringLiteral("history"))));
        QVERIFY2(m_fx.start(), qPrintable(m_fx.error()));
        // db0 and db1 as the sandbox config has them, db2 on the spare third instance.
        QString yaml = QStringLiteral("dataSources:\n");
        for (int i = 0; i < 3; ++i)
            yaml += QStringLiteral("  db%1:\n    url: jdbc:mysql://127.0.0.1:%2/%3\n    username: shardpilot_app\n")
                        .arg(i)
                        .arg(m_fx.port(i))
                        .arg(m_fx.schema(QStringLiteral("db0")));
        yaml += QStringLiteral("rules:\n- !SHARDING\n  tables:\n    t_messages:\n      actualDataNodes: db0.t_messages_0\n");
        m_config = m_tmp.filePath(QStringLiteral("health.yaml"));
        QFile f(m_config);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(yaml.toUtf8());
        f.close();
        QCOMPARE(m_fx.instanceOf(QStringLiteral("db0")), 0);
        QCOMPARE(m_fx.instanceOf(QStringLiteral("db1")), 1);
    }

    void cleanupTestCase()
    {
        // Never leave a stopped server behind.
        for (qint64 pid : std::as_const(m_stopped))
            ::kill(pid_t(pid), SIGCONT);
    }

    void qpsFollowsTheLoad()
    {
        QProcess load;
        load.setProcessEnvironment(environment());
        load.start(test::shardctlPath(),
                   {QStringLiteral("load"), QStringLiteral("--config"), m_fx.clusterYamlPath(), QStringLiteral("--defaults-file"),
                    m_fx.appOptionFile(), QStringLiteral("--rate"), QStringLiteral("200"), QStringLiteral("--duration"),
                    QStringLiteral("8")});
        QVERIFY(load.waitForStarted());
        QTest::qWait(1500);
        int rc = -1;
        QByteArray err;
        const QByteArray out = shardctl({QStringLiteral("health"), QStringLiteral("--config"), m_config,
                                         QStringLiteral("--defaults-file"), m_fx.appOptionFile(), QStringLiteral("--json"),
                                         QStringLiteral("--sample"), QStringLiteral("3")},
                                        &rc, &err);
        QVERIFY(load.waitForFinished(30000));
        QCOMPARE(load.exitCode(), 0);
        QVERIFY2(rc == 0, err.constData());
        const QJsonObject doc = QJsonDocument::fromJson(out).object();
        QCOMPARE(doc.value(QStringLiteral("sampleSeconds")).toInt(), 3);
        for (const char *busy : {"db0", "db1"}) {
            const QJsonObject i = instanceOf(doc, QString::fromLatin1(busy));
            const double qps = i.value(QStringLiteral("qps")).toDouble(-1);
            qInfo("%s: %.1f qps, %.1f tps, verdict %s", busy, qps, i.value(QStringLiteral("tps")).toDouble(-1),
                  qPrintable(i.value(QStringLiteral("verdict")).toString()));
            QVERIFY2(qps > 5, qPrintable(QString::number(qps)));
            // The load's writes are autocommitted (no COMMIT statement): counted through the binary log.
            const double tps = i.value(QStringLiteral("tps")).toDouble(-1);
            QVERIFY2(tps > 5, qPrintable(QString::number(tps)));
            QCOMPARE(i.value(QStringLiteral("reachable")).toBool(), true);
            QVERIFY(i.contains(QStringLiteral("version")) && i.contains(QStringLiteral("connections")));
        }
        const QJsonObject idle = instanceOf(doc, QStringLiteral("db2"));
        const double idleQps = idle.value(QStringLiteral("qps")).toDouble(-1);
        qInfo("db2 (idle): %.2f qps", idleQps);
        QVERIFY2(idleQps >= 0 && idleQps < 0.5, qPrintable(QString::number(idleQps)));
        const double idleTps = idle.value(QStringLiteral("tps")).toDouble(-1);
        QVERIFY2(idleTps >= 0 && idleTps < 0.5, qPrintable(QString::number(idleTps)));
        QCOMPARE(idle.value(QStringLiteral("verdict")).toString(), QStringLiteral("green"));
        // A sandbox's application account reads replica status and binary logs (issue 23 item 3): no note.
        const auto replicaNotes = [](const QJsonObject &d) {
            int n = 0;
            for (const QJsonValue &v : d.value(QStringLiteral("notes")).toArray())
                n += v.toString().contains(QStringLiteral("SLAVE MONITOR")) ? 1 : 0;
            return n;
        };
        QCOMPARE(replicaNotes(doc), 0);
        QVERIFY(!out.contains("password"));
        // An account that may not read replica status: said once, for all three servers.
        const QString app = QStringLiteral("'shardpilot_app'@'127.0.0.1'");
        for (int i = 0; i < 3; ++i) {
            Connection root;
            QVERIFY2(root.open(m_fx.rootParams(i)), qPrintable(root.lastError()));
            QVERIFY2(root.exec(QStringLiteral("REVOKE SLAVE MONITOR ON *.* FROM ") + app), qPrintable(root.lastError()));
        }
        const QByteArray denied = shardctl({QStringLiteral("health"), QStringLiteral("--config"), m_config,
                                            QStringLiteral("--defaults-file"), m_fx.appOptionFile(), QStringLiteral("--json"),
                                            QStringLiteral("--sample"), QStringLiteral("0")},
                                           &rc, &err);
        for (int i = 0; i < 3; ++i) {
            Connection root;
            QVERIFY2(root.open(m_fx.rootParams(i)), qPrintable(root.lastError()));
            QVERIFY2(root.exec(QStringLiteral("GRANT SLAVE MONITOR ON *.* TO ") + app), qPrintable(root.lastError()));
        }
        QVERIFY2(rc == 0, err.constData());
        QCOMPARE(replicaNotes(QJsonDocument::fromJson(denied).object()), 1);
    }

    void monitorAccountReadsWhatTheAppCannot()
    {
        // A monitor account with the privileges the application's user lacks; its password only in
        // SHARDPILOT_MONITOR_PASSWORD (the option file names the application's user: skipped).
        const QString password = QStringLiteral("M0n-itor-pw");
        for (int i = 0; i < 3; ++i) {
            Connection root;
            QVERIFY2(root.open(m_fx.rootParams(i)), qPrintable(root.lastError()));
            QVERIFY2(root.exec(QStringLiteral("CREATE USER IF NOT EXISTS 'shardpilot_monitor'@'%' IDENTIFIED BY '") + password +
                               QStringLiteral("'")),
                     qPrintable(root.lastError()));
            QVERIFY2(root.exec(QStringLiteral("GRANT PROCESS, SLAVE MONITOR, BINLOG MONITOR ON *.* TO 'shardpilot_monitor'@'%'")),
                     qPrintable(root.lastError()));
            QVERIFY(root.exec(QStringLiteral("GRANT SELECT ON `") + m_fx.schema(QStringLiteral("db0")) +
                              QStringLiteral("`.* TO 'shardpilot_monitor'@'%'")));
        }
        const QStringList args{QStringLiteral("health"), QStringLiteral("--config"), m_config, QStringLiteral("--defaults-file"),
                               m_fx.appOptionFile(), QStringLiteral("--monitor-user"), QStringLiteral("shardpilot_monitor"),
                               QStringLiteral("--json"), QStringLiteral("--sample"), QStringLiteral("0")};
        int rc = -1;
        QByteArray err;
        QByteArray out = shardctl(args, &rc, &err, {{QStringLiteral("SHARDPILOT_MONITOR_PASSWORD"), password}});
        QVERIFY2(rc == 0, err.constData());
        QJsonObject doc = QJsonDocument::fromJson(out).object();
        QVERIFY2(doc.value(QStringLiteral("notes")).toArray().isEmpty(), out.constData()); // nothing it may not read
        for (const char *ds : {"db0", "db1", "db2"}) {
            const QJsonObject i = instanceOf(doc, QString::fromLatin1(ds));
            QCOMPARE(i.value(QStringLiteral("account")).toString(), QStringLiteral("shardpilot_monitor"));
            QCOMPARE(i.value(QStringLiteral("replicaState")).toString(), QString()); // read: not a replica
            const QJsonObject binlog = i.value(QStringLiteral("binlog")).toObject();
            QVERIFY2(binlog.value(QStringLiteral("files")).toInt() >= 1, out.constData());
            QVERIFY(binlog.value(QStringLiteral("bytes")).toDouble() > 0);
            QVERIFY(!binlog.value(QStringLiteral("oldest")).toString().isEmpty());
        }
        QVERIFY(!out.contains(password.toUtf8()) && !err.contains(password.toUtf8()));
        // Without its password the monitor account is refused, and says why; the application's
        // password is never tried for it.
        out = shardctl(args, &rc, &err);
        QCOMPARE(rc, 1);
        doc = QJsonDocument::fromJson(out).object();
        const QString error = instanceOf(doc, QStringLiteral("db0")).value(QStringLiteral("error")).toString();
        QVERIFY2(error.contains(QStringLiteral("shardpilot_monitor@")) && error.contains(QStringLiteral("monitor account")),
                 qPrintable(error));
        // The server answered and refused the account: "access denied" (error 1045), not "down".
        const QJsonObject refused = instanceOf(doc, QStringLiteral("db0"));
        QCOMPARE(refused.value(QStringLiteral("state")).toString(), QStringLiteral("access denied"));
        QCOMPARE(refused.value(QStringLiteral("errorCode")).toInt(), 1045);
        QVERIFY2(refused.value(QStringLiteral("reason"))
                     .toString()
                     .startsWith(QStringLiteral("db0: access denied (")),
                 qPrintable(refused.value(QStringLiteral("reason")).toString()));
        QStringList table = args;
        table.removeAll(QStringLiteral("--json"));
        out = shardctl(table, &rc, &err);
        QCOMPARE(rc, 1);
        QVERIFY2(out.contains(" DENIED ") && out.contains("access denied: db0: ") && !out.contains(" DOWN "),
                 out.constData());
    }

    void wrongAccountIsAccessDeniedInStats()
    {
        // The inspection (shardctl stats, the dashboard) classifies the same error the same way: db0
        // under an account the server does not know, db1 on a port where nothing listens.
        QFile in(m_config);
        QVERIFY(in.open(QIODevice::ReadOnly));
        QString yaml = QString::fromUtf8(in.readAll());
        const qsizetype db0 = yaml.indexOf(QStringLiteral("username: shardpilot_app"));
        QVERIFY(db0 > 0);
        yaml.replace(db0, int(QStringLiteral("username: shardpilot_app").size()),
                     QStringLiteral("username: sp_no_such_user"));
        yaml.replace(QStringLiteral("127.0.0.1:%1/").arg(m_fx.port(1)), QStringLiteral("127.0.0.1:1/"));
        const QString config = m_tmp.filePath(QStringLiteral("denied.yaml"));
        QFile f(config);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(yaml.toUtf8());
        f.close();
        int rc = -1;
        QByteArray err;
        const QByteArray out = shardctl({QStringLiteral("stats"), QStringLiteral("--config"), config,
                                         QStringLiteral("--defaults-file"), m_fx.appOptionFile(),
                                         QStringLiteral("--no-history")},
                                        &rc, &err);
        QCOMPARE(rc, 1);
        QVERIFY2(out.contains("ACCESS DENIED db0: ") && out.contains("DOWN db1: "), out.constData());
        const QByteArray json = shardctl({QStringLiteral("stats"), QStringLiteral("--config"), config,
                                          QStringLiteral("--defaults-file"), m_fx.appOptionFile(),
                                          QStringLiteral("--no-history"), QStringLiteral("--json")},
                                         &rc, &err);
        const QJsonObject doc = QJsonDocument::fromJson(json).object();
        QCOMPARE(instanceOf(doc, QStringLiteral("db0")).value(QStringLiteral("state")).toString(),
                 QStringLiteral("access denied"));
        QCOMPARE(instanceOf(doc, QStringLiteral("db1")).value(QStringLiteral("state")).toString(),
                 QStringLiteral("unreachable"));
        QCOMPARE(instanceOf(doc, QStringLiteral("db2")).value(QStringLiteral("state")).toString(),
                 QStringLiteral("up"));
    }

    void cliKilledInstanceRedWithinTwoSamples()
    {
        QProcess watch;
        watch.setProcessEnvironment(environment());
        watch.start(test::shardctlPath(),
                    {QStringLiteral("health"), QStringLiteral("--config"), m_config, QStringLiteral("--defaults-file"),
                     m_fx.appOptionFile(), QStringLiteral("--json"), QStringLiteral("--watch"), QStringLiteral("1"),
                     QStringLiteral("--count"), QStringLiteral("6")});
        QVERIFY(watch.waitForStarted());
        QList<QJsonObject> lines;
        auto readLines = [&] {
            while (watch.canReadLine())
                lines.append(QJsonDocument::fromJson(watch.readLine()).object());
        };
        QTRY_VERIFY_WITH_TIMEOUT((readLines(), !lines.isEmpty()), 20000);
        QCOMPARE(instanceOf(lines.first(), QStringLiteral("db1")).value(QStringLiteral("reachable")).toBool(), true);
        const int before = int(lines.size());
        QString error;
        QVERIFY2(m_fx.sandbox().killInstance(1, &error), qPrintable(error));
        QVERIFY(watch.waitForFinished(60000));
        readLines();
        QCOMPARE(lines.size(), 6);
        QCOMPARE(watch.exitCode(), 1); // a red shard
        // Red within two samples of the kill.
        bool red = false;
        for (int i = before; i < qMin(before + 2, int(lines.size())); ++i)
            red = red || instanceOf(lines.at(i), QStringLiteral("db1")).value(QStringLiteral("verdict")).toString() ==
                             QLatin1String("red");
        QVERIFY2(red, QJsonDocument(lines.at(before)).toJson(QJsonDocument::Compact).constData());
        QCOMPARE(lines.last().value(QStringLiteral("worst")).toString(), QStringLiteral("red"));
        // db0 kept answering and its samples kept moving.
        QString previous;
        for (const QJsonObject &l : std::as_const(lines)) {
            const QJsonObject db0 = instanceOf(l, QStringLiteral("db0"));
            QCOMPARE(db0.value(QStringLiteral("reachable")).toBool(), true);
            const QString at = db0.value(QStringLiteral("sampledAt")).toString();
            QVERIFY(at > previous);
            previous = at;
        }
        QVERIFY2(m_fx.sandbox().startInstance(1, &error, true), qPrintable(error));
    }

    void pageFrozenInstanceRedWithoutFreezing()
    {
        AppContext ctx;
        ctx.setCredentials(m_fx.credentialOptions());
        const LoadResult load = ConfigLoader::loadFile(m_config);
        QVERIFY2(load.ok(), qPrintable(load.diagnostics.value(0).toString()));
        ctx.setConfig(m_config, load, {});
        Settings settings(m_tmp.filePath(QStringLiteral("settings.ini")));
        settings.setHealthIntervalSeconds(1);
        HealthPage page(&ctx);
        page.setSettings(&settings);
        page.resize(1200, 700);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        HealthController *c = page.controller();
        QTRY_VERIFY(c->isRunning());
        auto allUp = [c] {
            for (const HealthRow &r : c->rows())
                if (!r.sample.up())
                    return false;
            return true;
        };
        QTRY_VERIFY_WITH_TIMEOUT(allUp(), 20000);

        // Freeze db1's server. The page must keep repainting: a timer asks for a repaint every
        // 16 ms and we measure the longest gap between two paints of the grid.
        const qint64 pid = m_fx.sandbox().state().instances.at(1).pid;
        QVERIFY(pid > 0);
        QCOMPARE(::kill(pid_t(pid), SIGSTOP), 0);
        m_stopped.append(pid);
        QElapsedTimer clock;
        clock.start();
        const int db0 = c->rowOf(QStringLiteral("db0"));
        const int db1 = c->rowOf(QStringLiteral("db1"));
        const QDateTime db0Before = c->rows().at(db0).sample.at;
        qint64 lastPaint = 0, longestGap = 0;
        int lastCount = page.grid()->paintCount();
        QTimer repaint;
        connect(&repaint, &QTimer::timeout, &page, [&] {
            const int n = page.grid()->paintCount();
            if (n != lastCount) {
                const qint64 now = clock.elapsed();
                if (lastPaint > 0)
                    longestGap = std::max(longestGap, now - lastPaint);
                lastPaint = now;
                lastCount = n;
            }
            page.grid()->update();
        });
        repaint.start(16);
        // Read timeout 5 s (the monitor's default) + one interval; 12 s leaves room for a slow box.
        QTRY_VERIFY_WITH_TIMEOUT(c->rows().at(db1).verdict.verdict == Verdict::Red, 12000);
        const qint64 redAfter = clock.elapsed();
        repaint.stop();
        qInfo("frozen db1 red after %lld ms (%s); longest gap between repaints %lld ms", redAfter,
              qPrintable(c->rows().at(db1).sample.server.error), longestGap);
        QVERIFY(longestGap < 250);
        QVERIFY(page.grid()->paintCount() > 50);
        QVERIFY(c->rows().at(db0).sample.at > db0Before); // the others kept updating
        QVERIFY(c->rows().at(db0).sample.up());
        QCOMPARE(c->worst(), Verdict::Red);
        // Stopping while a server is frozen (its thread blocked in a read or a connect) returns at
        // once; sampling starts again.
        QElapsedTimer frozenStop;
        frozenStop.start();
        page.stopMonitoring();
        const qint64 frozenStopMs = frozenStop.elapsed();
        qInfo("stop with a frozen server: %lld ms", frozenStopMs);
        QVERIFY(frozenStopMs < 300);
        page.startMonitoring();
        QVERIFY(c->isRunning());
        QCOMPARE(::kill(pid_t(pid), SIGCONT), 0);
        m_stopped.removeAll(pid);
        // Thawed, it answers again.
        QTRY_VERIFY_WITH_TIMEOUT(c->rows().at(db1).sample.up(), 20000);

        // Killed: red within two samples (1 s each), the others still updating.
        const QDateTime db0BeforeKill = c->rows().at(db0).sample.at;
        QString error;
        QElapsedTimer killClock;
        killClock.start();
        QVERIFY2(m_fx.sandbox().killInstance(2, &error), qPrintable(error));
        const int db2 = c->rowOf(QStringLiteral("db2"));
        QTRY_VERIFY_WITH_TIMEOUT(c->rows().at(db2).verdict.verdict == Verdict::Red, 4000);
        qInfo("killed db2 red after %lld ms", killClock.elapsed());
        QTRY_VERIFY(c->rows().at(db0).sample.at > db0BeforeKill);

        // Stopping returns promptly and the samples are in the history database.
        QElapsedTimer stopClock;
        stopClock.start();
        page.stopMonitoring();
        QVERIFY2(stopClock.elapsed() < 300, qPrintable(QString::number(stopClock.elapsed())));
        HealthHistory history(StatsHistory::defaultPathFor(m_config));
        QVERIFY2(history.isOpen(), qPrintable(history.lastError()));
        QTRY_VERIFY_WITH_TIMEOUT(history.series(QStringLiteral("db0")).size() >= 3, 5000);
        // The last batch is written by a pool task after stop(): wait for it.
        auto sawRed = [&history] {
            for (const LoadPoint &p : history.series(QStringLiteral("db2")))
                if (p.verdict == Verdict::Red && !p.up)
                    return true;
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(sawRed(), 5000);
        QVERIFY2(m_fx.sandbox().startInstance(2, &error, true), qPrintable(error));
    }

private:
    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("SHARDPILOT_DEFAULTS_FILE"));
        env.remove(QStringLiteral("SHARDPILOT_PASSWORD"));
        env.insert(QStringLiteral("SHARDPILOT_NO_KEYCHAIN"), QStringLiteral("1"));
        return env;
    }

    QByteArray shardctl(const QStringList &args, int *rc, QByteArray *err, const QMap<QString, QString> &extraEnv = {})
    {
        QProcess p;
        QProcessEnvironment env = environment();
        for (auto it = extraEnv.constBegin(); it != extraEnv.constEnd(); ++it)
            env.insert(it.key(), it.value());
        p.setProcessEnvironment(env);
        p.start(test::shardctlPath(), args);
        if (!p.waitForFinished(60000)) {
            p.kill();
            p.waitForFinished();
        }
        *rc = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        *err = p.readAllStandardError();
        return p.readAllStandardOutput();
    }

    QTemporaryDir m_tmp;
    test::SandboxFixture m_fx{test::SandboxFixtureOptions{3, {}, 500, 42}};
    QString m_config;
    QList<qint64> m_stopped;
};

QTEST_MAIN(TestGuiHealth)
#include "tst_gui_health.moc"
