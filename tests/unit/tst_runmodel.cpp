// One run model (core/migration/run), without a server: the kinds' step tables are what `shardctl
// migrate --help` says; the Runner, driven with a fake kind, resumes after a stop at every step, stops
// on a pause between and inside steps, honours --until, --yes, a repeated step and an override reason;
// the config switch runs the reload command until it ended well once; the throttle's gate waits for a
// lagging replica and fails closed when its lag cannot be read, and its token bucket does not burst
// after a stall.
#include "TestPaths.h"

#include "core/migration/run/Actions.h"
#include "core/migration/run/RunKind.h"
#include "core/migration/run/Runner.h"
#include "core/migration/run/Throttle.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <functional>

using namespace sp;
using namespace sp::migration;

namespace {

// Six steps: S2 changes the live cluster, S3 repeats until S4 is done, S5 wants a reason when S4
// failed, S1 and S4 are where a pause stops mid-way.
RunKind fakeKind()
{
    QList<StepDef> s(6);
    for (int i = 0; i < 6; ++i)
        s[i] = StepDef::of(QStringLiteral("S%1").arg(i), Text(QStringLiteral("step %1").arg(i)));
    s[1].pausable = true;
    s[2].destructive = s[2].stopsWrites = true;
    s[3].repeatUntil = Step(4);
    s[4].pausable = true;
    s[4].resumesWrites = true;
    s[5].reasonIfFailed = Step(4);
    return RunKind(RunKindId::Copy, QStringLiteral("fake"), s, Step(1));
}

// Each step returns what the script says for its n-th call (Done by default) and may act first.
class FakeExecutor final : public RunExecutor
{
public:
    explicit FakeExecutor(RunContext &ctx) : m_ctx(ctx) {}
    bool open(QString *) override { return true; }
    Outcome runStep(Step s) override
    {
        const int i = int(s);
        const int n = calls[i]++;
        order.append(i);
        if (act.contains(i))
            act.value(i)(n);
        const Outcome o = script.value(qMakePair(i, n), Outcome::Done);
        if (o == Outcome::Error || o == Outcome::GateFailed)
            return m_ctx.fail(s, QStringLiteral("scripted"), o);
        return o;
    }
    Outcome verify() override { return Outcome::Done; }
    Outcome rollback(bool, QString *summary) override
    {
        rolledBack = true;
        *summary = QStringLiteral("fake rolled back");
        return Outcome::Done;
    }

    RunContext &m_ctx;
    QMap<int, int> calls;
    QList<int> order;
    QMap<QPair<int, int>, Outcome> script;        // (step, call) -> outcome
    QMap<int, std::function<void(int call)>> act; // before the step returns
    bool rolledBack = false;
};

} // namespace

class TestRunModel final : public QObject
{
    Q_OBJECT
private slots:
    void tablesMatchTheHelp();
    void tablesDescribeTheKinds();
    void runsInOrderUntilAsked();
    void resumesAfterAStopAtEveryStep();
    void destructiveStepsWantYes();
    void pauseBetweenAndInsideSteps();
    void repeatsAStepUntilItsEnd();
    void overrideReasonGoesPastARefusal();
    void rollbackStopsAtThePointOfNoReturn();
    void reloadRunsUntilItEndedWell();
    void throttleGateWaitsAndFailsClosed();
    void tokenBucketDoesNotBurstAfterAStall();

private:
    struct Fixture
    {
        QTemporaryDir dir;
        std::unique_ptr<Runner> runner;
        FakeExecutor *exec = nullptr;
        QStringList said;
    };
    // A Runner on a fresh directory with the fake kind; `reopen` keeps the directory (a new process).
    void open(Fixture &f, const RunKind &kind);
    RunOptions options(Fixture &f, bool yes = true) const;
    static StepStatus status(Fixture &f, int i) { return f.runner->journal().steps().at(i).status; }
};

static const RunKind &fake()
{
    static const RunKind k = fakeKind();
    return k;
}

