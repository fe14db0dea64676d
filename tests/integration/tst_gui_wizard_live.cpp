// Expansion wizard on a live sandbox (real mariadbd): with a snapshot the moves page has estimates,
// "Count exactly" runs off the UI thread and fills the same exact counts planning::ExactCounter
// gives on the same plan; a cancelled count changes nothing. SP_WIZARD_SCREENSHOTS=<dir>: a png.
#include "SandboxFixture.h"

#include "core/analysis/Linter.h"
#include "core/cluster/Inspector.h"
#include "core/config/ConfigLoader.h"
#include "core/live/ExactCounter.h"
#include "ui/AppContext.h"
#include "ui/pages/MigrationPage.h"
#include "ui/pages/PlanningPage.h"
#include "ui/planning/ExpansionWizard.h"
#include "ui/planning/MovePairModel.h"
#include "ui/planning/MovesPage.h"
#include "ui/planning/TargetPage.h"

#include <QLabel>
#include <QLocale>
#include <QMap>
#include <QPushButton>
#include <QTableWidget>
#include <QtTest>

using namespace sp;
using namespace sp::ui;
using namespace sp::planning;

class TestGuiWizardLive final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void countExactly();
    void cancelCount();

private:
    std::unique_ptr<ExpansionWizard> wizardOnMoves(AppContext *ctx);
    test::SandboxFixture m_fx{test::SandboxFixtureOptions{2, {}, 3000, 11}};
    InspectionOptions m_options;
    LoadResult m_load;
    ClusterSnapshot m_snapshot;
};

void TestGuiWizardLive::initTestCase()
{
    QVERIFY2(m_fx.start(), qPrintable(m_fx.error()));
    m_load = ConfigLoader::loadFile(m_fx.clusterYamlPath());
    QVERIFY2(m_load.ok(), qPrintable(m_load.diagnostics.value(0).toString()));
    m_options.credentials = m_fx.credentialOptions();
    m_options.connectTimeoutSec = 3;
    const InspectionResult r = Inspector::run(m_load.config, m_options);
    QVERIFY(r.snapshot.allReachable());
    m_snapshot = r.snapshot;
}

std::unique_ptr<ExpansionWizard> TestGuiWizardLive::wizardOnMoves(AppContext *ctx)
{
    ctx->setConfig(m_fx.clusterYamlPath(), m_load, Linter::lint(m_load.config));
    ctx->setSnapshot(m_snapshot);
    auto wizard = std::make_unique<ExpansionWizard>(ctx);
    wizard->setInspectionOptions(m_options);
    wizard->show();
    if (!wizard->advanceTo(ExpansionWizard::TargetPageId))
        return nullptr;
    auto *target = qobject_cast<TargetPage *>(wizard->currentPage());
    if (!target || !QTest::qWaitFor([&] { return !target->isGuessing(); }, 10000))
        return nullptr;
    // No url is guessed: the new data sources get new schemas on the sandbox's instances.
    if (auto *urls = wizard->findChild<QTableWidget *>(QStringLiteral("targetUrls")))
        for (int r = 0; r < urls->rowCount(); ++r)
            urls->item(r, 1)->setText(QStringLiteral("jdbc:mysql://127.0.0.1:%1/fsharechat_%2")
                                          .arg(m_fx.port(r % 2))
                                          .arg(urls->item(r, 0)->text()));
    if (!wizard->advanceTo(ExpansionWizard::MovesPageId))
        return nullptr;
    if (!QTest::qWaitFor([&] { return wizard->plan().has_value() && !wizard->isPlanning(); }, 60000))
        return nullptr;
    return wizard;
}

