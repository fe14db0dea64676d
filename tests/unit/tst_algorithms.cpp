// Sharding algorithm evaluators: MOD, HASH_MOD, INLINE, CRC32_MOD, CONSISTENT_HASH, the rest.
#include "core/routing/Algorithm.h"
#include "core/routing/HashRing.h"

#include <QtTest>

using namespace sp;

namespace {
AlgorithmDef def(const QString &type, const QString &props)
{
    AlgorithmDef d;
    d.name = QStringLiteral("alg");
    d.type = type;
    // "k=v;k=v" (a value may contain '=' but not ';')
    for (const QString &kv : props.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        const qsizetype eq = kv.indexOf(QLatin1Char('='));
        d.props.insert(kv.left(eq), kv.mid(eq + 1));
    }
    return d;
}

QStringList names(const QString &prefix, int from, int to, int width = 0)
{
    QStringList out;
    for (int i = from; i <= to; ++i)
        out << prefix + QStringLiteral("%1").arg(i, width, 10, QLatin1Char('0'));
    return out;
}

KeyType keyType(const QString &t)
{
    return t == QLatin1String("int") ? KeyType::Integer : t == QLatin1String("str") ? KeyType::String : KeyType::Auto;
}
} // namespace

class TestAlgorithms : public QObject
{
    Q_OBJECT
private slots:
    void evaluate_data();
    void evaluate();
    void consistentHashUsesRing();
    void hasSqlEquivalent_data();
    void hasSqlEquivalent();
    void inlineBounds();
};

