// Expansion plan against real mariadbd instances: exact counts of the move predicates equal an
// independent count (keys fetched and routed with sp::Router on the old and new configs), and the
// snapshot-based estimates fall within their stated error.
#include "SandboxFixture.h"

#include "core/cluster/Inspector.h"
#include "core/config/ConfigLoader.h"
#include "core/live/ExactCounter.h"
#include "core/planning/ExpansionStrategy.h"
#include "core/live/RowSampler.h"
#include "core/routing/Router.h"

#include <QFile>
#include <QtTest>

#include <cmath>

using namespace sp;
using namespace sp::planning;
using namespace sp::test;

class TestPlanLive final : public QObject
{
    Q_OBJECT

private:
    SandboxFixture m_fx{SandboxFixtureOptions{2, {}, 3000, 7}};
    PlanInput m_in;
    InspectionOptions m_options;

private slots:
    void initTestCase()
    {
        QVERIFY2(m_fx.start(), qPrintable(m_fx.error()));
        QFile f(m_fx.clusterYamlPath());
        QVERIFY(f.open(QIODevice::ReadOnly));
        m_in.configPath = m_fx.clusterYamlPath();
        m_in.configText = f.readAll();
        const LoadResult loaded = ConfigLoader::loadText(m_in.configText, m_in.configPath);
        QVERIFY2(loaded.ok(), qPrintable(loaded.diagnostics.value(0).toString()));
        m_in.config = loaded.config;
        m_options.exactCounts = true;
        m_options.credentials = m_fx.credentialOptions();
        m_options.connectTimeoutSec = 3;
        // Rows sharing a sharding key move together: measure sum(c^2)/sum(c) over the keys' row counts.
        for (const TableRule &t : m_in.config.tables) {
            const QString col = m_in.config.effectiveDatabaseStrategy(t).columns.value(0);
            qint64 rows = 0, squares = 0;
            for (const DataNode &n : t.dataNodes) {
                Connection c;
                QVERIFY2(c.open(m_fx.rootParams(m_fx.instanceOf(n.dataSource))), qPrintable(c.lastError()));
                const auto r = c.query(QStringLiteral("SELECT COALESCE(SUM(c), 0), COALESCE(SUM(c * c), 0) FROM "
                                                      "(SELECT COUNT(*) AS c FROM %2.%3 GROUP BY %1) AS k")
                                           .arg(Connection::quoteIdentifier(col),
                                                Connection::quoteIdentifier(m_fx.schema(n.dataSource)),
                                                Connection::quoteIdentifier(n.table)));
                QVERIFY2(r, qPrintable(c.lastError()));
                rows += r->rows.at(0).at(0).toLongLong();
                squares += r->rows.at(0).at(1).toLongLong();
            }
            if (rows > 0)
                m_in.rowsPerKey.insert(t.logicTable, double(squares) / double(rows));
        }
        const InspectionResult r = Inspector::run(m_in.config, m_options);
        QVERIFY(r.snapshot.allReachable());
        m_in.snapshot = r.snapshot;
    }

    void exactCountsMatchIndependentRouting_data()
    {
        QTest::addColumn<int>("strategy");
        QTest::addColumn<int>("to");
        QTest::addRow("mod-double") << int(StrategyId::ModDouble) << 0;
        QTest::addRow("remap 2->3") << int(StrategyId::Remap) << 3;
    }

