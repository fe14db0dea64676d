// The write stop and the switch (T4..T7) and what the capture cannot see, on a real 4-instance
// sandbox (2 -> 4, mod-double). Every check is plain SQL written here, never the engine's reader:
//  - T0 refuses a source server that replicates from another one with log_slave_updates=OFF;
//  - a runtime change of the global binlog_format stops the copy; statement-logged DML (MIXED) through
//    a view of a moving table stops the run naming the statements, and nothing reaches T4;
//  - T4 names every account read_only does not stop (READ_ONLY ADMIN granted directly and through a
//    role, SUPER); behind LOCK TABLES ... WRITE it fails within its budget, lifts read_only on every
//    source and names the blocking session (without and with the metadata_lock_info plugin); with
//    --kill-blockers it kills that session (audited) and goes through;
//  - T6 is refused while the latest `migrate verify` has differences, and goes on after the repair;
//  - root (read_only does not stop it) writes a moved row after T5 and another between T6 and T7:
//    after T9 the targets hold the new bytes (HEX), the old shards no longer hold the rows.
#include "SandboxFixture.h"
#include "ShardctlRun.h"
#include "TestPaths.h"

#include "core/cluster/Connection.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

using namespace sp;

class TestMigrateSwitch : public QObject
{
    Q_OBJECT

    test::SandboxFixture m_fx{[] {
        test::SandboxFixtureOptions o;
        o.instances = 4; // db0, db1 and two spares (db2, db3 in the plan)
        o.messages = 2000;
        o.seed = 21;
        return o;
    }()};
    QTemporaryDir m_tmp;
    QString m_planFile;