void TestRunModel::open(Fixture &f, const RunKind &kind)
{
    f.runner.reset(); // lets go of the lock first
    f.runner = std::make_unique<Runner>(f.dir.path());
    QString why;
    QVERIFY2(f.runner->openWith(
                 kind,
                 [&f](RunContext &ctx) {
                     auto e = std::make_unique<FakeExecutor>(ctx);
                     f.exec = e.get();
                     return e;
                 },
                 &why),
             qPrintable(why));
}

RunOptions TestRunModel::options(Fixture &f, bool yes) const
{
    RunOptions o;
    o.yes = yes;
    o.say = [&f](const QString &line) { f.said.append(line); };
    return o;
}

// `shardctl migrate --help` names every step of both tables with its title, the range --until takes
// and the steps --yes confirms.
void TestRunModel::tablesMatchTheHelp()
{
    QProcess p;
    p.start(test::shardctlPath(), {QStringLiteral("migrate"), QStringLiteral("--help")});
    QVERIFY(p.waitForFinished(60000));
    const QString help = QString::fromUtf8(p.readAllStandardOutput()).simplified();
    for (const RunKind *kind : {&RunKind::copy(), &RunKind::dualMaster()}) {
        for (const StepDef &d : kind->steps())
            QVERIFY2(help.contains(d.id + QLatin1Char(' ') + d.title.text), qPrintable(d.id));
        QVERIFY2(help.contains(kind->idRange()), qPrintable(kind->idRange()));
        QVERIFY2(help.contains(kind->destructiveIds().join(QStringLiteral(", "))),
                 qPrintable(kind->destructiveIds().join(QStringLiteral(", "))));
    }
}

// What the console and the Runner rely on.
void TestRunModel::tablesDescribeTheKinds()
{
    const RunKind &copy = RunKind::copy();
    const RunKind &dual = RunKind::dualMaster();
    QCOMPARE(copy.size(), kStepCount);
    QCOMPARE(dual.size(), kStepCount);
    QCOMPARE(copy.idRange(), QStringLiteral("T0..T9"));
    QCOMPARE(dual.idRange(), QStringLiteral("D1..D10"));
    QCOMPARE(copy.destructiveIds(), (QStringList{QStringLiteral("T4"), QStringLiteral("T6"),
                                                 QStringLiteral("T7"), QStringLiteral("T9")}));
    QCOMPARE(dual.destructiveIds(), (QStringList{QStringLiteral("D5"), QStringLiteral("D7"),
                                                 QStringLiteral("D8"), QStringLiteral("D9")}));
    QCOMPARE(copy.writeStop(), std::optional<Step>(Step::T4));
    QCOMPARE(copy.noReturn(), std::optional<Step>(Step::T7));
    QCOMPARE(dual.writeStop(), std::optional<Step>(rowOf(DualStep::D7)));
    QCOMPARE(dual.noReturn(), std::optional<Step>(rowOf(DualStep::D7)));
    QCOMPARE(copy.step(Step::T3).repeatUntil, std::optional<Step>(Step::T4));
    QCOMPARE(dual.step(rowOf(DualStep::D6)).repeatUntil, std::optional<Step>(rowOf(DualStep::D7)));
    QCOMPARE(copy.step(Step::T9).reasonIfFailed, std::optional<Step>(Step::T8));
    QCOMPARE(copy.fromId(QStringLiteral("t3")), std::optional<Step>(Step::T3));
    QVERIFY(!copy.fromId(QStringLiteral("D3")));
    QCOMPARE(RunKind::idFromName(QStringLiteral("dual-master")),
             std::optional<RunKindId>(RunKindId::DualMaster));
}

void TestRunModel::runsInOrderUntilAsked()
{
    Fixture f;
    open(f, fake());
    RunOptions o = options(f);
    o.until = Step(1);
    QCOMPARE(f.runner->run(o), Outcome::Done);
    QCOMPARE(f.exec->order, (QList<int>{0, 1}));
    QCOMPARE(status(f, 1), StepStatus::Done);
    QCOMPARE(status(f, 2), StepStatus::Pending);
    QVERIFY2(f.said.contains(QStringLiteral("stopped after S1 as asked")),
             qPrintable(f.said.join(QLatin1Char('\n'))));
    o.until.reset();
    QCOMPARE(f.runner->run(o), Outcome::Done);
    QCOMPARE(f.exec->order, (QList<int>{0, 1, 2, 3, 4, 5}));
    for (int i = 0; i < 6; ++i)
        QCOMPARE(status(f, i), StepStatus::Done);
}

