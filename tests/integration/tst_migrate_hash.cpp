// The row hash against a deliberate edit (issue 21, deliverable 7): CRC32 and CRC32C are both linear,
// so a same-length edit can be crafted that keeps both for a row. Such an edit, made to one moved row on
// its target, is not seen by `migrate verify` with the default hash and is found with --strong-hash
// (SHA2-256 per row); repair then makes the row whole again. The edit is crafted here: the row's bytes
// as the servers hash them are read, and a set of bits of its BLOB whose flips cancel in both CRCs is
// found by Gaussian elimination over GF(2). That the target row really differs is checked by HEX in
// plain SQL.
#include "SandboxFixture.h"
#include "ShardctlRun.h"
#include "TestPaths.h"

#include "core/cluster/Connection.h"
#include "core/migration/MoveSet.h"
#include "core/migration/RowHash.h"

#include <QTemporaryDir>
#include <QTest>

#include <zlib.h>

#include <array>
#include <bitset>
#include <vector>

using namespace sp;

namespace {

quint32 crc32c(const QByteArray &b)
{
    quint32 c = 0xFFFFFFFFu;
    for (char ch : b) {
        c ^= uchar(ch);
        for (int k = 0; k < 8; ++k)
            c = (c >> 1) ^ (0x82F63B78u & (0u - (c & 1u)));
    }
    return ~c;
}

quint64 both(const QByteArray &b)
{
    const quint32 a = quint32(crc32(0L, reinterpret_cast<const Bytef *>(b.constData()), uInt(b.size())));
    return (quint64(a) << 32) | crc32c(b);
}

// Bits (byte offset * 8 + bit) in [from, from + bytes) of `m` whose flips together keep both CRCs.
QList<int> cancellingBits(const QByteArray &m, int from, int bytes)
{
    const quint64 base = both(m);
    const int n = bytes * 8;
    std::vector<quint64> effect(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) {
        QByteArray x = m;
        x[from + i / 8] = char(uchar(x.at(from + i / 8)) ^ (1u << (i % 8)));
        effect[size_t(i)] = both(x) ^ base; // CRCs are affine: a set's effect is the XOR of its bits'
    }
    // Gaussian elimination, tracking which bits make up each reduced row.
    std::vector<quint64> rows = effect;
    std::vector<std::vector<bool>> made(size_t(n), std::vector<bool>(size_t(n), false));
    for (int i = 0; i < n; ++i)
        made[size_t(i)][size_t(i)] = true;
    std::vector<int> pivotRow(64, -1);
    for (int i = 0; i < n; ++i) {
        for (int bit = 63; bit >= 0; --bit) {
            if (!((rows[size_t(i)] >> bit) & 1))
                continue;
            if (pivotRow[size_t(bit)] < 0) {
                pivotRow[size_t(bit)] = i;
                break;
            }
            const int p = pivotRow[size_t(bit)];
            rows[size_t(i)] ^= rows[size_t(p)];
            for (int k = 0; k < n; ++k)
                made[size_t(i)][size_t(k)] = made[size_t(i)][size_t(k)] != made[size_t(p)][size_t(k)];
        }
        if (rows[size_t(i)] == 0) {
            QList<int> out;
            for (int k = 0; k < n; ++k)
                if (made[size_t(i)][size_t(k)])
                    out.append(k);
            return out;
        }
    }
    return {};
}

} // namespace

class TestMigrateHash : public QObject
{
    Q_OBJECT

