// The migration page's live timeline without a server: a run directory made with createRun and a
// journal written through the core API (as an engine in another process would) shows its steps,
// copy progress with rates, checks, differences with their repair SQL and the audit log; the buttons
// follow the journal's gates (rollback off after T7, nothing after a rollback, continue off while
// another process holds the run's lock, pause writes the pause file); destructive steps ask first;
// an engine failure is shown with its step; a run is created from the dialog and comes back with its
// config after a restart.
#include "GuiTestSupport.h"

#include "core/config/ConfigLoader.h"
#include "core/migration/dual/DualRun.h"
#include "core/migration/run/Runner.h"
#include "core/migration/ReloadCommand.h"
#include "core/migration/RunState.h"
#include "core/planning/ExpansionStrategy.h"
#include "ui/AppContext.h"
#include "ui/ConfigReader.h"
#include "ui/ConfigWatcher.h"
#include "ui/migration/CopyProgressPanel.h"
#include "ui/migration/RunController.h"
#include "ui/migration/RunGate.h"
#include "ui/migration/RunPanel.h"
#include "ui/migration/StepperWidget.h"
#include "ui/pages/MigrationPage.h"
#include "ui/widgets/CaptureLagChart.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialog>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineEdit>
#include <QLineSeries>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTreeWidget>

using namespace sp;
using namespace sp::migration;
using namespace sp::ui;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestMigrationRun final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void showsTheJournal();
    void buttonsFollowTheGates();
    void runningElsewhere();
    void destructiveStepsAskFirst();
    void fitsSmallWindows();
    void engineFailureWithItsStep();
    void createFromTheDialog();
    void reopenedWithItsConfig();
    void dualMasterRunShowsReplication();
    void dualMasterRollbackOfferedInTheWindow();
    void dualPurgeAsksWhy();
    void switchRefusedAfterAFailedVerify();
    void dualDifferencesRefuseTheSwitch();
    void switchSaysWhoReloads();
    void dualSwitchSaysWhoReloads();
    void engineSentence_data();
    void engineSentence();
    void runReadReloadsTheConfig();
    void throttleIsShown();
    void chartsDrawOnlyWhatWasMeasured();
    void staleWritesOfferCarryForward();

private:
    QString newRun(const QString &name, const QString &reloadCommand = {});
    // Opens Continue's confirmation for `until` and returns its text and its warning ("" when none).
    static QStringList confirmationFor(MigrationPage *page, Step until);
    QString newDualRun(const QString &name); // a dual-master plan of the same config
    void setJournal(const QString &dir, const std::function<void(Journal &)> &f);
    // A page on the run, shown, with the first read done.
    std::unique_ptr<MigrationPage> pageOn(AppContext &ctx, const QString &dir, QSize size = {1280, 800});
    static bool readAfter(RunController *c, const QDateTime &t);
    static void refreshNow(RunController *c);
    void shoot(QWidget *w, const QString &name);

    QTemporaryDir m_dir;
    QString m_config;
    QString m_admin;
    LoadResult m_load;
    planning::ExpansionPlan m_plan;
    QString m_journalRun; // showsTheJournal's run, with every kind of entry
};

void TestMigrationRun::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // The example config, its servers pointed at a port where nothing listens: an engine started
    // by the page fails at once instead of waiting for names that do not resolve.
    QString text = QString::fromUtf8(readAll(test::examplePath(QStringLiteral("fsharechat-crc32.yaml"))));
    // (db0 on port 1 .. db3 on port 4; the plan puts db4..db7 on the next ports.)
    for (int i = 0; i < 4; ++i)
        text.replace(QStringLiteral("jdbc:mysql://mysql-%1:3306/").arg(i),
                     QStringLiteral("jdbc:mysql://127.0.0.1:%1/").arg(i + 1));
    m_config = m_dir.filePath(QStringLiteral("cluster.yaml"));
    {
        QFile f(m_config);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text.toUtf8());
    }
    m_admin = m_dir.filePath(QStringLiteral("admin.cnf"));
    {
        QFile a(m_admin);
        QVERIFY(a.open(QIODevice::WriteOnly));
        a.write("[client]\nuser=sp_admin\npassword=Gui-admin-pw\n");
    }
    QFile::setPermissions(m_admin, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    m_load = ConfigLoader::loadFile(m_config);
    QVERIFY(m_load.ok());
    planning::PlanInput in;
    in.configPath = m_config;
    in.configText = text.toUtf8();
    in.config = m_load.config;
    in.request.strategy = planning::StrategyId::ModDouble;
    const planning::PlanOutcome out = planning::makePlan(in);
    QVERIFY2(out.plan, qPrintable(out.error));
    m_plan = *out.plan;
}

QString TestMigrationRun::newRun(const QString &name, const QString &reloadCommand)
{
    RunSpec options;
    options.adminDefaultsFile = m_admin;
    options.observeSec = 3600;
    options.reloadCommand = reloadCommand;
    QString error;
    const QString dir = m_dir.filePath(QStringLiteral("runs/") + name);
    if (!createRun(m_plan, QString(), dir, options, &error))
        qFatal("createRun: %s", qPrintable(error));
    return dir;
}

QString TestMigrationRun::newDualRun(const QString &name)
{
    planning::PlanInput in;
    in.configPath = m_config;
    in.configText = readAll(m_config);
    in.config = m_load.config;
    in.request.strategy = planning::StrategyId::DualMaster;
    const planning::PlanOutcome out = planning::makePlan(in);
    if (!out.plan)
        qFatal("dual-master plan: %s", qPrintable(out.error));
    RunSpec options;
    options.adminDefaultsFile = m_admin;
    QString error;
    const QString dir = m_dir.filePath(QStringLiteral("runs/") + name);
    if (!createRun(*out.plan, QString(), dir, options, &error))
        qFatal("createRun: %s", qPrintable(error));
    return dir;
}

void TestMigrationRun::setJournal(const QString &dir, const std::function<void(Journal &)> &f)
{
    Journal j(RunDir(dir).journalFile());
    QVERIFY2(j.isOpen(), qPrintable(j.error()));
    f(j);
}

bool TestMigrationRun::readAfter(RunController *c, const QDateTime &t)
{
    return c->state() && c->state()->readAt > t && !c->isReading();
}

void TestMigrationRun::refreshNow(RunController *c)
{
    const QDateTime t = QDateTime::currentDateTimeUtc();
    QTRY_VERIFY_WITH_TIMEOUT(!c->isReading(), 5000);
    c->refresh();
    QTRY_VERIFY_WITH_TIMEOUT(readAfter(c, t), 5000);
}

std::unique_ptr<MigrationPage> TestMigrationRun::pageOn(AppContext &ctx, const QString &dir, QSize size)
{
    ctx.setConfig(m_config, m_load, {});
    ctx.setRunDir(dir);
    auto page = std::make_unique<MigrationPage>(&ctx);
    page->resize(size);
    page->show();
    if (!QTest::qWaitForWindowExposed(page.get()))
        qWarning("page not exposed");
    RunController *c = page->runPanel()->controller();
    c->setPollInterval(200);
    if (!QTest::qWaitFor([c] { return c->state().has_value() && !c->isReading(); }, 5000))
        qWarning("no read of %s", qPrintable(dir));
    return page;
}

void TestMigrationRun::shoot(QWidget *w, const QString &name)
{
    if (qEnvironmentVariableIsEmpty("SHARDPILOT_SCREENSHOT_DIR"))
        return;
    QCoreApplication::processEvents();
    w->grab().save(qEnvironmentVariable("SHARDPILOT_SCREENSHOT_DIR") + QLatin1Char('/') + name +
                   QStringLiteral(".png"));
}

