// Expansion wizard on a live sandbox (real mariadbd): with a snapshot the moves page has estimates,
// "Count exactly" runs off the UI thread and fills the same exact counts planning::ExactCounter
// gives on the same plan; a cancelled count changes nothing. SP_WIZARD_SCREENSHOTS=<dir>: a png.
#include "SandboxFixture.h"

#include "core/analysis/Linter.h"
#include "core/cluster/Inspector.h"
#include "core/config/ConfigLoader.h"
#include "core/planning/ExactCounter.h"
#include "ui/AppContext.h"
#include "ui/planning/ExpansionWizard.h"
#include "ui/planning/MovePairModel.h"
#include "ui/planning/MovesPage.h"
#include "ui/planning/TargetPage.h"

#include <QLabel>
#include <QPushButton>
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
