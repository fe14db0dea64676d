// Plans for MOD configs with start-offset / stop-offset, and negative keys: the planner must move the
// rows the router moves (it once read MOD as value % count, ignored the offsets, and its SQL missed
// negative values, whose BigInteger remainder is positive).
#include "core/config/ConfigLoader.h"
#include "core/planning/ExpansionStrategy.h"
#include "core/planning/MovePredicate.h"
#include "core/routing/Router.h"

#include <QRandomGenerator64>
#include <QtTest>

using namespace sp;
using namespace sp::planning;

namespace {

// Two data sources x two tables, both levels MOD on order_id with the given extra props.
QByteArray modConfig(const QByteArray &dbProps, const QByteArray &tableProps)
{
    return QByteArray("dataSources:\n"
                      "  ds_0:\n"
                      "    url: jdbc:mysql://127.0.0.1:3306/shop_0\n"
                      "  ds_1:\n"
                      "    url: jdbc:mysql://127.0.0.1:3306/shop_1\n"
                      "rules:\n"
                      "  - !SHARDING\n"
                      "    tables:\n"
                      "      t_order:\n"
                      "        actualDataNodes: ds_${0..1}.t_order_${0..1}\n"
                      "        databaseStrategy:\n"
                      "          standard:\n"
                      "            shardingColumn: order_id\n"
                      "            shardingAlgorithmName: db-mod\n"
                      "        tableStrategy:\n"
                      "          standard:\n"
                      "            shardingColumn: order_id\n"
                      "            shardingAlgorithmName: table-mod\n"
                      "    shardingAlgorithms:\n"
                      "      db-mod:\n"
                      "        type: MOD\n"
                      "        props:\n"
                      "          sharding-count: 2\n") +
           dbProps +
           "      table-mod:\n"
           "        type: MOD\n"
           "        props:\n"
           "          sharding-count: 2\n" +
           tableProps;
}

const MovePair *pairFor(const TablePlan &t, const DataNode &src, const DataNode &dst)
{
    for (const MovePair &p : t.pairs)
        if (p.source == src && p.target == dst)
            return &p;
    return nullptr;
}

} // namespace

class TestPlanOffsets final : public QObject
{
    Q_OBJECT
private slots:
    void plansMoveWhatTheRouterMoves_data();
    void plansMoveWhatTheRouterMoves();
    void valueTermsUseTheNonNegativeRemainder();
    void bigTextKeysAreExact();
};

void TestPlanOffsets::plansMoveWhatTheRouterMoves_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("strategy");
    QTest::addColumn<int>("to");
    const QByteArray stop1 = "          stop-offset: 1\n";
    const QByteArray start2 = "          start-offset: 2\n";
    const QByteArray both = "          start-offset: 1\n          stop-offset: 2\n";
    QTest::addRow("mod-double, stop-offset on both levels")
        << modConfig(stop1, stop1) << int(StrategyId::ModDouble) << 0;
    QTest::addRow("mod-double, stop-offset on the database level")
        << modConfig(stop1, {}) << int(StrategyId::ModDouble) << 0;
    QTest::addRow("remap 2->3, start-offset on the table level")
        << modConfig({}, start2) << int(StrategyId::Remap) << 3;
    QTest::addRow("remap 2->4, both offsets, different per level")
        << modConfig(both, stop1) << int(StrategyId::Remap) << 4;
    QTest::addRow("no offsets (unchanged behaviour)") << modConfig({}, {}) << int(StrategyId::ModDouble) << 0;
}

