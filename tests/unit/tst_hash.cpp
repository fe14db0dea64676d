// Hash functions against values computed by the real systems they must match.
#include "core/routing/Algorithm.h"
#include "core/routing/Crc32Short.h"
#include "core/routing/Hash.h"

#include <QRandomGenerator>

#include <QtTest>

using namespace sp;

class TestHash : public QObject
{
    Q_OBJECT
private slots:
    void crc32_data();
    void crc32();
    void slicedCrc32MatchesZlib();
    void javaStringHashCode_data();
    void javaStringHashCode();
    void javaLongHashCode_data();
    void javaLongHashCode();
    void hashMod_data();
    void hashMod();
};

void TestHash::crc32_data()
{
    QTest::addColumn<QByteArray>("utf8Hex");
    QTest::addColumn<quint32>("expected");
    // Computed by MariaDB 10.11.19 on this machine:
    //   SELECT CRC32(CONVERT(UNHEX('<hex>') USING utf8mb4))
    QTest::addRow("empty") << QByteArray("") << quint32(0u);
    QTest::addRow("a") << QByteArray("61") << quint32(3904355907u);
    QTest::addRow("hello") << QByteArray("68656C6C6F") << quint32(907060870u);
    QTest::addRow("123456789") << QByteArray("313233343536373839") << quint32(3421780262u);
    QTest::addRow("quick brown fox")
        << QByteArray("54686520717569636B2062726F776E20666F78206A756D7073206F76657220746865206C617A7920646F67")
        << quint32(1095738169u);
    QTest::addRow("user42") << QByteArray("757365723432") << quint32(2083503798u);
    QTest::addRow("user1") << QByteArray("7573657231") << quint32(2354152789u);
    QTest::addRow("user4") << QByteArray("7573657234") << quint32(4231754202u);
    QTest::addRow("chinese 飞享") << QByteArray("E9A39EE4BAAB") << quint32(458546198u);
    QTest::addRow("emoji 😀") << QByteArray("F09F9880") << quint32(88978756u);
    QTest::addRow("mixed 用户😀") << QByteArray("E794A8E688B7F09F9880") << quint32(3424135857u);
    QTest::addRow("-42") << QByteArray("2D3432") << quint32(3156848342u);
}

void TestHash::crc32()
{
    QFETCH(QByteArray, utf8Hex);
    QFETCH(quint32, expected);
    const QByteArray bytes = QByteArray::fromHex(utf8Hex);
    QCOMPARE(hash::crc32(QByteArrayView(bytes)), expected);
    // The QStringView overload hashes the UTF-8 encoding.
    const QString text = QString::fromUtf8(bytes);
    QCOMPARE(hash::crc32(QStringView(text)), expected);
}

void TestHash::slicedCrc32MatchesZlib()
{
    // The router's inline slicing-by-8 CRC must equal zlib for every length and alignment.
    QRandomGenerator rng(12345);
    for (int len = 0; len <= 300; ++len) {
        for (int offset = 0; offset < 8; ++offset) {
            QByteArray buf(len + offset, Qt::Uninitialized);
            for (char &c : buf)
                c = char(rng.bounded(256));
            const QByteArrayView view = QByteArrayView(buf).sliced(offset);
            QCOMPARE(hash::detail::crc32Sliced(reinterpret_cast<const unsigned char *>(view.data()), size_t(view.size())),
                     hash::crc32(view));
        }
    }
}

void TestHash::javaStringHashCode_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("expected");
    // Computed with OpenJDK 17 on this machine: System.out.println(s.hashCode())
    QTest::addRow("empty") << QString() << 0;
    QTest::addRow("a") << QStringLiteral("a") << 97;
    QTest::addRow("hello") << QStringLiteral("hello") << 99162322;
    QTest::addRow("negative user42") << QStringLiteral("user42") << -836031607;
    QTest::addRow("user1") << QStringLiteral("user1") << 111578566;
    QTest::addRow("chinese 飞享") << QString::fromUtf8("\xE9\xA3\x9E\xE4\xBA\xAB") << 1233293;
    QTest::addRow("surrogate pair 😀") << QString::fromUtf8("\xF0\x9F\x98\x80") << 1772899;
    QTest::addRow("mixed 用户😀") << QString::fromUtf8("\xE7\x94\xA8\xE6\x88\xB7\xF0\x9F\x98\x80") << 919426994;
    QTest::addRow("Integer.MIN_VALUE") << QStringLiteral("polygenelubricants") << int(INT32_MIN);
    QTest::addRow("quick brown fox") << QStringLiteral("The quick brown fox jumps over the lazy dog") << -609428141;
    QTest::addRow("-42") << QStringLiteral("-42") << 44907;
    QTest::addRow("collision Aa") << QStringLiteral("Aa") << 2112;
    QTest::addRow("collision BB") << QStringLiteral("BB") << 2112;
    QTest::addRow("long wrap") << QString(64, QLatin1Char('z')) << 1582229504;
}