void TestAlgorithms::evaluate_data()
{
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("props");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("keyType"); // auto, str, int
    QTest::addColumn<QStringList>("targets");
    QTest::addColumn<QString>("expected");     // target, or empty when an error is expected
    QTest::addColumn<QString>("errorPart");    // substring of the error
    QTest::addColumn<bool>("cannotEvaluate");
    QTest::addColumn<QStringList>("ambiguous");

    const QStringList t4 = names(QStringLiteral("t_"), 0, 3);
    const QStringList none;
    // MOD: new BigInteger(value).mod(count), never negative (ShardingSphere 5.x).
    QTest::addRow("mod 7") << "MOD" << "sharding-count=4" << "7" << "auto" << t4 << "t_3" << "" << false << none;
    QTest::addRow("mod negative") << "MOD" << "sharding-count=4" << "-7" << "int" << t4 << "t_1" << "" << false << none;
    QTest::addRow("mod big") << "MOD" << "sharding-count=4" << "123456789012345678901234567890" << "auto" << t4 << "t_2" << "" << false << none;
    QTest::addRow("mod non-numeric") << "MOD" << "sharding-count=4" << "abc" << "auto" << t4 << "" << "integer value, got 'abc'" << false << none;
    QTest::addRow("mod missing count") << "MOD" << "" << "7" << "auto" << t4 << "" << "sharding-count is missing" << false << none;
    QTest::addRow("mod zero count") << "MOD" << "sharding-count=0" << "7" << "auto" << t4 << "" << "sharding-count must be a positive integer" << false << none;
    QTest::addRow("mod bad count") << "MOD" << "sharding-count=four" << "7" << "auto" << t4 << "" << "sharding-count" << false << none;
    QTest::addRow("mod suffix ambiguous") << "MOD" << "sharding-count=12" << "13" << "auto" << names(QStringLiteral("t_"), 0, 11)
                                          << "t_1" << "" << false << QStringList{QStringLiteral("t_1"), QStringLiteral("t_11")};
    QTest::addRow("mod no such target") << "MOD" << "sharding-count=4" << "3" << "auto" << names(QStringLiteral("t_"), 0, 1)
                                        << "" << "no target named t_3" << false << none;
    QTest::addRow("mod padded names") << "MOD" << "sharding-count=16" << "5" << "auto" << names(QStringLiteral("t_order_"), 0, 15, 2)
                                      << "t_order_05" << "" << false
                                      << QStringList{QStringLiteral("t_order_05"), QStringLiteral("t_order_15")};
    QTest::addRow("mod zero-padding") << "MOD" << "sharding-count=16;zero-padding=true" << "17" << "auto"
                                      << names(QStringLiteral("t_"), 0, 15, 2) << "t_01" << "" << false << none;
    QTest::addRow("mod start-offset") << "MOD" << "sharding-count=4;start-offset=8" << "2023110507" << "auto" << t4 << "t_3" << "" << false << none;
    QTest::addRow("mod stop-offset") << "MOD" << "sharding-count=4;stop-offset=2" << "1799" << "auto" << t4 << "t_1" << "" << false << none;
    QTest::addRow("mod offsets too long") << "MOD" << "sharding-count=4;start-offset=3;stop-offset=2" << "1234" << "auto" << t4
                                          << "" << "too short" << false << none;

    // HASH_MOD: abs((long) hashCode) % count (values from OpenJDK 17).
    QTest::addRow("hash_mod string") << "HASH_MOD" << "sharding-count=4" << "user42" << "str" << t4 << "t_3" << "" << false << none;
    QTest::addRow("hash_mod auto is string") << "HASH_MOD" << "sharding-count=4" << "-42" << "auto" << t4 << "t_3" << "" << false << none;
    QTest::addRow("hash_mod long") << "HASH_MOD" << "sharding-count=4" << "-42" << "int" << t4 << "t_1" << "" << false << none;
    QTest::addRow("hash_mod long not numeric") << "HASH_MOD" << "sharding-count=4" << "x1" << "int" << t4 << "" << "not a 64-bit integer" << false << none;
    QTest::addRow("hash_mod missing count") << "HASH_MOD" << "" << "a" << "str" << t4 << "" << "sharding-count is missing" << false << none;

    // INLINE
    const QStringList orders = names(QStringLiteral("t_order_"), 0, 1);
    QTest::addRow("inline mod int") << "INLINE" << "algorithm-expression=t_order_${order_id % 2}" << "7" << "int" << orders << "t_order_1" << "" << false << none;
    QTest::addRow("inline mod auto digits") << "INLINE" << "algorithm-expression=t_order_${order_id % 2}" << "8" << "auto" << orders << "t_order_0" << "" << false << none;
    QTest::addRow("inline arrow") << "INLINE" << "algorithm-expression=t_order_$->{order_id % 2}" << "9" << "int" << orders << "t_order_1" << "" << false << none;
    QTest::addRow("inline negative remainder") << "INLINE" << "algorithm-expression=t_order_${order_id % 2}" << "-7" << "int" << orders
                                               << "" << "evaluates to t_order_-1 which is not a data node" << false << none;
    QTest::addRow("inline abs hashCode") << "INLINE" << "algorithm-expression=ds_${Math.abs(user_id.hashCode()) % 4}" << "user42" << "str"
                                         << names(QStringLiteral("ds_"), 0, 3) << "ds_3" << "" << false << none;
    QTest::addRow("inline abs MIN_VALUE") << "INLINE" << "algorithm-expression=ds_${Math.abs(user_id.hashCode()) % 3}" << "polygenelubricants" << "str"
                                          << names(QStringLiteral("ds_"), 0, 2) << "" << "evaluates to ds_-2" << false << none;
    QTest::addRow("inline hashCode positive") << "INLINE" << "algorithm-expression=db${_uid.hashCode() % 4}" << "hello" << "auto"
                                              << names(QStringLiteral("db"), 0, 3) << "db2" << "" << false << none;
    QTest::addRow("inline hashCode negative") << "INLINE" << "algorithm-expression=db${_uid.hashCode() % 4}" << "user42" << "auto"
                                              << names(QStringLiteral("db"), 0, 3) << "" << "evaluates to db-3" << false << none;
    QTest::addRow("inline long hashCode") << "INLINE" << "algorithm-expression=t_${id.hashCode() % 4}" << "-42" << "int"
                                          << t4 << "t_1" << "" << false << none;
    QTest::addRow("inline intdiv") << "INLINE" << "algorithm-expression=t_${order_id.intdiv(10) % 4}" << "123" << "int" << t4 << "t_0" << "" << false << none;
    QTest::addRow("inline parens unary") << "INLINE" << "algorithm-expression=t_${-(id - 10) * 1 % 4}" << "7" << "int" << t4 << "t_3" << "" << false << none;
    QTest::addRow("inline int wrap") << "INLINE" << "algorithm-expression=t_${2147483647 + 1}" << "1" << "int"
                                     << QStringList{QStringLiteral("t_-2147483648")} << "t_-2147483648" << "" << false << none;
    QTest::addRow("inline long literal") << "INLINE" << "algorithm-expression=t_${2147483647L + 1}" << "1" << "int"
                                         << QStringList{QStringLiteral("t_2147483648")} << "t_2147483648" << "" << false << none;
    QTest::addRow("inline long wrap") << "INLINE" << "algorithm-expression=t_${id + 1}" << "9223372036854775807" << "int"
                                      << QStringList{QStringLiteral("t_-9223372036854775808")} << "t_-9223372036854775808" << "" << false << none;
    QTest::addRow("inline concat") << "INLINE" << "algorithm-expression=${'t_' + (id % 2)}" << "5" << "int" << names(QStringLiteral("t_"), 0, 1) << "t_1" << "" << false << none;
    QTest::addRow("inline string column") << "INLINE" << "algorithm-expression=t_${region}" << "cn" << "str"
                                          << QStringList{QStringLiteral("t_cn"), QStringLiteral("t_us")} << "t_cn" << "" << false << none;
    QTest::addRow("inline division") << "INLINE" << "algorithm-expression=t_${id / 2}" << "5" << "int" << t4
                                     << "" << "unsupported in INLINE: '/' (Groovy division gives a decimal; use x.intdiv(y)) at column 8" << true << none;
    QTest::addRow("inline ternary") << "INLINE" << "algorithm-expression=t_${id > 5 ? 1 : 0}" << "5" << "int" << t4
                                    << "" << "unsupported in INLINE: comparison or assignment '>' at column 8" << true << none;
    QTest::addRow("inline method") << "INLINE" << "algorithm-expression=t_${id.toString()}" << "5" << "int" << t4
                                   << "" << "unsupported in INLINE: method call toString() at column 8" << true << none;
    QTest::addRow("inline closure") << "INLINE" << "algorithm-expression=t_${ {-> 1}() }" << "5" << "int" << t4
                                    << "" << "unsupported in INLINE: '{' (closure or block) at column 6" << true << none;
    QTest::addRow("inline def") << "INLINE" << "algorithm-expression=t_${def n = id; n}" << "5" << "int" << t4
                                << "" << "unsupported in INLINE: keyword 'def' at column 5" << true << none;
    QTest::addRow("inline Math.max") << "INLINE" << "algorithm-expression=t_${Math.max(id, 1)}" << "5" << "int" << t4
                                     << "" << "unsupported in INLINE: Math.max" << true << none;
    QTest::addRow("inline unknown variable") << "INLINE" << "algorithm-expression=t_${user_id % 2}" << "5" << "int" << t4
                                             << "" << "unknown variable 'user_id' (the sharding column is 'order_id')" << false << none;
    QTest::addRow("inline division by zero") << "INLINE" << "algorithm-expression=t_${order_id % 0}" << "5" << "int" << t4
                                             << "" << "division by zero" << false << none;
    QTest::addRow("inline unclosed") << "INLINE" << "algorithm-expression=t_${order_id % 2" << "5" << "int" << t4
                                     << "" << "'${' is not closed" << false << none;
    QTest::addRow("inline missing expression") << "INLINE" << "" << "5" << "int" << t4
                                               << "" << "algorithm-expression is missing" << false << none;
    QTest::addRow("inline minus on string") << "INLINE" << "algorithm-expression=t_${order_id - 1}" << "abc" << "str" << t4
                                            << "" << "unsupported in INLINE: '-' on a string" << true << none;

    // CRC32_MOD (CRC32 values from MariaDB 10.11: user1 = 2354152789, user2 = 358143215).
    QTest::addRow("crc32_mod user1") << "CRC32_MOD" << "sharding-count=4" << "user1" << "auto" << t4 << "t_1" << "" << false << none;
    QTest::addRow("crc32_mod user2") << "CRC32_MOD" << "sharding-count=4" << "user2" << "auto" << t4 << "t_3" << "" << false << none;
    QTest::addRow("crc32_mod divisor user1") << "CRC32_MOD" << "sharding-count=4;divisor=65536" << "user1" << "auto" << t4 << "t_1" << "" << false << none;
    QTest::addRow("crc32_mod divisor user2") << "CRC32_MOD" << "sharding-count=4;divisor=65536" << "user2" << "auto" << t4 << "t_0" << "" << false << none;
    QTest::addRow("crc32_mod divisor user4") << "CRC32_MOD" << "sharding-count=4;divisor=65536" << "user4" << "auto" << t4 << "t_3" << "" << false << none;
    QTest::addRow("crc32_mod 16 chinese") << "CRC32_MOD" << "sharding-count=16" << QString::fromUtf8("\xE9\xA3\x9E\xE4\xBA\xAB") << "str"
                                          << names(QStringLiteral("t_"), 0, 15) << "t_6" << "" << false << none; // 458546198 % 16
    QTest::addRow("crc32_mod missing count") << "CRC32_MOD" << "divisor=2" << "a" << "auto" << t4 << "" << "sharding-count is missing" << false << none;
    QTest::addRow("crc32_mod zero divisor") << "CRC32_MOD" << "sharding-count=4;divisor=0" << "a" << "auto" << t4 << "" << "divisor must be a positive integer" << false << none;

    QTest::addRow("consistent bad vnodes") << "CONSISTENT_HASH" << "virtual-nodes=-3" << "a" << "auto" << t4 << "" << "virtual-nodes" << false << none;
    QTest::addRow("consistent too many vnodes") << "CONSISTENT_HASH" << "virtual-nodes=99999999" << "a" << "auto" << t4 << "" << "at most" << false << none;

    // Types we do not evaluate.
    QTest::addRow("class based") << "CLASS_BASED" << "strategy=STANDARD;algorithmClassName=com.x.MyAlg" << "1" << "auto" << t4
                                 << "" << "cannot evaluate CLASS_BASED (custom Java class com.x.MyAlg" << true << none;
    QTest::addRow("auto interval") << "AUTO_INTERVAL" << "" << "1" << "auto" << t4 << "" << "cannot evaluate AUTO_INTERVAL (" << true << none;
    QTest::addRow("hint inline") << "HINT_INLINE" << "" << "1" << "auto" << t4 << "" << "cannot evaluate HINT_INLINE (" << true << none;
    QTest::addRow("unknown lower case") << "foo_bar" << "" << "1" << "auto" << t4 << "" << "cannot evaluate FOO_BAR (unknown type" << true << none;
}

