#include "ui/migration/RunGate.h"

#include "core/migration/run/Throttle.h"
#include "ui/migration/RunNotes.h"
#include "ui/CoreText.h"
#include "ui/TimeFormat.h"

#include <QLocale>

#include <algorithm>

namespace sp::ui {

using migration::RunKind;
using migration::RunKindId;
using migration::RunState;
using migration::Step;
using migration::StepDef;
using migration::StepStatus;

QString RunGate::stepName(const RunState &s, Step step)
{
    return s.runKind().stepId(step);
}

QString RunGate::stepTitle(RunKindId kind, Step step)
{
    const RunKind &k = RunKind::of(kind);
    return k.has(step) ? CoreText::render(k.step(step).title) : QString();
}

QString RunGate::stepLabel(const RunState &s, Step step)
{
    return stepName(s, step) + QLatin1Char(' ') + stepTitle(s.kindId(), step);
}

QString RunGate::statusText(StepStatus s)
{
    switch (s) {
    case StepStatus::Pending:
        return tr("pending");
    case StepStatus::Running:
        return tr("running");
    case StepStatus::Done:
        return tr("done");
    case StepStatus::Failed:
        return tr("failed");
    case StepStatus::RolledBack:
        return tr("rolled back");
    }
    return {};
}

QString RunGate::engineSentence(const QString &message)
{
    QString t = message.trimmed();
    if (t.isEmpty())
        return t;
    int word = 0;
    while (word < t.size() && t.at(word).isLetter() && t.at(word).isLower())
        ++word;
    const bool plainWord = word > 0 && (word == t.size() || t.at(word).isSpace() ||
                                        t.at(word) == QLatin1Char(':') || t.at(word) == QLatin1Char(','));
    if (plainWord)
        t[0] = t.at(0).toUpper();
    if (!t.endsWith(QLatin1Char('.')) && !t.endsWith(QLatin1Char('!')) && !t.endsWith(QLatin1Char('?')))
        t += QLatin1Char('.');
    return t;
}

QString RunGate::engineMessage(const migration::StepState &s)
{
    const QString m = s.message.trimmed();
    const bool repeatsStatus = (s.status == StepStatus::RolledBack && m == QLatin1String("rolled back")) ||
                               (s.status == StepStatus::Done && m == QLatin1String("done"));
    return repeatsStatus ? QString() : s.message;
}

RunGate::Level RunGate::level() const
{
    Level l = Level::None;
    for (const Line &line : lines)
        l = std::max(l, line.level);
    return l;
}

// The throttle's reasons (Throttle.h names them in the journal).
static QString throttleReasonText(const QString &reason)
{
    if (reason == QLatin1String("rate"))
        return RunGate::tr("rate limit");
    if (reason == QLatin1String("threads_running"))
        return RunGate::tr("Threads_running");
    if (reason == QLatin1String("replica lag"))
        return RunGate::tr("replica lag");
    return reason;
}

RunGate RunGate::evaluate(const RunState &s, bool engineHere, EngineAction action)
{
    RunGate g;
    g.activity = engineHere ? RunActivity::Here : s.locked ? RunActivity::Elsewhere : RunActivity::None;
    const RunKind &kind = s.runKind();
    if (s.steps.size() != migration::kStepCount || kind.size() > s.steps.size())
        return g;
    const bool rolledBack = s.rolledBack();
    const bool finished = s.finished();
    const std::optional<Step> first = s.firstNotDone();
    const bool idle = g.activity == RunActivity::None;
    const bool switched = !s.value(migration::keys::configBackup).isEmpty();
    const std::optional<Step> switchAt = kind.configSwitch();
    auto add = [&g](Level level, const QString &text) { g.lines.append(Line{level, text}); };

    // Where Continue can stop: from the first step not done, or from a step the table repeats.
    if (!rolledBack && !finished && first) {
        int from = int(*first);
        for (int i = 0; i < from; ++i) {
            const StepDef &d = kind.steps().at(i);
            if (d.repeatUntil && s.status(Step(i)) == StepStatus::Done &&
                s.status(*d.repeatUntil) != StepStatus::Done && !switched)
                from = i;
        }
        // With a changed config the first step and the switch refuse: only the steps between them
        // stay, once the first is done.
        const int last = !s.configChanged()                                   ? int(kind.last())
                         : s.status(Step::T0) == StepStatus::Done && switchAt ? int(*switchAt) - 1
                                                                              : -1;
        const int lastAllowed = s.kindId() == RunKindId::Copy ? copyLastAllowed(s, last) : last;
        for (int i = from; i <= qMin(last, lastAllowed); ++i)
            g.untilChoices.append(Step(i));
        // The natural stops of the table (copied and caught up, the write stop in one go, ...),
        // otherwise one step at a time.
        std::optional<Step> d;
        for (int i = int(*first); i < kind.size() && !d; ++i)
            if (kind.steps().at(i).naturalStop)
                d = Step(i);
        if (!d)
            d = *first;
        if (g.untilChoices.contains(*d))
            g.defaultUntil = *d;
        else if (!g.untilChoices.isEmpty())
            g.defaultUntil = g.untilChoices.last();
    }

    // Who works on it.
    if (g.activity == RunActivity::Here) {
        const QString what =
            action == EngineAction::Verify
                ? (s.kindId() == RunKindId::DualMaster
                       ? tr("checking the replication gates and comparing the rows (nothing is repaired)")
                       : tr("verifying (read-only)"))
            : action == EngineAction::Rollback     ? tr("rolling back")
            : action == EngineAction::ForwardStale ? tr("carrying the writes of stale routes forward")
                                                   : tr("continuing the run");
        add(Level::Info, tr("Running in this console: %1. The page follows the journal.").arg(what));
    } else if (g.activity == RunActivity::Elsewhere) {
        add(Level::Warning,
            (s.lockHolder > 0 ? tr("Running in another process (pid %1).").arg(s.lockHolder)
                              : tr("Running in another process.")) +
                QLatin1Char(' ') +
                tr("The page follows its journal; Continue, Verify and Rollback wait until it ends. "
                   "Pause asks it to stop after its current chunk."));
    }
    if (s.pauseRequested && !idle) {
        QStringList pausable;
        for (const StepDef &d : kind.steps())
            if (d.pausable)
                pausable.append(d.id);
        add(Level::Info,
            tr("Pause requested: the engine stops at its next pause point (in %1); the other steps "
               "run to their end.")
                .arg(pausable.join(QStringLiteral(", "))));
    }

    // What blocks.
    if (rolledBack)
        add(Level::Info, tr("This run was rolled back. Create a new run to try again."));
    else if (finished)
        add(Level::Info,
            s.kindId() == RunKindId::DualMaster
                ? tr("The doubling is complete: each side purged the half it no longer owns (%1).")
                      .arg(stepName(s, migration::rowOf(migration::DualStep::D9)))
                : tr("The run is complete: the moved rows were purged from the old shards (%1).")
                      .arg(stepName(s, kind.last())));
    if (!rolledBack && s.configChanged()) {
        const bool firstDone = s.status(Step::T0) == StepStatus::Done;
        const QString sw = switchAt ? stepName(s, *switchAt) : QString();
        add(Level::Error,
            tr("%1 changed since the plan was made: %2 refuse to run. Make a new plan and a new run, or "
               "put the file back.")
                .arg(s.spec.configPath, firstDone ? sw : tr("%1 and %2").arg(stepName(s, Step::T0), sw)));
    }
    if (idle && !rolledBack)
        if (const auto step = s.interruptedStep())
            add(Level::Warning,
                tr("Interrupted during %1: the process that ran it ended before the step did. "
                   "Continue resumes it from the journal and the servers' checkpoints.")
                    .arg(stepLabel(s, *step)));
    if (const auto failed = s.failedStep(); failed && !rolledBack) {
        const QString message = s.step(*failed).message;
        add(Level::Error,
            tr("%1 failed. The engine says: %2").arg(stepLabel(s, *failed), engineSentence(message)) +
                QLatin1Char(' ') + tr("Continue runs it again once the cause is fixed."));
    }
    if (s.writesStopped())
        add(Level::Warning,
            tr("WRITES ARE STOPPED (read_only=1 on the source servers) since %1. Continue to %2 "
               "resumes them on the new config; a rollback resumes them on the old one.")
                .arg(timestampText(s.writeStopStart()),
                     kind.noReturn() ? stepName(s, *kind.noReturn()) : QString()));
    if (s.kindId() == RunKindId::DualMaster)
        g.dualLines(s, idle);
    else
        g.copyLines(s, idle);
    // What holds the work back now (the engine's sentence, while a process works on the run).
    if (const QString waiting = s.value(migration::keys::throttleWaiting);
        !rolledBack && g.activity != RunActivity::None && !waiting.isEmpty())
        add(Level::Warning, tr("The throttle holds the work back: %1 The work goes on by itself once the "
                               "cause is gone (migrate throttle changes the limits).")
                                .arg(engineSentence(waiting)));
    const QMap<QString, double> waited = migration::Throttle::waitedOf(s.values);
    double total = 0;
    for (const double w : waited)
        total += w;
    if (!rolledBack && total >= 1) {
        QStringList parts;
        for (auto it = waited.cbegin(); it != waited.cend(); ++it)
            if (it.value() >= 0.1)
                parts.append(
                    tr("%1: %2 s").arg(throttleReasonText(it.key()), QLocale().toString(it.value(), 'f', 1)));
        add(Level::Info, tr("The throttle held the work back %1 s in all (%2).")
                             .arg(QLocale().toString(total, 'f', 1), parts.join(QStringLiteral(", "))));
    }
    if (idle && !rolledBack && !finished && first && g.lines.isEmpty()) {
        if (*first == Step::T0 && s.status(Step::T0) == StepStatus::Pending)
            add(Level::Info, tr("Not started. Continue runs %1 first.").arg(stepLabel(s, Step::T0)));
        else if (s.step(*first).message == QLatin1String("paused"))
            add(Level::Info, tr("Paused during %1. Continue resumes it.").arg(stepLabel(s, *first)));
        else if (int(*first) > 0)
            add(Level::Info, tr("Stopped after %1. Next: %2.")
                                 .arg(stepLabel(s, Step(int(*first) - 1)), stepLabel(s, *first)));
    }

    // The actions.
    const QString busy = g.setContinueAndPause(idle, rolledBack, finished, action);
    const std::optional<Step> noReturn = kind.noReturn();
    const bool pastNoReturn = noReturn && s.status(*noReturn) == StepStatus::Done;
    if (!idle)
        g.verifyBlocked = busy;
    else if (rolledBack)
        g.verifyBlocked = tr("The run was rolled back.");
    else if (s.status(kind.verifiableAfter()) != StepStatus::Done)
        g.verifyBlocked =
            tr("Verify compares the rows: it needs %1 done.").arg(stepLabel(s, kind.verifiableAfter()));
    else if (pastNoReturn)
        g.verifyBlocked =
            tr("Writes follow the new config since %1: the old servers no longer match the new ones.")
                .arg(stepName(s, *noReturn));
    g.canVerify = g.verifyBlocked.isEmpty();

    if (!idle)
        g.rollbackBlocked = busy;
    else if (rolledBack)
        g.rollbackBlocked = tr("The run was rolled back already.");
    else if (pastNoReturn && !reversible(s))
        g.rollbackBlocked =
            s.kindId() == RunKindId::Copy && s.status(Step(kind.size() - 1)) != StepStatus::Pending
                ? tr("%1 has begun removing the moved rows from the old servers: the run cannot go back any more.")
                      .arg(stepName(s, Step(kind.size() - 1)))
                : tr("Writes were resumed on the new config (%1): rollback is only possible before %1.")
                      .arg(stepName(s, *noReturn));
    else if (s.status(Step::T0) == StepStatus::Pending)
        g.rollbackBlocked = tr("Nothing to roll back: the run has not started.");
    g.canRollback = g.rollbackBlocked.isEmpty();

    if (!idle)
        g.forwardStaleBlocked = busy;
    else if (rolledBack)
        g.forwardStaleBlocked = tr("The run was rolled back.");
    else if (s.kindId() != RunKindId::Copy || s.status(Step::T7) != StepStatus::Done ||
             s.status(Step::T9) != StepStatus::Pending)
        g.forwardStaleBlocked = tr("Writes of stale routes are carried forward between T7 and T9.");
    else if (s.openStaleWrites() == 0)
        g.forwardStaleBlocked = tr("T8 has seen no open write of a stale route.");
    g.canForwardStale = g.forwardStaleBlocked.isEmpty();
    return g;
}

QString RunGate::setContinueAndPause(bool idle, bool rolledBack, bool finished, EngineAction action)
{
    const QString busy = activity == RunActivity::Here ? tr("The engine is running in this console.")
                                                       : tr("Another process is working on this run.");
    if (!idle)
        continueBlocked = busy;
    else if (rolledBack)
        continueBlocked = tr("The run was rolled back.");
    else if (finished)
        continueBlocked = tr("The run is complete.");
    else if (untilChoices.isEmpty() && continueBlocked.isEmpty())
        continueBlocked = tr("The config changed since the plan was made.");
    else if (!untilChoices.isEmpty())
        continueBlocked.clear(); // a gate further on (T6) leaves the steps before it
    canContinue = continueBlocked.isEmpty();
    canPause = (activity == RunActivity::Here && action == EngineAction::Continue) ||
               activity == RunActivity::Elsewhere;
    return busy;
}

QStringList RunGate::destructiveSteps(const RunState &s, Step until)
{
    QStringList out;
    const RunKind &kind = s.runKind();
    for (int i = 0; i <= int(until) && i < s.steps.size() && i < kind.size(); ++i) {
        const Step step = Step(i);
        if (s.status(step) == StepStatus::Done || !kind.step(step).destructive)
            continue;
        const QString text = s.kindId() == RunKindId::DualMaster ? dualStep(s, step) : copyStep(s, step);
        out += text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    }
    return out;
}

QString RunGate::reasonQuestion(const RunState &s, Step until)
{
    const RunKind &kind = s.runKind();
    for (int i = 0; i <= int(until) && i < kind.size(); ++i) {
        const auto reasonFor = kind.steps().at(i).reasonIfFailed;
        if (!reasonFor || s.status(*reasonFor) != StepStatus::Failed || s.status(Step(i)) == StepStatus::Done)
            continue;
        return *reasonFor == Step(i)
                   ? tr("%1 stopped (see the gate above): why go on anyway? (goes into the audit log)")
                         .arg(stepName(s, Step(i)))
                   : tr("%1 stopped (see the gate above); %2 goes on only for a reason: why? (goes into the "
                        "audit log)")
                         .arg(stepName(s, *reasonFor), stepName(s, Step(i)));
    }
    return {};
}

bool RunGate::reversible(const RunState &s)
{
    if (s.kindId() == RunKindId::DualMaster) {
        // Between D7 and D8 with every pair replicating back (D4's dual-master window).
        if (s.rolledBack() || s.status(migration::rowOf(migration::DualStep::D7)) != StepStatus::Done ||
            s.status(migration::rowOf(migration::DualStep::D8)) != StepStatus::Pending)
            return false;
        int twoWay = 0;
        for (auto it = s.values.cbegin(); it != s.values.cend(); ++it) {
            if (!it.key().startsWith(QLatin1String("dual.back.")))
                continue;
            if (it.value() != QLatin1String("two-way"))
                return false;
            ++twoWay;
        }
        return twoWay > 0;
    }
    if (s.kindId() != RunKindId::Copy || s.rolledBack() || s.status(Step::T7) != StepStatus::Done ||
        s.status(Step::T9) != StepStatus::Pending || s.value(migration::keys::reverseEnded) == QLatin1String("1"))
        return false;
    for (auto it = s.values.cbegin(); it != s.values.cend(); ++it)
        if (it.key().startsWith(QLatin1String("reverse.from.")))
            return true;
    return false;
}

QStringList RunGate::rollbackEffects(const RunState &s)
{
    const RunKind &kind = s.runKind();
    if (reversible(s) && s.kindId() == RunKindId::DualMaster) {
        const QString targets =
            s.targetServers.isEmpty() ? tr("the new instances") : s.targetServers.join(QStringLiteral(", "));
        QStringList what;
        what << tr("sets read_only=1 on %1: the writes the new config sends there fail until the rollback ends")
                    .arg(targets)
             << tr("waits until the old instances have applied everything the new ones took since the switch "
                   "(new -> old replication); if they cannot, writes resume on the new instances")
             << tr("puts the old config back into %1").arg(s.spec.configPath);
        if (!s.spec.reloadCommand.isEmpty())
            what << tr("runs the reload command '%1'; if it fails, the new instances stay read-only").arg(s.spec.reloadCommand);
        what << tr("cuts replication both ways, restores auto_increment and the GTID domain, sets read_only=0 on %1")
                    .arg(targets)
             << tr("marks the run rolled back: it cannot be continued; a new run starts over");
        return what;
    }
    if (reversible(s)) {
        // After the switch: back through the reverse stream.
        const QString targets =
            s.targetServers.isEmpty() ? tr("the target servers") : s.targetServers.join(QStringLiteral(", "));
        QStringList what;
        what << tr("sets read_only=1 on %1: the writes the new config sends there fail until the rollback ends")
                    .arg(targets)
             << tr("applies what is left of the new nodes' changes to the old shards (the reverse stream) and "
                   "compares every moved row on both sides; any difference stops the rollback and writes resume "
                   "on the new nodes")
             << tr("puts the old config back into %1").arg(s.spec.configPath);
        what << (s.spec.reloadCommand.isEmpty()
                     ? tr("runs no reload command (none is set): reload the services with the old config yourself; "
                          "a service still on the new config writes to the new nodes, where nothing carries it back")
                     : tr("runs the reload command '%1' (its time is reported apart from the write stop); if it "
                          "fails, the new nodes stay read-only")
                           .arg(s.spec.reloadCommand));
        what << tr("sets read_only=0 on %1 and reports how long writes to moved rows were stopped").arg(targets);
        const qint64 open = s.openStaleWrites();
        if (open > 0)
            what << tr("%n key(s) written on the old shards by stale routes keep the old shards' version: with the "
                       "old config back they are where the services read them",
                       nullptr, int(qMin<qint64>(open, 1 << 30)));
        what << tr("marks the run rolled back: it cannot be continued; a new run starts over");
        return what;
    }
    const QString sources =
        s.sourceServers.isEmpty() ? tr("the source servers") : s.sourceServers.join(QStringLiteral(", "));
    const QString targets =
        s.targetServers.isEmpty() ? tr("the target servers") : s.targetServers.join(QStringLiteral(", "));
    unsigned undo = 0;
    for (int i = 0; i < kind.size(); ++i)
        if (s.status(Step(i)) != StepStatus::Pending)
            undo |= kind.steps().at(i).undo;
    QStringList what;
    if (!s.value(migration::keys::configBackup).isEmpty()) {
        const auto sw = kind.configSwitch();
        what << tr("puts the old config back into %1 (%2 replaced it)")
                    .arg(s.spec.configPath, sw ? stepName(s, *sw) : QString());
    }
    const auto stop = kind.writeStop();
    if ((stop && s.status(*stop) != StepStatus::Pending) || s.writeStopStart().isValid())
        what << tr("sets read_only=0 on %1: writes resume on the old config").arg(sources);
    if (undo & migration::UndoTriggers)
        what << tr("drops the pre-verification triggers on %1").arg(targets);
    if (undo & migration::UndoReplication)
        what << tr("stops replication into %1, removes it and sets their replication position back")
                    .arg(targets);
    if (undo & migration::UndoSettings)
        what << tr("restores auto_increment_increment and auto_increment_offset on %1 and %2")
                    .arg(sources, targets);
    if (const QString reload = RunNotes::rollbackReload(s); !reload.isEmpty())
        what << reload;
    what << tr("marks the run rolled back: it cannot be continued; a new run starts over");
    return what;
}

QString RunGate::dropTargetsOffer(const RunState &s)
{
    const RunKind &kind = s.runKind();
    const QString targets =
        s.targetServers.isEmpty() ? tr("the target servers") : s.targetServers.join(QStringLiteral(", "));
    for (const StepDef &d : kind.steps()) {
        if (d.undo & migration::UndoSeed)
            return tr("Also drop what was seeded on the new instances (%1)").arg(targets);
        if (d.undo & migration::UndoTargets)
            return tr("Also drop the target tables the run created (DROP TABLE on %1)").arg(targets);
    }
    return {};
}

} // namespace sp::ui
