// Expansion wizard: for each strategy the plan it makes equals `shardctl plan --json` on the same
// config and request (createdAt aside), the exported files load and lint, Finish hands the plan to
// the context; choices survive Back/Next, planning errors block Next, Cancel drops a running job.
// Set SP_WIZARD_SCREENSHOTS=<dir> to save a png of every page.
#include "GuiTestSupport.h"
#include "core/analysis/Linter.h"
#include "core/config/ConfigLoader.h"
#include "ui/AppContext.h"
#include "ui/planning/ExpansionWizard.h"
#include "ui/planning/MovePairModel.h"
#include "ui/planning/MovesChart.h"
#include "ui/planning/TargetPage.h"

#include <QAbstractButton>
#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPointer>
#include <QProcess>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTableView>
#include <QTableWidget>

#include <algorithm>
#include <cmath>

using namespace sp;
using namespace sp::ui;

class TestWizard final : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void sameAsShardctl_data();
    void sameAsShardctl();
    void backKeepsChoices();
    void ringRemoveNode();
    void planningErrorBlocksNext();
    void cancelWhilePlanning();
    void defaultStrategyFollowsConfig();
    void configChangeCloses();

private:
    ExpansionWizard *openWizard(const QString &config);
    void shoot(ExpansionWizard *wizard, const QString &name);
    QJsonObject shardctlPlan(const QStringList &args);
    // Types a url (a new schema of its own) into every empty row of the target page's url table;
    // the --url arguments that give shardctl the same urls.
    QStringList fillUrls(ExpansionWizard *wizard);
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TestWizard::init()
{
    m_window = test::makeMainWindow(m_dir);
    m_window->context()->setPreferences(30000000, 0); // no auto-refresh: no snapshot appears mid-test
    m_window->show();
}

void TestWizard::cleanup()
{
    m_window.reset();
}

ExpansionWizard *TestWizard::openWizard(const QString &config)
{
    if (!m_window->openConfig(config))
        return nullptr;
    ExpansionWizard *wizard = m_window->createExpansionWizard();
    wizard->show();
    return wizard;
}

void TestWizard::shoot(ExpansionWizard *wizard, const QString &name)
{
    const QString dir = qEnvironmentVariable("SP_WIZARD_SCREENSHOTS");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    QTest::qWait(50); // let layouts settle
    wizard->grab().save(QDir(dir).filePath(name + QStringLiteral(".png")));
}

QStringList TestWizard::fillUrls(ExpansionWizard *wizard)
{
    auto *urls = test::findNamed<QTableWidget>(wizard, "targetUrls");
    QStringList cli;
    for (int r = 0; urls && r < urls->rowCount(); ++r) {
        const QString name = urls->item(r, 0)->text();
        if (urls->item(r, 1)->text().isEmpty())
            urls->item(r, 1)->setText(QStringLiteral("jdbc:mysql://new-%1:3306/shop_%1").arg(name));
        cli << QStringLiteral("--url") << name + QLatin1Char('=') + urls->item(r, 1)->text();
    }
    return cli;
}

QJsonObject TestWizard::shardctlPlan(const QStringList &args)
{
    QProcess p;
    p.start(test::shardctlPath(),
            QStringList{QStringLiteral("plan")} + args + QStringList{QStringLiteral("--json")});
    if (!p.waitForFinished(60000)) {
        qWarning("shardctl plan did not finish");
        return {};
    }
    const QByteArray err = p.readAllStandardError();
    if (!err.isEmpty())
        qInfo("shardctl stderr: %s", err.constData());
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(p.readAllStandardOutput(), &pe);
    if (pe.error != QJsonParseError::NoError)
        qWarning("shardctl output is not JSON: %s", qPrintable(pe.errorString()));
    return doc.object();
}