void TestAlgorithms::evaluate()
{
    QFETCH(QString, type);
    QFETCH(QString, props);
    QFETCH(QString, value);
    QFETCH(QString, keyType);
    QFETCH(QStringList, targets);
    QFETCH(QString, expected);
    QFETCH(QString, errorPart);
    QFETCH(bool, cannotEvaluate);
    QFETCH(QStringList, ambiguous);

    const auto algorithm = createAlgorithm(def(type, props));
    QVERIFY(algorithm);
    const QString column = type == QLatin1String("INLINE") && props.contains(QLatin1String("_uid"))
                               ? QStringLiteral("_uid")
                           : props.contains(QLatin1String("user_id.")) ? QStringLiteral("user_id")
                           : props.contains(QLatin1String("${region")) ? QStringLiteral("region")
                           : props.contains(QLatin1String("{id")) || props.contains(QLatin1String(" id"))
                                                                       || props.contains(QLatin1String("(id"))
                               ? QStringLiteral("id")
                               : QStringLiteral("order_id");
    const AlgorithmResult r = algorithm->evaluate(column, ShardingValue{value, ::keyType(keyType)}, targets);
    if (expected.isEmpty()) {
        QVERIFY2(!r.ok, qPrintable(QStringLiteral("unexpectedly routed to ") + r.target));
        QVERIFY2(r.error.contains(errorPart), qPrintable(r.error));
    } else {
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.target, expected);
        QVERIFY(r.error.isEmpty());
    }
    QCOMPARE(r.cannotEvaluate, cannotEvaluate);
    QCOMPARE(r.ambiguous, ambiguous);
}

