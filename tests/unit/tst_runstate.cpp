// Run creation and the read-only run state (core/migration/RunState.h), without a server: createRun
// is what both `shardctl migrate create` and the console call (the test compares a run the CLI makes
// with one createRun makes), refuses what it must, keeps passwords out of run.json; loadRunState
// reads the journal another process writes and tells whether the run's lock is held without taking it.
#include "TestPaths.h"

#include "core/config/ConfigLoader.h"
#include "core/migration/run/Runner.h"
#include "core/migration/RunState.h"
#include "core/planning/ExpansionStrategy.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace sp;
using namespace sp::migration;

class TestRunState final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void createsLikeTheCli();
    void refuses();
    void noPasswordInTheRun();
    void readsTheJournal();
    void lockProbeDoesNotTakeTheLock();
    void derivedState();
    void journalIsPrivate();

private:
    planning::ExpansionPlan plan(planning::StrategyId strategy = planning::StrategyId::ModDouble);
    QString writePlan(const QString &name, const planning::ExpansionPlan &p);
    QByteArray readFile(const QString &path);

    QTemporaryDir m_dir;
    QString m_config;
    QString m_admin;
};

void TestRunState::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_config = m_dir.filePath(QStringLiteral("cluster.yaml"));
    QVERIFY(QFile::copy(test::examplePath(QStringLiteral("fsharechat-crc32.yaml")), m_config));
    QFile::setPermissions(m_config, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    // An admin account the engine would use; no server is contacted by creation.
    m_admin = m_dir.filePath(QStringLiteral("admin.cnf"));
    QFile a(m_admin);
    QVERIFY(a.open(QIODevice::WriteOnly));
    a.write("[client]\nuser=sp_admin\npassword=S3cret-admin-pw\n");
    a.close();
    QFile::setPermissions(m_admin, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
}

planning::ExpansionPlan TestRunState::plan(planning::StrategyId strategy)
{
    planning::PlanInput in;
    in.configPath = m_config;
    in.configText = readFile(m_config);
    in.config = ConfigLoader::loadText(in.configText, m_config).config;
    in.request.strategy = strategy;
    const planning::PlanOutcome out = planning::makePlan(in);
    if (!out.plan)
        qFatal("makePlan: %s", qPrintable(out.error));
    return *out.plan;
}

QString TestRunState::writePlan(const QString &name, const planning::ExpansionPlan &p)
{
    const QString path = m_dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(p.toJsonBytes());
    return path;
}

QByteArray TestRunState::readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void TestRunState::createsLikeTheCli()
{
    const planning::ExpansionPlan p = plan();
    const QString planFile = writePlan(QStringLiteral("plan.json"), p);
    RunSpec options;
    options.observeSec = 120;
    options.adminDefaultsFile = m_admin;
    options.writeStopBudgetSec = 7;
    options.chunkRows = 200;
    options.maxChunkRows = 100; // the first chunk is capped by the largest
    options.maxRowsPerSec = 5000;
    options.maxThreadsRunning = 40;
    options.reloadCommand = QStringLiteral("true");
    options.parallel = 3;
    options.fullVerify = true;
    QString error;
    const QString mine = m_dir.filePath(QStringLiteral("runs/mine"));
    const auto spec = createRun(p, planFile, mine, options, &error);
    QVERIFY2(spec, qPrintable(error));
    QCOMPARE(spec->runId.size(), 16);
    QCOMPARE(spec->configPath, QFileInfo(m_config).absoluteFilePath());
    QCOMPARE(spec->configSha256, p.sourceSha256);
    QCOMPARE(spec->chunkRows, 100);

    const QString theirs = m_dir.filePath(QStringLiteral("runs/theirs"));
    QProcess cli;
    cli.start(test::shardctlPath(), {QStringLiteral("migrate"),
                                     QStringLiteral("create"),
                                     QStringLiteral("--plan"),
                                     planFile,
                                     QStringLiteral("--run"),
                                     theirs,
                                     QStringLiteral("--observe"),
                                     QStringLiteral("120"),
                                     QStringLiteral("--admin-defaults-file"),
                                     m_admin,
                                     QStringLiteral("--write-stop-budget"),
                                     QStringLiteral("7"),
                                     QStringLiteral("--chunk-rows"),
                                     QStringLiteral("200"),
                                     QStringLiteral("--max-chunk-rows"),
                                     QStringLiteral("100"),
                                     QStringLiteral("--max-rows-per-sec"),
                                     QStringLiteral("5000"),
                                     QStringLiteral("--max-threads-running"),
                                     QStringLiteral("40"),
                                     QStringLiteral("--reload-command"),
                                     QStringLiteral("true"),
                                     QStringLiteral("--parallel"),
                                     QStringLiteral("3"),
                                     QStringLiteral("--full-verify")});
    QVERIFY(cli.waitForFinished(60000));
    QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());

    // The same run.json but for the id and the time; the same plan.json.
    QJsonObject a = QJsonDocument::fromJson(readFile(mine + QStringLiteral("/run.json"))).object();
    QJsonObject b = QJsonDocument::fromJson(readFile(theirs + QStringLiteral("/run.json"))).object();
    QVERIFY(!a.isEmpty() && !b.isEmpty());
    for (const char *k : {"runId", "createdAt"}) {
        QVERIFY(a.contains(QLatin1String(k)) && b.contains(QLatin1String(k)));
        a.remove(QLatin1String(k));
        b.remove(QLatin1String(k));
    }
    QCOMPARE(a, b);
    // What a resumed run reads back: the copy parallelism and the verification mode.
    QCOMPARE(a.value(QStringLiteral("parallel")).toInt(), 3);
    QCOMPARE(a.value(QStringLiteral("fullVerify")).toBool(), true);
    RunSpec back;
    planning::ExpansionPlan backPlan;
    QVERIFY2(RunDir(theirs).load(&back, &backPlan, &error), qPrintable(error));
    QCOMPARE(back.parallel, 3);
    QVERIFY(back.fullVerify);
    QCOMPARE(readFile(mine + QStringLiteral("/plan.json")), readFile(theirs + QStringLiteral("/plan.json")));
    // Both journals start with the creation in the audit log.
    for (const QString &dir : {mine, theirs}) {
        Journal j(RunDir(dir).journalFile());
        const QList<AuditEntry> log = j.auditLog();
        QCOMPARE(log.size(), 1);
        QCOMPARE(log.first().action, QStringLiteral("create run"));
    }
}