    void exactCountsMatchIndependentRouting()
    {
        QFETCH(int, strategy);
        QFETCH(int, to);
        PlanInput in = m_in;
        in.request.strategy = StrategyId(strategy);
        in.request.toCount = to;
        const PlanOutcome o = makePlan(in);
        QVERIFY2(o.plan, qPrintable(o.error));
        ExpansionPlan plan = *o.plan;
        const ExactCountResult er = ExactCounter::run(plan, in.config, m_options);
        QVERIFY2(er.errors.isEmpty(), qPrintable(er.errors.join(QLatin1Char('\n'))));
        QVERIFY(!er.cancelled);

        const LoadResult next = ConfigLoader::loadText(plan.newConfigText.toUtf8(), QStringLiteral("new.yaml"));
        QVERIFY(next.ok());
        const Router oldR(in.config), newR(next.config);
        qint64 movedTotal = 0;
        for (const TablePlan &t : plan.tables) {
            if (t.broadcast)
                continue;
            // Independent count: every key of every source node, routed with both configs.
            QMap<QPair<DataNode, DataNode>, qint64> moved;
            for (const DataNode &n : in.config.table(t.logicTable)->dataNodes) {
                Connection c;
                QVERIFY2(c.open(m_fx.rootParams(m_fx.instanceOf(n.dataSource))), qPrintable(c.lastError()));
                const QString sql = QStringLiteral("SELECT %1 FROM %2.%3")
                                        .arg(Connection::quoteIdentifier(t.shardingColumn),
                                             Connection::quoteIdentifier(m_fx.schema(n.dataSource)),
                                             Connection::quoteIdentifier(n.table));
                const bool ok = c.forEachRow(sql, [&](const QList<QVariant> &row) {
                    const ShardingValue v{row.value(0).toString(), KeyType::String};
                    const RouteResult a = oldR.route(t.logicTable, v);
                    const RouteResult b = newR.route(t.logicTable, v);
                    if (a.ok && b.ok && a.node == n && b.node != a.node)
                        ++moved[qMakePair(a.node, b.node)];
                    return true;
                });
                QVERIFY2(ok, qPrintable(c.lastError()));
            }
            qint64 est = 0, exact = 0;
            double var = 0;
            for (const MovePair &p : t.pairs) {
                QVERIFY(p.exactRows.has_value());
                QCOMPARE(*p.exactRows, moved.value(qMakePair(p.source, p.target)));
                moved.remove(qMakePair(p.source, p.target));
                // Estimate: share x exact node rows, within its stated 3-sigma bound.
                QCOMPARE(p.basis, EstimateBasis::Snapshot);
                QVERIFY(p.sourceRows > 0);
                QVERIFY(p.errorRows >= 0); // rows per key measured: a bound
                QVERIFY2(std::abs(double(p.estimatedRows - *p.exactRows)) <= double(p.errorRows) + 1,
                         qPrintable(QStringLiteral("%1 -> %2: estimate %3 +- %4, exact %5")
                                        .arg(p.source.toString(), p.target.toString())
                                        .arg(p.estimatedRows)
                                        .arg(p.errorRows)
                                        .arg(*p.exactRows)));
                est += p.estimatedRows;
                exact += *p.exactRows;
                var += std::pow(double(p.errorRows) / 3, 2);
            }
            // No moving key outside the plan's pairs.
            QVERIFY2(moved.isEmpty(), qPrintable(t.logicTable));
            // Per table the total is within the combined 3 sigma.
            QVERIFY2(std::abs(double(est - exact)) <= 3 * std::sqrt(var) + 1,
                     qPrintable(QStringLiteral("%1: estimate %2, exact %3").arg(t.logicTable).arg(est).arg(exact)));
            movedTotal += exact;
        }
        QVERIFY(movedTotal > 0);
    }

    // Estimates from a random row sample: a sample of every row reproduces the exact counts; a
    // partial one lands within its stated 3-sigma bound of them, for every pair.
    void rowSampleEstimates_data()
    {
        QTest::addColumn<int>("perTable");
        QTest::addRow("whole tables") << 1000000;
        QTest::addRow("about 600 rows per table") << 600;
    }

    void rowSampleEstimates()
    {
        QFETCH(int, perTable);
        PlanInput in = m_in;
        in.request.strategy = StrategyId::ModDouble;
        const RowSampleResult rs = RowSampler::run(in.config, *in.snapshot, perTable, m_options);
        QVERIFY(!rs.cancelled);
        QVERIFY(!rs.keys.isEmpty());
        in.keySamples = rs.keys;
        in.sampledNodes = rs.nodes;
        const PlanOutcome o = makePlan(in);
        QVERIFY2(o.plan, qPrintable(o.error));
        ExpansionPlan plan = *o.plan;
        const ExactCountResult er = ExactCounter::run(plan, in.config, m_options);
        QVERIFY2(er.errors.isEmpty(), qPrintable(er.errors.join(QLatin1Char('\n'))));
        int sampled = 0;
        for (const TablePlan &t : plan.tables) {
            if (t.broadcast)
                continue;
            for (const MovePair &p : t.pairs) {
                QVERIFY(p.exactRows.has_value());
                QCOMPARE(p.basis, EstimateBasis::KeySample); // every node read to its end
                ++sampled;
                const QString what = QStringLiteral("%1 -> %2: estimate %3 +- %4, exact %5")
                                         .arg(p.source.toString(), p.target.toString())
                                         .arg(p.estimatedRows)
                                         .arg(p.errorRows)
                                         .arg(*p.exactRows);
                if (perTable >= 1000000) {
                    QVERIFY2(p.estimatedRows == *p.exactRows && p.errorRows == 0, qPrintable(what));
                } else {
                    QVERIFY2(p.errorRows >= 0 && std::abs(double(p.estimatedRows - *p.exactRows)) <= double(p.errorRows),
                             qPrintable(what));
                }
            }
        }
        QVERIFY2(sampled > 0, "no pair was estimated from the sample");
    }

    void cancelledBeforeStart()
    {
        PlanInput in = m_in;
        in.request.strategy = StrategyId::ModDouble;
        const PlanOutcome o = makePlan(in);
        QVERIFY(o.plan);
        ExpansionPlan plan = *o.plan;
        std::atomic<bool> cancel{true};
        const ExactCountResult er = ExactCounter::run(plan, in.config, m_options, &cancel);
        QVERIFY(er.cancelled);
        QCOMPARE(er.counted, 0);
    }

    void cleanupTestCase() { m_fx.stop(); }
};

QTEST_GUILESS_MAIN(TestPlanLive)
#include "tst_plan_live.moc"