void TestAlgorithms::consistentHashUsesRing()
{
    const QStringList targets = names(QStringLiteral("ds"), 0, 3);
    const auto algorithm = createAlgorithm(def(QStringLiteral("CONSISTENT_HASH"), QStringLiteral("virtual-nodes=40")));
    const HashRing ring(targets, 40);
    QSet<QString> seen;
    for (int i = 0; i < 500; ++i) {
        const QString key = QStringLiteral("k") + QString::number(i);
        const AlgorithmResult r = algorithm->evaluate(QStringLiteral("c"), ShardingValue{key, KeyType::Auto}, targets);
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.target, ring.nodeFor(key.toUtf8()));
        seen.insert(r.target);
    }
    QCOMPARE(seen.size(), 4);
    // Default is 160 virtual nodes.
    const auto byDefault = createAlgorithm(def(QStringLiteral("CONSISTENT_HASH"), QString()));
    const HashRing ring160(targets, 160);
    QCOMPARE(byDefault->evaluate(QStringLiteral("c"), ShardingValue{QStringLiteral("user1"), KeyType::Auto}, targets).target,
             ring160.nodeFor("user1"));
    // No targets: an error, not a crash.
    QVERIFY(!byDefault->evaluate(QStringLiteral("c"), ShardingValue{QStringLiteral("x"), KeyType::Auto}, {}).ok);
}

