// The migration page against a real sandbox (4 mariadbd: db0, db1 and two spares), as an operator
// takes turns with the CLI: a mod-double plan (2 -> 4 databases, from `shardctl plan`) opened in the
// console, a run created from the page's dialog, continued to T3 by the console's engine, then
// `shardctl migrate run --until T5 --yes` as a process on the same run directory (the console let
// go of the lock), which the page follows from the journal until it shows T5 done with writes
// stopped; finally a rollback with dropped targets from the page puts the cluster back.
#include "../gui/GuiTestSupport.h" // onModal, findNamed
#include "SandboxFixture.h"
#include "TestPaths.h"

#include "core/cluster/Connection.h"
#include "core/migration/RunState.h"
#include "ui/AppContext.h"
#include "ui/MainWindow.h"
#include "ui/Settings.h"
#include "ui/migration/RunController.h"
#include "ui/migration/RunPanel.h"
#include "ui/migration/StepperWidget.h"
#include "ui/pages/MigrationPage.h"

#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

using namespace sp;
using namespace sp::migration;
using namespace sp::ui;

class TestGuiMigrate final : public QObject
{
    Q_OBJECT

    test::SandboxFixture m_fx{test::SandboxFixtureOptions{4, {}, 3000, 11}};
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;

    QString m_planFile;

    qint64 scalar(int instance, const QString &sql)
    {
        Connection c;
        if (!c.open(m_fx.rootParams(instance))) {
            qWarning() << c.lastError();
            return -1;
        }
        return c.queryValue(sql).value_or(QVariant(-1)).toLongLong();
    }
    QString text(int instance, const QString &sql)
    {
        Connection c;
        if (!c.open(m_fx.rootParams(instance)))
            return QStringLiteral("error: ") + c.lastError();
        const auto v = c.queryValue(sql);
        return v ? v->toString() : QStringLiteral("error: ") + c.lastError();
    }
    bool exec(int instance, const QString &sql)
    {
        Connection c;
        return c.open(m_fx.rootParams(instance)) && c.exec(sql);
    }
    QString shardctl(const QStringList &args, int *code)
    {
        QProcess p;
        p.start(test::shardctlPath(), args);
        if (!p.waitForFinished(300000))
            p.kill();
        *code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        return QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
    }

    // A run of the plan in `dir` (no observation time), switched at T7 by the CLI; *out: what it printed.
    bool switchedRun(const QString &dir, QString *out)
    {
        int code = -1;
        *out = shardctl({QStringLiteral("migrate"), QStringLiteral("create"), QStringLiteral("--plan"), m_planFile,
                         QStringLiteral("--run"), dir, QStringLiteral("--observe"), QStringLiteral("0")}, &code);
        if (code != 0)
            return false;
        *out += shardctl({QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"), dir,
                          QStringLiteral("--until"), QStringLiteral("T7"), QStringLiteral("--yes")}, &code);
        return code == 0;
    }

private slots:
    void initTestCase();
    void createContinueAndTakeTurns();
    void rollbackAfterSwitchFromThePage();
    void carryStaleWritesForwardFromThePage();
    void cleanupTestCase();
};

void TestGuiMigrate::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(m_fx.start(), qPrintable(m_fx.error()));
    QCOMPARE(m_fx.instanceCount(), 4);
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dir.filePath(QStringLiteral("data"))));
    // The plan as `shardctl plan --live` makes it (counts from the servers).
    QString why;
    const QString planFile =
        m_fx.planWithShardctl({QStringLiteral("--strategy"), QStringLiteral("mod-double")},
                              m_dir.filePath(QStringLiteral("plan")), &why);
    QVERIFY2(!planFile.isEmpty(), qPrintable(why));
    m_planFile = planFile;
    m_window = test::showConsole(m_dir, m_fx.clusterYamlPath());
    QVERIFY(m_window);
    QVERIFY(m_window->openPlan(planFile));
    QCOMPARE(m_window->currentPageId(), QStringLiteral("migration"));
}

