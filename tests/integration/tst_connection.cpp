// Connection and Credentials against a real mariadbd (one instance, both data sources on it).
#include "SandboxFixture.h"

#include "core/cluster/Connection.h"
#include "core/cluster/Credentials.h"
#include "core/cluster/RawResult.h"
#include "core/config/ConfigLoader.h"
#include "core/migration/MoveSet.h"
#include "core/migration/PreVerify.h"
#include "core/sandbox/InstanceManager.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>

#include <thread>

using namespace sp;
using namespace sp::test;
using sp::migration::readTableInfos;
using sp::migration::TableInfo;
using sp::migration::TableRef;

class TestConnection final : public QObject
{
    Q_OBJECT

private:
    SandboxFixture m_fx{SandboxFixtureOptions{1, {}, 300, 3}};

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
        QVERIFY2(c.isOpen(), qPrintable(c.lastError()));
        QVERIFY2(c.exec(QStringLiteral("CREATE DATABASE IF NOT EXISTS conntest")), qPrintable(c.lastError()));
    }

    void basics()
    {
        Connection c = root();
        QVERIFY(c.isOpen());
        QVERIFY(c.serverVersion().contains(QLatin1String("MariaDB")));
        QVERIFY(c.serverVersionNumber() >= 100000);
        QVERIFY(c.threadId() > 0);
        QVERIFY(c.ping());
        QCOMPARE(c.queryValue(QStringLiteral("SELECT @@binlog_format"))->toString(), QStringLiteral("ROW"));
        QCOMPARE(c.queryValue(QStringLiteral("SELECT @@character_set_client"))->toString(), QStringLiteral("utf8mb4"));
        // moved-from connection is closed, the target works
        Connection moved = std::move(c);
        QVERIFY(!c.isOpen());
        QVERIFY(moved.ping());
    }

    void wrongPassword()
    {
        ConnectionParams p = m_fx.appParams(0);
        QVERIFY(!p.password.isEmpty());
        p.password = QStringLiteral("definitely-wrong");
        Connection c;
        QVERIFY(!c.open(p));
        QVERIFY2(c.lastError().contains(QLatin1String("Access denied")), qPrintable(c.lastError()));
        QCOMPARE(c.lastErrno(), 1045u);
        QVERIFY(!c.lastError().contains(QLatin1String("definitely-wrong")));
        QVERIFY(!c.lastError().contains(QLatin1Char('\n')));
        // the right one works
        Connection ok;
        QVERIFY2(ok.open(m_fx.appParams(0)), qPrintable(ok.lastError()));
    }

    void unreachableFailsWithinTimeout_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addColumn<bool>("closedPort");
        QTest::addRow("closed port on loopback") << QStringLiteral("127.0.0.1") << true;
        QTest::addRow("unroutable address") << QStringLiteral("10.255.255.1") << false;
    }

    void unreachableFailsWithinTimeout()
    {
        QFETCH(QString, host);
        QFETCH(bool, closedPort);
        ConnectionParams p;
        p.host = host;
        p.port = closedPort ? sandbox::InstanceManager::findFreePort({}, nullptr) : 3306;
        p.user = QStringLiteral("nobody");
        p.connectTimeoutSec = 2;
        Connection c;
        QElapsedTimer t;
        t.start();
        QVERIFY(!c.open(p));
        const qint64 ms = t.elapsed();
        QVERIFY2(ms < (p.connectTimeoutSec + 2) * 1000, qPrintable(QString::number(ms)));
        QVERIFY(c.lastErrno() != 0);
        QVERIFY(c.lastError().contains(host));
    }

    void hostileIdentifierCannotInject()
    {
        Connection c = root();
        QVERIFY(c.exec(QStringLiteral("CREATE TABLE IF NOT EXISTS conntest.y (id INT)")));
        const QString hostile = QStringLiteral("x`; DROP TABLE y; --");
        const QString quoted = Connection::quoteIdentifier(hostile);
        QCOMPARE(quoted, QStringLiteral("`x``; DROP TABLE y; --`"));
        QVERIFY2(c.exec(QStringLiteral("CREATE TABLE conntest.") + quoted + QStringLiteral(" (v TEXT)")), qPrintable(c.lastError()));
        // y still exists, the hostile name is one table
        QCOMPARE(c.queryValue(QStringLiteral("SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA='conntest' AND TABLE_NAME='y'"))->toLongLong(), 1);
        QCOMPARE(c.queryValue(QStringLiteral("SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA='conntest' AND TABLE_NAME=") +
                              c.quoteString(hostile))->toLongLong(), 1);
        // hostile string values round-trip
        const QString value = QStringLiteral("'; DROP TABLE y; -- \\ \" 飞享 👍");
        QVERIFY(c.exec(QStringLiteral("INSERT INTO conntest.") + quoted + QStringLiteral(" VALUES (") + c.quoteString(value) + QLatin1Char(')')));
        QCOMPARE(c.queryValue(QStringLiteral("SELECT v FROM conntest.") + quoted)->toString(), value);
        QCOMPARE(c.queryValue(QStringLiteral("SELECT COUNT(*) FROM conntest.y"))->toLongLong(), 0);
        QVERIFY(c.exec(QStringLiteral("DROP TABLE conntest.") + quoted));
        // multi-statements are off: a stacked statement is a syntax error, not a second statement
        QVERIFY(!c.exec(QStringLiteral("SELECT 1; DROP TABLE conntest.y")));
        QCOMPARE(c.queryValue(QStringLiteral("SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA='conntest' AND TABLE_NAME='y'"))->toLongLong(), 1);
    }

    void identifierValidation_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("valid");
        QTest::addRow("plain") << QStringLiteral("t_messages_0") << true;
        QTest::addRow("64 chars") << QString(64, QLatin1Char('a')) << true;
        QTest::addRow("65 chars") << QString(65, QLatin1Char('a')) << false;
        QTest::addRow("64 CJK chars") << QString(64, QChar(0x4E2D)) << true;
        QTest::addRow("empty") << QString() << false;
        QTest::addRow("NUL") << (QStringLiteral("a") + QChar(0) + QStringLiteral("b")) << false;
        QTest::addRow("trailing space") << QStringLiteral("a ") << false;
    }

    void identifierValidation()
    {
        QFETCH(QString, name);
        QFETCH(bool, valid);
        QCOMPARE(Connection::isValidIdentifier(name), valid);
        QCOMPARE(Connection::quoteIdentifier(name).isEmpty(), !valid);
    }

    void nullIsNotEmpty()
    {
        Connection c = root();
        auto r = c.query(QStringLiteral("SELECT NULL AS n, '' AS e, 'a' AS s, CAST(NULL AS BINARY) AS nb, X'' AS eb"));
        QVERIFY2(r, qPrintable(c.lastError()));
        QCOMPARE(r->columns, (QStringList{QStringLiteral("n"), QStringLiteral("e"), QStringLiteral("s"), QStringLiteral("nb"), QStringLiteral("eb")}));
        QVERIFY(r->isNull(0, 0));
        QVERIFY(!r->isNull(0, 1));
        QCOMPARE(r->rows.at(0).at(1).toString(), QString());
        QVERIFY(r->isNull(0, 3));
        QVERIFY(!r->isNull(0, 4));
        QCOMPARE(r->rows.at(0).at(4).toByteArray(), QByteArray());
        // the demo data has both NULL and '' in _searchable_key
        const QString schema = m_fx.schema(QStringLiteral("db0"));
        qint64 nulls = 0, empties = 0;
        for (int t = 0; t < 2; ++t) {
            auto rows = c.query(QStringLiteral("SELECT _searchable_key FROM ") + Connection::quoteIdentifier(schema) +
                                QStringLiteral(".t_messages_") + QString::number(t));
            QVERIFY(rows);
            for (int i = 0; i < rows->rows.size(); ++i) {
                nulls += rows->isNull(i, 0) ? 1 : 0;
                empties += !rows->isNull(i, 0) && rows->rows.at(i).at(0).toString().isEmpty() ? 1 : 0;
            }
            auto sqlNulls = c.queryValue(QStringLiteral("SELECT SUM(_searchable_key IS NULL) FROM ") + Connection::quoteIdentifier(schema) +
                                         QStringLiteral(".t_messages_") + QString::number(t));
            QVERIFY(sqlNulls);
            nulls -= sqlNulls->toLongLong();
        }
        QCOMPARE(nulls, 0); // client-side NULLs == server-side NULLs
    }

    void valueTypes()
    {
        Connection c = root();
        auto r = c.query(QStringLiteral("SELECT 1, -2, CAST(18446744073709551615 AS UNSIGNED), 1.5e0, X'00FF', '飞享', 12.50"));
        QVERIFY(r);
        const auto &row = r->rows.at(0);
        QCOMPARE(row.at(0).typeId(), QMetaType::LongLong);
        QCOMPARE(row.at(1).toLongLong(), -2);
        QCOMPARE(row.at(2).toULongLong(), 18446744073709551615ULL);
        QCOMPARE(row.at(3).toDouble(), 1.5);
        QCOMPARE(row.at(4).toByteArray(), QByteArray("\x00\xff", 2));
        QCOMPARE(row.at(5).toString(), QStringLiteral("飞享"));
        QCOMPARE(row.at(6).toString(), QStringLiteral("12.50"));
    }

    void killAndExplicitReconnect()
    {
        Connection victim = root();
        Connection killer = root();
        const unsigned long id = victim.threadId();
        QVERIFY(killer.killConnection(id));
        QVERIFY(!victim.exec(QStringLiteral("SELECT 1")));
        QVERIFY(!victim.lastError().isEmpty());
        QVERIFY(!victim.ping()); // no silent reconnect
        QVERIFY(victim.reconnect());
        QVERIFY(victim.threadId() != id);
        QVERIFY(victim.exec(QStringLiteral("SELECT 1")));
    }

    void killQueryStopsLongStatement()
    {
        Connection victim = root();
        Connection killer = root();
        const unsigned long id = victim.threadId();
        std::thread t([&] {
            QThread::msleep(300);
            killer.killQuery(id);
        });
        QElapsedTimer timer;
        timer.start();
        auto v = victim.queryValue(QStringLiteral("SELECT SLEEP(20)"));
        t.join();
        QVERIFY(timer.elapsed() < 10000);
        // SLEEP returns 1 when interrupted; either way the connection is still usable
        Q_UNUSED(v);
        QVERIFY(victim.ping());
    }

    void credentialsFromOptionFile()
    {
        const LoadResult loaded = ConfigLoader::loadFile(m_fx.clusterYamlPath());
        QVERIFY(loaded.ok());
        const DataSourceDef &ds = loaded.config.dataSources.first();
        ResolvedCredentials cr = Credentials::resolve(ds, m_fx.credentialOptions());
        QCOMPARE(cr.source, CredentialSource::OptionFile);
        QCOMPARE(cr.user, QStringLiteral("shardpilot_app"));
        ConnectionParams p;
        p.host = ds.host;
        p.port = ds.port;
        p.database = ds.database;
        p.user = cr.user;
        p.password = cr.password;
        Connection c;
        QVERIFY2(c.open(p), qPrintable(c.lastError()));
        // an environment variable for this data source wins over the option file
        CredentialOptions o = m_fx.credentialOptions();
        o.environment.insert(Credentials::environmentVariableFor(ds.name), QStringLiteral("from-env"));
        cr = Credentials::resolve(ds, o);
        QCOMPARE(cr.source, CredentialSource::EnvironmentDataSource);
        QCOMPARE(cr.password, QStringLiteral("from-env"));
    }

    // LOAD DATA LOCAL from memory serves exactly the buffer; a request for a file of this machine (the
    // server names the file in the statement's response, so a hostile server could ask for any) is refused.
    void memoryInfileServesOnlyItsBuffer()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString secretPath = dir.filePath(QStringLiteral("secret.txt"));
        {
            QFile f(secretPath);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("secret\n");
        }
        ConnectionParams p = m_fx.rootParams(0);
        p.memoryInfile = true;
        Connection c;
        QVERIFY2(c.open(p), qPrintable(c.lastError()));
        QVERIFY2(c.exec(QStringLiteral("CREATE TABLE conntest.infile (a VARBINARY(40), b INT)")), qPrintable(c.lastError()));
        const QByteArray load = QByteArrayLiteral("LOAD DATA LOCAL INFILE '") + Connection::memoryInfileName() +
                                QByteArrayLiteral("' INTO TABLE conntest.infile CHARACTER SET binary (a, b)");
        // Tab, newline, backslash and NUL escaped; \N is NULL.
        // The stored value x<TAB>y\z<NUL><LF> as the escaped field x\ty\\z\0\n, then a NULL.
        const QByteArray data("x\\ty\\\\z\\0\\n\t1\n\\N\t2\n");
        ExecResult er;
        QVERIFY2(c.loadFromMemory(load, data, &er), qPrintable(c.lastError()));
        QCOMPARE(er.affectedRows, quint64(2));
        const auto rows = c.query(QStringLiteral("SELECT HEX(a), b, a IS NULL FROM conntest.infile ORDER BY b"));
        QVERIFY(rows);
        QCOMPARE(rows->rows.size(), 2);
        QCOMPARE(rows->rows.at(0).at(0).toString(), QString::fromLatin1(QByteArray("x\ty\\z\0\n", 7).toHex().toUpper()));
        QCOMPARE(rows->rows.at(1).at(2).toInt(), 1);
        // A file named by the statement: refused, nothing read, the connection still usable.
        QVERIFY(!c.exec(QByteArrayLiteral("LOAD DATA LOCAL INFILE '") + secretPath.toUtf8() +
                        QByteArrayLiteral("' INTO TABLE conntest.infile (a)")));
        QVERIFY2(c.lastError().contains(QLatin1String("serves no local file")), qPrintable(c.lastError()));
        QVERIFY(!c.loadFromMemory(QByteArrayLiteral("LOAD DATA LOCAL INFILE '") + secretPath.toUtf8() +
                                      QByteArrayLiteral("' INTO TABLE conntest.infile (a)"),
                                  data));
        QCOMPARE(c.queryValue(QStringLiteral("SELECT COUNT(*) FROM conntest.infile WHERE a = 'secret'"))->toInt(), 0);
        // Moved: the handler's state goes along.
        Connection moved = std::move(c);
        QVERIFY2(moved.loadFromMemory(load, QByteArray("m\t3\n"), &er), qPrintable(moved.lastError()));
        QCOMPARE(moved.queryValue(QStringLiteral("SELECT COUNT(*) FROM conntest.infile"))->toInt(), 3);
        // Without memoryInfile there is no loading from memory at all.
        Connection plain = root();
        QVERIFY(!plain.loadFromMemory(load, data));
        QVERIFY(moved.exec(QStringLiteral("DROP TABLE conntest.infile")));
    }

    // Statements sent together: one result each, in order; the first error stops the rest; a warning
    // under a warnings-are-errors policy is flagged; multi-statements are off again afterwards.
    void execMultiKeepsOrderAndStops()
    {
        Connection c = root();
        QVERIFY(c.exec(QStringLiteral("CREATE OR REPLACE TABLE conntest.multi (id INT PRIMARY KEY, v TINYINT)")));
        QList<ExecResult> results;
        bool warned = true;
        QVERIFY2(c.execMulti({"INSERT INTO conntest.multi VALUES (1, 1), (2, 2)", "UPDATE conntest.multi SET v = 5 WHERE id = 1",
                              "DELETE FROM conntest.multi WHERE id = 7", "INSERT INTO conntest.multi VALUES (3, 'a;b' = 'a;b')"},
                             &results, &warned),
                 qPrintable(c.lastError()));
        QVERIFY(!warned);
        QCOMPARE(results.size(), 4);
        QCOMPARE(results.at(0).affectedRows, quint64(2));
        QCOMPARE(results.at(1).affectedRows, quint64(1));
        QCOMPARE(results.at(2).affectedRows, quint64(0));
        QCOMPARE(results.at(3).affectedRows, quint64(1));
        // A duplicate key in the second: the third does not run.
        QVERIFY(!c.execMulti({"UPDATE conntest.multi SET v = 6 WHERE id = 2", "INSERT INTO conntest.multi VALUES (1, 0)",
                              "DELETE FROM conntest.multi"},
                             &results, &warned));
        QVERIFY2(c.lastError().contains(QLatin1String("statement 2 of 3")), qPrintable(c.lastError()));
        QCOMPARE(c.lastErrno(), 1062u);
        QCOMPARE(results.size(), 1);
        QCOMPARE(c.queryValue(QStringLiteral("SELECT COUNT(*) FROM conntest.multi"))->toInt(), 3);
        // Separate statements again: two in one exec() are refused.
        QVERIFY(!c.exec(QStringLiteral("SELECT 1; SELECT 2")));
        // A truncation warning with warnings as errors.
        WarningPolicy strict;
        strict.asErrors = true;
        c.setWarningPolicy(strict);
        QVERIFY(c.exec(QStringLiteral("SET SESSION sql_mode = ''")));
        QVERIFY(!c.execMulti({"UPDATE conntest.multi SET v = 1000 WHERE id = 1", "DELETE FROM conntest.multi WHERE id = 3"},
                             &results, &warned));
        QVERIFY(warned);
        QVERIFY(c.ping()); // every result was read off the connection
        QCOMPARE(c.queryValue(QStringLiteral("SELECT COUNT(*) FROM conntest.multi"))->toInt(), 2); // the DELETE ran
        QVERIFY(c.exec(QStringLiteral("DROP TABLE conntest.multi")));
    }

    // A session opened with ConnectionParams::multiStatements keeps them on: execMulti()/queryMulti()
    // send no COM_SET_OPTION (two round trips each otherwise), and the results are the same.
    void multiStatementSessionSwitchesNothing_data()
    {
        QTest::addColumn<bool>("session");
        QTest::addColumn<int>("switches");
        QTest::newRow("per call") << false << 4;
        QTest::newRow("session") << true << 0;
    }
    void multiStatementSessionSwitchesNothing()
    {
        QFETCH(bool, session);
        QFETCH(int, switches);
        ConnectionParams p = m_fx.rootParams(0);
        p.multiStatements = session;
        Connection c;
        QVERIFY2(c.open(p), qPrintable(c.lastError()));
        QVERIFY(c.exec(QStringLiteral("CREATE OR REPLACE TABLE conntest.ms (id INT PRIMARY KEY, v INT)")));
        const auto setOptions = [&c] {
            const auto r = c.query(QStringLiteral("SHOW SESSION STATUS LIKE 'Com_set_option'"));
            return r && r->rows.size() == 1 ? r->rows.first().at(1).toInt() : -1;
        };
        const int before = setOptions();
        QVERIFY(before >= 0);
        QList<ExecResult> results;
        QVERIFY2(c.execMulti({"INSERT INTO conntest.ms VALUES (1, 1), (2, 2)", "UPDATE conntest.ms SET v = 7 WHERE id = 2"},
                             &results),
                 qPrintable(c.lastError()));
        QCOMPARE(results.size(), 2);
        QCOMPARE(results.at(1).affectedRows, quint64(1));
        QList<QueryResult> rows;
        QVERIFY2(c.queryMulti({"SELECT v FROM conntest.ms WHERE id = 1", "SELECT v FROM conntest.ms WHERE id = 2"}, &rows),
                 qPrintable(c.lastError()));
        QCOMPARE(rows.size(), 2);
        QCOMPARE(rows.at(0).rows.first().first().toInt(), 1);
        QCOMPARE(rows.at(1).rows.first().first().toInt(), 7);
        QCOMPARE(setOptions() - before, switches);
        // Either way a failed statement stops the rest and the session stays usable.
        QVERIFY(!c.execMulti({"INSERT INTO conntest.ms VALUES (1, 0)", "DELETE FROM conntest.ms"}, &results));
        QCOMPARE(c.queryValue(QStringLiteral("SELECT COUNT(*) FROM conntest.ms"))->toInt(), 2);
        QVERIFY(c.exec(QStringLiteral("DROP TABLE conntest.ms")));
    }

    void queryMultiReturnsEachResult()
    {
        Connection c = root();
        QVERIFY(c.exec(QStringLiteral("CREATE OR REPLACE TABLE conntest.qm (id INT PRIMARY KEY, s VARCHAR(8))")));
        QVERIFY(c.exec(QStringLiteral("INSERT INTO conntest.qm VALUES (1, 'a;b'), (2, NULL)")));
        QList<QueryResult> results;
        QVERIFY2(c.queryMulti({"SELECT id, s FROM conntest.qm ORDER BY id", "SELECT COUNT(*) FROM conntest.qm WHERE s IS NULL",
                               "SHOW CREATE TABLE conntest.qm"},
                              &results),
                 qPrintable(c.lastError()));
        QCOMPARE(results.size(), 3);
        QCOMPARE(results.at(0).rows.size(), 2);
        QCOMPARE(results.at(0).rows.at(0).at(1).toString(), QStringLiteral("a;b"));
        QVERIFY(results.at(0).rows.at(1).at(1).isNull());
        QCOMPARE(results.at(1).rows.at(0).at(0).toInt(), 1);
        QVERIFY(results.at(2).rows.at(0).at(1).toString().startsWith(QLatin1String("CREATE TABLE `qm`")));
        // The second fails: the third does not run, the connection stays usable.
        QVERIFY(!c.queryMulti({"SELECT 1", "SELECT nope FROM conntest.qm", "SELECT 3"}, &results));
        QVERIFY2(c.lastError().contains(QLatin1String("statement 2 of 3")), qPrintable(c.lastError()));
        QCOMPARE(results.size(), 1);
        QCOMPARE(c.queryValue(QStringLiteral("SELECT 7"))->toInt(), 7);
        // The tables' descriptions in one round trip; a missing one is named.
        QList<TableInfo> infos;
        QString error;
        auto ref = [](const char *table, const char *column) {
            return TableRef{QStringLiteral("conntest"), QString::fromLatin1(table), QString::fromLatin1(column)};
        };
        QVERIFY2(readTableInfos(c, {ref("qm", "s"), ref("qm", "id")}, &infos, &error), qPrintable(error));
        QCOMPARE(infos.size(), 2);
        QCOMPARE(infos.at(0).columns, (QStringList{QStringLiteral("id"), QStringLiteral("s")}));
        QCOMPARE(infos.at(0).shardColumn, 1);
        QCOMPARE(infos.at(1).shardColumn, 0);
        QCOMPARE(infos.at(0).pk, QList<int>{0});
        QVERIFY(infos.at(0).createSql.contains(QLatin1String("PRIMARY KEY")));
        QVERIFY(!readTableInfos(c, {ref("qm", "s"), ref("gone", "id")}, &infos, &error));
        QVERIFY2(error.contains(QLatin1String("table conntest.gone does not exist")), qPrintable(error));
        // One schema's tables are read in three information_schema queries for all of them: a table whose
        // name differs only in case, and one of the same name in another schema, keep their own columns
        // and keys (the rows are split by the exact name, the batches by schema).
        QVERIFY(c.exec(QStringLiteral("CREATE OR REPLACE TABLE conntest.Qm (a BIGINT, b INT NOT NULL, c TEXT, UNIQUE KEY ub (b))")));
        QVERIFY(c.exec(QStringLiteral("CREATE DATABASE IF NOT EXISTS conntest_b")));
        QVERIFY(c.exec(QStringLiteral("CREATE OR REPLACE TABLE conntest_b.qm (x INT, y DATE, z INT, PRIMARY KEY (z, x))")));
        const bool caseSensitive = c.queryValue(QStringLiteral("SELECT @@lower_case_table_names"))->toInt() == 0;
        QList<TableRef> refs{ref("qm", "s"), {QStringLiteral("conntest_b"), QStringLiteral("qm"), QStringLiteral("y")},
                             ref("qm", "id")};
        if (caseSensitive)
            refs.insert(1, ref("Qm", "c"));
        QVERIFY2(readTableInfos(c, refs, &infos, &error), qPrintable(error));
        QCOMPARE(infos.size(), refs.size());
        const TableInfo &other = infos.at(caseSensitive ? 2 : 1);
        QCOMPARE(infos.at(0).columns, (QStringList{QStringLiteral("id"), QStringLiteral("s")}));
        QCOMPARE(infos.at(0).keyName, QStringLiteral("PRIMARY"));
        QCOMPARE(other.columns, (QStringList{QStringLiteral("x"), QStringLiteral("y"), QStringLiteral("z")}));
        QCOMPARE(other.pk, (QList<int>{2, 0}));
        QCOMPARE(other.shardColumn, 1);
        QVERIFY(other.createSql.contains(QLatin1String("PRIMARY KEY (`z`,`x`)")));
        QCOMPARE(infos.last().shardColumn, 0);
        if (caseSensitive) {
            const TableInfo &upper = infos.at(1);
            QCOMPARE(upper.columns, (QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}));
            QCOMPARE(upper.keyName, QStringLiteral("ub"));
            QCOMPARE(upper.pk, QList<int>{1});
            QCOMPARE(upper.shardColumn, 2);
            QVERIFY(upper.createSql.startsWith(QLatin1String("CREATE TABLE `Qm`")));
        }
        QVERIFY(c.exec(QStringLiteral("DROP DATABASE conntest_b")));
        QVERIFY(c.exec(QStringLiteral("DROP TABLE conntest.Qm")));
        QVERIFY(c.exec(QStringLiteral("DROP TABLE conntest.qm")));
    }

    // pv::load (every copy worker, on every target server it writes) creates the pre-verification tables
    // only when one is missing: once they exist it writes nothing to the binlog; a half-made set (another
    // session's CREATEs under way: verify_table present, the others not) is completed, not an error.
    void preverifyTablesCreatedOnlyWhenMissing()
    {
        namespace pv = sp::migration::pv;
        Connection c = root();
        QVERIFY(c.exec(QStringLiteral("DROP DATABASE IF EXISTS `_shardpilot`")));
        auto tables = [&] {
            return c.queryValue(QStringLiteral("SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = "
                                               "'_shardpilot' AND TABLE_NAME IN ('verify_table', 'verify_range', 'touched')"))
                ->toInt();
        };
        auto binlogEnd = [&] {
            auto r = c.query(QStringLiteral("SHOW MASTER STATUS"));
            return r && !r->rows.isEmpty() ? r->rows.first().at(0).toString() + QLatin1Char(':') + r->rows.first().at(1).toString()
                                           : QString();
        };
        QString why;
        auto first = pv::load(c, QStringLiteral("0123456789abcdef"), &why);
        QVERIFY2(first && first->empty(), qPrintable(why));
        QCOMPARE(tables(), 3);
        const QString before = binlogEnd();
        QVERIFY(!before.isEmpty());
        QVERIFY2(pv::load(c, QStringLiteral("0123456789abcdef"), &why), qPrintable(why));
        QCOMPARE(binlogEnd(), before);
        QVERIFY(c.exec(QStringLiteral("DROP TABLE `_shardpilot`.`verify_range`, `_shardpilot`.`touched`")));
        QCOMPARE(tables(), 1);
        QVERIFY2(pv::load(c, QStringLiteral("0123456789abcdef"), &why), qPrintable(why));
        QCOMPARE(tables(), 3);
        QVERIFY(c.exec(QStringLiteral("DROP DATABASE `_shardpilot`")));
    }

    // queryRaw streams the rows into a RawResult that a later call fills again: every byte as stored
    // (compared with the server's HEX of it), NULL apart from empty, nothing of a larger earlier result
    // left, and an error in the middle of the rows fails the call instead of returning part of them.
    void rawResultStreamsAndIsReused()
    {
        Connection c = root();
        QVERIFY(c.exec(QStringLiteral("DROP TABLE IF EXISTS conntest.raw")));
        QVERIFY(c.exec(QStringLiteral("CREATE TABLE conntest.raw (id INT PRIMARY KEY, b VARBINARY(300) NULL, s VARCHAR(20) NULL)")));
        // 2,000 rows: random bytes of 0..299 (every byte value), some NULL, some empty, a UTF-8 text
        QVERIFY2(c.exec(QStringLiteral("INSERT INTO conntest.raw SELECT seq, CASE WHEN seq % 7 = 0 THEN NULL WHEN seq % 11 = 0 THEN '' "
                                      "ELSE RANDOM_BYTES(1 + seq % 299) END, IF(seq % 5 = 0, NULL, CONCAT('飞', seq)) FROM conntest.seq_1_to_2000")),
                 qPrintable(c.lastError()));
        RawResult r;
        auto expectRows = [&](const QString &where) {
            QVERIFY2(c.queryRaw(QStringLiteral("SELECT id, b, s FROM conntest.raw ") + where + QStringLiteral(" ORDER BY id"), &r),
                     qPrintable(c.lastError()));
            auto hex = c.query(QStringLiteral("SELECT id, b IS NULL, HEX(b), s IS NULL, HEX(s) FROM conntest.raw ") + where +
                               QStringLiteral(" ORDER BY id"));
            QVERIFY(hex);
            QCOMPARE(r.columnCount(), 3);
            QCOMPARE(r.rowCount(), qsizetype(hex->rows.size()));
            for (qsizetype i = 0; i < r.rowCount(); ++i) {
                const QList<QVariant> &h = hex->rows.at(i);
                QCOMPARE(r.value(i, 0).toByteArray(), h.at(0).toString().toLatin1());
                QCOMPARE(r.isNull(i, 1), h.at(1).toInt() == 1);
                QCOMPARE(r.value(i, 1).toByteArray().toHex().toUpper(), h.at(2).toString().toLatin1());
                QCOMPARE(r.isNull(i, 2), h.at(3).toInt() == 1);
                QCOMPARE(r.value(i, 2).toByteArray().toHex().toUpper(), h.at(4).toString().toLatin1());
            }
        };
        expectRows(QString());
        QCOMPARE(r.rowCount(), 2000);
        QVERIFY(r.isNull(6, 1) && !r.isNull(10, 1) && r.value(10, 1).isEmpty()); // id 7: NULL, id 11: ''
        expectRows(QStringLiteral("WHERE id <= 3")); // the same result again, smaller
        QCOMPARE(r.rowCount(), 3);
        QCOMPARE(r.row(2).at(2).toString(), QStringLiteral("飞3"));
        // A byte budget: the rows kept stop at the first that reaches it (the server's own sum of the
        // values' lengths says which), the rest is read and dropped, and the session goes on.
        {
            auto lens = c.query(QStringLiteral("SELECT id, LENGTH(id) + IFNULL(LENGTH(b), 0) + IFNULL(LENGTH(s), 0) "
                                               "FROM conntest.raw ORDER BY id"));
            QVERIFY(lens);
            qint64 sum = 0;
            qsizetype keep = 0;
            qint64 widest = 0; // of the rows kept
            while (keep < lens->rows.size() && sum < 20000) {
                widest = qMax(widest, lens->rows.at(keep).at(1).toLongLong());
                sum += lens->rows.at(keep++).at(1).toLongLong();
            }
            QVERIFY(keep > 1 && keep < 2000);
            bool cut = false;
            QVERIFY2(c.queryRaw(QStringLiteral("SELECT id, b, s FROM conntest.raw ORDER BY id"), &r, 20000, &cut),
                     qPrintable(c.lastError()));
            QVERIFY(cut);
            QCOMPARE(r.rowCount(), keep);
            QCOMPARE(r.value(keep - 1, 0).toByteArray(), lens->rows.at(keep - 1).at(0).toString().toLatin1());
            QCOMPARE(r.widestRow(), widest); // the widest row kept, by the server's lengths
            QVERIFY2(c.queryRaw(QStringLiteral("SELECT id, b, s FROM conntest.raw WHERE id <= 3 ORDER BY id"), &r, 20000, &cut),
                     qPrintable(c.lastError()));
            QVERIFY(!cut);
            QCOMPARE(r.rowCount(), 3);
        }
        QVERIFY(!c.queryRaw(QStringLiteral("SELECT * FROM conntest.no_such_table"), &r));
        QVERIFY(c.lastError().contains(QLatin1String("no_such_table")));
        QCOMPARE(r.rowCount(), 0);
        // Killed after sending some rows: the call fails, no partial result
        Connection killer = root();
        const unsigned long id = c.threadId();
        std::thread t([&] {
            QThread::msleep(500);
            killer.killQuery(id);
        });
        const bool ok = c.queryRaw(QStringLiteral("SELECT id, b, IF(id = 1500, SLEEP(20), 0) FROM conntest.raw ORDER BY id"), &r);
        t.join();
        QVERIFY(!ok);
        QVERIFY2(c.lastError().contains(QLatin1String("interrupted")), qPrintable(c.lastError()));
        QCOMPARE(r.rowCount(), 0);
        expectRows(QStringLiteral("WHERE id > 1990")); // and the connection serves the next one
        QCOMPARE(r.rowCount(), 10);
    }

    void cleanupTestCase() { m_fx.stop(); }
};

QTEST_GUILESS_MAIN(TestConnection)
#include "tst_connection.moc"