// Numeric keys routed through sp::Router on the old and the new config: each (source -> target)
// flow has a pair whose share is the observed fraction of the source's keys, no pair claims a flow
// that does not happen, and an SQL predicate selects exactly the keys that take its flow.
void TestPlanOffsets::plansMoveWhatTheRouterMoves()
{
    QFETCH(QByteArray, text);
    QFETCH(int, strategy);
    QFETCH(int, to);
    PlanInput in;
    in.configPath = QStringLiteral("mod.yaml");
    in.configText = text;
    const LoadResult loaded = ConfigLoader::loadText(text, in.configPath);
    QVERIFY(loaded.ok());
    in.config = loaded.config;
    in.request.strategy = StrategyId(strategy);
    in.request.toCount = to;
    const PlanOutcome out = makePlan(in);
    QVERIFY2(out.plan, qPrintable(out.error));
    const LoadResult next =
        ConfigLoader::loadText(out.plan->newConfigText.toUtf8(), QStringLiteral("new.yaml"));
    QVERIFY(next.ok());
    const Router oldR(in.config), newR(next.config);
    const TablePlan *t = nullptr;
    for (const TablePlan &p : out.plan->tables)
        if (p.logicTable == QLatin1String("t_order"))
            t = &p;
    QVERIFY(t);

    QMap<DataNode, int> fromSource;
    QMap<QPair<DataNode, DataNode>, int> flows;
    QRandomGenerator64 rng(7);
    const int keys = 40000;
    for (int i = 0; i < keys; ++i) {
        const qint64 magnitude = qint64(100000 + rng.bounded(quint64(1) << 40));
        const QString k =
            QString::number(i % 4 == 0 ? -magnitude : magnitude); // MOD's remainder is never negative
        const RouteResult a = oldR.route(t->logicTable, {k, KeyType::Integer});
        const RouteResult b = newR.route(t->logicTable, {k, KeyType::Integer});
        QVERIFY2(a.ok && b.ok, qPrintable(k + QLatin1Char(' ') + a.error + b.error));
        ++fromSource[a.node];
        if (a.node != b.node)
            ++flows[qMakePair(a.node, b.node)];
        for (const MovePair &p : t->pairs) {
            if (p.source != a.node || p.predicate.kind != MovePredicate::Kind::Sql)
                continue;
            const auto m = p.predicate.matches(k);
            QVERIFY(m.has_value());
            QVERIFY2(*m == (b.node == p.target),
                     qPrintable(QStringLiteral("%1: %2 -> %3 selected by %4 -> %5 (%6)")
                                    .arg(k, a.node.toString(), b.node.toString(), p.source.toString(),
                                         p.target.toString(), p.predicate.sql())));
        }
    }
    for (auto it = flows.cbegin(); it != flows.cend(); ++it) {
        const MovePair *p = pairFor(*t, it.key().first, it.key().second);
        QVERIFY2(p,
                 qPrintable(it.key().first.toString() + QStringLiteral(" -> ") + it.key().second.toString()));
        const double observed = double(it.value()) / fromSource.value(it.key().first);
        QVERIFY2(qAbs(observed - p->share) < 0.03,
                 qPrintable(QStringLiteral("%1 -> %2: observed %3, planned %4")
                                .arg(p->source.toString(), p->target.toString())
                                .arg(observed)
                                .arg(p->share)));
    }
    for (const MovePair &p : t->pairs)
        QVERIFY2(p.share < 0.01 || flows.contains(qMakePair(p.source, p.target)),
                 qPrintable(QStringLiteral("planned %1 -> %2 (%3) never happens")
                                .arg(p.source.toString(), p.target.toString())
                                .arg(p.share)));
}

// MOD's remainder is BigInteger.mod (never negative), SQL's % keeps the sign: the value term
// states the former in SQL (in DECIMAL, of integer text only: bigTextKeysAreExact) and in C++.
void TestPlanOffsets::valueTermsUseTheNonNegativeRemainder()
{
    HashTerm t;
    t.column = QStringLiteral("k");
    t.input = HashInput::Value;
    t.modulus = 4;
    t.lo = t.hi = 2;
    QCOMPARE(t.sql(), QStringLiteral("(CASE WHEN `k` REGEXP '^[-+]?0*[0-9]{1,65}$' AND ASCII(RIGHT(`k`, 1)) BETWEEN 48 AND 57 "
                                     "THEN (CAST(`k` AS DECIMAL(65,0)) % 4 + 4) % 4 END) = 2"));
    MovePredicate p;
    p.terms << t;
    for (const auto &[key, expected] : {std::pair{"6", true}, std::pair{"-6", true}, std::pair{"-2", true},
                                        std::pair{"-1", false}, std::pair{"2", true}, std::pair{"0", false}})
        QCOMPARE(p.matches(QString::fromLatin1(key)), std::optional<bool>(expected));
}

