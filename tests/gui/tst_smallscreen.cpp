// The console on a 1024x640 screen (the offscreen platform with a screen of that size, set up in
// main() below): the expansion wizard opens within the screen on every page, so Back, Next,
// Finish and Cancel can be clicked (it opened at 1000x760, its buttons below the screen's bottom),
// and the planning page's charts at 1024x640 draw their category and axis labels in full (the
// strategy names were elided to "Modulo d..." next to the bars).

#include "GuiTestSupport.h"
#include "core/cluster/ClusterStats.h"
#include "ui/AppContext.h"
#include "ui/pages/PlanningPage.h"
#include "ui/planning/ExpansionWizard.h"
#include "ui/planning/TargetPage.h"
#include "ui/widgets/RingBalanceChart.h"
#include "ui/widgets/StrategyBarChart.h"

#include <QAbstractButton>
#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QPointer>
#include <QScreen>
#include <QSignalSpy>
#include <QTableWidget>

using namespace sp;
using namespace sp::ui;

class TestSmallScreen final : public QObject
{
    Q_OBJECT
private slots:
    void screenIsSmall();
    void wizardButtonsOnScreen();
    void planningChartLabelsInFull_data();
    void planningChartLabelsInFull();

private:
    QTemporaryDir m_dir;
};

void TestSmallScreen::screenIsSmall()
{
    const QRect screen = QGuiApplication::primaryScreen()->availableGeometry();
    QCOMPARE(screen.size(), QSize(1024, 640));
}

void TestSmallScreen::wizardButtonsOnScreen()
{
    const auto window = test::makeMainWindow(m_dir);
    window->context()->setPreferences(30000000, 0);
    window->resize(1024, 600);
    window->show();
    QVERIFY(window->openConfig(test::examplePath(QStringLiteral("fsharechat-crc32.yaml"))));
    QPointer<ExpansionWizard> wizard = window->createExpansionWizard();
    wizard->show();
    QVERIFY(QTest::qWaitForWindowExposed(wizard));
    const QRect screen = wizard->screen()->availableGeometry();
    const auto onScreen = [&](const char *what) {
        QCoreApplication::processEvents();
        const QRect frame = wizard->frameGeometry();
        // The window and a title bar (the window manager's, about 30 pixels) fit the screen.
        QVERIFY2(screen.contains(frame) && frame.height() + 30 <= screen.height(),
                 qPrintable(QStringLiteral("%1: window at %2,%3, %4x%5")
                                .arg(QLatin1String(what))
                                .arg(frame.x())
                                .arg(frame.y())
                                .arg(frame.width())
                                .arg(frame.height())));
        for (QWizard::WizardButton b :
             {QWizard::BackButton, QWizard::NextButton, QWizard::FinishButton, QWizard::CancelButton}) {
            QAbstractButton *button = wizard->button(b);
            if (!button->isVisible())
                continue;
            const QRect r(button->mapToGlobal(QPoint(0, 0)), button->size());
            QVERIFY2(screen.contains(r), qPrintable(QStringLiteral("%1: %2 at %3,%4")
                                                        .arg(QLatin1String(what), button->text())
                                                        .arg(r.x())
                                                        .arg(r.y())));
        }
        if (!qEnvironmentVariableIsEmpty("SP_SCREENSHOT_DIR"))
            wizard->grab().save(qEnvironmentVariable("SP_SCREENSHOT_DIR") + QStringLiteral("/small-wizard-") +
                                QLatin1String(what) + QStringLiteral(".png"));
    };
    onScreen("strategy");
    QVERIFY(wizard->advanceTo(ExpansionWizard::TargetPageId));
    auto *target = qobject_cast<TargetPage *>(wizard->currentPage());
    QVERIFY(target);
    QTRY_VERIFY(!target->isGuessing());
    auto *urls = test::findNamed<QTableWidget>(wizard, "targetUrls");
    for (int r = 0; urls && r < urls->rowCount(); ++r)
        if (urls->item(r, 1)->text().isEmpty())
            urls->item(r, 1)->setText(
                QStringLiteral("jdbc:mysql://new-%1:3306/shop").arg(urls->item(r, 0)->text()));
    onScreen("target");
    QVERIFY(wizard->advanceTo(ExpansionWizard::MovesPageId));
    QTRY_VERIFY_WITH_TIMEOUT(wizard->plan().has_value() && !wizard->isPlanning(), 60000);
    onScreen("moves");
    QVERIFY(wizard->advanceTo(ExpansionWizard::WarningsPageId));
    onScreen("warnings");
    QVERIFY(wizard->advanceTo(ExpansionWizard::ExportPageId));
    onScreen("export");
    wizard->reject();
}

