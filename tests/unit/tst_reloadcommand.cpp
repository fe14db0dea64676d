// The reload command a run gives the applications' services after the switch (T6, D7): run by
// migration::runReloadCommand, recorded by recordReload in the journal (audit entry and the values
// the migration page shows: when it ran, how long, its exit code and what it printed).
#include "core/migration/Journal.h"
#include "core/migration/ReloadCommand.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace sp::migration;

class TestReloadCommand final : public QObject
{
    Q_OBJECT
private slots:
    void succeeds();
    void fails();
    void recorded();
};

void TestReloadCommand::succeeds()
{
    const QDateTime before = QDateTime::currentDateTimeUtc();
    const ReloadOutcome o = runReloadCommand(QStringLiteral("echo reloaded 3 services; echo warn >&2"));
    QVERIFY(o.ok);
    QCOMPARE(o.exitCode, 0);
    QVERIFY(o.error.isEmpty());
    // stdout and stderr, in the order printed
    QCOMPARE(o.output, QStringLiteral("reloaded 3 services\nwarn"));
    QVERIFY(o.started >= before.addMSecs(-1));
    QVERIFY(o.finished >= o.started);
}

void TestReloadCommand::fails()
{
    const ReloadOutcome exit3 = runReloadCommand(QStringLiteral("echo no such service; exit 3"));
    QVERIFY(!exit3.ok);
    QCOMPARE(exit3.exitCode, 3);
    QCOMPARE(exit3.output, QStringLiteral("no such service"));
    const ReloadOutcome slow = runReloadCommand(QStringLiteral("sleep 5"), 300);
    QVERIFY(!slow.ok);
    QCOMPARE(slow.exitCode, -1);
    QVERIFY2(slow.error.contains(QLatin1String("did not end")), qPrintable(slow.error));
    QVERIFY(slow.started.msecsTo(slow.finished) < 4000);
}

void TestReloadCommand::recorded()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Journal j(dir.filePath(QStringLiteral("journal.sqlite")));
    QVERIFY2(j.isOpen(), qPrintable(j.error()));
    const QString ok = QStringLiteral("echo reloaded");
    recordReload(j, QStringLiteral("T6"), ok, runReloadCommand(ok));
    QList<AuditEntry> log = j.auditLog();
    QCOMPARE(log.size(), 1);
    QCOMPARE(log.at(0).step, QStringLiteral("T6"));
    QCOMPARE(log.at(0).action, QStringLiteral("reload command"));
    QCOMPARE(log.at(0).sql, ok);
    QCOMPARE(log.at(0).outcome, QStringLiteral("ok"));
    QCOMPARE(j.value(keys::reloadOutput), QStringLiteral("reloaded"));
    QCOMPARE(j.value(keys::reloadExit), QStringLiteral("0"));
    QVERIFY(QDateTime::fromString(j.value(keys::reloadAt), Qt::ISODateWithMs).isValid());
    bool msOk = false;
    QVERIFY(j.value(keys::reloadMs).toLongLong(&msOk) >= 0 && msOk);

    const QString bad = QStringLiteral("echo cannot reach the service >&2; exit 2");
    recordReload(j, QStringLiteral("D7"), bad, runReloadCommand(bad));
    log = j.auditLog();
    QCOMPARE(log.size(), 2);
    QCOMPARE(log.at(1).outcome, QStringLiteral("failed: exit 2: cannot reach the service"));
    QCOMPARE(j.value(keys::reloadExit), QStringLiteral("2"));
    QCOMPARE(j.value(keys::reloadOutput), QStringLiteral("cannot reach the service"));
}

QTEST_GUILESS_MAIN(TestReloadCommand)
#include "tst_reloadcommand.moc"