    using Run = test::ShardctlRun;
    Run shardctl(const QStringList &args, int timeoutMs = 180000)
    {
        return test::runShardctl(args, timeoutMs);
    }
    QString runDir(const QString &name) const { return m_tmp.path() + QStringLiteral("/runs/") + name; }
    bool createRun(const QString &name, const QStringList &extra = {})
    {
        const Run r = shardctl(QStringList{QStringLiteral("migrate"), QStringLiteral("create"),
                                           QStringLiteral("--plan"), m_planFile, QStringLiteral("--run"),
                                           runDir(name), QStringLiteral("--observe"), QStringLiteral("0")} +
                               extra);
        if (r.exitCode != 0)
            qWarning() << r.out << r.err;
        return r.exitCode == 0;
    }
    Run migrate(const QString &action, const QString &name, const QStringList &extra = {},
                int timeoutMs = 180000)
    {
        return shardctl(
            QStringList{QStringLiteral("migrate"), action, QStringLiteral("--run"), runDir(name)} + extra,
            timeoutMs);
    }
    QJsonObject status(const QString &name)
    {
        return QJsonDocument::fromJson(
                   migrate(QStringLiteral("status"), name, {QStringLiteral("--json")}).out.toUtf8())
            .object();
    }
    QString stepStatus(const QString &name, int step)
    {
        return status(name)
            .value(QStringLiteral("steps"))
            .toArray()
            .at(step)
            .toObject()
            .value(QStringLiteral("status"))
            .toString();
    }
    // How long the step took, from the journal (seconds; -1 when it has no start and end).
    double stepSeconds(const QString &name, int step)
    {
        const QJsonObject s = status(name).value(QStringLiteral("steps")).toArray().at(step).toObject();
        const QDateTime a =
            QDateTime::fromString(s.value(QStringLiteral("started")).toString(), Qt::ISODateWithMs);
        const QDateTime b =
            QDateTime::fromString(s.value(QStringLiteral("finished")).toString(), Qt::ISODateWithMs);
        return a.isValid() && b.isValid() ? double(a.msecsTo(b)) / 1000.0 : -1;
    }
    QStringList checks(const QString &name, const QString &step, const QString &check = {})
    {
        QStringList out;
        for (const QJsonValue &v : status(name).value(QStringLiteral("checks")).toArray())
            if (v.toObject().value(QStringLiteral("step")).toString() == step &&
                (check.isEmpty() || v.toObject().value(QStringLiteral("name")).toString() == check))
                out.append(v.toObject().value(QStringLiteral("detail")).toString());
        return out;
    }
    Connection root(const QString &ds, bool binlog = true)
    {
        Connection c;
        if (!c.open(m_fx.rootParams(m_fx.instanceOf(ds))))
            qWarning() << c.lastError();
        if (!binlog)
            c.exec(QStringLiteral("SET SESSION sql_log_bin = 0"));
        return c;
    }
    QVariant value(const QString &ds, const QString &sql)
    {
        Connection c = root(ds, false);
        return c.queryValue(sql).value_or(QVariant());
    }
    bool readOnly(const QString &ds)
    {
        return value(ds, QStringLiteral("SELECT @@GLOBAL.read_only")).toInt() == 1;
    }
    // The n-th smallest id (0: the smallest) of fsharechat.t_messages_<table> on `from` that the new
    // config (CRC32(_target) % 4) moves to database `to`.
    qint64 movedId(const QString &from, int table, int to, int n = 0)
    {
        return value(from, QStringLiteral(
                               "SELECT id FROM `fsharechat`.`t_messages_%1` WHERE CRC32(_target) MOD 4 = %2 "
                               "ORDER BY id LIMIT 1 OFFSET %3")
                               .arg(table)
                               .arg(to)
                               .arg(n))
            .toLongLong();
    }
    QString configSha()
    {
        QFile f(m_fx.clusterYamlPath());
        return f.open(QIODevice::ReadOnly)
                   ? QString::fromLatin1(
                         QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex())
                   : QString();
    }
    qint64 copied(const QString &name)
    {
        qint64 n = 0;
        for (const QJsonValue &v : status(name).value(QStringLiteral("progress")).toArray())
            n += v.toObject().value(QStringLiteral("copied")).toInteger();
        return n;
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(m_fx.start(), qPrintable(m_fx.error()));
        const QString planDir = m_tmp.path() + QStringLiteral("/plan");
        const Run plan = shardctl({QStringLiteral("plan"), QStringLiteral("--config"), m_fx.clusterYamlPath(),
                                   QStringLiteral("--defaults-file"), m_fx.appOptionFile(),
                                   QStringLiteral("--live"), QStringLiteral("--strategy"),
                                   QStringLiteral("mod-double"), QStringLiteral("--out"), planDir});
        QVERIFY2(plan.exitCode == 0, qPrintable(plan.out + plan.err));
        m_planFile = planDir + QStringLiteral("/plan.json");
    }

    void t0RefusesAReplicaWithoutLogSlaveUpdates()
    {
        // db1's server replicates (a configured connection is enough: it can be started any time);
        // its replicated changes would not reach its own binlog, which is all the capture reads.
        Connection c = root(QStringLiteral("db1"), false);
        QCOMPARE(c.queryValue(QStringLiteral("SELECT @@log_slave_updates")).value_or(QVariant(-1)).toInt(),
                 0);
        QVERIFY2(c.exec(QStringLiteral(
                            "CHANGE MASTER 'sp_upstream' TO MASTER_HOST = '127.0.0.1', MASTER_PORT = %1, "
                            "MASTER_USER = 'sp_nobody', MASTER_PASSWORD = 'x'")
                            .arg(m_fx.port(3))),
                 qPrintable(c.lastError()));
        QVERIFY(createRun(QStringLiteral("replica")));
        const Run t0 = migrate(QStringLiteral("run"), QStringLiteral("replica"),
                               {QStringLiteral("--until"), QStringLiteral("T0")});
        QVERIFY(c.exec(QStringLiteral("RESET SLAVE 'sp_upstream' ALL")));
        qInfo("%s", qPrintable(t0.err.trimmed()));
        QCOMPARE(t0.exitCode, 1);
        QVERIFY2(t0.err.contains(QLatin1String("sandbox node1")) &&
                     t0.err.contains(QLatin1String("log_slave_updates")),
                 qPrintable(t0.out + t0.err));
        // Nothing was created on the targets.
        QCOMPARE(value(QStringLiteral("db2"),
                       QStringLiteral("SELECT COUNT(*) FROM information_schema.TABLES WHERE "
                                      "TABLE_SCHEMA = 'fsharechat'"))
                     .toInt(),
                 0);
        // The servers were recognised as MariaDB (the engine runs on nothing else).
        const QStringList kinds =
            checks(QStringLiteral("replica"), QStringLiteral("T0"), QStringLiteral("server"));
        QVERIFY2(kinds.filter(QLatin1String("MariaDB 10.")).size() == 4,
                 qPrintable(kinds.join(QLatin1Char('\n'))));
    }