// Keys the application keeps as text (snowflake ids in VARCHAR) reach past 2^53, where the server
// compares a string with a number through DOUBLE: the SQL of a MOD predicate computes the remainder
// in DECIMAL(65,0), and only of text the router reads as an integer (optional sign, ASCII digits);
// the C++ evaluation reads any number of digits as the router does. Keys around 2^53, 2^63 and 2^64,
// negative, with a sign or leading zeros, and text the router refuses.
void TestPlanOffsets::bigTextKeysAreExact()
{
    PlanInput in;
    in.configPath = QStringLiteral("mod.yaml");
    in.configText = modConfig({}, {});
    const LoadResult loaded = ConfigLoader::loadText(in.configText, in.configPath);
    QVERIFY(loaded.ok());
    in.config = loaded.config;
    in.request.strategy = StrategyId::ModDouble;
    const PlanOutcome out = makePlan(in);
    QVERIFY2(out.plan, qPrintable(out.error));
    const LoadResult next = ConfigLoader::loadText(out.plan->newConfigText.toUtf8(), QStringLiteral("new.yaml"));
    QVERIFY(next.ok());
    const Router oldR(in.config), newR(next.config);
    const TablePlan &t = out.plan->tables.first();
    QVERIFY(!t.pairs.isEmpty());
    for (const MovePair &p : t.pairs) {
        QVERIFY2(p.predicate.sql().contains(QLatin1String("CAST(`order_id` AS DECIMAL(65,0))")), qPrintable(p.predicate.sql()));
        QVERIFY2(p.predicate.sql().contains(QLatin1String("REGEXP")), qPrintable(p.predicate.sql()));
    }
    QStringList keys;
    for (const char *base : {"9007199254740992", "9223372036854775808", "18446744073709551616",
                             "1000000000000000000000000000000"})
        for (int d = -3; d <= 3; ++d) {
            // base + d by digits (the bases end in ...92, ...08, ...16, ...00: no carry past the last two)
            QString k = QString::fromLatin1(base);
            const int tail = k.right(2).toInt() + d;
            if (tail < 0)
                continue;
            k = k.left(k.size() - 2) + QStringLiteral("%1").arg(tail, 2, 10, QLatin1Char('0'));
            keys << k << QLatin1Char('-') + k;
        }
    keys << QStringLiteral("+9007199254740993") << QStringLiteral("0009007199254740993") << QStringLiteral("-0")
         << QStringLiteral("7") << QStringLiteral("abc") << QStringLiteral("12a") << QStringLiteral(" 12")
         << QStringLiteral("12 ") << QStringLiteral("12\n") << QStringLiteral("") << QStringLiteral("+")
         << QStringLiteral("1e5") << QStringLiteral("1.0") << QString::fromUtf8("\xef\xbc\x91\xef\xbc\x92");
    int routed = 0;
    for (const QString &k : std::as_const(keys)) {
        const RouteResult a = oldR.route(t.logicTable, {k, KeyType::String});
        const RouteResult b = newR.route(t.logicTable, {k, KeyType::String});
        for (const MovePair &p : t.pairs) {
            const auto m = p.predicate.matches(k);
            if (!a.ok || !b.ok) { // the router cannot place it: no pair claims it
                QVERIFY2(!m.value_or(false), qPrintable(QStringLiteral("'%1' is claimed by %2").arg(k, p.predicate.sql())));
                continue;
            }
            if (p.source != a.node)
                continue;
            QVERIFY2(m.has_value(), qPrintable(k));
            QVERIFY2(*m == (b.node == p.target), qPrintable(QStringLiteral("%1: %2 -> %3 selected by %4 -> %5")
                                                                 .arg(k, a.node.toString(), b.node.toString(),
                                                                      p.source.toString(), p.target.toString())));
        }
        routed += a.ok && b.ok ? 1 : 0;
    }
    QVERIFY2(routed >= 50, qPrintable(QString::number(routed)));
}

QTEST_GUILESS_MAIN(TestPlanOffsets)
#include "tst_planoffsets.moc"
