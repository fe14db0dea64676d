// BinlogReader against a real mariadbd: decoded row images compared with what SELECT returns, transaction
// boundaries, rotation, a server killed and restarted, compressed events, loud failures.
#include "SandboxFixture.h"

#include "core/cluster/BinlogReader.h"
#include "core/cluster/Connection.h"
#include "core/cluster/Transaction.h"

#include <QElapsedTimer>
#include <QtTest>

#include <functional>
#include <thread>

using namespace sp;
using namespace sp::test;

namespace {

const char kTypesTable[] =
    "CREATE TABLE bintest.types (id INT PRIMARY KEY, ti TINYINT, uti TINYINT UNSIGNED, si SMALLINT,"
    " usi SMALLINT UNSIGNED, mi MEDIUMINT, umi MEDIUMINT UNSIGNED, i INT, ui INT UNSIGNED, bi BIGINT,"
    " ubi BIGINT UNSIGNED, f FLOAT, d DOUBLE, dec1 DECIMAL(20,6), dec2 DECIMAL(5,0), dec3 DECIMAL(65,30), y "
    "YEAR,"
    " dt DATE, dtm DATETIME, dtm3 DATETIME(3), dtm6 DATETIME(6), ts TIMESTAMP(4) NULL, c CHAR(10), cw "
    "CHAR(100),"
    " vc VARCHAR(64), vcl VARCHAR(1000), vb VARBINARY(300), bn BINARY(4), tx TEXT, mtx MEDIUMTEXT, bl BLOB,"
    " lbl LONGBLOB, lat VARCHAR(20) CHARACTER SET latin1, js JSON) DEFAULT CHARSET=utf8mb4";

const char kRow1[] =
    "(1, -128, 255, -32768, 65535, -8388608, 16777215, -2147483648, 4294967295, -9223372036854775808,"
    " 18446744073709551615, 3.14, -2.5e-300, -12345678901234.567891, 99999,"
    " 12345678901234567890123456789012345.123456789012345678901234567890, 2155, '2024-02-29',"
    " '9999-12-31 23:59:59', '2024-01-02 03:04:05.678', '1000-01-01 00:00:00.000001', '2038-01-19 "
    "03:14:07.9999',"
    " 'a', REPEAT('飞', 100), 'varchar 👍🏽 \\'q\\' \\\\', REPEAT('x', 1000), UNHEX(REPEAT('00FF7F80', "
    "75)), X'00000001',"
    " '飞享 text', REPEAT('m', 70000), X'DEADBEEF00', REPEAT(X'00FF', 40000), 'café', '{\"k\": [1, "
    "\"飞\"]}')";

const char kRow2[] =
    "(2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,"
    " NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,"
    " NULL, NULL)";

const char kRow3[] =
    "(3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -0.000001, -1, -0.000000000000000000000000000001, 0,"
    " '0000-00-00', '0000-00-00 00:00:00', '2000-01-01', '2000-01-01', '1970-01-01 00:00:01', '', '',"
    " '', '', '', X'', '', '', '', '', '', '[]')";

} // namespace

class TestBinlog final : public QObject
{
    Q_OBJECT

private:
    SandboxFixture m_fx{SandboxFixtureOptions{1, {}, 50, 11}};
    quint32 m_nextServerId = 5000;

    Connection root()
    {
        Connection c;
        c.open(m_fx.rootParams(0));
        return c;
    }

    BinlogPosition masterPosition()
    {
        Connection c = root();
        const auto r = c.query(QStringLiteral("SHOW MASTER STATUS"));
        return r && !r->rows.isEmpty()
                   ? BinlogPosition{r->rows.at(0).at(0).toString(), r->rows.at(0).at(1).toULongLong()}
                   : BinlogPosition{};
    }

    BinlogReaderOptions options(const BinlogPosition &from)
    {
        BinlogReaderOptions o;
        o.connection = m_fx.rootParams(0);
        o.start = from;
        o.serverId = m_nextServerId++;
        o.heartbeatSec = 1;
        o.reconnectTimeoutSec = 20;
        o.includeTable = [](const QString &schema, const QString &) {
            return schema == QLatin1String("bintest");
        };
        return o;
    }

