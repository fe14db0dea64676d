// Rows per sharding key from index statistics (KeyStats) against real mariadbd instances: after
// ANALYZE TABLE the value agrees with COUNT(*) / COUNT(DISTINCT key) summed over the shards, and a
// unique sharding key is recognised; tables without an index on the key get a note and no entry; a
// stalled or dead server costs at most its timeout and leaves a note.
#include "SandboxFixture.h"

#include "core/cluster/Inspector.h"
#include "core/config/ConfigLoader.h"
#include "core/planning/ExpansionStrategy.h"
#include "core/live/KeyStats.h"
#include "core/live/PlanInputs.h"
#include "core/routing/TableRoute.h"

#include <QElapsedTimer>
#include <QtTest>

#include <csignal>

using namespace sp;
using namespace sp::planning;
using namespace sp::test;

class TestKeyStats final : public QObject
{
    Q_OBJECT

private:
    SandboxFixture m_fx{SandboxFixtureOptions{2, {}, 4000, 11}};
    ShardingConfig m_config;
    ClusterSnapshot m_snapshot;
    QMap<QString, double> m_truth; // logic table -> sum COUNT(*) / sum COUNT(DISTINCT key)

    InspectionOptions options() const
    {
        InspectionOptions o;
        o.credentials = m_fx.credentialOptions();
        o.connectTimeoutSec = 2;
        o.readTimeoutSec = 3;
        return o;
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(m_fx.start(), qPrintable(m_fx.error()));
        const LoadResult loaded = ConfigLoader::loadFile(m_fx.clusterYamlPath());
        QVERIFY2(loaded.ok(), qPrintable(loaded.diagnostics.value(0).toString()));
        m_config = loaded.config;
        for (const TableRule &t : m_config.tables) {
            if (m_config.isBroadcast(t.logicTable))
                continue;
            const QString col = sp::shardingColumn(m_config, t);
            QVERIFY(!col.isEmpty());
            qint64 rows = 0, keys = 0;
            for (const DataNode &n : t.dataNodes) {
                Connection c;
                QVERIFY2(c.open(m_fx.rootParams(m_fx.instanceOf(n.dataSource))), qPrintable(c.lastError()));
                const QString table = Connection::quoteIdentifier(m_fx.schema(n.dataSource)) + QLatin1Char('.') +
                    Connection::quoteIdentifier(n.table);
                QVERIFY2(c.exec(QStringLiteral("ANALYZE TABLE ") + table), qPrintable(c.lastError()));
                const auto r = c.query(QStringLiteral("SELECT COUNT(*), COUNT(DISTINCT %1) FROM %2")
                                           .arg(Connection::quoteIdentifier(col), table));
                QVERIFY2(r, qPrintable(c.lastError()));
                rows += r->rows.at(0).at(0).toLongLong();
                keys += r->rows.at(0).at(1).toLongLong();
                qInfo("  %s: %lld rows, %lld keys", qPrintable(n.toString()), r->rows.at(0).at(0).toLongLong(),
                      r->rows.at(0).at(1).toLongLong());
            }
            if (keys > 0)
                m_truth.insert(t.logicTable, double(rows) / double(keys));
        }
        InspectionOptions o = options();
        o.exactCounts = true; // rows exact: the comparison then measures the cardinality estimate only
        const InspectionResult r = Inspector::run(m_config, o);
        QVERIFY(r.snapshot.allReachable());
        m_snapshot = r.snapshot;
        // The sandbox must give the test something to find: many rows per user in t_user_messages.
        QVERIFY2(m_truth.value(QStringLiteral("t_user_messages")) >= 3.0,
                 qPrintable(QString::number(m_truth.value(QStringLiteral("t_user_messages")))));
    }

    void matchesCountDistinct_data()
    {
        QTest::addColumn<QString>("table");
        QTest::addRow("t_user_messages (index _uid,_seq)") << QStringLiteral("t_user_messages");
        QTest::addRow("t_group (index _gid)") << QStringLiteral("t_group");
    }