void TestRunState::refuses()
{
    QString error;
    RunSpec options;
    options.adminDefaultsFile = m_admin;
    // Dual-master plans are accepted now (DualMasterEngine runs their D1..D10).
    QVERIFY2(createRun(plan(planning::StrategyId::DualMaster), QString(), m_dir.filePath(QStringLiteral("r1")),
                       options, &error),
             qPrintable(error));
    QVERIFY(QFileInfo::exists(m_dir.filePath(QStringLiteral("r1/run.json"))));

    // Out-of-range options.
    RunSpec bad = options;
    bad.parallel = -1;
    QVERIFY(!createRun(plan(), QString(), m_dir.filePath(QStringLiteral("r2")), bad, &error));
    QVERIFY2(error.contains(QLatin1String("copied at once")), qPrintable(error));
    bad = options;
    bad.writeStopBudgetSec = 0;
    QVERIFY(!createRun(plan(), QString(), m_dir.filePath(QStringLiteral("r2")), bad, &error));
    QVERIFY2(error.contains(QLatin1String("write-stop budget")), qPrintable(error));
    bad = options;
    bad.runId = QStringLiteral("../../etc");
    QVERIFY(!createRun(plan(), QString(), m_dir.filePath(QStringLiteral("r2")), bad, &error));
    QVERIFY2(error.contains(QLatin1String("16 hex digits")), qPrintable(error));

    // Not a sandbox and no admin account: said at once, and the directory can be used again.
    const QString r3 = m_dir.filePath(QStringLiteral("r3"));
    QVERIFY(!createRun(plan(), QString(), r3, RunSpec{}, &error));
    QVERIFY2(error.contains(QLatin1String("--admin-defaults-file")), qPrintable(error));
    QVERIFY(!QFileInfo::exists(r3 + QStringLiteral("/run.json")));
    QVERIFY2(createRun(plan(), QString(), r3, options, &error), qPrintable(error));
    // A directory that holds a run already.
    QVERIFY(!createRun(plan(), QString(), r3, options, &error));
    QVERIFY2(error.contains(QLatin1String("already holds a run")), qPrintable(error));

    // A config changed since the plan was made.
    const planning::ExpansionPlan before = plan();
    const QByteArray text = readFile(m_config);
    {
        QFile f(m_config);
        QVERIFY(f.open(QIODevice::Append));
        f.write("# edited\n");
    }
    QVERIFY(!createRun(before, QString(), m_dir.filePath(QStringLiteral("r4")), options, &error));
    QVERIFY2(error.contains(QLatin1String("changed since the plan was made")), qPrintable(error));
    {
        QFile f(m_config);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
    }
}