void TestGuiMigrate::createContinueAndTakeTurns()
{
    auto *page = qobject_cast<MigrationPage *>(m_window->page(QStringLiteral("migration")));
    QVERIFY(page);
    RunController *c = page->runPanel()->controller();
    c->setPollInterval(250);

    // 1. A run from the console, with the dialog's options (no admin file: a sandbox).
    test::onModal([](QWidget *w) {
        auto *admin = w->findChild<QLineEdit *>(QStringLiteral("createRunAdmin"));
        if (!admin || !admin->placeholderText().contains(QLatin1String("sandbox")))
            qWarning("the dialog does not know the config is a sandbox's");
        w->findChild<QSpinBox *>(QStringLiteral("createRunObserve"))->setValue(0);
        w->findChild<QPushButton *>(QStringLiteral("createRunOk"))->click();
    });
    test::findNamed<QPushButton>(page, "migrationPlanCreateRun")->click();
    AppContext *ctx = m_window->context();
    QTRY_VERIFY_WITH_TIMEOUT(!ctx->runDir().isEmpty(), 30000);
    const QString dir = ctx->runDir();
    QVERIFY2(dir.startsWith(QFileInfo(m_fx.clusterYamlPath()).absolutePath() + QStringLiteral("/runs/")),
             qPrintable(dir));
    QCOMPARE(m_window->settings()->runFor(m_fx.clusterYamlPath()), dir);
    QTRY_VERIFY_WITH_TIMEOUT(c->state().has_value() && !c->isReading(), 10000);
    QCOMPARE(c->state()->spec.observeSec, 0);

    // 2. Continue to T3 from the page: T0..T3 need no confirmation.
    auto *until = test::findNamed<QComboBox>(page, "migrationUntil");
    auto *cont = test::findNamed<QPushButton>(page, "migrationContinue");
    auto *state = test::findNamed<QLabel>(page, "migrationRunState");
    auto *stepper = test::findNamed<StepperWidget>(page, "migrationStepper");
    QCOMPARE(until->currentData().toInt(), int(Step::T3));
    QVERIFY(cont->isEnabled());
    cont->click();
    QVERIFY(c->engineRunning());
    QCOMPARE(state->text(), QStringLiteral("running here"));
    QTRY_VERIFY_WITH_TIMEOUT(!c->engineRunning(), 300000);
    QTRY_VERIFY_WITH_TIMEOUT(
        c->state() && c->state()->status(Step::T3) == StepStatus::Done && !c->state()->locked, 10000);
    auto *failure = test::findNamed<QLabel>(page, "migrationFailure");
    QVERIFY2(failure->isHidden(), qPrintable(failure->text()));
    auto *log = test::findNamed<QPlainTextEdit>(page, "migrationLog");
    QVERIFY2(log->toPlainText().contains(QLatin1String("T3 done")), qPrintable(log->toPlainText()));
    for (int i = 0; i <= 3; ++i)
        QCOMPARE(stepper->status(Step(i)), StepStatus::Done);
    QCOMPARE(stepper->status(Step::T4), StepStatus::Pending);
    qint64 copied = 0;
    for (const CopyProgress &p : c->state()->progress) {
        QVERIFY2(p.done, qPrintable(RunController::pairKey(p)));
        copied += p.copied;
    }
    QVERIFY2(copied > 500, qPrintable(QString::number(copied)));
    QVERIFY(scalar(2, QStringLiteral("SELECT COUNT(*) FROM `fsharechat`.`t_messages_0`")) > 0);
    QTRY_VERIFY(cont->isEnabled());
    // The next natural stop is proposed: the write stop in one go (T4..T7), T3 (catch up again) offered.
    QCOMPARE(until->currentData().toInt(), int(Step::T7));
    QCOMPARE(until->itemData(0).toInt(), int(Step::T3));

    // 3. Taking turns: `shardctl migrate run` continues the same run to T5 while the page watches.
    QProcess cli;
    cli.start(test::shardctlPath(),
              {QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"), dir,
               QStringLiteral("--until"), QStringLiteral("T5"), QStringLiteral("--yes")});
    QVERIFY(cli.waitForStarted());
    bool sawElsewhere = false;
    QElapsedTimer t;
    t.start();
    while (cli.state() != QProcess::NotRunning && t.elapsed() < 300000) {
        QTest::qWait(50);
        if (state->text() == QLatin1String("running in another process")) {
            sawElsewhere = true;
            QVERIFY(!cont->isEnabled());
            QVERIFY(test::findNamed<QPushButton>(page, "migrationPause")->isEnabled());
        }
    }
    QCOMPARE(cli.state(), QProcess::NotRunning);
    const QString out = QString::fromUtf8(cli.readAllStandardOutput() + cli.readAllStandardError());
    QVERIFY2(cli.exitStatus() == QProcess::NormalExit && cli.exitCode() == 0, qPrintable(out));
    QVERIFY2(out.contains(QLatin1String("WRITES ARE STOPPED")), qPrintable(out));
    qInfo("the page saw the CLI's run as running elsewhere: %s",
          sawElsewhere ? "yes" : "no (it was quicker than a read)");

    // The page shows where the CLI left the run: T5 done, writes stopped, the timer running.
    QTRY_VERIFY_WITH_TIMEOUT(stepper->status(Step::T5) == StepStatus::Done, 10000);
    QCOMPARE(stepper->status(Step::T4), StepStatus::Done);
    QCOMPARE(stepper->status(Step::T6), StepStatus::Pending);
    QTRY_COMPARE_WITH_TIMEOUT(state->text(), QStringLiteral("writes stopped"), 10000);
    auto *writeStop = test::findNamed<QLabel>(page, "migrationWriteStop");
    QVERIFY2(writeStop->text().startsWith(QLatin1String("Writes stopped 00:")),
             qPrintable(writeStop->text()));
    QVERIFY(cont->isEnabled());
    QCOMPARE(until->currentData().toInt(), int(Step::T7));
    auto *rollback = test::findNamed<QPushButton>(page, "migrationRollback");
    QVERIFY(rollback->isEnabled());
    QCOMPARE(scalar(0, QStringLiteral("SELECT @@read_only")), qint64(1));
    // The audit log holds the CLI's statements too.
    bool readOnlyAudited = false;
    for (const AuditEntry &a : c->state()->audit)
        readOnlyAudited = readOnlyAudited || a.sql == QLatin1String("SET GLOBAL read_only = 1");
    QVERIFY(readOnlyAudited);
    if (!qEnvironmentVariableIsEmpty("SHARDPILOT_SCREENSHOT_DIR"))
        m_window->grab().save(qEnvironmentVariable("SHARDPILOT_SCREENSHOT_DIR") +
                              QStringLiteral("/migration-sandbox-t5.png"));

    // 4. Rollback from the page, dropping the targets: writes resume, the copies go.
    test::onModal([](QWidget *w) {
        w->findChild<QCheckBox *>(QStringLiteral("confirmDropTargets"))->setChecked(true);
        w->findChild<QPushButton *>(QStringLiteral("confirmOk"))->click();
    });
    rollback->click();
    // Done when the page reads the run as rolled back (a short rollback can start and end within
    // one poll of QTRY, so "engineRunning() seen true" is not waited for).
    QTRY_COMPARE_WITH_TIMEOUT(state->text(), QStringLiteral("rolled back"), 120000);
    QTRY_VERIFY_WITH_TIMEOUT(!c->engineRunning(), 10000);
    QVERIFY2(failure->isHidden(), qPrintable(failure->text()));
    QCOMPARE(scalar(0, QStringLiteral("SELECT @@read_only")), qint64(0));
    QCOMPARE(scalar(1, QStringLiteral("SELECT @@read_only")), qint64(0));
    QCOMPARE(scalar(2, QStringLiteral(
                           "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'fsharechat' "
                           "AND TABLE_NAME LIKE 't\\_messages%'")),
             qint64(0));
    QVERIFY(!cont->isEnabled() && !rollback->isEnabled());
    QVERIFY(!RunLock::isHeld(RunDir(dir).lockFile()));
}

