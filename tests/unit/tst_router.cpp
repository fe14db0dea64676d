// Router over configs built in code: CRC32 4x4, the reference HASH_MOD 4x4, errors, fast path.
#include "core/routing/Hash.h"
#include "core/routing/HashRing.h"
#include "core/routing/Router.h"

#include <QtTest>

using namespace sp;

namespace {
DataSourceDef dataSource(const QString &name)
{
    DataSourceDef d;
    d.name = name;
    return d;
}

StrategyDef standard(const QString &column, const QString &algorithm)
{
    StrategyDef s;
    s.kind = StrategyKind::Standard;
    s.columns << column;
    s.algorithmName = algorithm;
    return s;
}

AlgorithmDef algorithm(const QString &name, const QString &type, const QMap<QString, QString> &props)
{
    AlgorithmDef a;
    a.name = name;
    a.type = type;
    a.props = props;
    return a;
}

// db0..db{dbs-1} . table_0..table_{tables-1}, leftmost varying slowest (ShardingSphere order).
TableRule table(const QString &logic, const QString &dsPrefix, int dbs, int tables)
{
    TableRule t;
    t.logicTable = logic;
    for (int d = 0; d < dbs; ++d)
        for (int i = 0; i < tables; ++i)
            t.dataNodes << DataNode{dsPrefix + QString::number(d), logic + QLatin1Char('_') + QString::number(i)};
    return t;
}

// fsharechat-like: db strategy CRC32_MOD 4, table strategy CRC32_MOD 4 with divisor 65536.
ShardingConfig crcConfig()
{
    ShardingConfig c;
    for (int d = 0; d < 4; ++d)
        c.dataSources << dataSource(QStringLiteral("db") + QString::number(d));
    TableRule t = table(QStringLiteral("t_messages"), QStringLiteral("db"), 4, 4);
    t.databaseStrategy = standard(QStringLiteral("_mid"), QStringLiteral("db_crc"));
    t.tableStrategy = standard(QStringLiteral("_mid"), QStringLiteral("table_crc"));
    c.tables << t;
    c.algorithms.insert(QStringLiteral("db_crc"), algorithm(QStringLiteral("db_crc"), QStringLiteral("CRC32_MOD"),
                                                            {{QStringLiteral("sharding-count"), QStringLiteral("4")}}));
    c.algorithms.insert(QStringLiteral("table_crc"),
                        algorithm(QStringLiteral("table_crc"), QStringLiteral("CRC32_MOD"),
                                  {{QStringLiteral("sharding-count"), QStringLiteral("4")},
                                   {QStringLiteral("divisor"), QStringLiteral("65536")}}));
    BroadcastTable b;
    b.name = QStringLiteral("t_dict");
    c.broadcastTables << b;
    return c;
}

// Like the reference (article 000, 3.3): the same HASH_MOD 4 on the same column for both levels,
// through the default strategies.
ShardingConfig referenceLikeConfig()
{
    ShardingConfig c;
    for (int d = 0; d < 4; ++d)
        c.dataSources << dataSource(QStringLiteral("ds") + QString::number(d));
    c.tables << table(QStringLiteral("t_user_messages"), QStringLiteral("ds"), 4, 4);
    c.defaultDatabaseStrategy = standard(QStringLiteral("_uid"), QStringLiteral("hash4"));
    c.defaultTableStrategy = standard(QStringLiteral("_uid"), QStringLiteral("hash4"));
    c.algorithms.insert(QStringLiteral("hash4"), algorithm(QStringLiteral("hash4"), QStringLiteral("HASH_MOD"),
                                                           {{QStringLiteral("sharding-count"), QStringLiteral("4")}}));
    return c;
}

QByteArray key(int i) { return "user" + QByteArray::number(i); }
} // namespace

