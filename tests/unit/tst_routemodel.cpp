// The route model (sp::TableRoute) is the router's and the planner's alike: the same keys routed by
// sp::Router (slow and fast path) and through the closed forms the planner enumerates
// (RouteLevel::inputOf / targetForInput) land on the same node, for every algorithm and property.
#include "core/routing/Router.h"
#include "core/routing/TableRoute.h"

#include <QRandomGenerator64>
#include <QtTest>

using namespace sp;

namespace {

using Props = QMap<QString, QString>;

struct Level
{
    QString type;
    Props props;
};

AlgorithmDef algorithm(const QString &name, const Level &l)
{
    AlgorithmDef a;
    a.name = name;
    a.type = l.type;
    a.props = l.props;
    return a;
}

StrategyDef standard(const QString &algorithmName)
{
    StrategyDef s;
    s.kind = StrategyKind::Standard;
    s.columns << QStringLiteral("k");
    s.algorithmName = algorithmName;
    return s;
}

// ds_0.. x t_order_.. (table suffixes zero-padded to `tableDigits`), both levels on column k.
ShardingConfig config(const Level &db, int dbs, const Level &table, int tables, int tableDigits = 1)
{
    ShardingConfig c;
    TableRule t;
    t.logicTable = QStringLiteral("t_order");
    for (int d = 0; d < dbs; ++d) {
        DataSourceDef ds;
        ds.name = QStringLiteral("ds_%1").arg(d);
        c.dataSources << ds;
        for (int i = 0; i < tables; ++i)
            t.dataNodes << DataNode{ds.name,
                                    QStringLiteral("t_order_%1").arg(i, tableDigits, 10, QLatin1Char('0'))};
    }
    t.databaseStrategy = standard(QStringLiteral("db-alg"));
    t.tableStrategy = standard(QStringLiteral("table-alg"));
    c.tables << t;
    c.algorithms.insert(QStringLiteral("db-alg"), algorithm(QStringLiteral("db-alg"), db));
    c.algorithms.insert(QStringLiteral("table-alg"), algorithm(QStringLiteral("table-alg"), table));
    return c;
}

QStringList keys()
{
    QStringList k;
    for (int i = -50; i < 3000; i += 7)
        k << QString::number(i);
    QRandomGenerator64 rng(11);
    for (int i = 0; i < 3000; ++i) {
        k << QString::number(rng.generate() >> (i % 40))
          << QStringLiteral("user-%1").arg(rng.generate() % 100000);
        if (i % 10 == 0)
            k << QStringLiteral("飞享-%1").arg(i) << QStringLiteral("-%1").arg(rng.generate() >> 20);
    }
    k << QStringLiteral("+42") << QStringLiteral("7") << QStringLiteral("12345678901234567890123456789")
      << QStringLiteral(" 12") << QString() << QStringLiteral("é12345") << QStringLiteral("1234é");
    return k;
}

} // namespace

class TestRouteModel final : public QObject
{
    Q_OBJECT
private slots:
    void routerAndModelAgree_data();
    void routerAndModelAgree();
    void shardingColumn_data();
    void shardingColumn();
};