// A run switched at T7 by the CLI and written to on its new node, opened in the console at T8: the
// page offers Rollback, the operator confirms (targets dropped), the engine carries the new node's
// writes back, puts the old config back and lifts read_only; the old shard holds the new node's row.
void TestGuiMigrate::rollbackAfterSwitchFromThePage()
{
    auto *page = qobject_cast<MigrationPage *>(m_window->page(QStringLiteral("migration")));
    QVERIFY(page);
    RunController *c = page->runPanel()->controller();
    QFile cfg(m_fx.clusterYamlPath());
    QVERIFY(cfg.open(QIODevice::ReadOnly));
    const QByteArray configBefore = cfg.readAll();
    cfg.close();
    const QString dir = m_dir.filePath(QStringLiteral("after-switch"));
    int code = -1;
    QString out;
    QVERIFY2(switchedRun(dir, &out), qPrintable(out));
    // The application on the new config: a moved row updated on its new node (db2), before T8's pass
    // and again after it (the rollback carries that one).
    const qint64 id = scalar(2, QStringLiteral("SELECT MIN(id) FROM `fsharechat`.`t_messages_0`"));
    QVERIFY(id > 0);
    QVERIFY(exec(2, QStringLiteral("UPDATE `fsharechat`.`t_messages_0` SET _from = 'first, after the switch' WHERE id = %1").arg(id)));
    out = shardctl({QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"), dir, QStringLiteral("--until"),
                    QStringLiteral("T8"), QStringLiteral("--yes")}, &code);
    QVERIFY2(code == 0, qPrintable(out));
    QVERIFY(exec(2, QStringLiteral("UPDATE `fsharechat`.`t_messages_0` SET _from = 'second, after T8', _data = X'00FF00' "
                                   "WHERE id = %1").arg(id)));
    const QString rowSql = QStringLiteral("SELECT CONCAT_WS('|', id, HEX(_from), COALESCE(HEX(_data), 'N'), _target, _mid) "
                                          "FROM `fsharechat`.`t_messages_0` WHERE id = %1").arg(id);
    const QString onNew = text(2, rowSql);
    QVERIFY2(onNew.contains(QLatin1String("|00FF00|")), qPrintable(onNew));
    QVERIFY(text(0, rowSql) != onNew);

    // The console follows the run: T8 done, Rollback offered.
    m_window->context()->setRunDir(dir);
    QTRY_VERIFY_WITH_TIMEOUT(c->state().has_value() && c->state()->status(Step::T8) == StepStatus::Done && !c->isReading(),
                             20000);
    auto *rollback = test::findNamed<QPushButton>(page, "migrationRollback");
    auto *state = test::findNamed<QLabel>(page, "migrationRunState");
    QTRY_VERIFY_WITH_TIMEOUT(rollback->isEnabled(), 10000);
    QString effects;
    test::onModal([&effects](QWidget *w) {
        for (const QLabel *l : w->findChildren<QLabel *>())
            effects += l->text() + QLatin1Char('\n');
        w->findChild<QCheckBox *>(QStringLiteral("confirmDropTargets"))->setChecked(true);
        w->findChild<QPushButton *>(QStringLiteral("confirmOk"))->click();
    });
    rollback->click();
    QTRY_VERIFY_WITH_TIMEOUT(!effects.isEmpty(), 10000);
    QVERIFY2(effects.contains(QLatin1String("reverse stream")), qPrintable(effects));
    QTRY_COMPARE_WITH_TIMEOUT(state->text(), QStringLiteral("rolled back"), 120000);
    QTRY_VERIFY_WITH_TIMEOUT(!c->engineRunning(), 10000);
    auto *failure = test::findNamed<QLabel>(page, "migrationFailure");
    QVERIFY2(failure->isHidden(), qPrintable(failure->text()));
    // The header shows the rollback's write stop next to the switch's.
    auto *writeStop = test::findNamed<QLabel>(page, "migrationWriteStop");
    QTRY_VERIFY2_WITH_TIMEOUT(writeStop->text().contains(QLatin1String("rollback: 0.")), qPrintable(writeStop->text()), 5000);
    if (!qEnvironmentVariableIsEmpty("SHARDPILOT_SCREENSHOT_DIR")) {
        QTest::qWait(300); // the header's layout settles
        m_window->grab().save(qEnvironmentVariable("SHARDPILOT_SCREENSHOT_DIR") +
                              QStringLiteral("/migration-sandbox-rolled-back-after-switch.png"));
    }
    // The old shard holds what the new node held; the old config is back; nothing is read-only; the
    // target table is gone.
    QCOMPARE(text(0, rowSql), onNew);
    QVERIFY(cfg.open(QIODevice::ReadOnly));
    QCOMPARE(cfg.readAll(), configBefore);
    for (int i = 0; i < 4; ++i)
        QCOMPARE(scalar(i, QStringLiteral("SELECT @@read_only")), qint64(0));
    QCOMPARE(scalar(2, QStringLiteral("SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'fsharechat' "
                                      "AND TABLE_NAME LIKE 't\\_messages%'")),
             qint64(0));
    QVERIFY(!rollback->isEnabled());
    QVERIFY(!RunLock::isHeld(RunDir(dir).lockFile()));
}