// A step that fails (or a process that dies in it) is where the next run starts; the steps before
// are not run again.
void TestRunModel::resumesAfterAStopAtEveryStep()
{
    for (int k = 0; k < 6; ++k) {
        Fixture f;
        open(f, fake());
        f.exec->script.insert({k, 0}, Outcome::Error);
        QCOMPARE(f.runner->run(options(f)), Outcome::Error);
        QCOMPARE(status(f, k), StepStatus::Failed);
        QList<int> expected;
        for (int i = 0; i <= k; ++i)
            expected.append(i);
        QCOMPARE(f.exec->order, expected);
        // A new process: the journal says where to go on.
        open(f, fake());
        QCOMPARE(f.runner->run(options(f)), Outcome::Done);
        expected.clear();
        for (int i = k; i < 6; ++i)
            expected.append(i);
        if (k < 3)
            ; // S3 runs once: it is reached for the first time
        else if (k == 4)
            expected.prepend(3); // S3 is done, S4 is not: S3 repeats
        QCOMPARE(f.exec->order, expected);
        for (int i = 0; i < 6; ++i)
            QCOMPARE(status(f, i), StepStatus::Done);
    }
}

void TestRunModel::destructiveStepsWantYes()
{
    Fixture f;
    open(f, fake());
    QCOMPARE(f.runner->run(options(f, false)), Outcome::GateFailed);
    QCOMPARE(f.exec->order, (QList<int>{0, 1}));
    QVERIFY2(
        f.runner->error().contains(QLatin1String("S2 (step 2) changes the live cluster: confirm with --yes")),
        qPrintable(f.runner->error()));
    QCOMPARE(status(f, 2), StepStatus::Pending);
    QCOMPARE(f.runner->run(options(f, true)), Outcome::Done);
    QCOMPARE(f.exec->order, (QList<int>{0, 1, 2, 3, 4, 5}));
}

void TestRunModel::pauseBetweenAndInsideSteps()
{
    Fixture f;
    open(f, fake());
    const QString pauseFile = RunDir(f.dir.path()).pauseFile();
    // A pause asked for before `run` starts is an old one: run removes it.
    QFile old(pauseFile);
    QVERIFY(old.open(QIODevice::WriteOnly));
    old.close();
    // Between steps: asked during S0, the Runner stops before S1.
    f.exec->act.insert(0, [&](int) {
        QFile p(pauseFile);
        QVERIFY(p.open(QIODevice::WriteOnly));
    });
    QCOMPARE(f.runner->run(options(f)), Outcome::Paused);
    QCOMPARE(f.exec->order, (QList<int>{0}));
    QCOMPARE(status(f, 0), StepStatus::Done);
    QVERIFY2(f.said.contains(QStringLiteral("paused before S1; 'shardctl migrate run' continues")),
             qPrintable(f.said.join(QLatin1Char('\n'))));
    // Inside a step: S1 sees the pause and returns Paused; its row goes back to pending.
    f.exec->act.remove(0);
    f.exec->script.insert({1, 0}, Outcome::Paused);
    f.exec->act.insert(1, [&](int n) {
        if (n == 0) {
            QFile p(pauseFile);
            QVERIFY(p.open(QIODevice::WriteOnly));
        }
    });
    QCOMPARE(f.runner->run(options(f)), Outcome::Paused);
    QCOMPARE(status(f, 1), StepStatus::Pending);
    QCOMPARE(f.runner->journal().step(Step(1)).message, QStringLiteral("paused"));
    // The next run removes the pause request and resumes S1.
    QCOMPARE(f.runner->run(options(f)), Outcome::Done);
    QVERIFY(!QFile::exists(pauseFile));
    QCOMPARE(f.exec->order, (QList<int>{0, 1, 1, 2, 3, 4, 5}));
}

