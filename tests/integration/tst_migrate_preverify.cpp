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
// one source server copies at a time; `migrate pause` ends a `migrate verify` in the middle of its
// comparison and the next verify compares to the end. T0 makes the pre-verification's tables with the
// copy's metadata: T2 and T3 write no `_shardpilot` DDL to a target's binlog.
#include "PlacementCheck.h"
#include "SandboxFixture.h"
#include "ShardctlRun.h"
#include "TestPaths.h"

#include "core/cluster/Connection.h"
#include "core/migration/Journal.h"
#include "core/migration/run/RunKeys.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
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
    QMap<QString, QPair<QString, qint64>> m_binlogAfterT1; // target data source -> its binlog position after T1

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

    // T0 makes every `_shardpilot` table on the targets (the copy's checkpoints and the
    // pre-verification's): each copy worker used to create the pre-verification tables at T2's start,
    // every CREATE ... IF NOT EXISTS written to the target's binlog.
    void metadataTablesMadeAtT0()
    {
        const Run t1 = migrate(QStringLiteral("run"), {QStringLiteral("--until"), QStringLiteral("T1")});
        QVERIFY2(t1.exitCode == 0, qPrintable(t1.out + t1.err));
        for (const QString &ds : {QStringLiteral("db2"), QStringLiteral("db3")}) {
            Connection c = root(ds, true);
            const auto n = c.queryValue(QStringLiteral("SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = "
                                                       "'_shardpilot' AND TABLE_NAME IN ('verify_table', 'verify_range', "
                                                       "'touched', 'copy_state', 'capture_state')"));
            QVERIFY2(n && n->toInt() == 5, qPrintable(ds + QStringLiteral(": ") + (n ? n->toString() : c.lastError())));
            const auto at = c.query(QStringLiteral("SHOW MASTER STATUS"));
            QVERIFY2(at && at->rows.size() == 1, qPrintable(c.lastError()));
            m_binlogAfterT1.insert(ds, {at->rows.first().at(0).toString(), at->rows.first().at(1).toLongLong()});
        }
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
        // No `_shardpilot` DDL on a target since T1 (T2 and T3 ran): every binlog from T1's position on.
        QCOMPARE(m_binlogAfterT1.size(), 2);
        // A schema or table statement on `_shardpilot` itself (the triggers T3 makes write into it: not these).
        static const QRegularExpression ddl(
            QStringLiteral("^\\s*(CREATE|DROP|ALTER)\\s+(DATABASE|SCHEMA|TABLE)(\\s+IF\\s+(NOT\\s+)?EXISTS)?\\s+`_shardpilot`"),
            QRegularExpression::CaseInsensitiveOption);
        for (auto it = m_binlogAfterT1.cbegin(); it != m_binlogAfterT1.cend(); ++it) {
            Connection c = root(it.key(), true);
            const auto logs = c.query(QStringLiteral("SHOW BINARY LOGS"));
            QVERIFY2(logs, qPrintable(c.lastError()));
            int events = 0;
            for (const auto &row : logs->rows) {
                const QString file = row.at(0).toString();
                if (file < it.value().first)
                    continue;
                const auto ev = c.query(QStringLiteral("SHOW BINLOG EVENTS IN %1 FROM %2")
                                            .arg(c.quoteString(file))
                                            .arg(file == it.value().first ? it.value().second : 4));
                QVERIFY2(ev, qPrintable(c.lastError()));
                for (const auto &e : ev->rows) {
                    ++events;
                    const QString info = e.last().toString();
                    QVERIFY2(!ddl.match(info).hasMatch(), qPrintable(it.key() + QStringLiteral(": ") + info));
                }
            }
            QVERIFY2(events > 0, qPrintable(it.key() + QStringLiteral(": no binlog events since T1 (the copy wrote none?)")));
        }
    }

    // `migrate pause` while `migrate verify` compares (the targets' sums in one stream, the sources' in
    // another; 20-row ranges and the run's 1,500 rows/s keep it comparing for seconds: a whole verify
    // took 2.1 s here, the pause comes at 0.7 s, and stopped() is asked between ranges): it ends paused
    // in bounded time and records nothing, and the next `migrate verify` (no `migrate run` between)
    // compares to the end.
    void verifyPausedWhileComparing()
    {
        const auto comparedAt = [this] {
            migration::Journal j(m_run + QStringLiteral("/journal.sqlite"));
            return j.value(migration::keys::comparisonAt);
        };
        const QString before = comparedAt();
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("SP_VERIFY_RANGE_ROWS"), QStringLiteral("20"));
        p.setProcessEnvironment(env);
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(test::shardctlPath(), {QStringLiteral("migrate"), QStringLiteral("verify"), QStringLiteral("--run"), m_run});
        QVERIFY(p.waitForStarted());
        QTest::qWait(700);
        QVERIFY2(p.state() == QProcess::Running, "verify ended before the pause");
        QVERIFY(migrate(QStringLiteral("pause")).exitCode == 0);
        QVERIFY2(p.waitForFinished(30000), "verify did not end within 30 s of the pause");
        const QString out = QString::fromUtf8(p.readAll());
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0, qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("verify paused: nothing was recorded")), qPrintable(out));
        QCOMPARE(comparedAt(), before);
        const Run again = migrate(QStringLiteral("verify"));
        QVERIFY2(again.exitCode == 0 && !again.out.contains(QLatin1String("paused")), qPrintable(again.out + again.err));
        QVERIFY2(comparedAt() != before && !comparedAt().isEmpty(), qPrintable(comparedAt()));
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