    void globalBinlogFormatChangeStopsTheCopy()
    {
        // A slow copy, so the change comes while the workers run.
        QVERIFY(createRun(QStringLiteral("capture"),
                          {QStringLiteral("--chunk-rows"), QStringLiteral("20"),
                           QStringLiteral("--max-chunk-rows"), QStringLiteral("20"),
                           QStringLiteral("--max-rows-per-sec"), QStringLiteral("150")}));
        QProcess run;
        run.start(test::shardctlPath(),
                  {QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"),
                   runDir(QStringLiteral("capture")), QStringLiteral("--until"), QStringLiteral("T3")});
        QVERIFY(run.waitForStarted());
        for (int i = 0;
             i < 300 && copied(QStringLiteral("capture")) < 100 && run.state() == QProcess::Running; ++i)
            QTest::qWait(100);
        QVERIFY2(run.state() == QProcess::Running, run.readAllStandardError().constData());
        Connection c = root(QStringLiteral("db0"), false);
        QVERIFY(c.exec(QStringLiteral("SET GLOBAL binlog_format = 'MIXED'")));
        QElapsedTimer clock;
        clock.start();
        const bool ended = run.waitForFinished(60000);
        const qint64 ms = clock.elapsed();
        QVERIFY(c.exec(QStringLiteral("SET GLOBAL binlog_format = 'ROW'")));
        QVERIFY(ended);
        const QString err = QString::fromUtf8(run.readAllStandardError());
        qInfo("%s", qPrintable(err.trimmed()));
        QCOMPARE(run.exitCode(), 1);
        QVERIFY2(err.contains(QLatin1String("sandbox node0")) &&
                     err.contains(QLatin1String("binlog_format")) && err.contains(QLatin1String("MIXED")),
                 qPrintable(err));
        QVERIFY2(ms < 15000, qPrintable(QStringLiteral("stopped %1 ms after the change").arg(ms)));
        qInfo("the copy stopped %lld ms after SET GLOBAL binlog_format = 'MIXED'", ms);
        // Back to ROW, the run continues.
        const Run again = migrate(QStringLiteral("run"), QStringLiteral("capture"),
                                  {QStringLiteral("--until"), QStringLiteral("T3")});
        QVERIFY2(again.exitCode == 0, qPrintable(again.out + again.err));
    }