void TestMigrationRun::showsTheJournal()
{
    const QString dir = newRun(QStringLiteral("journal"));
    m_journalRun = dir;
    const QString pairA = QStringLiteral("db0.t_messages_0"), targetA = QStringLiteral("db4.t_messages_0");
    setJournal(dir, [&](Journal &j) {
        QVERIFY(j.setStep(Step::T0, StepStatus::Done));
        QVERIFY(j.setStep(Step::T1, StepStatus::Done, QStringLiteral("capture starts at bin.000003:1234")));
        QVERIFY(j.setStep(Step::T2, StepStatus::Running));
        QVERIFY(j.addCheck(QStringLiteral("T0"), QStringLiteral("binlog"), true,
                           QStringLiteral("node0: ROW, FULL image")));
        QVERIFY(j.addCheck(QStringLiteral("T0"), QStringLiteral("binlog retention"), false,
                           QStringLiteral("node0: expire_logs_days=0.1")));
        QVERIFY(j.setProgress({CopyProgress{pairA, targetA, 400, 1000, 0, false},
                               CopyProgress{QStringLiteral("db1.t_messages_1"),
                                            QStringLiteral("db5.t_messages_1"), 250, 250, 0, true}}));
        QVERIFY(j.setDifferences(
            {RowDifference{targetA, pairA, QStringLiteral("17"), QStringLiteral("missing"),
                           QStringLiteral("INSERT INTO `fsharechat`.`t_messages_0` VALUES (17, 'x')")},
             RowDifference{targetA, pairA, QStringLiteral("42"), QStringLiteral("extra"),
                           QStringLiteral("DELETE FROM `fsharechat`.`t_messages_0` WHERE `id` = 42")}}));
        QVERIFY(j.audit(
            QStringLiteral("T0"), QStringLiteral("create table"), QStringLiteral("sp_admin@127.0.0.1:1"),
            QStringLiteral("CREATE TABLE `fsharechat`.`t_messages_0` (...)"), QStringLiteral("ok")));
        // Capture lag of two source servers; an unknown time (-1) is not drawn.
        const QDateTime t0 = QDateTime::currentDateTimeUtc().addSecs(-30);
        QVERIFY(j.addLag({LagSample{t0, QStringLiteral("node0"), 4, 9000},
                          LagSample{t0, QStringLiteral("node1"), -1, 100},
                          LagSample{t0.addSecs(10), QStringLiteral("node0"), 12, 40000},
                          LagSample{t0.addSecs(10), QStringLiteral("node1"), 2, 700},
                          LagSample{t0.addSecs(20), QStringLiteral("node0"), 1, 500},
                          LagSample{t0.addSecs(20), QStringLiteral("node1"), 0, 0}}));
    });
    AppContext ctx;
    auto page = pageOn(ctx, dir);
    RunController *c = page->runPanel()->controller();
    QVERIFY(c->state().has_value());
    auto *tabs = test::findNamed<QTabWidget>(page.get(), "migrationTabs");
    QVERIFY(tabs);
    QCOMPARE(tabs->currentIndex(), int(MigrationPage::TimelineTab));
    QVERIFY(!test::findNamed<QLabel>(page.get(), "migrationEmpty")->isVisible());

    // The stepper and the step's message.
    auto *stepper = test::findNamed<StepperWidget>(page.get(), "migrationStepper");
    QVERIFY(stepper && stepper->isVisible());
    QCOMPARE(stepper->status(Step::T0), StepStatus::Done);
    QCOMPARE(stepper->status(Step::T1), StepStatus::Done);
    QCOMPARE(stepper->status(Step::T2), StepStatus::Running);
    QCOMPARE(stepper->status(Step::T3), StepStatus::Pending);
    QCOMPARE(stepper->selected(), 2);
    QTest::mouseClick(stepper, Qt::LeftButton, {}, stepper->nodeRect(1).center());
    QCOMPARE(stepper->selected(), 1);
    auto *message = test::findNamed<QLabel>(page.get(), "migrationStepMessage");
    QVERIFY2(message->text().contains(QLatin1String("capture starts at bin.000003:1234")),
             qPrintable(message->text()));

    // Nobody holds the lock while T2 shows running: interrupted, Continue offered.
    auto *state = test::findNamed<QLabel>(page.get(), "migrationRunState");
    QCOMPARE(state->text(), QStringLiteral("interrupted"));
    auto *gate = test::findNamed<QLabel>(page.get(), "migrationGate");
    QVERIFY2(gate->isVisible() && gate->text().contains(QLatin1String("Interrupted during T2")),
             qPrintable(gate->text()));
    QVERIFY(test::findNamed<QPushButton>(page.get(), "migrationContinue")->isEnabled());
    QVERIFY(test::findNamed<QPushButton>(page.get(), "migrationRollback")->isEnabled());
    QVERIFY(!test::findNamed<QPushButton>(page.get(), "migrationVerify")->isEnabled()); // T2 not done
    QVERIFY(!test::findNamed<QPushButton>(page.get(), "migrationPause")->isEnabled());  // nothing runs
    auto *until = test::findNamed<QComboBox>(page.get(), "migrationUntil");
    QCOMPARE(until->count(), 8); // T2..T9
    QCOMPARE(until->currentData().toInt(), int(Step::T3));

    // Progress: copied of expected with a bar; a rate and the time left once the copy moves.
    auto *table = test::findNamed<QTableWidget>(page.get(), "migrationProgress");
    QCOMPARE(table->rowCount(), 2);
    QCOMPARE(table->item(0, CopyProgressPanel::SourceColumn)->text(), pairA);
    QCOMPARE(table->item(0, CopyProgressPanel::CopiedColumn)->text(), QStringLiteral("400 / 1,000"));
    QCOMPARE(table->item(0, CopyProgressPanel::BarColumn)->data(CopyProgressPanel::FractionRole).toDouble(),
             0.4);
    QCOMPARE(table->item(1, CopyProgressPanel::BarColumn)->text(), QStringLiteral("done"));
    QCOMPARE(table->item(0, CopyProgressPanel::RateColumn)->text(), QStringLiteral("—"));
    QVERIFY(c->samples().isEmpty()); // interrupted: nothing copies, nothing is measured
    {
        // A process copying (it holds the run's lock): its reads are measured.
        RunLock lock;
        QString error;
        QVERIFY2(lock.acquire(RunDir(dir).lockFile(), &error), qPrintable(error));
        refreshNow(c);
        QTest::qWait(1100);
        setJournal(dir, [&](Journal &j) {
            QVERIFY(j.setProgress({CopyProgress{pairA, targetA, 700, 1000, 0, false}}));
        });
        QTRY_VERIFY_WITH_TIMEOUT(
            table->item(0, CopyProgressPanel::CopiedColumn)->text() == QLatin1String("700 / 1,000"), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(table->item(0, CopyProgressPanel::RateColumn)->text() != QLatin1String("—"),
                                 5000);
        QVERIFY(table->item(0, CopyProgressPanel::RateColumn)->text().remove(QLatin1Char(',')).toInt() > 0);
        QVERIFY2(table->item(0, CopyProgressPanel::EtaColumn)->text().contains(QLatin1String("s")),
                 qPrintable(table->item(0, CopyProgressPanel::EtaColumn)->text()));
        QVERIFY(c->samples().size() >= 2);
    }
    refreshNow(c);

    // The capture-lag chart: a line per source server, new samples appended as the journal grows.
    auto *lag = test::findNamed<CaptureLagChart>(page.get(), "captureLagChart");
    QVERIFY(lag && lag->isVisible());
    QCOMPARE(lag->sources(), (QStringList{QStringLiteral("node0"), QStringLiteral("node1")}));
    QCOMPARE(lag->seriesOf(QStringLiteral("node0"))->count(), 3);
    QCOMPARE(lag->seriesOf(QStringLiteral("node1"))->count(), 2);
    QCOMPARE(lag->seriesOf(QStringLiteral("node0"))->at(1).y(), 12.0);
    setJournal(dir, [](Journal &j) {
        QVERIFY(j.addLag({LagSample{QDateTime::currentDateTimeUtc(), QStringLiteral("node0"), 0, 0}}));
    });
    QTRY_COMPARE_WITH_TIMEOUT(lag->seriesOf(QStringLiteral("node0"))->count(), 4, 5000);

    // Checks, with the failed one marked.
    auto *checks = test::findNamed<QTreeWidget>(page.get(), "migrationChecks");
    QCOMPARE(checks->topLevelItemCount(), 2);
    QCOMPARE(checks->topLevelItem(1)->text(2), QStringLiteral("failed"));

    // Differences and their repair SQL, copied to the clipboard.
    auto *diffs = test::findNamed<QTableWidget>(page.get(), "migrationDiffs");
    QCOMPARE(diffs->rowCount(), 2);
    QCOMPARE(diffs->item(1, 3)->text(), QStringLiteral("42"));
    QVERIFY2(gate->text().contains(QLatin1String("2 row(s) differ between the sources and the targets")),
             qPrintable(gate->text()));
    diffs->selectRow(1);
    auto *repair = test::findNamed<QPlainTextEdit>(page.get(), "migrationRepairSql");
    QCOMPARE(repair->toPlainText(),
             QStringLiteral("DELETE FROM `fsharechat`.`t_messages_0` WHERE `id` = 42"));
    auto *copy = test::findNamed<QPushButton>(page.get(), "migrationCopyRepair");
    QVERIFY(copy->isEnabled());
    QApplication::clipboard()->clear();
    copy->click();
    QCOMPARE(QApplication::clipboard()->text(), repair->toPlainText());

    // The audit log: the creation and the table, and entries appended later.
    auto *audit = test::findNamed<QTableWidget>(page.get(), "migrationAudit");
    QCOMPARE(audit->rowCount(), 2);
    QCOMPARE(audit->item(0, 3)->text(), QStringLiteral("create run"));
    QCOMPARE(audit->item(1, 3)->text(), QStringLiteral("create table"));
    QCOMPARE(audit->item(1, 4)->text(), QStringLiteral("sp_admin@127.0.0.1:1"));
    setJournal(dir, [](Journal &j) {
        QVERIFY(j.audit(QStringLiteral("T2"), QStringLiteral("copy chunk"), QString(), QString(),
                        QStringLiteral("ok")));
    });
    QTRY_COMPARE_WITH_TIMEOUT(audit->rowCount(), 3, 5000);
    QCOMPARE(audit->item(2, 3)->text(), QStringLiteral("copy chunk"));
    for (QTableWidget *t : {audit, diffs})
        for (int r = 0; r < t->rowCount(); ++r)
            for (int k = 0; k < t->columnCount(); ++k)
                QVERIFY(!t->item(r, k) || !t->item(r, k)->text().contains(QLatin1String("Gui-admin-pw")));

    // The plan tab shows the run's plan when none was handed over.
    QVERIFY(!ctx.plan());
    auto *steps = test::findNamed<QTreeWidget>(page.get(), "migrationSteps");
    QVERIFY(steps->topLevelItemCount() > 0);

    shoot(page.get(), QStringLiteral("migration-run-1280x800"));
    page->resize(1024, 600);
    shoot(page.get(), QStringLiteral("migration-run-1024x600"));
}

void TestMigrationRun::buttonsFollowTheGates()
{
    const QString dir = newRun(QStringLiteral("gates"));
    AppContext ctx;
    auto page = pageOn(ctx, dir);
    RunController *c = page->runPanel()->controller();
    auto *cont = test::findNamed<QPushButton>(page.get(), "migrationContinue");
    auto *verify = test::findNamed<QPushButton>(page.get(), "migrationVerify");
    auto *rollback = test::findNamed<QPushButton>(page.get(), "migrationRollback");
    auto *pause = test::findNamed<QPushButton>(page.get(), "migrationPause");
    auto *gate = test::findNamed<QLabel>(page.get(), "migrationGate");
    auto *writeStop = test::findNamed<QLabel>(page.get(), "migrationWriteStop");
    auto *state = test::findNamed<QLabel>(page.get(), "migrationRunState");

    // Not started: Continue only (to T0..T9), no rollback.
    QCOMPARE(state->text(), QStringLiteral("not started"));
    QVERIFY(cont->isEnabled());
    QVERIFY(!rollback->isEnabled());
    QVERIFY(!verify->isEnabled());
    QVERIFY(!test::findNamed<QCheckBox>(page.get(), "migrationStrongVerify")->isEnabled()); // follows Verify
    QVERIFY(!pause->isEnabled());
    QVERIFY2(gate->text().contains(QLatin1String("Not started")), qPrintable(gate->text()));

    // Writes stopped (T4 done, T7 not): the live timer, rollback and verify allowed.
    setJournal(dir, [](Journal &j) {
        for (int i = 0; i <= 4; ++i)
            QVERIFY(j.setStep(Step(i), StepStatus::Done));
        QVERIFY(j.setValue(keys::writeStopStart,
                           QDateTime::currentDateTimeUtc().addSecs(-75).toString(Qt::ISODateWithMs)));
    });
    refreshNow(c);
    QCOMPARE(state->text(), QStringLiteral("writes stopped"));
    QVERIFY2(writeStop->text().contains(QLatin1String("Writes stopped 00:01:1")),
             qPrintable(writeStop->text()));
    QVERIFY2(gate->text().contains(QLatin1String("WRITES ARE STOPPED")), qPrintable(gate->text()));
    QVERIFY(cont->isEnabled() && rollback->isEnabled() && verify->isEnabled());
    auto *until = test::findNamed<QComboBox>(page.get(), "migrationUntil");
    QCOMPARE(until->currentData().toInt(), int(Step::T7)); // the write stop in one go
    QCOMPARE(until->itemData(0).toInt(), int(Step::T5));

    // T7 done: writes resumed, the stop's length; no rollback any more, no verify.
    setJournal(dir, [](Journal &j) {
        for (int i = 5; i <= 7; ++i)
            QVERIFY(j.setStep(Step(i), StepStatus::Done));
        QVERIFY(j.setValue(keys::writesResumed, QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)));
        QVERIFY(j.setValue(keys::writeStopMs, QStringLiteral("2345")));
    });
    refreshNow(c);
    QVERIFY(!rollback->isEnabled());
    QVERIFY2(rollback->toolTip().contains(QLatin1String("only possible before T7")),
             qPrintable(rollback->toolTip()));
    QVERIFY(!verify->isEnabled());
    QVERIFY(cont->isEnabled());
    QCOMPARE(writeStop->text(), QStringLiteral("Write stop: 2.3 s"));
    QVERIFY2(gate->text().contains(QLatin1String("T8 watches")), qPrintable(gate->text()));
    // The reload command's share of the switch window, said when it is most of it.
    setJournal(dir, [](Journal &j) { QVERIFY(j.setValue(keys::reloadMs, QStringLiteral("1800"))); });
    refreshNow(c);
    QCOMPARE(writeStop->text(), QStringLiteral("Write stop: 2.3 s (reload command 1.8 s of it)"));
    QVERIFY2(writeStop->toolTip().contains(QLatin1String("reload command took most of the stop")),
             qPrintable(writeStop->toolTip()));

    // Complete.
    setJournal(dir, [](Journal &j) {
        QVERIFY(j.setStep(Step::T8, StepStatus::Done));
        QVERIFY(j.setStep(Step::T9, StepStatus::Done));
    });
    refreshNow(c);
    QCOMPARE(state->text(), QStringLiteral("complete"));
    QVERIFY(!cont->isEnabled() && !rollback->isEnabled() && !verify->isEnabled());

    // Rolled back: nothing more.
    const QString dir2 = newRun(QStringLiteral("rolledback"));
    setJournal(dir2, [](Journal &j) {
        QVERIFY(j.setStep(Step::T0, StepStatus::RolledBack, QStringLiteral("rolled back")));
        QVERIFY(j.setValue(keys::rolledBack, QStringLiteral("1")));
    });
    ctx.setRunDir(dir2);
    QTRY_VERIFY_WITH_TIMEOUT(c->dir() == dir2 && c->state() && !c->isReading(), 5000);
    QCOMPARE(state->text(), QStringLiteral("rolled back"));
    QVERIFY(!cont->isEnabled() && !rollback->isEnabled() && !verify->isEnabled() && !pause->isEnabled());
    QVERIFY2(gate->text().contains(QLatin1String("rolled back")), qPrintable(gate->text()));
    QCOMPARE(test::findNamed<StepperWidget>(page.get(), "migrationStepper")->status(Step::T0),
             StepStatus::RolledBack);

    // A config changed since the plan: T0 would refuse, so Continue is off.
    const QString dir3 = newRun(QStringLiteral("changed"));
    const QByteArray text = readAll(m_config);
    {
        QFile f(m_config);
        QVERIFY(f.open(QIODevice::Append));
        f.write("# edited by hand\n");
    }
    ctx.setRunDir(dir3);
    QTRY_VERIFY_WITH_TIMEOUT(c->dir() == dir3 && c->state() && !c->isReading(), 5000);
    QVERIFY(!cont->isEnabled());
    QVERIFY2(gate->text().contains(QLatin1String("changed since the plan was made")),
             qPrintable(gate->text()));
    {
        QFile f(m_config);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
    }
    refreshNow(c);
    QVERIFY(cont->isEnabled());
}

