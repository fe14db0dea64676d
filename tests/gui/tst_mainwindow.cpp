// Main window: pages, navigation, shortcuts, opening configs, recent files, findings, state saving.
#include "GuiTestSupport.h"
#include "core/cluster/BuildInfo.h"
#include "core/config/AppPaths.h"
#include "ui/AppContext.h"
#include "ui/Diagnostics.h"
#include "ui/KeychainDialog.h"
#include "ui/models/WhatIfModel.h"
#include "ui/pages/EditorPage.h"
#include "ui/pages/PlanningPage.h"
#include "ui/pages/WelcomePage.h"
#include "ui/widgets/YamlEditor.h"

#include "core/config/ConfigLoader.h"
#include "core/planning/ExpansionStrategy.h"

#include <QComboBox>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>

#include <QAction>
#include <QClipboard>
#include <QComboBox>
#include <QDialog>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTextEdit>
#include <QToolBar>
#include <QToolButton>
#include <QTreeView>
#include <QTreeWidget>

using namespace sp;
using namespace sp::ui;

class TestMainWindow final : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void pages();
    void viewShortcuts_data();
    void viewShortcuts();
    void openExample_data();
    void openExample();
    void openBrokenFile();
    void savedErrorsReachEveryPage();
    void smallScreens_data();
    void smallScreens();
    void recentFilesDoubleClick();
    void stateSaved();
    void welcomeExamplesExist();
    void aboutAndDiagnostics();
    void credentialsPerCluster();
    void openPlanAndRestore();
    void configFollowsTheFile();
    void editsSurviveASwitch();
    void pageShortcuts_data();
    void pageShortcuts();
    void reopensMaximized();
    void firstStartFitsTheScreen();

private:
    // A copy of the corrected example (db0..db3, servers on closed local ports) and the text the
    // mod-double plan's T6 writes over it (db0..db7).
    QString copyCrc32(const QString &name, QByteArray *switched = nullptr);
    static void writeAtomically(const QString &path, const QByteArray &text);
    QStringList findingTexts() const;

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TestMainWindow::init()
{
    QVERIFY(m_dir.isValid());
    m_window.reset(); // its settings flush on destruction
    QFile::remove(m_dir.filePath(QStringLiteral("settings.ini")));
    m_window = test::makeMainWindow(m_dir);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestMainWindow::pages()
{
    const QStringList expected{QStringLiteral("welcome"), QStringLiteral("topology"), QStringLiteral("dashboard"),
                               QStringLiteral("history"), QStringLiteral("routing"), QStringLiteral("editor"),
                               QStringLiteral("planning"), QStringLiteral("migration"), QStringLiteral("health")};
    QCOMPARE(m_window->pageIds(), expected);
    auto *nav = test::findNamed<QListWidget>(m_window.get(), "navigation");
    auto *stack = test::findNamed<QStackedWidget>(m_window.get(), "pages");
    QVERIFY(nav && stack);
    QCOMPARE(nav->count(), 9);
    QCOMPARE(stack->count(), 9);
    QCOMPARE(m_window->currentPageId(), QStringLiteral("welcome"));
    // Clicking a navigation entry switches the page.
    const QRect r = nav->visualItemRect(nav->item(4));
    QTest::mouseClick(nav->viewport(), Qt::LeftButton, {}, r.center());
    QTRY_COMPARE(m_window->currentPageId(), QStringLiteral("routing"));
    // Each page sits in its own scroll area (small screens).
    auto *scroll = qobject_cast<QScrollArea *>(stack->currentWidget());
    QVERIFY(scroll && scroll->widget());
    QCOMPARE(scroll->widget()->objectName(), QStringLiteral("routingPage"));
    QCOMPARE(scroll->widget(), m_window->page(QStringLiteral("routing")));
}

void TestMainWindow::viewShortcuts_data()
{
    QTest::addColumn<int>("key");
    QTest::addColumn<QString>("page");
    QTest::addRow("Ctrl+2") << int(Qt::Key_2) << QStringLiteral("topology");
    QTest::addRow("Ctrl+5") << int(Qt::Key_5) << QStringLiteral("routing");
    QTest::addRow("Ctrl+1") << int(Qt::Key_1) << QStringLiteral("welcome");
    QTest::addRow("Ctrl+6") << int(Qt::Key_6) << QStringLiteral("editor");
    QTest::addRow("Ctrl+7") << int(Qt::Key_7) << QStringLiteral("planning");
    QTest::addRow("Ctrl+8") << int(Qt::Key_8) << QStringLiteral("migration");
    QTest::addRow("Ctrl+9") << int(Qt::Key_9) << QStringLiteral("health");
}

void TestMainWindow::viewShortcuts()
{
    QFETCH(int, key);
    QFETCH(QString, page);
    m_window->showPage(page == QLatin1String("welcome") ? QStringLiteral("history") : QStringLiteral("welcome"));
    m_window->activateWindow();
    QTest::keyClick(m_window.get(), Qt::Key(key), Qt::ControlModifier);
    QTRY_COMPARE(m_window->currentPageId(), page);
}

void TestMainWindow::openExample_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("tables");
    QTest::addColumn<bool>("hasErrors");
    QTest::addRow("crc32") << QStringLiteral("fsharechat-crc32.yaml") << 6 << false;
    QTest::addRow("reference") << QStringLiteral("fsharechat-reference.yaml") << -1 << false;
    QTest::addRow("native") << QStringLiteral("native-algorithms.yaml") << -1 << false;
}

