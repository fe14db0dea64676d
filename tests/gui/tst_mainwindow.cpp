// Main window: pages, navigation, shortcuts, opening configs, recent files, findings, state saving.
#include "GuiTestSupport.h"
#include "core/cluster/BuildInfo.h"
#include "core/config/AppPaths.h"
#include "ui/AppContext.h"
#include "ui/Diagnostics.h"
#include "ui/models/WhatIfModel.h"
#include "ui/pages/EditorPage.h"
#include "ui/pages/PlanningPage.h"
#include "ui/pages/WelcomePage.h"
#include "ui/widgets/YamlEditor.h"

#include <QAction>
#include <QClipboard>
#include <QDialog>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QStackedWidget>
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
    void recentFilesDoubleClick();
    void stateSaved();
    void welcomeExamplesExist();
    void aboutAndDiagnostics();

private:
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
                               QStringLiteral("planning"), QStringLiteral("migration")};
    QCOMPARE(m_window->pageIds(), expected);
    auto *nav = test::findNamed<QListWidget>(m_window.get(), "navigation");
    auto *stack = test::findNamed<QStackedWidget>(m_window.get(), "pages");
    QVERIFY(nav && stack);
    QCOMPARE(nav->count(), 8);
    QCOMPARE(stack->count(), 8);
    QCOMPARE(m_window->currentPageId(), QStringLiteral("welcome"));
    // Clicking a navigation entry switches the page.
    const QRect r = nav->visualItemRect(nav->item(4));
    QTest::mouseClick(nav->viewport(), Qt::LeftButton, {}, r.center());
    QTRY_COMPARE(m_window->currentPageId(), QStringLiteral("routing"));
    QCOMPARE(stack->currentWidget()->objectName(), QStringLiteral("routingPage"));
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

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