class TestRouter : public QObject
{
    Q_OBJECT
private slots:
    void crc32Config_data();
    void crc32Config();
    void crc32ConfigMatchesArithmetic();
    void referenceHitsOnlyDiagonal();
    void errors_data();
    void errors();
    void routeAndRouteIndexAgree_data();
    void routeAndRouteIndexAgree();
    void ambiguousSuffixIsReported();
    void autoTableSearchesDataSources();
};

void TestRouter::crc32Config_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("expected");
    // From MariaDB 10.11: SELECT CRC32(k) % 4, (CRC32(k) DIV 65536) % 4
    QTest::addRow("user1") << "user1" << "db1.t_messages_1";
    QTest::addRow("user2") << "user2" << "db3.t_messages_0";
    QTest::addRow("user3") << "user3" << "db1.t_messages_3";
    QTest::addRow("user4") << "user4" << "db2.t_messages_3";
    QTest::addRow("user42") << "user42" << "db2.t_messages_3";
    QTest::addRow("飞享") << QString::fromUtf8("\xE9\xA3\x9E\xE4\xBA\xAB") << "db2.t_messages_0";
    QTest::addRow("😀") << QString::fromUtf8("\xF0\x9F\x98\x80") << "db0.t_messages_1";
    QTest::addRow("empty") << "" << "db0.t_messages_0";
}

void TestRouter::crc32Config()
{
    QFETCH(QString, key);
    QFETCH(QString, expected);
    const Router router(crcConfig());
    const RouteResult r = router.route(QStringLiteral("t_messages"), ShardingValue{key, KeyType::String});
    QVERIFY2(r.ok, qPrintable(r.error));
    QCOMPARE(r.node.toString(), expected);
    // Logic table names are case-insensitive.
    QCOMPARE(router.route(QStringLiteral("T_MESSAGES"), ShardingValue{key, KeyType::String}).node.toString(), expected);
}

void TestRouter::crc32ConfigMatchesArithmetic()
{
    const ShardingConfig config = crcConfig();
    const Router router(config);
    const QList<DataNode> &nodes = config.tables.first().dataNodes;
    for (int i = 0; i < 5000; ++i) {
        const QByteArray k = key(i);
        const uint32_t crc = hash::crc32(QByteArrayView(k));
        const DataNode expected{QStringLiteral("db") + QString::number(crc % 4),
                                QStringLiteral("t_messages_") + QString::number((crc / 65536) % 4)};
        const RouteResult r = router.route(QStringLiteral("t_messages"), ShardingValue{QString::fromLatin1(k), KeyType::Auto});
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.node, expected);
        QCOMPARE(nodes.at(router.routeIndex(QStringLiteral("t_messages"), k)), expected);
    }
}

void TestRouter::referenceHitsOnlyDiagonal()
{
    const Router router(referenceLikeConfig());
    QSet<QString> hit;
    for (int i = 0; i < 4000; ++i) {
        const RouteResult r = router.route(QStringLiteral("t_user_messages"),
                                           ShardingValue{QString::fromLatin1(key(i)), KeyType::String});
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.node.dataSource.right(1), r.node.table.right(1)); // ds<i>.t_user_messages_<i>
        hit.insert(r.node.toString());
    }
    QCOMPARE(hit.size(), 4); // 4 of the 16 data nodes, never the other 12
}

void TestRouter::errors_data()
{
    QTest::addColumn<QString>("setup");
    QTest::addColumn<QString>("logicTable");
    QTest::addColumn<QString>("errorPart");
    QTest::addColumn<bool>("cannotEvaluate");
    QTest::addRow("unknown table") << "crc" << "t_nope" << "unknown logic table 't_nope'" << false;
    QTest::addRow("broadcast") << "crc" << "t_dict" << "broadcast table: every data source holds all rows" << false;
    QTest::addRow("missing db strategy") << "nodb" << "t_messages" << "needs a database strategy" << false;
    QTest::addRow("complex") << "complex" << "t_messages" << "cannot evaluate the complex database strategy" << true;
    QTest::addRow("hint") << "hint" << "t_messages" << "cannot evaluate the hint table strategy" << true;
    QTest::addRow("undefined algorithm") << "undefined" << "t_messages" << "algorithm 'ghost' which is not defined" << false;
    QTest::addRow("class based") << "classbased" << "t_messages" << "cannot evaluate CLASS_BASED" << true;
}

