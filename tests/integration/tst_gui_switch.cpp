// The console follows the switch (issue 22): a modulo doubling 4 -> 8 (mod-double, the plan from
// `shardctl plan --live`) run on a real sandbox (8 mariadbd: db0..db3 and four spares) from the
// migration page's buttons and confirmations only, through T7. Before the switch, a Verify finds a
// row changed on a target and says where it is listed; the repair makes the next one clean. The T7
// confirmation says that no reload command is set. After T7 every page shows the new config's 8 data
// sources at once (topology, the findings dock, the editor, routing, health, the status bar) while
// the run stays followed, and saving an edit in the editor keeps them: the file written still has
// db4..db7.
#include "../gui/GuiTestSupport.h" // onModal, findNamed, showConsole
#include "SandboxFixture.h"
#include "TestPaths.h"

#include "core/cluster/Connection.h"
#include "core/migration/RunState.h"
#include "ui/AppContext.h"
#include "ui/MainWindow.h"
#include "ui/health/HealthGrid.h"
#include "ui/migration/RunController.h"
#include "ui/migration/RunPanel.h"
#include "ui/models/RouteModel.h"
#include "ui/pages/EditorPage.h"
#include "ui/pages/HealthPage.h"
#include "ui/pages/MigrationPage.h"
#include "ui/pages/RoutingPage.h"
#include "ui/widgets/YamlEditor.h"

#include <QComboBox>
#include <QDialog>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

using namespace sp;
using namespace sp::migration;
using namespace sp::ui;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const QStringList kNew{QStringLiteral("db4"), QStringLiteral("db5"), QStringLiteral("db6"),
                       QStringLiteral("db7")};

} // namespace

class TestGuiSwitch final : public QObject
{
    Q_OBJECT

    test::SandboxFixture m_fx{
        test::SandboxFixtureOptions{8, test::examplePath(QStringLiteral("fsharechat-crc32.yaml")), 800, 22}};
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;

    MigrationPage *page() const
    {
        return qobject_cast<MigrationPage *>(m_window->page(QStringLiteral("migration")));
    }

    // Continue to `until` from the page, confirming when asked; the confirmation's text and its
    // warning (empty when none is shown) come back. Waits until the engine ended and the page read it.
    void continueTo(Step until, QString *confirmText, QString *warning)
    {
        RunController *c = page()->runPanel()->controller();
        auto *combo = test::findNamed<QComboBox>(page(), "migrationUntil");
        auto *cont = test::findNamed<QPushButton>(page(), "migrationContinue");
        QTRY_VERIFY_WITH_TIMEOUT(cont->isEnabled(), 10000);
        const int index = combo->findData(int(until));
        QVERIFY2(index >= 0, qPrintable(QStringLiteral("%1 not offered").arg(int(until))));
        combo->setCurrentIndex(index);
        auto seen = std::make_shared<QStringList>();
        if (confirmText)
            test::onModal([seen](QWidget *w) {
                auto *label = w->findChild<QLabel *>(QStringLiteral("confirmText"));
                auto *warn = w->findChild<QLabel *>(QStringLiteral("confirmWarning"));
                *seen << (label ? label->text() : QStringLiteral("(no text)"))
                      << (warn && warn->isVisibleTo(w) ? warn->text() : QString());
                w->findChild<QPushButton *>(QStringLiteral("confirmOk"))->click();
            });
        cont->click();
        if (confirmText) {
            QTRY_VERIFY_WITH_TIMEOUT(!seen->isEmpty(), 10000);
            *confirmText = seen->at(0);
            *warning = seen->at(1);
        }
        QTRY_VERIFY_WITH_TIMEOUT(!c->engineRunning() && c->state() && !c->state()->locked &&
                                     !c->isReading() &&
                                     (c->state()->status(until) == StepStatus::Done ||
                                      c->state()->status(until) == StepStatus::Failed),
                                 300000);
        QCOMPARE(c->state()->status(until), StepStatus::Done);
    }

    // Verify from the page; the result line once the page read the run after it.
    QString verify()
    {
        RunController *c = page()->runPanel()->controller();
        auto *button = test::findNamed<QPushButton>(page(), "migrationVerify");
        auto *result = test::findNamed<QLabel>(page(), "migrationVerifyResult");
        if (!QTest::qWaitFor([button] { return button->isEnabled(); }, 10000))
            return QStringLiteral("(Verify not enabled)");
        button->click();
        if (!QTest::qWaitFor([c, result] { return !c->engineRunning() && result->isVisible(); }, 300000))
            return QStringLiteral("(no result shown)");
        return result->text();
    }

