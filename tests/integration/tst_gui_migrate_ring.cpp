// Ring runs from the console to their end, on a real sandbox (tests/data/ring-sandbox.yaml: a
// CONSISTENT_HASH ring of db0..db2, the 4th instance a spare). The plans come from `shardctl plan
// --strategy ring` (adding db3, then removing it again); each is opened in the console, its run
// created from the page's dialog and continued with the page's buttons and confirmations only, T0..T3
// while `shardctl load` writes, then T4..T9 in one go. An independent check (tests/common/
// RingPlacement: the ring computed in SQL) finds every row where the ring routes it after each run,
// and after the removal every row back on the node it was on before the add.
#include "../gui/GuiTestSupport.h" // onModal, findNamed
#include "RingPlacement.h"
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

#include <QComboBox>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

using namespace sp;
using namespace sp::migration;
using namespace sp::ui;

class TestGuiMigrateRing final : public QObject
{
    Q_OBJECT

    test::SandboxFixture m_fx{[] {
        test::SandboxFixtureOptions o;
        o.instances = 4;
        o.configPath = test::sourcePath(QStringLiteral("tests/data/ring-sandbox.yaml"));
        o.messages = 1500;
        o.seed = 19;
        return o;
    }()};
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    test::RingRows m_before;

    static QStringList nodes(int n)
    {
        QStringList out;
        for (int i = 0; i < n; ++i)
            out << QStringLiteral("db%1").arg(i);
        return out;
    }

    // Opens the plan, creates its run from the page's dialog (no observation) and runs it to T9 with
    // the page's buttons: T0..T3 (while `load` writes, when given), then T4..T9 with the confirmation.
    void runFromTheConsole(const QString &planFile, QProcess *load, const QString &shot)
    {
        QVERIFY(m_window->openPlan(planFile));
        QCOMPARE(m_window->currentPageId(), QStringLiteral("migration"));
        auto *page = qobject_cast<MigrationPage *>(m_window->page(QStringLiteral("migration")));
        QVERIFY(page);
        RunController *c = page->runPanel()->controller();
        c->setPollInterval(250);
        AppContext *ctx = m_window->context();
        const QString previous = ctx->runDir();
        test::onModal([](QWidget *w) {
            w->findChild<QSpinBox *>(QStringLiteral("createRunObserve"))->setValue(0);
            w->findChild<QPushButton *>(QStringLiteral("createRunOk"))->click();
        });
        test::findNamed<QPushButton>(page, "migrationPlanCreateRun")->click();
        QTRY_VERIFY_WITH_TIMEOUT(!ctx->runDir().isEmpty() && ctx->runDir() != previous, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(c->state().has_value() && c->state()->plan && !c->isReading(), 10000);
        auto *combo = test::findNamed<QComboBox>(page, "migrationUntil");
        auto *cont = test::findNamed<QPushButton>(page, "migrationContinue");
        auto *failure = test::findNamed<QLabel>(page, "migrationFailure");
        QCOMPARE(combo->currentData().toInt(), int(Step::T3));
        if (load) {
            load->start(test::shardctlPath(),
                        {QStringLiteral("load"), QStringLiteral("--config"), m_fx.clusterYamlPath(),
                         QStringLiteral("--defaults-file"), m_fx.appOptionFile(), QStringLiteral("--rate"),
                         QStringLiteral("100"), QStringLiteral("--duration"), QStringLiteral("6"), QStringLiteral("--mix"),
                         QStringLiteral("insert:50,update:30,delete:20")});
            QVERIFY(load->waitForStarted());
        }
        QTRY_VERIFY_WITH_TIMEOUT(cont->isEnabled(), 10000);
        cont->click();
        // The engine's end, read from the journal (T3 was pending before the click).
        QTRY_VERIFY_WITH_TIMEOUT(!c->engineRunning() && c->state() && c->state()->status(Step::T3) == StepStatus::Done &&
                                     !c->state()->locked && !c->isReading(),
                                 300000);
        QVERIFY2(failure->isHidden(), qPrintable(failure->text()));
        if (load) {
            QVERIFY(load->waitForFinished(60000));
            QVERIFY2(load->exitCode() == 0, load->readAllStandardError().constData());
        }
        // T4..T9 in one go: the page asks first and names the write stop, the switch and the purge.
        QTRY_VERIFY_WITH_TIMEOUT(cont->isEnabled(), 10000);
        const int last = combo->findData(int(Step::T9));
        QVERIFY(last >= 0);
        combo->setCurrentIndex(last);
        auto seen = std::make_shared<QString>();
        test::onModal([seen](QWidget *w) {
            *seen = w->findChild<QLabel *>(QStringLiteral("confirmText"))->text();
            w->findChild<QPushButton *>(QStringLiteral("confirmOk"))->click();
        });
        cont->click();
        QTRY_VERIFY_WITH_TIMEOUT(!seen->isEmpty(), 10000);
        QVERIFY2(seen->contains(QLatin1String("T4 sets read_only=1")) && seen->contains(QLatin1String("T9 deletes")),
                 qPrintable(*seen));
        // Done when the page reads the run as complete (T9 was pending before the click).
        QTRY_COMPARE_WITH_TIMEOUT(test::findNamed<QLabel>(page, "migrationRunState")->text(), QStringLiteral("complete"), 300000);
        QTRY_VERIFY_WITH_TIMEOUT(!c->engineRunning(), 10000);
        QVERIFY2(failure->isHidden(), qPrintable(failure->text()));
        auto *stepper = test::findNamed<StepperWidget>(page, "migrationStepper");
        for (int i = 0; i < kStepCount; ++i)
            QCOMPARE(stepper->status(Step(i)), StepStatus::Done);
        if (!qEnvironmentVariableIsEmpty("SHARDPILOT_SCREENSHOT_DIR"))
            m_window->grab().save(qEnvironmentVariable("SHARDPILOT_SCREENSHOT_DIR") + QLatin1Char('/') + shot + QStringLiteral(".png"));
    }

private slots:
    void initTestCase();
    void addThenRemoveFromTheConsole();
    void cleanupTestCase();
};

void TestGuiMigrateRing::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(m_fx.start(), qPrintable(m_fx.error()));
    QCOMPARE(m_fx.instanceCount(), 4);
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dir.filePath(QStringLiteral("data"))));
    QString why;
    QVERIFY2(test::makeRingKeysUnique(m_fx, 4, 3, &why), qPrintable(why));
    QStringList dups;
    QVERIFY2(test::readRingRows(m_fx, nodes(4), nodes(3), &m_before, &dups, &why), qPrintable(why));
    QVERIFY2(test::ringMisplaced(m_before, dups).isEmpty(), "the sandbox itself");
    QVERIFY(m_before.size() > 1000);

    m_window = test::showConsole(m_dir, m_fx.clusterYamlPath());
    QVERIFY(m_window);
}

