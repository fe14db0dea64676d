// Migration timeline page: a plan handed over through AppContext shows one tree entry per phase,
// one per step, destructive steps marked exactly where the plan says; the empty state shows without
// a plan; opening another config clears it; the runbook export writes the plan's HTML.
#include "core/config/ConfigLoader.h"
#include "core/planning/ExpansionStrategy.h"
#include "core/planning/PlanExport.h"
#include "core/live/PlanInputs.h"
#include "ui/AppContext.h"
#include "ui/pages/MigrationPage.h"

#include "TestPaths.h"

#include <QFile>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

using namespace sp;
using namespace sp::planning;
using namespace sp::ui;

class TestMigration final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void showsPlan_data();
    void showsPlan();
    void sqlWraps();
    void clearAndOtherConfig();
    void exportRunbook();

private:
    ExpansionPlan makeTestPlan(StrategyId strategy);
    QString m_path;
    LoadResult m_load;
    QTemporaryDir m_dir;
};

void TestMigration::initTestCase()
{
    m_path = sp::test::examplePath(QStringLiteral("fsharechat-crc32.yaml"));
    m_load = ConfigLoader::loadFile(m_path);
    QVERIFY(m_load.ok());
    QVERIFY(m_dir.isValid());
}

ExpansionPlan TestMigration::makeTestPlan(StrategyId strategy)
{
    PlanRequest rq;
    rq.strategy = strategy;
    for (int i = 4; i < 8; ++i) // urls are never guessed: the new data sources get their own schemas
        rq.newUrls.insert(QStringLiteral("db%1").arg(i), QStringLiteral("jdbc:mysql://mysql-%1:3306/fsharechat_db%1").arg(i));
    QString error;
    const auto in = buildPlanInput(m_path, m_load.config, std::nullopt, rq, PlanInputOptions{}, &error);
    if (!in)
        qFatal("buildPlanInput: %s", qPrintable(error));
    const PlanOutcome o = makePlan(*in);
    if (!o.plan)
        qFatal("makePlan: %s", qPrintable(o.error));
    return *o.plan;
}

void TestMigration::showsPlan_data()
{
    QTest::addColumn<int>("strategy");
    QTest::addRow("mod-double") << int(StrategyId::ModDouble);
    QTest::addRow("dual-master") << int(StrategyId::DualMaster);
}

