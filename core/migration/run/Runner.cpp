#include "core/migration/run/Runner.h"

#include "core/config/ConfigLoader.h"
#include "core/migration/run/Actions.h"
#include "core/migration/run/Throttle.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>

namespace sp::migration {

int exitCodeOf(Outcome o)
{
    return o == Outcome::Done || o == Outcome::Paused ? 0 : 1;
}

// --- RunContext --------------------------------------------------------------------------------------

RunContext::RunContext(QString runDir, const RunKind &runKind) : dir(std::move(runDir)), kind(runKind) {}

RunContext::~RunContext() = default;

void RunContext::say(const QString &line) const
{
    if (options.say)
        options.say(line);
}

void RunContext::progress(const QString &line) const
{
    if (options.progress)
        options.progress(line);
}

Outcome RunContext::fail(Step s, const QString &message, Outcome o)
{
    error = message;
    journal().setStep(s, StepStatus::Failed, message);
    journal().addCheck(stepId(s), QStringLiteral("step"), false, message);
    say(stepId(s) + QStringLiteral(" failed: ") + message);
    return o;
}

bool RunContext::audited(Step s, const QString &action, Connection &c, const QString &sql,
                         const QString &secret)
{
    const bool ok = c.exec(sql);
    QString shown = sql, outcome = ok ? QStringLiteral("ok") : c.lastError();
    if (!secret.isEmpty()) {
        shown.replace(secret, QStringLiteral("<redacted>"));
        outcome.replace(secret, QStringLiteral("<redacted>"));
    }
    journal().audit(stepId(s), action, c.params().describe(), shown, outcome);
    return ok;
}

bool RunContext::pauseRequested() const
{
    return QFileInfo::exists(RunDir(dir).pauseFile());
}

StopReason RunContext::stopReason() const
{
    if (stop.load())
        return StopReason::Stopped;
    return pauseRequested() ? StopReason::Paused : StopReason::None;
}

bool RunContext::switched()
{
    return !journal().value(keys::configBackup).isEmpty();
}

// --- RunExecutor ---------------------------------------------------------------------------------------

Outcome RunExecutor::repair()
{
    return Outcome::GateFailed;
}

Outcome RunExecutor::forwardStale()
{
    return Outcome::GateFailed;
}

Outcome RunExecutor::rollbackAfterSwitch(bool, QString *)
{
    return Outcome::GateFailed;
}

// --- Runner ------------------------------------------------------------------------------------------

Runner::Runner(const QString &runDir) : m_dir(runDir) {}

Runner::~Runner()
{
    if (m_ctx)
        m_ctx->stop.store(true);
    m_exec.reset(); // before the context it refers to
}

bool Runner::requestPause(const QString &runDir, QString *error)
{
    const RunDir rd(runDir);
    if (!QFileInfo::exists(rd.specFile())) {
        *error = QStringLiteral("%1 is not a run directory").arg(runDir);
        return false;
    }
    QFile f(rd.pauseFile());
    if (!f.open(QIODevice::WriteOnly)) {
        *error = f.errorString();
        return false;
    }
    f.write(QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toUtf8() + '\n');
    return true;
}

bool Runner::openJournal(QString *error)
{
    const RunDir rd(m_dir);
    if (!m_lock.acquire(rd.lockFile(), error))
        return false;
    m_ctx->journalFile = std::make_unique<Journal>(rd.journalFile());
    if (!m_ctx->journal().isOpen()) {
        *error = m_ctx->journal().error();
        return false;
    }
    return true;
}

bool Runner::open(QString *error)
{
    const RunDir rd(m_dir);
    RunSpec spec;
    planning::ExpansionPlan plan;
    if (!rd.load(&spec, &plan, error))
        return false;
    m_ctx = std::make_unique<RunContext>(m_dir, RunKind::of(plan));
    m_ctx->spec = std::move(spec);
    m_ctx->plan = std::move(plan);
    if (!openJournal(error))
        return false;
    const LoadResult lr =
        ConfigLoader::loadText(m_ctx->plan.newConfigText.toUtf8(), QStringLiteral("new-config.yaml"));
    if (!lr.ok()) {
        QString first;
        for (const Diagnostic &d : lr.diagnostics)
            if (d.severity == Severity::Error && first.isEmpty())
                first = d.toString();
        *error = QStringLiteral("the plan's new config does not load: ") + first;
        return false;
    }
    m_ctx->newConfig = lr.config;
    m_ctx->throttle = std::make_unique<Throttle>(*m_ctx);
    m_exec = makeExecutor(m_ctx->kind.id(), *m_ctx);
    return m_exec->open(error);
}

bool Runner::openWith(const RunKind &kind, const ExecutorFactory &make, QString *error)
{
    m_ctx = std::make_unique<RunContext>(m_dir, kind);
    if (!openJournal(error))
        return false;
    m_ctx->throttle = std::make_unique<Throttle>(*m_ctx);
    m_exec = make(*m_ctx);
    return m_exec->open(error);
}

void Runner::requestStop()
{
    if (!m_ctx)
        return;
    m_ctx->stop.store(true);
    if (m_exec)
        m_exec->requestStop();
}

Outcome Runner::refuse(const QString &message)
{
    m_ctx->error = message;
    m_ctx->say(message);
    return Outcome::GateFailed;
}

Outcome Runner::run(const RunOptions &options)
{
    RunContext &ctx = *m_ctx;
    const RunKind &kind = ctx.kind;
    Journal &journal = ctx.journal();
    ctx.options = options;
    if (journal.value(keys::rolledBack) == QLatin1String("1"))
        return refuse(QStringLiteral("this run was rolled back; create a new run to try again"));
    QFile::remove(RunDir(m_dir).pauseFile());
    const Step last = options.until && kind.has(*options.until) ? *options.until : kind.last();
    const QList<StepState> states = journal.steps();
    const bool switched = ctx.switched();
    for (int i = 0; i <= int(last); ++i) {
        const Step s = Step(i);
        const StepDef &def = kind.step(s);
        // A step the table repeats (catch-up, lag 0) runs again while its end step is not done and
        // the config is not switched: capture and replication only matter right before the switch.
        const bool repeat =
            def.repeatUntil && states.at(int(*def.repeatUntil)).status != StepStatus::Done && !switched;
        if (states.at(i).status == StepStatus::Done && !repeat)
            continue;
        if (ctx.pauseRequested()) { // a pause stops between steps too, never going on into a write stop
            ctx.say(QStringLiteral("paused before %1; 'shardctl migrate run' continues").arg(def.id));
            return Outcome::Paused;
        }
        if (def.destructive && !options.yes)
            return refuse(QStringLiteral("%1 (%2) changes the live cluster: confirm with --yes")
                              .arg(def.id, def.title.text));
        ctx.say(QStringLiteral("%1 %2 ...").arg(def.id, def.title.text));
        journal.setStep(s, StepStatus::Running);
        const Outcome o = runThrottled(s, def.throttled);
        if (o == Outcome::Paused) {
            journal.setStep(s, StepStatus::Pending, QStringLiteral("paused"));
            ctx.say(QStringLiteral("paused during %1; 'shardctl migrate run' continues").arg(def.id));
            return o;
        }
        if (o == Outcome::GateFailed && !options.overrideReason.trimmed().isEmpty()) {
            // A later step asked for takes this refusal with a reason (T9 after T8): the operator
            // looked and goes on; that step still checks what it needs (T9: every moved row on its
            // target).
            std::optional<Step> next;
            for (int k = i + 1; k <= int(last) && !next; ++k)
                if (kind.step(Step(k)).reasonIfFailed == s)
                    next = Step(k);
            if (next) {
                journal.audit(def.id, QStringLiteral("continue past a failed %1").arg(def.id), QString(),
                              QString(), QStringLiteral("override: ") + options.overrideReason);
                ctx.say(QStringLiteral("going on to %1 despite %2, as overridden: %3")
                            .arg(kind.stepId(*next), def.id, options.overrideReason));
                continue;
            }
        }
        if (o != Outcome::Done)
            return o;
        journal.setStep(s, StepStatus::Done, journal.step(s).message);
        ctx.say(QStringLiteral("%1 done").arg(def.id));
    }
    m_exec->runEnded();
    const QList<StepState> now = journal.steps();
    const auto stop = kind.writeStop(), resume = kind.noReturn();
    const bool writesStopped = stop && resume && *stop != *resume &&
                               now.at(int(*stop)).status == StepStatus::Done &&
                               now.at(int(*resume)).status != StepStatus::Done;
    if (writesStopped)
        ctx.say(QStringLiteral(
                    "stopped after %1: WRITES ARE STOPPED (read_only=1 on the source servers) until %2 "
                    "runs or the run is rolled back")
                    .arg(kind.stepId(last), kind.stepId(*resume)));
    else if (last != kind.last())
        ctx.say(QStringLiteral("stopped after %1 as asked").arg(kind.stepId(last)));
    return Outcome::Done;
}

Outcome Runner::verifyOnly(const RunOptions &options)
{
    m_ctx->options = options;
    // A pause asks the process that runs (as for run()): one left by a verify paused before would stop
    // this one at its first range.
    QFile::remove(RunDir(m_dir).pauseFile());
    // Read-only, but it reads every moved row: throttled like the copy while the application writes
    // (not while writes are stopped: the heartbeat would write into the binlogs the switch guards).
    const bool writesStopped = !m_ctx->journal().value(keys::writeStopStart).isEmpty() &&
                               m_ctx->journal().value(keys::writesResumed).isEmpty();
    QString why;
    if (!writesStopped && !m_ctx->throttle->begin(&why)) {
        m_ctx->error = why;
        return Outcome::Error;
    }
    const Outcome o = m_exec->verify();
    m_ctx->throttle->end();
    m_ctx->throttle->record();
    return o;
}

Outcome Runner::runThrottled(Step s, bool throttled)
{
    RunContext &ctx = *m_ctx;
    Throttle &throttle = *ctx.throttle;
    const QMap<QString, double> before = throttle.waited();
    if (throttled) {
        QString why;
        if (!throttle.begin(&why))
            return ctx.fail(s, why, Outcome::Error);
    }
    const Outcome o = m_exec->runStep(s);
    throttle.end();
    throttle.record();
    // What the step waited for, as a check of its own (status, the console's Checks).
    const QMap<QString, double> after = throttle.waited();
    QStringList parts;
    double total = 0;
    for (auto it = after.cbegin(); it != after.cend(); ++it) {
        const double d = it.value() - before.value(it.key());
        if (d >= 0.05) {
            parts.append(QStringLiteral("%1 %2 s").arg(it.key(), QString::number(d, 'f', 1)));
            total += d;
        }
    }
    if (!parts.isEmpty()) {
        const QString line =
            QStringLiteral("%1 waited %2 s for the throttle: %3")
                .arg(ctx.stepId(s), QString::number(total, 'f', 1), parts.join(QStringLiteral(", ")));
        ctx.journal().addCheck(ctx.stepId(s), QStringLiteral("throttle"), true, line);
        ctx.say(line);
    }
    return o;
}

Outcome Runner::repair(const RunOptions &options)
{
    m_ctx->options = options;
    return m_exec->repair();
}

Outcome Runner::forwardStale(const RunOptions &options)
{
    m_ctx->options = options;
    const Outcome o = m_exec->forwardStale();
    if (o == Outcome::GateFailed && m_ctx->error.isEmpty())
        m_ctx->error = QStringLiteral("a %1 run has no stale-route writes to carry forward").arg(m_ctx->kind.name());
    return o;
}

Outcome Runner::rollback(bool dropTargets, const RunOptions &options)
{
    RunContext &ctx = *m_ctx;
    Journal &journal = ctx.journal();
    ctx.options = options;
    const QList<StepState> st = journal.steps();
    QString summary;
    if (const auto noReturn = ctx.kind.noReturn();
        noReturn && st.at(int(*noReturn)).status == StepStatus::Done) {
        const QString id = ctx.stepId(*noReturn);
        const Outcome o = m_exec->rollbackAfterSwitch(dropTargets, &summary);
        if (o == Outcome::GateFailed && ctx.error.isEmpty())
            return refuse(
                QStringLiteral("writes were resumed on the new config (%1): rollback is only possible before %1")
                    .arg(id));
        if (o != Outcome::Done)
            return o;
    } else {
        QString why;
        if (!restoreConfig(ctx, &why)) {
            ctx.error = why;
            return Outcome::Error;
        }
        const Outcome o = m_exec->rollback(dropTargets, &summary);
        if (o != Outcome::Done)
            return o;
    }
    for (int i = 0; i < ctx.kind.size() && i < st.size(); ++i)
        if (st.at(i).status != StepStatus::Pending)
            journal.setStep(Step(i), StepStatus::RolledBack, QStringLiteral("rolled back"));
    journal.setValue(keys::rolledBack, QStringLiteral("1"));
    journal.audit(QString(), QStringLiteral("rollback"), QString(), summary, QStringLiteral("ok"));
    return Outcome::Done;
}

} // namespace sp::migration
