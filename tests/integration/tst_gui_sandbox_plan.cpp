// From a sandbox to a plan through the console, as an operator does it: open the sandbox's config in
// the main window, inspect the cluster from the dashboard (real mariadbd), read the what-if
// comparison on real counts, plan with the wizard (also from a row sample of the moves page), and
// check that `shardctl plan --live [--sample N]` on the same cluster gives the same plan and the
// same comparison; export it, lint the new config, and hand the plan to the migration page.
#include "SandboxFixture.h"
#include "TestPaths.h"

#include "core/analysis/Linter.h"
#include "core/config/ConfigLoader.h"
#include "core/planning/ExpansionPlan.h"
#include "core/planning/WhatIf.h"
#include "ui/AppContext.h"
#include "ui/Diagnostics.h"
#include "ui/MainWindow.h"
#include "ui/Settings.h"
#include "ui/pages/PlanningPage.h"
#include "ui/planning/ExpansionWizard.h"
#include "ui/planning/ExportPage.h"
#include "ui/planning/TargetPage.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QProcess>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace sp;
using namespace sp::ui;
using namespace sp::planning;

class TestGuiSandboxPlan final : public QObject
{
    Q_OBJECT

private:
    QJsonObject shardctl(const QStringList &args);

    test::SandboxFixture m_fx{test::SandboxFixtureOptions{2, {}, 3000, 5}};
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;

private slots:
    void initTestCase();
    void whatIfOnRealCounts();
    void wizardMatchesShardctl_data();
    void wizardMatchesShardctl();
    void cleanupTestCase();
};

QJsonObject TestGuiSandboxPlan::shardctl(const QStringList &args)
{
    QProcess p;
    p.start(test::shardctlPath(), QStringList{QStringLiteral("plan"), QStringLiteral("--config"), m_fx.clusterYamlPath(),
                                              QStringLiteral("--defaults-file"), m_fx.appOptionFile(),
                                              QStringLiteral("--live"), QStringLiteral("--json")}
                                      + args);
    if (!p.waitForFinished(120000)) {
        qWarning("shardctl plan did not finish");
        p.kill();
        return {};
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(p.readAllStandardOutput(), &pe);
    if (!doc.isObject())
        qWarning("shardctl plan: %s / %s", qPrintable(pe.errorString()), p.readAllStandardError().constData());
    return doc.object();
}

void TestGuiSandboxPlan::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(m_fx.start(), qPrintable(m_fx.error()));
    // The console finds the application user's password the way an operator points it there; its
    // history database goes to the temporary directory, never the user's.
    qputenv("SHARDPILOT_DEFAULTS_FILE", QFile::encodeName(m_fx.appOptionFile()));
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dir.filePath(QStringLiteral("data"))));
    auto settings = std::make_unique<Settings>(m_dir.filePath(QStringLiteral("settings.ini")));
    m_window = std::make_unique<MainWindow>(nullptr, std::move(settings));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(m_window->openConfig(m_fx.clusterYamlPath()));

    m_window->showPage(QStringLiteral("dashboard"));
    QVERIFY(QMetaObject::invokeMethod(m_window->page(QStringLiteral("dashboard")), "refresh"));
    QTRY_VERIFY_WITH_TIMEOUT(m_window->context()->snapshot().has_value(), 60000);
    QVERIFY(m_window->context()->snapshot()->allReachable());
    // Connected: About and the diagnostics name each server's version (and never a password).
    const QString about = m_window->aboutText();
    const QString diagnostics = diagnosticsText(m_window->context(), m_window->settings());
    for (const InstanceHealth &h : m_window->context()->snapshot()->instances) {
        QVERIFY2(h.version.contains(QStringLiteral("MariaDB")), qPrintable(h.version));
        QVERIFY2(about.contains(h.version.toHtmlEscaped()), qPrintable(about));
        QVERIFY2(diagnostics.contains(h.dataSource + QLatin1Char(' ') + h.host + QLatin1Char(':') +
                                      QString::number(h.port) + QStringLiteral(" — ") + h.version),
                 qPrintable(diagnostics));
    }
    QVERIFY(!diagnostics.contains(QStringLiteral("password")));
    QVERIFY(!diagnostics.contains(QStringLiteral("jdbc:")));
}