void TestMainWindow::openExample()
{
    QFETCH(QString, file);
    QFETCH(int, tables);
    QFETCH(bool, hasErrors);
    const QString path = test::examplePath(file);
    QSignalSpy changed(m_window->context(), &AppContext::configChanged);
    QCOMPARE(m_window->openConfig(path), !hasErrors);
    QCOMPARE(changed.size(), 1);
    QCOMPARE(m_window->context()->configPath(), path);
    QVERIFY(m_window->context()->config().tables.size() > 0);
    if (tables >= 0)
        QCOMPARE(m_window->context()->config().tables.size(), tables);
    // Opening from the welcome page moves on to the topology.
    QCOMPARE(m_window->currentPageId(), QStringLiteral("topology"));
    QVERIFY(m_window->windowTitle().contains(file));
    // Every loader and lint finding is listed.
    auto *findings = test::findNamed<QListWidget>(m_window.get(), "findingsList");
    QVERIFY(findings);
    QCOMPARE(findings->count(),
             m_window->context()->load().diagnostics.size() + m_window->context()->lintFindings().size());
    QCOMPARE(m_window->settings()->recentFiles().value(0), QFileInfo(path).absoluteFilePath());
}

void TestMainWindow::openBrokenFile()
{
    const QString path = m_dir.filePath(QStringLiteral("broken.yaml"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("dataSources: [\n  unclosed\n");
    f.close();
    QVERIFY(!m_window->openConfig(path));
    auto *findings = test::findNamed<QListWidget>(m_window.get(), "findingsList");
    QVERIFY(findings->count() >= 1);
    QVERIFY(findings->item(0)->text().contains(QStringLiteral("broken.yaml")));
    QVERIFY(m_window->context()->lintFindings().isEmpty()); // not linted when it does not load
}

void TestMainWindow::savedErrorsReachEveryPage()
{
    // A clean config, then sharding-count 8 on the 4-source database algorithm, saved in the editor:
    // the findings dock, the save confirmation and the planning page all see the editor's errors.
    const QString path = m_dir.filePath(QStringLiteral("eight.yaml"));
    QFile::remove(path);
    QVERIFY(QFile::copy(test::examplePath(QStringLiteral("fsharechat-crc32.yaml")), path));
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    QVERIFY(m_window->openConfig(path));
    auto *findings = test::findNamed<QListWidget>(m_window.get(), "findingsList");
    auto errorItems = [findings] {
        int n = 0;
        for (int i = 0; i < findings->count(); ++i)
            n += findings->item(i)->text().contains(QLatin1String("error"), Qt::CaseInsensitive) ? 1 : 0;
        return n;
    };
    QCOMPARE(errorItems(), 0);

    auto *editor = qobject_cast<EditorPage *>(m_window->page(QStringLiteral("editor")));
    QVERIFY(editor);
    m_window->showPage(QStringLiteral("editor"));
    QByteArray text = editor->editor()->bytes();
    const qsizetype at = text.indexOf("sharding-count: 4");
    QVERIFY(at > 0);
    text.replace(at, 17, "sharding-count: 8");
    QSignalSpy linted(editor, &EditorPage::lintFinished);
    editor->editor()->setText(QString::fromUtf8(text));
    editor->lintNow();
    QTRY_VERIFY(linted.size() >= 1 && editor->findings().size() > 0);
    QStringList editorErrors;
    for (const Diagnostic &d : editor->findings())
        if (d.severity == Severity::Error)
            editorErrors << d.toString();
    QVERIFY(!editorErrors.isEmpty());

    QString note;
    bool dialogSeen = false;
    test::onModal([&](QWidget *w) {
        dialogSeen = w->objectName() == QLatin1String("saveDiffDialog");
        if (auto *label = w->findChild<QLabel *>(QStringLiteral("saveDiffErrors")))
            note = label->text();
        static_cast<QDialog *>(w)->accept();
    });
    QVERIFY(editor->save());
    QVERIFY(dialogSeen);
    QVERIFY2(note.contains(QString::number(editorErrors.size())) && note.contains(QLatin1String("error")),
             qPrintable(note));
    // The status bar counts the saved text's errors, as it counted the opened one's.
    QVERIFY2(m_window->statusBar()->currentMessage().contains(
                 QStringLiteral("%1 error(s)").arg(m_window->context()->errorCount())) &&
                 m_window->context()->errorCount() > 0,
             qPrintable(m_window->statusBar()->currentMessage()));

    // The dock lists exactly what the editor lists.
    QStringList dockErrors;
    for (int i = 0; i < findings->count(); ++i)
        dockErrors << findings->item(i)->text();
    for (const QString &e : std::as_const(editorErrors))
        QVERIFY2(dockErrors.contains(e),
                 qPrintable(e + QStringLiteral(" not in the dock: ") + dockErrors.join(QLatin1Char('|'))));
    QCOMPARE(findings->count(), editor->findings().size());

    // Planning gives no verdicts on it and says why.
    m_window->showPage(QStringLiteral("planning"));
    auto *planning = qobject_cast<PlanningPage *>(m_window->page(QStringLiteral("planning")));
    auto *error = test::findNamed<QLabel>(planning, "planningError");
    QTRY_VERIFY(error->isVisible());
    QTRY_VERIFY(!planning->isBusy());
    QTest::qWait(200); // a comparison, if one were (wrongly) started, would have finished by now
    QTRY_VERIFY(!planning->isBusy());
    QVERIFY2(error->isVisible() && error->text().contains(QString::number(editorErrors.size())),
             qPrintable(error->text()));
    QVERIFY(!planning->report().has_value());
    QCOMPARE(planning->model()->rowCount(), 0);
}

void TestMainWindow::smallScreens_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<QString>("page");
    QTest::addColumn<QStringList>("controls");
    const QStringList dashboard{QStringLiteral("logicTableCombo"),   QStringLiteral("metricCombo"),
                                QStringLiteral("heatmapScaleCombo"), QStringLiteral("refreshButton"),
                                QStringLiteral("heatmap"),           QStringLiteral("skewVerdict"),
                                QStringLiteral("nodeDetails"),       QStringLiteral("rowsChart")};
    QTest::addRow("editor 1024x600") << QSize(1024, 600) << QStringLiteral("editor")
                                     << QStringList{QStringLiteral("yamlEditor"),
                                                    QStringLiteral("formDataSourceApply"),
                                                    QStringLiteral("formAlgorithmApply"),
                                                    QStringLiteral("formShardingCount"),
                                                    QStringLiteral("formTableApply"),
                                                    QStringLiteral("lintPanel")};
    QTest::addRow("planning 1024x600")
        << QSize(1024, 600) << QStringLiteral("planning")
        << QStringList{QStringLiteral("planWizardButton"), QStringLiteral("whatIfTable"),
                       QStringLiteral("shareChart"), QStringLiteral("ringBalanceChart"),
                       QStringLiteral("ringMaxVirtualNodes")};
    QTest::addRow("dashboard 1024x600") << QSize(1024, 600) << QStringLiteral("dashboard") << dashboard;
    QTest::addRow("dashboard 640x420") << QSize(640, 420) << QStringLiteral("dashboard") << dashboard;
}

void TestMainWindow::smallScreens()
{
    QFETCH(QSize, size);
    QFETCH(QString, page);
    QFETCH(QStringList, controls);
    QVERIFY(m_window->openConfig(test::examplePath(QStringLiteral("fsharechat-crc32.yaml"))));
    // Counts for the dashboard: one table ten times the others, one node of t_user hot.
    ClusterSnapshot snap;
    snap.takenAt = QDateTime::currentDateTimeUtc();
    for (const TableRule &t : m_window->context()->config().tables)
        for (const DataNode &n : t.dataNodes) {
            TableStats ts;
            ts.node = n;
            ts.logicTable = t.logicTable;
            ts.estimatedRows = t.logicTable == QLatin1String("t_messages")
                                   ? 10000
                                   : 1000 + (n.table.endsWith(QLatin1Char('1')) ? 2000 : 0);
            snap.tables << ts;
        }
    m_window->context()->setSnapshot(snap);
    m_window->showPage(page);
    m_window->resize(size);
    QTest::qWait(200);
    if (auto *planning = qobject_cast<PlanningPage *>(m_window->page(page))) {
        QTRY_VERIFY_WITH_TIMEOUT(planning->report().has_value() && !planning->isBusy(), 60000);
        QTest::qWait(100);
    }
    // The window is not forced past the screen it was sized for.
    QCOMPARE(m_window->size(), size);
    if (QString dir = qEnvironmentVariable("SP_SCREENSHOT_DIR"); !dir.isEmpty())
        m_window->grab().save(
            QStringLiteral("%1/%2-%3x%4.png").arg(dir, page).arg(size.width()).arg(size.height()));
    // The page fits the width: at most a vertical scroll bar.
    auto *pageScroll = m_window->findChild<QScrollArea *>(QStringLiteral("pageScroll_") + page);
    QVERIFY(pageScroll);
    QCOMPARE(pageScroll->horizontalScrollBar()->maximum(), 0);
    // Every control can be reached (scrolled to) and is then shown whole, at its minimum size or more.
    for (const QString &name : std::as_const(controls)) {
        QWidget *w = m_window->page(page)->findChild<QWidget *>(name);
        QVERIFY2(w && w->isVisible(), qPrintable(name));
        for (QWidget *a = w->parentWidget(); a; a = a->parentWidget()) // innermost scroll area first
            if (auto *scroll = qobject_cast<QScrollArea *>(a)) {
                // ensureWidgetVisible() trusts a QGraphicsView's (chart's) cursor rectangle: use the rect.
                const QPoint c = w->mapTo(scroll->widget(), w->rect().center());
                scroll->ensureVisible(c.x(), c.y(), w->width() / 2 + 1, w->height() / 2 + 1);
            }
        QTest::qWait(20);
        // What the ancestors' rectangles leave of it (visibleRegion() would also drop opaque children).
        QRect clip(w->mapTo(m_window.get(), QPoint()), w->size());
        for (QWidget *a = w->parentWidget(); a; a = a->parentWidget())
            clip &= QRect(a == m_window.get() ? QPoint() : a->mapTo(m_window.get(), QPoint()), a->size());
        const QSize shown = clip.size();
        const QSize want(std::min(w->width(), 200), std::min(w->height(), 100));
        QVERIFY2(shown.width() >= want.width() && shown.height() >= want.height(),
                 qPrintable(QStringLiteral("%1: %2x%3 of %4x%5 visible")
                                .arg(name)
                                .arg(shown.width())
                                .arg(shown.height())
                                .arg(w->width())
                                .arg(w->height())));
        QVERIFY2(w->width() >= std::min(w->minimumSizeHint().width(), 200) &&
                     w->height() >= w->minimumSizeHint().height(),
                 qPrintable(name + QStringLiteral(" squeezed below its minimum")));
    }
    if (page != QLatin1String("dashboard"))
        return;
    // Skew texts never lie on top of each other.
    const QList<QLabel *> labels =
        m_window->findChild<QWidget *>(QStringLiteral("skewPanel"))->findChildren<QLabel *>();
    for (int i = 0; i < labels.size(); ++i)
        for (int j = i + 1; j < labels.size(); ++j) {
            if (!labels.at(i)->isVisible() || !labels.at(j)->isVisible() || labels.at(i)->text().isEmpty() ||
                labels.at(j)->text().isEmpty())
                continue;
            const QRect a(labels.at(i)->mapTo(m_window.get(), QPoint()), labels.at(i)->size());
            const QRect b(labels.at(j)->mapTo(m_window.get(), QPoint()), labels.at(j)->size());
            QVERIFY2(!a.intersects(b),
                     qPrintable(labels.at(i)->text() + QStringLiteral(" / ") + labels.at(j)->text()));
        }
    // All tables: row labels that fit, none overlapping, every logic table named.
    auto *combo = m_window->findChild<QComboBox *>(QStringLiteral("logicTableCombo"));
    combo->setCurrentIndex(combo->findData(QString()));
    QTest::qWait(50);
    QWidget *heatmap = m_window->findChild<QWidget *>(QStringLiteral("heatmap"));
    const QStringList texts = heatmap->property("rowLabelTexts").toStringList();
    const QVariantList rects = heatmap->property("rowLabelRects").toList();
    QCOMPARE(texts.size(), rects.size());
    for (int i = 1; i < rects.size(); ++i)
        QVERIFY2(rects.at(i - 1).toRectF().bottom() <= rects.at(i).toRectF().top() + 0.5,
                 qPrintable(texts.at(i - 1) + QStringLiteral(" / ") + texts.at(i)));
    for (const TableRule &t : m_window->context()->config().tables) {
        if (m_window->context()->config().isBroadcast(t.logicTable))
            continue;
        bool named = false;
        for (QString text : texts) // a narrow label area elides on the left
            named = named || text.contains(t.logicTable) ||
                    (text.startsWith(QChar(0x2026)) && t.logicTable.endsWith(text.mid(1)) && text.size() > 3);
        QVERIFY2(named,
                 qPrintable(t.logicTable + QStringLiteral(" not named: ") + texts.join(QLatin1Char('|'))));
    }
}

void TestMainWindow::recentFilesDoubleClick()
{
    const QString a = test::examplePath(QStringLiteral("fsharechat-crc32.yaml"));
    const QString b = test::examplePath(QStringLiteral("native-algorithms.yaml"));
    m_window->openConfig(a);
    m_window->openConfig(b);
    m_window->showPage(QStringLiteral("welcome"));
    auto *recent = test::findNamed<QListWidget>(m_window.get(), "recentList");
    QVERIFY(recent);
    QCOMPARE(recent->count(), 2);
    QCOMPARE(recent->item(0)->data(Qt::UserRole).toString(), QFileInfo(b).absoluteFilePath());
    QCOMPARE(recent->item(1)->data(Qt::UserRole).toString(), QFileInfo(a).absoluteFilePath());
    const QRect r = recent->visualItemRect(recent->item(1));
    QTest::mouseClick(recent->viewport(), Qt::LeftButton, {}, r.center());
    QTest::mouseDClick(recent->viewport(), Qt::LeftButton, {}, r.center());
    QTRY_COMPARE(m_window->context()->configPath(), QFileInfo(a).absoluteFilePath());
    // Most recent first again.
    QTRY_COMPARE(recent->item(0)->data(Qt::UserRole).toString(), QFileInfo(a).absoluteFilePath());
}

void TestMainWindow::stateSaved()
{
    m_window->resize(900, 700);
    m_window->close();
    Settings reread(m_dir.filePath(QStringLiteral("settings.ini")));
    QVERIFY(!reread.windowGeometry().isEmpty());
    QVERIFY(!reread.windowState().isEmpty());
    auto again = test::makeMainWindow(m_dir);
    // Window managers add frames; the restored size is the saved one give or take the frame.
    QVERIFY2(qAbs(again->width() - 900) < 40 && qAbs(again->height() - 700) < 60,
             qPrintable(QStringLiteral("%1x%2").arg(again->width()).arg(again->height())));
}


// The welcome page offers the installed examples (AppPaths), not compiled-in copies.
void TestMainWindow::welcomeExamplesExist()
{
    const auto examples = WelcomePage::examples();
    QCOMPARE(examples.size(), 3);
    for (const auto &[label, path] : examples) {
        QVERIFY2(path.startsWith(AppPaths::examplesDir()), qPrintable(path));
        QVERIFY2(QFileInfo::exists(path), qPrintable(path));
    }
}

// About names ShardPilot's, Qt's and the MariaDB client library's versions; Help > Copy
// diagnostics puts them and the paths in use on the clipboard, never a password of the config.
void TestMainWindow::aboutAndDiagnostics()
{
    const BuildInfo info = buildInfo();
    QVERIFY(!info.version.isEmpty());
    QVERIFY(!info.mariadbClient.isEmpty());
    const QString about = m_window->aboutText();
    QVERIFY2(about.contains(info.version), qPrintable(about));
    QVERIFY2(about.contains(QString::fromLatin1(qVersion())), qPrintable(about));
    QVERIFY2(about.contains(info.mariadbClient), qPrintable(about));
    QVERIFY(!about.contains(QStringLiteral("Servers at the last refresh"))); // not connected

    const QString config = test::sourcePath(QStringLiteral("tests/data/lint/lint-errors.yaml"));
    QVERIFY(QFile(config).open(QIODevice::ReadOnly));
    m_window->openConfig(config);
    QCOMPARE(m_window->context()->configPath(), config);

    auto *action = m_window->findChild<QAction *>(QStringLiteral("actionCopyDiagnostics"));
    QVERIFY(action);
    QGuiApplication::clipboard()->clear();
    action->trigger();
    const QString text = QGuiApplication::clipboard()->text();
    QCOMPARE(text, diagnosticsText(m_window->context(), m_window->settings()));
    QVERIFY2(text.contains(QStringLiteral("MariaDB Connector/C ") + info.mariadbClient), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Qt ") + QString::fromLatin1(qVersion())), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("translations: ") + AppPaths::translationsDir()), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("config: ") + config), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Servers: not connected")), qPrintable(text));
    // The config holds a password and JDBC urls; neither reaches the clipboard.
    QVERIFY2(!text.contains(QStringLiteral("not-a-real-secret")), qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("jdbc:")), qPrintable(text));
}