void TestRouteModel::routerAndModelAgree_data()
{
    QTest::addColumn<ShardingConfig>("cfg");
    QTest::addColumn<bool>("closedForm");
    const auto mod = [](int count, Props more = {}) {
        more.insert(QStringLiteral("sharding-count"), QString::number(count));
        return Level{QStringLiteral("MOD"), more};
    };
    const auto count = [](const QString &type, int n, Props more = {}) {
        more.insert(QStringLiteral("sharding-count"), QString::number(n));
        return Level{type, more};
    };
    const Props start1{{QStringLiteral("start-offset"), QStringLiteral("1")}};
    const Props stop2{{QStringLiteral("stop-offset"), QStringLiteral("2")}};
    const Props both{{QStringLiteral("start-offset"), QStringLiteral("2")},
                     {QStringLiteral("stop-offset"), QStringLiteral("1")}};
    const Props pad{{QStringLiteral("zero-padding"), QStringLiteral("true")}};
    Props bothPadded = both;
    bothPadded.insert(pad);
    const Level crc4 = count(QStringLiteral("CRC32_MOD"), 4);
    const Level crcHigh =
        count(QStringLiteral("CRC32_MOD"), 4, {{QStringLiteral("divisor"), QStringLiteral("65536")}});
    const Level ring{QStringLiteral("CONSISTENT_HASH"), {}};
    const Level ring40{QStringLiteral("CONSISTENT_HASH"),
                       {{QStringLiteral("virtual-nodes"), QStringLiteral("40")}}};
    const Level ring7{QStringLiteral("CONSISTENT_HASH"),
                      {{QStringLiteral("virtual-nodes"), QStringLiteral("7")}}};

    QTest::addRow("MOD") << config(mod(2), 2, mod(4), 4) << true;
    QTest::addRow("MOD start-offset") << config(mod(2, start1), 2, mod(3), 3) << true;
    QTest::addRow("MOD stop-offset") << config(mod(3), 3, mod(2, stop2), 2) << true;
    QTest::addRow("MOD both offsets") << config(mod(4, both), 4, mod(4, both), 4) << true;
    QTest::addRow("MOD zero-padding, padded names") << config(mod(2), 2, mod(16, pad), 16, 2) << true;
    QTest::addRow("MOD zero-padding, plain names") << config(mod(2), 2, mod(16, pad), 16, 1) << true;
    QTest::addRow("MOD zero-padding + offsets")
        << config(mod(2, start1), 2, mod(12, bothPadded), 12, 2) << true;
    QTest::addRow("MOD count below targets") << config(mod(2), 3, mod(3), 2) << true;
    QTest::addRow("HASH_MOD") << config(count(QStringLiteral("HASH_MOD"), 4), 4,
                                        count(QStringLiteral("HASH_MOD"), 3), 3)
                              << true;
    QTest::addRow("CRC32_MOD") << config(crc4, 4, crc4, 4) << true;
    QTest::addRow("CRC32_MOD divisor") << config(crc4, 4, crcHigh, 4) << true;
    QTest::addRow("CRC32_MOD non power of two")
        << config(
               count(QStringLiteral("CRC32_MOD"), 6), 6,
               count(QStringLiteral("CRC32_MOD"), 5, {{QStringLiteral("divisor"), QStringLiteral("1000")}}),
               5)
        << true;
    QTest::addRow("CONSISTENT_HASH default virtual nodes") << config(ring, 5, crcHigh, 4) << true;
    QTest::addRow("CONSISTENT_HASH virtual nodes") << config(ring40, 3, ring7, 6) << true;
    QTest::addRow("CONSISTENT_HASH + HASH_MOD")
        << config(ring, 4, count(QStringLiteral("HASH_MOD"), 2), 2) << true;
    QTest::addRow("INLINE")
        << config(Level{QStringLiteral("INLINE"),
                        {{QStringLiteral("algorithm-expression"), QStringLiteral("ds_${k % 2}")}}},
                  2,
                  Level{QStringLiteral("INLINE"),
                        {{QStringLiteral("algorithm-expression"), QStringLiteral("t_order_${k % 4}")}}},
                  4)
        << false;
    QTest::addRow("BOUNDARY_RANGE (not evaluated)")
        << config(mod(2), 2,
                  Level{QStringLiteral("BOUNDARY_RANGE"),
                        {{QStringLiteral("sharding-ranges"), QStringLiteral("10,20")}}},
                  3)
        << false;
    QTest::addRow("VOLUME_RANGE (not evaluated)")
        << config(
               Level{QStringLiteral("VOLUME_RANGE"), {{QStringLiteral("range-lower"), QStringLiteral("10")}}},
               2, mod(2), 2)
        << false;
    QTest::addRow("bad sharding-count")
        << config(mod(2), 2,
                  Level{QStringLiteral("MOD"), {{QStringLiteral("sharding-count"), QStringLiteral("x")}}}, 2)
        << false;
}