void TestGuiSandboxPlan::whatIfOnRealCounts()
{
    auto *page = qobject_cast<PlanningPage *>(m_window->page(QStringLiteral("planning")));
    QVERIFY(page);
    m_window->showPage(QStringLiteral("planning"));
    QTRY_VERIFY_WITH_TIMEOUT(page->report().has_value() && !page->isBusy(), 60000);
    const WhatIfReport &mine = *page->report();
    QCOMPARE(mine.rows.size(), 3);

    const QJsonObject theirs = shardctl({QStringLiteral("--compare")});
    const QJsonArray rows = theirs.value(QStringLiteral("strategies")).toArray();
    QCOMPARE(rows.size(), 3);
    for (int i = 0; i < 3; ++i) {
        const WhatIfRow &r = mine.rows.at(i);
        const QJsonObject o = rows.at(i).toObject();
        QCOMPARE(o.value(QStringLiteral("strategy")).toString(), strategyName(r.strategy));
        QVERIFY2(r.feasible, qPrintable(r.reason));
        // Real counts: every strategy says how many rows it moves, and agrees with the CLI.
        QVERIFY2(r.rowsMoved > 0, qPrintable(strategyName(r.strategy)));
        QCOMPARE(qint64(o.value(QStringLiteral("rowsMoved")).toDouble()), r.rowsMoved);
        QCOMPARE(o.value(QStringLiteral("steps")).toInt(), r.steps);
    }
}

void TestGuiSandboxPlan::wizardMatchesShardctl_data()
{
    QTest::addColumn<QString>("radio");
    QTest::addColumn<int>("toCount");
    QTest::addColumn<int>("sample");
    QTest::addColumn<QStringList>("cli");
    QTest::addRow("mod-double") << QStringLiteral("strategyModDouble") << 0 << 0
                                << QStringList{QStringLiteral("--strategy"), QStringLiteral("mod-double")};
    QTest::addRow("remap 2->3") << QStringLiteral("strategyRemap") << 3 << 0
                                << QStringList{QStringLiteral("--strategy"), QStringLiteral("remap"), QStringLiteral("--to"),
                                               QStringLiteral("3")};
    QTest::addRow("dual-master") << QStringLiteral("strategyDualMaster") << 0 << 0
                                 << QStringList{QStringLiteral("--strategy"), QStringLiteral("dual-master")};
    // The wizard's row sample and `--sample N`: seeded, so the same sample and the same plan.
    QTest::addRow("mod-double, sample 1200")
        << QStringLiteral("strategyModDouble") << 0 << 1200
        << QStringList{QStringLiteral("--strategy"), QStringLiteral("mod-double"), QStringLiteral("--sample"),
                       QStringLiteral("1200")};
    QTest::addRow("remap 2->3, sample 700")
        << QStringLiteral("strategyRemap") << 3 << 700
        << QStringList{QStringLiteral("--strategy"), QStringLiteral("remap"), QStringLiteral("--to"), QStringLiteral("3"),
                       QStringLiteral("--sample"), QStringLiteral("700")};
}