// First difference between two JSON values ("" when equal). Doubles may differ in the last bits:
// the planner sums key shares in QHash order, which changes from process to process.
static QString jsonDifference(const QJsonValue &a, const QJsonValue &b, const QString &path)
{
    if (a.isDouble() && b.isDouble()) {
        const double x = a.toDouble();
        const double y = b.toDouble();
        return std::abs(x - y) <= 1e-12 * std::max({1.0, std::abs(x), std::abs(y)})
                   ? QString()
                   : path + QStringLiteral(": %1 != %2").arg(x, 0, 'g', 17).arg(y, 0, 'g', 17);
    }
    if (a.type() != b.type())
        return path + QStringLiteral(": types differ");
    if (a.isObject()) {
        const QJsonObject oa = a.toObject();
        const QJsonObject ob = b.toObject();
        if (oa.keys() != ob.keys())
            return path + QStringLiteral(": keys differ");
        for (const QString &k : oa.keys())
            if (const QString d = jsonDifference(oa.value(k), ob.value(k), path + QLatin1Char('.') + k);
                !d.isEmpty())
                return d;
        return {};
    }
    if (a.isArray()) {
        const QJsonArray xa = a.toArray();
        const QJsonArray xb = b.toArray();
        if (xa.size() != xb.size())
            return path + QStringLiteral(": %1 != %2 elements").arg(xa.size()).arg(xb.size());
        for (qsizetype i = 0; i < xa.size(); ++i)
            if (const QString d = jsonDifference(xa.at(i), xb.at(i), path + QStringLiteral("[%1]").arg(i));
                !d.isEmpty())
                return d;
        return {};
    }
    return a == b ? QString() : path + QStringLiteral(": values differ");
}

static QString exampleOrData(const QString &file)
{
    return file.startsWith(QLatin1String("tests/")) ? test::sourcePath(file) : test::examplePath(file);
}

void TestWizard::sameAsShardctl_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("radio");
    QTest::addColumn<int>("toCount");      // remap spin box, 0: untouched
    QTest::addColumn<QString>("addNodes"); // ring line edit, empty: untouched
    QTest::addColumn<QString>("editUrl");  // name=url typed into the url table, empty: none
    QTest::addColumn<QStringList>("cli");
    const QString crc = QStringLiteral("fsharechat-crc32.yaml");
    QTest::addRow("mod-double") << crc << QStringLiteral("strategyModDouble") << 0 << QString() << QString()
                                << QStringList{QStringLiteral("--strategy"), QStringLiteral("mod-double")};
    QTest::addRow("remap to 6") << crc << QStringLiteral("strategyRemap") << 6 << QString() << QString()
                                << QStringList{QStringLiteral("--strategy"), QStringLiteral("remap"),
                                               QStringLiteral("--to"), QStringLiteral("6")};
    QTest::addRow("dual-master") << crc << QStringLiteral("strategyDualMaster") << 0 << QString() << QString()
                                 << QStringList{QStringLiteral("--strategy"), QStringLiteral("dual-master")};
    QTest::addRow("ring add nodes") << QStringLiteral("tests/data/ring-3.yaml")
                                    << QStringLiteral("strategyRing") << 0 << QStringLiteral("ds3, ds4")
                                    << QString()
                                    << QStringList{QStringLiteral("--strategy"), QStringLiteral("ring"),
                                                   QStringLiteral("--add-nodes"), QStringLiteral("ds3,ds4")};
    // Unroutable tables (CLASS_BASED, AUTO_INTERVAL) make error-severity warnings: export needs the tick.
    QTest::addRow("native mod-double with errors")
        << QStringLiteral("native-algorithms.yaml") << QStringLiteral("strategyModDouble") << 0 << QString()
        << QString() << QStringList{QStringLiteral("--strategy"), QStringLiteral("mod-double")};
    const QString url = QStringLiteral("db5=jdbc:mysql://10.9.8.7:3307/fsharechat");
    QTest::addRow("mod-double edited url")
        << crc << QStringLiteral("strategyModDouble") << 0 << QString() << url
        << QStringList{QStringLiteral("--strategy"), QStringLiteral("mod-double")};
}

