// Prepared statements, multi-row INSERT building and the in-flight query registry against a real mariadbd.
#include "SandboxFixture.h"

#include "core/cluster/Connection.h"
#include "core/cluster/InsertBuilder.h"
#include "core/cluster/PreparedStatement.h"
#include "core/cluster/QueryRegistry.h"
#include "core/cluster/Transaction.h"
#include "core/migration/ExactBulk.h"
#include "core/migration/ExactRows.h"
#include "core/migration/MoveSet.h"

#include <QElapsedTimer>
#include <QtTest>

#include <limits>
#include <thread>

using namespace sp;
using namespace sp::test;

namespace {

QByteArray allBytes()
{
    QByteArray b;
    for (int i = 0; i < 256; ++i)
        b.append(char(i));
    return b;
}

// Values a naive concatenation would break on.
QList<QString> hostileStrings()
{
    return {QStringLiteral("'"),
            QStringLiteral("\\"),
            QStringLiteral("\\'"),
            QStringLiteral("'); DROP TABLE stmttest.t; --"),
            QStringLiteral("a") + QChar(0) + QStringLiteral("b"),
            QStringLiteral("line1\nline2\r\n\ttab"),
            QStringLiteral("\x1a ctrl-z \"double\" `back`"),
            QStringLiteral("%_ like wildcards"),
            QStringLiteral("飞享 👍🏽 utf8mb4"),
            QString(),
            QStringLiteral(" ")};
}

} // namespace

class TestStatements final : public QObject
{
    Q_OBJECT

private:
    SandboxFixture m_fx{SandboxFixtureOptions{1, {}, 50, 9}};

    Connection root()
    {
        Connection c;
        c.open(m_fx.rootParams(0));
        return c;
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(m_fx.start(), qPrintable(m_fx.error()));
        Connection c = root();
        QVERIFY(c.exec(QStringLiteral("CREATE DATABASE stmttest")));
    }

    void init()
    {
        Connection c = root();
        QVERIFY(c.exec(QStringLiteral("DROP TABLE IF EXISTS stmttest.t")));
        QVERIFY(c.exec(QStringLiteral(
            "CREATE TABLE stmttest.t (id INT PRIMARY KEY, s VARCHAR(200), b VARBINARY(300), "
            "i BIGINT, u BIGINT UNSIGNED, d DOUBLE, dt DATETIME(3), n TEXT) DEFAULT CHARSET=utf8mb4")));
    }