    // Reads until `done` says so; heartbeats and everything else are collected. Fails on error or timeout.
    bool readUntil(BinlogReader &reader, QList<BinlogEvent> *events,
                   const std::function<bool(const BinlogEvent &)> &done, int timeoutMs = 20000)
    {
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < timeoutMs) {
            BinlogEvent e;
            if (!reader.next(&e)) {
                qWarning("reader: %s", qPrintable(reader.error()));
                return false;
            }
            if (e.kind != BinlogEventKind::Heartbeat)
                events->append(e);
            if (done(e))
                return true;
        }
        qWarning("timed out");
        return false;
    }

    static QList<BinlogEvent> rowsOf(const QList<BinlogEvent> &events)
    {
        QList<BinlogEvent> out;
        for (const BinlogEvent &e : events)
            if (e.kind == BinlogEventKind::Rows)
                out.append(e);
        return out;
    }

    static bool isXid(const BinlogEvent &e) { return e.kind == BinlogEventKind::Xid; }

    // The rows of every event of one kind: the server splits big row sets over several events
    // (binlog_row_event_max_size).
    static QList<BinlogRow> changes(const QList<BinlogEvent> &events, RowChange change)
    {
        QList<BinlogRow> out;
        for (const BinlogEvent &e : events)
            if (e.kind == BinlogEventKind::Rows && e.change == change)
                out += e.rows;
        return out;
    }

    // Decoded values against SELECT's: same NULLs, same text, same bytes.
    static void compareRow(const QList<QVariant> &decoded, const QList<QVariant> &selected,
                           const QStringList &columns)
    {
        QCOMPARE(decoded.size(), selected.size());
        for (int i = 0; i < decoded.size(); ++i) {
            const QVariant &d = decoded.at(i), &s = selected.at(i);
            const QByteArray ctx = columns.at(i).toUtf8();
            QVERIFY2(d.isValid() == s.isValid(), ctx.constData());
            if (!s.isValid())
                continue;
            if (s.typeId() == QMetaType::QByteArray) {
                QVERIFY2(d.typeId() == QMetaType::QByteArray, ctx.constData());
                QVERIFY2(d.toByteArray() == s.toByteArray(), ctx.constData());
            } else if (s.typeId() == QMetaType::Double && d.typeId() == QMetaType::Double) {
                QVERIFY2(d.toDouble() == s.toDouble(), ctx.constData());
            } else {
                const QByteArray why = QByteArray(ctx + ": " + d.toString().left(80).toUtf8() + " vs " +
                                                  s.toString().left(80).toUtf8());
                QVERIFY2(d.toString() == s.toString(), why.constData());
            }
        }
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(m_fx.start(), qPrintable(m_fx.error()));
        Connection c = root();
        QVERIFY(c.exec(QStringLiteral("CREATE DATABASE bintest")));
        QVERIFY(c.exec(QStringLiteral("CREATE TABLE bintest.kv (id INT PRIMARY KEY, v VARCHAR(32))")));
        QCOMPARE(c.queryValue(QStringLiteral("SELECT @@binlog_row_metadata"))->toString(),
                 QStringLiteral("FULL"));
    }

    void decodesManyTypes()
    {
        Connection c = root();
        QVERIFY2(c.exec(QByteArray(kTypesTable)), qPrintable(c.lastError()));
        QVERIFY(c.exec(QStringLiteral("SET SESSION time_zone = '+00:00'"))); // TIMESTAMPs decode in UTC
        const BinlogPosition from = masterPosition();
        {
            Transaction tx(c);
            QVERIFY2(
                c.exec("INSERT INTO bintest.types VALUES " + QByteArray(kRow1) + ',' + kRow2 + ',' + kRow3),
                qPrintable(c.lastError()));
            QVERIFY(tx.commit());
        }
        const auto snapA = c.query(QStringLiteral("SELECT * FROM bintest.types ORDER BY id"));
        QVERIFY(snapA);
        QVERIFY(c.exec(
            QStringLiteral("UPDATE bintest.types SET vc = NULL, tx = '', bl = X'00', dec1 = 1.5, ts = NULL,"
                           " ubi = 1, lat = 'naïve' WHERE id = 3")));
        const auto snapB = c.query(QStringLiteral("SELECT * FROM bintest.types ORDER BY id"));
        QVERIFY(c.exec(QStringLiteral("DELETE FROM bintest.types WHERE id = 2")));

        BinlogReader reader(options(from));
        QVERIFY2(reader.open(), qPrintable(reader.error()));
        QList<BinlogEvent> events;
        int xids = 0;
        QVERIFY(readUntil(reader, &events, [&](const BinlogEvent &e) { return isXid(e) && ++xids == 3; }));
        const QList<BinlogEvent> rows = rowsOf(events);
        QVERIFY(rows.size() >= 3);
        const BinlogEvent &first = rows.at(0);
        QCOMPARE(first.change, RowChange::Insert);
        QCOMPARE(first.typeName, QStringLiteral("WRITE_ROWS_EVENT_V1"));
        QVERIFY(first.table);
        QCOMPARE(first.table->qualifiedName(), QStringLiteral("bintest.types"));
        QStringList names;
        for (const BinlogColumn &col : first.table->columns)
            names.append(col.name);
        QCOMPARE(names, snapA->columns);
        QCOMPARE(first.table->primaryKey, QList<int>{0});
        QVERIFY(first.table->columns.at(2).isUnsigned);      // uti
        QVERIFY(!first.table->columns.at(1).isUnsigned);     // ti
        QCOMPARE(first.table->columns.at(26).collation, 63); // vb: binary
        QCOMPARE(first.table->columns.at(23).typeName, QStringLiteral("char"));

        const QList<BinlogRow> inserted = changes(events, RowChange::Insert);
        QCOMPARE(inserted.size(), 3);
        for (int r = 0; r < 3; ++r) {
            compareRow(inserted.at(r).after, snapA->rows.at(r), snapA->columns);
            if (QTest::currentTestFailed())
                return;
        }
        QVERIFY(!inserted.at(1).after.at(22).isValid()); // NULL char
        QVERIFY(inserted.at(2).after.at(22).isValid());  // '' char
        QCOMPARE(inserted.at(0).after.at(23).toString(),
                 QString(100, QChar(0x98DE))); // CHAR(100) utf8mb4: 300 bytes

        const QList<BinlogRow> updated = changes(events, RowChange::Update);
        QCOMPARE(updated.size(), 1);
        compareRow(updated.at(0).before, snapA->rows.at(2), snapA->columns);
        compareRow(updated.at(0).after, snapB->rows.at(2), snapB->columns);

        const QList<BinlogRow> deleted = changes(events, RowChange::Delete);
        QCOMPARE(deleted.size(), 1);
        compareRow(deleted.at(0).before, snapB->rows.at(1), snapB->columns);
        QVERIFY(deleted.at(0).after.isEmpty());
    }

    void transactionBoundariesAndDdl()
    {
        const BinlogPosition from = masterPosition();
        Connection c = root();
        {
            Transaction tx(c);
            QVERIFY(c.exec(QStringLiteral("INSERT INTO bintest.kv VALUES (1, 'a'), (2, 'b')")));
            QVERIFY(c.exec(QStringLiteral("UPDATE bintest.kv SET v = 'c' WHERE id = 2")));
            QVERIFY(tx.commit());
        }
        QVERIFY(c.exec(QStringLiteral("ALTER TABLE bintest.kv ADD COLUMN w INT NULL")));
        QVERIFY(c.exec(QStringLiteral("INSERT INTO bintest.kv VALUES (3, 'd', 7)")));
        BinlogReader reader(options(from));
        QVERIFY(reader.open());
        QList<BinlogEvent> events;
        int xids = 0;
        QVERIFY(readUntil(reader, &events, [&](const BinlogEvent &e) { return isXid(e) && ++xids == 2; }));
        QStringList kinds;
        for (const BinlogEvent &e : events)
            kinds.append(e.kind == BinlogEventKind::Gtid
                             ? (e.standalone ? QStringLiteral("gtid-ddl") : QStringLiteral("gtid"))
                         : e.kind == BinlogEventKind::Rows  ? QStringLiteral("rows")
                         : e.kind == BinlogEventKind::Xid   ? QStringLiteral("xid")
                         : e.kind == BinlogEventKind::Query ? QStringLiteral("query")
                                                            : e.typeName);
        QCOMPARE(kinds,
                 (QStringList{QStringLiteral("gtid"), QStringLiteral("rows"), QStringLiteral("rows"),
                              QStringLiteral("xid"), QStringLiteral("gtid-ddl"), QStringLiteral("query"),
                              QStringLiteral("gtid"), QStringLiteral("rows"), QStringLiteral("xid")}));
        const BinlogEvent &ddl = events.at(5);
        QVERIFY(ddl.endsTransaction);
        QVERIFY2(ddl.query.contains(QLatin1String("ADD COLUMN w INT")), qPrintable(ddl.query));
        QVERIFY(events.at(3).endsTransaction);
        QVERIFY(!events.at(1).endsTransaction);
        // the new column is decoded after the DDL
        QCOMPARE(events.at(7).table->columns.size(), 3);
        QCOMPARE(events.at(7).rows.at(0).after.at(2).toLongLong(), 7);
        // positions: the last event ends at the committed position, which the server reports too
        QCOMPARE(reader.committedPosition(), events.last().nextPosition);
        QCOMPARE(reader.committedPosition(), masterPosition());
        QVERIFY(events.at(0).gtidSequence > 0);
        QCOMPARE(events.at(6).gtidSequence, events.at(4).gtidSequence + 1);
    }

    void rolledBackTransactionIsNotThere()
    {
        const BinlogPosition from = masterPosition();
        Connection c = root();
        {
            Transaction tx(c);
            QVERIFY(c.exec(QStringLiteral("INSERT INTO bintest.kv (id, v) VALUES (100, 'rolled back')")));
        } // rolled back by the guard
        QVERIFY(c.exec(QStringLiteral("INSERT INTO bintest.kv (id, v) VALUES (101, 'kept')")));
        BinlogReader reader(options(from));
        QVERIFY(reader.open());
        QList<BinlogEvent> events;
        QVERIFY(readUntil(reader, &events, isXid));
        const auto rows = rowsOf(events);
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows.at(0).rows.at(0).after.at(0).toLongLong(), 101);
    }

    void snapshotPositionStartsTheStreamAfterTheSnapshot()
    {
        Connection a = root();
        Connection b = root();
        QVERIFY(b.exec(QStringLiteral("INSERT INTO bintest.kv (id, v) VALUES (200, 'before')")));
        Transaction tx(a, TransactionOptions{true, true});
        const auto pos = tx.snapshotPosition();
        QVERIFY2(pos, qPrintable(tx.error()));
        QVERIFY(b.exec(QStringLiteral("INSERT INTO bintest.kv (id, v) VALUES (201, 'after')")));
        QCOMPARE(
            a.queryValue(QStringLiteral("SELECT COUNT(*) FROM bintest.kv WHERE id >= 200"))->toLongLong(), 1);
        BinlogReader reader(options(*pos));
        QVERIFY(reader.open());
        QList<BinlogEvent> events;
        QVERIFY(readUntil(reader, &events, isXid));
        const auto rows = rowsOf(events);
        QCOMPARE(rows.size(), 1); // exactly what the snapshot does not have
        QCOMPARE(rows.at(0).rows.at(0).after.at(0).toLongLong(), 201);
    }

    void rotationIsFollowed()
    {
        const BinlogPosition from = masterPosition();
        Connection c = root();
        BinlogReader reader(options(from));
        QVERIFY(reader.open());
        QVERIFY(c.exec(QStringLiteral("INSERT INTO bintest.kv (id, v) VALUES (300, 'r1')")));
        QVERIFY(c.exec(QStringLiteral("FLUSH BINARY LOGS")));
        QVERIFY(c.exec(QStringLiteral("INSERT INTO bintest.kv (id, v) VALUES (301, 'r2')")));
        QList<BinlogEvent> events;
        int xids = 0;
        QVERIFY(readUntil(reader, &events, [&](const BinlogEvent &e) { return isXid(e) && ++xids == 2; }));
        int rotate = -1;
        for (int i = 0; i < events.size(); ++i)
            if (events.at(i).kind == BinlogEventKind::Rotate)
                rotate = i;
        QVERIFY(rotate > 0);
        const BinlogPosition next = events.at(rotate).nextPosition;
        QVERIFY(from.file != next.file);
        QVERIFY2(from < next, qPrintable(from.toString() + QStringLiteral(" vs ") + next.toString()));
        const auto rows = rowsOf(events);
        QCOMPARE(rows.size(), 2);
        QCOMPARE(rows.at(0).position.file, from.file);
        QCOMPARE(rows.at(1).position.file, next.file);
        QCOMPARE(reader.position().file, next.file);
    }

    void reconnectsAfterServerRestart()
    {
        const BinlogPosition from = masterPosition();
        Connection c = root();
        QVERIFY(c.exec(QStringLiteral("INSERT INTO bintest.kv (id, v) VALUES (400, 'before the crash')")));
        BinlogReaderOptions o = options(from);
        o.reconnectTimeoutSec = 2;
        BinlogReader reader(o);
        QVERIFY(reader.open());
        QList<BinlogEvent> events;
        QVERIFY(readUntil(reader, &events, isXid));
        const BinlogPosition committed = reader.committedPosition();
        c.close();

        QString error;
        QVERIFY2(m_fx.sandbox().killInstance(0, &error), qPrintable(error));
        // while it is down, next() gives up after reconnectTimeoutSec and says why
        BinlogEvent e;
        QElapsedTimer t;
        t.start();
        while (reader.next(&e))
            QVERIFY(e.kind == BinlogEventKind::Heartbeat && t.elapsed() < 10000);
        QVERIFY2(reader.error().contains(QLatin1String("not back within 2 s")), qPrintable(reader.error()));
        QVERIFY(!reader.hasFailed()); // not sticky: a later next() tries again

        QVERIFY2(m_fx.sandbox().startInstance(0, &error, true, 60), qPrintable(error));
        c = root();
        QVERIFY2(c.exec(QStringLiteral("INSERT INTO bintest.kv (id, v) VALUES (401, 'after the restart')")),
                 qPrintable(c.lastError()));
        events.clear();
        QVERIFY(readUntil(reader, &events, isXid));
        QCOMPARE(events.first().kind, BinlogEventKind::Reconnected);
        QCOMPARE(events.first().nextPosition, committed);
        QCOMPARE(reader.reconnectCount(), 1);
        const auto rows = rowsOf(events);
        QCOMPARE(rows.size(), 1); // 400 is not delivered twice
        QCOMPARE(rows.at(0).rows.at(0).after.at(0).toLongLong(), 401);
        QVERIFY(rows.at(0).position.file != committed.file); // the restarted server writes a new file
    }

    void compressedEventsDecodeTheSame()
    {
        Connection c = root();
        QVERIFY(
            c.exec(QStringLiteral("SET GLOBAL log_bin_compress = ON, GLOBAL log_bin_compress_min_len = 10")));
        const BinlogPosition from = masterPosition();
        Connection w = root(); // a session opened after the change
        const QString text = QString(300, QLatin1Char('z')) + QStringLiteral("飞享");
        QVERIFY(w.exec(QStringLiteral("INSERT INTO bintest.kv (id, v, w) VALUES (500, 'compressed', NULL)")));
        QVERIFY(w.exec(QStringLiteral("UPDATE bintest.kv SET v = ") + w.quoteString(text.right(30)) +
                       QStringLiteral(" WHERE id = 500")));
        QVERIFY(c.exec(QStringLiteral("SET GLOBAL log_bin_compress = OFF")));
        BinlogReader reader(options(from));
        QVERIFY(reader.open());
        QList<BinlogEvent> events;
        int xids = 0;
        QVERIFY(readUntil(reader, &events, [&](const BinlogEvent &e) { return isXid(e) && ++xids == 2; }));
        const auto rows = rowsOf(events);
        QCOMPARE(rows.size(), 2);
        QCOMPARE(rows.at(0).typeName, QStringLiteral("WRITE_ROWS_COMPRESSED_EVENT_V1"));
        QCOMPARE(rows.at(1).typeName, QStringLiteral("UPDATE_ROWS_COMPRESSED_EVENT_V1"));
        QCOMPARE(rows.at(1).rows.at(0).before.at(1).toString(), QStringLiteral("compressed"));
        QCOMPARE(rows.at(1).rows.at(0).after.at(1).toString(), text.right(30));
        QVERIFY(!rows.at(1).rows.at(0).after.at(2).isValid());
    }

    void unsupportedTypeFailsNamingTheEvent()
    {
        Connection c = root();
        QVERIFY(c.exec(QStringLiteral("CREATE TABLE bintest.en (id INT PRIMARY KEY, e ENUM('x', 'y'))")));
        const BinlogPosition from = masterPosition();
        QVERIFY(c.exec(QStringLiteral("INSERT INTO bintest.en VALUES (1, 'y')")));
        QVERIFY(c.exec(QStringLiteral("INSERT INTO bintest.kv (id, v) VALUES (600, 'after the enum')")));
        {
            BinlogReader reader(options(from));
            QVERIFY(reader.open());
            QList<BinlogEvent> events;
            QVERIFY(!readUntil(reader, &events,
                               [](const BinlogEvent &e) { return e.kind == BinlogEventKind::Rows; }));
            QVERIFY(reader.hasFailed());
            QVERIFY2(reader.error().contains(QLatin1String("cannot decode WRITE_ROWS_EVENT_V1")) &&
                         reader.error().contains(QLatin1String("`e` (enum)")) &&
                         reader.error().contains(from.file),
                     qPrintable(reader.error()));
            BinlogEvent e;
            QVERIFY(!reader.next(&e)); // stays failed: nothing after it is handed out
        }
        // a stream that does not want that table passes it by
        BinlogReaderOptions o = options(from);
        o.includeTable = [](const QString &schema, const QString &table) {
            return schema == QLatin1String("bintest") && table != QLatin1String("en");
        };
        BinlogReader reader(o);
        QVERIFY(reader.open());
        QList<BinlogEvent> events;
        QVERIFY(
            readUntil(reader, &events, [](const BinlogEvent &e) { return e.kind == BinlogEventKind::Rows; }));
        QCOMPARE(events.last().rows.at(0).after.at(0).toLongLong(), 600);
    }

    void heartbeatsAndStop()
    {
        BinlogReader reader(options(masterPosition()));
        QVERIFY(reader.open());
        QElapsedTimer t;
        t.start();
        BinlogEvent e;
        QVERIFY(reader.next(&e));
        QCOMPARE(e.kind, BinlogEventKind::Heartbeat); // nothing new: the server says it is alive
        QVERIFY(t.elapsed() < 3000);

        BinlogReaderOptions o = options(masterPosition());
        o.heartbeatSec = 60;
        BinlogReader quiet(o);
        QVERIFY(quiet.open());
        std::thread stopper([&] {
            QThread::msleep(300);
            quiet.requestStop();
        });
        t.restart();
        QVERIFY(!quiet.next(&e)); // blocked until the stop
        stopper.join();
        QVERIFY(quiet.isStopped());
        QVERIFY2(t.elapsed() < 3000, qPrintable(QString::number(t.elapsed())));
    }

    void cleanupTestCase() { m_fx.stop(); }
};

QTEST_GUILESS_MAIN(TestBinlog)
#include "tst_binlog.moc"