void TestAlgorithms::hasSqlEquivalent_data()
{
    QTest::addColumn<QString>("type");
    QTest::addColumn<bool>("expected");
    QTest::addRow("MOD") << "MOD" << true;
    QTest::addRow("CRC32_MOD") << "CRC32_MOD" << true;
    QTest::addRow("CONSISTENT_HASH") << "CONSISTENT_HASH" << true;
    QTest::addRow("HASH_MOD") << "HASH_MOD" << false;
    QTest::addRow("INLINE") << "INLINE" << false;
    QTest::addRow("CLASS_BASED") << "CLASS_BASED" << false;
}

void TestAlgorithms::hasSqlEquivalent()
{
    QFETCH(QString, type);
    QFETCH(bool, expected);
    const auto a = createAlgorithm(def(type, QStringLiteral("sharding-count=4")));
    QCOMPARE(a->hasSqlEquivalent(), expected);
    QCOMPARE(a->type(), type);
    QCOMPARE(supportedAlgorithmTypes().contains(type), type != QLatin1String("CLASS_BASED"));
}

void TestAlgorithms::inlineBounds()
{
    const QStringList t4 = names(QStringLiteral("t_"), 0, 3);
    // Longer than 4 KiB: refused before parsing.
    const QString longExpr = QStringLiteral("t_${id % 4}") + QString(5000, QLatin1Char('x'));
    auto r = createAlgorithm(def(QStringLiteral("INLINE"), QStringLiteral("algorithm-expression=") + longExpr))
                 ->evaluate(QStringLiteral("id"), ShardingValue{QStringLiteral("1"), KeyType::Integer}, t4);
    QVERIFY(!r.ok);
    QVERIFY(r.cannotEvaluate);
    QVERIFY2(r.error.contains(QLatin1String("longer than 4096")), qPrintable(r.error));
    // 100 nested parentheses: refused.
    const QString deep = QStringLiteral("t_${") + QString(100, QLatin1Char('(')) + QStringLiteral("id")
                         + QString(100, QLatin1Char(')')) + QStringLiteral(" % 4}");
    r = createAlgorithm(def(QStringLiteral("INLINE"), QStringLiteral("algorithm-expression=") + deep))
            ->evaluate(QStringLiteral("id"), ShardingValue{QStringLiteral("1"), KeyType::Integer}, t4);
    QVERIFY(!r.ok);
    QVERIFY(r.cannotEvaluate);
    QVERIFY2(r.error.contains(QLatin1String("nested deeper than 64")), qPrintable(r.error));
    // 30 levels are fine.
    const QString ok = QStringLiteral("t_${") + QString(30, QLatin1Char('(')) + QStringLiteral("id")
                       + QString(30, QLatin1Char(')')) + QStringLiteral(" % 4}");
    r = createAlgorithm(def(QStringLiteral("INLINE"), QStringLiteral("algorithm-expression=") + ok))
            ->evaluate(QStringLiteral("id"), ShardingValue{QStringLiteral("6"), KeyType::Integer}, t4);
    QVERIFY2(r.ok, qPrintable(r.error));
    QCOMPARE(r.target, QStringLiteral("t_2"));
}

QTEST_GUILESS_MAIN(TestAlgorithms)
#include "tst_algorithms.moc"