    void preparedRoundTrip()
    {
        Connection c = root();
        PreparedStatement ins(c);
        QVERIFY2(ins.prepare(QStringLiteral(
                     "INSERT INTO stmttest.t (id, s, b, i, u, d, dt, n) VALUES (?,?,?,?,?,?,?,?)")),
                 qPrintable(ins.lastError()));
        QCOMPARE(ins.paramCount(), 8);
        const QByteArray binary = allBytes();
        const QList<QList<QVariant>> rows{
            {1, QStringLiteral("飞享 👍"), binary, std::numeric_limits<qlonglong>::min(),
             std::numeric_limits<qulonglong>::max(), 0.1,
             QDateTime(QDate(2024, 2, 29), QTime(23, 59, 58, 123)), QVariant()},
            {2, QString(), QByteArray(), qlonglong(0), qulonglong(0), -1.5e300, QVariant(),
             QStringLiteral("")},
            {3, QVariant(), QVariant(), QVariant(), QVariant(), QVariant(), QVariant(), QVariant()},
        };
        for (const auto &row : rows) {
            ExecResult r;
            QVERIFY2(ins.execute(row, &r), qPrintable(ins.lastError()));
            QCOMPARE(r.affectedRows, quint64(1));
        }
        PreparedStatement sel(c);
        QVERIFY(sel.prepare(QStringLiteral(
            "SELECT id, s, b, i, u, d, dt, n, LENGTH(b) FROM stmttest.t WHERE id >= ? ORDER BY id")));
        const auto got = sel.query({1});
        QVERIFY2(got, qPrintable(sel.lastError()));
        QCOMPARE(got->rows.size(), 3);
        QCOMPARE(got->columns.first(), QStringLiteral("id"));
        const auto &r1 = got->rows.at(0);
        QCOMPARE(r1.at(1).toString(), QStringLiteral("飞享 👍"));
        QCOMPARE(r1.at(2).typeId(), QMetaType::QByteArray);
        QCOMPARE(r1.at(2).toByteArray(), binary);
        QCOMPARE(r1.at(3), QVariant(std::numeric_limits<qlonglong>::min()));
        QCOMPARE(r1.at(4), QVariant(std::numeric_limits<qulonglong>::max()));
        QCOMPARE(r1.at(5).toDouble(), 0.1);
        QCOMPARE(r1.at(6).toString(), QStringLiteral("2024-02-29 23:59:58.123"));
        QVERIFY(!r1.at(7).isValid());
        QCOMPARE(r1.at(8).toLongLong(), 256);
        // '' is not NULL, neither as text nor as bytes
        const auto &r2 = got->rows.at(1);
        QVERIFY(r2.at(1).isValid());
        QCOMPARE(r2.at(1).toString(), QString());
        QVERIFY(r2.at(2).isValid());
        QCOMPARE(r2.at(2).toByteArray(), QByteArray());
        QVERIFY(r2.at(7).isValid());
        QCOMPARE(r2.at(5).toDouble(), -1.5e300);
        for (int col = 1; col < 8; ++col)
            QVERIFY(!got->rows.at(2).at(col).isValid());
        // the server agrees on NULL versus ''
        QCOMPARE(
            c.queryValue(QStringLiteral("SELECT COUNT(*) FROM stmttest.t WHERE s IS NULL"))->toLongLong(), 1);
        QCOMPARE(c.queryValue(QStringLiteral("SELECT COUNT(*) FROM stmttest.t WHERE s = ''"))->toLongLong(),
                 1);
        QCOMPARE(c.queryValue(QStringLiteral("SELECT HEX(b) FROM stmttest.t WHERE id = 1"))->toString(),
                 QString::fromLatin1(binary.toHex().toUpper()));
        // statement reuse with other parameters; an UPDATE's affected rows
        PreparedStatement upd(c);
        QVERIFY(upd.prepare(QStringLiteral("UPDATE stmttest.t SET s = ? WHERE id <= ?")));
        ExecResult r;
        QVERIFY(upd.execute({QStringLiteral("x"), 2}, &r));
        QCOMPARE(r.affectedRows, quint64(2));
    }

    void preparedErrorsCarryTheServerMessage()
    {
        Connection c = root();
        PreparedStatement bad(c);
        QVERIFY(!bad.prepare(QStringLiteral("SELEC nonsense")));
        QVERIFY2(bad.lastError().contains(QLatin1String("SQL syntax")) && bad.lastErrno() == 1064,
                 qPrintable(bad.lastError()));
        QVERIFY(bad.lastError().contains(m_fx.rootParams(0).describe()));
        PreparedStatement ins(c);
        QVERIFY(ins.prepare(QStringLiteral("INSERT INTO stmttest.t (id) VALUES (?)")));
        QVERIFY(!ins.execute({}));
        QVERIFY2(ins.lastError().contains(QLatin1String("0 parameter(s) given")),
                 qPrintable(ins.lastError()));
        QVERIFY(!ins.execute({QVariant::fromValue(QPointF(1, 2))}));
        QVERIFY2(ins.lastError().contains(QLatin1String("cannot bind")), qPrintable(ins.lastError()));
        QVERIFY(ins.execute({1}));
        QVERIFY(!ins.execute({1}));
        QCOMPARE(ins.lastErrno(), 1062u);
        QVERIFY2(ins.lastError().contains(QLatin1String("Duplicate entry '1' for key 'PRIMARY'")),
                 qPrintable(ins.lastError()));
        // the connection's warning policy applies to prepared statements too
        c.exec(QStringLiteral("SET SESSION sql_mode = ''"));
        c.setWarningPolicy(WarningPolicy{true, false, {}});
        PreparedStatement trunc(c);
        QVERIFY(trunc.prepare(QStringLiteral("INSERT INTO stmttest.t (id, s) VALUES (?, ?)")));
        QVERIFY(!trunc.execute({2, QString(300, QLatin1Char('x'))}));
        QVERIFY2(trunc.lastError().contains(QLatin1String("1265")), qPrintable(trunc.lastError()));
    }