void TestWizard::sameAsShardctl()
{
    QFETCH(QString, file);
    QFETCH(QString, radio);
    QFETCH(int, toCount);
    QFETCH(QString, addNodes);
    QFETCH(QString, editUrl);
    QFETCH(QStringList, cli);
    const QString config = exampleOrData(file);
    const QString tag =
        QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-'));
    QPointer<ExpansionWizard> wizard = openWizard(config);
    QVERIFY(wizard);
    QCOMPARE(wizard->currentId(), int(ExpansionWizard::StrategyPageId));
    auto *button = test::findNamed<QRadioButton>(wizard, radio.toLatin1().constData());
    QVERIFY(button);
    QTest::mouseClick(button, Qt::LeftButton, {}, QPoint(4, button->height() / 2));
    QVERIFY(button->isChecked());
    shoot(wizard, tag + QStringLiteral("-1-strategy"));

    QVERIFY(wizard->advanceTo(ExpansionWizard::TargetPageId));
    auto *target = qobject_cast<TargetPage *>(wizard->currentPage());
    QVERIFY(target);
    if (toCount > 0)
        test::findNamed<QSpinBox>(wizard, "targetToCount")->setValue(toCount);
    if (!addNodes.isEmpty())
        test::findNamed<QLineEdit>(wizard, "targetAddNodes")->setText(addNodes);
    QTRY_VERIFY(!target->isGuessing());
    auto *urls = test::findNamed<QTableWidget>(wizard, "targetUrls");
    QVERIFY(urls->rowCount() > 0); // every strategy here adds data sources
    // No url is guessed (a guess pointed new data sources at an existing schema): the page says
    // which ones are missing, as shardctl does, and does not go on.
    QStringList names;
    for (int r = 0; r < urls->rowCount(); ++r) {
        QVERIFY2(urls->item(r, 1)->text().isEmpty(), qPrintable(urls->item(r, 1)->text()));
        names << urls->item(r, 0)->text();
    }
    QVERIFY(!target->isComplete());
    QVERIFY(!wizard->button(QWizard::NextButton)->isEnabled());
    const QString status = test::findNamed<QLabel>(wizard, "targetUrlStatus")->text();
    QVERIFY2(status.contains(names.join(QStringLiteral(", "))), qPrintable(status));
    // An existing data source's schema is refused with the planner's words.
    fillUrls(wizard);
    QVERIFY(target->isComplete());
    const QString existing = m_window->context()->config().dataSources.constFirst().url;
    urls->item(0, 1)->setText(existing);
    QVERIFY(!target->isComplete());
    QVERIFY2(test::findNamed<QLabel>(wizard, "targetUrlStatus")->text().contains(QStringLiteral("already uses")),
             qPrintable(test::findNamed<QLabel>(wizard, "targetUrlStatus")->text()));
    urls->item(0, 1)->setText(QString());
    if (!editUrl.isEmpty()) {
        const QString name = editUrl.section(QLatin1Char('='), 0, 0);
        const QString url = editUrl.section(QLatin1Char('='), 1);
        const QList<QTableWidgetItem *> found = urls->findItems(name, Qt::MatchExactly);
        QCOMPARE(found.size(), 1);
        urls->item(found.first()->row(), 1)->setText(url);
        QCOMPARE(wizard->request().newUrls.value(name), url);
    }
    cli += fillUrls(wizard); // every url, the edited one included
    QVERIFY(target->isComplete());
    shoot(wizard, tag + QStringLiteral("-2-target"));

    QVERIFY(wizard->advanceTo(ExpansionWizard::MovesPageId));
    QTRY_VERIFY_WITH_TIMEOUT(wizard->plan().has_value() && !wizard->isPlanning(), 30000);
    const planning::ExpansionPlan plan = *wizard->plan();

    // The same plan as the CLI's.
    QJsonObject mine = plan.toJson();
    QJsonObject theirs = shardctlPlan(QStringList{QStringLiteral("--config"), config} + cli);
    QVERIFY2(!theirs.isEmpty(), "shardctl gave no plan");
    QVERIFY(mine.contains(QStringLiteral("createdAt")) && theirs.contains(QStringLiteral("createdAt")));
    mine.remove(QStringLiteral("createdAt"));
    theirs.remove(QStringLiteral("createdAt"));
    const QString difference = jsonDifference(mine, theirs, QStringLiteral("plan"));
    if (!difference.isEmpty()) {
        // Kept after the test (in the temp dir) for a diff.
        const QString a =
            QDir::temp().filePath(QStringLiteral("gui-wizard-") + tag + QStringLiteral("-wizard.json"));
        const QString b =
            QDir::temp().filePath(QStringLiteral("gui-wizard-") + tag + QStringLiteral("-shardctl.json"));
        QFile fa(a), fb(b);
        if (fa.open(QIODevice::WriteOnly))
            fa.write(QJsonDocument(mine).toJson());
        if (fb.open(QIODevice::WriteOnly))
            fb.write(QJsonDocument(theirs).toJson());
        QFAIL(qPrintable(QStringLiteral("plans differ at %1: diff %2 %3").arg(difference, a, b)));
    }
    if (!editUrl.isEmpty()) {
        bool seen = false;
        for (const planning::DataSourceChange &c : plan.dataSourceChanges)
            seen = seen || (c.name + QLatin1Char('=') + c.url == editUrl);
        QVERIFY(seen);
    }

    // The page shows it: every pair in the table, the description, a chart.
    auto *view = test::findNamed<QTableView>(wizard, "movesTable");
    new QAbstractItemModelTester(view->model(), QAbstractItemModelTester::FailureReportingMode::QtTest, view);
    int pairs = 0;
    for (const planning::TablePlan &t : plan.tables)
        pairs += int(t.pairs.size());
    QVERIFY(pairs > 0);
    QCOMPARE(view->model()->rowCount(), pairs);
    QCOMPARE(test::findNamed<QLabel>(wizard, "movesDescription")->text(), plan.description);
    QVERIFY(test::findNamed<MovesChart>(wizard, "movesChart")->barCount() > 0);
    QVERIFY(!test::findNamed<QPushButton>(wizard, "movesCountExactly")->isEnabled()); // no live cluster
    auto *filter = test::findNamed<QComboBox>(wizard, "movesTableFilter");
    const planning::TablePlan &first = plan.tables.constFirst();
    filter->setCurrentIndex(filter->findData(first.logicTable));
    QCOMPARE(view->model()->rowCount(), int(first.pairs.size()));
    for (int r = 0; r < view->model()->rowCount(); ++r)
        QCOMPARE(view->model()->index(r, MovePairModel::TableColumn).data().toString(), first.logicTable);
    shoot(wizard, tag + QStringLiteral("-3-moves"));
    filter->setCurrentIndex(0);
    QCOMPARE(view->model()->rowCount(), pairs);

    QVERIFY(wizard->advanceTo(ExpansionWizard::WarningsPageId));
    const bool hasError = sp::hasErrors(plan.warnings);
    auto *ack = test::findNamed<QCheckBox>(wizard, "warningsAcknowledge");
    QCOMPARE(ack->isVisible(), hasError);
    shoot(wizard, tag + QStringLiteral("-4-warnings"));
    if (hasError) {
        QVERIFY(!wizard->button(QWizard::NextButton)->isEnabled());
        QVERIFY(!wizard->advanceTo(ExpansionWizard::ExportPageId));
        ack->setChecked(true);
        QVERIFY(wizard->button(QWizard::NextButton)->isEnabled());
    }
    QVERIFY(wizard->advanceTo(ExpansionWizard::ExportPageId));

    // Export every file.
    auto *dirEdit = test::findNamed<QLineEdit>(wizard, "exportDirectory");
    QVERIFY(dirEdit->text().contains(QStringLiteral("plan-") + planning::strategyName(plan.strategy)));
    QTemporaryDir out;
    dirEdit->setText(out.path());
    QTest::mouseClick(test::findNamed<QPushButton>(wizard, "exportButton"), Qt::LeftButton);
    const QString result = test::findNamed<QLabel>(wizard, "exportResult")->text();
    QVERIFY2(result.contains(QStringLiteral("plan.json")), qPrintable(result));
    shoot(wizard, tag + QStringLiteral("-5-export"));
    for (const char *f : {"plan.json", "new-config.yaml", "copy.sh", "runbook.html"}) {
        const QString path = QDir(out.path()).filePath(QLatin1String(f));
        QVERIFY2(QFileInfo(path).size() > 0, f);
        // Written as shardctl plan --out writes them: for the owner only (copy.sh executable).
        const QFileDevice::Permissions mine = QFileDevice::ReadOwner | QFileDevice::WriteOwner
                                            | (qstrcmp(f, "copy.sh") == 0 ? QFileDevice::ExeOwner : QFileDevice::Permissions());
        QCOMPARE(QFile::permissions(path) & ~(QFileDevice::ReadUser | QFileDevice::WriteUser | QFileDevice::ExeUser), mine);
    }
    // The scripts, per data source (what shardctl plan --out writes).
    const QStringList folders = QDir(out.path()).entryList({QStringLiteral("on-*")}, QDir::Dirs);
    QVERIFY2(!folders.isEmpty(), qPrintable(QDir(out.path()).entryList().join(QLatin1Char(' '))));
    int scripts = 0;
    for (const QString &f : folders)
        scripts += int(QDir(QDir(out.path()).filePath(f)).entryList({QStringLiteral("*.sql")}, QDir::Files).size());
    QVERIFY(scripts >= int(folders.size()));
    QFile planFile(QDir(out.path()).filePath(QStringLiteral("plan.json")));
    QVERIFY(planFile.open(QIODevice::ReadOnly));
    QString error;
    const auto reread = planning::ExpansionPlan::fromJsonBytes(planFile.readAll(), &error);
    QVERIFY2(reread, qPrintable(error));
    QCOMPARE(reread->description, plan.description);
    const LoadResult after =
        ConfigLoader::loadFile(QDir(out.path()).filePath(QStringLiteral("new-config.yaml")));
    QVERIFY(after.ok());
    QVERIFY(!sp::hasErrors(after.diagnostics));
    const LoadResult before = ConfigLoader::loadFile(config);
    if (!sp::hasErrors(Linter::lint(before.config))) {
        QStringList errors;
        for (const Diagnostic &d : Linter::lint(after.config))
            if (d.severity == Severity::Error)
                errors << d.toString();
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    }

    // Only the checked files are written.
    QTemporaryDir some;
    test::findNamed<QCheckBox>(wizard, "exportSql")->setChecked(false);
    test::findNamed<QCheckBox>(wizard, "exportRunbook")->setChecked(false);
    dirEdit->setText(some.path());
    QTest::mouseClick(test::findNamed<QPushButton>(wizard, "exportButton"), Qt::LeftButton);
    QCOMPARE(QDir(some.path()).entryList(QDir::Files, QDir::Name),
             (QStringList{QStringLiteral("new-config.yaml"), QStringLiteral("plan.json")}));
    // An impossible directory is an error in the label, not a crash.
    QFile blocker(some.filePath(QStringLiteral("file")));
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    dirEdit->setText(some.filePath(QStringLiteral("file/sub")));
    QTest::mouseClick(test::findNamed<QPushButton>(wizard, "exportButton"), Qt::LeftButton);
    QVERIFY(test::findNamed<QLabel>(wizard, "exportResult")->text().contains(QStringLiteral("failed")));

    // Finish hands the plan over.
    QVERIFY(test::findNamed<QCheckBox>(wizard, "exportHandOff")->isChecked());
    QVERIFY(!m_window->context()->plan());
    wizard->button(QWizard::FinishButton)->click();
    QTRY_VERIFY(m_window->context()->plan().has_value());
    QCOMPARE(m_window->context()->plan()->toJson(), plan.toJson());
    QTRY_VERIFY(wizard.isNull()); // deleted on close
}