    bool exec(const QString &dataSource, const QString &sql)
    {
        Connection c;
        if (!c.open(m_fx.rootParams(m_fx.instanceOf(dataSource))) || !c.exec(sql)) {
            qWarning() << dataSource << c.lastError();
            return false;
        }
        return true;
    }

    QString m_runDir;

private slots:
    // One function per stage (each within QtTest's 300 s per function on a busy machine); each
    // goes on from where the one before left the run.
    void initTestCase();
    void createAndCopy();
    void verifySaysWhere();
    void switchSaysWhoReloads();
    void everyPageFollows();
    void editorSaveKeepsTheSwitch();
    void cleanupTestCase();
};

void TestGuiSwitch::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(m_fx.start(), qPrintable(m_fx.error()));
    QCOMPARE(m_fx.instanceCount(), 8);
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dir.filePath(QStringLiteral("data"))));
    QString why;
    const QString planFile =
        m_fx.planWithShardctl({QStringLiteral("--strategy"), QStringLiteral("mod-double")},
                              m_dir.filePath(QStringLiteral("plan")), &why);
    QVERIFY2(!planFile.isEmpty(), qPrintable(why));
    m_window = test::showConsole(m_dir, m_fx.clusterYamlPath());
    QVERIFY(m_window);
    QCOMPARE(m_window->context()->config().dataSources.size(), 4);
    QVERIFY(m_window->openPlan(planFile));
    QCOMPARE(m_window->currentPageId(), QStringLiteral("migration"));
}

void TestGuiSwitch::createAndCopy()
{
    AppContext *ctx = m_window->context();
    RunController *c = page()->runPanel()->controller();
    c->setPollInterval(250);

    // 1. The run from the page's dialog: no reload command (the sandbox has no services to tell).
    test::onModal([](QWidget *w) {
        w->findChild<QSpinBox *>(QStringLiteral("createRunObserve"))->setValue(0);
        w->findChild<QPushButton *>(QStringLiteral("createRunOk"))->click();
    });
    test::findNamed<QPushButton>(page(), "migrationPlanCreateRun")->click();
    QTRY_VERIFY_WITH_TIMEOUT(!ctx->runDir().isEmpty(), 30000);
    m_runDir = ctx->runDir();
    QTRY_VERIFY_WITH_TIMEOUT(c->state().has_value() && c->state()->plan && !c->isReading(), 10000);
    QVERIFY(c->state()->spec.reloadCommand.isEmpty());

    // 2. T0..T3 (no confirmation).
    continueTo(Step::T3, nullptr, nullptr);

    qInfo("T3 done");
}

void TestGuiSwitch::verifySaysWhere()
{
    QVERIFY(!m_runDir.isEmpty());
    AppContext *ctx = m_window->context();
    RunController *c = page()->runPanel()->controller();
    const QString config = m_fx.clusterYamlPath();
    const QString runDir = m_runDir;
    Q_UNUSED(ctx);
    Q_UNUSED(c);
    Q_UNUSED(config);
    Q_UNUSED(runDir);
    // 3. A row changed on a target: Verify says how many differ and where they are listed; the
    //    link opens the Differences tab. Its repair SQL makes the next Verify clean.
    QVERIFY(exec(QStringLiteral("db4"),
                 QStringLiteral("UPDATE `%1`.`t_messages_0` SET `_line` = `_line` + 1 ORDER BY `id` LIMIT 1")
                     .arg(m_fx.schema(QStringLiteral("db4")))));
    const QString found = verify();
    QVERIFY2(found.contains(QLatin1String("found 1 row that differ")) ||
                 found.contains(QLatin1String("found 1 row(s) that differ")),
             qPrintable(found));
    QVERIFY2(found.contains(QLatin1String("Differences</a> tab")), qPrintable(found));
    auto *result = test::findNamed<QLabel>(page(), "migrationVerifyResult");
    auto *tabs = test::findNamed<QTabWidget>(page(), "migrationRunTabs");
    auto *diffs = test::findNamed<QTableWidget>(page(), "migrationDiffs");
    QVERIFY(tabs->currentWidget() != diffs->parentWidget()->parentWidget());
    emit result->linkActivated(QStringLiteral("#differences"));
    QVERIFY(tabs->currentWidget()->isAncestorOf(diffs));
    QTRY_COMPARE_WITH_TIMEOUT(diffs->rowCount(), 1, 10000);
    QVERIFY2(diffs->item(0, 1)->text().startsWith(QLatin1String("db4.")),
             qPrintable(diffs->item(0, 1)->text()));
    const QString repair = diffs->item(0, 0)->data(Qt::UserRole).toString();
    QVERIFY(!repair.isEmpty());
    for (const QString &statement :
         repair.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) // as migrate repair runs it
        QVERIFY(exec(QStringLiteral("db4"), statement.trimmed()));
    const QString clean = verify();
    QVERIFY2(clean.contains(QLatin1String("found no differences")), qPrintable(clean));

    qInfo("verified, repaired, verified");
}