void TestGuiSandboxPlan::wizardMatchesShardctl()
{
    QFETCH(QString, radio);
    QFETCH(int, toCount);
    QFETCH(int, sample);
    QFETCH(QStringList, cli);
    QPointer<ExpansionWizard> wizard = m_window->createExpansionWizard();
    wizard->show();
    QVERIFY(QTest::qWaitForWindowExposed(wizard));
    auto *button = wizard->findChild<QRadioButton *>(radio);
    QVERIFY(button);
    button->click();
    QVERIFY(wizard->advanceTo(ExpansionWizard::TargetPageId));
    if (toCount > 0) {
        auto *spin = wizard->findChild<QSpinBox *>(QStringLiteral("targetToCount"));
        QVERIFY(spin);
        spin->setValue(toCount);
    }
    // The new data sources: new schemas on the sandbox's instances (no spare instance here, and
    // no url is guessed), typed in and given to shardctl alike.
    auto *target = qobject_cast<TargetPage *>(wizard->currentPage());
    QVERIFY(target);
    QTRY_VERIFY_WITH_TIMEOUT(!target->isGuessing(), 30000);
    auto *urls = wizard->findChild<QTableWidget *>(QStringLiteral("targetUrls"));
    QVERIFY(urls && urls->rowCount() > 0);
    for (int r = 0; r < urls->rowCount(); ++r) {
        const QString name = urls->item(r, 0)->text();
        const QString url = QStringLiteral("jdbc:mysql://127.0.0.1:%1/fsharechat_%2").arg(m_fx.port(r % 2)).arg(name);
        urls->item(r, 1)->setText(url);
        cli << QStringLiteral("--url") << name + QLatin1Char('=') + url;
    }
    QTRY_VERIFY_WITH_TIMEOUT(wizard->advanceTo(ExpansionWizard::MovesPageId), 30000);
    QTRY_VERIFY_WITH_TIMEOUT(wizard->plan().has_value() && !wizard->isPlanning(), 60000);
    if (sample > 0) {
        // Estimate from a row sample: the moves page plans again with it.
        auto *rows = wizard->findChild<QSpinBox *>(QStringLiteral("movesSampleRows"));
        auto *apply = wizard->findChild<QPushButton *>(QStringLiteral("movesSampleApply"));
        QVERIFY(rows && apply);
        QVERIFY(apply->isEnabled());
        rows->setValue(sample);
        apply->click();
        QVERIFY(wizard->isPlanning());
        QTRY_VERIFY_WITH_TIMEOUT(wizard->plan().has_value() && !wizard->isPlanning(), 60000);
        QCOMPARE(wizard->sampleRows(), sample);
        int fromSample = 0;
        for (const TablePlan &t : wizard->plan()->tables)
            for (const MovePair &p : t.pairs)
                fromSample += p.basis == EstimateBasis::KeySample;
        QVERIFY(fromSample > 0);
    }
    const ExpansionPlan plan = *wizard->plan();
    QVERIFY(plan.totalEstimatedRows() > 0); // estimates from the dashboard's snapshot

    // The same plan as `shardctl plan --live`: only the creation time and the snapshot's time differ.
    QJsonObject mine = plan.toJson();
    QJsonObject theirs = shardctl(cli);
    QVERIFY2(!theirs.isEmpty(), "shardctl gave no plan");
    // (estimateSourceText is estimateSource's translatable form: it names the snapshot's time too)
    for (const char *volatileKey : {"createdAt", "estimateSource", "estimateSourceText"}) {
        QVERIFY(mine.contains(QLatin1String(volatileKey)) && theirs.contains(QLatin1String(volatileKey)));
        mine.remove(QLatin1String(volatileKey));
        theirs.remove(QLatin1String(volatileKey));
    }
    if (mine != theirs) {
        const QString a = m_dir.filePath(QStringLiteral("wizard.json"));
        const QString b = m_dir.filePath(QStringLiteral("shardctl.json"));
        QFile fa(a), fb(b);
        if (fa.open(QIODevice::WriteOnly))
            fa.write(QJsonDocument(mine).toJson());
        if (fb.open(QIODevice::WriteOnly))
            fb.write(QJsonDocument(theirs).toJson());
        m_dir.setAutoRemove(false);
        QFAIL(qPrintable(QStringLiteral("plans differ: diff %1 %2").arg(a, b)));
    }

    // Export: the new config loads, routes, and lints without errors (the old one has none).
    QVERIFY(wizard->advanceTo(ExpansionWizard::ExportPageId));
    auto *exportPage = qobject_cast<ExportPage *>(wizard->currentPage());
    QVERIFY(exportPage);
    const QString out = m_dir.filePath(QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_')));
    QString error;
    const QStringList written = exportPage->exportTo(out, &error);
    QVERIFY2(!written.isEmpty(), qPrintable(error));
    const LoadResult next = ConfigLoader::loadFile(out + QStringLiteral("/new-config.yaml"));
    QVERIFY2(next.ok(), qPrintable(next.diagnostics.value(0).toString()));
    for (const Diagnostic &d : Linter::lint(next.config))
        QVERIFY2(d.severity != Severity::Error, qPrintable(d.toString()));

    // Finish hands the plan to the migration timeline.
    wizard->setHandOff(true);
    wizard->accept();
    QTRY_VERIFY(m_window->context()->plan().has_value());
    QCOMPARE(m_window->context()->plan()->toJson(), plan.toJson());
    QCOMPARE(m_window->currentPageId(), QStringLiteral("migration"));
    QTRY_VERIFY(wizard.isNull()); // deleted on close
}

void TestGuiSandboxPlan::cleanupTestCase()
{
    m_window.reset();
    m_fx.stop();
}

QTEST_MAIN(TestGuiSandboxPlan)
#include "tst_gui_sandbox_plan.moc"
