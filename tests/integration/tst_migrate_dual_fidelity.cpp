// Fidelity of a dual-master doubling (issue 21, item 11): the every-type tables of
// integration.migrate_fidelity (tests/common/EveryType: every column type and edge value, one table per
// key type) on db0 and db1, doubled 2 -> 4 by `shardctl migrate` with --strategy dual-master: seeded by
// the dump, changed while replication runs, compared after D6 and after D10 by plain SQL written here
// (every column of every row in an exact form: HEX of the bytes, FLOAT as DOUBLE text, ...), never the
// engine's reader or hash. Also: a SIGKILL while D6's comparison has a new instance's replication
// stopped leaves it restartable (the next run starts it again and compares again); a row changed on a
// new instance behind replication's back is found by `migrate verify` and repaired by D6; a table whose
// definition differs on the new instance stops D6, and D7 is refused until it is put right.
#include "EveryType.h"
#include "SandboxFixture.h"
#include "ShardctlRun.h"
#include "TestPaths.h"

#include "core/cluster/Connection.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace sp;

class TestMigrateDualFidelity : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    std::unique_ptr<test::SandboxFixture> m_fx;
    std::unique_ptr<test::EveryTypeData> m_data;
    QString m_plan;

    using Run = test::ShardctlRun;
    using Rows = test::EveryTypeData::Rows;
    const QStringList m_olds{QStringLiteral("db0"), QStringLiteral("db1")};
    const QStringList m_news{QStringLiteral("db2"), QStringLiteral("db3")};

    Run shardctl(const QStringList &args, int timeoutMs = 300000)
    {
        return test::runShardctl(args, timeoutMs);
    }
    QString runDir() const { return m_tmp.path() + QStringLiteral("/run"); }
    Run migrate(const QString &action, const QStringList &extra = {})
    {
        return shardctl(QStringList{QStringLiteral("migrate"), action, QStringLiteral("--run"), runDir()} +
                        extra);
    }
    Run runUntil(const QString &step)
    {
        QStringList a{QStringLiteral("--yes")};
        if (!step.isEmpty())
            a << QStringLiteral("--until") << step;
        return migrate(QStringLiteral("run"), a);
    }
    QJsonObject status()
    {
        return QJsonDocument::fromJson(
                   migrate(QStringLiteral("status"), {QStringLiteral("--json")}).out.toUtf8())
            .object();
    }

    // SHOW SLAVE STATUS of a new data source: "IO/SQL" ("Yes/Yes", "No/No", "" without replication).
    QString threads(const QString &ds)
    {
        Connection c = m_data->root(ds);
        auto r = c.query(QStringLiteral("SHOW SLAVE STATUS"));
        if (!r || r->rows.isEmpty())
            return QString();
        return r->rows.first().at(r->columnIndex(QStringLiteral("Slave_IO_Running"))).toString() +
               QLatin1Char('/') +
               r->rows.first().at(r->columnIndex(QStringLiteral("Slave_SQL_Running"))).toString();
    }

    // A statement on a new data source that its binary log does not record (no errant GTID).
    bool unlogged(const QString &ds, const QString &sql, QString *why)
    {
        Connection c = m_data->root(ds);
        ExecResult er;
        if (!c.exec(QStringLiteral("SET SESSION sql_log_bin = 0")) || !c.exec(sql, &er)) {
            *why = c.lastError();
            return false;
        }
        if (sql.startsWith(QLatin1String("UPDATE")) && er.affectedRows != 1) {
            *why = QStringLiteral("%1 rows updated").arg(er.affectedRows);
            return false;
        }
        return true;
    }

    // Both new data sources replicate and have applied everything their old one has (plain SQL).
    bool caughtUp(int timeoutMs = 60000)
    {
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < timeoutMs) {
            bool all = true;
            for (int i = 0; i < 2; ++i) {
                Connection a = m_data->root(m_olds.at(i)), b = m_data->root(m_news.at(i));
                const auto src = a.queryValue(QStringLiteral("SELECT @@gtid_binlog_pos"));
                const auto w = src ? b.queryValue(QStringLiteral("SELECT MASTER_GTID_WAIT(%1, 1)")
                                                      .arg(b.quoteString(src->toString())))
                                   : std::nullopt;
                all = all && w && w->toInt() == 0 && threads(m_news.at(i)) == QLatin1String("Yes/Yes");
            }
            if (all)
                return true;
            QTest::qWait(200);
        }
        return false;
    }