void TestGuiSwitch::switchSaysWhoReloads()
{
    QVERIFY(!m_runDir.isEmpty());
    AppContext *ctx = m_window->context();
    RunController *c = page()->runPanel()->controller();
    const QString config = m_fx.clusterYamlPath();
    const QString runDir = m_runDir;
    Q_UNUSED(ctx);
    Q_UNUSED(c);
    Q_UNUSED(config);
    Q_UNUSED(runDir);
    // 4. T4..T7 in one go. The confirmation says nobody tells the services.
    QString confirm, warning;
    continueTo(Step::T7, &confirm, &warning);
    QVERIFY2(confirm.contains(QLatin1String("T7 sets read_only=0")), qPrintable(confirm));
    QVERIFY2(warning.contains(QLatin1String("No reload command is set")), qPrintable(warning));
    auto *switchInfo = test::findNamed<QLabel>(page(), "migrationSwitchInfo");
    QTRY_VERIFY_WITH_TIMEOUT(switchInfo->isVisible(), 10000);
    QVERIFY2(switchInfo->text().contains(QLatin1String("No reload command was set")),
             qPrintable(switchInfo->text()));
    QVERIFY(readAll(config).contains("db7:")); // T6 wrote the new config

    qInfo("T7 done");
}

void TestGuiSwitch::everyPageFollows()
{
    QVERIFY(!m_runDir.isEmpty());
    AppContext *ctx = m_window->context();
    RunController *c = page()->runPanel()->controller();
    const QString config = m_fx.clusterYamlPath();
    const QString runDir = m_runDir;
    Q_UNUSED(ctx);
    Q_UNUSED(c);
    Q_UNUSED(config);
    Q_UNUSED(runDir);
    // 5. Every page moved to the new file at once; the run is still followed.
    QTRY_COMPARE_WITH_TIMEOUT(ctx->config().dataSources.size(), 8, 10000);
    QCOMPARE(ctx->runDir(), runDir);
    QVERIFY(ctx->plan().has_value());
    //    Topology.
    auto *tree = test::findNamed<QTreeView>(m_window->page(QStringLiteral("topology")), "topologyTree");
    for (const QString &ds : kNew)
        QVERIFY2(!tree->model()
                      ->match(tree->model()->index(0, 0), Qt::DisplayRole, ds, 1,
                              Qt::MatchRecursive | Qt::MatchStartsWith)
                      .isEmpty(),
                 qPrintable(ds));
    //    The findings dock.
    auto *findings = test::findNamed<QListWidget>(m_window.get(), "findingsList");
    QStringList findingTexts;
    for (int i = 0; i < findings->count(); ++i)
        findingTexts << findings->item(i)->text();
    const QString joined = findingTexts.join(QLatin1Char('\n'));
    QVERIFY2(joined.contains(QLatin1String("every data source (8)")), qPrintable(joined));
    QVERIFY2(!joined.contains(QLatin1String("every data source (4)")), qPrintable(joined));
    //    The status bar.
    QVERIFY2(m_window->statusBar()->currentMessage().contains(QLatin1String("8 data source")),
             qPrintable(m_window->statusBar()->currentMessage()));
    //    The editor.
    auto *editor = qobject_cast<EditorPage *>(m_window->page(QStringLiteral("editor")));
    QVERIFY(editor);
    QTRY_VERIFY_WITH_TIMEOUT(editor->editor()->bytes() == readAll(config), 5000);
    QVERIFY(!editor->editor()->isModified());
    //    Routing: keys land on the new data sources too.
    m_window->showPage(QStringLiteral("routing"));
    auto *routing = qobject_cast<RoutingPage *>(m_window->page(QStringLiteral("routing")));
    auto *table = test::findNamed<QComboBox>(routing, "routingTableCombo");
    table->setCurrentIndex(table->findText(QStringLiteral("t_messages")));
    QStringList keys;
    for (int i = 0; i < 400; ++i)
        keys << QStringLiteral("user-%1").arg(i);
    test::findNamed<QPlainTextEdit>(routing, "routingKeys")->setPlainText(keys.join(QLatin1Char('\n')));
    routing->route();
    auto *view = test::findNamed<QTableView>(routing, "routingResult");
    QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 400, 20000);
    QSet<QString> targets;
    for (int r = 0; r < view->model()->rowCount(); ++r)
        targets << view->model()
                       ->index(r, RouteModel::TargetColumn)
                       .data()
                       .toString()
                       .section(QLatin1Char('.'), 0, 0);
    for (const QString &ds : kNew)
        QVERIFY2(targets.contains(ds), qPrintable(QStringList(targets.values()).join(QLatin1Char(','))));
    //    Health: one row per data source of the new config.
    m_window->showPage(QStringLiteral("health"));
    auto *health = qobject_cast<HealthPage *>(m_window->page(QStringLiteral("health")));
    QTRY_COMPARE_WITH_TIMEOUT(health->grid()->rows().size(), 8, 10000);
    QStringList healthRows;
    for (const HealthRow &r : health->grid()->rows())
        healthRows << r.dataSource;
    for (const QString &ds : kNew)
        QVERIFY2(healthRows.contains(ds), qPrintable(healthRows.join(QLatin1Char(','))));
    if (!qEnvironmentVariableIsEmpty("SHARDPILOT_SCREENSHOT_DIR"))
        m_window->grab().save(qEnvironmentVariable("SHARDPILOT_SCREENSHOT_DIR") +
                              QStringLiteral("/switch-health.png"));

    qInfo("every page follows");
}