    void statementDmlThroughAViewStopsTheRun()
    {
        const qint64 m1 = movedId(QStringLiteral("db0"), 0, 2, 0),
                     m2 = movedId(QStringLiteral("db0"), 0, 2, 1);
        QVERIFY(m1 > 0 && m2 > m1);
        // A view of a moving table that T0 did not see (T0 refuses views over moving tables): made
        // after it, outside the binlog, so no capture reads its DDL.
        {
            Connection v = root(QStringLiteral("db0"), false);
            QVERIFY2(v.exec(QStringLiteral(
                         "CREATE VIEW `fsharechat`.`v_moving` AS SELECT * FROM `fsharechat`.`t_messages_0`")),
                     qPrintable(v.lastError()));
        }
        Connection c = root(QStringLiteral("db0"));
        const auto before = c.query(QStringLiteral("SHOW MASTER STATUS"));
        QVERIFY(before && !before->rows.isEmpty());
        // One transaction in MIXED format: both statements are logged as statements, and neither
        // names the moving table.
        QVERIFY(c.exec(QStringLiteral("SET SESSION binlog_format = 'MIXED'")));
        QVERIFY(c.exec(QStringLiteral("START TRANSACTION")));
        QVERIFY(c.exec(
            QStringLiteral("UPDATE `fsharechat`.`v_moving` SET _from = 'through the view' WHERE id = %1")
                .arg(m1)));
        QVERIFY(c.exec(QStringLiteral("DELETE FROM `fsharechat`.`v_moving` WHERE id = %1").arg(m2)));
        QVERIFY(c.exec(QStringLiteral("COMMIT")));
        // The premise, by the server's own listing: two Query events, no row events.
        const auto events =
            c.query(QStringLiteral("SHOW BINLOG EVENTS IN '%1' FROM %2")
                        .arg(before->rows.first().at(0).toString(), before->rows.first().at(1).toString()));
        QVERIFY(events);
        int statements = 0, rowEvents = 0;
        for (const auto &e : events->rows) {
            statements += e.at(2).toString() == QLatin1String("Query") &&
                          e.at(5).toString().contains(QLatin1String("v_moving"));
            rowEvents += e.at(2).toString().contains(QLatin1String("_rows"));
        }
        QCOMPARE(statements, 2);
        QCOMPARE(rowEvents, 0);

        const Run r = migrate(QStringLiteral("run"), QStringLiteral("capture"),
                              {QStringLiteral("--until"), QStringLiteral("T3")});
        qInfo("%s", qPrintable(r.err.trimmed()));
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(
            r.err.contains(
                QStringLiteral("UPDATE `fsharechat`.`v_moving` SET _from = 'through the view' WHERE id = %1")
                    .arg(m1)) &&
                r.err.contains(QStringLiteral("DELETE FROM `fsharechat`.`v_moving` WHERE id = %1").arg(m2)) &&
                r.err.contains(before->rows.first().at(0).toString() + QLatin1Char(':')),
            qPrintable(r.out + r.err));
        // It stays stopped: nothing reaches the write stop or the switch.
        const QString sha = configSha();
        const Run t6 = migrate(QStringLiteral("run"), QStringLiteral("capture"),
                               {QStringLiteral("--until"), QStringLiteral("T6"), QStringLiteral("--yes")});
        QCOMPARE(t6.exitCode, 1);
        QVERIFY2(t6.err.contains(QLatin1String("v_moving")), qPrintable(t6.out + t6.err));
        QCOMPARE(stepStatus(QStringLiteral("capture"), 4), QStringLiteral("pending"));
        QCOMPARE(configSha(), sha);
        QVERIFY(!readOnly(QStringLiteral("db0")));
        const Run rb = migrate(QStringLiteral("rollback"), QStringLiteral("capture"),
                               {QStringLiteral("--drop-targets"), QStringLiteral("--yes")});
        QVERIFY2(rb.exitCode == 0, qPrintable(rb.out + rb.err));
        Connection v = root(QStringLiteral("db0"), false);
        QVERIFY2(v.exec(QStringLiteral("DROP VIEW `fsharechat`.`v_moving`")), qPrintable(v.lastError()));
    }

