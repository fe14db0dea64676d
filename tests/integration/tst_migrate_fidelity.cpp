// Fidelity: every column type MariaDB holds and every kind of key move bit for bit (issue 21). A table
// with every column type and edge value (FLOAT extremes and subnormals, DECIMAL(65,30), BIT(64), zero
// dates, TIME -838:59:59, TIMESTAMP on servers in other time zones, gbk/big5/cp1251/latin1 bytes
// 0x80..0xFF, 4-byte UTF-8, multi-MB BLOBs, JSON changed with JSON_SET, GEOMETRY with an SRID, INET6,
// UUID, generated columns) and one table per key type (VARCHAR in a case- and accent-insensitive
// collation, gbk, VARBINARY with trailing 0x00, BINARY, ENUM in a composite key, DATETIME(6), TIME(6),
// DECIMAL, a composite of text, time and integer, a unique key without a primary key, UUID) move 4 -> 8
// (eight servers in eight time zones) while rows, keys and sharding keys change before the copy, while it
// runs (then SIGKILL in the middle of T2; then a pause) and during catch-up (then SIGKILL in the middle of
// T3..T5, the write stop included, or after T5 ended: then root writes past read_only and T6's guard must
// carry it). The check is plain SQL written here: every column of every row in an exact form (HEX of the
// bytes, FLOAT as DOUBLE text, ...: tests/common/PlacementCheck exactColumnSql) after T5 (or T6) and after
// T9, never the engine's reader or hash. Also: T0 names every table feature it refuses
// before creating anything.
#include "EveryType.h"
#include "PlacementCheck.h"
#include "SandboxFixture.h"
#include "ShardctlRun.h"
#include "TestPaths.h"

#include "core/cluster/Connection.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <map>

using namespace sp;

