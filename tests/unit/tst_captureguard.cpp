// What the capture cannot see (core/migration/CaptureGuard): which QUERY events of a source's binlog
// are statement-logged data changes (a stop, whatever table they name), which are transaction control
// or DDL; which servers T0 refuses; binlog positions read back from the journal.
#include "core/cluster/BinlogPosition.h"
#include "core/migration/CaptureGuard.h"

#include <QTest>

using namespace sp;
using namespace sp::migration;

Q_DECLARE_METATYPE(sp::migration::StatementKind)

class TestCaptureGuard : public QObject
{
    Q_OBJECT

private slots:
    void classifiesStatements_data()
    {
        QTest::addColumn<QString>("statement");
        QTest::addColumn<StatementKind>("kind");
        const auto control = StatementKind::TransactionControl, dml = StatementKind::Dml,
                   other = StatementKind::Other;
        QTest::addRow("begin") << QStringLiteral("BEGIN") << control;
        QTest::addRow("commit") << QStringLiteral("COMMIT") << control;
        QTest::addRow("rollback to savepoint") << QStringLiteral("ROLLBACK TO SAVEPOINT `s1`") << control;
        QTest::addRow("savepoint") << QStringLiteral("SAVEPOINT `t_messages_0`") << control;
        QTest::addRow("release") << QStringLiteral("release savepoint s1") << control;
        QTest::addRow("xa") << QStringLiteral("XA START X'31',X'',1") << control;
        QTest::addRow("start transaction") << QStringLiteral("START TRANSACTION") << control;
        QTest::addRow("update through a view")
            << QStringLiteral("UPDATE `fsharechat`.`v` SET a = 1 WHERE id = 3") << dml;
        QTest::addRow("delete lower case") << QStringLiteral("  delete from v where id = 2") << dml;
        QTest::addRow("multi-table") << QStringLiteral("UPDATE a JOIN b ON a.id = b.id SET a.x = b.x") << dml;
        QTest::addRow("insert select") << QStringLiteral("INSERT INTO x SELECT * FROM y") << dml;
        QTest::addRow("replace") << QStringLiteral("REPLACE INTO x VALUES (1)") << dml;
        QTest::addRow("load data") << QStringLiteral("LOAD DATA INFILE 'f' INTO TABLE x") << dml;
        QTest::addRow("function call") << QStringLiteral("SELECT `db`.`writes_rows`(3)") << dml;
        QTest::addRow("do") << QStringLiteral("DO `db`.`f`()") << dml;
        QTest::addRow("comment first") << QStringLiteral("/* app: checkout */ UPDATE t SET a = 1") << dml;
        QTest::addRow("line comment first") << QStringLiteral("-- why\nDELETE FROM t") << dml;
        QTest::addRow("hash comment first") << QStringLiteral("# why\nDELETE FROM t") << dml;
        QTest::addRow("executable comment") << QStringLiteral("/*!40000 DELETE FROM t */") << dml;
        QTest::addRow("mariadb executable comment")
            << QStringLiteral("/*M!100500 UPDATE t SET a = 2 */") << dml;
        QTest::addRow("parenthesised") << QStringLiteral("(SELECT f(1))") << dml;
        QTest::addRow("with") << QStringLiteral("WITH c AS (SELECT 1) UPDATE t SET a = 1") << dml;
        QTest::addRow("set statement for update")
            << QStringLiteral("SET STATEMENT max_statement_time=60 FOR UPDATE t SET a = 1") << dml;
        QTest::addRow("set statement for ddl")
            << QStringLiteral("SET STATEMENT lock_wait_timeout=5 FOR ALTER TABLE other ADD c INT") << other;
        QTest::addRow("create table") << QStringLiteral("CREATE TABLE other (id INT PRIMARY KEY)") << other;
        QTest::addRow("create user") << QStringLiteral("CREATE USER 'u'@'%' IDENTIFIED BY PASSWORD '*00'")
                                     << other;
        QTest::addRow("grant") << QStringLiteral("GRANT READ_ONLY ADMIN ON *.* TO 'u'@'%'") << other;
        QTest::addRow("truncate") << QStringLiteral("TRUNCATE TABLE other") << other;
        QTest::addRow("set") << QStringLiteral("SET @x = 1") << other;
        QTest::addRow("empty") << QString() << other;
    }
    void classifiesStatements()
    {
        QFETCH(QString, statement);
        QFETCH(StatementKind, kind);
        QCOMPARE(classifyStatement(statement), kind);
    }