// Credentials belong to the open cluster: a sandbox's app.cnf for its config only, the keychain
// when the setting is on, nothing process-wide.
void TestMainWindow::credentialsPerCluster()
{
    QTemporaryDir a;
    QTemporaryDir b;
    for (QTemporaryDir *d : {&a, &b}) {
        QVERIFY(QFile::copy(test::examplePath(QStringLiteral("fsharechat-crc32.yaml")), d->filePath(QStringLiteral("cluster.yaml"))));
        QFile marker(d->filePath(QStringLiteral("sandbox.json")));
        QVERIFY(marker.open(QIODevice::WriteOnly));
        QFile cnf(d->filePath(QStringLiteral("app.cnf")));
        QVERIFY(cnf.open(QIODevice::WriteOnly));
    }
    QVERIFY(m_window->openConfig(a.filePath(QStringLiteral("cluster.yaml"))));
    QCOMPARE(m_window->context()->credentials().defaultsFile, a.filePath(QStringLiteral("app.cnf")));
    QVERIFY(m_window->context()->credentials().secretStore); // keychain on by default
    QCOMPARE(m_window->context()->inspectionOptions().credentials.defaultsFile, a.filePath(QStringLiteral("app.cnf")));
    QVERIFY(m_window->openConfig(b.filePath(QStringLiteral("cluster.yaml"))));
    QCOMPARE(m_window->context()->credentials().defaultsFile, b.filePath(QStringLiteral("app.cnf")));
    QVERIFY(qEnvironmentVariableIsEmpty("SHARDPILOT_DEFAULTS_FILE"));
    // Not a sandbox: no option file of its own; keychain off in the settings: no store.
    m_window->settings()->setUseKeychain(false);
    QVERIFY(m_window->openConfig(test::examplePath(QStringLiteral("fsharechat-crc32.yaml"))));
    QVERIFY(m_window->context()->credentials().defaultsFile.isEmpty());
    QVERIFY(!m_window->context()->credentials().secretStore);

    // The keychain dialog names the account the credential chain looks up.
    KeychainDialog dialog(m_window->context()->config(), nullptr);
    auto *ds = dialog.findChild<QComboBox *>(QStringLiteral("keychainDataSource"));
    auto *user = dialog.findChild<QLineEdit *>(QStringLiteral("keychainUser"));
    auto *account = dialog.findChild<QLabel *>(QStringLiteral("keychainAccount"));
    QVERIFY(ds && user && account);
    QCOMPARE(ds->count(), m_window->context()->config().dataSources.size());
    const DataSourceDef &first = m_window->context()->config().dataSources.constFirst();
    user->setText(QStringLiteral("dba"));
    QCOMPARE(account->text(), QStringLiteral("dba@") + first.host + QLatin1Char(':') + QString::number(first.port));
}