void TestRouter::errors()
{
    QFETCH(QString, setup);
    QFETCH(QString, logicTable);
    QFETCH(QString, errorPart);
    QFETCH(bool, cannotEvaluate);
    ShardingConfig c = crcConfig();
    TableRule &t = c.tables.first();
    if (setup == QLatin1String("nodb"))
        t.databaseStrategy = StrategyDef{};
    if (setup == QLatin1String("complex")) {
        t.databaseStrategy.kind = StrategyKind::Complex;
        t.databaseStrategy.columns = QStringList{QStringLiteral("a"), QStringLiteral("b")};
    }
    if (setup == QLatin1String("hint"))
        t.tableStrategy.kind = StrategyKind::Hint;
    if (setup == QLatin1String("undefined"))
        t.tableStrategy.algorithmName = QStringLiteral("ghost");
    if (setup == QLatin1String("classbased"))
        c.algorithms[QStringLiteral("db_crc")].type = QStringLiteral("CLASS_BASED");
    const Router router(c);
    const RouteResult r = router.route(logicTable, ShardingValue{QStringLiteral("user1"), KeyType::Auto});
    QVERIFY(!r.ok);
    QVERIFY2(r.error.contains(errorPart), qPrintable(r.error));
    QCOMPARE(r.cannotEvaluate, cannotEvaluate);
    QCOMPARE(router.routeIndex(logicTable, "user1"), -1);
}

void TestRouter::routeAndRouteIndexAgree_data()
{
    QTest::addColumn<QString>("dbType");
    QTest::addColumn<QString>("tableType");
    QTest::addRow("crc32 / crc32") << "CRC32_MOD" << "CRC32_MOD";
    QTest::addRow("hash_mod / hash_mod") << "HASH_MOD" << "HASH_MOD";
    QTest::addRow("mod / mod") << "MOD" << "MOD";
    QTest::addRow("consistent / crc32") << "CONSISTENT_HASH" << "CRC32_MOD";
    QTest::addRow("inline / consistent") << "INLINE" << "CONSISTENT_HASH";
}

void TestRouter::routeAndRouteIndexAgree()
{
    QFETCH(QString, dbType);
    QFETCH(QString, tableType);
    ShardingConfig c = crcConfig();
    auto props = [](const QString &type) {
        QMap<QString, QString> p{{QStringLiteral("sharding-count"), QStringLiteral("4")}};
        if (type == QLatin1String("INLINE"))
            p = {{QStringLiteral("algorithm-expression"), QStringLiteral("db${Math.abs(_mid.hashCode()) % 4}")}};
        if (type == QLatin1String("CONSISTENT_HASH"))
            p = {{QStringLiteral("virtual-nodes"), QStringLiteral("50")}};
        return p;
    };
    c.algorithms[QStringLiteral("db_crc")] = algorithm(QStringLiteral("db_crc"), dbType, props(dbType));
    c.algorithms[QStringLiteral("table_crc")] = algorithm(QStringLiteral("table_crc"), tableType, props(tableType));
    const Router router(c);
    const QList<DataNode> &nodes = c.tables.first().dataNodes;
    // Every key type: HASH_MOD hashes an Integer key as a Java long, a String key as a String.
    for (const KeyType type : {KeyType::Auto, KeyType::String, KeyType::Integer}) {
        int routed = 0;
        for (int i = 0; i < 10000; ++i) {
            // Mix plain, numeric, negative, long, non-ASCII and non-numeric keys.
            QByteArray k = i % 5 == 0 ? QByteArray::number(i) : i % 5 == 1 ? QByteArray::number(-i)
                          : i % 5 == 2 ? "\xE7\x94\xA8\xE6\x88\xB7" + QByteArray::number(i)
                          : i % 5 == 3 && i % 2 ? QByteArray::number(Q_INT64_C(922337203685477580) - i) : key(i);
            const RouteResult r = router.route(QStringLiteral("t_messages"), ShardingValue{QString::fromUtf8(k), type});
            const int index = router.routeIndex(QStringLiteral("t_messages"), k, type);
            if (r.ok) {
                QVERIFY2(index >= 0, k.constData());
                QCOMPARE(nodes.at(index), r.node);
                ++routed;
            } else {
                QCOMPARE(index, -1);
            }
        }
        // MOD routes only the numeric keys; HASH_MOD and INLINE only numeric Integer keys; everything
        // else routes all keys.
        const bool numericOnly = dbType == QLatin1String("MOD") ||
                                 (type == KeyType::Integer && (dbType == QLatin1String("HASH_MOD")));
        QVERIFY2(routed == (numericOnly ? 5000 : 10000) || (dbType == QLatin1String("INLINE") && routed > 0),
                 qPrintable(QString::number(routed)));
    }
}