void TestRunState::noPasswordInTheRun()
{
    RunSpec options;
    options.adminDefaultsFile = m_admin;
    QString error;
    const QString dir = m_dir.filePath(QStringLiteral("nopw"));
    QVERIFY2(createRun(plan(), QString(), dir, options, &error), qPrintable(error));
    for (const char *file : {"run.json", "plan.json", "journal.sqlite"}) {
        const QByteArray bytes = readFile(dir + QLatin1Char('/') + QLatin1String(file));
        QVERIFY(!bytes.isEmpty());
        QVERIFY2(!bytes.contains("S3cret-admin-pw"), file);
    }
    QVERIFY(readFile(dir + QStringLiteral("/run.json")).contains("admin.cnf")); // the path only
    // The run directory is private.
    QCOMPARE(QFileInfo(dir).permissions() & (QFileDevice::ReadOther | QFileDevice::ReadGroup),
             QFileDevice::Permissions{});
}

void TestRunState::readsTheJournal()
{
    RunSpec options;
    options.adminDefaultsFile = m_admin;
    QString error;
    const QString dir = m_dir.filePath(QStringLiteral("read"));
    QVERIFY2(createRun(plan(), QString(), dir, options, &error), qPrintable(error));
    {
        Journal j(RunDir(dir).journalFile());
        QVERIFY(j.setStep(Step::T0, StepStatus::Done));
        QVERIFY(j.setStep(Step::T1, StepStatus::Done));
        QVERIFY(j.setStep(Step::T2, StepStatus::Running));
        QVERIFY(j.setProgress({CopyProgress{QStringLiteral("db0.t_messages_0"),
                                            QStringLiteral("db4.t_messages_0"), 40, 100, 0, false}}));
        QVERIFY(j.addCheck(QStringLiteral("T0"), QStringLiteral("binlog"), true, QStringLiteral("ok")));
        QList<RowDifference> diffs;
        for (int i = 0; i < 7; ++i)
            diffs.append(RowDifference{QStringLiteral("db4.t_0"), QStringLiteral("db0.t_0"),
                                       QString::number(i), QStringLiteral("missing"),
                                       QStringLiteral("INSERT ...")});
        QVERIFY(j.setDifferences(diffs));
        QVERIFY(j.setValue(keys::captureStart(QStringLiteral("node0")), QStringLiteral("bin.000001:4")));
        QVERIFY(j.audit(QStringLiteral("T0"), QStringLiteral("create table"), QStringLiteral("root@x"),
                        QStringLiteral("CREATE TABLE t"), QStringLiteral("ok")));
    }
    RunStateOptions o;
    o.withPlan = true;
    o.maxDifferences = 5;
    RunState st;
    QVERIFY2(loadRunState(dir, o, &st, &error), qPrintable(error));
    QVERIFY(st.plan.has_value());
    QCOMPARE(st.spec.adminDefaultsFile, QFileInfo(m_admin).absoluteFilePath());
    QCOMPARE(st.steps.size(), kStepCount);
    QCOMPARE(st.status(Step::T1), StepStatus::Done);
    QCOMPARE(st.status(Step::T2), StepStatus::Running);
    QCOMPARE(st.progress.size(), 1);
    QCOMPARE(st.progress.first().copied, qint64(40));
    QCOMPARE(st.checks.size(), 1);
    QCOMPARE(st.differences.size(), 5);
    QCOMPARE(st.differenceCount, qint64(7));
    QCOMPARE(st.values.value(QStringLiteral("captureStart.node0")), QStringLiteral("bin.000001:4"));
    QCOMPARE(st.audit.size(), 2);
    QVERIFY(!st.locked);
    QCOMPARE(st.configSha256, st.spec.configSha256);
    QVERIFY(!st.configChanged());
    // The servers the confirmations name: db0..db3 move rows to db4..db7 (host:port from the config).
    QCOMPARE(st.sourceServers.size(), 4);
    QCOMPARE(st.targetServers.size(), 4);
    QVERIFY2(st.sourceServers.first().startsWith(QLatin1String("db0 (")),
             qPrintable(st.sourceServers.first()));
    // The running step with nobody holding the lock: the process that ran it died.
    QCOMPARE(st.interruptedStep(), std::optional<Step>(Step::T2));

    // Incremental audit reads.
    o.withPlan = false;
    o.auditAfterId = st.audit.last().id;
    RunState again;
    QVERIFY2(loadRunState(dir, o, &again, &error), qPrintable(error));
    QVERIFY(again.audit.isEmpty());
    QVERIFY(!again.plan.has_value());
    QCOMPARE(again.spec.runId, st.spec.runId);

    // Not a run.
    QVERIFY(!loadRunState(m_dir.filePath(QStringLiteral("nothing")), o, &again, &error));
    QVERIFY2(error.contains(QLatin1String("not a run directory")), qPrintable(error));
}