void TestMigrationRun::runningElsewhere()
{
    const QString dir = newRun(QStringLiteral("elsewhere"));
    setJournal(dir, [](Journal &j) {
        QVERIFY(j.setStep(Step::T0, StepStatus::Done));
        QVERIFY(j.setStep(Step::T1, StepStatus::Done));
        QVERIFY(j.setStep(Step::T2, StepStatus::Running));
    });
    AppContext ctx;
    auto page = pageOn(ctx, dir);
    RunController *c = page->runPanel()->controller();
    auto *cont = test::findNamed<QPushButton>(page.get(), "migrationContinue");
    auto *pause = test::findNamed<QPushButton>(page.get(), "migrationPause");
    auto *rollback = test::findNamed<QPushButton>(page.get(), "migrationRollback");
    auto *state = test::findNamed<QLabel>(page.get(), "migrationRunState");
    auto *gate = test::findNamed<QLabel>(page.get(), "migrationGate");
    QVERIFY(cont->isEnabled());
    QVERIFY(!pause->isEnabled());
    {
        // What `shardctl migrate run` holds while it works.
        RunLock lock;
        QString error;
        QVERIFY2(lock.acquire(RunDir(dir).lockFile(), &error), qPrintable(error));
        refreshNow(c);
        QCOMPARE(state->text(), QStringLiteral("running in another process"));
        QVERIFY2(gate->text().contains(QStringLiteral("Running in another process (pid %1)")
                                           .arg(QCoreApplication::applicationPid())),
                 qPrintable(gate->text()));
        QVERIFY(!cont->isEnabled());
        QVERIFY(!rollback->isEnabled());
        QVERIFY(pause->isEnabled());
        QVERIFY(!gate->text().contains(QLatin1String("Interrupted")));
        // Pause writes the pause file the other process checks after each chunk.
        QVERIFY(!QFileInfo::exists(dir + QStringLiteral("/pause")));
        pause->click();
        QVERIFY(QFileInfo::exists(dir + QStringLiteral("/pause")));
        QTRY_VERIFY_WITH_TIMEOUT(!pause->isEnabled(), 5000);
        QVERIFY2(gate->text().contains(QLatin1String("Pause requested")), qPrintable(gate->text()));
        // Continue through the controller is refused too.
        QVERIFY(!c->continueTo(Step::T3, false, QString(), &error));
        QVERIFY(!c->engineRunning());
    }
    // The other process ended: the run is interrupted, Continue is back.
    refreshNow(c);
    QVERIFY(cont->isEnabled());
    QCOMPARE(state->text(), QStringLiteral("interrupted"));
}

void TestMigrationRun::destructiveStepsAskFirst()
{
    const QString dir = newRun(QStringLiteral("destructive"));
    setJournal(dir, [](Journal &j) {
        for (int i = 0; i <= 3; ++i)
            QVERIFY(j.setStep(Step(i), StepStatus::Done));
    });
    AppContext ctx;
    auto page = pageOn(ctx, dir);
    RunController *c = page->runPanel()->controller();
    auto *until = test::findNamed<QComboBox>(page.get(), "migrationUntil");
    auto *cont = test::findNamed<QPushButton>(page.get(), "migrationContinue");
    until->setCurrentIndex(until->findData(int(Step::T6)));
    QString text;
    test::onModal([&text](QWidget *w) {
        auto *label = w->findChild<QLabel *>(QStringLiteral("confirmText"));
        text = label ? label->text() : QString();
        auto *ok = w->findChild<QPushButton *>(QStringLiteral("confirmOk"));
        if (ok)
            text += QStringLiteral("\nOK: ") + ok->text();
        qobject_cast<QDialog *>(w)->reject();
    });
    cont->click();
    QTRY_VERIFY_WITH_TIMEOUT(!text.isEmpty(), 5000);
    // Each destructive step is named with what it does and where.
    QVERIFY2(text.contains(QLatin1String("T4 sets read_only=1 on db0 (127.0.0.1:1)")), qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("T6 replaces")) && text.contains(QFileInfo(m_config).fileName()),
             qPrintable(text));
    QVERIFY(!text.contains(QLatin1String("T7 sets"))); // not asked for
    QVERIFY2(text.contains(QLatin1String("OK: Continue to T6")), qPrintable(text));
    // Cancelled: nothing runs.
    QTest::qWait(100);
    QVERIFY(!c->engineRunning());
    QCOMPARE(c->state()->status(Step::T4), StepStatus::Pending);
    // Without the confirmation the controller refuses.
    QString error;
    QVERIFY(!c->continueTo(Step::T4, false, QString(), &error));
    QVERIFY2(error.contains(QLatin1String("confirmation")), qPrintable(error));

    // Rollback asks too, with the drop-targets choice.
    bool offered = false;
    test::onModal([&offered](QWidget *w) {
        auto *drop = w->findChild<QCheckBox *>(QStringLiteral("confirmDropTargets"));
        offered = drop && drop->isVisible() && !drop->isChecked() &&
                  drop->text().contains(QLatin1String("DROP TABLE"));
        qobject_cast<QDialog *>(w)->reject();
    });
    test::findNamed<QPushButton>(page.get(), "migrationRollback")->click();
    QTRY_VERIFY_WITH_TIMEOUT(offered, 5000);
    QVERIFY(!c->engineRunning());
}

void TestMigrationRun::fitsSmallWindows()
{
    // The page in the main window at 1280x800 and 1024x600: nothing cut off sideways, every action
    // in view without scrolling.
    QVERIFY(!m_journalRun.isEmpty());
    QTemporaryDir home;
    auto window = test::makeMainWindow(home);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QVERIFY(window->openConfig(m_config));
    window->context()->setRunDir(m_journalRun);
    window->showPage(QStringLiteral("migration"));
    auto *page = qobject_cast<MigrationPage *>(window->page(QStringLiteral("migration")));
    QVERIFY(page);
    QTRY_VERIFY_WITH_TIMEOUT(page->runPanel()->controller()->state().has_value(), 5000);
    QScrollArea *scroll = nullptr;
    for (QWidget *w = page->parentWidget(); w && !scroll; w = w->parentWidget())
        scroll = qobject_cast<QScrollArea *>(w);
    QVERIFY(scroll);
    for (const QSize size : {QSize(1280, 800), QSize(1024, 600)}) {
        window->resize(size);
        QTest::qWait(200);
        QCOMPARE(window->size(), size);
        QVERIFY2(scroll->horizontalScrollBar()->maximum() == 0,
                 qPrintable(QStringLiteral("%1x%2: the page is %3 px wider than its view")
                                .arg(size.width())
                                .arg(size.height())
                                .arg(scroll->horizontalScrollBar()->maximum())));
        for (const char *name :
             {"migrationContinue", "migrationPause", "migrationVerify", "migrationRollback",
              "migrationCloseRun", "migrationUntil", "migrationRunState", "migrationStepper"}) {
            auto *w = test::findNamed<QWidget>(page, name);
            QVERIFY(w && w->isVisible());
            const QRect r(w->mapTo(scroll->viewport(), QPoint(0, 0)), w->size());
            QVERIFY2(scroll->viewport()->rect().contains(r),
                     qPrintable(QStringLiteral("%1x%2: %3 at %4,%5 %6x%7 is outside the view %8x%9")
                                    .arg(size.width())
                                    .arg(size.height())
                                    .arg(QLatin1String(name))
                                    .arg(r.x())
                                    .arg(r.y())
                                    .arg(r.width())
                                    .arg(r.height())
                                    .arg(scroll->viewport()->width())
                                    .arg(scroll->viewport()->height())));
        }
        // The stepper shows every step's name (T0..T9) in its width.
        QVERIFY(test::findNamed<StepperWidget>(page, "migrationStepper")->width() >= 10 * 44);
        shoot(window.get(), QStringLiteral("migration-window-%1x%2").arg(size.width()).arg(size.height()));
    }
}