// A plan could not be reopened (File had no way to open plan.json) and after a restart the
// migration page had no plan.
void TestMainWindow::openPlanAndRestore()
{
    QTemporaryDir dir;
    const QString config = dir.filePath(QStringLiteral("cluster.yaml"));
    QVERIFY(QFile::copy(test::examplePath(QStringLiteral("fsharechat-crc32.yaml")), config));
    QFile f(config);
    QVERIFY(f.open(QIODevice::ReadOnly));
    planning::PlanInput in;
    in.configPath = config;
    in.configText = f.readAll();
    in.config = ConfigLoader::loadText(in.configText, config).config;
    in.request.strategy = planning::StrategyId::ModDouble;
    const planning::PlanOutcome out = planning::makePlan(in);
    QVERIFY2(out.plan, qPrintable(out.error));
    const QString planPath = dir.filePath(QStringLiteral("plan.json"));
    {
        QFile p(planPath);
        QVERIFY(p.open(QIODevice::WriteOnly));
        p.write(QJsonDocument(out.plan->toJson()).toJson());
    }
    QFile junk(dir.filePath(QStringLiteral("junk.json")));
    QVERIFY(junk.open(QIODevice::WriteOnly));
    junk.write("{\"not\": \"a plan\"}");
    junk.close();
    QVERIFY(!m_window->openPlan(junk.fileName()));
    QVERIFY(!m_window->context()->plan().has_value());

    QVERIFY(m_window->findChild<QAction *>(QStringLiteral("actionOpenPlan")));
    QVERIFY(m_window->openPlan(planPath));
    QCOMPARE(m_window->context()->configPath(), config); // the plan's config was opened
    QVERIFY(m_window->context()->plan().has_value());
    QCOMPARE(m_window->context()->plan()->toJson(), out.plan->toJson());
    QCOMPARE(m_window->currentPageId(), QStringLiteral("migration"));

    // A restart: a new window on the same settings gets the plan back with the config.
    m_window.reset();
    auto again = test::makeMainWindow(m_dir);
    QVERIFY(!again->context()->plan().has_value());
    again->openConfig(config);
    QVERIFY(again->context()->plan().has_value());
    QCOMPARE(again->context()->plan()->toJson(), out.plan->toJson());
}

