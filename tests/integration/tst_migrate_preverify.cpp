// Verification ahead of the write stop (docs/migration.md): T3 compares the copied rows range by range
// while writes continue, and T5 compares again only what changed since. These tests make changes the
// pre-verified ranges must not hide, on a real 4-instance sandbox (2 -> 4):
//  - a row the capture changed after T3, then altered on its target by a session that carries the
//    capture's own marker (so no trigger records it): T5 finds it because the source's binlog says
//    the key changed;
//  - a row deleted on a target with sql_log_bin=0 (no binlog anywhere): the trigger records it;
//  - a target table emptied by TRUNCATE (fires no trigger): its table id changed, so it is compared
//    whole;
// and `migrate status` lists the first 20 differences (--json all of them); during T2 the journal's
// per-pair rows/s is above 0, the capture lag of each source server is sampled, and with --parallel 1
// one source server copies at a time.
#include "PlacementCheck.h"
#include "SandboxFixture.h"
#include "ShardctlRun.h"
#include "TestPaths.h"

#include "core/cluster/Connection.h"
#include "core/migration/Journal.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTest>

using namespace sp;

class TestMigratePreverify : public QObject
{
    Q_OBJECT

    test::SandboxFixture m_fx{[] {
        test::SandboxFixtureOptions o;
        o.instances = 4; // db0, db1 and two spares
        o.messages = 3000;
        o.seed = 5;
        return o;
    }()};
    QTemporaryDir m_tmp;
    QString m_run;

    using Run = test::ShardctlRun;
    Run shardctl(const QStringList &args) { return test::runShardctl(args, 180000); }
    Run migrate(const QString &action, const QStringList &extra = {})
    {
        return shardctl(QStringList{QStringLiteral("migrate"), action, QStringLiteral("--run"), m_run} + extra);
    }
    QJsonObject status()
    {
        return QJsonDocument::fromJson(migrate(QStringLiteral("status"), {QStringLiteral("--json")}).out.toUtf8()).object();
    }
    QStringList checks(const QString &step, const QString &name)
    {
        QStringList out;
        for (const QJsonValue &v : status().value(QStringLiteral("checks")).toArray())
            if (v.toObject().value(QStringLiteral("step")).toString() == step &&
                v.toObject().value(QStringLiteral("name")).toString() == name)
                out.append(v.toObject().value(QStringLiteral("detail")).toString());
        return out;
    }
    // Root over the socket; `binlog` false: the change is in no binlog at all.
    Connection root(const QString &ds, bool binlog)
    {
        Connection c;
        if (!c.open(m_fx.rootParams(m_fx.instanceOf(ds))))
            qWarning() << c.lastError();
        if (!binlog)
            c.exec(QStringLiteral("SET SESSION sql_log_bin = 0"));
        return c;
    }
    // The smallest id of db<from>.t_messages_<table> that moves to db<to> (2 -> 4 doubling).
    qint64 movedId(const QString &from, int table, int to)
    {
        Connection c = root(from, true);
        return c.queryValue(QStringLiteral("SELECT MIN(id) FROM `fsharechat`.`t_messages_%1` WHERE CRC32(_target) MOD 4 = %2")
                                .arg(table)
                                .arg(to))
            .value_or(QVariant(-1))
            .toLongLong();
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(m_fx.start(), qPrintable(m_fx.error()));
        const QString planDir = m_tmp.path() + QStringLiteral("/plan");
        const Run plan = shardctl({QStringLiteral("plan"), QStringLiteral("--config"), m_fx.clusterYamlPath(),
                                   QStringLiteral("--defaults-file"), m_fx.appOptionFile(), QStringLiteral("--live"),
                                   QStringLiteral("--strategy"), QStringLiteral("mod-double"), QStringLiteral("--out"), planDir});
        QVERIFY2(plan.exitCode == 0, qPrintable(plan.out + plan.err));
        m_run = m_tmp.path() + QStringLiteral("/run");
        // Small chunks and a rate limit: the copy lasts long enough to see its rate in the journal.
        const Run create = shardctl({QStringLiteral("migrate"), QStringLiteral("create"), QStringLiteral("--plan"),
                                     planDir + QStringLiteral("/plan.json"), QStringLiteral("--run"), m_run,
                                     QStringLiteral("--observe"), QStringLiteral("0"), QStringLiteral("--chunk-rows"),
                                     QStringLiteral("50"), QStringLiteral("--max-chunk-rows"), QStringLiteral("50"),
                                     QStringLiteral("--max-rows-per-sec"), QStringLiteral("1500"),
                                     QStringLiteral("--parallel"), QStringLiteral("1")});
        QVERIFY2(create.exitCode == 0, qPrintable(create.out + create.err));
    }