    void t4NamesAccountsAndIsBoundedBehindALock()
    {
        QVERIFY(createRun(QStringLiteral("switch"),
                          {QStringLiteral("--write-stop-budget"), QStringLiteral("4")}));
        const Run t3 = migrate(QStringLiteral("run"), QStringLiteral("switch"),
                               {QStringLiteral("--until"), QStringLiteral("T3")});
        QVERIFY2(t3.exitCode == 0, qPrintable(t3.out + t3.err));
        // Accounts read_only does not stop: READ_ONLY ADMIN directly, through a role and through a role
        // granted a role; SUPER.
        {
            Connection c = root(QStringLiteral("db0"));
            for (const char *sql :
                 {"CREATE USER 'sp_roadmin'@'%' IDENTIFIED BY 'Ro-admin-1'",
                  "GRANT READ_ONLY ADMIN ON *.* TO 'sp_roadmin'@'%'", "CREATE USER 'sp_super'@'localhost'",
                  "GRANT SUPER ON *.* TO 'sp_super'@'localhost'", "CREATE ROLE sp_ro_role",
                  "GRANT READ_ONLY ADMIN ON *.* TO sp_ro_role",
                  "CREATE USER 'sp_viarole'@'%' IDENTIFIED BY 'Via-role-1'",
                  "GRANT sp_ro_role TO 'sp_viarole'@'%'", "CREATE ROLE sp_outer_role",
                  "GRANT sp_ro_role TO sp_outer_role", "CREATE USER 'sp_nested'@'%'",
                  "GRANT sp_outer_role TO 'sp_nested'@'%'"})
                QVERIFY2(c.exec(QString::fromLatin1(sql)), qPrintable(c.lastError()));
        }
        // A session holds a write lock on a moving table of the second source server, idle.
        Connection blocker = root(QStringLiteral("db1"), false);
        QVERIFY(blocker.exec(QStringLiteral("LOCK TABLES `fsharechat`.`t_messages_1` WRITE")));
        const QString tid = QString::number(blocker.threadId());

        QElapsedTimer clock;
        clock.start();
        const Run t4 =
            migrate(QStringLiteral("run"), QStringLiteral("switch"),
                    {QStringLiteral("--until"), QStringLiteral("T4"), QStringLiteral("--yes")}, 60000);
        const qint64 runMs = clock.elapsed();
        qInfo("%s", qPrintable(t4.err.trimmed()));
        // Named before the write stop (sandbox node0 is db0's server).
        const QStringList accounts =
            checks(QStringLiteral("switch"), QStringLiteral("T4"), QStringLiteral("privileged accounts"));
        const QString node0 = accounts.filter(QLatin1String("sandbox node0")).value(0);
        qInfo("%s", qPrintable(accounts.join(QLatin1Char(10))));
        QVERIFY2(node0.contains(QLatin1String("'sp_roadmin'@'%'")) &&
                     node0.contains(QLatin1String("'sp_viarole'@'%'")) &&
                     node0.contains(QLatin1String("sp_ro_role")) &&
                     node0.contains(QLatin1String("'sp_super'@'localhost'")) &&
                     node0.contains(QLatin1String("'sp_nested'@'%' (through role sp_outer_role)")) &&
                     node0.contains(QLatin1String("'root'@'localhost'")),
                 qPrintable(accounts.join(QLatin1Char('\n'))));
        // Bounded: T4 gives up within its budget (4 s) and a little, writes resumed everywhere.
        QVERIFY2(t4.exitCode == 1,
                 qPrintable(QStringLiteral("exit %1 after %2 ms: ").arg(t4.exitCode).arg(runMs) + t4.out +
                            t4.err));
        const double t4s = stepSeconds(QStringLiteral("switch"), 4);
        qInfo("T4 behind LOCK TABLES failed after %.1f s (budget 4 s); the whole run took %lld ms", t4s,
              runMs);
        QVERIFY2(t4s >= 0 && t4s < 4 + 3, qPrintable(QString::number(t4s)));
        QVERIFY(!readOnly(QStringLiteral("db0")));
        QVERIFY(!readOnly(QStringLiteral("db1")));
        {
            Connection app;
            QVERIFY(app.open(
                m_fx.appParams(m_fx.instanceOf(QStringLiteral("db0")), QStringLiteral("fsharechat"))));
            QVERIFY2(app.exec(QStringLiteral("UPDATE t_messages_0 SET _line = _line + 1 WHERE id = %1")
                                  .arg(value(QStringLiteral("db0"),
                                             QStringLiteral("SELECT MIN(id) FROM fsharechat.t_messages_0 "
                                                            "WHERE CRC32(_target) MOD 4 = 0"))
                                           .toLongLong())),
                     qPrintable(app.lastError()));
        }
        // The blocker is named (without the metadata_lock_info plugin: as the idle session that may hold
        // the locked table; the engine's own sessions are not named).
        QVERIFY2(t4.err.contains(QLatin1String("sandbox node1")) &&
                     t4.err.contains(QStringLiteral("thread ") + tid) &&
                     t4.err.contains(QLatin1String("t_messages_1")) &&
                     t4.err.count(QLatin1String("(root@localhost")) == 1,
                 qPrintable(t4.err));

        // With the plugin, the lock holder is known for sure.
        {
            Connection c = root(QStringLiteral("db1"), false);
            QVERIFY2(c.exec(QStringLiteral("INSTALL SONAME 'metadata_lock_info'")),
                     qPrintable(c.lastError()));
        }
        const Run again =
            migrate(QStringLiteral("run"), QStringLiteral("switch"),
                    {QStringLiteral("--until"), QStringLiteral("T4"), QStringLiteral("--yes")}, 60000);
        qInfo("%s", qPrintable(again.err.trimmed()));
        QCOMPARE(again.exitCode, 1);
        QVERIFY2(again.err.contains(QStringLiteral("thread ") + tid + QStringLiteral(" (root@localhost")) &&
                     again.err.contains(QLatin1String("LOCK TABLES")) &&
                     again.err.contains(QLatin1String("t_messages_1")),
                 qPrintable(again.err));
        QVERIFY(!readOnly(QStringLiteral("db0")) && !readOnly(QStringLiteral("db1")));

        // The opt-in: the blocker is killed near the end of the wait, T4 goes through.
        const Run kill = migrate(QStringLiteral("run"), QStringLiteral("switch"),
                                 {QStringLiteral("--until"), QStringLiteral("T4"), QStringLiteral("--yes"),
                                  QStringLiteral("--kill-blockers")},
                                 60000);
        QVERIFY2(kill.exitCode == 0, qPrintable(kill.out + kill.err));
        const double killed = stepSeconds(QStringLiteral("switch"), 4);
        qInfo("T4 with --kill-blockers took %.1f s (budget 4 s)", killed);
        QVERIFY2(killed >= 0 && killed < 4 + 1, qPrintable(QString::number(killed)));
        QVERIFY(readOnly(QStringLiteral("db0")) && readOnly(QStringLiteral("db1")));
        QVERIFY(!blocker.queryValue(QStringLiteral("SELECT 1")));
        bool audited = false;
        for (const QJsonValue &v :
             QJsonDocument::fromJson(
                 migrate(QStringLiteral("log"), QStringLiteral("switch"), {QStringLiteral("--json")})
                     .out.toUtf8())
                 .array())
            audited = audited || (v.toObject().value(QStringLiteral("action")).toString() ==
                                      QLatin1String("kill blocker") &&
                                  v.toObject().value(QStringLiteral("sql")).toString() ==
                                      QStringLiteral("KILL CONNECTION ") + tid);
        QVERIFY2(audited, "no audit entry for the killed blocker");
    }