    void namesTablesAsWords()
    {
        QVERIFY(statementNamesTable(QStringLiteral("ALTER TABLE `fsharechat`.`t_messages_0` ADD c INT"),
                                    QStringLiteral("t_messages_0")));
        QVERIFY(
            statementNamesTable(QStringLiteral("drop table T_MESSAGES_0"), QStringLiteral("t_messages_0")));
        QVERIFY(!statementNamesTable(QStringLiteral("ALTER TABLE t_messages_01 ADD c INT"),
                                     QStringLiteral("t_messages_0")));
        QVERIFY(!statementNamesTable(QStringLiteral("ALTER TABLE xt_messages_0 ADD c INT"),
                                     QStringLiteral("t_messages_0")));
    }

    void stopNamesEveryStatement()
    {
        const QString s =
            statementDmlStop({QStringLiteral("mysql-bin.000001:370: UPDATE v SET a = 1"),
                              QStringLiteral("mysql-bin.000001:507: DELETE FROM v WHERE id = 2")});
        QVERIFY2(s.contains(QLatin1String("mysql-bin.000001:370: UPDATE v SET a = 1")) &&
                     s.contains(QLatin1String("mysql-bin.000001:507: DELETE FROM v WHERE id = 2")) &&
                     s.contains(QLatin1String("binlog_format=ROW")),
                 qPrintable(s));
        QStringList many;
        for (int i = 0; i < 8; ++i)
            many.append(QStringLiteral("p%1: DELETE FROM t").arg(i));
        QVERIFY(statementDmlStop(many).contains(QLatin1String("... 3 more")));
    }

    void refusesServers()
    {
        ServerFacts mysql;
        mysql.version = QStringLiteral("8.0.36");
        QVERIFY(serverRefusal(mysql, true).contains(QLatin1String("not MariaDB")));
        QVERIFY(serverRefusal(mysql, false).contains(QLatin1String("TRANSACTION_PAYLOAD")));

        ServerFacts plain;
        plain.version = QStringLiteral("10.11.19-MariaDB-0+deb12u1-log");
        plain.mariadb = true;
        QVERIFY(serverRefusal(plain, true).isEmpty());

        ServerFacts replica = plain;
        replica.replicaOf = {QStringLiteral("'' from 10.0.0.5:3306")};
        QVERIFY(serverRefusal(replica, true).contains(QLatin1String("log_slave_updates=OFF")));
        QVERIFY(serverRefusal(replica, false).isEmpty()); // a target may replicate (it is compared whole)
        replica.logSlaveUpdates = true;
        QVERIFY(serverRefusal(replica, true).isEmpty()); // what it applies is in its binlog

        ServerFacts unknown = plain;
        unknown.replicaError = QStringLiteral("Access denied; you need the SLAVE MONITOR privilege");
        QVERIFY(serverRefusal(unknown, true).contains(QLatin1String("cannot tell")));
    }

    void positionsReadBack()
    {
        const BinlogPosition p{QStringLiteral("mysql-bin.000012"), 4711};
        QCOMPARE(BinlogPosition::parse(p.toString()), std::optional<BinlogPosition>(p));
        QVERIFY(!BinlogPosition::parse(QString()));
        QVERIFY(!BinlogPosition::parse(QStringLiteral("mysql-bin.000012")));
        QVERIFY(!BinlogPosition::parse(QStringLiteral(":17")));
        QVERIFY(!BinlogPosition::parse(QStringLiteral("f:x")));
    }
};

QTEST_GUILESS_MAIN(TestCaptureGuard)
#include "tst_captureguard.moc"