void TestWizard::backKeepsChoices()
{
    QPointer<ExpansionWizard> wizard = openWizard(test::examplePath(QStringLiteral("fsharechat-crc32.yaml")));
    QVERIFY(wizard);
    test::findNamed<QRadioButton>(wizard, "strategyRemap")->setChecked(true);
    QVERIFY(wizard->advanceTo(ExpansionWizard::TargetPageId));
    auto *spin = test::findNamed<QSpinBox>(wizard, "targetToCount");
    QCOMPARE(spin->value(), 8); // 2N pre-filled
    spin->setValue(5);
    auto *target = qobject_cast<TargetPage *>(wizard->currentPage());
    QTRY_VERIFY(!target->isGuessing());
    fillUrls(wizard);
    QVERIFY(wizard->advanceTo(ExpansionWizard::MovesPageId));
    QTRY_VERIFY(wizard->plan().has_value());
    QCOMPARE(wizard->plan()->request.toCount, 5);
    QVERIFY(wizard->advanceTo(ExpansionWizard::StrategyPageId));
    QVERIFY(test::findNamed<QRadioButton>(wizard, "strategyRemap")->isChecked());
    QVERIFY(wizard->advanceTo(ExpansionWizard::TargetPageId));
    QCOMPARE(spin->value(), 5);
    spin->setValue(7);
    QTRY_VERIFY(!target->isGuessing());
    fillUrls(wizard);
    QVERIFY(wizard->advanceTo(ExpansionWizard::MovesPageId));
    QTRY_VERIFY(wizard->plan().has_value() && !wizard->isPlanning());
    QCOMPARE(wizard->plan()->request.toCount, 7); // a new target plans again
    QCOMPARE(wizard->plan()->dataSourceChanges.size(), 3);
    wizard->reject();
}

