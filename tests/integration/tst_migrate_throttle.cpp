// The one throttle on a sandbox with replicas (`sandbox up --replicas 1`): the engine finds each
// primary's replica with SHOW SLAVE HOSTS and reads its lag from the heartbeat it writes. A replica
// whose SQL thread is stopped for 20 s during T2 holds the copy (it stops advancing while the lag is
// above --max-lag) and the copy goes on once the replica caught up; the journal and `status` show the
// seconds throttled by replica lag. `migrate throttle` changes the limits of the running run; a
// replica whose lag cannot be read for 15 s stops the run (fails closed), and the next run resumes.
// The health page's default account (the application's) may read replica status and binary logs.
#include "SandboxFixture.h"
#include "ShardctlRun.h"
#include "TestPaths.h"

#include "core/cluster/Connection.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

using namespace sp;

class TestMigrateThrottle : public QObject
{
    Q_OBJECT

    test::SandboxFixture m_fx{[] {
        test::SandboxFixtureOptions o;
        o.instances = 4; // db0, db1 and two spares
        o.replicas = 1;  // node0r1 .. node3r1
        o.messages = 6000;
        o.seed = 23;
        return o;
    }()};
    QTemporaryDir m_tmp;
    QString m_run;

    using Run = test::ShardctlRun;
    Run shardctl(const QStringList &args) { return test::runShardctl(args, 180000); }

