// BinlogDecoder on hand-made events: the v2 row events MySQL writes (MariaDB writes v1, covered by
// integration.binlog against a real server), DECIMAL bytes worked out by hand, and the loud failures.
#include "core/cluster/BinlogDecoder.h"

#include <QtTest>

using namespace sp;

namespace {

enum : int
{
    TableMap = 19,
    WriteV2 = 30,
    UpdateV2 = 31,
    DeleteV2 = 32,
    WriteV1 = 23
};

QByteArray header(int type)
{
    QByteArray h(19, '\0');
    h[4] = char(type);
    return h;
}

QByteArray le(quint64 v, int n)
{
    QByteArray out;
    for (int i = 0; i < n; ++i)
        out.append(char((v >> (8 * i)) & 0xFF));
    return out;
}

QByteArray lenStr(const QByteArray &s)
{
    return char(s.size()) + s;
}

// TABLE_MAP of db.t (id INT, name VARCHAR(80) utf8mb4, price DECIMAL(10,2)), table id 42.
// `last`: the type of a fourth column (0: none), e.g. 254 with meta for an ENUM.
QByteArray tableMap(bool withNames = true, int extraType = 0, QByteArray extraMeta = {})
{
    const int columns = extraType ? 4 : 3;
    QByteArray b = header(TableMap) + le(42, 6) + le(0, 2);
    b += lenStr("db") + '\0' + lenStr("t") + '\0';
    b += char(columns);
    b += char(3) + QByteArray(1, char(15)) + QByteArray(1, char(246));
    if (extraType)
        b += char(extraType);
    const QByteArray meta = le(80, 2) + QByteArray("\x0a\x02", 2) + extraMeta;
    b += char(meta.size()) + meta;
    b += char(0x06);                    // nullable: name, price
    b += QByteArray("\x01\x01\x00", 3); // SIGNEDNESS: id, price signed
    b += QByteArray("\x02\x01\x2d", 3); // DEFAULT_CHARSET 45 (utf8mb4_general_ci)
    if (withNames) {
        QByteArray names = lenStr("id") + lenStr("name") + lenStr("price");
        if (extraType)
            names += lenStr("e");
        b += char(4) + QByteArray(1, char(names.size())) + names;
    }
    b += QByteArray("\x08\x01\x00", 3); // SIMPLE_PRIMARY_KEY: column 0
    return b;
}

const QByteArray kPos = QByteArray("\x80\x00\x04\xd2\x38", 5); // DECIMAL(10,2) 1234.56
const QByteArray kNeg = QByteArray("\x7f\xff\xfb\x2d\xc7", 5); // -1234.56

QByteArray rowFull(qint32 id, const QByteArray &name, const QByteArray &price)
{
    return QByteArray(1, '\0') + le(quint32(id), 4) + lenStr(name) + price;
}

QByteArray rowIdOnly(qint32 id)
{
    return QByteArray(1, char(0x06)) + le(quint32(id), 4);
}

QByteArray rowsEvent(int type, const QByteArray &rows, char present = 0x07, int columns = 3)
{
    QByteArray b = header(type) + le(42, 6) + le(0, 2);
    if (type >= 30)
        b += le(2, 2); // v2: extra-data length counts itself
    b += char(columns) + QByteArray(1, present);
    if (type == UpdateV2 || type == 24)
        b += QByteArray(1, present);
    return b + rows;
}

} // namespace

class TestBinlogDecoder final : public QObject
{
    Q_OBJECT

private slots:
    void tableMapGivesNamesTypesAndKey()
    {
        BinlogDecoder d;
        QString error;
        QVERIFY2(d.addTableMap(tableMap(), 8, &error), qPrintable(error));
        const auto t = d.table(42);
        QVERIFY(t);
        QCOMPARE(t->qualifiedName(), QStringLiteral("db.t"));
        QCOMPARE(t->columns.size(), 3);
        QCOMPARE(t->columns.at(1).name, QStringLiteral("name"));
        QCOMPARE(t->columns.at(1).typeName, QStringLiteral("varchar"));
        QCOMPARE(t->columns.at(1).collation, 45);
        QCOMPARE(t->columns.at(2).meta, quint16(0x0a02));
        QVERIFY(!t->columns.at(0).nullable);
        QVERIFY(t->columns.at(2).nullable);
        QCOMPARE(t->primaryKey, QList<int>{0});
    }

