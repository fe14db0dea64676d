#include "core/config/ConfigLoader.h"
#include "ui/AppContext.h"
#include "ui/ConfigReader.h"
#include "ui/editor/ConfigFormPanel.h"
#include "ui/editor/LineDiff.h"
#include "ui/pages/EditorPage.h"
#include "ui/widgets/FindReplaceBar.h"
#include "ui/widgets/YamlEditor.h"

#include "GuiTestSupport.h"
#include "TestPaths.h"

#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTextEdit>
#include <QTreeWidget>
#include <QtTest>

#include <functional>

using namespace sp;
using namespace sp::ui;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestEditor final : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void lintMarkersOnFindingLines();
    void jumpToFinding();
    void liveLintIsDebounced();
    void formEditRoundTrip();
    void changedOnDiskWarns();
    void findReplaceAll();
    void formClearsOnBrokenFile();
    void followsTheConsole();
    void reloadAsksAndUndoes();
    void reloadUpdatesTheConsole();
    void saveRechecksAfterTheDiff();
    void saveNamesRemovedDataSources();
    void saveAsksWhenRemoved();
    void lineDiff_data();
    void lineDiff();

private:
    bool waitLint();
    // Opens a copy of the corrected example (db0..db3) in the context, as File > Open does, and
    // waits for the editor to show and lint it.
    QString openCrc32();
    static void writeAtomically(const QString &path, const QByteArray &text);
    static QByteArray withExtraDataSource(QByteArray text);
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_file;
    QByteArray m_original;
    std::unique_ptr<AppContext> m_ctx;
    std::unique_ptr<EditorPage> m_page;
};

bool TestEditor::waitLint()
{
    QSignalSpy spy(m_page.get(), &EditorPage::lintFinished);
    return spy.wait(10000);
}

void TestEditor::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_file = m_dir->filePath(QStringLiteral("sharding.yaml"));
    QVERIFY(QFile::copy(sp::test::examplePath(QStringLiteral("fsharechat-reference.yaml")), m_file));
    QFile::setPermissions(m_file, QFile::ReadOwner | QFile::WriteOwner);
    m_original = readAll(m_file);
    m_ctx = std::make_unique<AppContext>();
    m_ctx->setConfig(m_file, ConfigLoader::loadFile(m_file), {});
    m_page = std::make_unique<EditorPage>(m_ctx.get());
    m_page->resize(1300, 850);
    m_page->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_page.get()));
    QVERIFY(waitLint());
}

void TestEditor::cleanup()
{
    m_page.reset();
    m_ctx.reset();
    m_dir.reset();
}

void TestEditor::lintMarkersOnFindingLines()
{
    const Diagnostics &d = m_page->findings();
    YamlEditor *editor = m_page->findChild<YamlEditor *>(QStringLiteral("yamlEditor"));
    QVERIFY(editor);
    QSet<int> expectedError;
    QSet<int> expectedWarning;
    for (const Diagnostic &diag : d) {
        if (diag.location.line <= 0)
            continue;
        (diag.severity == Severity::Error ? expectedError : diag.severity == Severity::Warning ? expectedWarning
                                                                                               : expectedError)
            .insert(diag.location.line - 1);
    }
    // The reference example has real defects (HASH_MOD vs CRC32, dead data nodes, ...).
    QVERIFY2(!expectedError.isEmpty() || !expectedWarning.isEmpty(), "no located findings");
    const QList<int> errors = editor->markerLines(YamlEditor::ErrorMarker);
    const QList<int> warnings = editor->markerLines(YamlEditor::WarningMarker);
    const QList<int> infos = editor->markerLines(YamlEditor::InfoMarker);
    QSet<int> errorAndInfo(errors.begin(), errors.end());
    errorAndInfo.unite(QSet<int>(infos.begin(), infos.end()));
    QCOMPARE(QSet<int>(warnings.begin(), warnings.end()), expectedWarning);
    QCOMPARE(errorAndInfo, expectedError);
    for (int line : std::as_const(expectedWarning))
        QVERIFY2(editor->hasIndicatorAt(line, YamlEditor::WarningMarker), qPrintable(QString::number(line)));
    auto *panel = m_page->findChild<QTreeWidget *>(QStringLiteral("lintPanel"));
    QCOMPARE(panel->topLevelItemCount(), int(d.size()));
    QCOMPARE(panel->topLevelItem(0)->text(1), d.first().code);
    m_page->grab().save(QStringLiteral("/tmp/h7_editor.png"));
}