void TestWizard::ringRemoveNode()
{
    // Removing a ring node: tick it among today's nodes; no url is asked for, and the plan is the
    // CLI's `--remove-nodes`: every pair drains the removed node into the nodes that stay.
    const QString config = exampleOrData(QStringLiteral("tests/data/ring-3.yaml"));
    QPointer<ExpansionWizard> wizard = openWizard(config);
    QVERIFY(wizard);
    QVERIFY(test::findNamed<QRadioButton>(wizard, "strategyRing")->isChecked());
    QVERIFY(wizard->advanceTo(ExpansionWizard::TargetPageId));
    auto *target = qobject_cast<TargetPage *>(wizard->currentPage());
    QVERIFY(target);
    auto *list = test::findNamed<QListWidget>(wizard, "targetRemoveList");
    QVERIFY(!list->isEnabled()); // adding is the default
    auto *remove = test::findNamed<QRadioButton>(wizard, "targetRingRemove");
    QTest::mouseClick(remove, Qt::LeftButton, {}, QPoint(4, remove->height() / 2));
    QVERIFY(remove->isChecked());
    QVERIFY(list->isEnabled());
    QVERIFY(!test::findNamed<QLineEdit>(wizard, "targetAddNodes")->isEnabled());
    // The intro no longer asks for urls when nodes are removed.
    const QString intro = test::findNamed<QLabel>(wizard, "targetIntro")->text();
    QVERIFY2(!intro.contains(QLatin1String("URL below")) && intro.contains(QLatin1String("no URL is needed")),
             qPrintable(intro));
    QCOMPARE(list->count(), 3);
    QStringList shown;
    for (int i = 0; i < list->count(); ++i)
        shown << list->item(i)->text();
    QCOMPARE(shown, (QStringList{QStringLiteral("ds0"), QStringLiteral("ds1"), QStringLiteral("ds2")}));
    QTRY_VERIFY(!target->isGuessing());
    QVERIFY(!target->isComplete()); // nothing ticked yet
    list->item(1)->setCheckState(Qt::Checked);
    QTRY_VERIFY(!target->isGuessing());
    QCOMPARE(test::findNamed<QTableWidget>(wizard, "targetUrls")->rowCount(), 0);
    QVERIFY(target->isComplete());
    shoot(wizard, QStringLiteral("ring-remove-2-target"));
    QVERIFY(wizard->advanceTo(ExpansionWizard::MovesPageId));
    QTRY_VERIFY_WITH_TIMEOUT(wizard->plan().has_value() && !wizard->isPlanning(), 30000);
    const planning::ExpansionPlan plan = *wizard->plan();
    QCOMPARE(plan.request.removeNodes, QStringList{QStringLiteral("ds1")});
    QVERIFY(plan.request.addNodes.isEmpty());
    int pairs = 0;
    for (const planning::TablePlan &t : plan.tables)
        for (const planning::MovePair &p : t.pairs) {
            QCOMPARE(p.source.dataSource, QStringLiteral("ds1"));
            QVERIFY(p.target.dataSource != QLatin1String("ds1"));
            ++pairs;
        }
    QVERIFY(pairs > 0);
    QJsonObject mine = plan.toJson();
    QJsonObject theirs = shardctlPlan({QStringLiteral("--config"), config, QStringLiteral("--strategy"),
                                       QStringLiteral("ring"), QStringLiteral("--remove-nodes"), QStringLiteral("ds1")});
    QVERIFY2(!theirs.isEmpty(), "shardctl gave no plan");
    mine.remove(QStringLiteral("createdAt"));
    theirs.remove(QStringLiteral("createdAt"));
    const QString difference = jsonDifference(mine, theirs, QStringLiteral("plan"));
    QVERIFY2(difference.isEmpty(), qPrintable(difference));
    shoot(wizard, QStringLiteral("ring-remove-3-moves"));
    wizard->reject();
}