void TestSmallScreen::planningChartLabelsInFull_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addRow("1024x640") << QSize(1024, 640);
    QTest::addRow("1280x800") << QSize(1280, 800);
    QTest::addRow("1600x1000") << QSize(1600, 1000);
}

void TestSmallScreen::planningChartLabelsInFull()
{
    QFETCH(QSize, size);
    const auto window = test::makeMainWindow(m_dir);
    window->context()->setPreferences(30000000, 0);
    window->resize(size);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    auto *planning = qobject_cast<PlanningPage *>(window->page(QStringLiteral("planning")));
    QVERIFY(planning);
    window->showPage(QStringLiteral("planning"));
    QSignalSpy computed(planning, &PlanningPage::computed);
    QVERIFY(window->openConfig(test::examplePath(QStringLiteral("fsharechat-crc32.yaml"))));
    QTRY_VERIFY_WITH_TIMEOUT(computed.size() >= 1 && !planning->isBusy(), 60000);
    // Every text the charts draw: none elided (Qt Charts cuts a label that does not fit to "...").
    const auto check = [&](const QString &shot) {
        QTest::qWait(200);
        if (!qEnvironmentVariableIsEmpty("SP_SCREENSHOT_DIR")) {
            window->grab().save(qEnvironmentVariable("SP_SCREENSHOT_DIR") + QLatin1Char('/') + shot);
            planning->barChart()->grab().save(qEnvironmentVariable("SP_SCREENSHOT_DIR") +
                                              QStringLiteral("/bars-") + shot);
            planning->ringChart()->grab().save(qEnvironmentVariable("SP_SCREENSHOT_DIR") +
                                               QStringLiteral("/ring-") + shot);
        }
        QStringList elided;
        int labels = 0;
        for (QChartView *view : planning->findChildren<QChartView *>()) {
            if (!view->isVisibleTo(planning))
                continue;
            for (QGraphicsItem *item : view->scene()->items()) {
                QString text;
                if (auto *t = dynamic_cast<QGraphicsTextItem *>(item))
                    text = t->toPlainText();
                else if (auto *st = dynamic_cast<QGraphicsSimpleTextItem *>(item))
                    text = st->text();
                if (text.isEmpty() || !item->isVisible())
                    continue;
                ++labels;
                if (text.contains(QStringLiteral("...")) || text.contains(QChar(0x2026)))
                    elided << view->objectName() + QStringLiteral(": ") + text;
            }
        }
        QVERIFY(labels > 10);
        QVERIFY2(elided.isEmpty(), qPrintable(elided.join(QLatin1Char('\n'))));
    };
    const QString tag = QString::fromLatin1(QTest::currentDataTag());
    check(QStringLiteral("planning-%1.png").arg(tag));

    // With row counts (one server unreachable): the rows chart and its longer title too.
    ClusterSnapshot snap;
    snap.configPath = window->context()->configPath();
    snap.takenAt = QDateTime::currentDateTimeUtc();
    for (const TableRule &t : window->context()->config().tables)
        for (const DataNode &n : t.dataNodes) {
            TableStats ts;
            ts.node = n;
            ts.logicTable = t.logicTable;
            ts.estimatedRows = n.dataSource == QLatin1String("db2") ? -1 : 25000;
            snap.tables << ts;
        }
    window->context()->setSnapshot(snap);
    QTRY_VERIFY_WITH_TIMEOUT(computed.size() >= 2 && !planning->isBusy(), 60000);
    check(QStringLiteral("planning-rows-%1.png").arg(tag));
}

int main(int argc, char **argv)
{
    // A screen of 1024x640: the offscreen platform reads its screens from a file.
    QTemporaryDir config;
    const QString file = config.filePath(QStringLiteral("screen.json"));
    {
        QFile f(file);
        if (!f.open(QIODevice::WriteOnly))
            return 2;
        f.write(R"({"screens": [{"name": "small", "x": 0, "y": 0, "width": 1024, "height": 640,
                     "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})");
    }
    qputenv("QT_QPA_PLATFORM", QByteArray("offscreen:configfile=") + QFile::encodeName(file));
    QApplication app(argc, argv);
    TestSmallScreen test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_smallscreen.moc"