void TestEditor::jumpToFinding()
{
    auto *panel = m_page->findChild<QTreeWidget *>(QStringLiteral("lintPanel"));
    YamlEditor *editor = m_page->editor();
    QTreeWidgetItem *target = nullptr;
    int targetLine = 0;
    for (int i = panel->topLevelItemCount() - 1; i >= 0; --i) {
        const int line = panel->topLevelItem(i)->text(2).toInt();
        if (line > 1) {
            target = panel->topLevelItem(i);
            targetLine = line;
            break;
        }
    }
    QVERIFY(target);
    editor->setCursorPosition(0, 0);
    panel->setFocus();
    panel->setCurrentItem(target);
    QTest::keyClick(panel, Qt::Key_Return);
    int line = -1;
    int index = -1;
    editor->getCursorPosition(&line, &index);
    QCOMPARE(line, targetLine - 1);
}

void TestEditor::liveLintIsDebounced()
{
    YamlEditor *editor = m_page->editor();
    const int before = int(m_page->findings().size());
    QSignalSpy spy(m_page.get(), &EditorPage::lintFinished);
    QElapsedTimer clock;
    clock.start();
    editor->append(QStringLiteral("\n  broken: [unclosed\n"));
    editor->append(QStringLiteral("# another edit\n"));
    QTest::qWait(150);
    QCOMPARE(spy.count(), 0); // nothing linted while typing
    QVERIFY(spy.wait(10000));
    QVERIFY(clock.elapsed() >= m_page->lintDelayMs() * 9 / 10); // coarse timers may fire 5 % early
    QCOMPARE(spy.count(), 1);
    bool syntaxError = false;
    for (const Diagnostic &d : m_page->findings())
        syntaxError |= d.severity == Severity::Error && d.location.line > 100;
    QVERIFY2(syntaxError, qPrintable(QString::number(m_page->findings().size()) + QLatin1Char('/') + QString::number(before)));
    QVERIFY(!editor->markerLines(YamlEditor::ErrorMarker).isEmpty());
}

void TestEditor::formEditRoundTrip()
{
    YamlEditor *editor = m_page->editor();
    auto *alg = m_page->findChild<QComboBox *>(QStringLiteral("formAlgorithmCombo"));
    auto *count = m_page->findChild<QSpinBox *>(QStringLiteral("formShardingCount"));
    auto *apply = m_page->findChild<QPushButton *>(QStringLiteral("formAlgorithmApply"));
    QVERIFY(alg && count && apply);
    QVERIFY(alg->count() >= 1);
    QCOMPARE(count->value(), 4);
    count->setValue(8);
    QTest::mouseClick(apply, Qt::LeftButton);

    const QList<QByteArray> before = m_original.split('\n');
    QList<QByteArray> after = editor->bytes().split('\n');
    QCOMPARE(after.size(), before.size());
    int changedLine = -1;
    for (int i = 0; i < before.size(); ++i) {
        if (before.at(i) != after.at(i)) {
            QCOMPARE(changedLine, -1);
            changedLine = i;
            QVERIFY(before.at(i).contains("sharding-count: 4"));
            QCOMPARE(after.at(i), QByteArray(before.at(i)).replace("sharding-count: 4", "sharding-count: 8"));
        }
    }
    QVERIFY(changedLine >= 0);
    // One undo step back to the original text, one redo forward.
    editor->undo();
    QCOMPARE(editor->bytes(), m_original);
    editor->redo();
    after = editor->bytes().split('\n');
    QVERIFY(after.at(changedLine).contains("sharding-count: 8"));

    bool dialogSeen = false;
    QString diffText;
    sp::test::onModal([&](QWidget *w) {
        dialogSeen = w->objectName() == QLatin1String("saveDiffDialog");
        if (auto *view = w->findChild<QTextEdit *>(QStringLiteral("diffView")))
            diffText = view->toPlainText();
        static_cast<QDialog *>(w)->accept();
    });
    QVERIFY(m_page->save());
    QVERIFY(dialogSeen);
    QVERIFY2(diffText.contains(QLatin1String("+")) && diffText.contains(QLatin1String("sharding-count: 8")),
             qPrintable(diffText));
    const QByteArray saved = readAll(m_file);
    QCOMPARE(saved, editor->bytes());
    QVERIFY(saved.startsWith("# fsharechat sharding configuration")); // comments kept
    QCOMPARE(readAll(m_file + QStringLiteral(".bak")), m_original);
    const QList<QByteArray> savedLines = saved.split('\n');
    for (int i = 0; i < before.size(); ++i)
        if (i != changedLine)
            QCOMPARE(savedLines.at(i), before.at(i));
    // The shared context now carries the saved config.
    QCOMPARE(m_ctx->configPath(), m_file);
    bool eight = false;
    for (const AlgorithmDef &a : m_ctx->config().algorithms)
        eight |= a.props.value(QStringLiteral("sharding-count")) == QLatin1String("8");
    QVERIFY(eight);
}

