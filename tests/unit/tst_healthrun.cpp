// Health knows about the run, without a server: a run directory made with createRun and a journal
// written through the core API (as an engine in another process would) become a RunActivity; a
// server whose writes the run's write stop (T4, a dual-master run's D7) stopped is yellow "writes
// stopped by run X (T4, 12 s)", not green, and its read_only is the run's; the run's copy load is
// named as the run's; verdict changes are events kept in the health history (template kept, --since
// window, one data source); the red stretches of stored samples; a wrong password is "access
// denied", not "down".
#include "TestPaths.h"

#include "core/cluster/ServerState.h"
#include "core/config/ConfigLoader.h"
#include "core/health/HealthHistory.h"
#include "core/health/HealthJson.h"
#include "core/health/HealthVerdict.h"
#include "core/health/RunActivity.h"
#include "core/migration/run/RunKind.h"
#include "core/migration/Journal.h"
#include "core/migration/RunState.h"
#include "core/planning/ExpansionStrategy.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace sp;
using namespace sp::health;
using namespace sp::migration;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A sample of the server of data source db<i> (the config puts db<i> on 127.0.0.1:<i + 1>).
HealthSample sampleOf(int i, const QDateTime &at, bool readOnly = false, int running = 1)
{
    HealthSample s;
    s.server.dataSource = QStringLiteral("db%1").arg(i);
    s.server.host = QStringLiteral("127.0.0.1");
    s.server.port = i + 1;
    s.server.reachable = true;
    s.server.readOnly = readOnly;
    s.server.connections = 5;
    s.server.maxConnections = 100;
    s.threadsRunning = running;
    s.at = at;
    s.steadyMs = at.toMSecsSinceEpoch();
    return s;
}

} // namespace

class TestHealthRun final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void writeStopMakesItsServersYellow();
    void writeStopWithoutAProcess();
    void writesResumedIsGreenAgain();
    void dualMasterWriteStop();
    void copyLoadIsTheRuns();
    void rolledBackRunIsNothing();
    void verdictChangesAreEvents();
    void eventsKeptInTheHistory();
    void redStretches();
    void accessDeniedIsNotDown();
    void shardctlHealthRunAndEvents();

private:
    QString newRun(const QString &name, planning::StrategyId strategy = planning::StrategyId::ModDouble);
    void setJournal(const QString &dir, const std::function<void(Journal &)> &f);
    RunActivity read(const QString &dir);

    QTemporaryDir m_dir;
    QString m_config;
    QString m_admin;
};

void TestHealthRun::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // db0..db3 on 127.0.0.1 ports 1..4 (nothing listens: no server is contacted); the plan puts
    // db4..db7 on ports 5..8.
    QString text = QString::fromUtf8(readAll(test::examplePath(QStringLiteral("fsharechat-crc32.yaml"))));
    for (int i = 0; i < 4; ++i)
        text.replace(QStringLiteral("jdbc:mysql://mysql-%1:3306/").arg(i),
                     QStringLiteral("jdbc:mysql://127.0.0.1:%1/").arg(i + 1));
    m_config = m_dir.filePath(QStringLiteral("cluster.yaml"));
    QFile f(m_config);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text.toUtf8());
    f.close();
    m_admin = m_dir.filePath(QStringLiteral("admin.cnf"));
    QFile a(m_admin);
    QVERIFY(a.open(QIODevice::WriteOnly));
    a.write("[client]\nuser=sp_admin\npassword=Health-admin-pw\n");
    a.close();
    QFile::setPermissions(m_admin, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
}

QString TestHealthRun::newRun(const QString &name, planning::StrategyId strategy)
{
    planning::PlanInput in;
    in.configPath = m_config;
    in.configText = readAll(m_config);
    in.config = ConfigLoader::loadText(in.configText, m_config).config;
    in.request.strategy = strategy;
    for (int i = 4; i < 8; ++i) // the targets on ports 5..8
        in.request.newUrls.insert(QStringLiteral("db%1").arg(i), QStringLiteral("jdbc:mysql://127.0.0.1:%1/fsharechat").arg(i + 1));
    const planning::PlanOutcome out = planning::makePlan(in);
    if (!out.plan)
        qFatal("makePlan: %s", qPrintable(out.error));
    RunSpec options;
    options.adminDefaultsFile = m_admin;
    options.observeSec = 3600;
    QString error;
    const QString dir = m_dir.filePath(QStringLiteral("runs/") + name);
    if (!createRun(*out.plan, QString(), dir, options, &error))
        qFatal("createRun: %s", qPrintable(error));
    return dir;
}

