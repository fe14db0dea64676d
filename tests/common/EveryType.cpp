#include "EveryType.h"

#include "PlacementCheck.h"

#include <QFile>

#include <zlib.h>

namespace sp::test {

namespace {

using TableDef = EveryTypeTable;

QString hexOf(const QByteArray &b)
{
    return QStringLiteral("X'") + QString::fromLatin1(b.toHex()) + QLatin1Char('\'');
}

quint32 crc(const QString &key)
{
    const QByteArray u = key.toUtf8();
    return quint32(crc32(0L, reinterpret_cast<const Bytef *>(u.constData()), uInt(u.size())));
}

QString q(const QString &s)
{
    QString out = s;
    out.replace(QLatin1Char('\\'), QStringLiteral("\\\\")).replace(QLatin1Char('\''), QStringLiteral("\\'"));
    out.replace(QChar(0), QStringLiteral("\\0"));
    return QLatin1Char('\'') + out + QLatin1Char('\'');
}

// Edge values, cycled through the rows.
const QStringList kFloats = {QStringLiteral("1.2345670461654663e0"),
                             QStringLiteral("3.4028234663852886e38"),
                             QStringLiteral("-3.4028234663852886e38"),
                             QStringLiteral("1.1754943508222875e-38"),
                             QStringLiteral("1.401298464324817e-45"),
                             QStringLiteral("-0e0"),
                             QStringLiteral("0.1e0"),
                             QStringLiteral("NULL"),
                             QStringLiteral("-7.006492321624085e-46"),
                             QStringLiteral("16777217e0")};
const QStringList kDoubles = {QStringLiteral("1.7976931348623157e308"),
                              QStringLiteral("4.9406564584124654e-324"),
                              QStringLiteral("2.2250738585072014e-308"),
                              QStringLiteral("-0e0"),
                              QStringLiteral("0.30000000000000004e0"),
                              QStringLiteral("-1.7976931348623157e308"),
                              QStringLiteral("NULL"),
                              QStringLiteral("9007199254740993e0")};
const QStringList kDecimals = {
    QStringLiteral("99999999999999999999999999999999999.999999999999999999999999999999"),
    QStringLiteral("-99999999999999999999999999999999999.999999999999999999999999999999"),
    QStringLiteral("0.000000000000000000000000000001"),
    QStringLiteral("0"),
    QStringLiteral("-0.5"),
    QStringLiteral("NULL")};
const QStringList kDates = {QStringLiteral("'1000-01-01'"), QStringLiteral("'9999-12-31'"),
                            QStringLiteral("'0000-00-00'"), QStringLiteral("'2024-02-29'"),
                            QStringLiteral("'2020-00-10'"), QStringLiteral("NULL")};
const QStringList kDatetimes = {
    QStringLiteral("'1000-01-01 00:00:00.000000'"), QStringLiteral("'9999-12-31 23:59:59.999999'"),
    QStringLiteral("'0000-00-00 00:00:00.000000'"), QStringLiteral("'2024-03-31 02:30:00.500000'")};
const QStringList kTimestamps = {QStringLiteral("'1970-01-01 00:00:01.000000'"),
                                 QStringLiteral("'2038-01-19 03:14:07.999999'"),
                                 QStringLiteral("'2024-03-31 02:30:00.123456'"), QStringLiteral("NULL"),
                                 QStringLiteral("'2024-10-27 01:30:00.000001'")};
const QStringList kTimes = {QStringLiteral("'-838:59:59.000000'"), QStringLiteral("'838:59:59.000000'"),
                            QStringLiteral("'-00:00:00.500000'"), QStringLiteral("'00:00:00.000001'"),
                            QStringLiteral("'-12:34:56.789000'")};

QByteArray latin1High()
{
    QByteArray b;
    for (int c = 0x80; c <= 0xFF; ++c)
        b.append(char(c));
    return b;
}

QString typesValues(int i)
{
    const auto pick = [i](const QStringList &l, int salt = 0) -> QString {
        return l.at((i + salt) % l.size());
    };
    const QString id =
        i % 2 == 0 ? QString::number(i + 1)
                   : QStringLiteral("18446744073709551615") + QStringLiteral(" - ") + QString::number(i);
    QStringList v;
    v << id;
    v << (i % 4 == 3 ? QStringLiteral("NULL") : QString::number(i % 3 == 0 ? -128 : 127))
      << QString::number(i % 2 ? 65535 : 0) << QString::number(i % 2 ? -8388608 : 8388607)
      << QString::number(i % 3 == 0 ? qint64(-2147483648LL) : qint64(i) * 7919)
      << (i % 2 ? QStringLiteral("-9223372036854775808") : QStringLiteral("9223372036854775807"));
    v << pick(kFloats) << pick(kDoubles, 3) << pick(kDecimals)
      << (i % 2 ? QStringLiteral("9999999999") : QStringLiteral("0"));
    v << (i % 2 ? QStringLiteral("b'1'") : QStringLiteral("b'0'"))
      << (i % 3 == 0 ? QStringLiteral("b'1111111111111111111111111111111111111111111111111111111111111111'")
                     : QStringLiteral("b'1000000000000000000000000000000000000000000000000000000000000001'"))
      << QString::number(i % 4 == 0 ? 1901 : (i % 4 == 1 ? 2155 : (i % 4 == 2 ? 0 : 2000)));
    v << pick(kDates) << pick(kDatetimes) << QStringLiteral("'2001-02-03 04:05:06'") << pick(kTimestamps)
      << pick(kTimes) << (i % 2 ? QStringLiteral("'-838:59:59'") : QStringLiteral("'00:00:00'"));
    v << (i % 3 == 2 ? QStringLiteral("NULL") : (i % 3 ? QStringLiteral("'z'") : QStringLiteral("'x'")))
      << (i % 3 == 0 ? QStringLiteral("'a,c'")
                     : (i % 3 == 1 ? QStringLiteral("''") : QStringLiteral("'a,b,c'")));
    // Members named by digits: the value's number (what the exact reader gives) names another member.
    v << (i % 3 == 0 ? QStringLiteral("'1'") : (i % 3 == 1 ? QStringLiteral("'10'") : QStringLiteral("'2'")))
      << (i % 2 ? QStringLiteral("'4'") : QStringLiteral("'1,2'"));
    v << QStringLiteral("_gbk X'C4E3BAC3%1'").arg(i % 256, 2, 16, QLatin1Char('0'))
      << QStringLiteral("_big5 X'A4A4A4E5'") << QStringLiteral("_cp1251 X'CFF0E8E2E5F2'")
      << QStringLiteral("_latin1 ") + hexOf(latin1High().mid(i % 64))
      << q(QStringLiteral("\U0001F600飞享-%1").arg(i))
      << (i % 2 ? q(QStringLiteral("ab")) : QStringLiteral("''"))
      << q(QStringLiteral("\U0001F600%1").arg(i % 100)) << q(QStringLiteral("é\U0001F601"))
      << QStringLiteral("_sjis X'8341838A'");
    v << (i % 3 == 0
              ? QStringLiteral("X'00'")
              : (i % 3 == 1 ? QStringLiteral("X'0100000000000000'") : QStringLiteral("X'FFFFFFFFFFFFFFFF'")))
      << (i % 4 == 0 ? QStringLiteral("X''")
                     : (i % 4 == 1 ? QStringLiteral("X'00'")
                                   : (i % 4 == 2 ? QStringLiteral("X'0000'") : QStringLiteral("X'FF00'"))));
    // Two rows carry multi-MB BLOBs.
    v << (i == 3 || i == 8 ? QStringLiteral("REPEAT(X'00FF7F', 1000000)")
                           : (i % 5 == 0 ? QStringLiteral("NULL") : hexOf(QByteArray(i % 40, char(i)))));
    v << q(QStringLiteral("quote ' backslash \\ newline \n tab \t nul ") + QChar(0) + QString::number(i));
    v << q(QStringLiteral("{\"a\": [1, 2.5e300, \"x\"], \"n\": %1, \"b\": null}").arg(i));
    v << (i % 2 ? QStringLiteral("ST_GeomFromText('POLYGON((0 0,1 0,1 1,0 0))', 4326)")
                : QStringLiteral("ST_GeomFromText('POINT(1.5 -2.25)')"));
    v << (i % 3 == 0 ? QStringLiteral("NULL")
                     : (i % 3 == 1 ? QStringLiteral("'::1'") : QStringLiteral("'fe80::1:%1'").arg(i, 0, 16)));
    v << QStringLiteral("'%1-0000-4000-8000-00000000%2'")
             .arg(i, 8, 16, QLatin1Char('0'))
             .arg(i % 10000, 4, 10, QLatin1Char('0'));
    return v.join(QLatin1Char(','));
}

const QString kTypesColumns = QStringLiteral(
    "id BIGINT UNSIGNED NOT NULL, ti TINYINT NULL, si SMALLINT UNSIGNED, mi MEDIUMINT, ii INT, bi BIGINT, "
    "f FLOAT NULL, d DOUBLE NULL, dc DECIMAL(65,30) NULL, dc2 DECIMAL(10,0) UNSIGNED, "
    "bt1 BIT(1), bt64 BIT(64), y YEAR, dt DATE NULL, dtm DATETIME(6), dtm0 DATETIME, ts TIMESTAMP(6) NULL "
    "DEFAULT NULL, "
    "tm TIME(6), tm0 TIME, e ENUM('x','y','z') NULL, st SET('a','b','c'), en ENUM('2','1','10') NULL, "
    "sn SET('4','1','2'), "
    "gbk VARCHAR(20) CHARACTER SET gbk, big5 VARCHAR(20) CHARACTER SET big5, cp VARCHAR(20) CHARACTER SET "
    "cp1251, "
    "l1 VARCHAR(300) CHARACTER SET latin1, u4 VARCHAR(40) CHARACTER SET utf8mb4, ch CHAR(10) CHARACTER SET "
    "utf8mb4, "
    "u16 VARCHAR(10) CHARACTER SET utf16, u32 VARCHAR(10) CHARACTER SET utf32, sj VARCHAR(10) CHARACTER SET "
    "sjis, "
    "bn BINARY(8), vb VARBINARY(20), bl LONGBLOB NULL, tx TEXT CHARACTER SET utf8mb4, j JSON, g GEOMETRY, "
    "u6 INET6 NULL, uu UUID, "
    "gv BIGINT AS (ii + 1) VIRTUAL, gs VARCHAR(120) AS (CONCAT(k, '#', ii)) PERSISTENT");
const QString kTypesInsertColumns =
    QStringLiteral("id,ti,si,mi,ii,bi,f,d,dc,dc2,bt1,bt64,y,dt,dtm,dtm0,ts,"
                   "tm,tm0,e,st,en,sn,gbk,big5,cp,l1,u4,ch,u16,u32,sj,bn,vb,bl,tx,j,g,u6,uu");

QList<TableDef> tableDefs()
{
    QList<TableDef> out;
    {
        TableDef t;
        t.name = QStringLiteral("t_types");
        t.columns = kTypesColumns;
        t.keys = QStringLiteral("PRIMARY KEY (id)");
        t.keyCols = {QStringLiteral("id")};
        t.values = typesValues;
        out.append(t);
    }
    // Key tables: key column(s), k, v.
    auto keyTable = [&](const QString &name, const QString &cols, const QString &keys,
                        const QStringList &keyCols, std::function<QStringList(int)> key) {
        TableDef t;
        t.name = name;
        t.columns = cols + QStringLiteral(", v INT NULL, note VARCHAR(40) NULL");
        t.keys = keys;
        t.keyCols = keyCols;
        t.values = [key](int i) -> QString {
            return key(i).join(QLatin1Char(',')) + QStringLiteral(",%1,'n%1'").arg(i);
        };
        t.keySet = [key, keyCols](int i) -> QString {
            const QStringList nk = key(i + 100000);
            QStringList parts;
            for (int c = 0; c < keyCols.size(); ++c)
                parts.append(keyCols.at(c) + QStringLiteral(" = ") + nk.at(c));
            return QStringLiteral("SET ") + parts.join(QStringLiteral(", "));
        };
        t.keyWhere = [key, keyCols](int i) -> QString {
            const QStringList ok = key(i);
            QStringList parts;
            for (int c = 0; c < keyCols.size(); ++c)
                parts.append(keyCols.at(c) + QStringLiteral(" = ") + ok.at(c));
            return parts.join(QStringLiteral(" AND "));
        };
        out.append(t);
    };
    // Case- and accent-insensitive: the server orders 'a' < 'B' < 'é' < 'z', a byte order would not.
    keyTable(QStringLiteral("t_kvc"),
             QStringLiteral("pk VARCHAR(40) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci NOT NULL"),
             QStringLiteral("PRIMARY KEY (pk)"), {QStringLiteral("pk")}, [](int i) {
                 static const QStringList pre = {QStringLiteral("a"), QStringLiteral("B"),
                                                 QStringLiteral("é"), QStringLiteral("Z"),
                                                 QStringLiteral("ß"), QStringLiteral("x ")};
                 return QStringList{q(pre.at(i % pre.size()) + QString::number(i) +
                                      (i % 7 == 0 ? QStringLiteral(" ") : QString()))};
             });
    keyTable(QStringLiteral("t_kgbk"),
             QStringLiteral("pk VARCHAR(20) CHARACTER SET gbk COLLATE gbk_chinese_ci NOT NULL"),
             QStringLiteral("PRIMARY KEY (pk)"), {QStringLiteral("pk")}, [](int i) {
                 return QStringList{QStringLiteral("CONCAT(_gbk X'%1', '%2')")
                                        .arg(i % 2 ? QStringLiteral("C4E3") : QStringLiteral("BAC3"))
                                        .arg(i)};
             });
    // Trailing 0x00 bytes make different VARBINARY keys.
    keyTable(QStringLiteral("t_kbin"), QStringLiteral("pk VARBINARY(16) NOT NULL"),
             QStringLiteral("PRIMARY KEY (pk)"), {QStringLiteral("pk")}, [](int i) {
                 QByteArray b = QByteArray::number(i / 3);
                 b.append(QByteArray(i % 3, '\0'));
                 return QStringList{hexOf(b)};
             });
    keyTable(QStringLiteral("t_kbin4"), QStringLiteral("pk BINARY(4) NOT NULL"),
             QStringLiteral("PRIMARY KEY (pk)"), {QStringLiteral("pk")}, [](int i) {
                 QByteArray b(4, '\0');
                 b[0] = char(i & 0xFF);
                 b[1] = char((i >> 8) & 0xFF);
                 return QStringList{hexOf(i % 2 ? b.left(2) : b)};
             });
    // ENUM orders by its index ('zz' first), not by its text.
    keyTable(QStringLiteral("t_kenum"), QStringLiteral("e ENUM('zz','aa','mm') NOT NULL, n INT NOT NULL"),
             QStringLiteral("PRIMARY KEY (e, n)"), {QStringLiteral("e"), QStringLiteral("n")}, [](int i) {
                 static const QStringList vals = {QStringLiteral("'zz'"), QStringLiteral("'aa'"),
                                                  QStringLiteral("'mm'")};
                 return QStringList{vals.at(i % 3), QString::number(i)};
             });
    keyTable(QStringLiteral("t_kdt"), QStringLiteral("pk DATETIME(6) NOT NULL"),
             QStringLiteral("PRIMARY KEY (pk)"), {QStringLiteral("pk")}, [](int i) {
                 return QStringList{
                     QStringLiteral("'2024-01-01 00:00:00' + INTERVAL %1 MICROSECOND + INTERVAL %2 DAY")
                         .arg(i * 37)
                         .arg(i % 50)};
             });
    keyTable(QStringLiteral("t_ktime"), QStringLiteral("pk TIME(6) NOT NULL"),
             QStringLiteral("PRIMARY KEY (pk)"), {QStringLiteral("pk")},
             [](int i) { return QStringList{QStringLiteral("SEC_TO_TIME(%1 * 3 - 1500000.5)").arg(i)}; });
    keyTable(QStringLiteral("t_kdec"), QStringLiteral("pk DECIMAL(20,5) NOT NULL"),
             QStringLiteral("PRIMARY KEY (pk)"), {QStringLiteral("pk")}, [](int i) {
                 return QStringList{QStringLiteral("%1%2.%3")
                                        .arg(i % 2 ? QStringLiteral("-") : QString())
                                        .arg(i * 12345)
                                        .arg(i % 100000, 5, 10, QLatin1Char('0'))};
             });
    keyTable(QStringLiteral("t_kcomp"),
             QStringLiteral("a VARCHAR(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, b DATETIME(3) "
                            "NOT NULL, c INT NOT NULL"),
             QStringLiteral("PRIMARY KEY (a, b, c)"),
             {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}, [](int i) {
                 return QStringList{q(i % 2 ? QStringLiteral("A") : QStringLiteral("a")),
                                    QStringLiteral("'2024-05-0%1 10:00:00.%2'")
                                        .arg(1 + i % 3)
                                        .arg(i % 1000, 3, 10, QLatin1Char('0')),
                                    QString::number(-i)};
             });
    // Partitioned by its key: a key change moves the row to another partition.
    keyTable(QStringLiteral("t_kpart"), QStringLiteral("pk BIGINT NOT NULL"),
             QStringLiteral("PRIMARY KEY (pk)"), {QStringLiteral("pk")},
             [](int i) { return QStringList{QString::number(qint64(i) * 7919 - 200000)}; });
    out.last().tableOptions = QStringLiteral("PARTITION BY HASH (pk) PARTITIONS 3");
    // No primary key: the unique key over a NOT NULL column identifies rows.
    keyTable(QStringLiteral("t_kuniq"), QStringLiteral("u VARCHAR(30) NOT NULL"),
             QStringLiteral("UNIQUE KEY uq (u), KEY (v)"), {QStringLiteral("u")},
             [](int i) { return QStringList{q(QStringLiteral("u-%1").arg(i * 7))}; });
    keyTable(QStringLiteral("t_kuuid"), QStringLiteral("pk UUID NOT NULL"),
             QStringLiteral("PRIMARY KEY (pk)"), {QStringLiteral("pk")}, [](int i) {
                 return QStringList{QStringLiteral("'%1-0000-1000-8000-%2'")
                                        .arg(quint32(i) * 2654435761u, 8, 16, QLatin1Char('0'))
                                        .arg(i, 12, 10, QLatin1Char('0'))};
             });
    return out;
}

QString configYaml(const QList<TableDef> &defs, int oldCount)
{
    QString y = QStringLiteral("dataSources:\n");
    for (int d = 0; d < oldCount; ++d)
        y += QStringLiteral("  db%1:\n    dataSourceClassName: com.zaxxer.hikari.HikariDataSource\n"
                            "    url: jdbc:mysql://127.0.0.1:3306/fidelity\n    username: shardpilot_app\n")
                 .arg(d);
    y += QStringLiteral("rules:\n  - !SHARDING\n    tables:\n");
    for (const TableDef &t : defs)
        y += QStringLiteral("      %1:\n        actualDataNodes: db${0..%2}.%1_${0..1}\n"
                            "        databaseStrategy:\n          standard:\n            shardingColumn: k\n"
                            "            shardingAlgorithmName: crc32-db\n"
                            "        tableStrategy:\n          standard:\n            shardingColumn: k\n"
                            "            shardingAlgorithmName: crc32-table\n")
                 .arg(t.name)
                 .arg(oldCount - 1);
    y += QStringLiteral(
             "    shardingAlgorithms:\n"
             "      crc32-db:\n        type: CRC32_MOD\n        props:\n          sharding-count: %1\n"
             "      crc32-table:\n        type: CRC32_MOD\n        props:\n          sharding-count: 2\n"
             "          divisor: 65536\n")
             .arg(oldCount);
    return y;
}

} // namespace

QList<EveryTypeTable> everyTypeTables()
{
    return tableDefs();
}

QString everyTypeConfigYaml(const QList<EveryTypeTable> &tables, int oldCount)
{
    return configYaml(tables, oldCount);
}

const QStringList &edgeFloats()
{
    return kFloats;
}

const QStringList &edgeDoubles()
{
    return kDoubles;
}

const QStringList &edgeDecimals()
{
    return kDecimals;
}

EveryTypeData::EveryTypeData(SandboxFixture *fx, QList<EveryTypeTable> tables, int rows, int oldCount)
    : m_fx(fx), m_tables(std::move(tables)), m_rows(rows), m_oldCount(oldCount)
{}

QStringList EveryTypeData::oldDataSources() const
{
    QStringList out;
    for (int d = 0; d < m_oldCount; ++d)
        out << QStringLiteral("db%1").arg(d);
    return out;
}

QStringList EveryTypeData::newDataSources() const
{
    QStringList out;
    for (int d = m_oldCount; d < 2 * m_oldCount; ++d)
        out << QStringLiteral("db%1").arg(d);
    return out;
}

Connection EveryTypeData::root(const QString &ds)
{
    Connection c;
    if (!c.open(m_fx->rootParams(m_fx->instanceOf(ds))))
        qWarning("%s", qPrintable(c.lastError()));
    c.exec(QStringLiteral("SET SESSION time_zone = '+00:00'"));
    return c;
}

// The old config: database CRC32(k) % N, table (CRC32(k) DIV 65536) % 2.
QString EveryTypeData::oldNode(const QString &k) const
{
    const quint32 c = crc(k);
    return QStringLiteral("db%1|%2").arg(c % quint32(m_oldCount)).arg((c / 65536) % 2);
}

// A sharding key for row i that stays on its old node and, when `variant`, goes to another new database.
QString EveryTypeData::keyFor(int i, const QString &table, int variant) const
{
    const quint32 m = quint32(m_oldCount);
    const QString base = QStringLiteral("%1-%2").arg(table).arg(i);
    if (variant == 0)
        return base;
    const quint32 c0 = crc(base);
    for (int n = 1;; ++n) {
        const QString k = base + QStringLiteral("~") + QString::number(variant * 1000 + n);
        const quint32 c = crc(k);
        if (c % m == c0 % m && (c / 65536) % 2 == (c0 / 65536) % 2 && c % (2 * m) != c0 % (2 * m))
            return k;
    }
}

bool EveryTypeData::insertRow(const EveryTypeTable &t, int i, const QString &k, QString *why)
{
    const QString node = oldNode(k);
    Connection c = root(node.section(QLatin1Char('|'), 0, 0));
    const QString cols =
        t.name == QLatin1String("t_types") ? QStringLiteral("k,") + kTypesInsertColumns : QString();
    const QString sql =
        QStringLiteral("INSERT INTO `fidelity`.`%1_%2` %3 VALUES (%4, %5)")
            .arg(t.name, node.section(QLatin1Char('|'), 1),
                 cols.isEmpty() ? QString() : QLatin1Char('(') + cols + QLatin1Char(')'), q(k), t.values(i));
    if (!c.exec(sql)) {
        *why = c.lastError() + QStringLiteral("\n") + sql.left(600);
        return false;
    }
    return true;
}

bool EveryTypeData::exec(const QString &ds, const QString &sql, QString *why)
{
    Connection c = root(ds);
    if (!c.exec(sql)) {
        *why = c.lastError() + QStringLiteral("\n") + sql.left(600);
        return false;
    }
    return true;
}

bool EveryTypeData::createAndFill(QString *why)
{
    for (const QString &ds : oldDataSources()) {
        Connection c = root(ds);
        for (const EveryTypeTable &t : std::as_const(m_tables))
            for (int p = 0; p < 2; ++p) {
                const QString table = QStringLiteral("`fidelity`.`%1_%2`").arg(t.name).arg(p);
                if (!c.exec(QStringLiteral("DROP TABLE IF EXISTS ") + table) ||
                    !c.exec(
                        QStringLiteral(
                            "CREATE TABLE %1 (k VARCHAR(64) CHARACTER SET utf8mb4 NOT NULL, %2, %3, KEY (k)) "
                            "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 %4")
                            .arg(table, t.columns, t.keys, t.tableOptions))) {
                    *why = c.lastError();
                    return false;
                }
            }
    }
    for (const EveryTypeTable &t : std::as_const(m_tables)) {
        for (int i = 0; i < m_rows; ++i)
            if (!insertRow(t, i, keyFor(i, t.name), why))
                return false;
        m_next[t.name] = m_rows;
    }
    return true;
}

bool EveryTypeData::changeRows(int round, QString *why)
{
    for (const EveryTypeTable &t : std::as_const(m_tables)) {
        for (int i = round; i < m_rows; i += 9) {
            const QString k = keyFor(i, t.name);
            const QString node = oldNode(k);
            const QString ds = node.section(QLatin1Char('|'), 0, 0);
            const QString table =
                QStringLiteral("`fidelity`.`%1_%2`").arg(t.name, node.section(QLatin1Char('|'), 1));
            const QString where = QStringLiteral(" WHERE k = %1").arg(q(k));
            if (t.name == QLatin1String("t_types")) {
                const QString set =
                    QStringLiteral("SET f = %1, d = %2, dc = %3, j = JSON_SET(j, '$.a[0]', %4, '$.r', %5), "
                                   "gbk = _gbk X'D6D0CEC4', "
                                   "tm = '-%6:00:00.25', ts = '2024-10-27 01:%7:00.5', bl = "
                                   "CONCAT(COALESCE(bl, X''), X'00'), "
                                   "bt64 = b'%8', st = 'b', e = 'y', u6 = 'fe80::%9', ii = ii + 1")
                        .arg(kFloats.at((i + round) % kFloats.size()),
                             kDoubles.at((i + round) % kDoubles.size()), kDecimals.at((i + round) % 4))
                        .arg(i + round)
                        .arg(round)
                        .arg(round + 10)
                        .arg(10 + round * 5)
                        .arg(round % 2 ? QStringLiteral("0") : QStringLiteral("1"))
                        .arg(round, 0, 16);
                if (!exec(ds, QStringLiteral("UPDATE ") + table + QLatin1Char(' ') + set + where, why))
                    return false;
            } else if (i % 2 == 0 && t.keySet && round == 1) {
                // A key change (the row keeps its sharding key).
                if (!exec(ds,
                          QStringLiteral("UPDATE ") + table + QLatin1Char(' ') + t.keySet(i) +
                              QStringLiteral(", v = v + 1000") + where,
                          why))
                    return false;
            } else {
                if (!exec(ds,
                          QStringLiteral("UPDATE ") + table +
                              QStringLiteral(" SET v = v * 3 + %1, note = CONCAT(note, 'u')").arg(round) +
                              where,
                          why))
                    return false;
            }
        }
        // A sharding-key change that moves the row to another new database, staying on its old node.
        {
            const int i = (round * 5 + 2) % m_rows;
            const QString k = keyFor(i, t.name);
            const QString node = oldNode(k);
            if (!exec(node.section(QLatin1Char('|'), 0, 0),
                      QStringLiteral("UPDATE `fidelity`.`%1_%2` SET k = %3 WHERE k = %4")
                          .arg(t.name, node.section(QLatin1Char('|'), 1), q(keyFor(i, t.name, round)), q(k)),
                      why))
                return false;
        }
        // A delete and two inserts.
        {
            const int i = (round * 7 + 3) % m_rows;
            const QString k = keyFor(i, t.name);
            const QString node = oldNode(k);
            if (!exec(node.section(QLatin1Char('|'), 0, 0),
                      QStringLiteral("DELETE FROM `fidelity`.`%1_%2` WHERE k = %3")
                          .arg(t.name, node.section(QLatin1Char('|'), 1), q(k)),
                      why))
                return false;
            for (int n = 0; n < 2; ++n) {
                const int j = m_next[t.name]++;
                if (!insertRow(t, j, keyFor(j, t.name), why))
                    return false;
            }
        }
    }
    return true;
}

bool EveryTypeData::read(const QStringList &dataSources, Rows *out, QString *why)
{
    for (const QString &ds : dataSources) {
        Connection c = root(ds);
        c.exec(QStringLiteral("SET SESSION sql_log_bin = 0"));
        for (const EveryTypeTable &t : std::as_const(m_tables))
            for (int p = 0; p < 2; ++p) {
                const QString table = t.name + QLatin1Char('_') + QString::number(p);
                auto cols =
                    c.query(QStringLiteral(
                                "SELECT COLUMN_NAME, DATA_TYPE FROM information_schema.COLUMNS WHERE "
                                "TABLE_SCHEMA = 'fidelity' AND TABLE_NAME = '%1' ORDER BY ORDINAL_POSITION")
                                .arg(table));
                if (!cols) {
                    *why = c.lastError();
                    return false;
                }
                if (cols->rows.isEmpty())
                    continue; // not created (yet)
                QStringList exact;
                for (const auto &r : cols->rows)
                    exact.append(QStringLiteral("COALESCE(%1, 'NULL')")
                                     .arg(test::exactColumnSql(r.at(1).toString(), r.at(0).toString())));
                QStringList key;
                for (const QString &kc : t.keyCols)
                    key.append(QStringLiteral("HEX(%1)").arg(kc));
                auto rows = c.query(
                    QStringLiteral(
                        "SELECT CONCAT_WS('|', %1), CONCAT_WS('\\t', %2), CRC32(k) FROM `fidelity`.`%3`")
                        .arg(key.join(QLatin1Char(',')), exact.join(QLatin1Char(',')), table));
                if (!rows) {
                    *why = c.lastError();
                    return false;
                }
                for (const auto &r : rows->rows) {
                    const QString id = t.name + QLatin1Char('|') + r.at(0).toString();
                    const QString node = ds + QLatin1Char('.') + table;
                    if (out->values.count(id)) {
                        *why = QStringLiteral("%1 is on %2 and on %3").arg(id, out->at[id], node);
                        return false;
                    }
                    out->values[id] = r.at(1).toString();
                    out->at[id] = node;
                    const quint64 crcv = r.at(2).toULongLong();
                    out->routed[id] = QStringLiteral("db%1.%2_%3")
                                          .arg(crcv % quint64(2 * m_oldCount))
                                          .arg(t.name)
                                          .arg((crcv / 65536) % 2);
                }
            }
    }
    return true;
}

bool startEveryTypeSandbox(const QString &dir, const QList<EveryTypeTable> &tables, int rows,
                           EveryTypeSandbox *out, QString *why, int oldCount)
{
    const QString config = dir + QStringLiteral("/fidelity.yaml");
    {
        QFile f(config);
        if (!f.open(QIODevice::WriteOnly) || f.write(everyTypeConfigYaml(tables, oldCount).toUtf8()) < 0) {
            *why = QStringLiteral("cannot write ") + config;
            return false;
        }
    }
    SandboxFixtureOptions o;
    o.instances = 2 * oldCount;
    o.configPath = config;
    o.messages = 10;
    out->fx = std::make_unique<SandboxFixture>(o);
    if (!out->fx->start()) {
        *why = out->fx->error();
        return false;
    }
    // Time zones other than UTC and each other (MariaDB takes offsets from -12:59 to +13:00).
    const QStringList zones = {QStringLiteral("+05:30"), QStringLiteral("-08:00"), QStringLiteral("+13:00"),
                               QStringLiteral("-03:30"), QStringLiteral("+09:45"), QStringLiteral("-11:00"),
                               QStringLiteral("+03:00"), QStringLiteral("-09:30")};
    for (int i = 0; i < o.instances; ++i) {
        Connection c;
        if (!c.open(out->fx->rootParams(i)) ||
            !c.exec(QStringLiteral("SET GLOBAL time_zone = '%1'").arg(zones.at(i % zones.size())))) {
            *why = c.lastError();
            return false;
        }
    }
    // Our own tables in place of the sandbox's generic ones.
    out->data = std::make_unique<EveryTypeData>(out->fx.get(), tables, rows, oldCount);
    return out->data->createAndFill(why);
}

QString compareRouted(const EveryTypeData::Rows &olds, const EveryTypeData::Rows &news,
                      const QStringList &newDataSources, qint64 *compared)
{
    QStringList problems;
    qint64 n = 0;
    auto onNew = [&](const QString &node) {
        for (const QString &ds : newDataSources)
            if (node.startsWith(ds + QLatin1Char('.')))
                return true;
        return false;
    };
    for (const auto &[id, row] : olds.values) {
        const QString dest = olds.routed.at(id);
        if (!onNew(dest))
            continue;
        ++n;
        auto it = news.values.find(id);
        if (it == news.values.end())
            problems.append(QStringLiteral("missing on %1: %2").arg(dest, id));
        else if (it->second != row)
            problems.append(
                QStringLiteral("different on %1: %2\n  old %3\n  new %4").arg(dest, id, row, it->second));
        else if (news.at.at(id) != dest)
            problems.append(QStringLiteral("%1 is on %2, routed to %3").arg(id, news.at.at(id), dest));
    }
    for (const auto &[id, row] : news.values)
        if (!olds.values.count(id))
            problems.append(QStringLiteral("extra on %1: %2").arg(news.at.at(id), id));
    if (compared)
        *compared = n;
    return problems.mid(0, 10).join(QLatin1Char('\n'));
}

QString compareAfterPurge(const EveryTypeData::Rows &before, const EveryTypeData::Rows &after)
{
    QStringList problems;
    for (const auto &[id, row] : before.values) {
        auto it = after.values.find(id);
        if (it == after.values.end())
            problems.append(QStringLiteral("lost: %1").arg(id));
        else if (it->second != row)
            problems.append(QStringLiteral("changed: %1\n  before %2\n  after  %3").arg(id, row, it->second));
        else if (after.at.at(id) != before.routed.at(id))
            problems.append(
                QStringLiteral("%1 is on %2, routed to %3").arg(id, after.at.at(id), before.routed.at(id)));
    }
    for (const auto &[id, row] : after.values)
        if (!before.values.count(id))
            problems.append(QStringLiteral("not there before: %1 on %2").arg(id, after.at.at(id)));
    return problems.mid(0, 10).join(QLatin1Char('\n'));
}

} // namespace sp::test