void TestEditor::changedOnDiskWarns()
{
    {
        QFile f(m_file);
        QVERIFY(f.open(QIODevice::Append));
        f.write("# touched by another program\n");
    }
    const QByteArray external = readAll(m_file);
    m_page->editor()->append(QStringLiteral("# my edit\n"));
    QString title;
    sp::test::onModal([&](QWidget *w) {
        title = w->windowTitle();
        if (auto *box = qobject_cast<QMessageBox *>(w))
            box->button(QMessageBox::No)->click();
        else
            static_cast<QDialog *>(w)->reject();
    });
    QVERIFY(!m_page->save());
    QCOMPARE(title, QStringLiteral("File changed on disk"));
    QCOMPARE(readAll(m_file), external);
    QVERIFY(!QFile::exists(m_file + QStringLiteral(".bak")));
}

void TestEditor::findReplaceAll()
{
    YamlEditor *editor = m_page->editor();
    editor->setFocus();
    QTest::keyClick(editor, Qt::Key_H, Qt::ControlModifier);
    auto *bar = m_page->findChild<FindReplaceBar *>(QStringLiteral("findReplaceBar"));
    QVERIFY(bar && bar->isVisible());
    auto *find = bar->findChild<QLineEdit *>(QStringLiteral("findEdit"));
    auto *replace = bar->findChild<QLineEdit *>(QStringLiteral("replaceEdit"));
    QVERIFY(replace->isVisible());
    find->setText(QStringLiteral("mysql-"));
    replace->setText(QStringLiteral("db-host-"));
    const int expected = int(m_original.count("mysql-"));
    QVERIFY(expected >= 4);
    QCOMPARE(bar->replaceAll(), expected);
    QCOMPARE(int(editor->bytes().count("db-host-")), expected);
    QCOMPARE(int(editor->bytes().count("mysql-")), 0);
    editor->undo(); // replace all is one undo step
    QCOMPARE(editor->bytes(), m_original);
    find->setText(QStringLiteral("t_user_messages"));
    QVERIFY(bar->findNext());
    QCOMPARE(editor->selectedText(), QStringLiteral("t_user_messages"));
}

QString TestEditor::openCrc32()
{
    const QString path = m_dir->filePath(QStringLiteral("cluster.yaml"));
    QFile::remove(path);
    if (!QFile::copy(sp::test::examplePath(QStringLiteral("fsharechat-crc32.yaml")), path))
        return {};
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    const ConfigRead read = readConfigFile(path);
    QSignalSpy spy(m_page.get(), &EditorPage::lintFinished);
    m_ctx->setConfig(path, read.load, read.lint, read.sha256);
    if (m_page->filePath() != path || !spy.wait(10000))
        return {};
    return path;
}

void TestEditor::writeAtomically(const QString &path, const QByteArray &text)
{
    // As the migration engine's T6 writes the config: a new file renamed over the old one.
    QSaveFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
    QVERIFY(f.commit());
}

QByteArray TestEditor::withExtraDataSource(QByteArray text)
{
    const QByteArray extra =
        "dataSources:\n  db_extra:\n    dataSourceClassName: com.zaxxer.hikari.HikariDataSource\n"
        "    url: jdbc:mysql://mysql-9:3306/fsharechat\n    username: fsharechat\n";
    return text.replace("dataSources:\n", extra);
}

void TestEditor::formClearsOnBrokenFile()
{
    auto *form = m_page->findChild<ConfigFormPanel *>(QStringLiteral("configFormPanel"));
    auto *ds = m_page->findChild<QComboBox *>(QStringLiteral("formDataSourceCombo"));
    QVERIFY(form && ds);
    QVERIFY(form->isEnabled());
    QVERIFY(ds->count() > 0);
    // While typing, a text that does not load keeps the form (the edit is on its way).
    m_page->editor()->append(QStringLiteral("\n  broken: [unclosed\n"));
    m_page->lintNow();
    QVERIFY(waitLint());
    QVERIFY(form->isEnabled());
    QVERIFY(ds->count() > 0);
    // A file opened that does not load: the form shows none of the previous file's fields.
    const QString broken = m_dir->filePath(QStringLiteral("broken.yaml"));
    writeAtomically(broken, "dataSources: [unclosed\n  db0: {url: jdbc:mysql://h:1/x\n");
    m_page->editor()->setModified(false);
    QVERIFY(m_page->loadFile(broken));
    QVERIFY(waitLint());
    QCOMPARE(ds->count(), 0);
    QVERIFY(!form->isEnabled());
    QVERIFY(m_page->findChild<QLineEdit *>(QStringLiteral("formUrlEdit"))->text().isEmpty());
    // A good file fills it again.
    QVERIFY(m_page->loadFile(m_file));
    QVERIFY(waitLint());
    QVERIFY(form->isEnabled());
    QVERIFY(ds->count() > 0);
}