void TestRunState::lockProbeDoesNotTakeTheLock()
{
    RunSpec options;
    options.adminDefaultsFile = m_admin;
    QString error;
    const QString dir = m_dir.filePath(QStringLiteral("lock"));
    QVERIFY2(createRun(plan(), QString(), dir, options, &error), qPrintable(error));
    const QString lockFile = RunDir(dir).lockFile();
    qint64 pid = 0;
    QVERIFY(!RunLock::isHeld(lockFile, &pid));
    QCOMPARE(pid, qint64(-1));
    {
        RunLock held;
        QVERIFY2(held.acquire(lockFile, &error), qPrintable(error));
        QVERIFY(RunLock::isHeld(lockFile, &pid));
        QCOMPARE(pid, qint64(::getpid()));
        RunState st;
        QVERIFY2(loadRunState(dir, RunStateOptions{}, &st, &error), qPrintable(error));
        QVERIFY(st.locked);
        QCOMPARE(st.lockHolder, qint64(::getpid()));
        QVERIFY(!st.interruptedStep());
    }
    QVERIFY(!RunLock::isHeld(lockFile));
    // Probing many times never holds the lock: an engine acquiring it in between is never refused.
    for (int i = 0; i < 200; ++i) {
        QVERIFY(!RunLock::isHeld(lockFile));
        RunLock l;
        QVERIFY2(l.acquire(lockFile, &error), qPrintable(error));
        QVERIFY(RunLock::isHeld(lockFile));
    }
    QVERIFY(!RunLock::isHeld(m_dir.filePath(QStringLiteral("no/such/run.lock"))));
    // A pause request is seen.
    QVERIFY(Runner::requestPause(dir, &error));
    RunState st;
    QVERIFY2(loadRunState(dir, RunStateOptions{}, &st, &error), qPrintable(error));
    QVERIFY(st.pauseRequested);
}

