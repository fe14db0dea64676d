// Configurations at the documented scale limits (docs/limits.md, "Scale"): every path that takes a
// whole config (load, lint, route one key, plan offline, export, the editor's patcher) runs on
// them. The time bound is ctest's TIMEOUT of this test (tests/CMakeLists.txt): these paths were
// quadratic (2.1 s to route one key at 20k tables per data source, over 300 s to lint 40k tables)
// and the test timed out; no wall-clock assert here, a slow machine only gets closer to it.
// This one: many logic tables (5k, bound in pairs, with 5k broadcast tables) and many data
// sources (8192 on a ring). unit.scalenodes: many data nodes in one table.
#include "ScaleConfigs.h"
#include "TestPaths.h"

#include "core/analysis/ConfigExport.h"
#include "core/analysis/Linter.h"
#include "core/config/ConfigLoader.h"
#include "core/config/ConfigPatch.h"
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

} // namespace

class TestScale final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void manyLogicTables();
    void manyDataSources();

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

// 5k logic tables, each with its own table algorithm, bound in pairs, and 5k broadcast tables
// (config_scale_bench takes the same shape to 40k: every path stays linear).
void TestScale::manyLogicTables()
{
    constexpr int kTables = 5000;
    const QByteArray text = test::scale::manyTables(kTables);
    const QString path = write(QStringLiteral("many.yaml"), text);
    QVERIFY(!path.isEmpty());
    const LoadResult r = ConfigLoader::loadFile(path);
    QVERIFY2(r.ok(), qPrintable(firstError(r.diagnostics)));
    QCOMPARE(r.config.tables.size(), kTables);
    QCOMPARE(r.config.broadcastTables.size(), kTables);

    const Diagnostics lint = Linter::lint(r.config);
    QCOMPARE(errorsIn(lint), 0);
    for (const Diagnostic &d : lint)
        QVERIFY2(d.code != QLatin1String("simulation-budget"), qPrintable(d.toString()));

    const Router router(r.config);
    const RouteResult last = router.route(QStringLiteral("t%1").arg(kTables - 1),
                                          ShardingValue{QStringLiteral("user-42"), KeyType::Auto});
    QVERIFY2(last.ok, qPrintable(last.error));
    QVERIFY(!router.route(QStringLiteral("b7"), ShardingValue{QStringLiteral("1"), KeyType::Auto}).ok);

    PlanRequest rq;
    rq.strategy = StrategyId::ModDouble;
    const auto p = plan(path, r.config, rq);
    QVERIFY(p);
    QCOMPARE(p->request.toCount, 8);
    const LoadResult next = ConfigLoader::loadText(p->newConfigText.toUtf8(), path);
    QVERIFY2(next.ok(), qPrintable(firstError(next.diagnostics)));
    QCOMPARE(next.config.tables.size(), kTables);
    QCOMPARE(next.config.tables.last().dataNodes.size(), 16); // every table widened to 8 data sources

    // The editor's forms on the big file: a data source url and an algorithm's count.
    ConfigPatch patch(text);
    QVERIFY(patch.set(ConfigPatch::dataSourceUrlPath(QStringLiteral("ds_3")), QStringLiteral("jdbc:mysql://h9:3306/app")));
    QVERIFY2(patch.setAlgorithmProp(QStringLiteral("tb%1").arg(kTables - 1), QStringLiteral("sharding-count"),
                                    QStringLiteral("3")),
             qPrintable(patch.errors().join(QLatin1Char('\n'))));
    QVERIFY(patch.text().contains("jdbc:mysql://h9:3306/app"));
}

// 8192 data sources on a CONSISTENT_HASH ring (16 virtual nodes each): load, lint, route, a ring
// plan adding one node.
void TestScale::manyDataSources()
{
    constexpr int kSources = 8192;
    const QByteArray text = test::scale::manySourcesRing(kSources);
    const QString path = write(QStringLiteral("ring.yaml"), text);
    QVERIFY(!path.isEmpty());
    const LoadResult r = ConfigLoader::loadFile(path);
    QVERIFY2(r.ok(), qPrintable(firstError(r.diagnostics)));
    QCOMPARE(r.config.dataSources.size(), kSources);

    const Diagnostics lint = Linter::lint(r.config);
    QCOMPARE(errorsIn(lint), 0);

    const Router router(r.config);
    QVERIFY(router.route(QStringLiteral("t_msg"), ShardingValue{QStringLiteral("k-1"), KeyType::Auto}).ok);

    PlanRequest rq;
    rq.strategy = StrategyId::Ring;
    rq.addNodes = {QStringLiteral("ds_%1").arg(kSources)};
    const auto p = plan(path, r.config, rq);
    QVERIFY(p);
    const LoadResult next = ConfigLoader::loadText(p->newConfigText.toUtf8(), path);
    QVERIFY2(next.ok(), qPrintable(firstError(next.diagnostics)));
    QCOMPARE(next.config.dataSources.size(), kSources + 1);
    QVERIFY(PlanExport::copySql(*p).size() > 0);
}

QTEST_GUILESS_MAIN(TestScale)
#include "tst_scaletables.moc"