class TestMigrateFidelity : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    std::unique_ptr<test::SandboxFixture> m_fx;
    std::unique_ptr<test::EveryTypeData> m_data;
    QString m_plan;

    using Run = test::ShardctlRun;
    using Rows = test::EveryTypeData::Rows;
    Run shardctl(const QStringList &args, int timeoutMs = 300000)
    {
        return test::runShardctl(args, timeoutMs);
    }

    bool exec(const QString &ds, const QString &sql, QString *why) { return m_data->exec(ds, sql, why); }
    Connection root(const QString &ds) { return m_data->root(ds); }
    bool changeRows(int round, QString *why) { return m_data->changeRows(round, why); }
    bool read(const QStringList &dataSources, Rows *out, QString *why)
    {
        return m_data->read(dataSources, out, why);
    }

    Run runUntil(const QString &step, bool yes = false)
    {
        QStringList a{QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"), runDir()};
        if (!step.isEmpty())
            a << QStringLiteral("--until") << step;
        if (yes)
            a << QStringLiteral("--yes");
        return shardctl(a);
    }
    QString runDir() const { return m_tmp.path() + QStringLiteral("/run"); }

    qint64 copiedSoFar()
    {
        const Run st = shardctl({QStringLiteral("migrate"), QStringLiteral("status"), QStringLiteral("--run"),
                                 runDir(), QStringLiteral("--json")});
        qint64 copied = 0;
        for (const QJsonValue &v :
             QJsonDocument::fromJson(st.out.toUtf8()).object().value(QStringLiteral("progress")).toArray())
            copied += v.toObject().value(QStringLiteral("copied")).toInteger();
        return copied;
    }

    // The first of `steps` the journal shows running, or empty.
    QString runningStep(const QStringList &steps)
    {
        const Run st = shardctl({QStringLiteral("migrate"), QStringLiteral("status"), QStringLiteral("--run"),
                                 runDir(), QStringLiteral("--json")});
        for (const QJsonValue &v :
             QJsonDocument::fromJson(st.out.toUtf8()).object().value(QStringLiteral("steps")).toArray()) {
            const QString step = v.toObject().value(QStringLiteral("step")).toString();
            if (steps.contains(step) &&
                v.toObject().value(QStringLiteral("status")).toString() == QLatin1String("running"))
                return step;
        }
        return QString();
    }

    // "T3 done, T4 running, ..." from the journal.
    QString stepStates()
    {
        const Run st = shardctl({QStringLiteral("migrate"), QStringLiteral("status"), QStringLiteral("--run"),
                                 runDir(), QStringLiteral("--json")});
        QStringList out;
        for (const QJsonValue &v :
             QJsonDocument::fromJson(st.out.toUtf8()).object().value(QStringLiteral("steps")).toArray())
            out << v.toObject().value(QStringLiteral("step")).toString() + QLatin1Char(' ') +
                       v.toObject().value(QStringLiteral("status")).toString();
        return out.join(QStringLiteral(", "));
    }

    // Starts `migrate run --until T3` and returns once at least `rows` rows are copied.
    bool startCopy(QProcess *p, qint64 rows)
    {
        p->start(test::shardctlPath(),
                 {QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"), runDir(),
                  QStringLiteral("--until"), QStringLiteral("T3")});
        if (!p->waitForStarted())
            return false;
        for (int i = 0; i < 600; ++i) {
            if (copiedSoFar() >= rows)
                return true;
            if (p->state() == QProcess::NotRunning)
                return false;
            QTest::qWait(100);
        }
        return false;
    }

private slots:
    void initTestCase()
    {
        // Every table copied in one scan with its predicate check (the strings of every character set
        // and byte string read through IF(), NULL for the rows that stay): the every-type table's
        // multi-MB BLOBs would otherwise make it a table of wide rows, copied and checked in two scans
        // (that way is tst_migrate_edges' chunksCutByBytes).
        qputenv("SP_ONE_SCAN_ROW_BYTES", "1000000000");
        // 60 rows per logic table on db0..db3; eight servers in eight time zones.
        test::EveryTypeSandbox sb;
        QString why;
        QVERIFY2(test::startEveryTypeSandbox(m_tmp.path(), test::everyTypeTables(), 60, &sb, &why, 4),
                 qPrintable(why));
        m_fx = std::move(sb.fx);
        m_data = std::move(sb.data);
        const QString planDir = m_tmp.path() + QStringLiteral("/plan");
        m_plan = m_fx->planWithShardctl({QStringLiteral("--strategy"), QStringLiteral("mod-double")}, planDir,
                                        &why);
        QVERIFY2(!m_plan.isEmpty(), qPrintable(why));
    }

    void t0NamesWhatCannotBeCarried()
    {
        const QString dir = m_tmp.path() + QStringLiteral("/refused");
        const Run create =
            shardctl({QStringLiteral("migrate"), QStringLiteral("create"), QStringLiteral("--plan"), m_plan,
                      QStringLiteral("--run"), dir, QStringLiteral("--observe"), QStringLiteral("0")});
        QVERIFY2(create.exitCode == 0, qPrintable(create.out + create.err));
        QString why;
        const QStringList setUp = {
            QStringLiteral("CREATE TRIGGER `fidelity`.`audit_kvc` AFTER INSERT ON `fidelity`.`t_kvc_0` FOR "
                           "EACH ROW SET @x = 1"),
            QStringLiteral("CREATE VIEW `fidelity`.`v_kdt` AS SELECT pk, v FROM `fidelity`.`t_kdt_1`"),
            QStringLiteral("ALTER TABLE `fidelity`.`t_kdec_0` ENGINE=Aria"),
            QStringLiteral(
                "ALTER TABLE `fidelity`.`t_kbin_1` ADD COLUMN sv INT NULL, ADD SYSTEM VERSIONING")};
        for (const QString &s : setUp)
            QVERIFY2(exec(QStringLiteral("db0"), s, &why), qPrintable(why));
        const Run r = shardctl({QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"),
                                dir, QStringLiteral("--until"), QStringLiteral("T0")});
        const QStringList tearDown = {
            QStringLiteral("DROP TRIGGER `fidelity`.`audit_kvc`"),
            QStringLiteral("DROP VIEW `fidelity`.`v_kdt`"),
            QStringLiteral("ALTER TABLE `fidelity`.`t_kdec_0` ENGINE=InnoDB"),
            QStringLiteral("ALTER TABLE `fidelity`.`t_kbin_1` DROP SYSTEM VERSIONING"),
            QStringLiteral("ALTER TABLE `fidelity`.`t_kbin_1` DROP COLUMN sv")};
        for (const QString &s : tearDown)
            QVERIFY2(exec(QStringLiteral("db0"), s, &why), qPrintable(why));
        QCOMPARE(r.exitCode, 1);
        for (const char *expected :
             {"has the trigger fidelity.audit_kvc", "is read by the view fidelity.v_kdt",
              "uses the Aria engine", "is system-versioned", "4 problem(s)"})
            QVERIFY2(r.err.contains(QLatin1String(expected)),
                     qPrintable(QStringLiteral("%1 not in:\n%2").arg(QLatin1String(expected), r.err)));
        // Nothing was created on the new instances.
        for (const QString &ds : m_data->newDataSources()) {
            Connection c = root(ds);
            auto n = c.queryValue(QStringLiteral(
                "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'fidelity'"));
            QVERIFY(n);
            QCOMPARE(n->toInt(), 0);
        }
    }

    void everyTypeAndKeyMovesBitForBit()
    {
        const Run create = shardctl(
            {QStringLiteral("migrate"), QStringLiteral("create"), QStringLiteral("--plan"), m_plan,
             QStringLiteral("--run"), runDir(), QStringLiteral("--observe"), QStringLiteral("0"),
             QStringLiteral("--chunk-rows"), QStringLiteral("10"), QStringLiteral("--max-chunk-rows"),
             QStringLiteral("10"), QStringLiteral("--max-rows-per-sec"), QStringLiteral("150")});
        QVERIFY2(create.exitCode == 0, qPrintable(create.out + create.err));
        QString why;
        // Changes before the copy starts (the capture starts at T1).
        QVERIFY2(runUntil(QStringLiteral("T1")).exitCode == 0, "T0/T1 failed");
        QVERIFY2(changeRows(0, &why), qPrintable(why));
        // Changes while the copy runs, then killed in the middle of T2.
        {
            QProcess p;
            QVERIFY2(startCopy(&p, 120), "the copy did not start");
            QVERIFY2(changeRows(1, &why), qPrintable(why));
            QVERIFY2(p.state() == QProcess::Running, "the copy ended before the kill");
            p.kill();
            QVERIFY(p.waitForFinished(10000));
        }
        // Resumed, changed while it runs, then paused in the middle.
        {
            QProcess p;
            QVERIFY2(startCopy(&p, 300), "the copy did not resume");
            QVERIFY2(changeRows(2, &why), qPrintable(why));
            QVERIFY(shardctl({QStringLiteral("migrate"), QStringLiteral("pause"), QStringLiteral("--run"),
                              runDir()})
                        .exitCode == 0);
            QVERIFY(p.waitForFinished(120000));
            QVERIFY2(p.exitCode() == 0, qPrintable(QString::fromUtf8(p.readAllStandardError())));
        }
        const Run t3 = runUntil(QStringLiteral("T3"));
        QVERIFY2(t3.exitCode == 0, qPrintable(t3.out + t3.err));
        // Changes captured by the next run's catch-up and the drain; that run killed in the middle of
        // T3..T5 (catch-up, the write stop or the verification), then resumed.
        QVERIFY2(changeRows(3, &why), qPrintable(why));
        // A kill that lands just after T5 ended (the journal said "running" a moment before) leaves
        // T5 done: round 4 then writes after the write stop and after T5's comparison (root has
        // READ_ONLY ADMIN), and the switch's guard must carry and compare those writes before T6
        // switches. The rows are compared after that step instead.
        QString compareAfter = QStringLiteral("T5");
        {
            QProcess p;
            // Its output goes to a file: nothing reads the pipe while the journal is polled below.
            const QString log = m_tmp.path() + QStringLiteral("/run-t5.log");
            p.setProcessChannelMode(QProcess::MergedChannels);
            p.setStandardOutputFile(log);
            p.start(test::shardctlPath(),
                    {QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"), runDir(),
                     QStringLiteral("--until"), QStringLiteral("T5"), QStringLiteral("--yes")});
            QVERIFY(p.waitForStarted());
            // The step to kill in, chosen at random (or the first later one seen running), or "end":
            // no kill, the run ends after T5 and round 4 writes after it.
            QStringList steps{QStringLiteral("T3"), QStringLiteral("T4"), QStringLiteral("T5"),
                              QStringLiteral("end")};
            const int first = qEnvironmentVariableIsSet("SP_FIDELITY_KILL_STEP")
                                  ? int(steps.indexOf(qEnvironmentVariable("SP_FIDELITY_KILL_STEP")))
                                  : int(QRandomGenerator::global()->bounded(4));
            steps = steps.mid(std::max(0, first));
            if (steps.first() == QLatin1String("end")) {
                QVERIFY(p.waitForFinished(240000));
                QFile f(log);
                f.open(QIODevice::ReadOnly);
                QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
                         qPrintable(QString::fromUtf8(f.readAll().right(4000))));
                steps.clear();
            }
            QString killedIn;
            QDeadlineTimer polling(240000);
            // (waitForFinished(0) brings the process's state up to date: nothing else runs an event loop here)
            while (!steps.isEmpty() && killedIn.isEmpty() && !p.waitForFinished(0) && p.state() == QProcess::Running &&
                   !polling.hasExpired())
                killedIn = runningStep(steps);
            if (killedIn.isEmpty() && p.state() != QProcess::Running && steps.contains(QLatin1String("end"))) {
                // Every step left to kill in ended before it was seen running (a T5 of a few hundred rows
                // takes milliseconds): the first later case, "end", the run ended with no kill.
                QFile f(log);
                f.open(QIODevice::ReadOnly);
                QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
                         qPrintable(QString::fromUtf8(f.readAll().right(4000))));
                steps.clear();
            }
            if (!steps.isEmpty() && (killedIn.isEmpty() || p.state() != QProcess::Running)) {
                QFile f(log);
                f.open(QIODevice::ReadOnly);
                QFAIL(qPrintable(QStringLiteral("%1 not seen running before the run ended (journal: %2); its output:\n%3")
                                     .arg(steps.join(QLatin1Char('/')), stepStates(),
                                          QString::fromUtf8(f.readAll().right(4000)))));
            }
            if (!steps.isEmpty()) {
                p.kill();
                QVERIFY(p.waitForFinished(10000));
            }
            const QString states = stepStates();
            if (steps.isEmpty())
                qInfo("no kill, the run ended: %s", qPrintable(states));
            else
                qInfo("SIGKILL while %s was running; after the kill: %s", qPrintable(killedIn),
                      qPrintable(states));
            if (states.contains(QLatin1String("T5 done")))
                compareAfter = QStringLiteral("T6");
        }
        QVERIFY2(changeRows(4, &why), qPrintable(why));
        const Run resumed = runUntil(compareAfter, true);
        QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.out + resumed.err));
        if (compareAfter == QLatin1String("T6")) {
            // The guard saw round 4's row changes and compared again before the switch.
            const Run st = shardctl({QStringLiteral("migrate"), QStringLiteral("status"), QStringLiteral("--run"),
                                     runDir(), QStringLiteral("--json")});
            QStringList seen;
            for (const QJsonValue &v :
                 QJsonDocument::fromJson(st.out.toUtf8()).object().value(QStringLiteral("checks")).toArray())
                if (v.toObject().value(QStringLiteral("step")).toString() == QLatin1String("T6"))
                    seen << v.toObject().value(QStringLiteral("name")).toString();
            QVERIFY2(seen.contains(QLatin1String("writes after the write stop")) &&
                         seen.contains(QLatin1String("compared again")),
                     qPrintable(seen.join(QStringLiteral(", "))));
        }

        // After T5 (writes stopped; or T6, see above): every row the new config routes to db4..db7 is
        // there, exact.
        const QStringList olds = m_data->oldDataSources();
        const QStringList news = m_data->newDataSources();
        Rows before, moved;
        QVERIFY2(read(olds, &before, &why), qPrintable(why));
        QVERIFY2(read(news, &moved, &why), qPrintable(why));
        qint64 movedRows = 0;
        const QString moveProblems = test::compareRouted(before, moved, news, &movedRows);
        QVERIFY2(moveProblems.isEmpty(), qPrintable(moveProblems));
        QVERIFY2(movedRows > 200, qPrintable(QString::number(movedRows)));
        qInfo("%lld rows on %s compared with %s after %s", movedRows, qPrintable(news.join(QLatin1Char(','))),
              qPrintable(olds.join(QLatin1Char(','))), qPrintable(compareAfter));
        // The path the copy took (the servers' own statement counters): one INSERT over arrays of
        // parameters per chunk (a prepared statement's executions, no LOAD DATA); LOAD DATA from memory
        // where SP_COPY_WITH_LOAD makes the engine take the server for one without arrays; INSERTs
        // where SP_COPY_WITH_INSERT says so.
        qint64 loads = 0, executions = 0;
        for (const QString &ds : news) {
            Connection c;
            QVERIFY2(c.open(m_fx->rootParams(m_fx->instanceOf(ds))), qPrintable(c.lastError()));
            const auto r = c.query(QStringLiteral("SELECT VARIABLE_NAME, VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS "
                                                  "WHERE VARIABLE_NAME IN ('COM_LOAD', 'COM_STMT_EXECUTE') ORDER BY VARIABLE_NAME"));
            QVERIFY2(r && r->rows.size() == 2, qPrintable(c.lastError()));
            loads += r->rows.at(0).at(1).toLongLong();
            executions += r->rows.at(1).at(1).toLongLong();
        }
        if (qEnvironmentVariableIntValue("SP_COPY_WITH_INSERT") != 0) {
            QCOMPARE(loads, 0);
        } else if (qEnvironmentVariableIntValue("SP_COPY_WITH_LOAD") != 0) {
            QVERIFY2(loads > 0, "the copy wrote no LOAD DATA");
        } else {
            QCOMPARE(loads, 0);
            QVERIFY2(executions > 0, "the copy executed no prepared INSERT");
        }

        // T6..T9: after the purge every row is exactly once, where the new config routes it, unchanged.
        const Run t9 = runUntil(QString(), true);
        QVERIFY2(t9.exitCode == 0, qPrintable(t9.out + t9.err));
        Rows after;
        QVERIFY2(read(olds + news, &after, &why), qPrintable(why));
        const QString purgeProblems = test::compareAfterPurge(before, after);
        QVERIFY2(purgeProblems.isEmpty(), qPrintable(purgeProblems));
    }

    void cleanupTestCase()
    {
        m_data.reset();
        m_fx.reset();
    }
};

QTEST_GUILESS_MAIN(TestMigrateFidelity)
#include "tst_migrate_fidelity.moc"
