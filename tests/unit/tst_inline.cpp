#include "core/config/InlineExpression.h"

#include <QElapsedTimer>
#include <QtTest>

using namespace sp;

class TestInline final : public QObject
{
    Q_OBJECT

private slots:
    void expands_data();
    void expands();
    void longLiteralList();
    void syntaxErrors_data();
    void syntaxErrors();
    void limits_data();
    void limits();
    void exactLimitIsAllowed();
    void errorWithoutLocationHasColumn();
};

void TestInline::expands_data()
{
    QTest::addColumn<QString>("expression");
    QTest::addColumn<QStringList>("expected");

    // ShardingSphere's published InlineExpressionParser cases (inputs and expected values).
    QTest::addRow("simple strings") << QStringLiteral(" t_order_0, t_order_1 ")
                                    << QStringList{QStringLiteral("t_order_0"), QStringLiteral("t_order_1")};
    QTest::addRow("null") << QStringLiteral("t_order_${null}") << QStringList{QStringLiteral("t_order_")};
    QTest::addRow("literal") << QStringLiteral("t_order_${'xx'}") << QStringList{QStringLiteral("t_order_xx")};
    QTest::addRow("array") << QStringLiteral("t_order_${[0, 1, 2]},t_order_item_${[0, 2]}")
                           << QStringList{QStringLiteral("t_order_0"), QStringLiteral("t_order_1"),
                                          QStringLiteral("t_order_2"), QStringLiteral("t_order_item_0"),
                                          QStringLiteral("t_order_item_2")};
    QTest::addRow("range") << QStringLiteral("t_order_${0..2},t_order_item_${0..1}")
                           << QStringList{QStringLiteral("t_order_0"), QStringLiteral("t_order_1"),
                                          QStringLiteral("t_order_2"), QStringLiteral("t_order_item_0"),
                                          QStringLiteral("t_order_item_1")};
    QTest::addRow("complex") << QStringLiteral("t_${['new','old']}_order_${1..2}, t_config")
                             << QStringList{QStringLiteral("t_new_order_1"), QStringLiteral("t_new_order_2"),
                                            QStringLiteral("t_old_order_1"), QStringLiteral("t_old_order_2"),
                                            QStringLiteral("t_config")};
    QTest::addRow("calculate") << QStringLiteral("t_${[\"new${1+2}\",'old']}_order_${1..2}")
                               << QStringList{QStringLiteral("t_new3_order_1"), QStringLiteral("t_new3_order_2"),
                                              QStringLiteral("t_old_order_1"), QStringLiteral("t_old_order_2")};
    QTest::addRow("placeholder") << QStringLiteral("t_$->{[\"new$->{1+2}\",'old']}_order_$->{1..2}")
                                 << QStringList{QStringLiteral("t_new3_order_1"), QStringLiteral("t_new3_order_2"),
                                                QStringLiteral("t_old_order_1"), QStringLiteral("t_old_order_2")};

    // Ours: product order, ranges, arithmetic, quoting.
    QStringList sixteen;
    for (int db = 0; db < 4; ++db)
        for (int t = 0; t < 4; ++t)
            sixteen << QStringLiteral("db%1.t_messages_%2").arg(db).arg(t);
    QTest::addRow("leftmost slowest") << QStringLiteral("db${0..3}.t_messages_${0..3}") << sixteen;
    QTest::addRow("descending range") << QStringLiteral("t_${3..0}")
                                      << QStringList{QStringLiteral("t_3"), QStringLiteral("t_2"),
                                                     QStringLiteral("t_1"), QStringLiteral("t_0")};
    QTest::addRow("exclusive range") << QStringLiteral("t_${0..<3}")
                                     << QStringList{QStringLiteral("t_0"), QStringLiteral("t_1"), QStringLiteral("t_2")};
    QTest::addRow("empty exclusive range") << QStringLiteral("t_${2..<2}") << QStringList{};
    QTest::addRow("double-quoted list") << QStringLiteral("ds.t_${[\"x\"]}") << QStringList{QStringLiteral("ds.t_x")};
    QTest::addRow("duplicates in a list dropped") << QStringLiteral("t_${[0, 0, 1]}")
                                                  << QStringList{QStringLiteral("t_0"), QStringLiteral("t_1")};
    QTest::addRow("arithmetic") << QStringLiteral("${(1+2)*3},${10 % 3},${2-5},${-2*-3}")
                                << QStringList{QStringLiteral("9"), QStringLiteral("1"), QStringLiteral("-3"),
                                               QStringLiteral("6")};
    QTest::addRow("range bounds computed") << QStringLiteral("t_${1+1..2*2}")
                                           << QStringList{QStringLiteral("t_2"), QStringLiteral("t_3"),
                                                          QStringLiteral("t_4")};
    QTest::addRow("comma inside quotes") << QStringLiteral("a${'x,y'}b") << QStringList{QStringLiteral("ax,yb")};
    QTest::addRow("comma inside list") << QStringLiteral("a${[1,2]} , b")
                                       << QStringList{QStringLiteral("a1"), QStringLiteral("a2"), QStringLiteral("b")};
    QTest::addRow("placeholder value not trimmed") << QStringLiteral("${' x'}") << QStringList{QStringLiteral(" x")};
    QTest::addRow("empty") << QString() << QStringList{};
    QTest::addRow("blank") << QStringLiteral("   ") << QStringList{};
    QTest::addRow("trailing comma ignored") << QStringLiteral("a,b,")
                                            << QStringList{QStringLiteral("a"), QStringLiteral("b")};
    QTest::addRow("empty list gives nothing") << QStringLiteral("ds.t_${[]},x") << QStringList{QStringLiteral("x")};
    QTest::addRow("string concatenation") << QStringLiteral("${'a' + 1}") << QStringList{QStringLiteral("a1")};
}