void TestHealthRun::setJournal(const QString &dir, const std::function<void(Journal &)> &f)
{
    Journal j(RunDir(dir).journalFile());
    QVERIFY2(j.isOpen(), qPrintable(j.error()));
    f(j);
}

RunActivity TestHealthRun::read(const QString &dir)
{
    RunFollower follower(dir);
    RunActivity a;
    QString error;
    if (!follower.read(&a, &error))
        qFatal("RunFollower::read: %s", qPrintable(error));
    return a;
}

void TestHealthRun::writeStopMakesItsServersYellow()
{
    const QString dir = newRun(QStringLiteral("stop"));
    const QDateTime start = QDateTime::currentDateTimeUtc().addSecs(-12);
    setJournal(dir, [&](Journal &j) {
        for (Step s : {Step::T0, Step::T1, Step::T2, Step::T3})
            j.setStep(s, StepStatus::Done);
        j.setStep(Step::T4, StepStatus::Running);
        j.setValue(migration::keys::writeStopStart, start.toString(Qt::ISODateWithMs));
    });
    // A process runs the run (as `shardctl migrate run` holds its lock).
    RunLock lock;
    QString error;
    QVERIFY2(lock.acquire(RunDir(dir).lockFile(), &error), qPrintable(error));

    const RunActivity run = read(dir);
    QVERIFY(run.isActive());
    QVERIFY(run.writesStopped);
    QVERIFY(run.running);
    QCOMPARE(run.step, QStringLiteral("T4"));
    QCOMPARE(run.writeStopSince, start);
    QCOMPARE(run.stopped.size(), 4); // the sources db0..db3
    QCOMPARE(run.work, RunActivity::Work::None);

    // db1's server, read_only ON (the run's): yellow, with the run, the step and the seconds.
    const QDateTime at = start.addSecs(12);
    const ShardVerdict v = evaluate(sampleOf(1, at, true), HealthThresholds(), {}, run);
    QCOMPARE(v.verdict, Verdict::Yellow);
    QCOMPARE(v.reason.text, QStringLiteral("db1: writes stopped by run %1 (T4, 12 s)").arg(run.runId));
    QCOMPARE(v.reason.source, QStringLiteral("%1: writes stopped by run %2 (%3, %4)"));
    QCOMPARE(v.findings.size(), 1); // read_only ON is the run's, not a finding of its own
    QCOMPARE(v.findings.first().metric, QStringLiteral("writeStop"));
    QCOMPARE(v.runId, run.runId);
    // Without the run the same sample is read_only on a primary, a finding of its own.
    const ShardVerdict alone = evaluate(sampleOf(1, at, true), HealthThresholds());
    QCOMPARE(alone.findings.first().metric, QStringLiteral("readOnly"));
    // ... and a sample taken before read_only went through is yellow too: writes are stopping.
    QCOMPARE(evaluate(sampleOf(1, at, false), HealthThresholds(), {}, run).verdict, Verdict::Yellow);
    // A target (db5, port 6) keeps its own verdict.
    QCOMPARE(evaluate(sampleOf(5, at), HealthThresholds(), {}, run).verdict, Verdict::Green);
    // Three minutes in, the duration reads in minutes.
    QCOMPARE(evaluate(sampleOf(0, start.addSecs(185)), HealthThresholds(), {}, run).reason.text,
             QStringLiteral("db0: writes stopped by run %1 (T4, 3 min)").arg(run.runId));

    // The same in JSON (`shardctl health --run`): the run's note and the run object.
    const QJsonObject o = sampleJson(sampleOf(1, at, true), v);
    QCOMPARE(o.value(QStringLiteral("verdict")).toString(), QStringLiteral("yellow"));
    QCOMPARE(o.value(QStringLiteral("run")).toObject().value(QStringLiteral("id")).toString(), run.runId);
    const QJsonObject rj = runJson(run);
    QCOMPARE(rj.value(QStringLiteral("step")).toString(), QStringLiteral("T4"));
    QCOMPARE(rj.value(QStringLiteral("stoppedServers")).toArray().size(), 4);
    QCOMPARE(rj.value(QStringLiteral("stoppedServers"))
                 .toArray()
                 .at(1)
                 .toObject()
                 .value(QStringLiteral("port"))
                 .toInt(),
             2);

    // T5 verifies inside the write stop: still stopped, now at T5, and the rows are the run's load.
    setJournal(dir, [&](Journal &j) {
        j.setStep(Step::T4, StepStatus::Done);
        j.setStep(Step::T5, StepStatus::Running);
    });
    const RunActivity t5 = read(dir);
    QVERIFY(t5.writesStopped);
    QCOMPARE(t5.step, QStringLiteral("T5"));
    QCOMPARE(t5.work, RunActivity::Work::Verify);
    QVERIFY(evaluate(sampleOf(2, at), HealthThresholds(), {}, t5)
                .reason.text.contains(QStringLiteral("(T5, 12 s)")));
}