void TestRunModel::repeatsAStepUntilItsEnd()
{
    Fixture f;
    open(f, fake());
    RunOptions o = options(f);
    o.until = Step(3);
    QCOMPARE(f.runner->run(o), Outcome::Done);
    QCOMPARE(f.runner->run(o), Outcome::Done); // S3 again: S4 is not done
    QCOMPARE(f.exec->calls.value(3), 2);
    o.until.reset();
    QCOMPARE(f.runner->run(o), Outcome::Done);
    QCOMPARE(f.exec->calls.value(3), 3);
    QCOMPARE(f.runner->run(o), Outcome::Done); // S4 done: S3 stays done
    QCOMPARE(f.exec->calls.value(3), 3);
    // Once the config is switched, a repeated step is not run again (even before its end step).
    Fixture g;
    open(g, fake());
    o = options(g);
    o.until = Step(3);
    QCOMPARE(g.runner->run(o), Outcome::Done);
    QVERIFY(g.runner->journal().setValue(keys::configBackup, QStringLiteral("/tmp/old.yaml")));
    QCOMPARE(g.runner->run(o), Outcome::Done);
    QCOMPARE(g.exec->calls.value(3), 1);
}

void TestRunModel::overrideReasonGoesPastARefusal()
{
    Fixture f;
    open(f, fake());
    for (int call = 0; call < 3; ++call)
        f.exec->script.insert({4, call}, Outcome::GateFailed);
    QCOMPARE(f.runner->run(options(f)), Outcome::GateFailed);
    QCOMPARE(f.exec->calls.value(5), 0);
    // With a reason, but --until stops at S4: the refusal stands.
    RunOptions o = options(f);
    o.overrideReason = QStringLiteral("checked by hand");
    o.until = Step(4);
    QCOMPARE(f.runner->run(o), Outcome::GateFailed);
    // With a reason and S5 asked for: S5 runs, the override is audited.
    o.until.reset();
    QCOMPARE(f.runner->run(o), Outcome::Done);
    QCOMPARE(f.exec->calls.value(5), 1);
    QCOMPARE(status(f, 4), StepStatus::Failed); // the refusal stays on record
    QCOMPARE(status(f, 5), StepStatus::Done);
    bool audited = false;
    for (const AuditEntry &a : f.runner->journal().auditLog())
        audited = audited || (a.action == QLatin1String("continue past a failed S4") &&
                              a.outcome == QLatin1String("override: checked by hand"));
    QVERIFY(audited);
}

void TestRunModel::rollbackStopsAtThePointOfNoReturn()
{
    Fixture f;
    open(f, fake());
    RunOptions o = options(f);
    o.until = Step(2);
    QCOMPARE(f.runner->run(o), Outcome::Done);
    QCOMPARE(f.runner->rollback(false, o), Outcome::Done);
    QVERIFY(f.exec->rolledBack);
    QCOMPARE(status(f, 0), StepStatus::RolledBack);
    QCOMPARE(status(f, 3), StepStatus::Pending);
    QCOMPARE(f.runner->run(o), Outcome::GateFailed); // a rolled-back run does not go on

    Fixture g;
    open(g, fake());
    QCOMPARE(g.runner->run(options(g)), Outcome::Done);
    QCOMPARE(g.runner->rollback(false, options(g)), Outcome::GateFailed);
    QVERIFY2(g.runner->error().contains(QLatin1String("rollback is only possible before S4")),
             qPrintable(g.runner->error()));
    QVERIFY(!g.exec->rolledBack);
}