    void copyRateAndPreverification()
    {
        QProcess run;
        run.start(test::shardctlPath(), {QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"), m_run,
                                         QStringLiteral("--until"), QStringLiteral("T3")});
        QVERIFY(run.waitForStarted());
        double bestRate = 0;
        int samplesWithBoth = 0, samples = 0;
        while (!run.waitForFinished(300)) {
            // --parallel 1: never both source servers copying at once (a pair started and not done).
            QSet<QString> copying;
            for (const QJsonValue &v : status().value(QStringLiteral("progress")).toArray()) {
                const QJsonObject o = v.toObject();
                bestRate = qMax(bestRate, o.value(QStringLiteral("rowsPerSec")).toDouble());
                if (o.value(QStringLiteral("copied")).toInteger() > 0 && !o.value(QStringLiteral("done")).toBool())
                    copying.insert(o.value(QStringLiteral("source")).toString().section(QLatin1Char('.'), 0, 0));
            }
            samplesWithBoth += copying.size() > 1 ? 1 : 0;
            samples += copying.isEmpty() ? 0 : 1;
        }
        QVERIFY2(samples > 0 && samplesWithBoth == 0,
                 qPrintable(QStringLiteral("%1 of %2 samples had both sources copying").arg(samplesWithBoth).arg(samples)));
        QVERIFY2(run.exitCode() == 0, QByteArray(run.readAllStandardOutput() + run.readAllStandardError()).constData());
        QVERIFY2(bestRate > 0, "the journal never showed a copy rate above 0 rows/s");
        // The capture lag of both source servers was sampled while the workers ran.
        {
            migration::Journal j(m_run + QStringLiteral("/journal.sqlite"));
            QSet<QString> sources;
            for (const migration::LagSample &l : j.lag()) {
                if (l.at.isValid() && l.bytes >= 0)
                    sources.insert(l.source);
                // no writes meanwhile: never behind in events once the capture got there
                QVERIFY2(l.events <= 0, qPrintable(QString::number(l.events)));
            }
            QCOMPARE(sources.size(), 2);
        }
        // T3 compared every eligible table's ranges while writes could continue.
        const QStringList pv = checks(QStringLiteral("T3"), QStringLiteral("pre-verification"));
        QString summary;
        for (const QString &l : pv)
            if (l.contains(QLatin1String("key ranges compared")))
                summary = l;
        QVERIFY2(!summary.isEmpty() && !summary.startsWith(QLatin1String("0 key ranges")) &&
                     summary.contains(QLatin1String("; 0 differed")),
                 qPrintable(pv.join(QLatin1Char('\n'))));
    }