void TestMigrationRun::engineFailureWithItsStep()
{
    // The engine runs in the console and fails at T3 (the servers do not answer): the failure and
    // its step are shown prominently, the journal's gate names it, the engine's lines are logged.
    const QString dir = newRun(QStringLiteral("failure"));
    setJournal(dir, [](Journal &j) {
        for (int i = 0; i <= 2; ++i)
            QVERIFY(j.setStep(Step(i), StepStatus::Done));
    });
    AppContext ctx;
    auto page = pageOn(ctx, dir);
    RunController *c = page->runPanel()->controller();
    auto *until = test::findNamed<QComboBox>(page.get(), "migrationUntil");
    until->setCurrentIndex(until->findData(int(Step::T3)));
    bool started = false;
    connect(c, &RunController::engineStarted, this, [&started] { started = true; });
    test::findNamed<QPushButton>(page.get(), "migrationContinue")->click(); // T3: no confirmation
    QVERIFY(started);
    QVERIFY(c->engineRunning());
    QVERIFY(!test::findNamed<QPushButton>(page.get(), "migrationContinue")->isEnabled());
    QVERIFY(!test::findNamed<QPushButton>(page.get(), "migrationCloseRun")->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(!c->engineRunning(), 60000);
    refreshNow(c);
    // Shown once, as a sentence: the gate names the step and what the engine said; the failure
    // banner does not repeat it, nor does the step's line.
    auto *failure = test::findNamed<QLabel>(page.get(), "migrationFailure");
    QCOMPARE(c->state()->status(Step::T3), StepStatus::Failed);
    const QString engineMessage = c->state()->step(Step::T3).message;
    QVERIFY(!engineMessage.isEmpty());
    QTRY_VERIFY(!failure->isVisible());
    auto *gate = test::findNamed<QLabel>(page.get(), "migrationGate");
    QVERIFY2(gate->text().contains(QLatin1String("T3 Catch up failed. The engine says: ")),
             qPrintable(gate->text()));
    QCOMPARE(gate->text().count(engineMessage.mid(1, 30).toHtmlEscaped()), 1);
    const QString sentence = RunGate::engineSentence(engineMessage);
    QVERIFY2(sentence.endsWith(QLatin1Char('.')), qPrintable(sentence));
    QVERIFY2(gate->text().contains(sentence.toHtmlEscaped() + QStringLiteral(" Continue runs it again")),
             qPrintable(gate->text()));
    auto *stepLine = test::findNamed<QLabel>(page.get(), "migrationStepMessage");
    QVERIFY2(!stepLine->text().contains(engineMessage.mid(1, 30)), qPrintable(stepLine->text()));
    auto *log = test::findNamed<QPlainTextEdit>(page.get(), "migrationLog");
    QVERIFY2(log->toPlainText().contains(QLatin1String("T3 Catch up ...")), qPrintable(log->toPlainText()));
    QVERIFY2(log->toPlainText().contains(QLatin1String("T3 failed: ")), qPrintable(log->toPlainText()));
    QVERIFY(!log->toPlainText().contains(QLatin1String("Gui-admin-pw")));
    QVERIFY(!failure->text().contains(QLatin1String("Gui-admin-pw")));
    QVERIFY(!gate->text().contains(QLatin1String("Gui-admin-pw")));
    // The engine let go of the lock: `shardctl migrate run` could take its turn now.
    QVERIFY(!RunLock::isHeld(RunDir(dir).lockFile()));
    QVERIFY(test::findNamed<QPushButton>(page.get(), "migrationContinue")->isEnabled());
    shoot(page.get(), QStringLiteral("migration-run-failed"));
}

void TestMigrationRun::createFromTheDialog()
{
    AppContext ctx;
    ctx.setConfig(m_config, m_load, {});
    MigrationPage page(&ctx);
    page.resize(1024, 600);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    ctx.setPlan(m_plan);
    auto *tabs = test::findNamed<QTabWidget>(&page, "migrationTabs");
    QCOMPARE(tabs->currentIndex(), int(MigrationPage::PlanTab));
    auto *create = test::findNamed<QPushButton>(&page, "migrationPlanCreateRun");
    QVERIFY(create->isEnabled());

    // Without an admin account (not a sandbox): refused, with the reason.
    QString proposed;
    test::onModal([&proposed](QWidget *w) {
        auto *dir = w->findChild<QLineEdit *>(QStringLiteral("createRunDir"));
        proposed = dir ? dir->text() : QString();
        w->findChild<QPushButton *>(QStringLiteral("createRunOk"))->click();
    });
    create->click();
    QTRY_VERIFY_WITH_TIMEOUT(!proposed.isEmpty(), 5000);
    QVERIFY2(QRegularExpression(QStringLiteral("^%1/runs/[0-9a-f]{16}$")
                                    .arg(QRegularExpression::escape(QFileInfo(m_config).absolutePath())))
                 .match(proposed)
                 .hasMatch(),
             qPrintable(proposed));
    auto *noRun = test::findNamed<QLabel>(&page, "migrationNoRunText");
    QTRY_VERIFY_WITH_TIMEOUT(noRun->text().contains(QLatin1String("Cannot create the run")), 10000);
    QVERIFY2(noRun->text().contains(QLatin1String("--admin-defaults-file")), qPrintable(noRun->text()));
    QVERIFY(ctx.runDir().isEmpty());
    QVERIFY(!QFileInfo::exists(proposed + QStringLiteral("/run.json")));

    // With one: created, followed, on the timeline.
    test::onModal([this](QWidget *w) {
        w->findChild<QLineEdit *>(QStringLiteral("createRunAdmin"))->setText(m_admin);
        w->findChild<QSpinBox *>(QStringLiteral("createRunObserve"))->setValue(60);
        w->findChild<QSpinBox *>(QStringLiteral("createRunMaxRate"))->setValue(2000);
        w->findChild<QSpinBox *>(QStringLiteral("createRunParallel"))->setValue(2);
        w->findChild<QCheckBox *>(QStringLiteral("createRunFullVerify"))->setChecked(true);
        w->findChild<QCheckBox *>(QStringLiteral("createRunStrongHash"))->setChecked(true);
        w->findChild<QPushButton *>(QStringLiteral("createRunOk"))->click();
    });
    create->click();
    QTRY_VERIFY_WITH_TIMEOUT(!ctx.runDir().isEmpty(), 10000);
    const QString dir = ctx.runDir();
    QVERIFY(QFileInfo::exists(dir + QStringLiteral("/run.json")));
    QTRY_COMPARE_WITH_TIMEOUT(tabs->currentIndex(), int(MigrationPage::TimelineTab), 5000);
    RunController *c = page.runPanel()->controller();
    QTRY_VERIFY_WITH_TIMEOUT(c->state().has_value(), 5000);
    QCOMPARE(c->state()->spec.observeSec, 60);
    QCOMPARE(c->state()->spec.maxRowsPerSec, 2000);
    QCOMPARE(c->state()->spec.parallel, 2);
    QVERIFY(c->state()->spec.fullVerify);
    QVERIFY(c->state()->spec.strongHash);
    QCOMPARE(c->state()->spec.adminDefaultsFile, QFileInfo(m_admin).absoluteFilePath());
    QVERIFY(!readAll(dir + QStringLiteral("/run.json")).contains("Gui-admin-pw"));
    auto *audit = test::findNamed<QTableWidget>(&page, "migrationAudit");
    QTRY_COMPARE_WITH_TIMEOUT(audit->rowCount(), 1, 5000);
    QCOMPARE(audit->item(0, 3)->text(), QStringLiteral("create run"));
    // Close run lets go (the directory stays).
    test::findNamed<QPushButton>(&page, "migrationCloseRun")->click();
    QVERIFY(ctx.runDir().isEmpty());
    QVERIFY(QFileInfo::exists(dir + QStringLiteral("/run.json")));
    QTRY_VERIFY(test::findNamed<QWidget>(&page, "migrationNoRun")->isVisibleTo(page.runPanel()));
    // ... and it can be opened again; a run of another config is refused.
    QString error;
    QVERIFY2(page.runPanel()->openRun(dir, &error), qPrintable(error));
    QCOMPARE(ctx.runDir(), dir);
}

void TestMigrationRun::reopenedWithItsConfig()
{
    const QString dir = newRun(QStringLiteral("restart"));
    QTemporaryDir home;
    {
        auto window = test::makeMainWindow(home);
        QVERIFY(window->openConfig(m_config));
        QVERIFY(window->context()->runDir().isEmpty());
        window->context()->setRunDir(dir);
        QCOMPARE(window->settings()->runFor(m_config), dir);
    }
    {
        // A restart: the config comes back with its run, shown where it is.
        auto settings = std::make_unique<Settings>(home.filePath(QStringLiteral("settings.ini")));
        MainWindow window(nullptr, std::move(settings));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.openConfig(m_config);
        QCOMPARE(window.context()->runDir(), dir);
        auto *page = qobject_cast<MigrationPage *>(window.page(QStringLiteral("migration")));
        QVERIFY(page);
        QTRY_VERIFY_WITH_TIMEOUT(page->runPanel()->controller()->state().has_value(), 5000);
        QCOMPARE(page->runPanel()->controller()->dir(), dir);
        // Another config lets go of it; the run is still remembered for its own.
        window.openConfig(test::examplePath(QStringLiteral("native-algorithms.yaml")));
        QVERIFY(window.context()->runDir().isEmpty());
        QTRY_VERIFY(page->runPanel()->controller()->dir().isEmpty());
        QCOMPARE(window.settings()->runFor(m_config), dir);
        // A run directory that is gone is forgotten.
        QVERIFY(QDir(dir).removeRecursively());
        window.openConfig(m_config);
        QVERIFY(window.context()->runDir().isEmpty());
        QVERIFY(window.settings()->runFor(m_config).isEmpty());
    }
}

// Between D7 and D8 a dual-master run whose pairs all replicate back (D4) can be rolled back: the
// Rollback button is enabled and its confirmation says what happens; one pair left one-way, or D8
// begun, and it is not.
void TestMigrationRun::dualMasterRollbackOfferedInTheWindow()
{
    const QString dir = newDualRun(QStringLiteral("dual-window"));
    setJournal(dir, [](Journal &j) {
        for (DualStep d : {DualStep::D1, DualStep::D2, DualStep::D3, DualStep::D4, DualStep::D5, DualStep::D6, DualStep::D7})
            QVERIFY(j.setStep(rowOf(d), StepStatus::Done));
        QVERIFY(j.setValue(keys::dualBack(QStringLiteral("db4")), QStringLiteral("two-way")));
        QVERIFY(j.setValue(keys::dualBackFrom(QStringLiteral("db4")), QStringLiteral("mysql-bin.000002:4211")));
    });
    AppContext ctx;
    auto page = pageOn(ctx, dir);
    RunController *c = page->runPanel()->controller();
    QTRY_VERIFY_WITH_TIMEOUT(c->state() && c->state()->plan, 5000);
    auto *rollback = test::findNamed<QPushButton>(page.get(), "migrationRollback");
    QTRY_VERIFY_WITH_TIMEOUT(rollback->isEnabled(), 5000);
    const QStringList effects = RunGate::rollbackEffects(*c->state());
    QVERIFY2(effects.join(QLatin1Char('\n')).contains(QLatin1String("new -> old replication")), qPrintable(effects.join(QLatin1Char('\n'))));
    QVERIFY(RunGate::reversible(*c->state()));
    // One pair one-way: no way back after D7.
    setJournal(dir, [](Journal &j) {
        QVERIFY(j.setValue(keys::dualBack(QStringLiteral("db5")), QStringLiteral("one-way: db1 already replicates")));
    });
    c->refresh();
    QTRY_VERIFY_WITH_TIMEOUT(!rollback->isEnabled(), 5000);
    QVERIFY2(rollback->toolTip().contains(QLatin1String("rollback is only possible before")), qPrintable(rollback->toolTip()));
    // All two-way again, but D8 has cut replication.
    setJournal(dir, [](Journal &j) {
        QVERIFY(j.setValue(keys::dualBack(QStringLiteral("db5")), QStringLiteral("two-way")));
        QVERIFY(j.setStep(rowOf(DualStep::D8), StepStatus::Done));
    });
    c->refresh();
    QTRY_VERIFY_WITH_TIMEOUT(c->state() && c->state()->status(rowOf(DualStep::D8)) == StepStatus::Done, 5000);
    QVERIFY(!RunGate::reversible(*c->state()));
    QTRY_VERIFY_WITH_TIMEOUT(!rollback->isEnabled(), 5000);
}

// A dual-master run: the stepper shows D1..D10, the Replication tab the engine's last look at each
// pair, and the confirmation names what D5 and D7 do to the servers.
void TestMigrationRun::dualMasterRunShowsReplication()
{
    const QString dir = newDualRun(QStringLiteral("dual"));
    setJournal(dir, [](Journal &j) {
        QVERIFY(j.setStep(rowOf(DualStep::D1), StepStatus::Done));
        QVERIFY(j.setStep(rowOf(DualStep::D2), StepStatus::Done));
        QVERIFY(j.setStep(rowOf(DualStep::D3), StepStatus::Done));
        QVERIFY(
            j.setStep(rowOf(DualStep::D4), StepStatus::Done, QStringLiteral("skipped: one-way replication")));
        QJsonArray arr;
        for (int i = 0; i < 4; ++i) {
            PairReplication r;
            r.oldDs = QStringLiteral("db%1").arg(i);
            r.newDs = QStringLiteral("db%1").arg(i + 4);
            r.forward.configured = true;
            r.forward.ioRunning = QStringLiteral("Yes");
            r.forward.sqlRunning = i == 3 ? QStringLiteral("No") : QStringLiteral("Yes");
            r.forward.lastSqlError = i == 3 ? QStringLiteral("Duplicate entry '7' for key 'PRIMARY'") : QString();
            r.forward.lagSec = i == 3 ? -1 : i;
            r.sourcePos = QStringLiteral("0-%1-120").arg(i + 1);
            r.replicaPos = QStringLiteral("0-%1-%2").arg(i + 1).arg(i == 0 ? 120 : 118);
            r.caughtUp = i == 0;
            r.at = QDateTime::currentDateTimeUtc();
            arr.append(r.toJson());
        }
        QVERIFY(j.setValue(keys::replication, QString::fromUtf8(QJsonDocument(arr).toJson())));
    });
    AppContext ctx;
    auto page = pageOn(ctx, dir);
    RunController *c = page->runPanel()->controller();
    QTRY_VERIFY_WITH_TIMEOUT(c->state() && c->state()->plan, 5000);
    auto *stepper = page->findChild<StepperWidget *>();
    QVERIFY(stepper);
    QCOMPARE(stepper->kind(), RunKindId::DualMaster);
    auto *table = test::findNamed<QTableWidget>(page.get(), "migrationReplication");
    auto *tabs = test::findNamed<QTabWidget>(page.get(), "migrationRunTabs");
    QCOMPARE(tabs->tabText(tabs->indexOf(table)), QStringLiteral("Replication"));
    tabs->setCurrentWidget(table);
    QCOMPARE(table->rowCount(), 4);
    QCOMPARE(table->item(0, 0)->text(), QStringLiteral("db0 → db4"));
    QCOMPARE(table->item(0, 1)->text(), QStringLiteral("Yes"));
    QCOMPARE(table->item(3, 2)->text(), QStringLiteral("No"));
    QVERIFY2(table->item(3, 6)->text().contains(QLatin1String("Duplicate entry")), qPrintable(table->item(3, 6)->text()));
    QVERIFY(table->item(0, 6)->text().startsWith(QLatin1String("caught up")));
    auto *until = test::findNamed<QComboBox>(page.get(), "migrationUntil");
    QVERIFY(until->count() > 0);
    QVERIFY2(until->itemText(0).startsWith(QLatin1String("D5 ")), qPrintable(until->itemText(0)));
    until->setCurrentIndex(until->findData(int(rowOf(DualStep::D7))));
    QVERIFY2(until->currentText().startsWith(QLatin1String("D7 ")), qPrintable(until->currentText()));
    shoot(page.get(), QStringLiteral("migration-dual"));
    QString text;
    test::onModal([&text](QWidget *w) {
        auto *label = w->findChild<QLabel *>(QStringLiteral("confirmText"));
        text = label ? label->text() : QString();
        auto *ok = w->findChild<QPushButton *>(QStringLiteral("confirmOk"));
        if (ok)
            text += QStringLiteral("\nOK: ") + ok->text();
        qobject_cast<QDialog *>(w)->reject();
    });
    test::findNamed<QPushButton>(page.get(), "migrationContinue")->click();
    QTRY_VERIFY_WITH_TIMEOUT(!text.isEmpty(), 5000);
    QVERIFY2(text.contains(QLatin1String("D5 sets auto_increment_increment")), qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("D7 sets read_only=1")), qPrintable(text));
    QVERIFY2(!text.contains(QLatin1String("D8 stops")), qPrintable(text)); // not asked for
    QVERIFY2(text.contains(QLatin1String("OK: Continue to D7")), qPrintable(text));
    QVERIFY(!c->engineRunning());
    // Verify is the replication gates' check here; rollback is possible before D7.
    QVERIFY(test::findNamed<QPushButton>(page.get(), "migrationRollback")->isEnabled());
}

