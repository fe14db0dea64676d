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
        QList<test::EveryTypeTable> tables;
        for (const test::EveryTypeTable &t : test::everyTypeTables())
            if (t.name == QLatin1String("t_types"))
                tables.append(t);
        const QString config = m_tmp.path() + QStringLiteral("/fidelity.yaml");
        {
            QFile f(config);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(test::everyTypeConfigYaml(tables).toUtf8());
        }
        test::SandboxFixtureOptions o;
        o.instances = 4; // db0, db1 and two spares for db2, db3
        o.configPath = config;
        o.messages = 10;
        m_fx = std::make_unique<test::SandboxFixture>(o);
        QVERIFY2(m_fx->start(), qPrintable(m_fx->error()));
        // The servers keep TIMESTAMPs in other time zones than UTC (and than each other).
        const QStringList zones = {QStringLiteral("+05:30"), QStringLiteral("-08:00"),
                                   QStringLiteral("+13:00"), QStringLiteral("-03:30")};
        for (int i = 0; i < 4; ++i) {
            Connection c;
            QVERIFY(c.open(m_fx->rootParams(i)));
            QVERIFY2(c.exec(QStringLiteral("SET GLOBAL time_zone = '%1'").arg(zones.at(i))),
                     qPrintable(c.lastError()));
        }
        m_data = std::make_unique<test::EveryTypeData>(m_fx.get(), tables, 60);
        QString why;
        QVERIFY2(m_data->createAndFill(&why), qPrintable(why));
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
        const Run d6 = runUntil(QStringLiteral("D6"));
        QVERIFY2(d6.exitCode == 0, qPrintable(d6.out + d6.err));
        QVERIFY(caughtUp());

        // After D6: every row the new config routes to db2/db3 is there, exact.
        Rows olds, news;
        QVERIFY2(m_data->read(m_olds, &olds, &why), qPrintable(why));
        QVERIFY2(m_data->read(m_news, &news, &why), qPrintable(why));
        qint64 owned = 0;
        const QString afterD6 = test::compareRouted(olds, news, m_news, &owned);
        QVERIFY2(afterD6.isEmpty(), qPrintable(afterD6));
        QVERIFY2(owned > 200, qPrintable(QString::number(owned)));

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