    void v2WriteUpdateDelete()
    {
        BinlogDecoder d;
        QString error;
        QVERIFY(d.addTableMap(tableMap(), 8, &error));

        BinlogEvent e;
        const QByteArray name = QStringLiteral("héllo 飞").toUtf8();
        QCOMPARE(d.decodeRows(rowsEvent(WriteV2, rowFull(-5, name, kPos) + rowIdOnly(7)), 10, &e, &error),
                 BinlogDecoder::Outcome::Decoded);
        QCOMPARE(e.change, RowChange::Insert);
        QCOMPARE(e.rows.size(), 2);
        QCOMPARE(e.rows.at(0).after.at(0), QVariant(qlonglong(-5)));
        QCOMPARE(e.rows.at(0).after.at(1).toString(), QStringLiteral("héllo 飞"));
        QCOMPARE(e.rows.at(0).after.at(2).toString(), QStringLiteral("1234.56"));
        QVERIFY(!e.rows.at(1).after.at(1).isValid()); // NULL
        QVERIFY(!e.rows.at(1).after.at(2).isValid());
        QVERIFY(e.rows.at(0).before.isEmpty());

        QCOMPARE(
            d.decodeRows(rowsEvent(UpdateV2, rowFull(1, "a", kPos) + rowFull(1, "", kNeg)), 10, &e, &error),
            BinlogDecoder::Outcome::Decoded);
        QCOMPARE(e.change, RowChange::Update);
        QCOMPARE(e.rows.size(), 1);
        QCOMPARE(e.rows.at(0).before.at(1).toString(), QStringLiteral("a"));
        QVERIFY(e.rows.at(0).after.at(1).isValid()); // '' is not NULL
        QCOMPARE(e.rows.at(0).after.at(1).toString(), QString());
        QCOMPARE(e.rows.at(0).after.at(2).toString(), QStringLiteral("-1234.56"));

        QCOMPARE(d.decodeRows(rowsEvent(DeleteV2, rowIdOnly(9)), 10, &e, &error),
                 BinlogDecoder::Outcome::Decoded);
        QCOMPARE(e.change, RowChange::Delete);
        QCOMPARE(e.rows.at(0).before.at(0), QVariant(qlonglong(9)));
        QVERIFY(e.rows.at(0).after.isEmpty());

        // v1 (what MariaDB writes) reads the same rows
        QCOMPARE(d.decodeRows(rowsEvent(WriteV1, rowIdOnly(3)), 8, &e, &error),
                 BinlogDecoder::Outcome::Decoded);
        QCOMPARE(e.rows.at(0).after.at(0), QVariant(qlonglong(3)));
    }

    void failsLoudly_data()
    {
        QTest::addColumn<QByteArray>("map");
        QTest::addColumn<QByteArray>("rows");
        QTest::addColumn<QString>("mapError");  // expected in addTableMap's error; empty: it succeeds
        QTest::addColumn<QString>("rowsError"); // expected in decodeRows's error
        const QByteArray enumMap = tableMap(true, 254, QByteArray("\xf7\x01", 2)); // ENUM, 1 byte
        QTest::addRow("enum column") << enumMap << rowsEvent(WriteV2, rowFull(1, "x", kPos) + '\x01', 0x0f, 4)
                                     << QString() << QStringLiteral("column `e` (enum)");
        QTest::addRow("partial row image") << tableMap() << rowsEvent(WriteV2, rowIdOnly(1), 0x05)
                                           << QString() << QStringLiteral("binlog_row_image=FULL");
        QTest::addRow("truncated row") << tableMap() << rowsEvent(WriteV2, rowFull(1, "abc", kPos).chopped(2))
                                       << QString() << QStringLiteral("column `price` (decimal)");
        QTest::addRow("no column names")
            << tableMap(false) << QByteArray() << QStringLiteral("binlog_row_metadata=FULL") << QString();
        QByteArray otherTable = rowsEvent(WriteV2, rowIdOnly(1));
        otherTable[19] = 43;
        QTest::addRow("rows before their table map")
            << tableMap() << otherTable << QString() << QStringLiteral("no TABLE_MAP for table id 43");
    }

    void failsLoudly()
    {
        QFETCH(QByteArray, map);
        QFETCH(QByteArray, rows);
        QFETCH(QString, mapError);
        QFETCH(QString, rowsError);
        BinlogDecoder d;
        QString error;
        const bool mapped = d.addTableMap(map, 8, &error);
        if (!mapError.isEmpty()) {
            QVERIFY(!mapped);
            QVERIFY2(error.contains(mapError), qPrintable(error));
            return;
        }
        QVERIFY2(mapped, qPrintable(error));
        BinlogEvent e;
        QCOMPARE(d.decodeRows(rows, 10, &e, &error), BinlogDecoder::Outcome::Failed);
        QVERIFY2(error.contains(rowsError), qPrintable(error));
    }

    void filteredTablesAreNotDecoded()
    {
        BinlogDecoder d;
        d.setTableFilter(
            [](const QString &schema, const QString &) { return schema != QLatin1String("db"); });
        QString error;
        // the ENUM table would fail to decode, but it is not wanted
        QVERIFY(d.addTableMap(tableMap(true, 254, QByteArray("\xf7\x01", 2)), 8, &error));
        BinlogEvent e;
        QCOMPARE(d.decodeRows(rowsEvent(WriteV2, rowFull(1, "x", kPos) + '\x01', 0x0f, 4), 10, &e, &error),
                 BinlogDecoder::Outcome::Skipped);
    }
};

QTEST_GUILESS_MAIN(TestBinlogDecoder)
#include "tst_binlogdecoder.moc"
