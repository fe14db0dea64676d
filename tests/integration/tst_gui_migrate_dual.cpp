// A dual-master doubling run from the console to its end, on a real sandbox (4 mariadbd: db0, db1
// and two spares): the plan from `shardctl plan --strategy dual-master --live`, opened in the
// console; the run created from the page's dialog and continued with the page's buttons and
// confirmations only: D1..D6 while `shardctl load` writes on the old config (the Replication tab
// shows both pairs), the switch (D7), the cut (D8), the purge (D9) and D10. Then an independent
// check (tests/common/PlacementCheck, plain SQL) finds every row on the node the new config routes
// it to, nothing lost or left twice, and the servers' replication and AUTO_INCREMENT settings as
// before the run.
#include "../gui/GuiTestSupport.h" // onModal, findNamed
#include "PlacementCheck.h"
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
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <tuple>

using namespace sp;
using namespace sp::migration;
using namespace sp::ui;

class TestGuiMigrateDual final : public QObject
{
    Q_OBJECT

    test::SandboxFixture m_fx{test::SandboxFixtureOptions{4, {}, 3000, 17}};
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    std::map<QString, QString> m_tables; // logic table -> sharding column ("" broadcast)

    Connection root(int instance)
    {
        Connection c;
        if (!c.open(m_fx.rootParams(instance)))
            qWarning() << c.lastError();
        return c;
    }

    // The settings a dual-master run changes, as one string per server.
    QString serverSettings(int instance)
    {
        Connection c = root(instance);
        auto v = c.query(QStringLiteral("SELECT @@auto_increment_increment, @@auto_increment_offset, @@read_only, "
                                        "(SELECT COUNT(*) FROM mysql.global_priv WHERE User LIKE 'sp\\_repl\\_%')"));
        auto slave = c.query(QStringLiteral("SHOW SLAVE STATUS"));
        if (!v || !slave || v->rows.isEmpty())
            return c.lastError();
        QStringList s;
        for (const QVariant &x : v->rows.first())
            s << x.toString();
        s << QStringLiteral("slaves=%1").arg(slave->rows.size());
        return s.join(QLatin1Char('|'));
    }

    // (old data source the row descends from, physical table, id) -> fingerprint, whichever node
    // holds the row: dbN's replica is db(N+2), so ids stay unique per old data source and table.
    using Lineage = std::map<std::tuple<int, QString, qint64>, QByteArray>;
    static Lineage rowsByLineage(const test::NodeRows &nodes)
    {
        Lineage out;
        for (const auto &[node, rows] : nodes) {
            const int ds = node.section(QLatin1Char('.'), 0, 0).mid(2).toInt();
            for (const auto &[id, fp] : rows)
                out[std::make_tuple(ds % 2, node.section(QLatin1Char('.'), 1), id)] = fp;
        }
        return out;
    }

    static QStringList sources(int n)
    {
        QStringList out;
        for (int i = 0; i < n; ++i)
            out << QStringLiteral("db%1").arg(i);
        return out;
    }

    // Continue to `until` from the page, confirming the dialog when one comes; waits for the engine.
    void continueTo(MigrationPage *page, Step until, bool expectConfirm, QString *confirmText)
    {
        RunController *c = page->runPanel()->controller();
        auto *combo = test::findNamed<QComboBox>(page, "migrationUntil");
        auto *cont = test::findNamed<QPushButton>(page, "migrationContinue");
        QTRY_VERIFY_WITH_TIMEOUT(cont->isEnabled(), 10000);
        const int index = combo->findData(int(until));
        QVERIFY2(index >= 0, qPrintable(QStringLiteral("%1 not offered").arg(int(until))));
        combo->setCurrentIndex(index);
        auto seen = std::make_shared<QString>();
        if (expectConfirm)
            test::onModal([seen](QWidget *w) {
                auto *label = w->findChild<QLabel *>(QStringLiteral("confirmText"));
                *seen = label ? label->text() : QStringLiteral("(no text)");
                w->findChild<QPushButton *>(QStringLiteral("confirmOk"))->click();
            });
        cont->click();
        if (expectConfirm)
            QTRY_VERIFY_WITH_TIMEOUT(!seen->isEmpty(), 10000);
        if (confirmText)
            *confirmText = *seen;
        // The engine's end, read from the journal: `until` is no longer pending (it was before the
        // click), the lock is free and the page has read it. (Not "engineRunning() was seen true":
        // D7 without load is over within one 50 ms poll of QTRY.)
        QTRY_VERIFY_WITH_TIMEOUT(!c->engineRunning() && c->state() && !c->state()->locked && !c->isReading() &&
                                     (c->state()->status(until) == StepStatus::Done ||
                                      c->state()->status(until) == StepStatus::Failed),
                                 300000);
    }

private slots:
    void initTestCase();
    void doublingFromTheConsole();
    void cleanupTestCase();
};