QString TestMainWindow::copyCrc32(const QString &name, QByteArray *switched)
{
    QFile in(test::examplePath(QStringLiteral("fsharechat-crc32.yaml")));
    if (!in.open(QIODevice::ReadOnly))
        return {};
    QString text = QString::fromUtf8(in.readAll());
    for (int i = 0; i < 4; ++i)
        text.replace(QStringLiteral("jdbc:mysql://mysql-%1:3306/").arg(i),
                     QStringLiteral("jdbc:mysql://127.0.0.1:%1/").arg(i + 1));
    const QString path = m_dir.filePath(name);
    QFile::remove(path);
    writeAtomically(path, text.toUtf8());
    if (switched) {
        planning::PlanInput plan;
        plan.configPath = path;
        plan.configText = text.toUtf8();
        plan.config = ConfigLoader::loadText(plan.configText, path).config;
        plan.request.strategy = planning::StrategyId::ModDouble;
        const planning::PlanOutcome out = planning::makePlan(plan);
        if (!out.plan)
            return {};
        *switched = out.plan->newConfigText.toUtf8();
    }
    return path;
}

void TestMainWindow::writeAtomically(const QString &path, const QByteArray &text)
{
    // As T6 writes the config: a new file renamed over the old one.
    QSaveFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
    QVERIFY(f.commit());
}

