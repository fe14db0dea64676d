// Configurations at the documented scale limits (docs/limits.md, "Scale"): every path that takes a
// whole config (load, lint, route one key, plan offline, export, the editor's patcher) runs on
// them. The time bound is ctest's TIMEOUT of this test (tests/CMakeLists.txt): these paths were
// quadratic (2.1 s to route one key at 20k tables per data source, over 300 s to lint 40k tables)
// and the test timed out; no wall-clock assert here, a slow machine only gets closer to it.
// This one: many data nodes in one table (80k actual tables per data source, 300k
// BOUNDARY_RANGE boundaries). unit.scaletables: many tables and many data sources.
#include "ScaleConfigs.h"
#include "TestPaths.h"

#include "core/analysis/ConfigExport.h"
#include "core/analysis/Linter.h"
#include "core/config/ConfigLoader.h"
#include "core/live/PlanInputs.h"
#include "core/planning/ExpansionStrategy.h"
#include "core/planning/PlanExport.h"
#include "core/routing/Router.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace sp;
using namespace sp::planning;

namespace {

int errorsIn(const Diagnostics &ds)
{
    int n = 0;
    for (const Diagnostic &d : ds)
        n += d.severity == Severity::Error ? 1 : 0;
    return n;
}

QString firstError(const Diagnostics &ds)
{
    for (const Diagnostic &d : ds)
        if (d.severity == Severity::Error)
            return d.toString();
    return QString();
}

qint64 nodesOf(const ShardingConfig &c)
{
    qint64 n = 0;
    for (const TableRule &t : c.tables)
        n += t.dataNodes.size();
    return n;
}

} // namespace

class TestScale final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void wideTables();
    void boundaryRange();

private:
    QString write(const QString &name, const QByteArray &text)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
            return QString();
        return path;
    }
    std::optional<ExpansionPlan> plan(const QString &path, const ShardingConfig &config, const PlanRequest &rq)
    {
        QString error;
        const auto in = buildPlanInput(path, config, std::nullopt, rq, {}, &error);
        if (!in) {
            qWarning("%s", qPrintable(error));
            return std::nullopt;
        }
        const PlanOutcome o = makePlan(*in);
        if (!o.plan)
            qWarning("%s", qPrintable(o.error));
        return o.plan;
    }

    QTemporaryDir m_dir;
};

// 80k actual tables per data source: one logic table on two data sources (160k nodes).
void TestScale::wideTables()
{
    constexpr int kPerSource = 80000;
    const QByteArray text = test::scale::wideTables(kPerSource, false);
    const QString path = write(QStringLiteral("wide.yaml"), text);
    QVERIFY(!path.isEmpty());
    const LoadResult r = ConfigLoader::loadFile(path);
    QVERIFY2(r.ok(), qPrintable(firstError(r.diagnostics)));
    QCOMPARE(nodesOf(r.config), qint64(2) * kPerSource);

    // 160k nodes are more than the simulated keys reach one by one: no unreachable-nodes warning made
    // of misses, the table named as not covered instead.
    const Diagnostics lint = Linter::lint(r.config);
    QCOMPARE(errorsIn(lint), 0);
    bool named = false;
    for (const Diagnostic &d : lint) {
        QVERIFY2(d.code != QLatin1String("unreachable-nodes"), qPrintable(d.toString()));
        named = named || (d.code == QLatin1String("simulation-budget") && d.message.contains(QLatin1String("t_order")));
    }
    QVERIFY(named);

    const Router router(r.config);
    const RouteResult one = router.route(QStringLiteral("t_order"), ShardingValue{QStringLiteral("12345"), KeyType::Auto});
    QVERIFY2(one.ok, qPrintable(one.error));
    QCOMPARE(one.node.dataSource, QStringLiteral("ds_1"));

    PlanRequest rq;
    rq.strategy = StrategyId::ModDouble;
    const auto p = plan(path, r.config, rq);
    QVERIFY(p);
    QCOMPARE(p->request.toCount, 4);
    QCOMPARE(p->tables.size(), 3); // one sharded, two broadcast
    // Every node keeps half of its keys and sends half to the new data source: one pair each.
    QCOMPARE(p->tables.at(0).pairs.size(), 2 * kPerSource);
    const LoadResult next = ConfigLoader::loadText(p->newConfigText.toUtf8(), path);
    QVERIFY2(next.ok(), qPrintable(firstError(next.diagnostics)));
    QCOMPARE(next.config.dataSources.size(), 4);
    QCOMPARE(nodesOf(next.config), qint64(4) * kPerSource);
    QVERIFY(PlanExport::text(*p).size() > 0);
    QVERIFY(exporting::routingTableJson(r.config).size() > 0);
}

// BOUNDARY_RANGE with 300k boundaries: an auto table of 300,001 actual tables on 4 data sources.
void TestScale::boundaryRange()
{
    constexpr int kBoundaries = 300000;
    const QByteArray text = test::scale::boundaryRange(kBoundaries);
    const QString path = write(QStringLiteral("ranges.yaml"), text);
    QVERIFY(!path.isEmpty());
    const LoadResult r = ConfigLoader::loadFile(path);
    QVERIFY2(r.ok(), qPrintable(firstError(r.diagnostics)));
    QCOMPARE(nodesOf(r.config), qint64(kBoundaries) + 1);

    const Diagnostics lint = Linter::lint(r.config);
    QCOMPARE(errorsIn(lint), 0);

    const Router router(r.config);
    const RouteResult one = router.route(QStringLiteral("t_range"), ShardingValue{QStringLiteral("12345"), KeyType::Auto});
    QVERIFY(!one.ok);
    QVERIFY2(one.cannotEvaluate, qPrintable(one.error)); // BOUNDARY_RANGE is not evaluated (docs/algorithms.md)
    QVERIFY(one.error.size() < 400);                     // one line, not 300k table names

    PlanRequest rq;
    rq.strategy = StrategyId::Remap;
    rq.toCount = 5;
    QString error;
    const auto in = buildPlanInput(path, r.config, std::nullopt, rq, {}, &error);
    QVERIFY(in);
    QVERIFY(!makePlan(*in).error.isEmpty()); // refused with a reason, in bounded time
    QVERIFY(exporting::routingTableJson(r.config).size() > 0);
}

QTEST_GUILESS_MAIN(TestScale)
#include "tst_scalenodes.moc"