    void t6RefusedWhileTheLatestVerifyDiffers()
    {
        if (!QFileInfo::exists(runDir(QStringLiteral("switch")) + QStringLiteral("/run.json"))) // run alone
            QVERIFY(createRun(QStringLiteral("switch"),
                              {QStringLiteral("--write-stop-budget"), QStringLiteral("4")}));
        const Run t5 = migrate(QStringLiteral("run"), QStringLiteral("switch"),
                               {QStringLiteral("--until"), QStringLiteral("T5"), QStringLiteral("--yes")});
        QVERIFY2(t5.exitCode == 0, qPrintable(t5.out + t5.err));
        // A copied row altered on its target after T5 was clean; `migrate verify` finds it.
        const qint64 id = movedId(QStringLiteral("db0"), 0, 2, 5);
        QVERIFY(id > 0);
        {
            Connection c = root(QStringLiteral("db2"), false);
            QVERIFY(c.exec(
                QStringLiteral("UPDATE `fsharechat`.`t_messages_0` SET _from = 'tampered' WHERE id = %1")
                    .arg(id)));
        }
        const Run verify = migrate(QStringLiteral("verify"), QStringLiteral("switch"));
        QCOMPARE(verify.exitCode, 1);
        const QString sha = configSha();
        const Run t6 = migrate(QStringLiteral("run"), QStringLiteral("switch"),
                               {QStringLiteral("--until"), QStringLiteral("T6"), QStringLiteral("--yes")});
        qInfo("%s", qPrintable(t6.err.trimmed()));
        QCOMPARE(t6.exitCode, 1);
        QVERIFY2(t6.err.contains(QLatin1String("the latest comparison")) &&
                     t6.err.contains(QLatin1String("migrate verify")),
                 qPrintable(t6.out + t6.err));
        QCOMPARE(configSha(), sha);
        QVERIFY(stepStatus(QStringLiteral("switch"), 6) != QLatin1String("done"));
        // Repaired (and verified again by the repair), the gate opens.
        const Run repair =
            migrate(QStringLiteral("repair"), QStringLiteral("switch"), {QStringLiteral("--yes")});
        QVERIFY2(repair.exitCode == 0, qPrintable(repair.out + repair.err));
    }