// D9 (the dual-master purge) refused, with rows kept: continuing to D9 or D10 asks for a reason
// (the engine's --override-reason), in the dual-master's words, and Continue waits for one.
void TestMigrationRun::dualPurgeAsksWhy()
{
    const QString dir = newDualRun(QStringLiteral("dual-purge"));
    setJournal(dir, [](Journal &j) {
        for (int i = 0; i <= int(rowOf(DualStep::D8)); ++i)
            QVERIFY(j.setStep(Step(i), StepStatus::Done));
        QVERIFY(j.setStep(
            rowOf(DualStep::D9), StepStatus::Failed,
            QStringLiteral("3 rows were kept: the side that owns them lacks them (deleted there since "
                           "the switch, or never replicated): db4.t_messages_0 id 7")));
    });
    AppContext ctx;
    auto page = pageOn(ctx, dir);
    RunController *c = page->runPanel()->controller();
    QTRY_VERIFY_WITH_TIMEOUT(c->state() && c->state()->plan, 5000);
    auto *until = test::findNamed<QComboBox>(page.get(), "migrationUntil");
    for (const Step to : {rowOf(DualStep::D9), rowOf(DualStep::D10)}) {
        until->setCurrentIndex(until->findData(int(to)));
        QVERIFY(until->currentIndex() >= 0);
        QString placeholder;
        bool okBefore = true, okAfter = false;
        test::onModal([&](QWidget *w) {
            auto *reason = w->findChild<QLineEdit *>(QStringLiteral("confirmReason"));
            auto *ok = w->findChild<QPushButton *>(QStringLiteral("confirmOk"));
            placeholder = reason && reason->isVisibleTo(w) ? reason->placeholderText() : QStringLiteral("(no reason asked)");
            okBefore = ok->isEnabled();
            if (reason)
                reason->setText(QStringLiteral("deleted by the application on purpose"));
            okAfter = ok->isEnabled();
            qobject_cast<QDialog *>(w)->reject();
        });
        test::findNamed<QPushButton>(page.get(), "migrationContinue")->click();
        QTRY_VERIFY_WITH_TIMEOUT(!placeholder.isEmpty(), 5000);
        QVERIFY2(placeholder.startsWith(QLatin1String("D9 stopped")), qPrintable(placeholder));
        QVERIFY(!okBefore);
        QVERIFY(okAfter);
        QVERIFY(!c->engineRunning());
    }
}