void TestWizard::planningErrorBlocksNext()
{
    QPointer<ExpansionWizard> wizard = openWizard(exampleOrData(QStringLiteral("tests/data/ring-3.yaml")));
    QVERIFY(wizard);
    QVERIFY(test::findNamed<QRadioButton>(wizard, "strategyRing")->isChecked());
    QVERIFY(wizard->advanceTo(ExpansionWizard::TargetPageId));
    test::findNamed<QLineEdit>(wizard, "targetAddNodes")->setText(QStringLiteral("ds1"));
    auto *target = qobject_cast<TargetPage *>(wizard->currentPage());
    QTRY_VERIFY(!target->isGuessing());
    QVERIFY(test::findNamed<QLabel>(wizard, "targetUrlStatus")
                ->text()
                .contains(QStringLiteral("already on the ring")));
    QVERIFY(wizard->advanceTo(ExpansionWizard::MovesPageId));
    QTRY_VERIFY(!wizard->isPlanning());
    QVERIFY(!wizard->plan());
    QVERIFY(wizard->planError().contains(QStringLiteral("already on the ring")));
    auto *error = test::findNamed<QLabel>(wizard, "movesError");
    QVERIFY(error->isVisible());
    QVERIFY(error->text().contains(QStringLiteral("already on the ring")));
    shoot(wizard, QStringLiteral("error-moves"));
    QVERIFY(!wizard->button(QWizard::NextButton)->isEnabled());
    QVERIFY(!wizard->advanceTo(ExpansionWizard::WarningsPageId));
    wizard->reject();
}