void TestGuiMigrateRing::addThenRemoveFromTheConsole()
{
    // 1. Add db3 under load; only the arcs it takes over move, into db3.
    QString why;
    const QString add = m_fx.planWithShardctl({QStringLiteral("--strategy"), QStringLiteral("ring"),
                                               QStringLiteral("--exact"), QStringLiteral("--add-nodes"),
                                               QStringLiteral("db3")},
                                              m_dir.filePath(QStringLiteral("plan-add")), &why);
    QVERIFY2(!add.isEmpty(), qPrintable(why));
    QProcess load;
    runFromTheConsole(add, &load, QStringLiteral("migration-ring-add"));
    if (QTest::currentTestFailed())
        return;
    test::RingRows afterAdd;
    QStringList dups;
    QVERIFY2(test::readRingRows(m_fx, nodes(4), nodes(4), &afterAdd, &dups, &why), qPrintable(why));
    QString bad = test::ringMisplaced(afterAdd, dups);
    QVERIFY2(bad.isEmpty(), qPrintable(bad));
    int moved = 0, stayed = 0;
    for (const auto &[key, was] : m_before) {
        const auto it = afterAdd.find(key);
        if (it == afterAdd.end())
            continue; // deleted by the load
        if (it->second.node == was.node)
            ++stayed;
        else {
            QVERIFY2(it->second.node.startsWith(QLatin1String("db3.")), qPrintable(it->second.node));
            ++moved;
        }
    }
    qInfo("add from the console: %d rows moved to db3, %d stayed", moved, stayed);
    QVERIFY(moved > 50 && stayed > moved);

    // 2. Remove db3 again (the config now names it): every row goes back where it was.
    const QString remove = m_fx.planWithShardctl({QStringLiteral("--strategy"), QStringLiteral("ring"),
                                                  QStringLiteral("--exact"), QStringLiteral("--remove-nodes"),
                                                  QStringLiteral("db3")},
                                                 m_dir.filePath(QStringLiteral("plan-remove")), &why);
    QVERIFY2(!remove.isEmpty(), qPrintable(why));
    runFromTheConsole(remove, nullptr, QStringLiteral("migration-ring-remove"));
    if (QTest::currentTestFailed())
        return;
    test::RingRows now;
    dups.clear();
    QVERIFY2(test::readRingRows(m_fx, nodes(4), nodes(3), &now, &dups, &why), qPrintable(why));
    bad = test::ringMisplaced(now, dups);
    QVERIFY2(bad.isEmpty(), qPrintable(bad));
    QStringList differs;
    int back = 0;
    for (const auto &[key, was] : afterAdd) {
        const auto it = now.find(key);
        if (it == now.end()) {
            differs << QStringLiteral("%1 id %2 lost (was on %3)").arg(key.first).arg(key.second).arg(was.node);
            continue;
        }
        if (it->second.fp != was.fp)
            differs << QStringLiteral("%1 id %2 changed").arg(key.first).arg(key.second);
        const auto orig = m_before.find(key);
        if (orig != m_before.end()) {
            if (it->second.node != orig->second.node)
                differs << QStringLiteral("%1 id %2 on %3, was on %4 before the add")
                               .arg(key.first)
                               .arg(key.second)
                               .arg(it->second.node, orig->second.node);
            else
                ++back;
        }
    }
    QCOMPARE(now.size(), afterAdd.size());
    QVERIFY2(differs.isEmpty(), qPrintable(differs.mid(0, 20).join(QLatin1Char('\n'))));
    qInfo("remove from the console: %d rows of the first snapshot back on their node, %d rows in all", back, int(now.size()));
    QVERIFY(back > 1000);
}

void TestGuiMigrateRing::cleanupTestCase()
{
    m_window.reset();
    m_fx.stop();
}

QTEST_MAIN(TestGuiMigrateRing)
#include "tst_gui_migrate_ring.moc"