private slots:
    void initTestCase()
    {
        // 60 rows per logic table; the servers in four time zones.
        test::EveryTypeSandbox sb;
        QString why;
        QVERIFY2(test::startEveryTypeSandbox(m_tmp.path(), test::everyTypeTables(), 60, &sb, &why),
                 qPrintable(why));
        m_fx = std::move(sb.fx);
        m_data = std::move(sb.data);
        m_plan = m_fx->planWithShardctl({QStringLiteral("--strategy"), QStringLiteral("dual-master")},
                                        m_tmp.path() + QStringLiteral("/plan"), &why);
        QVERIFY2(!m_plan.isEmpty(), qPrintable(why));
    }

    void everyTypeDoublingIsExact()
    {
        const Run create =
            shardctl({QStringLiteral("migrate"), QStringLiteral("create"), QStringLiteral("--plan"), m_plan,
                      QStringLiteral("--run"), runDir(), QStringLiteral("--observe"), QStringLiteral("0"),
                      QStringLiteral("--chunk-rows"), QStringLiteral("10")});
        QVERIFY2(create.exitCode == 0, qPrintable(create.out + create.err));
        QString why;
        // Seeded (D2) and replicating (D3); then every kind of change reaches the new side by replication.
        const Run d3 = runUntil(QStringLiteral("D3"));
        QVERIFY2(d3.exitCode == 0, qPrintable(d3.out + d3.err));
        QVERIFY2(m_data->changeRows(0, &why), qPrintable(why));
        QVERIFY2(m_data->changeRows(1, &why), qPrintable(why));
        // SIGKILL while D6's comparison holds a new instance's replication stopped (both sides at one GTID
        // position): replication stays stopped, the next run starts it again and compares again.
        QString killedWith;
        for (int attempt = 0; attempt < 8 && killedWith.isEmpty(); ++attempt) {
            QProcess run;
            run.start(test::shardctlPath(),
                      {QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"), runDir(),
                       QStringLiteral("--until"), QStringLiteral("D6"), QStringLiteral("--yes")});
            QVERIFY(run.waitForStarted());
            Connection b2 = m_data->root(QStringLiteral("db2")), b3 = m_data->root(QStringLiteral("db3"));
            while (!run.waitForFinished(1)) {
                for (Connection *c : {&b2, &b3}) {
                    auto r = c->query(QStringLiteral("SHOW SLAVE STATUS"));
                    if (r && !r->rows.isEmpty() &&
                        r->rows.first().at(r->columnIndex(QStringLiteral("Slave_SQL_Running"))).toString() ==
                            QLatin1String("No")) {
                        run.kill(); // SIGKILL
                        run.waitForFinished();
                        killedWith = c == &b2 ? QStringLiteral("db2") : QStringLiteral("db3");
                        break;
                    }
                }
                if (!killedWith.isEmpty())
                    break;
            }
            if (killedWith.isEmpty())
                QVERIFY2(run.exitCode() == 0, run.readAllStandardError().constData());
        }
        QVERIFY2(!killedWith.isEmpty(), "no run was seen with a new instance's replication stopped");
        QTest::qWait(500);
        QCOMPARE(threads(killedWith).section(QLatin1Char('/'), 1),
                 QStringLiteral("No")); // left stopped by the kill
        const Run d6 = runUntil(QStringLiteral("D6"));
        QVERIFY2(d6.exitCode == 0, qPrintable(d6.out + d6.err));
        QVERIFY2(d6.out.contains(killedWith + QStringLiteral(": replication started again")),
                 qPrintable(d6.out));
        QCOMPARE(threads(QStringLiteral("db2")), QStringLiteral("Yes/Yes"));
        QCOMPARE(threads(QStringLiteral("db3")), QStringLiteral("Yes/Yes"));
        QVERIFY(caughtUp());

        // After D6: every row the new config routes to db2/db3 is there, exact.
        Rows olds, news;
        QVERIFY2(m_data->read(m_olds, &olds, &why), qPrintable(why));
        QVERIFY2(m_data->read(m_news, &news, &why), qPrintable(why));
        qint64 owned = 0;
        const QString afterD6 = test::compareRouted(olds, news, m_news, &owned);
        QVERIFY2(afterD6.isEmpty(), qPrintable(afterD6));
        QVERIFY2(owned > 200, qPrintable(QString::number(owned)));
        qInfo("%s", qPrintable(d6.out));

        // A row db2 owns changed behind replication's back (sql_log_bin=0: no errant GTID): `migrate verify`
        // finds it with its repair SQL and repairs nothing; D6 repairs it from db0.
        QString ownedId;
        for (const auto &[id, node] : olds.routed)
            if (id.startsWith(QLatin1String("t_types|")) && node.startsWith(QLatin1String("db2.")))
                ownedId = id;
        QVERIFY(!ownedId.isEmpty());
        const QString table = olds.routed.at(ownedId).section(QLatin1Char('.'), 1);
        const QString behind =
            QStringLiteral("UPDATE `fidelity`.`%1` SET f = 1.23457, bl = X'00' WHERE HEX(id) = '%2'")
                .arg(table, ownedId.section(QLatin1Char('|'), 1));
        QVERIFY2(unlogged(QStringLiteral("db2"), behind, &why), qPrintable(why));
        const Run verify = migrate(QStringLiteral("verify"));
        QCOMPARE(verify.exitCode, 1);
        const QJsonArray diffs = status().value(QStringLiteral("differences")).toArray();
        QCOMPARE(diffs.size(), 1);
        const QJsonObject d = diffs.first().toObject();
        QCOMPARE(d.value(QStringLiteral("target")).toString(), QStringLiteral("db2.") + table);
        QCOMPARE(d.value(QStringLiteral("kind")).toString(), QStringLiteral("different"));
        QVERIFY2(d.value(QStringLiteral("repair"))
                     .toString()
                     .startsWith(QStringLiteral("DELETE FROM `fidelity`.`%1` WHERE `id` = ").arg(table)),
                 qPrintable(d.value(QStringLiteral("repair")).toString()));
        QVERIFY(d.value(QStringLiteral("repair")).toString().contains(QLatin1String("\nINSERT INTO")));
        QCOMPARE(threads(QStringLiteral("db2")), QStringLiteral("Yes/Yes"));
        const Run repaired = runUntil(QStringLiteral("D6"));
        QVERIFY2(repaired.exitCode == 0, qPrintable(repaired.out + repaired.err));
        QVERIFY2(repaired.out.contains(QLatin1String("1 repaired")), qPrintable(repaired.out));
        QCOMPARE(migrate(QStringLiteral("verify")).exitCode, 0);

        // A table whose definition differs on db3: D6 stops naming it and D7 is refused until it is put
        // right.
        const QString alter = QStringLiteral("ALTER TABLE `fidelity`.`t_kdec_1` %1");
        QVERIFY2(
            unlogged(QStringLiteral("db3"), alter.arg(QStringLiteral("ADD COLUMN extra INT NULL")), &why),
            qPrintable(why));
        const Run refused = runUntil(QStringLiteral("D7"));
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains(QLatin1String("D7 is refused")) &&
                     refused.err.contains(QLatin1String("db3.t_kdec_1")),
                 qPrintable(refused.out + refused.err));
        QCOMPARE(status()
                     .value(QStringLiteral("steps"))
                     .toArray()
                     .at(6)
                     .toObject()
                     .value(QStringLiteral("status"))
                     .toString(),
                 QStringLiteral("pending"));
        QVERIFY2(unlogged(QStringLiteral("db3"), alter.arg(QStringLiteral("DROP COLUMN extra")), &why),
                 qPrintable(why));

        // D7..D10: after the purge every row is exactly once, where the new config routes it, unchanged.
        const Run d7 = runUntil(QStringLiteral("D7"));
        QVERIFY2(d7.exitCode == 0, qPrintable(d7.out + d7.err));
        const Run d10 = runUntil(QString());
        QVERIFY2(d10.exitCode == 0, qPrintable(d10.out + d10.err));
        Rows after;
        QVERIFY2(m_data->read(m_olds + m_news, &after, &why), qPrintable(why));
        const QString afterD10 = test::compareAfterPurge(olds, after);
        QVERIFY2(afterD10.isEmpty(), qPrintable(afterD10));
        qInfo("%lld rows owned by the new data sources compared after D6, %zu rows after D10", owned,
              after.values.size());
    }

    void cleanupTestCase()
    {
        m_data.reset();
        m_fx.reset();
    }
};

QTEST_GUILESS_MAIN(TestMigrateDualFidelity)
#include "tst_migrate_dual_fidelity.moc"