void TestGuiMigrateDual::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(m_fx.start(), qPrintable(m_fx.error()));
    QCOMPARE(m_fx.instanceCount(), 4);
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dir.filePath(QStringLiteral("data"))));
    QString why;
    const QString planFile =
        m_fx.planWithShardctl({QStringLiteral("--strategy"), QStringLiteral("dual-master")},
                              m_dir.filePath(QStringLiteral("plan")), &why);
    QVERIFY2(!planFile.isEmpty(), qPrintable(why));
    QFile pf(planFile);
    QVERIFY(pf.open(QIODevice::ReadOnly));
    for (const QJsonValue &t : QJsonDocument::fromJson(pf.readAll()).object().value(QStringLiteral("tables")).toArray()) {
        const QJsonObject to = t.toObject();
        m_tables[to.value(QStringLiteral("logicTable")).toString()] =
            to.value(QStringLiteral("broadcast")).toBool() ? QString() : to.value(QStringLiteral("shardingColumn")).toString();
    }
    QVERIFY(m_tables.size() >= 3);

    m_window = test::showConsole(m_dir, m_fx.clusterYamlPath());
    QVERIFY(m_window);
    QVERIFY(m_window->openPlan(pf.fileName()));
    QCOMPARE(m_window->currentPageId(), QStringLiteral("migration"));
}

