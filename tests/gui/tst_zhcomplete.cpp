// zh_CN complete: with the Chinese catalogues installed as the console installs them, every page of
// the console at 1024x640 — with a snapshot in which a server is unreachable, a history too short
// to forecast ("insufficient data"), the planning comparison (the plans' warnings among the risks,
// e.g. "plan.ring-conversion"), a plan read back from plan.json (its title and steps) and a
// rolled-back run — shows no English phrase and no raw plan code in any label, button, tab, combo
// box, table or tree cell (text and tooltip), header or chart title, axis and legend. English is
// two plain English words in a row ("insufficient data", "rolled back", "no privilege"); names
// (db0, t_messages, fsharechat), SQL, units, all-capital abbreviations (QPS, CRC32) and a server's
// own error text inside a translated sentence are not.

#include "GuiTestSupport.h"
#include "core/cluster/KeychainSecretStore.h"
#include "core/cluster/StatsHistory.h"
#include "core/config/AppPaths.h"
#include "core/config/ConfigLoader.h"
#include "core/migration/Journal.h"
#include "core/migration/RunState.h"
#include "core/migration/RunStore.h"
#include "core/planning/ExpansionStrategy.h"
#include "ui/AppContext.h"
#include "ui/CoreText.h"
#include "ui/pages/PlanningPage.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLibraryInfo>
#include <QListWidget>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTabWidget>
#include <QTextDocumentFragment>
#include <QTranslator>

using namespace sp;
using namespace sp::ui;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// What is not a translation gap: a server's own error text (the console shows it inside its
// sentence), proper names that are not translated.
QString withoutAllowed(QString text)
{
    static const QRegularExpression serverErrors(
        QStringLiteral("Can't connect to (local )?(MySQL |MariaDB )?server[^()]*\\(\\d+\\)|"
                       "Unknown (MySQL |MariaDB )?server host '[^']*' \\(-?\\d+\\)|"
                       "Lost connection to (MySQL |MariaDB )?server[^()]*\\(\\d+\\)|"
                       // the client's error number that Connection appends to the server's text
                       "\\(mysql error \\d+\\)"));
    text.remove(serverErrors);
    for (const char *name : {"Secret Service", "GNOME Keyring", "Java hashCode"})
        text.remove(QLatin1String(name));
    // A command is typed as it is: "shardctl migrate run".
    static const QRegularExpression command(QStringLiteral("shardctl( [a-z]+)*"));
    text.remove(command);
    return text;
}

// The English phrases and raw plan codes in `text`.
QStringList englishIn(const QString &shown)
{
    QStringList found;
    const QString text = withoutAllowed(shown);
    // Two plain words in a row: letters only, lower case after the first letter, each at least two
    // letters, separated by one space; a word touching an identifier character (_ . / ` ' digits)
    // is part of a name, not English.
    static const QRegularExpression phrase(
        QStringLiteral("(?<![\\w./`'\\-])[A-Za-z][a-z]+(?: [a-z]{2,})+(?![\\w./`'\\-])"));
    for (auto it = phrase.globalMatch(text); it.hasNext();)
        found << it.next().captured(0);
    // A plan warning's code without its sentence (a code in brackets follows its sentence).
    static const QRegularExpression code(
        QStringLiteral("(?<![\\[\\w/])plan\\.(?!json\\b)[a-z][a-z-]+(?!\\])"));
    for (auto it = code.globalMatch(text); it.hasNext();)
        found << it.next().captured(0);
    return found;
}

struct Sweep
{
    QStringList problems;
    int texts = 0;

    void check(const QString &where, const QString &raw, bool html = false)
    {
        if (raw.isEmpty())
            return;
        const QString text =
            html || Qt::mightBeRichText(raw) ? QTextDocumentFragment::fromHtml(raw).toPlainText() : raw;
        ++texts;
        for (const QString &e : englishIn(text))
            problems << where + QStringLiteral(": \"") + e + QStringLiteral("\" in \"") + text.left(160) +
                            QLatin1Char('"');
    }

    void model(const QString &where, const QAbstractItemModel *m, const QModelIndex &parent = {},
               int depth = 0)
    {
        if (!m || depth > 3)
            return;
        if (depth == 0)
            for (int c = 0; c < m->columnCount(); ++c) {
                check(where + QStringLiteral(" header"), m->headerData(c, Qt::Horizontal).toString());
                check(where + QStringLiteral(" header tip"),
                      m->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString());
            }
        for (int r = 0; r < std::min(m->rowCount(parent), 200); ++r)
            for (int c = 0; c < m->columnCount(parent); ++c) {
                const QModelIndex i = m->index(r, c, parent);
                check(where, i.data().toString());
                check(where + QStringLiteral(" tip"), i.data(Qt::ToolTipRole).toString());
                if (c == 0 && m->hasChildren(i))
                    model(where, m, i, depth + 1);
            }
    }