void TestGuiWizardLive::countExactly()
{
    AppContext ctx;
    auto wizard = wizardOnMoves(&ctx);
    QVERIFY(wizard);
    const ExpansionPlan before = *wizard->plan();
    int pairs = 0;
    for (const TablePlan &t : before.tables) {
        for (const MovePair &p : t.pairs) {
            ++pairs;
            QVERIFY2(p.estimatedRows >= 0, qPrintable(p.source.toString())); // the snapshot gives estimates
            QVERIFY(!p.exactRows);
        }
    }
    QVERIFY(pairs > 0);

    // Before counting, the wizard's total is the planning page's "rows moved" for the same plan:
    // sharded tables only (broadcast tables are copied, not moved).
    auto *estimateLabel = wizard->findChild<QLabel *>(QStringLiteral("movesEstimateSource"));
    QVERIFY(estimateLabel);
    qint64 estimatedMoved = 0;
    for (const TablePlan &t : before.tables)
        for (const MovePair &p : t.pairs)
            estimatedMoved += t.broadcast ? 0 : p.estimatedRows;
    QVERIFY2(estimateLabel->text().contains(QLocale().toString(estimatedMoved)),
             qPrintable(estimateLabel->text()));
    QCOMPARE(before.strategy,
             StrategyId::ModDouble); // the wizard's default here, as the planning page's first row
    {
        const PlanningPage::Outcome whatIf =
            PlanningPage::compute(ctx.configPath(), ctx.config(), ctx.snapshot(), ctx.rowLimit(), 16);
        QVERIFY(whatIf.report);
        const qint64 planned = whatIf.report->rows.constFirst().rowsMoved;
        QCOMPARE(planned, estimatedMoved);
    }

    auto *count = wizard->findChild<QPushButton *>(QStringLiteral("movesCountExactly"));
    QVERIFY(count && count->isEnabled());
    QTest::mouseClick(count, Qt::LeftButton);
    auto *page = qobject_cast<MovesPage *>(wizard->currentPage());
    QVERIFY(page->isCounting()); // off the UI thread
    QVERIFY(!wizard->button(QWizard::NextButton)->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(!page->isCounting(), 120000);
    const QString status = wizard->findChild<QLabel *>(QStringLiteral("movesCountStatus"))->text();
    QVERIFY2(status.contains(QString::number(pairs)), qPrintable(status));

    ExpansionPlan expected = before;
    const ExactCountResult r = ExactCounter::run(expected, m_load.config, m_options);
    QVERIFY2(r.errors.isEmpty(), qPrintable(r.errors.join(QLatin1Char('\n'))));
    const ExpansionPlan &counted = *wizard->plan();
    QCOMPARE(counted.tables.size(), expected.tables.size());
    qint64 total = 0;
    for (int t = 0; t < counted.tables.size(); ++t) {
        for (int i = 0; i < counted.tables.at(t).pairs.size(); ++i) {
            const MovePair &got = counted.tables.at(t).pairs.at(i);
            const MovePair &want = expected.tables.at(t).pairs.at(i);
            QVERIFY(got.exactRows && want.exactRows);
            QCOMPARE(*got.exactRows, *want.exactRows);
            total += *got.exactRows;
        }
    }
    QVERIFY(total > 0);
    qint64 exactMoved = 0;
    for (const TablePlan &t : counted.tables)
        for (const MovePair &p : t.pairs)
            exactMoved += t.broadcast ? 0 : *p.exactRows;
    // The wizard's total, the capacity note and the migration page use the exact counts now.
    QVERIFY2(estimateLabel->text().contains(QLocale().toString(exactMoved)),
             qPrintable(estimateLabel->text()));
    QMap<DataNode, qint64> after;
    for (const TableStats &st : m_snapshot.tables)
        if (!st.logicTable.isEmpty() && !m_load.config.isBroadcast(st.logicTable) && st.rows() >= 0)
            after[st.node] += st.rows();
    for (const TablePlan &t : counted.tables)
        for (const MovePair &p : t.pairs)
            if (!t.broadcast) {
                after[p.source] -= *p.exactRows;
                after[p.target] += *p.exactRows;
            }
    qint64 largest = -1;
    for (qint64 v : std::as_const(after))
        largest = std::max(largest, v);
    QString capacity;
    for (const Diagnostic &d : counted.warnings)
        if (d.code.startsWith(QLatin1String("plan.capacity")))
            capacity = d.message;
    QVERIFY2(capacity.contains(QStringLiteral(" %1 rows").arg(largest)),
             qPrintable(capacity + QStringLiteral(" / expected %1").arg(largest)));
    ctx.setPlan(counted);
    MigrationPage migration(&ctx);
    const QString facts = migration.findChild<QLabel *>(QStringLiteral("migrationFacts"))->text();
    QVERIFY2(facts.contains(QLocale().toString(exactMoved)), qPrintable(facts));
    // The table shows them.
    const MovePairModel *model = page->model();
    bool shown = false;
    for (int row = 0; row < model->rowCount(); ++row)
        shown = shown || !model->index(row, MovePairModel::ExactColumn).data().toString().isEmpty();
    QVERIFY(shown);
    QVERIFY(wizard->button(QWizard::NextButton)->isEnabled());
    if (const QString dir = qEnvironmentVariable("SP_WIZARD_SCREENSHOTS"); !dir.isEmpty()) {
        QDir().mkpath(dir);
        wizard->grab().save(QDir(dir).filePath(QStringLiteral("live-moves-counted.png")));
    }
}

void TestGuiWizardLive::cancelCount()
{
    AppContext ctx;
    auto wizard = wizardOnMoves(&ctx);
    QVERIFY(wizard);
    auto *count = wizard->findChild<QPushButton *>(QStringLiteral("movesCountExactly"));
    auto *cancel = wizard->findChild<QPushButton *>(QStringLiteral("movesCountCancel"));
    QVERIFY(count && cancel);
    QTest::mouseClick(count, Qt::LeftButton);
    QVERIFY(cancel->isVisible());
    QTest::mouseClick(cancel, Qt::LeftButton); // before any result can arrive
    auto *page = qobject_cast<MovesPage *>(wizard->currentPage());
    QVERIFY(!page->isCounting());
    QVERIFY(count->isEnabled());
    QTest::qWait(1500); // the worker stops on its flag; its result is dropped
    for (const TablePlan &t : wizard->plan()->tables)
        for (const MovePair &p : t.pairs)
            QVERIFY(!p.exactRows);
    QVERIFY(wizard->findChild<QLabel *>(QStringLiteral("movesCountStatus"))
                ->text()
                .contains(QStringLiteral("cancelled")));
}

QTEST_MAIN(TestGuiWizardLive)
#include "tst_gui_wizard_live.moc"