void TestHealthRun::writeStopWithoutAProcess()
{
    // The process died inside the write stop: read_only stays ON until someone goes on.
    const QString dir = newRun(QStringLiteral("orphan"));
    setJournal(dir, [&](Journal &j) {
        for (Step s : {Step::T0, Step::T1, Step::T2, Step::T3, Step::T4})
            j.setStep(s, StepStatus::Done);
        j.setStep(Step::T5, StepStatus::Running);
        j.setValue(migration::keys::writeStopStart,
                   QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    });
    const RunActivity run = read(dir);
    QVERIFY(run.writesStopped);
    QVERIFY(!run.running);
    QCOMPARE(run.work, RunActivity::Work::None); // nobody verifies now
    const ShardVerdict v =
        evaluate(sampleOf(3, QDateTime::currentDateTimeUtc(), true), HealthThresholds(), {}, run);
    QCOMPARE(v.verdict, Verdict::Yellow);
    QVERIFY2(v.reason.text.contains(QStringLiteral("no process runs it: continue or roll it back")),
             qPrintable(v.reason.text));
}

void TestHealthRun::writesResumedIsGreenAgain()
{
    const QString dir = newRun(QStringLiteral("resumed"));
    setJournal(dir, [&](Journal &j) {
        for (Step s : {Step::T0, Step::T1, Step::T2, Step::T3, Step::T4, Step::T5, Step::T6, Step::T7})
            j.setStep(s, StepStatus::Done);
        const QDateTime now = QDateTime::currentDateTimeUtc();
        j.setValue(migration::keys::writeStopStart, now.addSecs(-8).toString(Qt::ISODateWithMs));
        j.setValue(migration::keys::writesResumed, now.toString(Qt::ISODateWithMs));
    });
    const RunActivity run = read(dir);
    QVERIFY(!run.writesStopped);
    QCOMPARE(run.step, QStringLiteral("T8"));
    QVERIFY(!run.isActive());
    QCOMPARE(evaluate(sampleOf(0, QDateTime::currentDateTimeUtc()), HealthThresholds(), {}, run).verdict,
             Verdict::Green);
}

void TestHealthRun::dualMasterWriteStop()
{
    const QString dir = newRun(QStringLiteral("dual"), planning::StrategyId::DualMaster);
    const QDateTime start = QDateTime::currentDateTimeUtc().addSecs(-4);
    setJournal(dir, [&](Journal &j) {
        for (DualStep d : {DualStep::D1, DualStep::D2, DualStep::D3, DualStep::D4, DualStep::D5, DualStep::D6})
            j.setStep(rowOf(d), StepStatus::Done);
        j.setStep(rowOf(DualStep::D7), StepStatus::Running); // the switch
        j.setValue(migration::keys::writeStopStart, start.toString(Qt::ISODateWithMs));
    });
    RunLock lock;
    QString error;
    QVERIFY2(lock.acquire(RunDir(dir).lockFile(), &error), qPrintable(error));
    const RunActivity run = read(dir);
    QVERIFY(run.writesStopped);
    QCOMPARE(run.step, QStringLiteral("D7"));
    const ShardVerdict v = evaluate(sampleOf(0, start.addSecs(4), true), HealthThresholds(), {}, run);
    QCOMPARE(v.verdict, Verdict::Yellow);
    QCOMPARE(v.reason.text, QStringLiteral("db0: writes stopped by run %1 (D7, 4 s)").arg(run.runId));
    // D6 compares rows on both sides: the run's load, D-named.
    setJournal(dir, [&](Journal &j) {
        j.setStep(rowOf(DualStep::D6), StepStatus::Running);
        j.setStep(rowOf(DualStep::D7), StepStatus::Pending);
        j.setValue(migration::keys::writeStopStart, QString());
    });
    const RunActivity d6 = read(dir);
    QVERIFY(!d6.writesStopped);
    QCOMPARE(d6.step, QStringLiteral("D6"));
    QCOMPARE(d6.work, RunActivity::Work::Compare);
}

void TestHealthRun::copyLoadIsTheRuns()
{
    const QString dir = newRun(QStringLiteral("copy"));
    setJournal(dir, [&](Journal &j) {
        j.setStep(Step::T0, StepStatus::Done);
        j.setStep(Step::T1, StepStatus::Done);
        j.setStep(Step::T2, StepStatus::Running);
    });
    RunLock lock;
    QString error;
    QVERIFY2(lock.acquire(RunDir(dir).lockFile(), &error), qPrintable(error));
    const RunActivity run = read(dir);
    QVERIFY(!run.writesStopped);
    QCOMPARE(run.step, QStringLiteral("T2"));
    QCOMPARE(run.work, RunActivity::Work::Copy);
    QCOMPARE(run.loaded.size(), 8); // the sources db0..db3 and the targets db4..db7

    // A source with 80 threads running for 30 s while the run copies: red, and the reason says the
    // load is the run's copy.
    const QDateTime t0 = QDateTime::currentDateTimeUtc();
    QList<HealthSample> recent;
    for (int i = 0; i <= 6; ++i)
        recent.append(sampleOf(0, t0.addSecs(i * 5), false, 80));
    const ShardVerdict hot = evaluate(recent.last(), HealthThresholds(), recent, run);
    QCOMPARE(hot.verdict, Verdict::Red);
    QCOMPARE(hot.reason.text,
             QStringLiteral("db0: 80 threads running for 30 s (load of run %1, which copies rows: T2)")
                 .arg(run.runId));
    // A target within thresholds says the run copies there.
    const ShardVerdict quiet = evaluate(sampleOf(6, t0), HealthThresholds(), {}, run);
    QCOMPARE(quiet.verdict, Verdict::Green);
    QCOMPARE(quiet.reason.text,
             QStringLiteral("db6: within thresholds; run %1 copies rows here (T2)").arg(run.runId));
    // Without the run's lock nobody copies: no attribution.
    lock.release();
    const RunActivity idle = read(dir);
    QCOMPARE(idle.work, RunActivity::Work::None);
    QCOMPARE(evaluate(recent.last(), HealthThresholds(), recent, idle).reason.text,
             QStringLiteral("db0: 80 threads running for 30 s"));
}

void TestHealthRun::rolledBackRunIsNothing()
{
    const QString dir = newRun(QStringLiteral("rolled"));
    setJournal(dir, [&](Journal &j) {
        j.setStep(Step::T4, StepStatus::RolledBack);
        j.setValue(migration::keys::writeStopStart,
                   QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
        j.setValue(migration::keys::rolledBack, QStringLiteral("1"));
    });
    const RunActivity run = read(dir);
    QVERIFY(!run.isActive());
    QCOMPARE(evaluate(sampleOf(0, QDateTime::currentDateTimeUtc()), HealthThresholds(), {}, run).verdict,
             Verdict::Green);
    // An unreadable directory is an error, not an activity.
    RunFollower missing(m_dir.filePath(QStringLiteral("runs/none")));
    RunActivity a;
    QString error;
    QVERIFY(!missing.read(&a, &error));
    QVERIFY(!error.isEmpty());
}

void TestHealthRun::verdictChangesAreEvents()
{
    const QDateTime at = QDateTime::currentDateTimeUtc();
    const HealthThresholds t;
    HealthSample waiting;
    waiting.server.dataSource = QStringLiteral("db0");
    waiting.server.error = QStringLiteral("waiting for the first sample");
    const ShardVerdict unknown = evaluate(waiting, t);
    QCOMPARE(unknown.verdict, Verdict::Unknown);
    const ShardVerdict green = evaluate(sampleOf(0, at), t);
    HealthSample down = sampleOf(0, at.addSecs(5));
    down.server.reachable = false;
    down.server.error = QStringLiteral("Can't connect to server on '127.0.0.1' (111)");
    down.server.errorCode = 2002;
    const ShardVerdict red = evaluate(down, t);
    QCOMPARE(red.verdict, Verdict::Red);

    QVERIFY(!verdictChange(unknown, green, at)); // a first green is no event
    QVERIFY(!verdictChange(green, green, at));
    QVERIFY(!verdictChange(red, unknown, at)); // a restarted monitor is no event
    const auto e = verdictChange(green, red, at.addSecs(5));
    QVERIFY(e);
    QCOMPARE(e->dataSource, QStringLiteral("db0"));
    QCOMPARE(e->from, Verdict::Green);
    QCOMPARE(e->to, Verdict::Red);
    QCOMPARE(e->at, at.addSecs(5));
    QCOMPARE(e->reason.text, red.reason.text);
    const auto first = verdictChange(unknown, red, at); // a first red is one
    QVERIFY(first);
    QCOMPARE(first->from, Verdict::Unknown);
    const auto back = verdictChange(red, green, at.addSecs(10));
    QVERIFY(back);
    QCOMPARE(back->reason.text, QStringLiteral("db0: within thresholds"));
}

void TestHealthRun::eventsKeptInTheHistory()
{
    const QString file = m_dir.filePath(QStringLiteral("history.sqlite"));
    const QDateTime t0 = QDateTime::fromString(QStringLiteral("2024-05-01T10:00:00Z"), Qt::ISODate);
    QList<HealthEvent> events;
    for (int i = 0; i < 4; ++i) {
        HealthEvent e;
        e.at = t0.addSecs(i * 60);
        e.dataSource = QStringLiteral("db%1").arg(i % 2);
        e.from = i % 2 ? Verdict::Red : Verdict::Green;
        e.to = i % 2 ? Verdict::Green : Verdict::Yellow;
        e.reason =
            msg("%1: writes stopped by run %2 (%3, %4)", {Text(e.dataSource), Text(QStringLiteral("abcd")),
                                                          Text(QStringLiteral("T4")), durationText(i)});
        e.runId = i == 0 ? QStringLiteral("abcd") : QString();
        events.append(e);
    }
    {
        HealthHistory h(file);
        QVERIFY2(h.isOpen(), qPrintable(h.lastError()));
        QVERIFY2(h.recordEvents(events), qPrintable(h.lastError()));
    }
    HealthHistory h(file);
    const QList<HealthEvent> all = h.events();
    QCOMPARE(all.size(), 4);
    QCOMPARE(all.first().at, t0);
    QCOMPARE(all.first().from, Verdict::Green);
    QCOMPARE(all.first().to, Verdict::Yellow);
    QCOMPARE(all.first().runId, QStringLiteral("abcd"));
    // The template and its arguments come back, so the console shows the reason in its language.
    QCOMPARE(all.first().reason.source, QStringLiteral("%1: writes stopped by run %2 (%3, %4)"));
    QCOMPARE(all.first().reason.args.size(), 4);
    QCOMPARE(all.first().reason.args.at(3).source, QStringLiteral("%1 s"));
    QCOMPARE(all.first().reason.text, events.first().reason.text);
    // A window and one data source.
    QCOMPARE(h.events(t0.addSecs(60)).size(), 3);
    QCOMPARE(h.events(t0.addSecs(60), t0.addSecs(120)).size(), 2);
    const QList<HealthEvent> db1 = h.events({}, {}, QStringLiteral("db1"));
    QCOMPARE(db1.size(), 2);
    QCOMPARE(db1.last().at, t0.addSecs(180));
    // Events outlive the samples' 14 days, up to kKeepEventDays.
    HealthHistory w(file);
    w.pruneKeeping(HealthHistory::kKeepDays, t0.addDays(30));
    QCOMPARE(w.events().size(), 4);
    w.pruneKeeping(HealthHistory::kKeepDays, t0.addDays(HealthHistory::kKeepEventDays + 1));
    QCOMPARE(w.events().size(), 0);
}

void TestHealthRun::redStretches()
{
    const QDateTime t0 = QDateTime::fromString(QStringLiteral("2024-05-01T10:00:00Z"), Qt::ISODate);
    QList<LoadPoint> points;
    const Verdict seq[] = {Verdict::Green, Verdict::Red, Verdict::Red, Verdict::Yellow, Verdict::Red};
    for (int i = 0; i < 5; ++i) {
        LoadPoint p;
        p.time = t0.addSecs(i * 5);
        p.verdict = seq[i];
        points.append(p);
    }
    const QList<VerdictStretch> red = verdictStretches(points, Verdict::Red);
    QCOMPARE(red.size(), 2);
    QCOMPARE(red.at(0).from, t0.addSecs(5));
    QCOMPARE(red.at(0).to, t0.addSecs(15)); // the first sample no longer red
    QCOMPARE(red.at(0).samples, 2);
    QCOMPARE(red.at(1).from, t0.addSecs(20));
    QCOMPARE(red.at(1).to, t0.addSecs(20)); // still red at the last sample
}

void TestHealthRun::accessDeniedIsNotDown()
{
    // The classification, once, in core/cluster.
    for (unsigned code : {1045u, 1044u, 1698u}) {
        InstanceHealth h;
        h.error = QStringLiteral("refused");
        h.errorCode = code;
        QCOMPARE(serverStateOf(h), ServerState::AccessDenied);
    }
    InstanceHealth refused;
    refused.error = QStringLiteral("Can't connect");
    refused.errorCode = 2002;
    QCOMPARE(serverStateOf(refused), ServerState::Unreachable);
    QCOMPARE(serverStateName(ServerState::AccessDenied), QStringLiteral("access denied"));
    InstanceHealth up;
    up.reachable = true;
    QCOMPARE(serverStateOf(up), ServerState::Up);

    // Health says it: "access denied", not "down".
    HealthSample s = sampleOf(0, QDateTime::currentDateTimeUtc());
    s.server.reachable = false;
    s.server.error =
        QStringLiteral("app@127.0.0.1:1: Access denied for user 'app'@'localhost' (using password: YES) "
                       "(mysql error 1045)");
    s.server.errorCode = 1045;
    const ShardVerdict v = evaluate(s, HealthThresholds());
    QCOMPARE(v.verdict, Verdict::Red);
    QCOMPARE(v.findings.first().metric, QStringLiteral("access"));
    QVERIFY2(v.reason.text.startsWith(QStringLiteral("db0: access denied (")), qPrintable(v.reason.text));
    const QJsonObject o = sampleJson(s, v);
    QCOMPARE(o.value(QStringLiteral("state")).toString(), QStringLiteral("access denied"));
    QCOMPARE(o.value(QStringLiteral("errorCode")).toInt(), 1045);
}

void TestHealthRun::shardctlHealthRunAndEvents()
{
    auto shardctl = [](const QStringList &args, int *rc, QByteArray *err = nullptr) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("SHARDPILOT_NO_KEYCHAIN"), QStringLiteral("1"));
        p.setProcessEnvironment(env);
        p.start(test::shardctlPath(), args);
        p.waitForFinished(60000);
        *rc = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        if (err)
            *err = p.readAllStandardError();
        return p.readAllStandardOutput();
    };

    // --run: the run's write stop in the verdicts. Nothing listens on the config's ports, so the
    // servers are down (red), and the write stop is a finding beside it, the run in the JSON.
    const QString dir = newRun(QStringLiteral("cli"));
    setJournal(dir, [&](Journal &j) {
        for (Step s : {Step::T0, Step::T1, Step::T2, Step::T3})
            j.setStep(s, StepStatus::Done);
        j.setStep(Step::T4, StepStatus::Running);
        j.setValue(migration::keys::writeStopStart, QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    });
    int rc = -1;
    QByteArray err;
    QByteArray out = shardctl({QStringLiteral("health"), QStringLiteral("--config"), m_config, QStringLiteral("--run"), dir,
                               QStringLiteral("--sample"), QStringLiteral("0"), QStringLiteral("--connect-timeout"),
                               QStringLiteral("1"), QStringLiteral("--json")},
                              &rc, &err);
    QCOMPARE(rc, 1); // down servers
    QJsonObject doc = QJsonDocument::fromJson(out).object();
    const QJsonObject run = doc.value(QStringLiteral("run")).toObject();
    QVERIFY2(!run.isEmpty(), out.constData());
    QCOMPARE(run.value(QStringLiteral("step")).toString(), QStringLiteral("T4"));
    QCOMPARE(run.value(QStringLiteral("writesStopped")).toBool(), true);
    QCOMPARE(run.value(QStringLiteral("running")).toBool(), false);
    bool stopFinding = false;
    for (const QJsonValue &i : doc.value(QStringLiteral("instances")).toArray())
        if (i.toObject().value(QStringLiteral("dataSource")).toString() == QLatin1String("db2"))
            for (const QJsonValue &f : i.toObject().value(QStringLiteral("findings")).toArray())
                stopFinding = stopFinding || f.toObject().value(QStringLiteral("metric")).toString() == QLatin1String("writeStop");
    QVERIFY2(stopFinding, out.constData());
    // A directory that is not a run is refused.
    shardctl({QStringLiteral("health"), QStringLiteral("--config"), m_config, QStringLiteral("--run"), m_dir.path()}, &rc, &err);
    QCOMPARE(rc, 2);

    // --events: the verdict changes kept in a history file.
    const QString file = m_dir.filePath(QStringLiteral("cli-history.sqlite"));
    const QDateTime now = QDateTime::currentDateTimeUtc();
    {
        HealthHistory h(file);
        QList<HealthEvent> events;
        for (int i = 0; i < 3; ++i) {
            HealthEvent e;
            e.at = now.addSecs(-3600 * (2 - i) * 10); // 20 h, 10 h ago and now
            e.dataSource = QStringLiteral("db%1").arg(i);
            e.from = Verdict::Green;
            e.to = Verdict::Red;
            e.reason = msg("%1: down (%2)", {Text(e.dataSource), Text(QStringLiteral("refused"))});
            events.append(e);
        }
        HealthEvent old = events.first();
        old.at = now.addDays(-3);
        events.prepend(old);
        QVERIFY(h.recordEvents(events));
    }
    const QStringList base{QStringLiteral("health"), QStringLiteral("--config"), m_config, QStringLiteral("--events"),
                           QStringLiteral("--history"), file};
    out = shardctl(base, &rc, &err);
    QCOMPARE(rc, 0);
    QVERIFY2(out.contains("green -> red") && out.contains("db2: down (refused)"), out.constData());
    QCOMPARE(out.count("green -> red"), 3); // the last 24 hours by default
    out = shardctl(base + QStringList{QStringLiteral("--since"), QStringLiteral("11h"), QStringLiteral("--json")}, &rc, &err);
    QCOMPARE(rc, 0);
    doc = QJsonDocument::fromJson(out).object();
    const QJsonArray list = doc.value(QStringLiteral("events")).toArray();
    QCOMPARE(list.size(), 2);
    QCOMPARE(list.at(0).toObject().value(QStringLiteral("dataSource")).toString(), QStringLiteral("db1"));
    QCOMPARE(list.at(0).toObject().value(QStringLiteral("from")).toString(), QStringLiteral("green"));
    QCOMPARE(list.at(0).toObject().value(QStringLiteral("to")).toString(), QStringLiteral("red"));
    QCOMPARE(list.at(1).toObject().value(QStringLiteral("reason")).toString(), QStringLiteral("db2: down (refused)"));
    out = shardctl(base + QStringList{QStringLiteral("--since"), now.addDays(-4).toString(Qt::ISODate),
                                      QStringLiteral("--data-source"), QStringLiteral("db0"), QStringLiteral("--json")},
                   &rc, &err);
    QCOMPARE(QJsonDocument::fromJson(out).object().value(QStringLiteral("events")).toArray().size(), 2);
    shardctl(base + QStringList{QStringLiteral("--since"), QStringLiteral("yesterday")}, &rc, &err);
    QCOMPARE(rc, 2);
    QVERIFY(err.contains("--since"));
    shardctl({QStringLiteral("health"), QStringLiteral("--config"), m_config, QStringLiteral("--since"),
              QStringLiteral("2h")},
             &rc, &err);
    QCOMPARE(rc, 2); // --since without --events
}

QTEST_GUILESS_MAIN(TestHealthRun)
#include "tst_healthrun.moc"