    void multiRowInsertEscapesHostileValues()
    {
        Connection c = root();
        QList<QList<QVariant>> rows;
        const QList<QString> strings = hostileStrings();
        for (int i = 0; i < strings.size(); ++i) {
            QByteArray bytes = strings.at(i).toUtf8();
            if (i % 2)
                bytes = allBytes().mid(i * 20, 40) + '\0' + '\'' + '\\';
            rows.append({i + 1, strings.at(i), bytes, qlonglong(-i), QVariant()});
        }
        rows.append({100, QVariant(), QVariant(), QVariant(), QVariant()}); // NULLs stay NULL
        MultiRowInsert spec{QStringLiteral("`stmttest`.`t`"),
                            {QStringLiteral("id"), QStringLiteral("s"), QStringLiteral("b"),
                             QStringLiteral("i"), QStringLiteral("n")}};
        QString error;
        const auto built = InsertBuilder::build(c, spec, rows, &error);
        QVERIFY2(built, qPrintable(error));
        QCOMPARE(built->statements.size(), 1);
        QVERIFY(built->statements.first().startsWith(
            "INSERT INTO `stmttest`.`t` (`id`, `s`, `b`, `i`, `n`) VALUES ("));
        QVERIFY(!built->statements.first().contains('\0')); // NUL travels escaped
        ExecResult r;
        QVERIFY2(InsertBuilder::execute(c, spec, rows, &r), qPrintable(c.lastError()));
        QCOMPARE(r.affectedRows, quint64(rows.size()));
        // every value comes back byte for byte, and the table is still there
        const auto back = c.query(QStringLiteral("SELECT id, s, b, i, n FROM stmttest.t ORDER BY id"));
        QVERIFY(back);
        QCOMPARE(back->rows.size(), rows.size());
        for (int i = 0; i < rows.size(); ++i) {
            const auto &want = rows.at(i);
            const auto &got = back->rows.at(i);
            QCOMPARE(got.at(0).toInt(), want.at(0).toInt());
            QCOMPARE(got.at(1).isValid(), want.at(1).isValid());
            QCOMPARE(got.at(1).toString(), want.at(1).toString());
            QCOMPARE(got.at(2).isValid(), want.at(2).isValid());
            QCOMPARE(got.at(2).toByteArray(), want.at(2).toByteArray());
            QVERIFY(!got.at(4).isValid());
        }
    }

    void multiRowInsertSplitsBelowTheLimit()
    {
        Connection c = root();
        QList<QList<QVariant>> rows;
        for (int i = 0; i < 500; ++i)
            rows.append({i, QStringLiteral("row %1 'quoted' \\ ").arg(i), QByteArray(50, char(i))});
        MultiRowInsert spec{QStringLiteral("`stmttest`.`t`"),
                            {QStringLiteral("id"), QStringLiteral("s"), QStringLiteral("b")},
                            false,
                            4096};
        QString error;
        const auto built = InsertBuilder::build(c, spec, rows, &error);
        QVERIFY2(built, qPrintable(error));
        QVERIFY(built->statements.size() > 10);
        int total = 0;
        for (int i = 0; i < built->statements.size(); ++i) {
            QVERIFY(built->statements.at(i).size() <= 4096);
            total += built->rowCounts.at(i);
        }
        QCOMPARE(total, 500);
        QVERIFY(InsertBuilder::execute(c, spec, rows));
        QCOMPARE(c.queryValue(QStringLiteral("SELECT COUNT(*) FROM stmttest.t"))->toLongLong(), 500);
        // INSERT IGNORE replays idempotently
        spec.ignore = true;
        ExecResult r;
        QVERIFY(InsertBuilder::execute(c, spec, rows.mid(0, 10), &r));
        QCOMPARE(r.affectedRows, quint64(0));
        // the default limit comes from max_allowed_packet (64 MiB in the sandbox, capped at 16 MiB)
        spec.maxStatementBytes = 0;
        QVERIFY(InsertBuilder::build(c, spec, rows, &error)->statements.size() == 1);
    }