QStringList TestMainWindow::findingTexts() const
{
    auto *findings = m_window->findChild<QListWidget *>(QStringLiteral("findingsList"));
    QStringList out;
    for (int i = 0; findings && i < findings->count(); ++i)
        out << findings->item(i)->text();
    return out;
}

// One current config: the open file rewritten on disk (a run's T6 does it, its rollback too) moves
// every page to the new text at once, and the plan handed over stays.
void TestMainWindow::configFollowsTheFile()
{
    QByteArray switched;
    const QString path = copyCrc32(QStringLiteral("follow.yaml"), &switched);
    QVERIFY(!path.isEmpty() && switched.contains("db7:"));
    const QByteArray original = [&path] {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }();
    QVERIFY(m_window->openConfig(path));
    AppContext *ctx = m_window->context();
    ctx->setPlan(planning::ExpansionPlan{});
    QCOMPARE(ctx->config().dataSources.size(), 4);
    QVERIFY2(findingTexts().join(QLatin1Char('\n')).contains(QLatin1String("every data source (4)")),
             qPrintable(findingTexts().join(QLatin1Char('\n'))));
    auto *editor = qobject_cast<EditorPage *>(m_window->page(QStringLiteral("editor")));
    QCOMPARE(editor->editor()->bytes(), original);

    writeAtomically(path, switched); // the switch
    QTRY_COMPARE_WITH_TIMEOUT(ctx->config().dataSources.size(), 8, 5000);
    QVERIFY(ctx->plan().has_value());
    QCOMPARE(ctx->configPath(), path);
    const QString findings = findingTexts().join(QLatin1Char('\n'));
    QVERIFY2(findings.contains(QLatin1String("every data source (8)")) &&
                 !findings.contains(QLatin1String("every data source (4)")),
             qPrintable(findings));
    QCOMPARE(editor->editor()->bytes(), switched);
    QVERIFY(!editor->editor()->isModified());
    auto *topology = test::findNamed<QTreeView>(m_window->page(QStringLiteral("topology")), "topologyTree");
    QVERIFY(!topology->model()
                 ->match(topology->model()->index(0, 0), Qt::DisplayRole, QStringLiteral("db7"), 1,
                         Qt::MatchRecursive | Qt::MatchStartsWith)
                 .isEmpty());
    QVERIFY2(m_window->statusBar()->currentMessage().contains(QLatin1String("instead of 4")),
             qPrintable(m_window->statusBar()->currentMessage()));

    writeAtomically(path, original); // a rollback puts the old one back
    QTRY_COMPARE_WITH_TIMEOUT(ctx->config().dataSources.size(), 4, 5000);
    QCOMPARE(editor->editor()->bytes(), original);
    QVERIFY(findingTexts().join(QLatin1Char('\n')).contains(QLatin1String("every data source (4)")));
    QVERIFY(ctx->plan().has_value());
}