void TestRouteModel::routerAndModelAgree()
{
    QFETCH(ShardingConfig, cfg);
    QFETCH(bool, closedForm);
    const Router router(cfg);
    const QString table = QStringLiteral("t_order");
    const TableRoute *model = router.table(table);
    QVERIFY(model);
    // The planner compiles the same model on its own.
    const TableRoute planner = TableRoute::compile(cfg, cfg.tables.first());
    QCOMPARE(planner.closedForm(), closedForm);
    QCOMPARE(model->closedForm(), closedForm);
    int routed = 0;
    for (const QString &k : keys()) {
        for (const KeyType type : {KeyType::Auto, KeyType::String, KeyType::Integer}) {
            const ShardingValue v{k, type};
            const RouteResult r = router.route(table, v);
            const int expected = r.ok ? int(cfg.tables.first().dataNodes.indexOf(r.node)) : -1;
            if (closedForm) {
                QVERIFY2(planner.routeByInputs(v) == expected,
                         qPrintable(QStringLiteral("key '%1' type %2: router %3, model %4")
                                        .arg(k)
                                        .arg(int(type))
                                        .arg(r.ok ? r.node.toString() : r.error)
                                        .arg(planner.routeByInputs(v))));
            } else {
                QCOMPARE(planner.routeByInputs(v),
                         -1); // no closed form: the planner samples through the router
            }
            routed += r.ok ? 1 : 0;
        }
        // The router's allocation-free path agrees with its exact path (Auto keys).
        const RouteResult exact = router.route(table, {k, KeyType::Auto});
        const int fast = router.routeIndex(table, k.toUtf8());
        QCOMPARE(fast, exact.ok ? int(cfg.tables.first().dataNodes.indexOf(exact.node)) : -1);
    }
    QCOMPARE(routed > 0, !QByteArray(QTest::currentDataTag()).contains("not evaluated") &&
                             !QByteArray(QTest::currentDataTag()).contains("bad"));
}

void TestRouteModel::shardingColumn_data()
{
    QTest::addColumn<ShardingConfig>("cfg");
    QTest::addColumn<QString>("expected");
    const Level crc4{QStringLiteral("CRC32_MOD"), {{QStringLiteral("sharding-count"), QStringLiteral("4")}}};
    ShardingConfig c = config(crc4, 4, crc4, 4);
    c.tables[0].databaseStrategy.columns = {QStringLiteral("a")};
    c.tables[0].tableStrategy.columns = {QStringLiteral("b")};
    QTest::addRow("database strategy first") << c << QStringLiteral("a");
    ShardingConfig noDb = c;
    noDb.tables[0].databaseStrategy.kind = StrategyKind::None;
    noDb.tables[0].databaseStrategy.columns.clear();
    QTest::addRow("then the table strategy") << noDb << QStringLiteral("b");
    ShardingConfig byDefault = noDb;
    byDefault.tables[0].tableStrategy.columns.clear();
    byDefault.defaultShardingColumn = QStringLiteral("d");
    QTest::addRow("defaultShardingColumn fills a strategy") << byDefault << QStringLiteral("d");
    ShardingConfig none = noDb;
    none.tables[0].tableStrategy.kind = StrategyKind::None;
    none.tables[0].tableStrategy.columns.clear();
    none.defaultShardingColumn = QStringLiteral("d");
    QTest::addRow("no strategy, no column") << none << QString();
    ShardingConfig autoTable = none;
    autoTable.tables[0].autoTable = true;
    autoTable.tables[0].shardingStrategy = standard(QStringLiteral("table-alg"));
    QTest::addRow("auto table") << autoTable << QStringLiteral("k");
}

void TestRouteModel::shardingColumn()
{
    QFETCH(ShardingConfig, cfg);
    QFETCH(QString, expected);
    QCOMPARE(sp::shardingColumn(cfg, cfg.tables.first()), expected);
}

QTEST_GUILESS_MAIN(TestRouteModel)
#include "tst_routemodel.moc"