void TestHash::javaStringHashCode()
{
    QFETCH(QString, text);
    QFETCH(int, expected);
    QCOMPARE(hash::javaStringHashCode(text), int32_t(expected));
}

void TestHash::javaLongHashCode_data()
{
    QTest::addColumn<qint64>("value");
    QTest::addColumn<int>("expected");
    // Computed with OpenJDK 17 on this machine: Long.hashCode(v)
    QTest::addRow("0") << qint64(0) << 0;
    QTest::addRow("1") << qint64(1) << 1;
    QTest::addRow("-1") << qint64(-1) << 0;
    QTest::addRow("42") << qint64(42) << 42;
    QTest::addRow("-42") << qint64(-42) << 41;
    QTest::addRow("int max") << qint64(2147483647) << 2147483647;
    QTest::addRow("int max + 1") << qint64(2147483648LL) << int(INT32_MIN);
    QTest::addRow("int min") << qint64(-2147483648LL) << 2147483647;
    QTest::addRow("2^32") << qint64(4294967296LL) << 1;
    QTest::addRow("long max") << qint64(INT64_MAX) << int(INT32_MIN);
    QTest::addRow("long min") << qint64(INT64_MIN) << int(INT32_MIN);
    QTest::addRow("large") << qint64(1234567890123456789LL) << 1825280481;
    QTest::addRow("large negative") << qint64(-1234567890123456789LL) << 1825280480;
}

void TestHash::javaLongHashCode()
{
    QFETCH(qint64, value);
    QFETCH(int, expected);
    QCOMPARE(hash::javaLongHashCode(value), int32_t(expected));
}

void TestHash::hashMod_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("integerKey");
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("expected");
    // Computed with OpenJDK 17: Math.abs((long) v.hashCode()) % count
    QTest::addRow("user42 mod 4") << QStringLiteral("user42") << false << 4 << 3;
    QTest::addRow("user42 mod 7") << QStringLiteral("user42") << false << 7 << 5;
    QTest::addRow("hello mod 4") << QStringLiteral("hello") << false << 4 << 2;
    QTest::addRow("飞享 mod 4") << QString::fromUtf8("\xE9\xA3\x9E\xE4\xBA\xAB") << false << 4 << 1;
    QTest::addRow("😀 mod 4") << QString::fromUtf8("\xF0\x9F\x98\x80") << false << 4 << 3;
    QTest::addRow("😀 mod 7") << QString::fromUtf8("\xF0\x9F\x98\x80") << false << 7 << 2;
    // (long) before abs: Integer.MIN_VALUE gives 2147483648, not a negative remainder.
    QTest::addRow("MIN_VALUE mod 4") << QStringLiteral("polygenelubricants") << false << 4 << 0;
    QTest::addRow("MIN_VALUE mod 3") << QStringLiteral("polygenelubricants") << false << 3 << 2;
    QTest::addRow("fox mod 3") << QStringLiteral("The quick brown fox jumps over the lazy dog") << false << 3 << 2;
    QTest::addRow("string -42 mod 4") << QStringLiteral("-42") << false << 4 << 3;
    // Long keys hash with Long.hashCode.
    QTest::addRow("long -42 mod 4") << QStringLiteral("-42") << true << 4 << 1;
    QTest::addRow("long -42 mod 7") << QStringLiteral("-42") << true << 7 << 6;
    QTest::addRow("long max mod 3") << QStringLiteral("9223372036854775807") << true << 3 << 2;
    QTest::addRow("long -1234567890123456789 mod 7") << QStringLiteral("-1234567890123456789") << true << 7 << 2;
}

void TestHash::hashMod()
{
    QFETCH(QString, text);
    QFETCH(bool, integerKey);
    QFETCH(int, count);
    QFETCH(int, expected);
    AlgorithmDef def;
    def.name = QStringLiteral("h");
    def.type = QStringLiteral("HASH_MOD");
    def.props.insert(QStringLiteral("sharding-count"), QString::number(count));
    const auto algorithm = createAlgorithm(def);
    QStringList targets;
    for (int i = 0; i < count; ++i)
        targets << QStringLiteral("t_") + QString::number(i);
    const AlgorithmResult r = algorithm->evaluate(
        QStringLiteral("k"), ShardingValue{text, integerKey ? KeyType::Integer : KeyType::String}, targets);
    QVERIFY2(r.ok, qPrintable(r.error));
    QCOMPARE(r.target, QStringLiteral("t_") + QString::number(expected));
}

QTEST_GUILESS_MAIN(TestHash)
#include "tst_hash.moc"