// T5 was clean, then a later Verify (writes stopped) found a difference: the gate follows the latest
// comparison, so neither T6 nor T7 is offered, and the page says why; a clean comparison opens it again.
void TestMigrationRun::switchRefusedAfterAFailedVerify()
{
    const QString dir = newRun(QStringLiteral("verify-gate"));
    const RowDifference diff{QStringLiteral("db4.t_messages_0"), QStringLiteral("db0.t_messages_0"),
                             QStringLiteral("17"), QStringLiteral("different"),
                             QStringLiteral("UPDATE `fsharechat`.`t_messages_0` SET ...")};
    setJournal(dir, [&](Journal &j) {
        for (int i = 0; i <= int(Step::T5); ++i)
            QVERIFY(j.setStep(Step(i), StepStatus::Done));
        QVERIFY(j.setValue(keys::writeStopStart,
                           QDateTime::currentDateTimeUtc().addSecs(-30).toString(Qt::ISODateWithMs)));
        QVERIFY(j.setDifferences({diff}));
        QVERIFY(j.setValue(keys::comparisonLast, QStringLiteral("migrate verify")));
    });
    auto gateOf = [&dir] {
        RunState st;
        QString why;
        RunStateOptions o;
        o.withPlan = true;
        if (!loadRunState(dir, o, &st, &why))
            qWarning() << why;
        return RunGate::evaluate(st, false, EngineAction::None);
    };
    // The pure gate.
    RunGate g = gateOf();
    QVERIFY(!g.canContinue);
    QVERIFY(!g.untilChoices.contains(Step::T6) && !g.untilChoices.contains(Step::T7));
    QVERIFY2(
        g.continueBlocked.contains(QLatin1String("The latest comparison (migrate verify) found 1 row(s)")) &&
            g.continueBlocked.contains(QLatin1String("T6 (switch the config) and T7 are refused")),
        qPrintable(g.continueBlocked));
    QCOMPARE(g.level(), RunGate::Level::Error);
    QVERIFY(g.canVerify && g.canRollback); // the ways out: compare again, or go back

    // The page: Continue off with the reason as its tooltip, the gate line says it.
    AppContext ctx;
    auto page = pageOn(ctx, dir);
    RunController *c = page->runPanel()->controller();
    auto *cont = test::findNamed<QPushButton>(page.get(), "migrationContinue");
    auto *gate = test::findNamed<QLabel>(page.get(), "migrationGate");
    QTRY_VERIFY_WITH_TIMEOUT(!cont->isEnabled(), 5000);
    QVERIFY2(cont->toolTip().contains(QLatin1String("latest comparison")), qPrintable(cont->toolTip()));
    QVERIFY2(gate->text().contains(QLatin1String("The latest comparison (migrate verify) found 1 row(s)")),
             qPrintable(gate->text()));

    // Switched before the verify (T6 done): T7 is refused.
    setJournal(dir, [](Journal &j) { QVERIFY(j.setStep(Step::T6, StepStatus::Done)); });
    g = gateOf();
    QVERIFY(!g.canContinue && !g.untilChoices.contains(Step::T7));
    QVERIFY2(g.continueBlocked.contains(QLatin1String("T7 (resume writes) is refused")),
             qPrintable(g.continueBlocked));

    // A clean comparison again: T7 and on are offered.
    setJournal(dir, [](Journal &j) { QVERIFY(j.setDifferences({})); });
    g = gateOf();
    QVERIFY(g.canContinue && g.untilChoices.contains(Step::T7));
    refreshNow(c);
    QVERIFY(cont->isEnabled());
    QVERIFY(!gate->text().contains(QLatin1String("latest comparison")));
}

// D6's comparison found rows of the new instances that differ (and could not repair them), and a
// killed comparison left a new instance's replication stopped: the gate says D7 is refused and why,
// Differences lists each row with its repair SQL; a clean comparison lifts the line.
void TestMigrationRun::dualDifferencesRefuseTheSwitch()
{
    const QString dir = newDualRun(QStringLiteral("dual-diff"));
    DualComparison c;
    c.at = QDateTime::currentDateTimeUtc();
    c.by = QStringLiteral("D6");
    c.rows = 1200;
    c.repaired = 40;
    c.differences = 2;
    setJournal(dir, [&c](Journal &j) {
        for (int i = 0; i < int(rowOf(DualStep::D6)); ++i)
            QVERIFY(j.setStep(Step(i), StepStatus::Done));
        QVERIFY(j.setStep(rowOf(DualStep::D6), StepStatus::Failed,
                          QStringLiteral("2 rows of the new instances differ")));
        QVERIFY(j.setValue(keys::dualCompare, QString::fromUtf8(QJsonDocument(c.toJson()).toJson())));
        QVERIFY(j.setValue(keys::dualCompareStopped(QStringLiteral("db5")), QStringLiteral("1")));
        QVERIFY(j.setDifferences(
            {RowDifference{QStringLiteral("db4.t_messages_0"), QStringLiteral("db0.t_messages_0"),
                           QStringLiteral("17"), QStringLiteral("different"),
                           QStringLiteral(
                               "DELETE FROM `fsharechat`.`t_messages_0` WHERE `id` = 17;\nINSERT INTO ...;")},
             RowDifference{QStringLiteral("db5.t_messages_1"), QStringLiteral("db1.t_messages_1"), QString(),
                           QStringLiteral("definition"),
                           QStringLiteral("-- the definition of db5.t_messages_1 differs")}}));
    });
    RunState st;
    QString why;
    QVERIFY2(loadRunState(dir, RunStateOptions{true}, &st, &why), qPrintable(why));
    RunGate g = RunGate::evaluate(st, false, EngineAction::None);
    QString lines;
    for (const RunGate::Line &l : std::as_const(g.lines))
        lines += l.text + QLatin1Char('\n');
    QCOMPARE(g.level(), RunGate::Level::Error);
    QVERIFY2(lines.contains(QLatin1String(" of the new instances differ from their old instances (D6, ")),
             qPrintable(lines));
    QVERIFY2(lines.contains(QLatin1String("D7 is refused until a comparison is clean")), qPrintable(lines));
    QVERIFY2(lines.contains(QLatin1String("Replication into db5 was stopped by a row comparison")),
             qPrintable(lines));
    QVERIFY(g.canContinue); // Continue runs D6 again: it compares and repairs
    QVERIFY(g.canVerify);
    const QStringList confirm = RunGate::destructiveSteps(st, rowOf(DualStep::D7));
    QVERIFY2(
        confirm.join(QLatin1Char('\n')).contains(QLatin1String("D7 is refused while anything still differs")),
        qPrintable(confirm.join(QLatin1Char('\n'))));

    AppContext ctx;
    auto page = pageOn(ctx, dir);
    RunController *rc = page->runPanel()->controller();
    QTRY_VERIFY_WITH_TIMEOUT(rc->state() && rc->state()->plan, 5000);
    auto *gate = test::findNamed<QLabel>(page.get(), "migrationGate");
    QVERIFY2(gate->text().contains(QLatin1String("D7 is refused")), qPrintable(gate->text()));
    auto *diffs = test::findNamed<QTableWidget>(page.get(), "migrationDiffs");
    auto *tabs = test::findNamed<QTabWidget>(page.get(), "migrationRunTabs");
    auto *count = test::findNamed<QLabel>(page.get(), "migrationDiffCount");
    QCOMPARE(tabs->tabText(tabs->indexOf(count->parentWidget())), QStringLiteral("Differences (2)"));
    QCOMPARE(diffs->rowCount(), 2);
    QCOMPARE(diffs->item(1, 0)->text(), QStringLiteral("definition"));

    // A clean comparison (the next D6) and no stopped replication: the error is gone.
    c.clean = true;
    c.differences = 0;
    setJournal(dir, [&c](Journal &j) {
        QVERIFY(j.setValue(keys::dualCompare, QString::fromUtf8(QJsonDocument(c.toJson()).toJson())));
        QVERIFY(j.setValue(keys::dualCompareStopped(QStringLiteral("db5")), QString()));
        QVERIFY(j.setDifferences({}));
        QVERIFY(j.setStep(rowOf(DualStep::D6), StepStatus::Done));
    });
    QVERIFY2(loadRunState(dir, RunStateOptions{true}, &st, &why), qPrintable(why));
    g = RunGate::evaluate(st, false, EngineAction::None);
    lines.clear();
    for (const RunGate::Line &l : std::as_const(g.lines))
        lines += l.text + QLatin1Char('\n');
    QVERIFY2(!lines.contains(QLatin1String("differ from their old")) &&
                 !lines.contains(QLatin1String("was stopped")),
             qPrintable(lines));
    QVERIFY(g.level() != RunGate::Level::Error);
}

QStringList TestMigrationRun::confirmationFor(MigrationPage *page, Step until)
{
    auto *combo = test::findNamed<QComboBox>(page, "migrationUntil");
    const int index = combo->findData(int(until));
    if (index < 0)
        return {QStringLiteral("(not offered)"), QString()};
    combo->setCurrentIndex(index);
    auto seen = std::make_shared<QStringList>();
    test::onModal([seen](QWidget *w) {
        auto *text = w->findChild<QLabel *>(QStringLiteral("confirmText"));
        auto *warning = w->findChild<QLabel *>(QStringLiteral("confirmWarning"));
        *seen << (text ? text->text() : QString())
              << (warning && warning->isVisibleTo(w) ? warning->text() : QString());
        if (!qEnvironmentVariableIsEmpty("SHARDPILOT_SCREENSHOT_DIR"))
            w->grab().save(qEnvironmentVariable("SHARDPILOT_SCREENSHOT_DIR") +
                           QStringLiteral("/confirm-%1.png").arg(w->windowTitle().right(2)));
        qobject_cast<QDialog *>(w)->reject();
    });
    test::findNamed<QPushButton>(page, "migrationContinue")->click();
    if (!QTest::qWaitFor([seen] { return !seen->isEmpty(); }, 5000))
        return {QStringLiteral("(no confirmation)"), QString()};
    return *seen;
}