    void chart(const QString &where, QChart *c)
    {
        if (!c)
            return;
        check(where + QStringLiteral(" title"), c->title());
        for (QAbstractAxis *a : c->axes()) {
            check(where + QStringLiteral(" axis"), a->titleText());
            if (auto *cats = qobject_cast<QBarCategoryAxis *>(a))
                for (const QString &s : cats->categories())
                    check(where + QStringLiteral(" category"), s);
        }
        for (QLegendMarker *m : c->legend()->markers())
            if (m->isVisible())
                check(where + QStringLiteral(" legend"), m->label());
    }

    // Every text `root` shows: visible widgets only (a hidden one is not on the screen).
    void widget(const QString &page, QWidget *root)
    {
        const QList<QWidget *> all = root->findChildren<QWidget *>();
        for (QWidget *w : all) {
            if (!w->isVisibleTo(root))
                continue;
            // The audit log is a record of what the engine did, in its words (like the SQL beside
            // it): what a change ticket quotes, not a sentence of the console.
            if (w->objectName() == QLatin1String("migrationAudit"))
                continue;
            const QString where =
                page + QLatin1Char('/') +
                (w->objectName().isEmpty() ? QString::fromLatin1(w->metaObject()->className())
                                           : w->objectName());
            check(where + QStringLiteral(" tip"), w->toolTip());
            if (auto *l = qobject_cast<QLabel *>(w))
                check(where, l->text(), l->textFormat() == Qt::RichText);
            else if (auto *b = qobject_cast<QAbstractButton *>(w))
                check(where, b->text());
            else if (auto *g = qobject_cast<QGroupBox *>(w))
                check(where, g->title());
            else if (auto *t = qobject_cast<QTabWidget *>(w))
                for (int i = 0; i < t->count(); ++i)
                    check(where + QStringLiteral(" tab"), t->tabText(i));
            else if (auto *cb = qobject_cast<QComboBox *>(w))
                for (int i = 0; i < cb->count(); ++i)
                    check(where + QStringLiteral(" item"), cb->itemText(i));
            else if (auto *v = qobject_cast<QAbstractItemView *>(w); v && !qobject_cast<QHeaderView *>(w))
                model(where, v->model()); // a header shows its view's model: read with the view
            else if (auto *cv = qobject_cast<QChartView *>(w))
                chart(where, cv->chart());
        }
    }
};

} // namespace

class TestZhComplete final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void detector_data();
    void detector();
    void everyPageInChinese();
    void everyCoreSentenceInChinese();
    void keychainFailureInChinese();

private:
    QTemporaryDir m_dir;
    QTranslator m_own;
    QTranslator m_qt;
    QString m_config;
    QString m_planFile;
    QString m_run;
};