// The one rule of the switch: the reload command runs until it has ended well once after the config
// was replaced, also when the process died between the write and the reload; never twice.
void TestRunModel::reloadRunsUntilItEndedWell()
{
    Fixture f;
    open(f, RunKind::copy());
    RunContext &ctx = f.runner->context();
    const QString config = f.dir.filePath(QStringLiteral("cluster.yaml"));
    const QString reloads = f.dir.filePath(QStringLiteral("reloads.txt"));
    const QByteArray oldText = "old: config\n";
    const QByteArray newText = "new: config\n";
    QFile c(config);
    QVERIFY(c.open(QIODevice::WriteOnly));
    c.write(oldText);
    c.close();
    ctx.spec.runId = QStringLiteral("0123456789abcdef");
    ctx.spec.configPath = config;
    ctx.spec.configSha256 =
        QString::fromLatin1(QCryptographicHash::hash(oldText, QCryptographicHash::Sha256).toHex());
    ctx.plan.newConfigText = QString::fromUtf8(newText);
    const QString flag = f.dir.filePath(QStringLiteral("reload-fails"));
    ctx.spec.reloadCommand = QStringLiteral("test ! -e '%1' && echo reloaded >> '%2'").arg(flag, reloads);
    auto lines = [&] {
        QFile r(reloads);
        return r.open(QIODevice::ReadOnly) ? int(r.readAll().count('\n')) : 0;
    };
    // The reload fails: the config is replaced, the step fails, nothing is recorded as reloaded.
    QFile(flag).open(QIODevice::WriteOnly);
    QString why;
    QVERIFY(!switchConfig(ctx, Step::T6, &why));
    QVERIFY2(why.contains(QLatin1String("the reload command failed")), qPrintable(why));
    QVERIFY(!ctx.journal().value(keys::configBackup).isEmpty());
    QCOMPARE(lines(), 0);
    // Run again (the config is the new one already): the reload runs, once.
    QVERIFY(QFile::remove(flag));
    QVERIFY2(switchConfig(ctx, Step::T6, &why), qPrintable(why));
    QCOMPARE(lines(), 1);
    QVERIFY(!ctx.journal().value(keys::reloaded).isEmpty());
    QVERIFY2(switchConfig(ctx, Step::T6, &why), qPrintable(why));
    QCOMPARE(lines(), 1);
    QFile n(config);
    QVERIFY(n.open(QIODevice::ReadOnly));
    QCOMPARE(n.readAll(), newText);
    n.close();
    // Killed between the write and the reload: the next switch reloads.
    QVERIFY(ctx.journal().setValue(keys::reloaded, QString()));
    QVERIFY2(switchConfig(ctx, Step::T6, &why), qPrintable(why));
    QCOMPARE(lines(), 2);
    // A config someone changed since the plan is never replaced, nor reloaded.
    Fixture g;
    open(g, RunKind::copy());
    RunContext &other = g.runner->context();
    other.spec = ctx.spec;
    other.plan.newConfigText = ctx.plan.newConfigText;
    QVERIFY(n.open(QIODevice::WriteOnly | QIODevice::Truncate));
    n.write("edited: by hand\n");
    n.close();
    QVERIFY(!switchConfig(other, Step::T6, &why));
    QVERIFY2(why.contains(QLatin1String("changed since the plan was made")), qPrintable(why));
    QCOMPARE(lines(), 2);
}