    void multiRowInsertRefusesWhatItCannotBuild()
    {
        Connection c = root();
        MultiRowInsert spec{
            QStringLiteral("`stmttest`.`t`"), {QStringLiteral("id"), QStringLiteral("s")}, false, 200};
        QString error;
        QVERIFY(!InsertBuilder::build(c, spec, {{1, QString(300, QLatin1Char('x'))}}, &error));
        QVERIFY2(error.contains(QLatin1String("row 1 alone")), qPrintable(error));
        QVERIFY(!InsertBuilder::build(c, spec, {{1}}, &error));
        QVERIFY2(error.contains(QLatin1String("1 value(s) for 2 column(s)")), qPrintable(error));
        QVERIFY(!InsertBuilder::build(c, spec, {{1, std::numeric_limits<double>::quiet_NaN()}}, &error));
        QVERIFY2(error.contains(QLatin1String("NaN")), qPrintable(error));
        spec.columns = QStringList{QStringLiteral("id"), QStringLiteral("bad ")};
        QVERIFY(!InsertBuilder::build(c, spec, {{1, 2}}, &error));
        QVERIFY2(error.contains(QLatin1String("ends with a space")), qPrintable(error));
        // a warning fails a multi-row insert under the policy, and the guard keeps none of its rows
        c.exec(QStringLiteral("SET SESSION sql_mode = ''"));
        c.setWarningPolicy(WarningPolicy{true, false, {}});
        spec = MultiRowInsert{QStringLiteral("`stmttest`.`t`"), {QStringLiteral("id"), QStringLiteral("s")}};
        {
            Transaction tx(c);
            QVERIFY(!InsertBuilder::execute(
                c, spec, {{1, QStringLiteral("ok")}, {2, QString(201, QLatin1Char('y'))}}));
            QVERIFY2(c.lastError().contains(QLatin1String("Data truncated")), qPrintable(c.lastError()));
        }
        QCOMPARE(c.queryValue(QStringLiteral("SELECT COUNT(*) FROM stmttest.t"))->toLongLong(), 0);
    }

    void registryKillsASleepFromAnotherThread()
    {
        QueryRegistry registry;
        Connection victim = root();
        victim.setQueryRegistry(&registry);
        std::optional<QVariant> result;
        QElapsedTimer timer;
        std::thread worker([&] { result = victim.queryValue(QStringLiteral("SELECT SLEEP(30)")); });
        QTRY_COMPARE_WITH_TIMEOUT(registry.inFlight().size(), 1, 5000);
        QCOMPARE(registry.inFlight().first().sql, QStringLiteral("SELECT SLEEP(30)"));
        QCOMPARE(registry.inFlight().first().threadId, victim.threadId());
        timer.start();
        QCOMPARE(registry.killAll(), 1);
        worker.join();
        QVERIFY2(timer.elapsed() < 3000, qPrintable(QString::number(timer.elapsed())));
        // MariaDB 10.11 ends the statement with error 1317 (older servers made SLEEP return 1)
        QVERIFY2((result && result->toLongLong() == 1) || (!result && victim.lastErrno() == 1317),
                 qPrintable(victim.lastError()));
        QVERIFY(registry.inFlight().isEmpty());
        QVERIFY(victim.ping());
    }

    void cancelStopsRunningAndRefusesNew()
    {
        QueryRegistry &registry = QueryRegistry::global();
        Connection a = root();
        Connection b = root();
        a.setQueryRegistry(&registry);
        b.setQueryRegistry(&registry);
        PreparedStatement sleep(b);
        QVERIFY(sleep.prepare(QStringLiteral("SELECT SLEEP(?)")));
        bool aDone = false, bDone = false;
        std::thread ta([&] { aDone = a.exec(QStringLiteral("SELECT SLEEP(30)")); });
        std::thread tb([&] { bDone = sleep.query({30}).has_value(); });
        QTRY_COMPARE_WITH_TIMEOUT(registry.inFlight().size(), 2, 5000);
        QElapsedTimer timer;
        timer.start();
        QVERIFY(registry.cancel(5000));
        ta.join();
        tb.join();
        QVERIFY2(timer.elapsed() < 4000, qPrintable(QString::number(timer.elapsed())));
        Q_UNUSED(aDone);
        Q_UNUSED(bDone);
        // cancelled: new statements are refused without reaching the server
        QVERIFY(!a.exec(QStringLiteral("SELECT 1")));
        QCOMPARE(a.lastError().section(QStringLiteral(": "), -1), QStringLiteral("cancelled"));
        QVERIFY(!sleep.query({0}));
        registry.reset();
        QVERIFY2(a.exec(QStringLiteral("SELECT 1")), qPrintable(a.lastError()));
    }