void TestGuiMigrateDual::doublingFromTheConsole()
{
    auto *page = qobject_cast<MigrationPage *>(m_window->page(QStringLiteral("migration")));
    QVERIFY(page);
    RunController *c = page->runPanel()->controller();
    c->setPollInterval(250);
    QStringList before;
    for (int i = 0; i < 4; ++i)
        before << serverSettings(i);
    QCOMPARE(before.at(2), QStringLiteral("4|3|0|0|slaves=0")); // the sandbox's own residue per instance

    // What the two old data sources hold before the run (routed by the old config: 2 databases).
    test::Placement old;
    QString why;
    QVERIFY2(test::readPlacement(m_fx, sources(2), m_tables, 2, 2, &old, &why), qPrintable(why));
    QVERIFY2(test::compareNodes(old, sources(2)).isEmpty(), "the sandbox itself");

    // 1. The run, from the page's dialog.
    test::onModal([](QWidget *w) {
        w->findChild<QSpinBox *>(QStringLiteral("createRunObserve"))->setValue(0);
        w->findChild<QPushButton *>(QStringLiteral("createRunOk"))->click();
    });
    test::findNamed<QPushButton>(page, "migrationPlanCreateRun")->click();
    AppContext *ctx = m_window->context();
    QTRY_VERIFY_WITH_TIMEOUT(!ctx->runDir().isEmpty(), 30000);
    QTRY_VERIFY_WITH_TIMEOUT(c->state().has_value() && c->state()->plan && !c->isReading(), 10000);
    auto *stepper = test::findNamed<StepperWidget>(page, "migrationStepper");
    QCOMPARE(stepper->kind(), RunKindId::DualMaster);
    auto *combo = test::findNamed<QComboBox>(page, "migrationUntil");
    QVERIFY2(combo->currentText().startsWith(QLatin1String("D6 ")), qPrintable(combo->currentText()));

    // 2. D1..D6 under load on the old config; D5 asks first.
    QProcess load;
    load.start(test::shardctlPath(),
               {QStringLiteral("load"), QStringLiteral("--config"), m_fx.clusterYamlPath(), QStringLiteral("--defaults-file"),
                m_fx.appOptionFile(), QStringLiteral("--rate"), QStringLiteral("100"), QStringLiteral("--duration"),
                QStringLiteral("8"), QStringLiteral("--mix"), QStringLiteral("insert:60,update:40")});
    QVERIFY(load.waitForStarted());
    QString confirm;
    continueTo(page, rowOf(DualStep::D6), true, &confirm);
    QVERIFY2(confirm.contains(QLatin1String("D5 sets auto_increment_increment")), qPrintable(confirm));
    auto *failure = test::findNamed<QLabel>(page, "migrationFailure");
    QVERIFY2(failure->isHidden(), qPrintable(failure->text()));
    for (int i = 0; i <= 5; ++i)
        QCOMPARE(stepper->status(Step(i)), StepStatus::Done);
    QVERIFY(load.waitForFinished(60000));
    QVERIFY2(load.exitCode() == 0, load.readAllStandardError().constData());
    // What the old nodes hold once the load stopped (the new side replicates it).
    test::Placement atD6;
    QVERIFY2(test::readPlacement(m_fx, sources(2), m_tables, 2, 2, &atD6, &why), qPrintable(why));
    QVERIFY2(test::compareNodes(atD6, sources(2)).isEmpty(), "the old nodes after the load");
    // The Replication tab: both pairs replicating.
    auto *table = test::findNamed<QTableWidget>(page, "migrationReplication");
    auto *tabs = test::findNamed<QTabWidget>(page, "migrationRunTabs");
    tabs->setCurrentWidget(table);
    QTRY_COMPARE_WITH_TIMEOUT(table->rowCount(), 2, 10000);
    for (int r = 0; r < 2; ++r) {
        QCOMPARE(table->item(r, 1)->text(), QStringLiteral("Yes"));
        QCOMPARE(table->item(r, 2)->text(), QStringLiteral("Yes"));
    }
    QCOMPARE(serverSettings(2).section(QLatin1Char('|'), 4), QStringLiteral("slaves=1"));
    if (!qEnvironmentVariableIsEmpty("SHARDPILOT_SCREENSHOT_DIR"))
        m_window->grab().save(qEnvironmentVariable("SHARDPILOT_SCREENSHOT_DIR") + QStringLiteral("/migration-dual-d6.png"));

    // 3. The switch (D7): writes stop for the reload, the config is replaced.
    continueTo(page, rowOf(DualStep::D7), true, &confirm);
    QVERIFY2(confirm.contains(QLatin1String("D7 sets read_only=1")), qPrintable(confirm));
    QVERIFY2(failure->isHidden(), qPrintable(failure->text()));
    QCOMPARE(stepper->status(rowOf(DualStep::D7)), StepStatus::Done);
    QFile cfg(m_fx.clusterYamlPath());
    QVERIFY(cfg.open(QIODevice::ReadOnly));
    QVERIFY(cfg.readAll().contains("db3"));
    auto *writeStop = test::findNamed<QLabel>(page, "migrationWriteStop");
    // The switch's write stop, measured by the engine and shown once writes run again.
    QVERIFY(c->state()->writeStopMs() >= 0 && c->state()->writeStopMs() < c->state()->spec.writeStopBudgetSec * 1000);
    QVERIFY2(writeStop->text().startsWith(QLatin1String("Write stop: ")), qPrintable(writeStop->text()));
    qInfo("D7 write stop %lld ms", c->state()->writeStopMs());
    QCOMPARE(root(0).queryValue(QStringLiteral("SELECT @@read_only")).value_or(QVariant(-1)).toInt(), 0);

    // 4. The cut, the purge and D10 in one go; D8 and D9 ask first.
    continueTo(page, rowOf(DualStep::D10), true, &confirm);
    QVERIFY2(confirm.contains(QLatin1String("D8 stops replication")) && confirm.contains(QLatin1String("D9 deletes")),
             qPrintable(confirm));
    QVERIFY2(failure->isHidden(), qPrintable(failure->text()));
    for (int i = 0; i < kStepCount; ++i)
        QCOMPARE(stepper->status(Step(i)), StepStatus::Done);
    QTRY_COMPARE_WITH_TIMEOUT(test::findNamed<QLabel>(page, "migrationRunState")->text(), QStringLiteral("complete"), 10000);
    auto *log = test::findNamed<QPlainTextEdit>(page, "migrationLog");
    QVERIFY2(log->toPlainText().contains(QLatin1String("D9")), qPrintable(log->toPlainText().right(2000)));

    // 5. The independent check: every row on the node the new config (4 databases) routes it to,
    // once, and the same rows (ids and contents) as the old nodes held when the load had stopped.
    test::Placement after;
    QVERIFY2(test::readPlacement(m_fx, sources(4), m_tables, 4, 2, &after, &why), qPrintable(why));
    qint64 compared = 0;
    const QString diff = test::compareNodes(after, sources(4), &compared);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
    QVERIFY2(compared > 3000, qPrintable(QString::number(compared)));
    const Lineage atCut = rowsByLineage(atD6.actual), now = rowsByLineage(after.actual);
    QStringList lost;
    for (const auto &[key, fp] : atCut) {
        const auto it = now.find(key);
        if (it == now.end() || it->second != fp)
            lost << QStringLiteral("db%1 %2 id %3 %4")
                        .arg(std::get<0>(key))
                        .arg(std::get<1>(key))
                        .arg(std::get<2>(key))
                        .arg(QLatin1String(it == now.end() ? "missing" : "differs"));
    }
    QVERIFY2(lost.isEmpty(), qPrintable(lost.mid(0, 20).join(QLatin1Char('\n'))));
    QCOMPARE(now.size(), atCut.size());
    qInfo("%lld rows where the new config routes them after the purge", compared);
    // Replication removed, settings as before.
    for (int i = 0; i < 4; ++i)
        QCOMPARE(serverSettings(i), before.at(i));
}

void TestGuiMigrateDual::cleanupTestCase()
{
    m_window.reset();
    m_fx.stop();
}

QTEST_MAIN(TestGuiMigrateDual)
#include "tst_gui_migrate_dual.moc"