void TestRunModel::throttleGateWaitsAndFailsClosed()
{
    ThrottleGate gate;
    ThrottleLimits limits;
    limits.maxLagSec = 1.5;
    limits.maxThreadsRunning = 10;
    gate.setLimits(limits);
    QCOMPARE(gate.check(0).kind, ThrottleGate::Verdict::Go); // nothing watched
    gate.watchReplica(QStringLiteral("127.0.0.1:3310"), 1000);
    QCOMPARE(gate.check(1100).kind, ThrottleGate::Verdict::Wait); // not read yet: wait, not go
    gate.observeLag(QStringLiteral("127.0.0.1:3310"), 0.2, 1200);
    QCOMPARE(gate.check(1300).kind, ThrottleGate::Verdict::Go);
    gate.observeLag(QStringLiteral("127.0.0.1:3310"), 4.2, 2000);
    ThrottleGate::Verdict v = gate.check(2100);
    QCOMPARE(v.kind, ThrottleGate::Verdict::Wait);
    QCOMPARE(v.reason, ThrottleReason::ReplicaLag);
    QVERIFY2(v.why.contains(QLatin1String("lags 4.2 s")), qPrintable(v.why));
    // Readings fail (the replica is down): waits, then after 15 s without one, fails closed.
    gate.observeLag(QStringLiteral("127.0.0.1:3310"), -1, 3000, QStringLiteral("Can't connect"));
    QCOMPARE(gate.check(2000 + kLagFailClosedMs - 1).kind, ThrottleGate::Verdict::Wait);
    v = gate.check(2000 + kLagFailClosedMs + 1);
    QCOMPARE(v.kind, ThrottleGate::Verdict::Fail);
    QVERIFY2(v.why.contains(QLatin1String("could not be read for 15 s")) &&
                 v.why.contains(QLatin1String("Can't connect")),
             qPrintable(v.why));
    // A replica never read fails closed 15 s after it is watched.
    ThrottleGate fresh;
    fresh.setLimits(limits);
    fresh.watchReplica(QStringLiteral("r"), 0);
    QCOMPARE(fresh.check(kLagFailClosedMs).kind, ThrottleGate::Verdict::Wait);
    QCOMPARE(fresh.check(kLagFailClosedMs + 1).kind, ThrottleGate::Verdict::Fail);
    // --max-lag 0: replicas not watched.
    limits.maxLagSec = 0;
    gate.setLimits(limits);
    QCOMPARE(gate.check(100000).kind, ThrottleGate::Verdict::Go);
    // Threads_running above the limit on any server of the run.
    gate.observeThreads(QStringLiteral("sandbox node1"), 11);
    v = gate.check(100000);
    QCOMPARE(v.kind, ThrottleGate::Verdict::Wait);
    QCOMPARE(v.reason, ThrottleReason::ThreadsRunning);
    gate.observeThreads(QStringLiteral("sandbox node1"), 3);
    QCOMPARE(gate.check(100000).kind, ThrottleGate::Verdict::Go);
}

// After a stall (nothing asked for two seconds) the throttle gives no more than its burst plus the
// rate over the time that follows: the bucket keeps no credit, unlike an average since the start.
void TestRunModel::tokenBucketDoesNotBurstAfterAStall()
{
    Fixture f;
    open(f, fake());
    RunContext &ctx = f.runner->context();
    ctx.spec.maxRowsPerSec = 400;
    ctx.spec.maxLagSec = 0;
    Throttle throttle(ctx);
    QString why;
    QVERIFY2(throttle.begin(&why), qPrintable(why)); // as the Runner does around a throttled step
    const int chunk = throttle.maxChunk(1000);
    QCOMPARE(chunk, 100); // a quarter of a second's worth
    QElapsedTimer clock;
    clock.start();
    qint64 granted = 0;
    while (clock.elapsed() < 500) {
        QVERIFY(throttle.admit(chunk, nullptr, nullptr));
        granted += chunk;
    }
    QThread::msleep(2000); // the stall
    clock.restart();
    granted = 0;
    while (clock.elapsed() < 500) {
        QVERIFY(throttle.admit(chunk, nullptr, nullptr));
        granted += chunk;
    }
    const double secs = double(clock.elapsed()) / 1000.0;
    // An average over the whole time would allow 400 * 3 = 1200 rows now.
    QVERIFY2(granted <= 100 + qint64(400 * secs) + chunk, qPrintable(QString::number(granted)));
    QVERIFY(throttle.waited().value(QStringLiteral("rate")) > 0.2);
    // Outside begin() and end() (a step the table does not throttle, such as the write stop) nothing
    // waits: 100 s worth of rows are admitted at once.
    throttle.end();
    clock.restart();
    QVERIFY(throttle.admit(40000, nullptr, nullptr));
    QVERIFY2(clock.elapsed() < 100, qPrintable(QString::number(clock.elapsed())));
    // A stop still ends it.
    ctx.stop.store(true);
    StopReason stopped = StopReason::None;
    QVERIFY(!throttle.admit(1, &stopped, nullptr));
    QCOMPARE(stopped, StopReason::Stopped);
    ctx.stop.store(false);
}

QTEST_GUILESS_MAIN(TestRunModel)
#include "tst_runmodel.moc"