void TestZhComplete::initTestCase()
{
    QVERIFY(m_dir.isValid());
    qputenv("SHARDPILOT_HISTORY_DIR", m_dir.filePath(QStringLiteral("history")).toUtf8());
    const QLocale zh(QStringLiteral("zh_CN"));
    // As the console installs them (app/gui/main.cpp): its catalogue and Qt's.
    QVERIFY(
        m_own.load(zh, QStringLiteral("shardpilot"), QStringLiteral("_"), sp::AppPaths::translationsDir()));
    QVERIFY(QCoreApplication::installTranslator(&m_own));
    if (m_qt.load(zh, QStringLiteral("qtbase"), QStringLiteral("_"),
                  QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(&m_qt);
    QLocale::setDefault(zh);

    // The example config, its servers on ports where nothing listens (db0..db3 on 1..4).
    QString text = QString::fromUtf8(readAll(test::examplePath(QStringLiteral("fsharechat-crc32.yaml"))));
    for (int i = 0; i < 4; ++i)
        text.replace(QStringLiteral("jdbc:mysql://mysql-%1:3306/").arg(i),
                     QStringLiteral("jdbc:mysql://127.0.0.1:%1/").arg(i + 1));
    m_config = m_dir.filePath(QStringLiteral("cluster.yaml"));
    {
        QFile f(m_config);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text.toUtf8());
    }
    const LoadResult load = ConfigLoader::loadFile(m_config);
    QVERIFY(load.ok());

    // One snapshot in the history: too little to forecast ("insufficient data").
    {
        StatsHistory history(StatsHistory::defaultPathFor(m_config));
        QVERIFY(history.isOpen());
        ClusterSnapshot s;
        s.configPath = m_config;
        s.takenAt = QDateTime::currentDateTimeUtc().addSecs(-3600);
        for (const TableRule &t : load.config.tables)
            for (const DataNode &n : t.dataNodes) {
                TableStats ts;
                ts.node = n;
                ts.logicTable = t.logicTable;
                ts.estimatedRows = 1000;
                s.tables << ts;
            }
        QVERIFY(history.record(s) > 0);
    }

    // A plan with a snapshot, written to plan.json as `shardctl plan` does, and a run of it that
    // was rolled back.
    planning::PlanInput in;
    in.configPath = m_config;
    in.configText = text.toUtf8();
    in.config = load.config;
    in.request.strategy = planning::StrategyId::ModDouble;
    const planning::PlanOutcome out = planning::makePlan(in);
    QVERIFY2(out.plan, qPrintable(out.error));
    m_planFile = m_dir.filePath(QStringLiteral("plan.json"));
    {
        QFile f(m_planFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(out.plan->toJsonBytes());
    }
    const QString admin = m_dir.filePath(QStringLiteral("admin.cnf"));
    {
        QFile a(admin);
        QVERIFY(a.open(QIODevice::WriteOnly));
        a.write("[client]\nuser=sp_admin\npassword=zh-admin-pw\n");
    }
    QFile::setPermissions(admin, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    migration::RunSpec options;
    options.adminDefaultsFile = admin;
    QString error;
    m_run = m_dir.filePath(QStringLiteral("runs/rolled"));
    QVERIFY2(migration::createRun(*out.plan, m_planFile, m_run, options, &error), qPrintable(error));
    migration::Journal j(migration::RunDir(m_run).journalFile());
    QVERIFY(j.isOpen());
    for (int i = 0; i <= int(migration::Step::T3); ++i)
        QVERIFY(
            j.setStep(migration::Step(i), migration::StepStatus::RolledBack, QStringLiteral("rolled back")));
    QVERIFY(j.setValue(migration::keys::rolledBack, QStringLiteral("1")));
}

void TestZhComplete::cleanupTestCase()
{
    QCoreApplication::removeTranslator(&m_own);
    QCoreApplication::removeTranslator(&m_qt);
    QLocale::setDefault(QLocale::c());
}

void TestZhComplete::detector_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("english");
    QTest::addRow("insufficient data") << QStringLiteral("insufficient data") << true;
    QTest::addRow("rolled back") << QStringLiteral("引擎说：rolled back") << true;
    QTest::addRow("no privilege") << QStringLiteral("显示为“no privilege”") << true;
    QTest::addRow("raw code") << QStringLiteral("plan.ring-conversion") << true;
    QTest::addRow("code after its sentence")
        << QStringLiteral("数据库算法会变成环 [plan.ring-conversion]") << false;
    QTest::addRow("names") << QStringLiteral("db0.t_messages_0 → db4.t_messages_0（fsharechat）") << false;
    QTest::addRow("abbreviations") << QStringLiteral("QPS 12.5，CRC32_MOD，MariaDB 10.11") << false;
    QTest::addRow("server error") << QStringLiteral(
                                         "db0：宕机（Can't connect to server on '127.0.0.1' (111)）")
                                  << false;
    QTest::addRow("sql") << QStringLiteral(
                                "DELETE FROM `fsharechat`.`t_messages_0` WHERE CRC32(`_target`) % 8 >= 4")
                         << false;
}

void TestZhComplete::detector()
{
    QFETCH(QString, text);
    QFETCH(bool, english);
    QCOMPARE(!englishIn(text).isEmpty(), english);
}

void TestZhComplete::everyPageInChinese()
{
    QTemporaryDir settings;
    const auto window = test::makeMainWindow(settings);
    window->resize(1024, 640);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QVERIFY(window->openConfig(m_config));
    AppContext *ctx = window->context();

    // A snapshot in which db1 is unreachable, estimates elsewhere.
    ClusterSnapshot snap;
    snap.configPath = m_config;
    snap.takenAt = QDateTime::currentDateTimeUtc();
    for (const DataSourceDef &ds : ctx->config().dataSources) {
        InstanceHealth h;
        h.dataSource = ds.name;
        h.host = ds.host;
        h.port = ds.port;
        h.reachable = ds.name != QLatin1String("db1");
        h.version = QStringLiteral("10.11.6-MariaDB");
        if (!h.reachable)
            h.error = QStringLiteral("Can't connect to server on '127.0.0.1' (111)");
        snap.instances << h;
    }
    for (const TableRule &t : ctx->config().tables)
        for (const DataNode &n : t.dataNodes) {
            TableStats ts;
            ts.node = n;
            ts.logicTable = t.logicTable;
            const bool down = n.dataSource == QLatin1String("db1");
            ts.estimatedRows = down ? -1 : 20000 + 977 * (n.table.back().digitValue() + 1);
            if (down)
                ts.error = QStringLiteral("instance unreachable");
            snap.tables << ts;
        }
    ctx->setSnapshot(snap);
    // The plan read back from plan.json, and the rolled-back run.
    QString error;
    const std::optional<planning::ExpansionPlan> plan =
        planning::ExpansionPlan::fromJsonBytes(readAll(m_planFile), &error);
    QVERIFY2(plan, qPrintable(error));
    ctx->setPlan(*plan);
    ctx->setRunDir(m_run);

    Sweep sweep;
    for (const QString &id :
         {QStringLiteral("welcome"), QStringLiteral("topology"), QStringLiteral("dashboard"),
          QStringLiteral("history"), QStringLiteral("routing"), QStringLiteral("editor"),
          QStringLiteral("planning"), QStringLiteral("migration"), QStringLiteral("health")}) {
        QWidget *page = window->page(id);
        QVERIFY(page);
        if (auto *planning = qobject_cast<PlanningPage *>(page)) {
            QSignalSpy computed(planning, &PlanningPage::computed);
            window->showPage(id);
            QTRY_VERIFY_WITH_TIMEOUT(computed.size() >= 1 && !planning->isBusy(), 120000);
        } else {
            window->showPage(id);
            QTest::qWait(id == QLatin1String("migration") || id == QLatin1String("health") ? 2500 : 800);
        }
        // Every tab of the page in turn.
        QList<QTabWidget *> tabs = page->findChildren<QTabWidget *>();
        sweep.widget(id, page);
        for (QTabWidget *t : std::as_const(tabs)) {
            const int was = t->currentIndex();
            for (int i = 0; i < t->count(); ++i) {
                t->setCurrentIndex(i);
                QTest::qWait(50);
                sweep.widget(id + QLatin1Char('#') + QString::number(i), page);
            }
            t->setCurrentIndex(was);
        }
        if (!qEnvironmentVariableIsEmpty("SP_SCREENSHOT_DIR"))
            window->grab().save(qEnvironmentVariable("SP_SCREENSHOT_DIR") + QStringLiteral("/zh-") + id +
                                QStringLiteral(".png"));
    }
    sweep.widget(QStringLiteral("findings"), window->findChild<QWidget *>(QStringLiteral("findingsDock")));
    sweep.check(QStringLiteral("status bar"), window->statusBar()->currentMessage());
    QVERIFY(sweep.texts > 500);
    sweep.problems.removeDuplicates();
    for (const QString &p : std::as_const(sweep.problems))
        qWarning("English: %s", qPrintable(p));
    QVERIFY2(sweep.problems.isEmpty(),
             qPrintable(QString::number(sweep.problems.size()) +
                        QStringLiteral(" English phrase(s) shown, listed above; first: ") +
                        sweep.problems.value(0)));
}

// Every sentence core builds (the table of ui/CoreText), in Chinese: none keeps an English phrase
// (the privilege notes said 显示为“no privilege” while the health page shows 无权限).
void TestZhComplete::everyCoreSentenceInChinese()
{
    QStringList english;
    for (const QString &source : CoreText::templates()) {
        Text t;
        t.source = source;
        QStringList args;
        for (int i = 1; i <= 9; ++i)
            if (source.contains(QLatin1Char('%') + QString::number(i))) {
                t.args << Text(QStringLiteral("db%1").arg(i));
                args << t.args.constLast().text;
            }
        t.text = substituteArgs(source, args);
        const QString shown = CoreText::render(t);
        if (shown == t.text && source.contains(QLatin1Char(' ')))
            english << QStringLiteral("untranslated: ") + source;
        for (const QString &e : englishIn(shown))
            english << QStringLiteral("\"%1\" in %2").arg(e, shown);
    }
    QVERIFY(CoreText::templates().size() > 300);
    for (const QString &e : std::as_const(english))
        qWarning("English: %s", qPrintable(e));
    QVERIFY2(english.isEmpty(),
             qPrintable(QString::number(english.size()) + QStringLiteral(" listed above")));
}

// The keychain dialog on a box without a secret service says what failed and what to do in
// Chinese (qtkeychain's own "Unknown error" was all it showed).
void TestZhComplete::keychainFailureInChinese()
{
    const Text t = KeychainSecretStore::failureText(7, QStringLiteral("Unknown error"), false);
    const QString shown = CoreText::render(t);
    QVERIFY2(englishIn(shown).isEmpty(), qPrintable(shown));
    QVERIFY2(shown.contains(QStringLiteral("DBUS_SESSION_BUS_ADDRESS")), qPrintable(shown));
    QVERIFY2(shown.contains(QStringLiteral("--defaults-file")), qPrintable(shown));
}

QTEST_MAIN(TestZhComplete)
#include "tst_zhcomplete.moc"