    QJsonObject status()
    {
        const Run st = shardctl({QStringLiteral("migrate"), QStringLiteral("status"), QStringLiteral("--run"),
                                 m_run, QStringLiteral("--json")});
        return QJsonDocument::fromJson(st.out.toUtf8()).object();
    }
    qint64 copied()
    {
        qint64 n = 0;
        for (const QJsonValue &v : status().value(QStringLiteral("progress")).toArray())
            n += v.toObject().value(QStringLiteral("copied")).toInteger();
        return n;
    }
    double throttled(const QString &reason)
    {
        return status().value(QStringLiteral("throttled")).toObject().value(reason).toDouble();
    }
    // The replica of the instance that carries db0.
    int replicaOfDb0() const
    {
        const int primary = m_fx.instanceOf(QStringLiteral("db0"));
        const QList<int> replicas =
            const_cast<test::SandboxFixture &>(m_fx).sandbox().state().replicasOf(primary);
        return replicas.isEmpty() ? -1 : replicas.first();
    }
    bool replicaSql(bool run)
    {
        Connection c;
        if (!c.open(m_fx.rootParams(replicaOfDb0())))
            return false;
        return c.exec(run ? QStringLiteral("START SLAVE SQL_THREAD")
                          : QStringLiteral("STOP SLAVE SQL_THREAD"));
    }
    // Waits until the copy is at least `rows` rows further than `from` (false after `ms`).
    bool advances(qint64 from, qint64 rows, int ms)
    {
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < ms) {
            if (copied() >= from + rows)
                return true;
            QTest::qWait(250);
        }
        return false;
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(m_fx.start(), qPrintable(m_fx.error()));
        QCOMPARE(m_fx.instanceCount(), 8);
        const QString planDir = m_tmp.path() + QStringLiteral("/plan");
        const Run plan = shardctl({QStringLiteral("plan"), QStringLiteral("--config"), m_fx.clusterYamlPath(),
                                   QStringLiteral("--defaults-file"), m_fx.appOptionFile(),
                                   QStringLiteral("--live"), QStringLiteral("--strategy"),
                                   QStringLiteral("mod-double"), QStringLiteral("--out"), planDir});
        QVERIFY2(plan.exitCode == 0, qPrintable(plan.out + plan.err));
        m_run = m_tmp.path() + QStringLiteral("/run");
        const Run create =
            shardctl({QStringLiteral("migrate"), QStringLiteral("create"), QStringLiteral("--plan"),
                      planDir + QStringLiteral("/plan.json"), QStringLiteral("--run"), m_run,
                      QStringLiteral("--observe"), QStringLiteral("0"), QStringLiteral("--chunk-rows"),
                      QStringLiteral("20"), QStringLiteral("--max-chunk-rows"), QStringLiteral("20"),
                      QStringLiteral("--max-rows-per-sec"), QStringLiteral("150")});
        QVERIFY2(create.exitCode == 0, qPrintable(create.out + create.err));
    }

    // The sandbox's replicas replicate, report their address, and the application's account (the
    // health page's default) reads replica status and the binary logs.
    void replicasOfTheSandbox()
    {
        const int r = replicaOfDb0();
        QVERIFY(r >= 0);
        const auto &inst = m_fx.sandbox().state().instances.at(r).spec;
        QCOMPARE(inst.replicaOf, m_fx.instanceOf(QStringLiteral("db0")));
        Connection primary;
        QVERIFY(primary.open(m_fx.rootParams(inst.replicaOf)));
        auto hosts = primary.query(QStringLiteral("SHOW SLAVE HOSTS"));
        QVERIFY2(hosts && hosts->rows.size() == 1, qPrintable(primary.lastError()));
        QCOMPARE(hosts->rows.first().at(2).toInt(), inst.port);
        Connection app;
        QVERIFY2(app.open(m_fx.appParams(r)), qPrintable(app.lastError()));
        auto st = app.query(QStringLiteral("SHOW SLAVE STATUS"));
        QVERIFY2(st && st->rows.size() == 1, qPrintable(app.lastError()));
        QCOMPARE(st->rows.first().at(st->columnIndex(QStringLiteral("Slave_SQL_Running"))).toString(),
                 QStringLiteral("Yes"));
        Connection appPrimary;
        QVERIFY2(appPrimary.open(m_fx.appParams(inst.replicaOf)), qPrintable(appPrimary.lastError()));
        QVERIFY2(appPrimary.query(QStringLiteral("SHOW BINARY LOGS")), qPrintable(appPrimary.lastError()));
        // The demo rows are on the replica too.
        const QString schema = m_fx.schema(QStringLiteral("db0"));
        auto a = primary.queryValue(QStringLiteral("SELECT COUNT(*) FROM `%1`.`t_messages_0`").arg(schema));
        Connection rc;
        QVERIFY(rc.open(m_fx.rootParams(r)));
        auto b = rc.queryValue(QStringLiteral("SELECT COUNT(*) FROM `%1`.`t_messages_0`").arg(schema));
        QVERIFY(a && b && a->toLongLong() > 0);
        QCOMPARE(b->toLongLong(), a->toLongLong());
    }

    void copyWaitsForALaggingReplica()
    {
        const Run prep = shardctl({QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"),
                                   m_run, QStringLiteral("--until"), QStringLiteral("T1")});
        QVERIFY2(prep.exitCode == 0, qPrintable(prep.out + prep.err));
        QProcess run;
        run.start(test::shardctlPath(),
                  {QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"), m_run,
                   QStringLiteral("--until"), QStringLiteral("T2")});
        QVERIFY(run.waitForStarted());
        QVERIFY2(advances(0, 100, 60000), "the copy did not start");

        // 1. The replica's SQL thread stops for 20 s: once its lag passes 1.5 s the copy stands still.
        QVERIFY(replicaSql(false));
        QElapsedTimer stall;
        stall.start();
        QTest::qWait(5000);
        const qint64 held = copied();
        while (stall.elapsed() < 19000)
            QTest::qWait(250);
        QCOMPARE(copied(), held);
        QVERIFY(status().value(QStringLiteral("replicas")).toArray().size() >= 4); // every primary's replica
        QVERIFY(replicaSql(true));
        QVERIFY2(advances(held, 100, 30000), "the copy did not go on after the replica caught up");
        const double lagSeconds = throttled(QStringLiteral("replica lag"));
        QVERIFY2(lagSeconds >= 12, qPrintable(QString::number(lagSeconds)));

        // 2. `migrate throttle` on the running run: with replicas not watched (--max-lag 0) the copy goes
        //    on while the replica lags; watched again, it stands still again.
        QVERIFY(replicaSql(false));
        QTest::qWait(5000);
        const qint64 lagging = copied();
        const Run off =
            shardctl({QStringLiteral("migrate"), QStringLiteral("throttle"), QStringLiteral("--run"), m_run,
                      QStringLiteral("--max-lag"), QStringLiteral("0")});
        QVERIFY2(off.exitCode == 0 && off.out.contains(QLatin1String("not watched")),
                 qPrintable(off.out + off.err));
        QVERIFY2(advances(lagging, 100, 30000), "the copy did not go on with --max-lag 0");
        const Run on =
            shardctl({QStringLiteral("migrate"), QStringLiteral("throttle"), QStringLiteral("--run"), m_run,
                      QStringLiteral("--max-lag"), QStringLiteral("1.5")});
        QVERIFY2(on.exitCode == 0, qPrintable(on.out + on.err));
        QVERIFY(replicaSql(true));

        // 3. The replica goes away: no lag reading for 15 s stops the run (fails closed).
        QString why;
        QVERIFY2(m_fx.sandbox().killInstance(replicaOfDb0(), &why), qPrintable(why));
        QElapsedTimer failing;
        failing.start();
        QVERIFY(run.waitForFinished(120000));
        const QString out = QString::fromUtf8(run.readAllStandardOutput() + run.readAllStandardError());
        QVERIFY2(run.exitCode() == 1 && out.contains(QLatin1String("could not be read for 15 s")),
                 qPrintable(out));
        QVERIFY2(failing.elapsed() >= 14000, qPrintable(QString::number(failing.elapsed())));
        QVERIFY2(m_fx.sandbox().startInstance(replicaOfDb0(), &why, true), qPrintable(why));

        // The next run resumes the copy; without the rate limit it ends at once.
        const Run fast =
            shardctl({QStringLiteral("migrate"), QStringLiteral("throttle"), QStringLiteral("--run"), m_run,
                      QStringLiteral("--max-rows-per-sec"), QStringLiteral("0")});
        QVERIFY2(fast.exitCode == 0 && fast.out.contains(QLatin1String("next 'migrate run'")),
                 qPrintable(fast.out));
        const Run resume =
            shardctl({QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"), m_run,
                      QStringLiteral("--until"), QStringLiteral("T2")});
        QVERIFY2(resume.exitCode == 0, qPrintable(resume.out + resume.err));
        const QJsonObject st = status();
        for (const QJsonValue &v : st.value(QStringLiteral("progress")).toArray())
            QVERIFY(v.toObject().value(QStringLiteral("done")).toBool());
        // The journal: seconds per reason, a check of T2's waits, the audited change of limits.
        QVERIFY(st.value(QStringLiteral("throttled"))
                    .toObject()
                    .value(QStringLiteral("replica lag"))
                    .toDouble() >= lagSeconds);
        QVERIFY(st.value(QStringLiteral("throttled")).toObject().value(QStringLiteral("rate")).toDouble() >
                0);
        bool check = false;
        for (const QJsonValue &v : st.value(QStringLiteral("checks")).toArray()) {
            const QJsonObject c = v.toObject();
            check = check ||
                    (c.value(QStringLiteral("step")).toString() == QLatin1String("T2") &&
                     c.value(QStringLiteral("name")).toString() == QLatin1String("throttle") &&
                     c.value(QStringLiteral("detail")).toString().contains(QLatin1String("replica lag")));
        }
        QVERIFY(check);
        const Run text =
            shardctl({QStringLiteral("migrate"), QStringLiteral("status"), QStringLiteral("--run"), m_run});
        QVERIFY2(text.out.contains(QLatin1String("throttled: ")) &&
                     text.out.contains(QLatin1String("replica lag")),
                 qPrintable(text.out));
        const Run log =
            shardctl({QStringLiteral("migrate"), QStringLiteral("log"), QStringLiteral("--run"), m_run});
        QVERIFY2(log.out.contains(QLatin1String("throttle limits")), qPrintable(log.out));
    }
};

QTEST_GUILESS_MAIN(TestMigrateThrottle)
#include "tst_migrate_throttle.moc"