    // The copy's INSERT over arrays of parameters (migration::ExactBulkInsert), split into many
    // executions by a small byte budget: every value arrives as stored (plain SQL on both tables:
    // numbers of ENUM/SET members named by digits, doubles as the server prints them, HEX of bytes),
    // NULLs stay NULL, the generated column is the target's own; a key already there stops it with the
    // server's error 1062 and nothing of that execution is kept.
    void exactBulkInsertKeepsEveryValueAcrossExecutions()
    {
        Connection c = root();
        QVERIFY(c.exec(QStringLiteral("DROP TABLE IF EXISTS stmttest.bsrc, stmttest.bdst")));
        QVERIFY(c.exec(QStringLiteral(
            "CREATE TABLE stmttest.bsrc (id INT PRIMARY KEY, e ENUM('2','1','10') NULL, st SET('4','1','2') NOT NULL, "
            "f FLOAT NULL, d DOUBLE NULL, y YEAR NULL, l VARCHAR(40) CHARACTER SET latin1 NULL, "
            "u VARCHAR(40) CHARACTER SET utf8mb4 NOT NULL, b BLOB NULL, dt DATETIME(6) NULL, dc DECIMAL(30,10) NULL, "
            "g INT AS (id + 1) VIRTUAL, ti TINYINT NULL, ub BIGINT UNSIGNED NULL, sb BIGINT NOT NULL, "
            "z INT(6) UNSIGNED ZEROFILL NULL, mu MEDIUMINT UNSIGNED NOT NULL)")));
        QVERIFY(c.exec(QStringLiteral("CREATE TABLE stmttest.bdst LIKE stmttest.bsrc")));
        QStringList values;
        for (int i = 0; i < 60; ++i)
            values << QStringLiteral("(%1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12)")
                          .arg(i)
                          .arg(i % 4 == 3 ? QStringLiteral("NULL") : QStringLiteral("'%1'").arg(QStringList{QStringLiteral("1"), QStringLiteral("10"), QStringLiteral("2")}.at(i % 3)))
                          .arg(i % 2 ? QStringLiteral("'4'") : QStringLiteral("'1,2'"))
                          .arg(i % 5 == 0 ? QStringLiteral("NULL") : QStringLiteral("0.1e%1").arg(i % 30 - 15))
                          .arg(i % 7 == 0 ? QStringLiteral("-0e0") : QStringLiteral("1.0000000000000002e%1").arg(i * 5 - 150))
                          .arg(i % 3 == 0 ? QStringLiteral("0") : QString::number(1901 + i))
                          .arg(QStringLiteral("_latin1 X'%1'").arg(QString::fromLatin1(QByteArray("\x80\xff\t\n\\\x00", 6).toHex()) +
                                                                  QString::fromLatin1(QString::number(i % 10).toLatin1().toHex())))
                          .arg(QStringLiteral("'\U0001F600 tab\\t nl\\n bs\\\\ %1'").arg(i))
                          .arg(i % 6 == 0 ? QStringLiteral("NULL") : QStringLiteral("REPEAT(X'00095C0A27FF', %1)").arg(i * 7))
                          .arg(i % 8 == 0 ? QStringLiteral("NULL") : QStringLiteral("'2024-02-29 23:59:59.%1'").arg(i * 16411 % 1000000, 6, 10, QLatin1Char('0')))
                          .arg(i % 9 == 0 ? QStringLiteral("NULL") : QStringLiteral("-12345678901234567890.%1").arg(i, 10, 10, QLatin1Char('0')))
                          // the integer types, bound as 64-bit integers: their extremes, ZEROFILL
                          .arg(QStringLiteral("%1, %2, %3, %4, %5")
                                   .arg(i % 5 == 4 ? QStringLiteral("NULL") : i % 2 ? QStringLiteral("-128") : QStringLiteral("127"))
                                   .arg(i % 4 == 1 ? QStringLiteral("NULL") : QStringLiteral("18446744073709551615 - %1").arg(i))
                                   .arg(i % 2 ? QStringLiteral("-9223372036854775808 + %1").arg(i) : QStringLiteral("9223372036854775807 - %1").arg(i))
                                   .arg(i % 6 == 5 ? QStringLiteral("NULL") : QString::number(i * 37))
                                   .arg(i % 3 ? QStringLiteral("16777215") : QStringLiteral("0")));
        QVERIFY2(c.exec(QStringLiteral("INSERT INTO stmttest.bsrc (id, e, st, f, d, y, l, u, b, dt, dc, ti, ub, sb, z, mu) VALUES ") +
                        values.join(QLatin1Char(','))),
                 qPrintable(c.lastError()));

        migration::TableInfo info;
        QString why;
        QVERIFY2(migration::readTableInfo(c, QStringLiteral("stmttest"), QStringLiteral("bsrc"), QStringLiteral("id"), &info, &why),
                 qPrintable(why));
        Connection src = root();
        QVERIFY(migration::prepareExactSession(src, false));
        RawResult rows;
        QVERIFY2(src.queryRaw(QStringLiteral("SELECT ") + migration::exactSelectList(info) +
                                  QStringLiteral(" FROM stmttest.bsrc ORDER BY id"),
                              &rows),
                 qPrintable(src.lastError()));
        QCOMPARE(rows.rowCount(), 60);
        QList<qsizetype> which;
        for (qsizetype i = 0; i < rows.rowCount(); ++i)
            which.append(i);

        Connection dst = root();
        QVERIFY(migration::prepareSession(dst, true));
        migration::ExactBulkInsert insert(dst);
        bool unsupported = true;
        QVERIFY2(insert.prepare(info, QStringLiteral("stmttest.bdst"), &unsupported, &why), qPrintable(why));
        QVERIFY(!unsupported);
        quint64 affected = 0;
        unsigned errNo = 0;
        auto executed = [&dst] {
            return dst.queryValue(QStringLiteral("SELECT VARIABLE_VALUE FROM information_schema.SESSION_STATUS "
                                                 "WHERE VARIABLE_NAME = 'COM_STMT_EXECUTE'"))
                ->toLongLong();
        };
        const qint64 before = executed();
        {
            Transaction tx(dst);
            // 400 bytes: a few rows per execution, the longest BLOBs (413 bytes) alone.
            QVERIFY2(insert.insert(rows, which, 400, &affected, &why, &errNo), qPrintable(why));
            QVERIFY(tx.commit());
        }
        QCOMPARE(affected, quint64(60));
        const qint64 executions = executed() - before;
        QVERIFY2(executions >= 10, qPrintable(QString::number(executions)));
        const QString form = QStringLiteral(
            "SELECT id, e + 0, st + 0, CAST(f AS DOUBLE), d, y, HEX(l), HEX(u), HEX(b), dt, dc, g, "
            "CAST(ti AS CHAR), CAST(ub AS CHAR), CAST(sb AS CHAR), CAST(z AS CHAR), CAST(mu AS CHAR) FROM stmttest.%1 ORDER BY id");
        auto a = c.query(form.arg(QStringLiteral("bsrc")));
        auto b = c.query(form.arg(QStringLiteral("bdst")));
        QVERIFY2(a && b, qPrintable(c.lastError()));
        QCOMPARE(b->rows.size(), 60);
        QCOMPARE(b->rows, a->rows);
        // Digit-named members: row 0's ENUM is '1' (member 2), row 1's SET '4' (bit 1).
        QCOMPARE(b->rows.at(0).at(1).toString(), QStringLiteral("2"));
        QCOMPARE(b->rows.at(1).at(2).toString(), QStringLiteral("1"));
        // The integers' extremes, and ZEROFILL's padding, which the source's text carries.
        QCOMPARE(b->rows.at(0).at(13).toString(), QStringLiteral("18446744073709551615"));
        QCOMPARE(b->rows.at(1).at(14).toString(), QStringLiteral("-9223372036854775807"));
        QCOMPARE(b->rows.at(1).at(12).toString(), QStringLiteral("-128"));
        QCOMPARE(b->rows.at(1).at(15).toString(), QStringLiteral("000037"));

        // Again: every key is there; the first execution fails with 1062 and the transaction keeps nothing.
        {
            Transaction tx(dst);
            QVERIFY(!insert.insert(rows, which, 400, &affected, &why, &errNo));
        }
        QCOMPARE(errNo, 1062u);
        QVERIFY2(why.contains(QLatin1String("Duplicate entry")), qPrintable(why));
        QCOMPARE(c.queryValue(QStringLiteral("SELECT COUNT(*) FROM stmttest.bdst"))->toInt(), 60);
        QVERIFY(c.exec(QStringLiteral("DROP TABLE stmttest.bsrc, stmttest.bdst")));
    }

    void cleanupTestCase() { m_fx.stop(); }
};

QTEST_GUILESS_MAIN(TestStatements)
#include "tst_statements.moc"