void TestEditor::followsTheConsole()
{
    // The open config rewritten on disk (a run's T6) and published by the console: an editor
    // without unsaved edits shows the new text at once.
    const QString path = openCrc32();
    QVERIFY(!path.isEmpty());
    const QByteArray switched = withExtraDataSource(readAll(path));
    writeAtomically(path, switched);
    const ConfigRead read = readConfigFile(path);
    m_ctx->reloadConfig(read.load, read.lint, read.sha256);
    QCOMPARE(m_page->editor()->bytes(), switched);
    QVERIFY(!m_page->editor()->isModified());
    QVERIFY(!m_page->findChild<QWidget *>(QStringLiteral("editorChangedBanner"))->isVisible());
}

void TestEditor::reloadAsksAndUndoes()
{
    const QString path = openCrc32();
    QVERIFY(!path.isEmpty());
    YamlEditor *editor = m_page->editor();
    editor->append(QStringLiteral("# my unsaved edit\n"));
    const QByteArray mine = editor->bytes();
    QVERIFY(editor->isModified());
    // The file changes on disk and the console publishes it: the edits stay, the page says so.
    const QByteArray switched = withExtraDataSource(readAll(path));
    writeAtomically(path, switched);
    const ConfigRead read = readConfigFile(path);
    m_ctx->reloadConfig(read.load, read.lint, read.sha256);
    QCOMPARE(editor->bytes(), mine);
    auto *banner = m_page->findChild<QWidget *>(QStringLiteral("editorChangedBanner"));
    QVERIFY(banner->isVisible());
    const QString bannerText = m_page->findChild<QLabel *>(QStringLiteral("editorChangedText"))->text();
    QVERIFY2(bannerText.contains(QLatin1String("changed on disk")) &&
                 bannerText.contains(QLatin1String("5 data source")),
             qPrintable(bannerText));

    // Reload from disk asks first; Cancel keeps everything.
    QAction *reload = m_page->findChild<QAction *>(QStringLiteral("reloadAction"));
    QVERIFY(reload);
    QString asked;
    sp::test::onModal([&asked](QWidget *w) {
        asked = w->objectName();
        static_cast<QMessageBox *>(w)->button(QMessageBox::Cancel)->click();
    });
    reload->trigger();
    QCOMPARE(asked, QStringLiteral("reloadConfirm"));
    QCOMPARE(editor->bytes(), mine);
    QVERIFY(editor->isModified());
    // Confirmed: the file's text, and Undo brings the edits back.
    sp::test::onModal([](QWidget *w) { static_cast<QMessageBox *>(w)->button(QMessageBox::Yes)->click(); });
    reload->trigger();
    QCOMPARE(editor->bytes(), switched);
    QVERIFY(!editor->isModified());
    QVERIFY(!banner->isVisible());
    QVERIFY2(
        m_page->findChild<QLabel *>(QStringLiteral("editorStatus"))->text().contains(QLatin1String("Undo")),
        qPrintable(m_page->findChild<QLabel *>(QStringLiteral("editorStatus"))->text()));
    editor->undo();
    QCOMPARE(editor->bytes(), mine);
    QVERIFY(editor->isModified());
}

void TestEditor::reloadUpdatesTheConsole()
{
    // The file changed and the console has not noticed yet: Reload from disk publishes it to
    // every page (no question: nothing unsaved is replaced).
    const QString path = openCrc32();
    QVERIFY(!path.isEmpty());
    QCOMPARE(m_ctx->config().dataSources.size(), 4);
    writeAtomically(path, withExtraDataSource(readAll(path)));
    QSignalSpy changed(m_ctx.get(), &AppContext::configChanged);
    m_page->findChild<QAction *>(QStringLiteral("reloadAction"))->trigger();
    QCOMPARE(changed.count(), 1);
    QCOMPARE(m_ctx->config().dataSources.size(), 5);
    QVERIFY(m_ctx->config().dataSource(QStringLiteral("db_extra")));
    QCOMPARE(m_ctx->configSha256(), configSha256(readAll(path)));
    QCOMPARE(m_ctx->configPath(), path);
}