// Unsaved edits of the old text when the switch lands: kept and said; saving asks, names the data
// sources it would remove, and writes nothing unless told to.
void TestMainWindow::editsSurviveASwitch()
{
    QByteArray switched;
    const QString path = copyCrc32(QStringLiteral("edits.yaml"), &switched);
    QVERIFY(!path.isEmpty());
    QVERIFY(m_window->openConfig(path));
    m_window->showPage(QStringLiteral("editor"));
    auto *editor = qobject_cast<EditorPage *>(m_window->page(QStringLiteral("editor")));
    editor->editor()->append(QStringLiteral("# an edit of the old text\n"));
    const QByteArray mine = editor->editor()->bytes();

    writeAtomically(path, switched);
    AppContext *ctx = m_window->context();
    QTRY_COMPARE_WITH_TIMEOUT(ctx->config().dataSources.size(), 8, 5000);
    QCOMPARE(editor->editor()->bytes(), mine);
    QVERIFY(test::findNamed<QWidget>(editor, "editorChangedBanner")->isVisible());
    if (!qEnvironmentVariableIsEmpty("SHARDPILOT_SCREENSHOT_DIR"))
        m_window->grab().save(qEnvironmentVariable("SHARDPILOT_SCREENSHOT_DIR") + QStringLiteral("/editor-changed.png"));

    QStringList seen;
    test::onModal([&seen](QWidget *w) {
        seen << w->windowTitle();
        test::onModal([&seen](QWidget *diff) {
            auto *removed = diff->findChild<QLabel *>(QStringLiteral("saveDiffRemoved"));
            seen << (removed ? removed->text() : QStringLiteral("(nothing named)"));
            if (!qEnvironmentVariableIsEmpty("SHARDPILOT_SCREENSHOT_DIR"))
                diff->grab().save(qEnvironmentVariable("SHARDPILOT_SCREENSHOT_DIR") +
                                  QStringLiteral("/editor-save-removes.png"));
            static_cast<QDialog *>(diff)->reject();
        });
        static_cast<QMessageBox *>(w)->button(QMessageBox::Yes)->click();
    });
    QVERIFY(!editor->save());
    QTRY_COMPARE_WITH_TIMEOUT(seen.size(), 2, 5000);
    QCOMPARE(seen.at(0), QStringLiteral("File changed on disk"));
    for (const char *ds : {"db4", "db5", "db6", "db7"})
        QVERIFY2(seen.at(1).contains(QLatin1String(ds)), qPrintable(seen.at(1)));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), switched);
    QCOMPARE(ctx->config().dataSources.size(), 8);
}