void TestRouter::ambiguousSuffixIsReported()
{
    ShardingConfig c;
    c.dataSources << dataSource(QStringLiteral("ds"));
    TableRule t;
    t.logicTable = QStringLiteral("t");
    for (int i = 0; i < 12; ++i)
        t.dataNodes << DataNode{QStringLiteral("ds"), QStringLiteral("t_") + QString::number(i)};
    t.tableStrategy = standard(QStringLiteral("id"), QStringLiteral("m"));
    c.tables << t;
    c.algorithms.insert(QStringLiteral("m"), algorithm(QStringLiteral("m"), QStringLiteral("MOD"),
                                                       {{QStringLiteral("sharding-count"), QStringLiteral("12")}}));
    const Router router(c);
    const RouteResult r = router.route(QStringLiteral("t"), ShardingValue{QStringLiteral("25"), KeyType::Integer});
    QVERIFY2(r.ok, qPrintable(r.error));
    QCOMPARE(r.node.toString(), QStringLiteral("ds.t_1")); // exact name, as ShardingSphere 5.1.1+
    QCOMPARE(r.ambiguous, (QStringList{QStringLiteral("t_1"), QStringLiteral("t_11")}));
    QCOMPARE(router.routeIndex(QStringLiteral("t"), "25"), 1);
    QCOMPARE(router.routeIndex(QStringLiteral("t"), "23"), 11);
}

void TestRouter::autoTableSearchesDataSources()
{
    // autoTables: ds_0.t_order_0, ds_1.t_order_1, ds_0.t_order_2, ds_1.t_order_3, MOD 4 on the table level.
    ShardingConfig c;
    TableRule t;
    t.logicTable = QStringLiteral("t_order");
    t.autoTable = true;
    for (int i = 0; i < 4; ++i)
        t.dataNodes << DataNode{QStringLiteral("ds_") + QString::number(i % 2), QStringLiteral("t_order_") + QString::number(i)};
    t.shardingStrategy = standard(QStringLiteral("order_id"), QStringLiteral("m"));
    c.tables << t;
    c.algorithms.insert(QStringLiteral("m"), algorithm(QStringLiteral("m"), QStringLiteral("MOD"),
                                                       {{QStringLiteral("sharding-count"), QStringLiteral("4")}}));
    const Router router(c);
    for (int v = 0; v < 8; ++v) {
        const RouteResult r = router.route(QStringLiteral("t_order"), ShardingValue{QString::number(v), KeyType::Integer});
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.node.table, QStringLiteral("t_order_") + QString::number(v % 4));
        QCOMPARE(r.node.dataSource, QStringLiteral("ds_") + QString::number(v % 2));
        QCOMPARE(router.routeIndex(QStringLiteral("t_order"), QByteArray::number(v)), v % 4);
    }
}

QTEST_GUILESS_MAIN(TestRouter)
#include "tst_router.moc"