void TestEditor::saveRechecksAfterTheDiff()
{
    // The file changes while the diff is on screen (a switch takes a moment): not written over.
    const QString path = openCrc32();
    QVERIFY(!path.isEmpty());
    m_page->editor()->append(QStringLiteral("# mine\n"));
    const QByteArray switched = withExtraDataSource(readAll(path));
    QString warned;
    sp::test::onModal([&](QWidget *w) {
        QCOMPARE(w->objectName(), QStringLiteral("saveDiffDialog"));
        writeAtomically(path, switched);
        sp::test::onModal([&warned](QWidget *box) {
            warned = static_cast<QMessageBox *>(box)->text();
            static_cast<QMessageBox *>(box)->accept();
        });
        static_cast<QDialog *>(w)->accept();
    });
    QVERIFY(!m_page->save());
    QTRY_VERIFY_WITH_TIMEOUT(!warned.isEmpty(), 5000);
    QVERIFY2(warned.contains(QLatin1String("changed on disk while the difference was shown")),
             qPrintable(warned));
    QCOMPARE(readAll(path), switched);
    QVERIFY(m_page->editor()->isModified());
}

void TestEditor::saveNamesRemovedDataSources()
{
    // Unsaved edits of the earlier text, the file switched to one with another data source: Save
    // asks (changed on disk), then its diff says in words which data sources the save removes.
    const QString path = openCrc32();
    QVERIFY(!path.isEmpty());
    m_page->editor()->append(QStringLiteral("# mine\n"));
    const QByteArray switched = withExtraDataSource(readAll(path));
    writeAtomically(path, switched);
    QStringList seen;
    sp::test::onModal([&seen](QWidget *w) {
        seen << w->windowTitle();
        auto *box = qobject_cast<QMessageBox *>(w);
        QVERIFY(box);
        sp::test::onModal([&seen](QWidget *dialog) {
            auto *removed = dialog->findChild<QLabel *>(QStringLiteral("saveDiffRemoved"));
            seen << (removed ? removed->text() : QStringLiteral("(no removal named)"));
            static_cast<QDialog *>(dialog)->reject();
        });
        box->button(QMessageBox::Yes)->click();
    });
    QVERIFY(!m_page->save());
    QTRY_COMPARE_WITH_TIMEOUT(seen.size(), 2, 5000);
    QCOMPARE(seen.at(0), QStringLiteral("File changed on disk"));
    QVERIFY2(seen.at(1).contains(QLatin1String("db_extra")), qPrintable(seen.at(1)));
    QCOMPARE(readAll(path), switched);
}

void TestEditor::saveAsksWhenRemoved()
{
    const QString path = openCrc32();
    QVERIFY(!path.isEmpty());
    m_page->editor()->append(QStringLiteral("# mine\n"));
    QVERIFY(QFile::remove(path));
    QString text;
    sp::test::onModal([&text](QWidget *w) {
        text = static_cast<QMessageBox *>(w)->text();
        static_cast<QMessageBox *>(w)->button(QMessageBox::No)->click();
    });
    QVERIFY(!m_page->save());
    QVERIFY2(text.contains(QLatin1String("was removed")), qPrintable(text));
    QVERIFY(!QFile::exists(path));
}

void TestEditor::lineDiff_data()
{
    QTest::addColumn<QStringList>("a");
    QTest::addColumn<QStringList>("b");
    QTest::addColumn<int>("changes");
    QTest::addColumn<QString>("unified");
    QTest::addRow("same") << QStringList{QStringLiteral("x")} << QStringList{QStringLiteral("x")} << 0 << QString();
    QTest::addRow("one changed")
        << QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}
        << QStringList{QStringLiteral("a"), QStringLiteral("B"), QStringLiteral("c")} << 2
        << QStringLiteral("@@ line 1 @@\n a\n-b\n+B\n c");
    QTest::addRow("inserted")
        << QStringList{QStringLiteral("a"), QStringLiteral("c")}
        << QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")} << 1
        << QStringLiteral("@@ line 1 @@\n a\n+b\n c");
}

void TestEditor::lineDiff()
{
    QFETCH(QStringList, a);
    QFETCH(QStringList, b);
    QFETCH(int, changes);
    QFETCH(QString, unified);
    const QList<DiffLine> d = LineDiff::diff(a, b);
    QCOMPARE(LineDiff::changes(d), changes);
    QCOMPARE(LineDiff::unified(d), unified);
}

QTEST_MAIN(TestEditor)
#include "tst_editor.moc"