void TestRunState::derivedState()
{
    RunState s;
    s.spec.configPath = m_config;
    s.spec.configSha256 = QStringLiteral("aaa");
    s.configSha256 = QStringLiteral("aaa");
    for (int i = 0; i < kStepCount; ++i)
        s.steps.append(StepState{Step(i), StepStatus::Pending, {}, {}, {}});
    QCOMPARE(s.firstNotDone(), std::optional<Step>(Step::T0));
    QVERIFY(!s.writesStopped());
    for (int i = 0; i <= 4; ++i)
        s.steps[i].status = StepStatus::Done;
    s.values[QStringLiteral("writeStopStart")] = QStringLiteral("2026-01-01T10:00:00.000Z");
    QVERIFY(s.writesStopped());
    QCOMPARE(s.firstNotDone(), std::optional<Step>(Step::T5));
    s.steps[5].status = StepStatus::Failed;
    QCOMPARE(s.failedStep(), std::optional<Step>(Step::T5));
    s.values[QStringLiteral("writesResumed")] = QStringLiteral("2026-01-01T10:00:03.000Z");
    s.values[QStringLiteral("writeStopMs")] = QStringLiteral("3000");
    QVERIFY(!s.writesStopped());
    QCOMPARE(s.writeStopMs(), qint64(3000));
    // Rolled back: read_only was lifted.
    s.values.remove(QStringLiteral("writesResumed"));
    s.values[QStringLiteral("rolledBack")] = QStringLiteral("1");
    QVERIFY(!s.writesStopped());
    // The config: changed unless it is the plan's new config T6 wrote (a backup exists).
    s.configSha256 = QStringLiteral("bbb");
    QVERIFY(s.configChanged());
    s.values[QStringLiteral("configBackup")] = QStringLiteral("/x.before");
    QVERIFY(!s.configChanged());

    // A dual-master run (rows D1..D10) stops writes in D7 only: D5 done is not a write stop.
    RunState d;
    d.plan = plan(planning::StrategyId::DualMaster);
    for (int i = 0; i < kStepCount; ++i)
        d.steps.append(StepState{Step(i), i <= 4 ? StepStatus::Done : StepStatus::Pending, {}, {}, {}});
    d.values[QStringLiteral("writeStopStart")] = QStringLiteral("2026-01-01T10:00:00.000Z");
    QVERIFY(!d.writesStopped());
    d.steps[6].status = StepStatus::Running;
    QVERIFY(d.writesStopped());
}

// journal.sqlite holds the audit log: it and its -wal/-shm are the owner's only (they were 0644 by
// the umask), also when a journal made before is opened again.
void TestRunState::journalIsPrivate()
{
    const mode_t umaskBefore = ::umask(022);
    RunSpec options;
    options.adminDefaultsFile = m_admin;
    QString error;
    const QString dir = m_dir.filePath(QStringLiteral("private"));
    QVERIFY2(createRun(plan(), QString(), dir, options, &error), qPrintable(error));
    const QString file = RunDir(dir).journalFile();
    auto modes = [&] {
        QStringList out;
        for (const char *suffix : {"", "-wal", "-shm"}) {
            struct stat st{};
            const QByteArray f = QFile::encodeName(file) + suffix;
            out.append(::stat(f.constData(), &st) == 0 ? QString::number(st.st_mode & 0777, 8) : QStringLiteral("none"));
        }
        return out;
    };
    const QStringList privateModes{QStringLiteral("600"), QStringLiteral("600"), QStringLiteral("600")};
    {
        Journal j(file);
        QVERIFY(j.isOpen());
        QVERIFY(j.audit(QStringLiteral("T0"), QStringLiteral("create table"), QStringLiteral("root@host"),
                        QStringLiteral("CREATE TABLE t (id INT)"), QStringLiteral("ok")));
        QCOMPARE(modes(), privateModes);
        // A journal of an older version, readable by everyone, is narrowed when opened.
        for (const char *suffix : {"", "-wal", "-shm"})
            QVERIFY(::chmod(QByteArray(QFile::encodeName(file) + suffix).constData(), 0644) == 0);
    }
    {
        Journal again(file);
        QVERIFY(again.isOpen());
        QVERIFY(again.setValue(JournalKey(QStringLiteral("k")), QStringLiteral("v")));
        QCOMPARE(modes(), privateModes);
    }
    ::umask(umaskBefore);
}

QTEST_GUILESS_MAIN(TestRunState)
#include "tst_runstate.moc"