void TestMigration::showsPlan()
{
    QFETCH(int, strategy);
    const ExpansionPlan plan = makeTestPlan(StrategyId(strategy));
    QVERIFY(!plan.steps.isEmpty());

    AppContext ctx;
    ctx.setConfig(m_path, m_load, {});
    MigrationPage page(&ctx);
    page.resize(1100, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    auto *empty = page.findChild<QLabel *>(QStringLiteral("migrationEmpty"));
    auto *tree = page.findChild<QTreeWidget *>(QStringLiteral("migrationSteps"));
    auto *sql = page.findChild<QPlainTextEdit *>(QStringLiteral("migrationSql"));
    QVERIFY(empty && tree && sql);
    QVERIFY(empty->isVisible());
    QVERIFY(!tree->isVisible());

    ctx.setPlan(plan);
    QVERIFY(!empty->isVisible());
    QVERIFY(tree->isVisible());

    QStringList phases;
    for (const PlanStep &s : plan.steps)
        if (!phases.contains(s.phase))
            phases << s.phase;
    QCOMPARE(tree->topLevelItemCount(), phases.size());
    int steps = 0, marked = 0, destructive = 0;
    for (int t = 0; t < tree->topLevelItemCount(); ++t) {
        QTreeWidgetItem *top = tree->topLevelItem(t);
        QVERIFY2(top->text(MigrationPage::StepColumn).startsWith(phases.at(t)), qPrintable(top->text(0)));
        for (int c = 0; c < top->childCount(); ++c) {
            QTreeWidgetItem *item = top->child(c);
            const int i = item->data(MigrationPage::StepColumn, MigrationPage::StepIndexRole).toInt();
            QVERIFY(i >= 0 && i < plan.steps.size());
            const PlanStep &s = plan.steps.at(i);
            QCOMPARE(s.phase, phases.at(t));
            QCOMPARE(item->text(MigrationPage::StepColumn), s.title);
            if (!s.dataSource.isEmpty())
                QCOMPARE(item->text(MigrationPage::DataSourceColumn), s.dataSource);
            const bool isMarked = !item->text(MigrationPage::NoteColumn).isEmpty() &&
                !item->icon(MigrationPage::StepColumn).isNull();
            QCOMPARE(isMarked, s.destructive);
            QCOMPARE(item->text(MigrationPage::NoteColumn) == QLatin1String("destructive"), s.destructive);
            marked += isMarked ? 1 : 0;
            destructive += s.destructive ? 1 : 0;
            ++steps;
        }
    }
    QCOMPARE(steps, int(plan.steps.size()));
    QCOMPARE(marked, destructive);
    QVERIFY2(destructive > 0, "the plan should purge something");

    // Selecting a step with SQL shows that SQL, read-only.
    for (int t = 0; t < tree->topLevelItemCount(); ++t)
        for (int c = 0; c < tree->topLevelItem(t)->childCount(); ++c) {
            QTreeWidgetItem *item = tree->topLevelItem(t)->child(c);
            const PlanStep &s = plan.steps.at(item->data(0, MigrationPage::StepIndexRole).toInt());
            if (s.sql.isEmpty() || !s.destructive)
                continue;
            tree->setCurrentItem(item);
            QVERIFY(sql->isReadOnly());
            QVERIFY2(sql->toPlainText().contains(s.sql.first()), qPrintable(sql->toPlainText()));
            QVERIFY(sql->toPlainText().contains(QLatin1String("DESTRUCTIVE")));
            t = tree->topLevelItemCount();
            break;
        }
    QVERIFY(!sql->toPlainText().isEmpty());

    QCoreApplication::processEvents(); // pending layout requests before a grab
    if (!qEnvironmentVariableIsEmpty("SHARDPILOT_SCREENSHOT_DIR"))
        page.grab().save(qEnvironmentVariable("SHARDPILOT_SCREENSHOT_DIR") + QStringLiteral("/migration-") +
                         QString::fromLatin1(QTest::currentDataTag()) + QStringLiteral(".png"));
}

void TestMigration::sqlWraps()
{
    // The longest SQL line of the plan (a T0 note naming a table and its source, longer than a
    // purge DELETE with its whole WHERE clause) is readable without scrolling sideways.
    const ExpansionPlan plan = makeTestPlan(StrategyId::ModDouble);
    AppContext ctx;
    ctx.setConfig(m_path, m_load, {});
    MigrationPage page(&ctx);
    page.resize(1024, 600);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    ctx.setPlan(plan);
    auto *tree = page.findChild<QTreeWidget *>(QStringLiteral("migrationSteps"));
    auto *sql = page.findChild<QPlainTextEdit *>(QStringLiteral("migrationSql"));
    QTreeWidgetItem *longest = nullptr;
    qsizetype longestSql = 0;
    for (int t = 0; t < tree->topLevelItemCount(); ++t)
        for (int c = 0; c < tree->topLevelItem(t)->childCount(); ++c) {
            QTreeWidgetItem *item = tree->topLevelItem(t)->child(c);
            const PlanStep &s =
                plan.steps.at(item->data(MigrationPage::StepColumn, MigrationPage::StepIndexRole).toInt());
            for (const QString &q : s.sql)
                if (q.size() > longestSql) {
                    longestSql = q.size();
                    longest = item;
                }
        }
    QVERIFY(longest);
    QVERIFY(longestSql > 120);
    tree->setCurrentItem(longest);
    QVERIFY(sql->toPlainText().size() >= longestSql);
    QTest::qWait(50);
    QCOMPARE(sql->horizontalScrollBar()->maximum(), 0);
}

void TestMigration::clearAndOtherConfig()
{
    AppContext ctx;
    ctx.setConfig(m_path, m_load, {});
    MigrationPage page(&ctx);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    auto *empty = page.findChild<QLabel *>(QStringLiteral("migrationEmpty"));
    auto *tree = page.findChild<QTreeWidget *>(QStringLiteral("migrationSteps"));
    auto *clear = page.findChild<QPushButton *>(QStringLiteral("migrationClear"));
    QVERIFY(empty && tree && clear);

    ctx.setPlan(makeTestPlan(StrategyId::ModDouble));
    QVERIFY(tree->topLevelItemCount() > 0);
    QTest::mouseClick(clear, Qt::LeftButton);
    QVERIFY(!ctx.plan());
    QVERIFY(empty->isVisible());
    QCOMPARE(tree->topLevelItemCount(), 0);

    // Another config: the plan belongs to the old one and goes.
    ctx.setPlan(makeTestPlan(StrategyId::ModDouble));
    QVERIFY(!empty->isVisible());
    const LoadResult other = ConfigLoader::loadFile(sp::test::examplePath(QStringLiteral("native-algorithms.yaml")));
    ctx.setConfig(other.config.filePath, other, {});
    QVERIFY(!ctx.plan());
    QVERIFY(empty->isVisible());
    QVERIFY(!tree->isVisible());
    QCOMPARE(tree->topLevelItemCount(), 0);
    if (!qEnvironmentVariableIsEmpty("SHARDPILOT_SCREENSHOT_DIR")) {
        page.resize(900, 500);
        QCoreApplication::processEvents();
        page.grab().save(qEnvironmentVariable("SHARDPILOT_SCREENSHOT_DIR") + QStringLiteral("/migration-empty.png"));
    }
}

void TestMigration::exportRunbook()
{
    AppContext ctx;
    ctx.setConfig(m_path, m_load, {});
    MigrationPage page(&ctx);
    const QString path = m_dir.filePath(QStringLiteral("runbook.html"));
    QString error;
    QVERIFY(!page.exportRunbook(path, &error)); // no plan yet
    QVERIFY(!error.isEmpty());
    const ExpansionPlan plan = makeTestPlan(StrategyId::ModDouble);
    ctx.setPlan(plan);
    QVERIFY2(page.exportRunbook(path, &error), qPrintable(error));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(f.readAll()), PlanExport::runbookHtml(plan));
    QVERIFY(!page.exportRunbook(m_dir.filePath(QStringLiteral("no/such/dir/runbook.html")), &error));
    QVERIFY(error.contains(QLatin1String("runbook.html")));
}

QTEST_MAIN(TestMigration)
#include "tst_migration.moc"
