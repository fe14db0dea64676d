// Keys of any type (KeySql), exact row forms (ExactRows) and the row hash (RowHash), without a server:
// the SQL they build and the values they keep. The servers' side of it is integration.migrate_fidelity.
#include "core/migration/ExactLoad.h"
#include "core/migration/ExactRows.h"
#include "core/migration/KeySql.h"
#include "core/migration/RowHash.h"

#include <QRandomGenerator>
#include <QTest>

#include <cmath>
#include <cstring>
#include <limits>

using namespace sp;
using namespace sp::migration;

namespace {

ColumnInfo col(const QString &name, ColumnKind kind, const QString &charset = {}, const QString &collation = {})
{
    ColumnInfo c;
    c.name = name;
    c.kind = kind;
    c.charset = charset;
    c.collation = collation;
    return c;
}

TableInfo table(const QList<ColumnInfo> &cols, const QList<int> &pk)
{
    TableInfo t;
    for (const ColumnInfo &c : cols) {
        t.columns.append(c.name);
        t.cols.append(c);
    }
    t.pk = pk;
    return t;
}

} // namespace

class TestKeySql : public QObject
{
    Q_OBJECT

private slots:
    // LOAD DATA's input (ExactLoad): every byte string comes out escaped as a plain byte loop written here
    // escapes it, and reads back to the same bytes. The escaper looks at 8 bytes at a time: the
    // special bytes are put at every offset of strings around that width, then random ones.
    void loadRowEscapesEveryByte()
    {
        const auto reference = [](const QByteArray &b) {
            QByteArray o;
            for (char c : b) {
                if (c == '\\' || c == '\t' || c == '\n' || c == '\0') {
                    o.append('\\');
                    o.append(c == '\t' ? 't' : c == '\n' ? 'n' : c == '\0' ? '0' : '\\');
                } else {
                    o.append(c);
                }
            }
            return o;
        };
        const auto unescape = [](QByteArrayView f) {
            QByteArray o;
            for (qsizetype i = 0; i < f.size(); ++i) {
                if (f[i] != '\\' || i + 1 == f.size()) {
                    o.append(f[i]);
                    continue;
                }
                const char c = f[++i];
                o.append(c == 't' ? '\t' : c == 'n' ? '\n' : c == '0' ? '\0' : c);
            }
            return o;
        };
        QList<QByteArray> inputs;
        const QByteArray specials("\\\t\n\0\x5b\x5d\x08\x0b\xdc", 9); // escaped ones and their neighbours
        for (int len = 0; len <= 26; ++len)
            for (int at = 0; at < len; ++at)
                for (char sp : specials) {
                    QByteArray b(len, 'a');
                    b[at] = sp;
                    inputs.append(b);
                }
        QRandomGenerator rng(24);
        for (int n = 0; n < 3000; ++n) {
            QByteArray b(int(rng.bounded(70)), Qt::Uninitialized);
            for (char &c : b)
                c = rng.bounded(4) == 0 ? specials.at(int(rng.bounded(int(specials.size())))) : char(rng.bounded(256));
            inputs.append(b);
        }
        for (const QByteArray &b : std::as_const(inputs)) {
            QByteArray line;
            QString why;
            QVERIFY2(appendExactLoadRow({QVariant(b), QVariant(), QVariant(QString::fromLatin1(b.toHex()))}, &line, &why),
                     qPrintable(why));
            QCOMPARE(line, reference(b) + "\t\\N\t" + b.toHex() + '\n');
            QCOMPARE(unescape(QByteArrayView(line).first(line.indexOf("\t\\N\t"))), b);
        }
    }
    void literals_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QVariant>("value");
        QTest::addColumn<QString>("literal");
        QTest::addRow("int") << int(ColumnKind::Int) << QVariant(qlonglong(-17)) << QStringLiteral("-17");
        QTest::addRow("uint above 2^63") << int(ColumnKind::UInt) << QVariant(qulonglong(18446744073709551615ULL))
                                         << QStringLiteral("18446744073709551615");
        QTest::addRow("float exact") << int(ColumnKind::Float) << QVariant(1.2345670461654663f)
                                     << QStringLiteral("1.2345670461654663e+00");
        QTest::addRow("FLT_MAX not widened") << int(ColumnKind::Float) << QVariant(std::numeric_limits<float>::max())
                                             << QStringLiteral("3.4028234663852886e+38");
        QTest::addRow("decimal digits") << int(ColumnKind::Decimal) << QVariant(QStringLiteral("-12.50")) << QStringLiteral("-12.50");
        QTest::addRow("datetime") << int(ColumnKind::DateTime) << QVariant(QStringLiteral("2024-01-01 00:00:00.000037"))
                                  << QStringLiteral("CAST('2024-01-01 00:00:00.000037' AS DATETIME(6))");
        QTest::addRow("time") << int(ColumnKind::Time) << QVariant(QStringLiteral("-838:59:59.000000"))
                              << QStringLiteral("CAST('-838:59:59.000000' AS TIME(6))");
        QTest::addRow("enum index") << int(ColumnKind::Enum) << QVariant(qulonglong(2)) << QStringLiteral("2");
        QTest::addRow("binary with zeros") << int(ColumnKind::Binary) << QVariant(QByteArray("\x01\x00\x00", 3))
                                           << QStringLiteral("X'010000'");
    }
    void literals()
    {
        QFETCH(int, kind);
        QFETCH(QVariant, value);
        QFETCH(QString, literal);
        QCOMPARE(keyLiteral(col(QStringLiteral("c"), ColumnKind(kind)), value), literal);
    }

    void textLiteralCarriesItsCollation()
    {
        const ColumnInfo c = col(QStringLiteral("pk"), ColumnKind::Text, QStringLiteral("gbk"), QStringLiteral("gbk_chinese_ci"));
        QCOMPARE(keyLiteral(c, QVariant(QByteArray("\xC4\xE3"))), QStringLiteral("_gbk X'c4e3' COLLATE gbk_chinese_ci"));
    }

    void compositeCompareIsSpelledOut()
    {
        const TableInfo t = table({col(QStringLiteral("a"), ColumnKind::Int), col(QStringLiteral("b"), ColumnKind::Int)}, {0, 1});
        const Key k{QVariant(qlonglong(3)), QVariant(qlonglong(17))};
        QCOMPARE(keyCompare(t, k, ">"), QStringLiteral("((`a` > 3) OR (`a` = 3 AND `b` > 17))"));
        QCOMPARE(keyCompare(t, k, "<="), QStringLiteral("((`a` < 3) OR (`a` = 3 AND `b` < 17) OR (`a` = 3 AND `b` = 17))"));
        QCOMPARE(keyEquals(t, k), QStringLiteral("`a` = 3 AND `b` = 17"));
        QCOMPARE(keyIn(t, {k, Key{QVariant(qlonglong(4)), QVariant(qlonglong(1))}}), QStringLiteral("(`a`,`b`) IN ((3,17),(4,1))"));
        const TableInfo one = table({col(QStringLiteral("id"), ColumnKind::UInt)}, {0});
        QCOMPARE(keyCompare(one, Key{QVariant(qulonglong(5))}, ">"), QStringLiteral("`id` > 5"));
    }

    void encodedKeysComeBackExact()
    {
        float negZero = -0.0f;
        const double sub = 4.9406564584124654e-324;
        const Key k{QVariant(qlonglong(-9)), QVariant(qulonglong(18446744073709551615ULL)), QVariant(negZero),
                    QVariant(sub), QVariant(QByteArray("a\0b'\"", 5)), QVariant(QStringLiteral("2024-01-01 10:00:00.5"))};
        const auto back = decodeKey(encodeKey(k));
        QVERIFY(back);
        QCOMPARE(back->size(), k.size());
        QCOMPARE(back->at(0).toLongLong(), -9);
        QCOMPARE(back->at(1).toULongLong(), 18446744073709551615ULL);
        QCOMPARE(back->at(2).typeId(), int(QMetaType::Float));
        QVERIFY(std::signbit(back->at(2).toFloat()));
        QCOMPARE(back->at(3).toDouble(), sub);
        QCOMPARE(back->at(4).toByteArray(), QByteArray("a\0b'\"", 5));
        QCOMPARE(back->at(5).toString(), QStringLiteral("2024-01-01 10:00:00.5"));
        QCOMPARE(keyId(*back), keyId(k));
        // Checkpoints of earlier versions: integers.
        const auto legacy = decodeKey(QStringLiteral("3,17"));
        QVERIFY(legacy);
        QCOMPARE(legacy->at(1).toLongLong(), 17);
        QVERIFY(!decodeKey(QStringLiteral("[\"q:1\"]")));
        QVERIFY(!decodeKey(QStringLiteral("3,x")));
    }

    void identityIsByteExact()
    {
        QVERIFY(keyId(Key{QVariant(QByteArray("a"))}) != keyId(Key{QVariant(QByteArray("A"))}));
        QVERIFY(keyId(Key{QVariant(QByteArray("a\0", 2))}) != keyId(Key{QVariant(QByteArray("a"))}));
        QCOMPARE(keyId(Key{QVariant(qlonglong(5))}), keyId(Key{QVariant(qulonglong(5))}));
        // Two values must not run into each other.
        QVERIFY(keyId(Key{QVariant(QByteArray("ab")), QVariant(QByteArray("c"))}) !=
                keyId(Key{QVariant(QByteArray("a")), QVariant(QByteArray("bc"))}));
    }

    void integerKeysOrderedHere()
    {
        const TableInfo t = table({col(QStringLiteral("id"), ColumnKind::UInt)}, {0});
        const KeyOrder o(t);
        QVERIFY(o.clientSide());
        QCOMPARE(o.compare(Key{QVariant(qulonglong(9223372036854775808ULL))}, Key{QVariant(qlonglong(1))}), 1);
        QCOMPARE(o.compare(Key{QVariant(qlonglong(-1))}, Key{QVariant(qulonglong(0))}), -1);
        const TableInfo s = table({col(QStringLiteral("pk"), ColumnKind::Text, QStringLiteral("utf8mb4"), QStringLiteral("utf8mb4_general_ci"))}, {0});
        QVERIFY(!KeyOrder(s).clientSide()); // a collation decides: the server orders it
    }

    void exactFormsAndHash()
    {
        ColumnInfo f = col(QStringLiteral("f"), ColumnKind::Float), e = col(QStringLiteral("e"), ColumnKind::Set),
                   g = col(QStringLiteral("g"), ColumnKind::Text, QStringLiteral("gbk"), QStringLiteral("gbk_chinese_ci")),
                   u = col(QStringLiteral("u"), ColumnKind::Binary);
        u.dataType = QStringLiteral("uuid");
        ColumnInfo gen = col(QStringLiteral("gv"), ColumnKind::Int);
        gen.generated = true;
        const TableInfo t = table({col(QStringLiteral("id"), ColumnKind::Int), f, e, g, u, gen}, {0});
        QCOMPARE(exactSelectList(t), QStringLiteral("`id`,CAST(`f` AS DOUBLE),CAST(`e`+0 AS UNSIGNED),`g`,CAST(`u` AS BINARY),`gv`"));
        QCOMPARE(writableColumns(t), QStringList({QStringLiteral("id"), QStringLiteral("f"), QStringLiteral("e"),
                                                  QStringLiteral("g"), QStringLiteral("u")}));
        const QString row = rowSql(t);
        QVERIFY2(row.startsWith(QLatin1String("CONCAT_WS(_binary'#' COLLATE `binary`,")), qPrintable(row)); // no charset conversion
        QVERIFY2(row.contains(QLatin1String("LENGTH(`g`)")), qPrintable(row));         // bytes with their length
        QVERIFY2(row.contains(QLatin1String("CAST(`f` AS DOUBLE)")), qPrintable(row));  // no 6-digit FLOAT text
        QVERIFY2(row.contains(QLatin1String("`gv`")), qPrintable(row));                  // generated: compared
        QVERIFY(rowHashSql(t, RowHashKind::Strong).contains(QLatin1String("SHA2(")));
        QVERIFY(rowHashSql(t).startsWith(QLatin1String("CRC32(")));

        QList<QVariant> r{QVariant(qlonglong(1)), QVariant(1.2345670461654663), QVariant(qlonglong(-1)),
                          QVariant(QByteArray("\xC4\xE3")), QVariant(QByteArray(16, '\x01')), QVariant(qlonglong(2))};
        QString why;
        QVERIFY2(normalizeExactRow(t, &r, &why), qPrintable(why));
        QCOMPARE(r.at(1).typeId(), int(QMetaType::Float));
        QCOMPARE(r.at(1).toFloat(), 1.2345670461654663f);
        QCOMPARE(r.at(2).toULongLong(), std::numeric_limits<quint64>::max()); // a 64-member SET
        QCOMPARE(writableValues(t, r).size(), 5);
        QList<QVariant> notFloat{QVariant(qlonglong(1)), QVariant(0.1), QVariant(), QVariant(QByteArray()), QVariant(), QVariant()};
        QVERIFY(!normalizeExactRow(t, &notFloat, &why)); // 0.1 as a double is no FLOAT value: refused, not rounded
        QList<QVariant> text{QVariant(qlonglong(1)), QVariant(), QVariant(), QVariant(QStringLiteral("x")), QVariant(), QVariant()};
        QVERIFY(!normalizeExactRow(t, &text, &why)); // text read through a conversion
    }

    void decimalSums()
    {
        QCOMPARE(addDecimal(QStringLiteral("18446744073709551615"), QStringLiteral("18446744073709551615")),
                 QStringLiteral("36893488147419103230"));
        QCOMPARE(addDecimal(QStringLiteral("0"), QStringLiteral("0")), QStringLiteral("0"));
        QCOMPARE(addDecimal(QStringLiteral("007"), QStringLiteral("0")), QStringLiteral("7"));
        QCOMPARE(addDecimal(QStringLiteral("999"), QStringLiteral("1")), QStringLiteral("1000"));
    }
};

QTEST_GUILESS_MAIN(TestKeySql)
#include "tst_keysql.moc"
