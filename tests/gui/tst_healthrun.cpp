// The Health page knows about the run and the console, without a server: sampling goes on after
// File > Open of another config and after the config is reloaded in place; the run the console
// follows (AppContext::runDir, a journal written through the core API) turns the servers of its
// write stop yellow with the run's words, says so on top, and every verdict change is listed under
// "Verdict changes" and kept in the history file; the History page's red stretches open their
// events; a refused account is "access denied" on the Health page, the dashboard and the topology;
// a server that did not answer is an "unknown" band in the charts, not a zero; at 1024x640 the
// grid's TPS and Verdict columns can be reached.
#include "GuiTestSupport.h"

#include "core/cluster/StatsHistory.h"
#include "core/config/AppPaths.h"
#include "core/config/ConfigLoader.h"
#include "core/health/HealthHistory.h"
#include "core/migration/Journal.h"
#include "core/migration/RunState.h"
#include "core/planning/ExpansionStrategy.h"
#include "ui/AppContext.h"
#include "ui/CoreText.h"
#include "ui/health/HealthChart.h"
#include "ui/health/HealthController.h"
#include "ui/health/HealthEventModel.h"
#include "ui/health/HealthGrid.h"
#include "ui/health/RedStretches.h"
#include "ui/models/TopologyModel.h"
#include "ui/pages/HealthPage.h"
#include "ui/pages/HistoryPage.h"
#include "ui/pages/TopologyPage.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTabWidget>
#include <QTableView>
#include <QTranslator>

using namespace sp;
using namespace sp::health;
using namespace sp::migration;
using namespace sp::ui;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A sample of db<i>'s server (the cluster puts db<i> on 127.0.0.1:<i + 1>).
HealthSample sampleOf(int i, qint64 atMs, bool readOnly = false, double qps = 50)
{
    HealthSample s;
    s.server.dataSource = QStringLiteral("db%1").arg(i);
    s.server.host = QStringLiteral("127.0.0.1");
    s.server.port = i + 1;
    s.server.reachable = true;
    s.server.version = QStringLiteral("10.11.6-MariaDB");
    s.server.readOnly = readOnly;
    s.server.connections = 5;
    s.server.maxConnections = 100;
    s.threadsRunning = 2;
    s.qps = qps;
    s.tps = qps / 10;
    s.at = QDateTime::fromMSecsSinceEpoch(atMs, Qt::UTC);
    s.steadyMs = atMs;
    return s;
}

HealthSample downOf(int i, qint64 atMs, unsigned code = 2002)
{
    HealthSample s;
    s.server.dataSource = QStringLiteral("db%1").arg(i);
    s.server.host = QStringLiteral("127.0.0.1");
    s.server.port = i + 1;
    s.server.error =
        code == 1045 ? QStringLiteral("shardpilot_app@127.0.0.1:%1: Access denied for user "
                                      "'shardpilot_app'@'localhost' (using password: YES) (mysql error 1045)")
                           .arg(i + 1)
                     : QStringLiteral("Can't connect to server on '127.0.0.1' (111)");
    s.server.errorCode = code;
    s.at = QDateTime::fromMSecsSinceEpoch(atMs, Qt::UTC);
    s.steadyMs = atMs;
    return s;
}

} // namespace

class TestHealthRunPage final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void keepsSamplingAfterOpeningAnotherConfig();
    void writeStopIsYellowWithTheRunsWords();
    void redStretchOpensItsEvents();
    void accessDeniedEverywhere();
    void unreachableIsUnknownNotZero();
    void gridColumnsReachableAt1024x640();
    void runWordsInChinese();

private:
    QString writeCluster(const QString &name, int firstPort, int count);
    HealthPage *healthPage() const
    {
        return qobject_cast<HealthPage *>(m_window->page(QStringLiteral("health")));
    }
    // The health page shown for the open config, its pollers stopped, rows waiting for our samples.
    HealthPage *quietHealthPage();
    // A run of m_cluster in its write stop (T4, started `secondsAgo` ago), its lock held by `lock`.
    QString runInWriteStop(const QString &name, int secondsAgo, RunLock *lock, QString *runId);

    QTemporaryDir m_dir;
    QTemporaryDir m_history;
    QString m_cluster; // db0..db3 on ports 1..4
    std::unique_ptr<MainWindow> m_window;
};