    void noWriteIsLostAtTheSwitch()
    {
        if (!QFileInfo::exists(runDir(QStringLiteral("switch")) + QStringLiteral("/run.json"))) { // run alone
            QVERIFY(createRun(QStringLiteral("switch"),
                              {QStringLiteral("--write-stop-budget"), QStringLiteral("4")}));
            const Run t5 =
                migrate(QStringLiteral("run"), QStringLiteral("switch"),
                        {QStringLiteral("--until"), QStringLiteral("T5"), QStringLiteral("--yes")});
            QVERIFY2(t5.exitCode == 0, qPrintable(t5.out + t5.err));
        }
        QVERIFY(readOnly(QStringLiteral("db0")) && readOnly(QStringLiteral("db1")));
        const qint64 a = movedId(QStringLiteral("db0"), 0, 2, 7); // db0 -> db2
        const qint64 b = movedId(QStringLiteral("db1"), 1, 3, 3); // db1 -> db3
        QVERIFY(a > 0 && b > 0);
        const QString textA = QStringLiteral("written after T5 \u2603");
        const QString textB = QStringLiteral("written between T6 and T7");
        // After T5: root writes despite read_only (READ_ONLY ADMIN), into the binlog.
        {
            Connection c = root(QStringLiteral("db0"));
            QVERIFY2(c.exec(QStringLiteral("UPDATE `fsharechat`.`t_messages_0` SET _from = '%1', _data = "
                                           "X'00FF10' WHERE id = %2")
                                .arg(textA)
                                .arg(a)),
                     qPrintable(c.lastError()));
        }
        const Run t6 = migrate(QStringLiteral("run"), QStringLiteral("switch"),
                               {QStringLiteral("--until"), QStringLiteral("T6"), QStringLiteral("--yes")});
        if (t6.exitCode != 0) { // the other allowed outcome: a stop that says why, before the switch
            QVERIFY2(t6.exitCode == 1 && t6.err.contains(QLatin1String("sandbox node0")),
                     qPrintable(t6.out + t6.err));
            QFAIL("the run stopped instead of carrying the write (allowed, but this engine carries it)");
        }
        const QStringList g6 = checks(QStringLiteral("switch"), QStringLiteral("T6"),
                                      QStringLiteral("writes after the write stop"));
        qInfo("%s", qPrintable(g6.join(QLatin1Char('\n'))));
        QVERIFY2(g6.filter(QLatin1String("sandbox node0")).size() == 1 &&
                     g6.filter(QLatin1String("server_id 1")).size() == 1 &&
                     g6.filter(QLatin1String("fsharechat.t_messages_0: 1 row changes")).size() == 1,
                 qPrintable(g6.join(QLatin1Char('\n'))));
        // Between T6 and T7, on the other source server.
        {
            Connection c = root(QStringLiteral("db1"));
            QVERIFY2(
                c.exec(QStringLiteral("UPDATE `fsharechat`.`t_messages_1` SET _from = '%1' WHERE id = %2")
                           .arg(textB)
                           .arg(b)),
                qPrintable(c.lastError()));
        }
        // The config is switched: the application may write the row on its new shard already, so T7
        // does not apply the old shard's change over it unless told; read_only stays on meanwhile.
        const Run refused =
            migrate(QStringLiteral("run"), QStringLiteral("switch"),
                    {QStringLiteral("--until"), QStringLiteral("T7"), QStringLiteral("--yes")});
        qInfo("%s", qPrintable(refused.err.trimmed()));
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains(QLatin1String("--carry-after-switch")),
                 qPrintable(refused.out + refused.err));
        QVERIFY(readOnly(QStringLiteral("db0")) && readOnly(QStringLiteral("db1")));
        QVERIFY(
            value(QStringLiteral("db3"),
                  QStringLiteral("SELECT HEX(_from) FROM `fsharechat`.`t_messages_1` WHERE id = %1").arg(b))
                .toString() != QString::fromLatin1(textB.toUtf8().toHex().toUpper()));
        const Run t7 = migrate(QStringLiteral("run"), QStringLiteral("switch"),
                               {QStringLiteral("--until"), QStringLiteral("T7"), QStringLiteral("--yes"),
                                QStringLiteral("--carry-after-switch"),
                                QStringLiteral("the applications were not reloaded yet")});
        QVERIFY2(t7.exitCode == 0, qPrintable(t7.out + t7.err));
        const QStringList g7 = checks(QStringLiteral("switch"), QStringLiteral("T7"),
                                      QStringLiteral("writes after the write stop"));
        // (seen by the refused T7 and by the one that carried it)
        QVERIFY2(g7.filter(QLatin1String("sandbox node1")).size() == 2 &&
                     g7.filter(QLatin1String("fsharechat.t_messages_1: 1 row changes")).size() == 2,
                 qPrintable(g7.join(QLatin1Char('\n'))));
        const Run t9 = migrate(QStringLiteral("run"), QStringLiteral("switch"), {QStringLiteral("--yes")});
        QVERIFY2(t9.exitCode == 0, qPrintable(t9.out + t9.err));
        // The targets hold the new bytes; the old shards no longer hold the rows.
        QCOMPARE(value(QStringLiteral("db2"), QStringLiteral("SELECT CONCAT(HEX(_from), '/', HEX(_data)) "
                                                             "FROM `fsharechat`.`t_messages_0` WHERE id = %1")
                                                  .arg(a))
                     .toString(),
                 QString::fromLatin1(textA.toUtf8().toHex().toUpper() + "/00FF10"));
        QCOMPARE(
            value(QStringLiteral("db3"),
                  QStringLiteral("SELECT HEX(_from) FROM `fsharechat`.`t_messages_1` WHERE id = %1").arg(b))
                .toString(),
            QString::fromLatin1(textB.toUtf8().toHex().toUpper()));
        QCOMPARE(
            value(QStringLiteral("db0"),
                  QStringLiteral("SELECT COUNT(*) FROM `fsharechat`.`t_messages_0` WHERE id = %1").arg(a))
                .toInt(),
            0);
        QCOMPARE(
            value(QStringLiteral("db1"),
                  QStringLiteral("SELECT COUNT(*) FROM `fsharechat`.`t_messages_1` WHERE id = %1").arg(b))
                .toInt(),
            0);
    }
};

QTEST_GUILESS_MAIN(TestMigrateSwitch)
#include "tst_migrate_switch.moc"