void TestGuiSwitch::editorSaveKeepsTheSwitch()
{
    QVERIFY(!m_runDir.isEmpty());
    AppContext *ctx = m_window->context();
    RunController *c = page()->runPanel()->controller();
    const QString config = m_fx.clusterYamlPath();
    const QString runDir = m_runDir;
    Q_UNUSED(ctx);
    Q_UNUSED(c);
    Q_UNUSED(config);
    Q_UNUSED(runDir);
    auto *editor = qobject_cast<EditorPage *>(m_window->page(QStringLiteral("editor")));
    QVERIFY(editor);
    // 6. An edit saved in the editor keeps the switch: the file written still has db4..db7.
    m_window->showPage(QStringLiteral("editor"));
    editor->editor()->append(QStringLiteral("# checked after the switch\n"));
    QString diff;
    bool removedWarning = true;
    test::onModal([&diff, &removedWarning](QWidget *w) {
        if (auto *box = qobject_cast<QMessageBox *>(w)) { // "changed on disk": must not come
            diff = QStringLiteral("(asked: %1)").arg(box->text());
            box->button(QMessageBox::No)->click();
            return;
        }
        if (auto *view = w->findChild<QTextEdit *>(QStringLiteral("diffView")))
            diff = view->toPlainText();
        removedWarning = w->findChild<QLabel *>(QStringLiteral("saveDiffRemoved")) != nullptr;
        static_cast<QDialog *>(w)->accept();
    });
    QVERIFY(editor->save());
    QVERIFY2(diff.contains(QLatin1String("+# checked after the switch")), qPrintable(diff));
    QVERIFY(!removedWarning);
    const QByteArray saved = readAll(config);
    for (const QString &ds : kNew)
        QVERIFY2(saved.contains((ds + QLatin1Char(':')).toUtf8()), saved.constData());
    QVERIFY(saved.contains("# checked after the switch"));
    QCOMPARE(ctx->config().dataSources.size(), 8);
    QCOMPARE(ctx->runDir(), runDir);
    QCOMPARE(c->dir(), runDir);
    if (!qEnvironmentVariableIsEmpty("SHARDPILOT_SCREENSHOT_DIR")) {
        m_window->showPage(QStringLiteral("migration"));
        m_window->grab().save(qEnvironmentVariable("SHARDPILOT_SCREENSHOT_DIR") +
                              QStringLiteral("/switch-migration.png"));
    }
}

void TestGuiSwitch::cleanupTestCase()
{
    m_window.reset();
    m_fx.stop();
}

QTEST_MAIN(TestGuiSwitch)
#include "tst_gui_switch.moc"