    void matchesCountDistinct()
    {
        QFETCH(QString, table);
        QElapsedTimer t;
        t.start();
        const KeyStatsResult k = KeyStats::collect(m_config, m_snapshot, options());
        QVERIFY2(t.elapsed() < 5000, qPrintable(QString::number(t.elapsed())));
        const double truth = m_truth.value(table, -1);
        QVERIFY(truth >= 1.0);
        QVERIFY2(k.rowsPerKey.contains(table), qPrintable(k.notes.join(QLatin1Char('\n'))));
        const double got = k.rowsPerKey.value(table);
        qint64 rows = 0;
        for (const TableStats &s : m_snapshot.tables)
            if (s.logicTable == table)
                rows += s.rows();
        for (const KeyCardinality &c : k.cardinalities)
            if (c.node.table.startsWith(table + QLatin1Char('_')))
                qInfo("  %s index %s cardinality %lld", qPrintable(c.node.toString()), qPrintable(c.index), c.cardinality);
        qInfo("%s: KeyStats %.3f, COUNT(*)/COUNT(DISTINCT) %.3f, %lld rows, %lld ms", qPrintable(table), got, truth,
              rows, qint64(k.elapsedMs));
        // InnoDB samples 20 leaf pages per index (innodb_stats_persistent_sample_pages) and the sandbox
        // tables are a few pages, so the statistics are nearly exact; what remains is MariaDB's
        // integer, halved rows-per-key (undone by KeyStats, up to ~10% off). 25% still rejects 1 (truth
        // >= 3 for t_user_messages), the row count, and the raw halved value (about truth / 2).
        QVERIFY2(std::abs(got - truth) <= 0.25 * truth + 0.05, qPrintable(QStringLiteral("got %1, truth %2").arg(got).arg(truth)));
        QVERIFY(got >= 1.0);
        QVERIFY(got < double(rows));
        bool noted = false;
        for (const QString &n : k.notes)
            noted = noted || (n.startsWith(table + QLatin1Char(':'))
                              && (n.contains(QLatin1String("rows per")) || n.contains(QLatin1String("is unique"))));
        QVERIFY2(noted, qPrintable(k.notes.join(QLatin1Char('\n'))));
        // The demo's generic tables hold one row per key under a unique key: known exactly.
        QCOMPARE(k.uniqueKeys.contains(table), table == QLatin1String("t_group"));
        QCOMPARE(k.noteTexts.size(), k.notes.size());
    }

    void tableWithoutKeyIndexGetsNoteOnly()
    {
        // t_messages is sharded by _target, but the demo schema indexes only _mid.
        const KeyStatsResult k = KeyStats::collect(m_config, m_snapshot, options());
        QVERIFY(!k.rowsPerKey.contains(QStringLiteral("t_messages")));
        bool noted = false;
        for (const QString &n : k.notes)
            noted = noted || (n.startsWith(QLatin1String("t_messages:")) && n.contains(QLatin1String("no index")));
        QVERIFY2(noted, qPrintable(k.notes.join(QLatin1Char('\n'))));
        QVERIFY(!k.rowsPerKey.contains(QStringLiteral("t_robot"))); // broadcast
    }

    // Only what index statistics tell exactly reaches the plan: a unique sharding key (t_group, one
    // row per key) gives its key-share estimates a bound; the mean rows per key of t_user_messages
    // (several rows per user, a few users with many) says nothing about the busiest keys, so its
    // estimates state none (before, the mean "widened" a bound that hot keys still broke).
    void buildPlanInputBoundsOnlyUniqueKeys()
    {
        PlanRequest rq;
        rq.strategy = StrategyId::ModDouble;
        PlanInputOptions opt;
        opt.inspect = options();
        QString error;
        QStringList notes;
        QList<Text> noteTexts;
        const auto off = buildPlanInput(m_fx.clusterYamlPath(), m_config, m_snapshot, rq, opt, &error, &notes, &noteTexts);
        QVERIFY2(off, qPrintable(error));
        QVERIFY(off->rowsPerKey.isEmpty());
        QVERIFY(notes.isEmpty());
        opt.liveKeyStats = true;
        const auto on = buildPlanInput(m_fx.clusterYamlPath(), m_config, m_snapshot, rq, opt, &error, &notes, &noteTexts);
        QVERIFY2(on, qPrintable(error));
        QCOMPARE(on->rowsPerKey.value(QStringLiteral("t_group"), -1), 1.0);
        QVERIFY(!on->rowsPerKey.contains(QStringLiteral("t_user_messages")));
        QVERIFY(!notes.isEmpty());
        QCOMPARE(noteTexts.size(), notes.size());
        QVERIFY2(notes.join(QLatin1Char(' ')).contains(QLatin1String("no bound")), qPrintable(notes.join(QLatin1Char('\n'))));

        const PlanOutcome a = makePlan(*off), b = makePlan(*on);
        QVERIFY2(a.plan && b.plan, qPrintable(a.error + b.error));
        auto bounds = [](const ExpansionPlan &plan, const QString &table) {
            QList<qint64> out;
            for (const TablePlan &t : plan.tables)
                if (t.logicTable == table)
                    for (const MovePair &p : t.pairs)
                        if (p.sourceRows > 0)
                            out << p.errorRows;
            return out;
        };
        for (const qint64 e : bounds(*a.plan, QStringLiteral("t_user_messages")) + bounds(*a.plan, QStringLiteral("t_group"))
                                  + bounds(*b.plan, QStringLiteral("t_user_messages")))
            QCOMPARE(e, qint64(-1));
        const QList<qint64> unique = bounds(*b.plan, QStringLiteral("t_group"));
        QVERIFY(!unique.isEmpty());
        for (const qint64 e : unique)
            QVERIFY(e >= 0);
        QVERIFY(b.plan->assumptions.join(QLatin1Char(' ')).contains(QLatin1String("t_user_messages: the key-share estimates have no bound")));
    }