void TestInline::expands()
{
    QFETCH(QString, expression);
    QFETCH(QStringList, expected);
    const InlineExpansion r = expandInline(expression);
    QVERIFY2(r.ok(), qPrintable(r.diagnostics.isEmpty() ? QString() : r.diagnostics.first().toString()));
    QCOMPARE(r.values, expected);
}

void TestInline::longLiteralList()
{
    QStringList parts;
    for (int i = 0; i < 1024; ++i)
        parts << QStringLiteral("ds_%1.t_user_%2").arg(i / 64).arg(i);
    const InlineExpansion r = expandInline(parts.join(QLatin1Char(',')));
    QVERIFY(r.ok());
    QCOMPARE(r.values.size(), 1024);
    QCOMPARE(r.values.first(), QStringLiteral("ds_0.t_user_0"));
    QCOMPARE(r.values.last(), QStringLiteral("ds_15.t_user_1023"));
}

void TestInline::syntaxErrors_data()
{
    QTest::addColumn<QString>("expression");
    QTest::addColumn<int>("offset"); // 0-based position of the error inside the expression

    QTest::addRow("range without end") << QStringLiteral("t_${0..}") << 7;
    QTest::addRow("never closed") << QStringLiteral("t_${0..3") << 2;
    QTest::addRow("unknown name") << QStringLiteral("t_${foo}") << 4;
    QTest::addRow("empty item") << QStringLiteral("a,,b") << 2;
    QTest::addRow("list not closed") << QStringLiteral("t_${[1,2}") << 8;
    QTest::addRow("string not closed") << QStringLiteral("t_${'abc}") << 4;
    QTest::addRow("division") << QStringLiteral("t_${4/2}") << 5;
    QTest::addRow("modulo by zero") << QStringLiteral("t_${4%0}") << 5;
    QTest::addRow("range of strings") << QStringLiteral("${'a'..'c'}") << 2;
    QTest::addRow("nested list") << QStringLiteral("${[[1]]}") << 3;
    QTest::addRow("list in a quoted string") << QStringLiteral("${\"a${[1,2]}\"}") << 4;
    QTest::addRow("decimal") << QStringLiteral("${1.5}") << 2;
    QTest::addRow("overflow") << QStringLiteral("${9223372036854775807+1}") << 21;
    QTest::addRow("deep nesting") << QStringLiteral("${") + QString(200, QLatin1Char('(')) << 2 + 64;
}

void TestInline::syntaxErrors()
{
    QFETCH(QString, expression);
    QFETCH(int, offset);
    InlineOptions options;
    options.location.file = QStringLiteral("cfg.yaml");
    options.location.line = 7;
    options.location.column = 20;
    const InlineExpansion r = expandInline(expression, options);
    QVERIFY(!r.ok());
    QVERIFY(r.values.isEmpty());
    QCOMPARE(r.diagnostics.size(), 1);
    const Diagnostic &d = r.diagnostics.first();
    QCOMPARE(d.code, QStringLiteral("inline-syntax"));
    QCOMPARE(d.severity, Severity::Error);
    QCOMPARE(d.location.file, QStringLiteral("cfg.yaml"));
    QCOMPARE(d.location.line, 7);
    QCOMPARE(d.location.column, 20 + offset);
    QVERIFY(!d.message.isEmpty());
}

void TestInline::limits_data()
{
    QTest::addColumn<QString>("expression");
    QTest::addColumn<qint64>("maxResults");

    QTest::addRow("product over the default") << QStringLiteral("db${0..999}.t_${0..999}${0..1}") << qint64(1000000);
    QTest::addRow("huge range") << QStringLiteral("t_${0..9223372036854775806}") << qint64(1000000);
    QTest::addRow("negative huge range") << QStringLiteral("t_${-9223372036854775807..9223372036854775807}")
                                         << qint64(1000000);
    QTest::addRow("sum of parts") << QStringLiteral("a${0..5999},b${0..5999}") << qint64(10000);
    QTest::addRow("product overflow") << QString(QStringLiteral("${0..999999}")).repeated(8) << qint64(1000000);
    QTest::addRow("too long") << QString(70000, QLatin1Char('a')) << qint64(1000000);
}

void TestInline::limits()
{
    QFETCH(QString, expression);
    QFETCH(qint64, maxResults);
    InlineOptions options;
    options.maxResults = maxResults;
    QElapsedTimer timer;
    timer.start();
    const InlineExpansion r = expandInline(expression, options);
    QVERIFY(timer.elapsed() < 1000);
    QVERIFY(!r.ok());
    QVERIFY(r.values.isEmpty());
    QCOMPARE(r.diagnostics.first().code, QStringLiteral("inline-too-large"));
}

void TestInline::exactLimitIsAllowed()
{
    InlineOptions options;
    options.maxResults = 10;
    QCOMPARE(expandInline(QStringLiteral("t_${0..9}"), options).values.size(), 10);
    options.maxResults = 9;
    QVERIFY(!expandInline(QStringLiteral("t_${0..9}"), options).ok());
}

void TestInline::errorWithoutLocationHasColumn()
{
    const InlineExpansion r = expandInline(QStringLiteral("x${"));
    QVERIFY(!r.ok());
    QCOMPARE(r.diagnostics.first().location.line, 0);
    QCOMPARE(r.diagnostics.first().location.column, 0);
}

QTEST_GUILESS_MAIN(TestInline)
#include "tst_inline.moc"