void TestHealthRunPage::initTestCase()
{
    QVERIFY(m_dir.isValid() && m_history.isValid());
    m_cluster = writeCluster(QStringLiteral("cluster.yaml"), 1, 4);
}

QString TestHealthRunPage::writeCluster(const QString &name, int firstPort, int count)
{
    QString text = QString::fromUtf8(readAll(test::examplePath(QStringLiteral("fsharechat-crc32.yaml"))));
    for (int i = 0; i < 4; ++i)
        text.replace(QStringLiteral("jdbc:mysql://mysql-%1:3306/").arg(i),
                     QStringLiteral("jdbc:mysql://127.0.0.1:%1/").arg(firstPort + i));
    Q_UNUSED(count)
    const QString path = m_dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(text.toUtf8());
    return path;
}

void TestHealthRunPage::init()
{
    // Each test its own history files.
    static int n = 0;
    qputenv("SHARDPILOT_HISTORY_DIR", QFile::encodeName(m_history.filePath(QString::number(++n))));
    QFile::remove(m_dir.filePath(QStringLiteral("settings.ini"))); // no run remembered from another test
    m_window = test::makeMainWindow(m_dir);
    m_window->resize(1280, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestHealthRunPage::cleanup()
{
    m_window.reset();
}

HealthPage *TestHealthRunPage::quietHealthPage()
{
    HealthPage *page = healthPage();
    m_window->showPage(QStringLiteral("health"));
    if (!QTest::qWaitFor([page] { return page->controller()->isRunning(); }))
        return nullptr;
    page->stopMonitoring();
    page->controller()->resetRows(m_window->context()->config());
    return page;
}

QString TestHealthRunPage::runInWriteStop(const QString &name, int secondsAgo, RunLock *lock, QString *runId)
{
    const LoadResult load = ConfigLoader::loadFile(m_cluster);
    planning::PlanInput in;
    in.configPath = m_cluster;
    in.configText = readAll(m_cluster);
    in.config = load.config;
    in.request.strategy = planning::StrategyId::ModDouble;
    for (int i = 4; i < 8; ++i) // the targets on ports 5..8
        in.request.newUrls.insert(QStringLiteral("db%1").arg(i),
                                  QStringLiteral("jdbc:mysql://127.0.0.1:%1/fsharechat").arg(i + 1));
    const planning::PlanOutcome plan = planning::makePlan(in);
    if (!plan.plan)
        qFatal("makePlan: %s", qPrintable(plan.error));
    const QString admin = m_dir.filePath(QStringLiteral("admin.cnf"));
    {
        QFile a(admin);
        if (!a.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(admin));
        a.write("[client]\nuser=sp_admin\npassword=Page-admin-pw\n");
    }
    QFile::setPermissions(admin, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    RunSpec options;
    options.adminDefaultsFile = admin;
    QString error;
    const QString dir = m_dir.filePath(QStringLiteral("runs/") + name);
    const auto spec = createRun(*plan.plan, QString(), dir, options, &error);
    if (!spec)
        qFatal("createRun: %s", qPrintable(error));
    *runId = spec->runId;
    Journal j(RunDir(dir).journalFile());
    for (Step s : {Step::T0, Step::T1, Step::T2, Step::T3})
        j.setStep(s, StepStatus::Done);
    j.setStep(Step::T4, StepStatus::Running);
    j.setValue(migration::keys::writeStopStart,
               QDateTime::currentDateTimeUtc().addSecs(-secondsAgo).toString(Qt::ISODateWithMs));
    if (!lock->acquire(RunDir(dir).lockFile(), &error))
        qFatal("lock: %s", qPrintable(error));
    return dir;
}

void TestHealthRunPage::keepsSamplingAfterOpeningAnotherConfig()
{
    // Sampling once seen goes on in the background; File > Open of another config stopped it
    // silently (the page was not visible, so it never started again).
    QVERIFY(m_window->openConfig(test::sourcePath(QStringLiteral("tests/data/sandbox-2x2.yaml"))));
    HealthPage *page = healthPage();
    m_window->showPage(QStringLiteral("health"));
    QTRY_VERIFY(page->controller()->isRunning());
    m_window->showPage(QStringLiteral("topology"));
    QVERIFY(!page->isVisible());

    QVERIFY(m_window->openConfig(m_cluster));
    QVERIFY2(page->controller()->isRunning(), "sampling stopped after File > Open of another config");
    QCOMPARE(page->controller()->rows().size(), 4);
    QCOMPARE(page->controller()->rows().at(3).sample.server.port, 4);
    QCOMPARE(m_window->currentPageId(), QStringLiteral("topology"));

    // The same file reloaded in place (a switch wrote it): still sampling, and a server still
    // there keeps the points it had.
    const qint64 mine = QDateTime::currentMSecsSinceEpoch() - 3600; // before any of the pollers' own
    page->controller()->addSample(sampleOf(0, mine));
    auto hasMine = [page, mine] {
        for (const HealthPoint &p : page->controller()->rows().at(0).points)
            if (p.msecs == mine)
                return true;
        return false;
    };
    QVERIFY(hasMine());
    QVERIFY(m_window->openConfig(m_cluster));
    QVERIFY(page->controller()->isRunning());
    QVERIFY2(hasMine(), "the reload dropped the points of a server still in the config");

    // Stopped by hand: opening another config does not start it behind the operator's back.
    page->stopMonitoring();
    QVERIFY(m_window->openConfig(test::sourcePath(QStringLiteral("tests/data/sandbox-2x2.yaml"))));
    QVERIFY(!page->controller()->isRunning());
}

void TestHealthRunPage::writeStopIsYellowWithTheRunsWords()
{
    QVERIFY(m_window->openConfig(m_cluster));
    HealthPage *page = quietHealthPage();
    QVERIFY(page);
    page->setRecordHistory(true);
    HealthController *c = page->controller();
    QAbstractItemModelTester tester(page->eventModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QTRY_VERIFY(page->eventsLoaded());
    // (The pollers that ran before the page was stopped may have seen the absent servers go red.)
    const int base = page->eventModel()->rowCount();

    // Every server answers, green.
    const qint64 t0 = QDateTime::currentMSecsSinceEpoch() - 20000;
    for (int i = 0; i < 4; ++i)
        c->addSample(sampleOf(i, t0));
    QCOMPARE(c->worst(), Verdict::Green);

    // A run of this config in its write stop (T4, a process holds it), followed by the console.
    RunLock lock;
    QString runId;
    const QString dir = runInWriteStop(QStringLiteral("stop"), 12, &lock, &runId);
    m_window->context()->setRunDir(dir);
    QCOMPARE(c->followedRun(), dir);

    // The sources turn yellow at once (their read_only is the run's), in the run's words.
    QTRY_VERIFY(c->runActivity().writesStopped);
    const HealthRow &db1 = c->rows().at(c->rowOf(QStringLiteral("db1")));
    QCOMPARE(db1.verdict.verdict, Verdict::Yellow);
    const QString reason = CoreText::render(db1.verdict.reason);
    QVERIFY2(reason.startsWith(QStringLiteral("db1: writes stopped by run %1 (T4, ").arg(runId)),
             qPrintable(reason));
    QCOMPARE(c->worst(), Verdict::Yellow);
    auto *banner = test::findNamed<QLabel>(page, "healthRun");
    QTRY_VERIFY(banner->isVisible());
    QVERIFY2(banner->text().contains(runId) && banner->text().contains(QStringLiteral("T4")) &&
                 banner->text().contains(QStringLiteral("db0, db1, db2, db3")),
             qPrintable(banner->text()));
    QTest::qWait(300); // the grid repaints the samples of one moment together
    page->grab().toImage().save(QStringLiteral("/tmp/healthrun-writestop.png"));
    // A sample with read_only ON (the run's): still the run's yellow, no "read_only ON on a primary".
    c->addSample(sampleOf(1, t0 + 5000, true));
    QCOMPARE(c->rows().at(c->rowOf(QStringLiteral("db1"))).verdict.findings.size(), 1);

    // Each green -> yellow is an event with its reason, on the "Verdict changes" tab.
    QCOMPARE(page->eventModel()->rowCount(), base + 4);
    const QModelIndex first = page->eventModel()->index(base + 1, HealthEventModel::ReasonColumn);
    QVERIFY(first.data().toString().contains(QStringLiteral("writes stopped by run %1").arg(runId)));
    QCOMPARE(page->eventModel()->index(base + 1, HealthEventModel::DataSourceColumn).data().toString(),
             QStringLiteral("db1"));
    QCOMPARE(page->eventModel()->index(base + 1, HealthEventModel::ChangeColumn).data().toString(),
             QStringLiteral("green → yellow"));

    // Writes resumed (T7): green again, and that is an event too.
    {
        Journal j(RunDir(dir).journalFile());
        for (Step s : {Step::T4, Step::T5, Step::T6, Step::T7})
            j.setStep(s, StepStatus::Done);
        j.setValue(migration::keys::writesResumed,
                   QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    }
    QTRY_VERIFY(!c->runActivity().writesStopped);
    c->addSample(sampleOf(1, QDateTime::currentMSecsSinceEpoch(), false)); // read_only lifted
    QCOMPARE(c->rows().at(c->rowOf(QStringLiteral("db1"))).verdict.verdict, Verdict::Green);
    QTRY_VERIFY(!banner->isVisible());
    QCOMPARE(page->eventModel()->rowCount(), base + 8);

    // The events are in the history file, where `shardctl health --events` reads them.
    page->stopMonitoring(); // flushes
    const QString file = StatsHistory::defaultPathFor(m_cluster);
    auto runEvents = [&] {
        QList<HealthEvent> out;
        bool afterRun = false;
        for (const HealthEvent &e : HealthHistory(file).events({}, {}, QStringLiteral("db1"))) {
            afterRun = afterRun || e.runId == runId;
            if (afterRun)
                out.append(e);
        }
        return out;
    };
    QTRY_COMPARE_WITH_TIMEOUT(runEvents().size(), 2, 10000);
    const QList<HealthEvent> stored = runEvents();
    QCOMPARE(stored.first().from, Verdict::Green);
    QCOMPARE(stored.first().to, Verdict::Yellow);
    QVERIFY(stored.first().reason.text.contains(QStringLiteral("writes stopped by run")));
    QCOMPARE(stored.last().from, Verdict::Yellow);
    QCOMPARE(stored.last().to, Verdict::Green);

    QTabWidget *tabs = test::findNamed<QTabWidget>(page, "healthTabs");
    page->showEvents(QString());
    QCOMPARE(tabs->currentWidget(), page->eventView()->parentWidget());
    const QImage shot = page->grab().toImage();
    QVERIFY(!shot.isNull());
    shot.save(QStringLiteral("/tmp/healthrun-events.png"));
}

void TestHealthRunPage::redStretchOpensItsEvents()
{
    QVERIFY(m_window->openConfig(m_cluster));
    const QString file = StatsHistory::defaultPathFor(m_cluster);
    const qint64 t0 = QDateTime::currentMSecsSinceEpoch() - 600000;
    {
        // db2 green, red for 30 s (down), green again; its two events.
        HealthHistory h(file);
        QVERIFY2(h.isOpen(), qPrintable(h.lastError()));
        ShardVerdict before;
        before.dataSource = QStringLiteral("db2");
        QList<HealthEvent> events;
        for (int i = 0; i < 20; ++i) {
            const HealthSample s = i >= 8 && i < 14 ? downOf(2, t0 + i * 5000) : sampleOf(2, t0 + i * 5000);
            const ShardVerdict v = evaluate(s, HealthThresholds());
            QVERIFY(h.record({s}, {v}));
            if (const auto e = verdictChange(before, v, s.at))
                events.append(*e);
            before = v;
        }
        QCOMPARE(events.size(), 2);
        // An event of another data source at the same time is not this stretch's.
        HealthEvent other = events.first();
        other.dataSource = QStringLiteral("db3");
        events.append(other);
        QVERIFY(h.recordEvents(events));
    }
    auto *history = qobject_cast<HistoryPage *>(m_window->page(QStringLiteral("history")));
    QVERIFY(history);
    m_window->showPage(QStringLiteral("history"));
    auto *scope = test::findNamed<QComboBox>(history, "historyScopeCombo");
    history->reload();
    const int db2 = scope->findData(QStringLiteral("d:db2"));
    QVERIFY(db2 >= 0);
    scope->setCurrentIndex(db2);
    QTRY_COMPARE(history->redStretches()->stretches().size(), 1);
    auto *links = test::findNamed<QLabel>(history, "historyRedStretches");
    QVERIFY(links->isVisible());
    QVERIFY2(links->text().contains(QStringLiteral("href=\"red:0\"")), qPrintable(links->text()));
    history->grab().toImage().save(QStringLiteral("/tmp/healthrun-history.png"));

    // The link (a click on it) opens the Health page on that stretch's changes.
    emit links->linkActivated(QStringLiteral("red:0"));
    QCOMPARE(m_window->currentPageId(), QStringLiteral("health"));
    HealthPage *page = healthPage();
    QTRY_VERIFY(page->eventsLoaded());
    QTabWidget *tabs = test::findNamed<QTabWidget>(page, "healthTabs");
    QCOMPARE(tabs->currentWidget(), page->eventView()->parentWidget());
    QTRY_COMPARE(page->eventFilter()->rowCount(), 2);
    QCOMPARE(page->eventFilter()->index(0, HealthEventModel::ChangeColumn).data().toString(),
             QStringLiteral("green → red"));
    QCOMPARE(page->eventFilter()->index(1, HealthEventModel::ChangeColumn).data().toString(),
             QStringLiteral("red → green"));
    QVERIFY(page->eventFilter()
                ->index(0, HealthEventModel::ReasonColumn)
                .data()
                .toString()
                .startsWith(QStringLiteral("db2: down (")));
    QCOMPARE(page->selectedDataSource(), QStringLiteral("db2"));
    auto *all = test::findNamed<QPushButton>(page, "healthEventsAll");
    QVERIFY(all->isVisible());
    QTest::mouseClick(all, Qt::LeftButton);
    // Every stored change again (the page, now shown, samples the absent servers too: their own
    // changes come after these).
    int stored = 0;
    for (int r = 0; r < page->eventFilter()->rowCount(); ++r)
        stored += page->eventFilter()->index(r, 0).data(HealthEventModel::TimeRole).toDateTime().toMSecsSinceEpoch() <
                          t0 + 20 * 5000
                      ? 1
                      : 0;
    QCOMPARE(stored, 3);
}

void TestHealthRunPage::accessDeniedEverywhere()
{
    QVERIFY(m_window->openConfig(m_cluster));
    HealthPage *page = quietHealthPage();
    QVERIFY(page);
    const qint64 t0 = QDateTime::currentMSecsSinceEpoch();
    page->controller()->addSample(downOf(0, t0, 1045));
    page->controller()->addSample(downOf(1, t0, 2002));
    const auto reasonOf = [page](const QString &ds) {
        return CoreText::render(page->controller()->rows().at(page->controller()->rowOf(ds)).verdict.reason);
    };
    QVERIFY2(reasonOf(QStringLiteral("db0")).startsWith(QStringLiteral("db0: access denied (")),
             qPrintable(reasonOf(QStringLiteral("db0"))));
    QVERIFY2(reasonOf(QStringLiteral("db1")).startsWith(QStringLiteral("db1: down (")),
             qPrintable(reasonOf(QStringLiteral("db1"))));

    // The dashboard and the topology of an inspection where db0 refused the account.
    ClusterSnapshot snap;
    snap.configPath = m_cluster;
    snap.takenAt = QDateTime::currentDateTimeUtc();
    for (int i = 0; i < 4; ++i) {
        InstanceHealth h = i == 0   ? downOf(0, t0, 1045).server
                           : i == 1 ? downOf(1, t0).server
                                    : sampleOf(i, t0).server;
        snap.instances.append(h);
    }
    m_window->context()->setSnapshot(snap);
    m_window->showPage(QStringLiteral("dashboard"));
    auto *warning = test::findNamed<QLabel>(m_window->page(QStringLiteral("dashboard")), "instancesWarning");
    QTRY_VERIFY(warning->isVisible());
    QVERIFY2(warning->text().contains(QStringLiteral("Access denied: db0")), qPrintable(warning->text()));
    QVERIFY2(warning->text().contains(QStringLiteral("Unreachable: db1")), qPrintable(warning->text()));
    QVERIFY2(!warning->text().contains(QStringLiteral("Unreachable: db0")), qPrintable(warning->text()));
    auto *status = test::findNamed<QLabel>(m_window->page(QStringLiteral("dashboard")), "dashboardStatus");
    QVERIFY2(status->text().contains(QStringLiteral("refused the account (access denied)")),
             qPrintable(status->text()));

    auto *topology = qobject_cast<TopologyPage *>(m_window->page(QStringLiteral("topology")));
    QVERIFY(topology);
    const TopologyModel *m = topology->model();
    QTRY_VERIFY(m->rowCount() > 0);
    const QModelIndex sources = m->index(0, 0);
    QMap<QString, TopologyModel::Status> status0;
    for (int r = 0; r < m->rowCount(sources); ++r) {
        const QModelIndex i = m->index(r, 0, sources);
        status0.insert(i.data(Qt::DisplayRole).toString(),
                       i.data(TopologyModel::StatusRole).value<TopologyModel::Status>());
    }
    QCOMPARE(status0.value(QStringLiteral("db0")), TopologyModel::Status::AccessDenied);
    QCOMPARE(status0.value(QStringLiteral("db1")), TopologyModel::Status::Unreachable);
    QCOMPARE(TopologyModel::statusText(TopologyModel::Status::AccessDenied), QStringLiteral("access denied"));
}

void TestHealthRunPage::unreachableIsUnknownNotZero()
{
    QVERIFY(m_window->openConfig(m_cluster));
    HealthPage *page = quietHealthPage();
    QVERIFY(page);
    HealthController *c = page->controller();
    const qint64 t0 = QDateTime::currentMSecsSinceEpoch() - 300000;
    for (int i = 0; i < 60; ++i)
        c->addSample(i >= 20 && i < 40 ? downOf(0, t0 + i * 5000) : sampleOf(0, t0 + i * 5000, false, 400));
    const QList<HealthChart::Span> spans = HealthChart::unknownSpans(c->rows().at(0).points);
    QCOMPARE(spans.size(), 1);
    QCOMPARE(spans.first().from, t0 + 20 * 5000);
    QCOMPARE(spans.first().to, t0 + 40 * 5000);

    page->selectDataSource(QStringLiteral("db0"));
    HealthChart *chart = page->chart();
    chart->resize(600, 300);
    QTRY_VERIFY(chart->showsUnknownAt(t0 + 30 * 5000));
    // In the QPS plot, a quarter of the way down, the unknown stretch is a grey band; a gap
    // there would be the chart's background (and a zero a line at its bottom).
    const QImage img = chart->grab().toImage();
    img.save(QStringLiteral("/tmp/healthrun-chart.png"));
    const qint64 window = chart->windowMs();
    const QFontMetrics fm(chart->font());
    const int left = fm.horizontalAdvance(QStringLiteral("00000")) + 8;
    const double plotH = double(chart->height() - (fm.height() + 6) - 8) / 3;
    const double top = 4 + fm.height();
    const double h = plotH - fm.height() - 6;
    const qint64 to = c->rows().at(0).points.last().msecs;
    const double w = chart->width() - left - 8;
    const int xIn = int(left + w * double(t0 + 30 * 5000 - (to - window)) / double(window));
    const int xOut = int(left + w * double(t0 + 50 * 5000 + 2500 - (to - window)) / double(window));
    const int y = int(top + h / 4);
    const QColor base = chart->palette().base().color();
    QVERIFY2(img.pixelColor(xIn, y) != base, "no unknown band where the server did not answer");
    QCOMPARE(img.pixelColor(xOut, y), base);
    // The value now of a down server is unknown ("-"), never 0.
    c->addSample(downOf(0, t0 + 60 * 5000));
    QCOMPARE(c->rows().at(0).points.last().qps, -1.0);
}

void TestHealthRunPage::gridColumnsReachableAt1024x640()
{
    m_window->resize(1024, 640);
    QVERIFY(m_window->openConfig(m_cluster));
    HealthPage *page = quietHealthPage();
    QVERIFY(page);
    const qint64 t0 = QDateTime::currentMSecsSinceEpoch() - 60000;
    for (int k = 0; k < 12; ++k)
        for (int i = 0; i < 4; ++i)
            page->controller()->addSample(sampleOf(i, t0 + k * 5000, false, 100 + 10 * i + k));
    QTRY_COMPARE(page->grid()->rows().size(), 4);
    QTRY_COMPARE(page->grid()->rows().at(3).points.size(), 12);
    auto *scroll = test::findNamed<QScrollArea>(page, "healthGridScroll");
    QVERIFY(scroll);
    // The verdict column (after TPS) ends inside what the grid's scroll area can show: either on
    // screen, or reachable by its horizontal scroll bar.
    const QRect verdict = page->grid()->verdictRect(0);
    const int reachable = scroll->viewport()->width() + scroll->horizontalScrollBar()->maximum();
    QVERIFY2(
        verdict.left() + 80 <= reachable,
        qPrintable(QStringLiteral("verdict at x=%1, reachable up to %2").arg(verdict.left()).arg(reachable)));
    QVERIFY(verdict.width() >= 80);
    // ... and the page itself is not wider than the window's page area.
    auto *pageScroll = qobject_cast<QScrollArea *>(page->parentWidget()->parentWidget());
    QVERIFY(pageScroll);
    QCOMPARE(pageScroll->horizontalScrollBar()->maximum(), 0);
    m_window->grab().toImage().save(QStringLiteral("/tmp/healthrun-1024.png"));
}

void TestHealthRunPage::runWordsInChinese()
{
    // The page built under the zh_CN catalogue: the run's words, the tabs and the events in Chinese.
    QTranslator zh;
    QVERIFY(zh.load(AppPaths::translationsDir() + QStringLiteral("/shardpilot_zh_CN.qm")));
    QVERIFY(QCoreApplication::installTranslator(&zh));
    m_window.reset();
    QFile::remove(m_dir.filePath(QStringLiteral("settings.ini")));
    m_window = test::makeMainWindow(m_dir);
    m_window->resize(1600, 1000);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(m_window->openConfig(m_cluster));
    HealthPage *page = quietHealthPage();
    QVERIFY(page);
    const qint64 t0 = QDateTime::currentMSecsSinceEpoch() - 60000;
    for (int k = 0; k < 12; ++k)
        for (int i = 0; i < 4; ++i)
            page->controller()->addSample(sampleOf(i, t0 + k * 5000, false, 80 + 20 * i + k));
    RunLock lock;
    QString runId;
    m_window->context()->setRunDir(runInWriteStop(QStringLiteral("zh"), 8, &lock, &runId));
    QTRY_VERIFY(page->controller()->runActivity().writesStopped);
    for (int i = 0; i < 4; ++i)
        page->controller()->addSample(sampleOf(i, QDateTime::currentMSecsSinceEpoch(), true, 90));
    page->selectDataSource(QStringLiteral("db1"));
    const QString reason = CoreText::render(page->controller()->rows().at(1).verdict.reason);
    auto *banner = test::findNamed<QLabel>(page, "healthRun");
    QTRY_VERIFY(banner->isVisible());
    const QString bannerText = banner->text();
    QTest::qWait(300); // the grid repaints the samples of one moment together
    m_window->grab().toImage().save(QStringLiteral("/tmp/healthrun-zh-1600.png"));
    page->showEvents(QString());
    QTest::qWait(300); // the grid repaints the samples of one moment together
    m_window->grab().toImage().save(QStringLiteral("/tmp/healthrun-zh-1600-events.png"));
    m_window->resize(1024, 640);
    QTest::qWait(300); // the grid repaints the samples of one moment together
    m_window->grab().toImage().save(QStringLiteral("/tmp/healthrun-zh-1024-events.png"));
    const QString tab = test::findNamed<QTabWidget>(page, "healthTabs")->tabText(1);
    const QString change = page->eventFilter()->index(0, HealthEventModel::ChangeColumn).data().toString();
    m_window.reset();
    QCoreApplication::removeTranslator(&zh);
    QVERIFY2(reason.startsWith(QStringLiteral("db1：写入已被迁移运行 %1 停止（T4，").arg(runId)),
             qPrintable(reason));
    QVERIFY2(bannerText.contains(runId) && bannerText.contains(QStringLiteral("停止了")),
             qPrintable(bannerText));
    QCOMPARE(tab, QStringLiteral("结论变化"));
    QCOMPARE(change, QStringLiteral("绿色 → 黄色"));
}

QTEST_MAIN(TestHealthRunPage)
#include "tst_healthrun.moc"