// Who tells the services? The confirmations of T6/T7 say it when no reload command is set; after
// the switch the page says when the reload command ran, how it ended and what it printed.
void TestMigrationRun::switchSaysWhoReloads()
{
    auto untilT5 = [](Journal &j) {
        for (int i = 0; i <= 5; ++i)
            QVERIFY(j.setStep(Step(i), StepStatus::Done));
        QVERIFY(j.setValue(keys::writeStopStart,
                           QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)));
    };
    {
        const QString dir = newRun(QStringLiteral("noreload"));
        setJournal(dir, untilT5);
        AppContext ctx;
        auto page = pageOn(ctx, dir);
        QStringList t7 = confirmationFor(page.get(), Step::T7);
        QVERIFY2(t7.at(0).contains(QLatin1String("T7 sets read_only=0")), qPrintable(t7.at(0)));
        QVERIFY2(t7.at(1).contains(QLatin1String("No reload command is set")) &&
                     t7.at(1).contains(QLatin1String("Continue to T6 first")),
                 qPrintable(t7.at(1)));
        const QStringList t6 = confirmationFor(page.get(), Step::T6);
        QVERIFY2(t6.at(1).contains(QLatin1String("after T6, reload the applications' services yourself")),
                 qPrintable(t6.at(1)));
        // Switched (T6 done) without a reload command: the page says nobody told the services.
        auto *info = test::findNamed<QLabel>(page.get(), "migrationSwitchInfo");
        QVERIFY(!info->isVisible());
        setJournal(dir, [](Journal &j) {
            QVERIFY(j.setStep(Step::T6, StepStatus::Done));
            QVERIFY(j.setValue(keys::configBackup, QStringLiteral("/tmp/cluster.yaml.before")));
        });
        refreshNow(page->runPanel()->controller());
        QVERIFY(info->isVisible());
        QVERIFY2(info->text().startsWith(QLatin1String("T6 switched the config at ")) &&
                     info->text().contains(QLatin1String("No reload command was set")),
                 qPrintable(info->text()));
        shoot(page.get(), QStringLiteral("migration-switch-noreload"));
    }
    {
        const QString command = QStringLiteral("echo reloaded 3 services");
        const QString dir = newRun(QStringLiteral("reload"), command);
        setJournal(dir, untilT5);
        AppContext ctx;
        auto page = pageOn(ctx, dir);
        const QStringList t7 = confirmationFor(page.get(), Step::T7);
        QVERIFY2(t7.at(0).contains(QLatin1String("runs the reload command: echo reloaded 3 services")),
                 qPrintable(t7.at(0)));
        QVERIFY2(t7.at(1).isEmpty(), qPrintable(t7.at(1)));
        // T6 ran it: when, how long, the exit code and what it printed.
        setJournal(dir, [&command](Journal &j) {
            QVERIFY(j.setStep(Step::T6, StepStatus::Done));
            QVERIFY(j.setValue(keys::configBackup, QStringLiteral("/tmp/cluster.yaml.before")));
            recordReload(j, QStringLiteral("T6"), command, runReloadCommand(command));
        });
        RunController *c = page->runPanel()->controller();
        refreshNow(c);
        auto *info = test::findNamed<QLabel>(page.get(), "migrationSwitchInfo");
        QVERIFY(info->isVisible());
        const QDateTime ran =
            QDateTime::fromString(c->state()->values.value(keys::reloadAt.name), Qt::ISODateWithMs);
        QVERIFY2(info->text().contains(
                     QStringLiteral("The reload command 'echo reloaded 3 services' ended at %1")
                         .arg(ran.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")))) &&
                     info->text().contains(QLatin1String("(exit 0)")) &&
                     info->text().contains(QLatin1String("It printed: reloaded 3 services")),
                 qPrintable(info->text()));
        QCOMPARE(info->toolTip(), QStringLiteral("reloaded 3 services"));
        shoot(page.get(), QStringLiteral("migration-switch-reload"));
    }
}

void TestMigrationRun::dualSwitchSaysWhoReloads()
{
    const QString dir = newDualRun(QStringLiteral("dual-noreload"));
    setJournal(dir, [](Journal &j) {
        for (int i = 0; i <= 5; ++i)
            QVERIFY(j.setStep(Step(i), StepStatus::Done));
    });
    AppContext ctx;
    auto page = pageOn(ctx, dir);
    const QStringList d7 = confirmationFor(page.get(), rowOf(DualStep::D7));
    QVERIFY2(d7.at(0).contains(QLatin1String("D7 sets read_only=1")), qPrintable(d7.at(0)));
    QVERIFY2(d7.at(1).contains(QLatin1String("No reload command is set")) &&
                 d7.at(1).contains(QLatin1String("D7")),
             qPrintable(d7.at(1)));
}

void TestMigrationRun::engineSentence_data()
{
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("sentence");
    QTest::addRow("lowercase") << QStringLiteral("the switch is refused: x")
                               << QStringLiteral("The switch is refused: x.");
    QTest::addRow("name first") << QStringLiteral("db0 (127.0.0.1:1): cannot connect")
                                << QStringLiteral("db0 (127.0.0.1:1): cannot connect.");
    QTest::addRow("identifier") << QStringLiteral("read_only is still 1")
                                << QStringLiteral("read_only is still 1.");
    QTest::addRow("one word") << QStringLiteral("paused") << QStringLiteral("Paused.");
    QTest::addRow("ends a sentence") << QStringLiteral("Done already.") << QStringLiteral("Done already.");
    QTest::addRow("empty") << QString() << QString();
}

void TestMigrationRun::engineSentence()
{
    QFETCH(QString, message);
    QFETCH(QString, sentence);
    QCOMPARE(RunGate::engineSentence(message), sentence);
}

// The run's reads carry the config file's SHA-256: a config the console shows with another text (the
// run switched or rolled it back) is read again and published, with the run and the plan kept.
void TestMigrationRun::runReadReloadsTheConfig()
{
    const QString dir = newRun(QStringLiteral("watched"));
    AppContext ctx;
    auto page = pageOn(ctx, dir);
    ctx.setPlan(m_plan);
    ConfigWatcher watcher(&ctx);
    watcher.followRun(page->runPanel()->controller());
    QSignalSpy reloaded(&watcher, &ConfigWatcher::reloaded);
    // The console shows a text whose fingerprint is not the file's (as before a switch it missed).
    ctx.reloadConfig(m_load, {}, QStringLiteral("0000"));
    QCOMPARE(ctx.configSha256(), QStringLiteral("0000"));
    refreshNow(page->runPanel()->controller());
    QTRY_COMPARE_WITH_TIMEOUT(reloaded.count(), 1, 5000);
    QCOMPARE(ctx.configSha256(), configSha256(readAll(m_config)));
    QCOMPARE(ctx.runDir(), dir);
    QVERIFY(ctx.plan().has_value());
    QCOMPARE(page->runPanel()->controller()->dir(), dir);
    // The same text again: nothing to do.
    refreshNow(page->runPanel()->controller());
    QCOMPARE(reloaded.count(), 1);
}

// The throttle in the console: while a process works on the run, what holds it back now (the
// journal's throttle.waiting); and the seconds it waited per reason over the run.
void TestMigrationRun::throttleIsShown()
{
    const QString dir = newRun(QStringLiteral("throttled"));
    setJournal(dir, [](Journal &j) {
        QVERIFY(j.setStep(Step::T0, StepStatus::Done));
        QVERIFY(j.setStep(Step::T1, StepStatus::Done));
        QVERIFY(j.setStep(Step::T2, StepStatus::Running));
        QVERIFY(j.setValue(keys::throttled, QStringLiteral("{\"rate\":3.1,\"replica lag\":14.2}")));
        QVERIFY(j.setValue(keys::throttleWaiting,
                           QStringLiteral("replica 127.0.0.1:3310 lags 4.2 s (at most 1.5 s)")));
    });
    AppContext ctx;
    auto page = pageOn(ctx, dir);
    RunController *c = page->runPanel()->controller();
    auto *gate = test::findNamed<QLabel>(page.get(), "migrationGate");
    const QString held = QStringLiteral("The throttle held the work back 17.3 s in all (rate limit: 3.1 s, "
                                        "replica lag: 14.2 s).");
    const QString now = QStringLiteral("The throttle holds the work back: Replica 127.0.0.1:3310 lags 4.2 s "
                                       "(at most 1.5 s).");
    {
        RunLock lock; // `shardctl migrate run` works on it
        QString error;
        QVERIFY2(lock.acquire(RunDir(dir).lockFile(), &error), qPrintable(error));
        refreshNow(c);
        QVERIFY2(gate->text().contains(now) && gate->text().contains(held), qPrintable(gate->text()));
        shoot(page.get(), QStringLiteral("migration-throttle"));
    }
    // Nobody works on it: what held it back is history, the seconds stay.
    refreshNow(c);
    QVERIFY2(!gate->text().contains(QLatin1String("holds the work back")) && gate->text().contains(held),
             qPrintable(gate->text()));
}

// The migration charts draw measured points only: no rows-copied points for a run that is not
// copying (a rolled-back run reopened after a restart got a point per read, a flat line "now"), no
// line across a pause of the copy, and capture lag broken across a gap and at an unknown sample.
void TestMigrationRun::chartsDrawOnlyWhatWasMeasured()
{
    const QString pair = QStringLiteral("db0.t_messages_0"), target = QStringLiteral("db4.t_messages_0");
    // A rolled-back run, as a restarted console finds it: its journal still has the copy progress.
    const QString rolled = newRun(QStringLiteral("rolled"));
    setJournal(rolled, [&](Journal &j) {
        QVERIFY(j.setStep(Step::T0, StepStatus::RolledBack));
        QVERIFY(j.setStep(Step::T1, StepStatus::RolledBack));
        QVERIFY(j.setStep(Step::T2, StepStatus::RolledBack));
        QVERIFY(j.setValue(keys::rolledBack, QStringLiteral("1")));
        QVERIFY(j.setProgress({CopyProgress{pair, target, 400, 1000, 0, false}}));
    });
    {
        AppContext ctx;
        auto page = pageOn(ctx, rolled);
        RunController *c = page->runPanel()->controller();
        for (int i = 0; i < 3; ++i)
            refreshNow(c);
        QVERIFY(c->samples().isEmpty());
        auto *chart = test::findNamed<QChartView>(page.get(), "migrationChart");
        QVERIFY(chart && chart->isHidden());
    }

    // A copy that runs, pauses (the lock is let go) and goes on: two stretches, no line between.
    const QString dir = newRun(QStringLiteral("paused"));
    setJournal(dir, [&](Journal &j) {
        QVERIFY(j.setStep(Step::T0, StepStatus::Done));
        QVERIFY(j.setStep(Step::T1, StepStatus::Done));
        QVERIFY(j.setStep(Step::T2, StepStatus::Running));
        QVERIFY(j.setProgress({CopyProgress{pair, target, 100, 1000, 0, false}}));
    });
    AppContext ctx;
    auto page = pageOn(ctx, dir);
    RunController *c = page->runPanel()->controller();
    auto copyAt = [&](qint64 copied) {
        setJournal(dir, [&](Journal &j) {
            QVERIFY(j.setProgress({CopyProgress{pair, target, copied, 1000, 0, false}}));
        });
        refreshNow(c);
    };
    {
        RunLock lock;
        QString error;
        QVERIFY2(lock.acquire(RunDir(dir).lockFile(), &error), qPrintable(error));
        copyAt(200);
        copyAt(300);
    }
    refreshNow(c); // the read that sees the copy stop
    const int firstStretch = int(c->samples().size());
    QVERIFY(firstStretch >= 2);
    QTest::qWait(1200);
    for (int i = 0; i < 3; ++i)
        refreshNow(c); // paused: nothing measured
    QCOMPARE(int(c->samples().size()), firstStretch);
    {
        RunLock lock;
        QString error;
        QVERIFY2(lock.acquire(RunDir(dir).lockFile(), &error), qPrintable(error));
        copyAt(600);
        copyAt(700);
    }
    QVERIFY(c->samples().size() > firstStretch);
    QVERIFY(c->samples().constLast().segment != c->samples().at(firstStretch - 1).segment);
    auto *view = test::findNamed<QChartView>(page.get(), "migrationChart");
    QTRY_VERIFY_WITH_TIMEOUT(view->chart()->series().size() == 2, 5000);
    const QList<QAbstractSeries *> lines = view->chart()->series();
    auto *first = qobject_cast<QLineSeries *>(lines.at(0));
    auto *second = qobject_cast<QLineSeries *>(lines.at(1));
    QVERIFY(first && second);
    QCOMPARE(first->at(first->count() - 1).y(), 300.0);
    QCOMPARE(second->at(0).y(), 600.0);

    // Capture lag: a server's samples 2 min apart (the engine stopped) and an unknown one.
    const QDateTime t0 = QDateTime::currentDateTimeUtc().addSecs(-600);
    setJournal(dir, [&](Journal &j) {
        QVERIFY(j.addLag({LagSample{t0, QStringLiteral("node0"), 3, 100},
                          LagSample{t0.addSecs(1), QStringLiteral("node0"), 2, 50},
                          LagSample{t0.addSecs(121), QStringLiteral("node0"), 5, 900},
                          LagSample{t0.addSecs(122), QStringLiteral("node0"), 4, 800},
                          LagSample{t0.addSecs(123), QStringLiteral("node0"), -1, 700},
                          LagSample{t0.addSecs(124), QStringLiteral("node0"), 1, 10}}));
    });
    auto *lag = test::findNamed<CaptureLagChart>(page.get(), "captureLagChart");
    QTRY_COMPARE_WITH_TIMEOUT(lag->segmentsOf(QStringLiteral("node0")).size(), 3, 5000);
    const QList<QLineSeries *> segments = lag->segmentsOf(QStringLiteral("node0"));
    QCOMPARE(segments.at(0)->count(), 2);
    QCOMPARE(segments.at(1)->count(), 2);
    QCOMPARE(segments.at(2)->count(), 1);
    int legendEntries = 0;
    for (QLegendMarker *m : lag->chart()->legend()->markers())
        legendEntries += m->isVisible() ? 1 : 0;
    QCOMPARE(legendEntries, 1);
    for (QLineSeries *s : segments)
        QCOMPARE(s->color(), segments.constFirst()->color());
}

// T8 saw writes of stale routes: the gate lists each open key (a conflict with its versions), Carry
// forward is offered, asks first with the choice for keys written on both sides, and starts the
// engine's forward-stale with that choice; once the keys are resolved the button goes away.
void TestMigrationRun::staleWritesOfferCarryForward()
{
    const QString dir = newRun(QStringLiteral("stale"));
    const QDateTime at = QDateTime::currentDateTimeUtc().addSecs(-60);
    setJournal(dir, [&](Journal &j) {
        for (int i = 0; i <= int(Step::T7); ++i)
            QVERIFY(j.setStep(Step(i), StepStatus::Done));
        QVERIFY(j.setStep(Step::T8, StepStatus::Failed, QStringLiteral("2 keys moved by this run were written")));
        QVERIFY(j.setValue(keys::writesResumed, at.addSecs(-10).toString(Qt::ISODateWithMs)));
        QVERIFY(j.setValue(keys::reverseFrom(QStringLiteral("node4")), QStringLiteral("mysql-bin.000001:400")));
        QVERIFY(j.setValue(keys::reverseApplied(QStringLiteral("node4")), QStringLiteral("mysql-bin.000001:900")));
        QVERIFY(j.setValue(keys::reverseHead(QStringLiteral("node4")), QStringLiteral("mysql-bin.000001:1200")));
        QVERIFY(j.setValue(keys::reverseChanges, QStringLiteral("7")));
        QVERIFY(j.setValue(keys::reverseConflicts, QStringLiteral("1")));
        StaleSighting a{0, 0, QStringLiteral("db0.t_messages_0"), QStringLiteral("db4.t_messages_0"),
                        QStringLiteral("[\"i:17\"]"), QStringLiteral("17"), at, QStringLiteral("r:aa"), QStringLiteral("r:bb")};
        StaleSighting b = a;
        b.key = QStringLiteral("[\"i:18\"]");
        b.keyText = QStringLiteral("18");
        QVERIFY(j.recordStale({a, a, b}, keys::observe(QStringLiteral("node0")), QStringLiteral("binlog.000001:4")));
        const QList<StaleWrite> w = j.staleWrites();
        QCOMPARE(w.size(), 2);
        QCOMPARE(w.first().writes, 2); // seen twice, one key
        QVERIFY(j.resolveStale(w.at(1).id, QStringLiteral("conflict"), QString(),
                               QStringLiteral("written on both sides since the switch (they differ in _from); "
                                              "old shard: id=18, _from='old'; new node: id=18, _from='new'")));
    });
    AppContext ctx;
    auto page = pageOn(ctx, dir);
    RunController *c = page->runPanel()->controller();
    auto *gate = test::findNamed<QLabel>(page.get(), "migrationGate");
    auto *carry = test::findNamed<QPushButton>(page.get(), "migrationForwardStale");
    QTRY_VERIFY_WITH_TIMEOUT(carry->isVisible() && carry->isEnabled(), 5000);
    const QString text = gate->text();
    QVERIFY2(text.contains(QLatin1String("2 key(s) moved by this run were written on their old shards")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("db0.t_messages_0 key 17 → db4.t_messages_0: 2 write(s)")), qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("Reverse stream: 7 change(s) made on the new nodes carried back")) &&
                 text.contains(QLatin1String("1 left because")) &&
                 text.contains(QLatin1String("Behind: node4 applied to mysql-bin.000001:900 of mysql-bin.000001:1200")),
             qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("_from=&#x27;new&#x27;")) || text.contains(QLatin1String("_from='new'")),
             qPrintable(text));
    shoot(page.get(), QStringLiteral("migration-stale-writes"));

    // Asks first: each key, and the choice for keys written on both sides. Cancelled: nothing runs.
    QString asked;
    int choices = 0;
    test::onModal([&](QWidget *w) {
        auto *label = w->findChild<QLabel *>(QStringLiteral("confirmText"));
        auto *choice = w->findChild<QComboBox *>(QStringLiteral("confirmChoice"));
        asked = label ? label->text() : QString();
        choices = choice && choice->isVisible() ? choice->count() : 0;
        qobject_cast<QDialog *>(w)->reject();
    });
    carry->click();
    QTRY_VERIFY_WITH_TIMEOUT(!asked.isEmpty(), 5000);
    QVERIFY2(asked.contains(QLatin1String("key 17")) && asked.contains(QLatin1String("key 18")), qPrintable(asked));
    QCOMPARE(choices, 3);
    QTest::qWait(100);
    QVERIFY(!c->engineRunning());

    // Confirmed with "keep the new node's row": the engine's forward-stale runs (its servers do not
    // listen here, so it ends in an error) and changes nothing in the journal.
    std::optional<EngineAction> finished;
    QString error;
    connect(c, &RunController::engineFinished, page.get(),
            [&](EngineAction a, int, const QString &e) { finished = a; error = e; });
    test::onModal([](QWidget *w) {
        auto *choice = w->findChild<QComboBox *>(QStringLiteral("confirmChoice"));
        if (choice)
            choice->setCurrentIndex(1);
        qobject_cast<QDialog *>(w)->accept();
    });
    carry->click();
    QTRY_VERIFY_WITH_TIMEOUT(finished.has_value(), 20000);
    QCOMPARE(*finished, EngineAction::ForwardStale);
    QVERIFY2(!error.isEmpty(), "the engine reached no server, yet reported success");
    refreshNow(c);
    QCOMPARE(c->state()->openStaleWrites(), 2);

    // Rollback is offered between T7 and T9 (the reverse stream runs): it asks first, saying it stops
    // writes on the new nodes, carries the rest back and compares; confirmed, the engine's rollback runs
    // (no server listens here: it fails, and the run is not rolled back).
    auto *rollback = test::findNamed<QPushButton>(page.get(), "migrationRollback");
    QVERIFY2(rollback->isEnabled(), qPrintable(rollback->toolTip()));
    QVERIFY2(rollback->toolTip().contains(QLatin1String("Until the purge")), qPrintable(rollback->toolTip()));
    QString effects;
    test::onModal([&effects](QWidget *w) {
        auto *label = w->findChild<QLabel *>(QStringLiteral("confirmText"));
        effects = label ? label->text() : QString();
        qobject_cast<QDialog *>(w)->accept();
    });
    finished.reset();
    error.clear();
    rollback->click();
    QTRY_VERIFY_WITH_TIMEOUT(finished.has_value(), 20000);
    QCOMPARE(*finished, EngineAction::Rollback);
    QVERIFY2(effects.contains(QLatin1String("sets read_only=1 on")) &&
                 effects.contains(QLatin1String("the reverse stream")) &&
                 effects.contains(QLatin1String("2 key(s) written on the old shards by stale routes")),
             qPrintable(effects));
    QVERIFY2(!error.isEmpty(), "the engine reached no server, yet rolled back");
    refreshNow(c);
    QVERIFY(!c->state()->rolledBack());
    shoot(page.get(), QStringLiteral("migration-rollback-after-switch"));

    // Resolved elsewhere (`shardctl migrate forward-stale --yes`): the button and the lines go.
    setJournal(dir, [](Journal &j) {
        for (const StaleWrite &w : j.staleWrites())
            QVERIFY(j.resolveStale(w.id, QStringLiteral("carried"), QStringLiteral("r:bb"), QString()));
    });
    refreshNow(c);
    QVERIFY(!carry->isVisible());
    QVERIFY(!gate->text().contains(QLatin1String("written on their old shards")));
}

QTEST_MAIN(TestMigrationRun)
#include "tst_migrationrun.moc"