    void changesAfterPreverificationAreFound()
    {
        const QString runId = status().value(QStringLiteral("runId")).toString();
        QCOMPARE(runId.size(), 16);
        // (a) A moved row changes on its source after T3; the capture carries it over in the next run ...
        const qint64 a = movedId(QStringLiteral("db0"), 0, 2);
        QVERIFY(a > 0);
        {
            Connection c = root(QStringLiteral("db0"), true);
            QVERIFY(c.exec(QStringLiteral("UPDATE `fsharechat`.`t_messages_0` SET _from = 'changed after T3' WHERE id = %1").arg(a)));
        }
        const Run t4 = migrate(QStringLiteral("run"), {QStringLiteral("--until"), QStringLiteral("T4"), QStringLiteral("--yes")});
        QVERIFY2(t4.exitCode == 0, qPrintable(t4.out + t4.err));
        // ... and is then altered on the target by a session with the capture's marker, so no trigger
        // records it: only the source's binlog says the key changed since its range was verified.
        {
            Connection c = root(QStringLiteral("db2"), false);
            QVERIFY(c.exec(QStringLiteral("SET @sp_capture_%1 = 1").arg(runId)));
            QVERIFY(c.exec(QStringLiteral("UPDATE `fsharechat`.`t_messages_0` SET _from = 'not what the source has' "
                                          "WHERE id = %1")
                               .arg(a)));
        }
        // (b) A row deleted on a target with no binlog: the trigger records it.
        const qint64 b = movedId(QStringLiteral("db1"), 0, 3);
        QVERIFY(b > 0);
        {
            Connection c = root(QStringLiteral("db3"), false);
            QVERIFY(c.exec(QStringLiteral("DELETE FROM `fsharechat`.`t_messages_0` WHERE id = %1").arg(b)));
        }
        // (c) A target table emptied by TRUNCATE, which fires no trigger.
        qint64 truncated = 0;
        {
            Connection c = root(QStringLiteral("db3"), false);
            truncated = c.queryValue(QStringLiteral("SELECT COUNT(*) FROM `fsharechat`.`t_messages_1`")).value_or(QVariant(-1)).toLongLong();
            QVERIFY(truncated > 20);
            QVERIFY(c.exec(QStringLiteral("TRUNCATE TABLE `fsharechat`.`t_messages_1`")));
        }
        const Run t6 = migrate(QStringLiteral("run"), {QStringLiteral("--until"), QStringLiteral("T6"), QStringLiteral("--yes")});
        QCOMPARE(t6.exitCode, 1);
        const qint64 expected = 2 + truncated;
        QVERIFY2(t6.err.contains(QStringLiteral("%1 rows differ").arg(expected)), qPrintable(t6.out + t6.err));
        const QJsonObject so = status();
        QCOMPARE(so.value(QStringLiteral("steps")).toArray().at(6).toObject().value(QStringLiteral("status")).toString(),
                 QStringLiteral("pending"));
        const QJsonArray diffs = so.value(QStringLiteral("differences")).toArray();
        QCOMPARE(qint64(diffs.size()), expected); // --json: every one
        QStringList found;
        int missingOfTruncated = 0;
        for (const QJsonValue &d : diffs) {
            const QJsonObject o = d.toObject();
            const QString what = o.value(QStringLiteral("target")).toString() + QLatin1Char(' ') +
                                 o.value(QStringLiteral("kind")).toString();
            if (what == QLatin1String("db3.t_messages_1 missing"))
                ++missingOfTruncated;
            else
                found.append(what + QLatin1Char(' ') + o.value(QStringLiteral("key")).toString());
        }
        found.sort();
        QCOMPARE(found, (QStringList{QStringLiteral("db2.t_messages_0 different %1").arg(a),
                                     QStringLiteral("db3.t_messages_0 missing %1").arg(b)}));
        QCOMPARE(qint64(missingOfTruncated), truncated);
        // The changed key was compared again because of the source's binlog; the tables around it were
        // pre-verified, not scanned again.
        const QStringList rows = checks(QStringLiteral("T5"), QStringLiteral("rows"));
        QVERIFY2(rows.filter(QLatin1String("pre-verified in T3")).size() > 0, qPrintable(rows.join(QLatin1Char('\n'))));
        const QStringList t5 = checks(QStringLiteral("T5"), QStringLiteral("pre-verification"));
        QVERIFY2(t5.filter(QLatin1String("db3.t_messages_1: the table was recreated")).size() == 1 &&
                     t5.filter(QLatin1String("db3.t_messages_0: 1 keys changed by sessions other than")).size() == 1,
                 qPrintable(t5.join(QLatin1Char('\n'))));

        // `status` lists the first 20 differences and says how many more there are.
        const Run text = migrate(QStringLiteral("status"));
        QCOMPARE(text.exitCode, 0);
        QCOMPARE(text.out.count(QLatin1String("\n  missing ")) + text.out.count(QLatin1String("\n  different ")), 20);
        QVERIFY2(text.out.contains(QStringLiteral("... %1 more differences").arg(expected - 20)), qPrintable(text.out));

        // Repaired, T5 is clean and T6 goes on.
        const Run repair = migrate(QStringLiteral("repair"), {QStringLiteral("--yes")});
        QVERIFY2(repair.exitCode == 0, qPrintable(repair.out + repair.err));
        const Run t6b = migrate(QStringLiteral("run"), {QStringLiteral("--until"), QStringLiteral("T7"), QStringLiteral("--yes")});
        QVERIFY2(t6b.exitCode == 0, qPrintable(t6b.out + t6b.err));
        // T7 dropped the triggers (the new shards take the application's writes now).
        Connection c = root(QStringLiteral("db2"), true);
        QCOMPARE(c.queryValue(QStringLiteral("SELECT COUNT(*) FROM information_schema.TRIGGERS WHERE TRIGGER_NAME LIKE 'sp\\_%1%'")
                                  .arg(runId))
                     .value_or(QVariant(-1))
                     .toInt(),
                 0);
    }
};

QTEST_GUILESS_MAIN(TestMigratePreverify)
#include "tst_migrate_preverify.moc"