void TestWizard::cancelWhilePlanning()
{
    QPointer<ExpansionWizard> wizard = openWizard(test::examplePath(QStringLiteral("fsharechat-crc32.yaml")));
    QVERIFY(wizard);
    QVERIFY(wizard->advanceTo(ExpansionWizard::TargetPageId));
    QTRY_VERIFY(!qobject_cast<TargetPage *>(wizard->currentPage())->isGuessing());
    fillUrls(wizard);
    QSignalSpy built(wizard.data(), &ExpansionWizard::planBuilt);
    QVERIFY(wizard->advanceTo(ExpansionWizard::MovesPageId));
    QVERIFY(wizard->isPlanning()); // the answer comes later, from a worker
    wizard->button(QWizard::CancelButton)->click();
    QTRY_VERIFY(wizard.isNull()); // closed and deleted at once, with the worker still running
    QTest::qWait(500);            // its result arrives nowhere
    QVERIFY(!m_window->context()->plan());
}

void TestWizard::defaultStrategyFollowsConfig()
{
    QPointer<ExpansionWizard> wizard = openWizard(test::examplePath(QStringLiteral("fsharechat-crc32.yaml")));
    QVERIFY(wizard);
    QVERIFY(test::findNamed<QRadioButton>(wizard, "strategyModDouble")->isChecked());
    wizard->reject();
    wizard = openWizard(exampleOrData(QStringLiteral("tests/data/ring-3.yaml")));
    QVERIFY(wizard);
    QVERIFY(test::findNamed<QRadioButton>(wizard, "strategyRing")->isChecked());
    QVERIFY(wizard->advanceTo(ExpansionWizard::TargetPageId));
    QCOMPARE(test::findNamed<QLineEdit>(wizard, "targetAddNodes")->text(), QStringLiteral("ds3,ds4,ds5"));
    wizard->reject();
}

void TestWizard::configChangeCloses()
{
    QPointer<ExpansionWizard> wizard = openWizard(test::examplePath(QStringLiteral("fsharechat-crc32.yaml")));
    QVERIFY(wizard);
    QVERIFY(wizard->advanceTo(ExpansionWizard::TargetPageId));
    QVERIFY(m_window->openConfig(exampleOrData(QStringLiteral("tests/data/ring-3.yaml"))));
    QTRY_VERIFY(wizard.isNull()); // a plan of the old config would be wrong
    QVERIFY(!m_window->context()->plan());
}

QTEST_MAIN(TestWizard)
#include "tst_wizard.moc"
