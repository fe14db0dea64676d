// The bounds a live plan states are honest: on a sandbox of the example config (4 data sources,
// 20 000 messages with hot groups and users), every pair of a mod-double and of a remap plan made
// the way `shardctl plan --live [--sample N]` and the wizard make them has its exact count
// (ExactCounter) inside estimate ± bound. Before, the uniform key share with a bound from index
// statistics said 2171 ± 1088 for db0.t_messages_1 -> db4 where 1023 rows move: a hot group that
// stays weighs thousands of rows, which a mean of rows per key cannot see.
#include "SandboxFixture.h"
#include "TestPaths.h"

#include "core/config/ConfigLoader.h"
#include "core/live/ExactCounter.h"
#include "core/live/LivePlan.h"

#include <QtTest>

#include <cmath>

using namespace sp;
using namespace sp::planning;
using namespace sp::test;

class TestPlanBounds final : public QObject
{
    Q_OBJECT

private:
    SandboxFixture m_fx{SandboxFixtureOptions{4, examplePath(QStringLiteral("fsharechat-crc32.yaml")), 20000, 1}};
    ShardingConfig m_config;

    InspectionOptions options() const
    {
        InspectionOptions o;
        o.credentials = m_fx.credentialOptions();
        o.connectTimeoutSec = 3;
        return o;
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(m_fx.start(), qPrintable(m_fx.error()));
        const LoadResult loaded = ConfigLoader::loadFile(m_fx.clusterYamlPath());
        QVERIFY2(loaded.ok(), qPrintable(loaded.diagnostics.value(0).toString()));
        m_config = loaded.config;
    }

    void exactCountsInsideBounds_data()
    {
        QTest::addColumn<int>("strategy");
        QTest::addColumn<int>("to");
        QTest::addColumn<int>("sample");
        QTest::addRow("mod-double, live") << int(StrategyId::ModDouble) << 0 << 0;
        QTest::addRow("mod-double, sample 2000") << int(StrategyId::ModDouble) << 0 << 2000;
        QTest::addRow("remap 4->6, live") << int(StrategyId::Remap) << 6 << 0;
        QTest::addRow("remap 4->6, sample 2000") << int(StrategyId::Remap) << 6 << 2000;
    }

    void exactCountsInsideBounds()
    {
        QFETCH(int, strategy);
        QFETCH(int, to);
        QFETCH(int, sample);
        PlanRequest rq;
        rq.strategy = StrategyId(strategy);
        rq.toCount = to;
        LivePlanOptions o;
        o.live = true;
        o.samplePerTable = sample;
        o.inspect = options();
        const LivePlanResult r = runLivePlan(m_fx.clusterYamlPath(), m_config, rq, o);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY2(r.plan, qPrintable(r.planError));
        QVERIFY(r.snapshot && r.snapshot->allReachable());
        ExpansionPlan plan = *r.plan;
        const ExactCountResult counted = ExactCounter::run(plan, m_config, options());
        QVERIFY2(counted.errors.isEmpty(), qPrintable(counted.errors.join(QLatin1Char('\n'))));

        QStringList outside;
        int bounded = 0, pairs = 0, moving = 0;
        for (const TablePlan &t : plan.tables) {
            if (t.broadcast)
                continue;
            for (const MovePair &p : t.pairs) {
                QVERIFY(p.exactRows.has_value());
                ++pairs;
                moving += *p.exactRows > 0;
                if (p.errorRows < 0)
                    continue; // no bound stated: nothing to hold it to
                ++bounded;
                if (std::abs(double(p.estimatedRows - *p.exactRows)) > double(p.errorRows))
                    outside << QStringLiteral("%1 -> %2: %3 ± %4, exact %5 (%6)")
                                   .arg(p.source.toString(), p.target.toString())
                                   .arg(p.estimatedRows)
                                   .arg(p.errorRows)
                                   .arg(*p.exactRows)
                                   .arg(basisName(p.basis));
            }
        }
        qInfo("%d pairs, %d with a bound, %d moving rows", pairs, bounded, moving);
        QVERIFY(pairs >= 64);
        QVERIFY(moving > pairs / 2);
        QVERIFY2(outside.isEmpty(), qPrintable(outside.join(QLatin1Char('\n'))));
        if (sample > 0) {
            // A row sample gives every pair of every sampled table a bound.
            QCOMPARE(bounded, pairs);
        } else {
            // Tables sharded on a unique key (one row per key) have a bound from the key share alone.
            QVERIFY2(bounded >= 32, qPrintable(QString::number(bounded)));
        }
    }

    void cleanupTestCase() { m_fx.stop(); }
};

QTEST_GUILESS_MAIN(TestPlanBounds)
#include "tst_plan_bounds.moc"