// A service still on the old config writes a moved key on its old shard after the switch: T8 (run by
// the CLI) fails naming the key; the console opened on the run offers Carry forward, the operator
// confirms, the engine copies the old shard's row to the new node; T8 then passes.
void TestGuiMigrate::carryStaleWritesForwardFromThePage()
{
    auto *page = qobject_cast<MigrationPage *>(m_window->page(QStringLiteral("migration")));
    QVERIFY(page);
    RunController *c = page->runPanel()->controller();
    const QString dir = m_dir.filePath(QStringLiteral("stale"));
    int code = -1;
    QString out;
    QVERIFY2(switchedRun(dir, &out), qPrintable(out));
    const qint64 id = scalar(2, QStringLiteral("SELECT MAX(id) FROM `fsharechat`.`t_messages_0`"));
    QVERIFY(id > 0);
    QVERIFY(exec(0, QStringLiteral("UPDATE `fsharechat`.`t_messages_0` SET _from = 'stale route', _data = X'0102' WHERE id = %1").arg(id)));
    out = shardctl({QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"), dir, QStringLiteral("--until"),
                    QStringLiteral("T8"), QStringLiteral("--yes")}, &code);
    QVERIFY2(code == 1 && out.contains(QLatin1String("1 keys")), qPrintable(out));
    const QString rowSql = QStringLiteral("SELECT CONCAT_WS('|', id, HEX(_from), COALESCE(HEX(_data), 'N'), _target, _mid) "
                                          "FROM `fsharechat`.`t_messages_0` WHERE id = %1").arg(id);
    const QString onOld = text(0, rowSql);
    QVERIFY(text(2, rowSql) != onOld);

    m_window->context()->setRunDir(dir);
    QTRY_VERIFY_WITH_TIMEOUT(c->state().has_value() && c->state()->openStaleWrites() == 1 && !c->isReading(), 20000);
    auto *forward = test::findNamed<QPushButton>(page, "migrationForwardStale");
    QTRY_VERIFY_WITH_TIMEOUT(forward->isVisible() && forward->isEnabled(), 10000);
    // The step's banner names the key written by the stale route.
    auto *gate = test::findNamed<QLabel>(page, "migrationGate");
    QTRY_VERIFY2_WITH_TIMEOUT(gate->isVisible() && gate->text().contains(QString::number(id)), qPrintable(gate->text()), 5000);
    if (!qEnvironmentVariableIsEmpty("SHARDPILOT_SCREENSHOT_DIR")) {
        QTest::qWait(300); // the header's layout settles
        m_window->grab().save(qEnvironmentVariable("SHARDPILOT_SCREENSHOT_DIR") +
                              QStringLiteral("/migration-sandbox-stale-writes.png"));
    }
    QString effects;
    test::onModal([&effects](QWidget *w) {
        for (const QLabel *l : w->findChildren<QLabel *>())
            effects += l->text() + QLatin1Char('\n');
        w->findChild<QPushButton *>(QStringLiteral("confirmOk"))->click();
    });
    forward->click();
    QTRY_VERIFY_WITH_TIMEOUT(!effects.isEmpty(), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(c->state() && c->state()->openStaleWrites() == 0 && !c->engineRunning(), 60000);
    // The new node holds the old shard's row, and T8 passes.
    QCOMPARE(text(2, rowSql), onOld);
    out = shardctl({QStringLiteral("migrate"), QStringLiteral("run"), QStringLiteral("--run"), dir, QStringLiteral("--until"),
                    QStringLiteral("T8"), QStringLiteral("--yes")}, &code);
    QVERIFY2(code == 0, qPrintable(out));
    // Back to the old layout for whatever runs next.
    out = shardctl({QStringLiteral("migrate"), QStringLiteral("rollback"), QStringLiteral("--run"), dir,
                    QStringLiteral("--drop-targets"), QStringLiteral("--yes")}, &code);
    QVERIFY2(code == 0, qPrintable(out));
}

void TestGuiMigrate::cleanupTestCase()
{
    m_window.reset();
    m_fx.stop();
}

QTEST_MAIN(TestGuiMigrate)
#include "tst_gui_migrate.moc"