    void computeArithmetic()
    {
        // No server: cardinalities as a server would report them.
        QList<KeyCardinality> cards;
        for (const TableRule &t : m_config.tables) {
            if (t.logicTable != QLatin1String("t_group"))
                continue;
            for (const DataNode &n : t.dataNodes)
                cards << KeyCardinality{n, QStringLiteral("idx"), 0};
        }
        QVERIFY(!cards.isEmpty());
        ClusterSnapshot snap;
        for (const KeyCardinality &c : cards) {
            TableStats s;
            s.node = c.node;
            s.logicTable = QStringLiteral("t_group");
            s.estimatedRows = 100;
            snap.tables << s;
        }
        // Cardinality 0 on non-empty tables: statistics never computed -> no entry, a note.
        KeyStatsResult k = KeyStats::compute(m_config, snap, cards);
        QVERIFY(!k.rowsPerKey.contains(QStringLiteral("t_group")));
        QVERIFY(k.notes.join(QLatin1Char(' ')).contains(QLatin1String("ANALYZE")));
        // 100 rows and 20 keys per shard -> 5; more keys than rows (stale statistics) clamps to 1.
        for (KeyCardinality &c : cards)
            c.cardinality = 20;
        k = KeyStats::compute(m_config, snap, cards);
        QCOMPARE(k.rowsPerKey.value(QStringLiteral("t_group")), 5.0);
        // A server that halves rows-per-key reports 100 / (5 / 2 -> 2) = 50 for the same table.
        for (KeyCardinality &c : cards) {
            c.cardinality = 50;
            c.halved = true;
        }
        k = KeyStats::compute(m_config, snap, cards);
        QCOMPARE(k.rowsPerKey.value(QStringLiteral("t_group")), 4.0);
        for (KeyCardinality &c : cards)
            c.cardinality = 400;
        k = KeyStats::compute(m_config, snap, cards);
        QCOMPARE(k.rowsPerKey.value(QStringLiteral("t_group")), 1.0);
    }

    void stalledInstanceCostsItsTimeout()
    {
        // SIGSTOP: the kernel accepts the TCP connection, the server never answers.
        const qint64 pid = m_fx.sandbox().state().instances.at(m_fx.instanceOf(QStringLiteral("db1"))).pid;
        QVERIFY(pid > 0);
        QCOMPARE(::kill(pid_t(pid), SIGSTOP), 0);
        QElapsedTimer t;
        t.start();
        const KeyStatsResult k = KeyStats::collect(m_config, m_snapshot, options()); // snapshot: still "reachable"
        const qint64 ms = t.elapsed();
        ::kill(pid_t(pid), SIGCONT);
        qInfo("stalled db1: %lld ms", ms);
        QVERIFY2(ms < 8000, qPrintable(QString::number(ms)));
        QVERIFY2(k.notes.join(QLatin1Char('\n')).contains(QLatin1String("db1: index statistics not read")),
                 qPrintable(k.notes.join(QLatin1Char('\n'))));
        QVERIFY(k.rowsPerKey.contains(QStringLiteral("t_user_messages"))); // from db0 alone
    }

    void deadInstanceGivesNoteNoHang()
    {
        QString err;
        QVERIFY2(m_fx.sandbox().killInstance(m_fx.instanceOf(QStringLiteral("db1")), &err), qPrintable(err));
        QElapsedTimer t;
        t.start();
        KeyStatsResult k = KeyStats::collect(m_config, m_snapshot, options()); // old snapshot: tries db1
        qInfo("dead db1, snapshot says reachable: %lld ms", t.elapsed());
        QVERIFY2(t.elapsed() < 5000, qPrintable(QString::number(t.elapsed())));
        QVERIFY2(k.notes.join(QLatin1Char('\n')).contains(QLatin1String("db1: index statistics not read")),
                 qPrintable(k.notes.join(QLatin1Char('\n'))));
        const double db0Only = k.rowsPerKey.value(QStringLiteral("t_user_messages"));
        QVERIFY(db0Only > 2.0);

        // A fresh snapshot knows db1 is down: skipped without connecting.
        const InspectionResult r = Inspector::run(m_config, options());
        QVERIFY(!r.snapshot.allReachable());
        t.restart();
        k = KeyStats::collect(m_config, r.snapshot, options());
        QVERIFY2(t.elapsed() < 3000, qPrintable(QString::number(t.elapsed())));
        QVERIFY2(k.notes.join(QLatin1Char('\n')).contains(QLatin1String("db1: unreachable")),
                 qPrintable(k.notes.join(QLatin1Char('\n'))));
        QVERIFY(k.rowsPerKey.contains(QStringLiteral("t_user_messages")));
    }
};

QTEST_GUILESS_MAIN(TestKeyStats)
#include "tst_keystats.moc"
