#include "ui/migration/RunController.h"

#include "core/job/Job.h"
#include "core/migration/run/Runner.h"

#include <QMutex>
#include <QScopeGuard>
#include <QTimer>

#include <functional>
#include <utility>

namespace sp::ui {

using namespace sp::migration;

// The engine's lines, written by the worker, read by the UI thread's drain timer.
struct RunController::Mailbox
{
    QMutex mutex;
    QStringList lines;
    QString progress;
    bool progressChanged = false;
};

RunController::RunController(QObject *parent)
    : QObject(parent), m_reader(new JobRunner(this)), m_engine(new JobRunner(this)), m_poll(new QTimer(this)),
      m_drain(new QTimer(this))
{
    m_poll->setInterval(m_pollMs);
    connect(m_poll, &QTimer::timeout, this, [this] {
        if (!m_reader->isRunning()) // a slow read is not queued behind by every tick
            refresh();
    });
    m_drain->setInterval(200);
    connect(m_drain, &QTimer::timeout, this, &RunController::drainMailbox);
    connect(m_reader, &JobRunner::failed, this, [this](const QString &error) {
        m_readError = error;
        emit readFailed(error);
        if (std::exchange(m_readAgain, false))
            refresh();
    });
    connect(m_engine, &JobRunner::failed, this, [this](const QString &error) {
        const EngineAction action = m_action;
        m_action = EngineAction::None;
        m_drain->stop();
        drainMailbox();
        emit engineFinished(action, int(Outcome::Error), error);
        refresh();
    });
}

RunController::~RunController()
{
    if (engineRunning() && !m_dir.isEmpty()) {
        // The graceful stop (after the current chunk); the runner's destruction then cancels the
        // job, which asks the engine to stop.
        QString ignored;
        Runner::requestPause(m_dir, &ignored);
    }
}

bool RunController::attach(const QString &dir)
{
    if (dir == m_dir)
        return true;
    if (engineRunning())
        return false;
    m_reader->cancel();
    m_dir = dir;
    m_state.reset();
    m_readError.clear();
    m_lastAuditId = 0;
    m_stateSince = QDateTime();
    m_readAgain = false;
    m_samples.clear();
    m_copying = false;
    if (m_dir.isEmpty()) {
        m_poll->stop();
        emit stateChanged();
        return true;
    }
    m_poll->start();
    refresh();
    emit stateChanged();
    return true;
}

bool RunController::isReading() const
{
    return m_reader->isRunning();
}

void RunController::setPollInterval(int ms)
{
    m_pollMs = qMax(100, ms);
    m_poll->setInterval(m_pollMs);
}

void RunController::refresh()
{
    if (m_dir.isEmpty())
        return;
    if (m_reader->isRunning()) {
        m_readAgain = true;
        return;
    }
    const QString dir = m_dir;
    const QDateTime since = QDateTime::currentDateTimeUtc();
    RunStateOptions options;
    options.withPlan = !m_state.has_value(); // once per run: the plan does not change
    options.auditAfterId = m_state ? m_lastAuditId : 0;
    m_reader->start(
        [dir, options](JobControl &) {
            RunState st;
            QString error;
            if (!loadRunState(dir, options, &st, &error))
                throw JobError(error);
            return st;
        },
        [this, dir, since, withPlan = options.withPlan](RunState st) {
            applyRead(st, dir, withPlan, since);
            if (std::exchange(m_readAgain, false))
                refresh();
        });
}

void RunController::applyRead(const RunState &read, const QString &dir, bool withPlan, const QDateTime &since)
{
    if (dir != m_dir)
        return;
    m_readError.clear();
    m_stateSince = since;
    if (!m_state || withPlan) {
        m_state = read;
    } else {
        // Keep what is read once (spec, plan, servers) and the audit entries read before.
        RunState merged = read;
        merged.plan = std::move(m_state->plan);
        merged.sourceServers = m_state->sourceServers;
        merged.targetServers = m_state->targetServers;
        merged.audit = m_state->audit + read.audit;
        m_state = std::move(merged);
    }
    if (!m_state->audit.isEmpty())
        m_lastAuditId = m_state->audit.constLast().id;

    // Copy history: measured only while the copy runs (and the read that sees it end); a new
    // stretch of copying starts a new segment. The copy is the step the kind's table says copies.
    bool copyStepRunning = false;
    const RunKind &kind = m_state->runKind();
    for (int i = 0; i < kind.size(); ++i)
        copyStepRunning = copyStepRunning || (kind.steps().at(i).load == StepLoad::Copy &&
                                              m_state->status(Step(i)) == StepStatus::Running);
    const bool copying = m_state->locked && !m_state->rolledBack() && copyStepRunning;
    const bool ended = m_copying && !copying;
    if (copying && !m_copying)
        ++m_segment;
    m_copying = copying;
    if ((copying || ended) && !m_state->progress.isEmpty()) {
        Sample s;
        s.at = m_state->readAt;
        s.segment = m_segment;
        for (const CopyProgress &p : std::as_const(m_state->progress)) {
            s.byPair.insert(pairKey(p), p.copied);
            s.total += p.copied;
        }
        if (ended || m_samples.isEmpty() || m_samples.constLast().segment != s.segment ||
            m_samples.constLast().total != s.total || m_samples.constLast().at.msecsTo(s.at) >= 5000)
            m_samples.append(s);
        constexpr int kMaxSamples = 3600;
        if (m_samples.size() > kMaxSamples)
            m_samples.remove(0, m_samples.size() - kMaxSamples);
    }
    emit stateChanged();
}

QString RunController::pairKey(const CopyProgress &p)
{
    return p.source + QStringLiteral(" -> ") + p.target;
}

static double rateOver(const QList<RunController::Sample> &samples,
                       const std::function<qint64(const RunController::Sample &)> &value)
{
    if (samples.size() < 2)
        return -1;
    const RunController::Sample &last = samples.constLast();
    // The oldest sample of the last 20 s (at least one second back), of the same stretch of copying.
    int from = int(samples.size()) - 2;
    if (samples.at(from).segment != last.segment)
        return -1;
    while (from > 0 && samples.at(from - 1).segment == last.segment &&
           samples.at(from - 1).at.msecsTo(last.at) <= 20000)
        --from;
    const qint64 ms = samples.at(from).at.msecsTo(last.at);
    if (ms < 1000)
        return -1;
    return double(value(last) - value(samples.at(from))) * 1000.0 / double(ms);
}

double RunController::pairRate(const QString &key) const
{
    return rateOver(m_samples, [&key](const Sample &s) { return s.byPair.value(key); });
}

double RunController::totalRate() const
{
    return rateOver(m_samples, [](const Sample &s) { return s.total; });
}

RunGate RunController::gate() const
{
    if (!m_state)
        return {};
    return RunGate::evaluate(*m_state, engineRunning(), m_action);
}

bool RunController::continueTo(Step until, bool confirmed, const QString &overrideReason, QString *error)
{
    const RunGate g = gate();
    if (!m_state || !g.canContinue || !g.untilChoices.contains(until)) {
        *error = g.continueBlocked.isEmpty() ? RunGate::tr("That step cannot be continued to now.")
                                             : g.continueBlocked;
        return false;
    }
    if (!confirmed && !RunGate::destructiveSteps(*m_state, until).isEmpty()) {
        *error = RunGate::tr("The steps up to %1 change the live cluster and need a confirmation.")
                     .arg(RunGate::stepName(*m_state, until));
        return false;
    }
    return startEngine(EngineAction::Continue, until, confirmed, overrideReason, false, error);
}

bool RunController::verify(QString *error, bool strongHash)
{
    const RunGate g = gate();
    if (!m_state || !g.canVerify) {
        *error = g.verifyBlocked;
        return false;
    }
    m_strongVerify = strongHash;
    return startEngine(EngineAction::Verify, std::nullopt, false, QString(), false, error);
}

bool RunController::rollback(bool dropTargets, QString *error)
{
    const RunGate g = gate();
    if (!m_state || !g.canRollback) {
        *error = g.rollbackBlocked;
        return false;
    }
    return startEngine(EngineAction::Rollback, std::nullopt, true, QString(), dropTargets, error);
}

bool RunController::forwardStale(const QString &conflicts, QString *error)
{
    const RunGate g = gate();
    if (!m_state || !g.canForwardStale) {
        *error = g.forwardStaleBlocked;
        return false;
    }
    // The conflicts' choice travels in the reason's place: forward-stale takes no override reason.
    return startEngine(EngineAction::ForwardStale, std::nullopt, true, conflicts, false, error);
}

bool RunController::pause(QString *error)
{
    if (m_dir.isEmpty()) {
        *error = RunGate::tr("No run is open.");
        return false;
    }
    if (!Runner::requestPause(m_dir, error))
        return false;
    refresh();
    return true;
}

bool RunController::startEngine(EngineAction action, std::optional<Step> until, bool yes,
                                const QString &reason, bool dropTargets, QString *error)
{
    if (engineRunning() || m_dir.isEmpty()) {
        *error = RunGate::tr("The engine is running in this console.");
        return false;
    }
    m_mailbox = std::make_shared<Mailbox>();
    const std::shared_ptr<Mailbox> box = m_mailbox;
    const QString dir = m_dir;
    m_action = action;
    const bool strongVerify = action == EngineAction::Verify && m_strongVerify;
    m_engine->start(
        [dir, action, until, yes, reason, dropTargets, box, strongVerify](JobControl &control) {
            Runner engine(dir);
            QString why;
            if (!engine.open(&why))
                return EngineResult{int(Outcome::Error), why};
            // A cancel (the page goes away) asks the engine to stop. The hook may run on another
            // thread while this one ends: it reaches the engine only through a link cleared, under
            // its lock, before the engine is destroyed.
            struct StopLink
            {
                QMutex mutex;
                Runner *engine = nullptr;
            };
            const auto link = std::make_shared<StopLink>();
            link->engine = &engine;
            const auto unlink = qScopeGuard([link] {
                QMutexLocker lock(&link->mutex);
                link->engine = nullptr;
            });
            CancelHookGuard stop(&control, [link] {
                QMutexLocker lock(&link->mutex);
                if (link->engine)
                    link->engine->requestStop();
            });
            RunOptions o;
            o.until = until;
            o.strongHash = strongVerify;
            o.yes = yes;
            if (action == EngineAction::ForwardStale)
                o.staleConflicts = reason;
            else
                o.overrideReason = reason;
            o.say = [box](const QString &line) {
                QMutexLocker lock(&box->mutex);
                box->lines.append(line);
            };
            o.progress = [box](const QString &line) {
                QMutexLocker lock(&box->mutex);
                box->progress = line;
                box->progressChanged = true;
            };
            Outcome out = Outcome::Error;
            switch (action) {
            case EngineAction::Continue:
                out = engine.run(o);
                break;
            case EngineAction::Verify:
                out = engine.verifyOnly(o);
                break;
            case EngineAction::Rollback:
                out = engine.rollback(dropTargets, o);
                break;
            case EngineAction::ForwardStale:
                out = engine.forwardStale(o);
                break;
            case EngineAction::None:
                break;
            }
            return EngineResult{int(out),
                                out == Outcome::Done || out == Outcome::Paused ? QString() : engine.error()};
        },
        [this, action](EngineResult r) {
            m_action = EngineAction::None;
            m_drain->stop();
            drainMailbox();
            emit engineFinished(action, r.outcome, r.error);
            refresh();
        });
    m_drain->start();
    emit engineStarted(action);
    // A read right away shows the lock held and the step running.
    QTimer::singleShot(300, this, &RunController::refresh);
    return true;
}

void RunController::drainMailbox()
{
    if (!m_mailbox)
        return;
    QStringList lines;
    QString progress;
    bool progressChanged = false;
    {
        QMutexLocker lock(&m_mailbox->mutex);
        lines.swap(m_mailbox->lines);
        progress = m_mailbox->progress;
        progressChanged = m_mailbox->progressChanged;
        m_mailbox->progressChanged = false;
    }
    for (const QString &l : std::as_const(lines))
        emit engineLine(l);
    if (progressChanged)
        emit engineProgress(progress);
}

} // namespace sp::ui