void TestMainWindow::pageShortcuts_data()
{
    QTest::addColumn<QString>("page");
    QTest::addColumn<QString>("action");
    QTest::addColumn<QKeySequence>("keys");
    QTest::addRow("dashboard F5") << QStringLiteral("dashboard") << QStringLiteral("refreshAction")
                                  << QKeySequence(QKeySequence::Refresh);
    QTest::addRow("editor Ctrl+S") << QStringLiteral("editor") << QStringLiteral("saveAction")
                                   << QKeySequence(QKeySequence::Save);
    QTest::addRow("editor Ctrl+F") << QStringLiteral("editor") << QStringLiteral("findAction")
                                   << QKeySequence(QKeySequence::Find);
    QTest::addRow("editor Ctrl+H") << QStringLiteral("editor") << QStringLiteral("replaceAction")
                                   << QKeySequence(Qt::CTRL | Qt::Key_H);
    QTest::addRow("editor Ctrl+Z") << QStringLiteral("editor") << QStringLiteral("undoAction")
                                   << QKeySequence(QKeySequence::Undo);
}

// A page's shortcuts work right after choosing the page in the navigation (the list keeps the
// focus) and while a toolbar button has it; a hidden page's do not fire.
void TestMainWindow::pageShortcuts()
{
    QFETCH(QString, page);
    QFETCH(QString, action);
    QFETCH(QKeySequence, keys);
    const QString path = copyCrc32(QStringLiteral("keys.yaml"));
    QVERIFY(m_window->openConfig(path));
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    auto *a = m_window->page(page)->findChild<QAction *>(action);
    QVERIFY(a);
    QSignalSpy triggered(a, &QAction::triggered);

    // Another page shown: its shortcut is not active.
    m_window->showPage(page == QLatin1String("editor") ? QStringLiteral("topology")
                                                       : QStringLiteral("editor"));
    auto *nav = test::findNamed<QListWidget>(m_window.get(), "navigation");
    nav->setFocus();
    QTest::keySequence(nav, keys);
    QCOMPARE(triggered.count(), 0);

    // Chosen with the mouse in the navigation, which keeps the focus.
    const int row = int(m_window->pageIds().indexOf(page));
    QTest::mouseClick(nav->viewport(), Qt::LeftButton, {}, nav->visualItemRect(nav->item(row)).center());
    QTRY_COMPARE(m_window->currentPageId(), page);
    QCOMPARE(QApplication::focusWidget(), nav);
    QTest::keySequence(nav, keys);
    QCOMPARE(triggered.count(), 1);

    // A toolbar button of the page has the focus.
    if (auto *toolbar = m_window->page(page)->findChild<QToolBar *>()) {
        QWidget *button = toolbar->widgetForAction(toolbar->actions().constFirst());
        QVERIFY(button && button->isVisible());
        button->setFocus();
        QCOMPARE(QApplication::focusWidget(), button);
        QTest::keySequence(button, keys);
        QCOMPARE(triggered.count(), 2);
    }
    if (auto *dashboard = m_window->page(QStringLiteral("dashboard"))
                              ->findChild<QPushButton *>(QStringLiteral("cancelRefreshButton")))
        dashboard->click(); // the refresh F5 started (its servers do not answer anyway)
}

// Closed maximized, reopened maximized.
void TestMainWindow::reopensMaximized()
{
    m_window->resize(1000, 700);
    QTest::qWait(50);
    m_window->showMaximized();
    QTRY_VERIFY(m_window->isMaximized());
    m_window->close();
    m_window.reset();
    auto again = test::makeMainWindow(m_dir);
    again->show();
    QVERIFY(QTest::qWaitForWindowExposed(again.get()));
    QTRY_VERIFY(again->isMaximized());
    // (The size before maximizing comes back with a window manager, checked under openbox; the
    // offscreen platform's screen is smaller than 1000x700, so it is not compared here.)
}

// A first start (no saved geometry) opens within the screen's available area.
void TestMainWindow::firstStartFitsTheScreen()
{
    const QRect area = m_window->screen()->availableGeometry();
    QVERIFY2(area.width() >= m_window->width() && area.height() >= m_window->height(),
             qPrintable(QStringLiteral("%1x%2 on %3x%4")
                            .arg(m_window->width())
                            .arg(m_window->height())
                            .arg(area.width())
                            .arg(area.height())));
    QVERIFY(area.contains(m_window->geometry().center()));
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