    test::SandboxFixture m_fx{[] {
        test::SandboxFixtureOptions o;
        o.instances = 4;
        o.messages = 1500;
        o.seed = 23;
        return o;
    }()};
    QTemporaryDir m_tmp;
    QString run() const { return m_tmp.path() + QStringLiteral("/run"); }
    test::ShardctlRun migrate(const QStringList &args)
    {
        return test::runShardctl(QStringList{QStringLiteral("migrate")} + args + QStringList{QStringLiteral("--run"), run()});
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(m_fx.start(), qPrintable(m_fx.error()));
        QString why;
        const QString plan = m_fx.planWithShardctl({QStringLiteral("--strategy"), QStringLiteral("mod-double")},
                                                   m_tmp.path() + QStringLiteral("/plan"), &why);
        QVERIFY2(!plan.isEmpty(), qPrintable(why));
        const auto c = test::runShardctl({QStringLiteral("migrate"), QStringLiteral("create"), QStringLiteral("--plan"), plan,
                                          QStringLiteral("--run"), run(), QStringLiteral("--observe"), QStringLiteral("0")});
        QVERIFY2(c.exitCode == 0, qPrintable(c.out + c.err));
        const auto r = migrate({QStringLiteral("run"), QStringLiteral("--until"), QStringLiteral("T3")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    }

    // The row form is injective: NULL against '' and 'N', a separator or a length inside a value, a
    // value moving between neighbouring columns - every row below gives its own string (the server's).
    void rowFormTellsRowsApart()
    {
        Connection t;
        QVERIFY(t.open(m_fx.rootParams(m_fx.instanceOf(QStringLiteral("db2")))));
        QVERIFY(t.exec(QStringLiteral("SET SESSION sql_log_bin = 0")));
        QVERIFY(t.exec(QStringLiteral("CREATE DATABASE IF NOT EXISTS hashform")));
        QVERIFY(t.exec(QStringLiteral("CREATE OR REPLACE TABLE hashform.r (id INT NOT NULL PRIMARY KEY, a VARCHAR(20) NULL, "
                                      "b VARBINARY(20) NULL, n INT NULL, d DECIMAL(6,2) NULL)")));
        const QStringList rows = {
            QStringLiteral("NULL, NULL, NULL, NULL"), QStringLiteral("'', NULL, NULL, NULL"), QStringLiteral("NULL, '', NULL, NULL"),
            QStringLiteral("'N', NULL, NULL, NULL"), QStringLiteral("NULL, 'N', NULL, NULL"), QStringLiteral("'a#b', 'c', NULL, NULL"),
            QStringLiteral("'a', 'b#c', NULL, NULL"), QStringLiteral("'1:a', '', NULL, NULL"), QStringLiteral("'', '1:a', NULL, NULL"),
            QStringLiteral("'3:abc', NULL, NULL, NULL"), QStringLiteral("'abc', NULL, NULL, NULL"), QStringLiteral("NULL, NULL, 1, NULL"),
            QStringLiteral("NULL, NULL, NULL, 1"), QStringLiteral("'1', NULL, NULL, NULL"), QStringLiteral("NULL, NULL, 12, 3"),
            QStringLiteral("NULL, NULL, 1, 23"), QStringLiteral("'#', '#', NULL, NULL"), QStringLiteral("'##', '', NULL, NULL")};
        for (int i = 0; i < rows.size(); ++i)
            QVERIFY2(t.exec(QStringLiteral("INSERT INTO hashform.r VALUES (%1, %2)").arg(i).arg(rows.at(i))), qPrintable(t.lastError()));
        migration::TableInfo info;
        QString why;
        QVERIFY2(migration::readTableInfo(t, QStringLiteral("hashform"), QStringLiteral("r"), QString(), &info, &why), qPrintable(why));
        // Without the key: the other columns alone must tell the rows apart.
        info.cols.removeFirst();
        auto forms = t.query(QStringLiteral("SELECT HEX(%1) FROM hashform.r ORDER BY id").arg(migration::rowSql(info)));
        QVERIFY2(forms, qPrintable(t.lastError()));
        QSet<QString> seen;
        for (const auto &r : std::as_const(forms->rows))
            seen.insert(r.at(0).toString());
        QCOMPARE(seen.size(), rows.size());
        QVERIFY(t.exec(QStringLiteral("DROP DATABASE hashform")));
    }

    // The form, written out here from the values' plain-SQL HEX: strings of any character set as their
    // stored bytes (gbk, latin1, utf8mb4; nothing converted), numbers as text, NULL as 'N' or left out,
    // the bytes columns' lengths at the end. And the sums the verification compares are what this test
    // computes from those bytes: SUM(CRC32 | CRC32C << 32) over the rows (the session variable that saves
    // the second evaluation of the form must not change a single bit).
    void rowFormIsTheStoredBytesAndSumsMatch()
    {
        Connection t;
        QVERIFY(t.open(m_fx.rootParams(m_fx.instanceOf(QStringLiteral("db2")))));
        QVERIFY(t.exec(QStringLiteral("SET SESSION sql_log_bin = 0")));
        QVERIFY(t.exec(QStringLiteral("CREATE DATABASE IF NOT EXISTS hashform")));
        QVERIFY(t.exec(QStringLiteral("CREATE OR REPLACE TABLE hashform.c (id INT NOT NULL PRIMARY KEY, "
                                      "g VARCHAR(20) CHARACTER SET gbk NULL, l VARCHAR(20) CHARACTER SET latin1 NOT NULL, "
                                      "u TEXT CHARACTER SET utf8mb4 NULL, n BIGINT NULL, b BLOB NULL)")));
        QVERIFY(t.exec(QStringLiteral("INSERT INTO hashform.c VALUES (1, X'C4E3BAC3', X'E923', X'F09F9880', -7, X'0023FF'), "
                                      "(2, NULL, '', NULL, NULL, NULL), (3, '', 'N', 'x#y', 0, '')")));
        migration::TableInfo info;
        QString why;
        QVERIFY2(migration::readTableInfo(t, QStringLiteral("hashform"), QStringLiteral("c"), QString(), &info, &why), qPrintable(why));
        auto forms = t.query(QStringLiteral("SELECT HEX(%1) FROM hashform.c ORDER BY id").arg(migration::rowSql(info)));
        QVERIFY2(forms && forms->rows.size() == 3, qPrintable(t.lastError()));
        const QByteArray h = QByteArray("#").toHex().toUpper();
        auto x = [](const char *s) { return QByteArray(s).toHex().toUpper(); };
        const QList<QByteArray> expected = {
            x("1") + h + "C4E3BAC3" + h + "E923" + h + "F09F9880" + h + x("-7") + h + "0023FF" + h + x("4") + h + x("2") + h +
                x("4") + h + x("3"),
            x("2") + h + h + x("N") + h + x("N") + h + x("0") + h + x("N") + h + x("N"),
            x("3") + h + h + x("N") + h + x("x#y") + h + x("0") + h + h + x("0") + h + x("1") + h + x("3") + h + x("0")};
        for (int i = 0; i < 3; ++i)
            QCOMPARE(forms->rows.at(i).at(0).toByteArray(), expected.at(i));
        unsigned __int128 sum = 0;
        for (const QByteArray &e : expected) {
            const QByteArray b = QByteArray::fromHex(e);
            const quint32 a = quint32(crc32(0L, reinterpret_cast<const Bytef *>(b.constData()), uInt(b.size())));
            sum += (quint64(crc32c(b)) << 32) | a;
        }
        QString want;
        for (unsigned __int128 v = sum; v > 0; v /= 10)
            want.prepend(QChar(u'0' + int(v % 10)));
        auto sums = t.query(migration::sumsSql(info) + QStringLiteral("hashform.c"));
        QVERIFY2(sums && sums->rows.size() == 1, qPrintable(t.lastError()));
        QCOMPARE(sums->rows.first().size(), 2);
        QCOMPARE(sums->rows.first().at(0).toString(), QStringLiteral("3"));
        QCOMPARE(sums->rows.first().at(1).toString(), want);
        // A range of it (the verification's WHERE): the variable carries nothing from row to row.
        auto part = t.query(migration::sumsSql(info) + QStringLiteral("hashform.c WHERE id >= 2"));
        const QByteArray b3 = QByteArray::fromHex(expected.at(1)), b4 = QByteArray::fromHex(expected.at(2));
        unsigned __int128 s2 = 0;
        for (const QByteArray &b : {b3, b4})
            s2 += (quint64(crc32c(b)) << 32) | quint32(crc32(0L, reinterpret_cast<const Bytef *>(b.constData()), uInt(b.size())));
        QString want2;
        for (unsigned __int128 v = s2; v > 0; v /= 10)
            want2.prepend(QChar(u'0' + int(v % 10)));
        QVERIFY2(part, qPrintable(t.lastError()));
        QCOMPARE(part->rows.first().at(1).toString(), want2);
        QVERIFY(t.exec(QStringLiteral("DROP DATABASE hashform")));
    }

    // A target table cut into several ranges by its key span (no boundary scans): rows missing below the
    // target's lowest key and above its highest, and a changed row in the middle, are all found, and
    // a repair makes the verification clean again (checked again with plain SQL: HEX of the bytes).
    void rangesCutByKeySpanCoverEveryKey()
    {
        Connection t, s;
        QVERIFY(t.open(m_fx.rootParams(m_fx.instanceOf(QStringLiteral("db2")))));
        QVERIFY(s.open(m_fx.rootParams(m_fx.instanceOf(QStringLiteral("db0")))));
        QVERIFY(t.exec(QStringLiteral("SET SESSION sql_log_bin = 0")));
        const QString table = Connection::quoteIdentifier(m_fx.schema(QStringLiteral("db2"))) + QStringLiteral(".`t_messages_0`");
        const QString source = Connection::quoteIdentifier(m_fx.schema(QStringLiteral("db0"))) + QStringLiteral(".`t_messages_0`");
        QVERIFY(t.exec(QStringLiteral("ANALYZE TABLE %1").arg(table)));
        auto span = t.query(QStringLiteral("SELECT COUNT(*), MIN(id), MAX(id) FROM %1").arg(table));
        QVERIFY2(span && span->rows.size() == 1, qPrintable(t.lastError()));
        const qint64 n = span->rows.first().at(0).toLongLong(), lo = span->rows.first().at(1).toLongLong(),
                     hi = span->rows.first().at(2).toLongLong();
        QVERIFY2(n >= 30, qPrintable(QString::number(n)));
        auto mid = t.queryValue(QStringLiteral("SELECT id FROM %1 ORDER BY id LIMIT 1 OFFSET %2").arg(table).arg(n / 2));
        QVERIFY(mid);
        const qint64 m = mid->toLongLong();
        QVERIFY(t.exec(QStringLiteral("DELETE FROM %1 WHERE id IN (%2, %3)").arg(table).arg(lo).arg(hi)));
        QVERIFY(t.exec(QStringLiteral("UPDATE %1 SET _from = CONCAT(_from, 'x') WHERE id = %2").arg(table).arg(m)));

        qputenv("SP_VERIFY_RANGE_ROWS", QByteArray::number(n / 6)); // about six ranges
        const auto found = migrate({QStringLiteral("verify")});
        QCOMPARE(found.exitCode, 1);
        QVERIFY2(QString(found.out).contains(QLatin1String("3 differ")), qPrintable(found.out + found.err));
        const auto repair = migrate({QStringLiteral("repair"), QStringLiteral("--yes")});
        QVERIFY2(repair.exitCode == 0, qPrintable(repair.out + repair.err));
        const auto clean = migrate({QStringLiteral("verify")});
        qunsetenv("SP_VERIFY_RANGE_ROWS");
        QVERIFY2(clean.exitCode == 0, qPrintable(clean.out + clean.err));
        const QString hex = QStringLiteral("SELECT id, HEX(_from) FROM %1 WHERE id IN (%2, %3, %4) ORDER BY id");
        auto a = t.query(hex.arg(table).arg(lo).arg(m).arg(hi));
        auto b = s.query(hex.arg(source).arg(lo).arg(m).arg(hi));
        QVERIFY(a && b);
        QCOMPARE(a->rows.size(), 3);
        QCOMPARE(a->rows, b->rows);
    }

    void craftedEditKeepsBothCrcsButNotSha2()
    {
        // The server computes CRC32C as this test does.
        Connection t;
        QVERIFY(t.open(m_fx.rootParams(m_fx.instanceOf(QStringLiteral("db2")))));
        QCOMPARE(t.queryValue(QStringLiteral("SELECT CRC32C('ShardPilot')"))->toULongLong(),
                 quint64(crc32c(QByteArrayLiteral("ShardPilot"))));
        QVERIFY(t.exec(QStringLiteral("SET SESSION sql_log_bin = 0, character_set_results = binary")));
        const QString schema = m_fx.schema(QStringLiteral("db2"));
        const QString table = Connection::quoteIdentifier(schema) + QStringLiteral(".`t_messages_0`");
        auto pick = t.query(QStringLiteral("SELECT id, _data FROM %1 WHERE LENGTH(_data) >= 24 ORDER BY id LIMIT 1").arg(table));
        QVERIFY2(pick && !pick->rows.isEmpty(), qPrintable(t.lastError()));
        const qint64 id = pick->rows.first().at(0).toLongLong();
        const QByteArray data = pick->rows.first().at(1).toByteArray();

        // The row as the servers hash it.
        migration::TableInfo info;
        QString why;
        QVERIFY2(migration::readTableInfo(t, schema, QStringLiteral("t_messages_0"), QStringLiteral("_target"), &info, &why),
                 qPrintable(why));
        auto row = t.queryValue(QStringLiteral("SELECT %1 FROM %2 WHERE id = %3").arg(migration::rowSql(info), table).arg(id));
        QVERIFY2(row, qPrintable(t.lastError()));
        const QByteArray m = row->toByteArray();
        const int at = int(m.indexOf(data));
        QVERIFY(at >= 0);
        const QList<int> bits = cancellingBits(m, at, 16);
        QVERIFY2(!bits.isEmpty(), "no cancelling set of bits found");
        QByteArray edited = data;
        for (int b : bits)
            edited[b / 8] = char(uchar(edited.at(b / 8)) ^ (1u << (b % 8)));
        QVERIFY(edited != data);
        // The edited row keeps both CRCs (checked by the server itself) ...
        const QString crcs = QStringLiteral("SELECT CRC32(%1), CRC32C(%1) FROM %2 WHERE id = %3").arg(migration::rowSql(info), table).arg(id);
        auto before = t.query(crcs);
        QVERIFY(t.exec(QStringLiteral("UPDATE %1 SET _data = X'%2' WHERE id = %3").arg(table, QString::fromLatin1(edited.toHex())).arg(id)));
        auto after = t.query(crcs);
        QVERIFY(before && after);
        QCOMPARE(after->rows.first().at(0).toString(), before->rows.first().at(0).toString());
        QCOMPARE(after->rows.first().at(1).toString(), before->rows.first().at(1).toString());
        // ... and differs from its source (plain SQL, HEX of the bytes).
        Connection s;
        QVERIFY(s.open(m_fx.rootParams(m_fx.instanceOf(QStringLiteral("db0")))));
        auto src = s.queryValue(QStringLiteral("SELECT HEX(_data) FROM %1.`t_messages_0` WHERE id = %2")
                                    .arg(Connection::quoteIdentifier(m_fx.schema(QStringLiteral("db0"))))
                                    .arg(id));
        auto dst = t.queryValue(QStringLiteral("SELECT HEX(_data) FROM %1 WHERE id = %2").arg(table).arg(id));
        QVERIFY(src && dst);
        QVERIFY(src->toString() != dst->toString());

        const auto crc = migrate({QStringLiteral("verify")});
        QVERIFY2(crc.exitCode == 0, qPrintable(crc.out + crc.err)); // the linear hashes cannot see it
        const auto strong = migrate({QStringLiteral("verify"), QStringLiteral("--strong-hash")});
        QCOMPARE(strong.exitCode, 1);
        QVERIFY2(QString(strong.out + strong.err).contains(QLatin1String("1 rows differ")), qPrintable(strong.out + strong.err));
        const auto repair = migrate({QStringLiteral("repair"), QStringLiteral("--yes"), QStringLiteral("--strong-hash")});
        QVERIFY2(repair.exitCode == 0, qPrintable(repair.out + repair.err));
        auto fixed = t.queryValue(QStringLiteral("SELECT HEX(_data) FROM %1 WHERE id = %2").arg(table).arg(id));
        QVERIFY(fixed);
        QCOMPARE(fixed->toString(), src->toString());
    }
};

QTEST_GUILESS_MAIN(TestMigrateHash)
#include "tst_migrate_hash.moc"
