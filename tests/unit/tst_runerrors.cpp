// How the engine words errors the server reports (core/migration/CopyErrors.h, BinlogRetention.h):
// a duplicate on a secondary UNIQUE key names that key and value (it was hinted as a primary-key
// collision), a primary-key clash keeps the key-range advice; a purged binlog says what happened and
// what to do.
#include "core/migration/BinlogRetention.h"
#include "core/migration/CopyErrors.h"

#include <QtTest>

using namespace sp;
using namespace sp::migration;

class TestRunErrors final : public QObject
{
    Q_OBJECT
private slots:
    void duplicateKeys_data();
    void duplicateKeys();
    void purgedBinlog();
};

void TestRunErrors::duplicateKeys_data()
{
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("says");
    QTest::addColumn<bool>("primary");
    const QString prefix = QStringLiteral("root@unix:/tmp/s/node2/mysqld.sock: ");
    QTest::addRow("secondary, MariaDB")
        << prefix + QStringLiteral("Duplicate entry '1000000000003' for key 'uk_mid' (mysql error 1062)")
        << QStringLiteral("the unique key `uk_mid` of the target already holds the value '1000000000003'")
        << false;
    QTest::addRow("secondary, MySQL 8 names the table")
        << QStringLiteral("Duplicate entry 'a@b.c' for key 't_user_0.uk_mail'")
        << QStringLiteral("the unique key `uk_mail` of the target already holds the value 'a@b.c'") << false;
    QTest::addRow("composite value with a quote")
        << QStringLiteral("Duplicate entry 'O'Brien-7' for key 'uk_name_seq' (mysql error 1062)")
        << QStringLiteral("`uk_name_seq` of the target already holds the value 'O'Brien-7'") << false;
    QTest::addRow("primary, MariaDB")
        << prefix + QStringLiteral("Duplicate entry '17' for key 'PRIMARY' (mysql error 1062)")
        << QStringLiteral("the primary keys of the tables moving into this target collide") << true;
    QTest::addRow("primary, MySQL 8")
        << QStringLiteral("Duplicate entry '17' for key 't_messages_0.PRIMARY'")
        << QStringLiteral("auto_increment_increment/auto_increment_offset") << true;
    QTest::addRow("no key in the message") << QStringLiteral("Duplicate entry")
                                           << QStringLiteral("the primary keys of the tables moving") << true;
}

void TestRunErrors::duplicateKeys()
{
    QFETCH(QString, message);
    QFETCH(QString, says);
    QFETCH(bool, primary);
    const QString hint = duplicateKeyHint(message);
    QVERIFY2(hint.startsWith(QLatin1String(" (")) && hint.endsWith(QLatin1Char(')')), qPrintable(hint));
    QVERIFY2(hint.contains(says), qPrintable(hint));
    QCOMPARE(hint.contains(QLatin1String("primary keys")), primary);
    QVERIFY(hint.contains(QLatin1String("roll back and run again")));
}

void TestRunErrors::purgedBinlog()
{
    QVERIFY(isBinlogGoneError(1236));
    QVERIFY(!isBinlogGoneError(2013));
    const QString raw =
        QStringLiteral("binlog at mysql-bin.000002:371: Could not find first log file name in binary "
                       "log index file (mysql error 1236)");
    const QString capture = captureBinlogGone(raw, BinlogPosition{QStringLiteral("mysql-bin.000002"), 371});
    QVERIFY(capture.startsWith(raw));
    for (const char *part : {"mysql-bin.000002:371 on was purged", "cannot go on",
                             "shardctl migrate rollback", "binlog_expire_logs_seconds"})
        QVERIFY2(capture.contains(QLatin1String(part)), part);
    const QString observe = observeBinlogGone(raw, BinlogPosition{QStringLiteral("mysql-bin.000003"), 4});
    QVERIFY(observe.contains(QLatin1String("stale routes")) &&
            observe.contains(QLatin1String("--override-reason")));
    const QString pv =
        preverifiedBinlogGone(QStringLiteral("sandbox node0"), BinlogPosition{QStringLiteral("b.1"), 328},
                              BinlogPosition{QStringLiteral("b.2"), 371});
    QVERIFY(pv.contains(QLatin1String("b.1:328")) && pv.contains(QLatin1String("continues at b.2:371")));
}

QTEST_GUILESS_MAIN(TestRunErrors)
#include "tst_runerrors.moc"
