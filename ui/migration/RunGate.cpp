#include "ui/migration/RunGate.h"

#include "ui/TimeFormat.h"

#include <QLocale>

#include <algorithm>
#include <limits>

namespace sp::ui {

using migration::RunState;
using migration::Step;
using migration::StepStatus;

QString RunGate::stepTitle(Step s)
{
    static const char *const titles[] = {
        QT_TRANSLATE_NOOP("sp::ui::RunGate", "Preflight and create targets"),
        QT_TRANSLATE_NOOP("sp::ui::RunGate", "Start change capture"),
        QT_TRANSLATE_NOOP("sp::ui::RunGate", "Backfill existing rows"),
        QT_TRANSLATE_NOOP("sp::ui::RunGate", "Catch up"),
        QT_TRANSLATE_NOOP("sp::ui::RunGate", "Stop writes"),
        QT_TRANSLATE_NOOP("sp::ui::RunGate", "Verify"),
        QT_TRANSLATE_NOOP("sp::ui::RunGate", "Switch the config"),
        QT_TRANSLATE_NOOP("sp::ui::RunGate", "Resume writes"),
        QT_TRANSLATE_NOOP("sp::ui::RunGate", "Observe"),
        QT_TRANSLATE_NOOP("sp::ui::RunGate", "Purge moved rows"),
    };
    const int i = int(s);
    return i >= 0 && i < migration::kStepCount ? tr(titles[i]) : QString();
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

// T5 is done, writes are not resumed yet, and the journal's differences (the latest comparison's) are
// not empty.
static bool latestComparisonDiffers(const RunState &s)
{
    return !s.rolledBack() && s.differenceCount > 0 && s.status(Step::T5) == StepStatus::Done &&
           s.status(Step::T7) != StepStatus::Done;
}

static QString stepLabel(Step s)
{
    return migration::stepName(s) + QStringLiteral(" ") + RunGate::stepTitle(s);
}

RunGate RunGate::evaluate(const RunState &s, bool engineHere, EngineAction action)
{
    if (isDualMaster(s))
        return evaluateDual(s, engineHere, action);
    RunGate g;
    g.activity = engineHere ? RunActivity::Here : s.locked ? RunActivity::Elsewhere : RunActivity::None;
    if (s.steps.size() != migration::kStepCount)
        return g;
    const bool rolledBack = s.rolledBack();
    const bool finished = s.finished();
    const std::optional<Step> first = s.firstNotDone();
    const bool idle = g.activity == RunActivity::None;
    auto add = [&g](Level level, const QString &text) { g.lines.append(Line{level, text}); };

    // Where Continue can stop: from the first step not done (catch-up again while writes run).
    if (!rolledBack && !finished && first) {
        int from = int(*first);
        if (s.status(Step::T3) == StepStatus::Done && s.status(Step::T4) != StepStatus::Done &&
            from > int(Step::T3))
            from = int(Step::T3);
        // With a changed config T0 and T6 refuse: only the steps between them stay, once T0 is done.
        const int last = !s.configChanged()                       ? int(Step::T9)
                         : s.status(Step::T0) == StepStatus::Done ? int(Step::T5)
                                                                  : -1;
        // The latest comparison (T5, or a later Verify or repair) found differences: T6 and T7 are
        // refused (the engine refuses them too), so Continue stops before them.
        const Step gated = s.status(Step::T6) == StepStatus::Done ? Step::T7 : Step::T6;
        const int lastAllowed = latestComparisonDiffers(s) ? int(gated) - 1 : last;
        for (int i = from; i <= qMin(last, lastAllowed); ++i)
            g.untilChoices.append(Step(i));
        // The natural stops: copied and caught up (T3), the write stop in one go (T4..T7), then
        // observation and purge one at a time.
        Step d = *first;
        if (d <= Step::T3)
            d = Step::T3;
        else if (d <= Step::T7)
            d = Step::T7;
        if (g.untilChoices.contains(d))
            g.defaultUntil = d;
        else if (!g.untilChoices.isEmpty())
            g.defaultUntil = g.untilChoices.last();
    }

    // Who works on it.
    if (g.activity == RunActivity::Here) {
        const QString what = action == EngineAction::Verify     ? tr("verifying (read-only)")
                             : action == EngineAction::Rollback ? tr("rolling back")
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
    if (s.pauseRequested && !idle)
        add(Level::Info, tr("Pause requested: the engine stops after its current chunk of the copy (T2), the "
                            "observation (T8) or the purge (T9); the other steps run to their end."));

    // What blocks.
    if (rolledBack) {
        add(Level::Info, tr("This run was rolled back. Create a new run to try again."));
    } else if (finished) {
        add(Level::Info, tr("The run is complete: the moved rows were purged from the old shards (T9)."));
    }
    if (!rolledBack && s.configChanged()) {
        const bool t0Done = s.status(Step::T0) == StepStatus::Done;
        add(Level::Error,
            tr("%1 changed since the plan was made: %2 refuse to run. Make a new plan and a new run, or "
               "put the file back.")
                .arg(s.spec.configPath, t0Done ? tr("T6") : tr("T0 and T6")));
    }
    if (idle && !rolledBack)
        if (const auto step = s.interruptedStep())
            add(Level::Warning,
                tr("Interrupted during %1: the process that ran it ended before the step did. "
                   "Continue resumes it from the journal and the targets' checkpoints.")
                    .arg(stepLabel(*step)));
    if (const auto failed = s.failedStep(); failed && !rolledBack) {
        const QString message = s.step(*failed).message;
        add(Level::Error,
            tr("%1 failed. The engine says: %2").arg(stepLabel(*failed), engineSentence(message)) +
                QLatin1Char(' ') + tr("Continue runs it again once the cause is fixed."));
    }
    if (!rolledBack && s.differenceCount > 0 && s.status(Step::T5) != StepStatus::Done)
        add(Level::Error,
            tr("%n row(s) differ between the sources and the targets: T6 is refused until T5 is clean. "
               "Apply the repair SQL (Differences), then continue: T5 compares again.",
               nullptr, int(qMin<qint64>(s.differenceCount, std::numeric_limits<int>::max()))));
    if (latestComparisonDiffers(s)) {
        const QString refused = s.status(Step::T6) == StepStatus::Done
                                    ? tr("T7 (resume writes) is refused")
                                    : tr("T6 (switch the config) and T7 are refused");
        const QString why =
            tr("The latest comparison (%1) found %n row(s) that differ between the sources and the targets: "
               "%2 until a comparison is clean. Apply the repair SQL (Differences), then Verify.",
               nullptr, int(qMin<qint64>(s.differenceCount, std::numeric_limits<int>::max())))
                .arg(s.values.value(QStringLiteral("comparison.last"), QStringLiteral("T5")), refused);
        add(Level::Error, why);
        g.continueBlocked = why; // kept by setContinueAndPause when nothing else can be continued to
    }
    if (s.writesStopped())
        add(Level::Warning,
            tr("WRITES ARE STOPPED (read_only=1 on the source servers) since %1. Continue to T7 "
               "resumes them on the new config; a rollback resumes them on the old one.")
                .arg(timestampText(s.writeStopStart())));
    if (!rolledBack && s.status(Step::T7) == StepStatus::Done && s.status(Step::T8) != StepStatus::Done) {
        const QDateTime resumed = s.writesResumed();
        if (resumed.isValid())
            add(Level::Info,
                tr("T8 watches the old shards for writes that still follow the old routes until %1; "
                   "T9 purges only after it.")
                    .arg(timestampText(resumed.addSecs(s.spec.observeSec))));
    }
    if (idle && !rolledBack && !finished && first && g.lines.isEmpty()) {
        if (*first == Step::T0 && s.status(Step::T0) == StepStatus::Pending)
            add(Level::Info,
                tr("Not started. Continue runs T0 first: it checks the servers' binlog settings and "
                   "creates the target tables."));
        else if (s.step(*first).message == QLatin1String("paused"))
            add(Level::Info, tr("Paused during %1. Continue resumes it.").arg(stepLabel(*first)));
        else if (int(*first) > 0)
            add(Level::Info,
                tr("Stopped after %1. Next: %2.").arg(stepLabel(Step(int(*first) - 1)), stepLabel(*first)));
    }

    // The actions.
    const QString busy = g.setContinueAndPause(idle, rolledBack, finished, action);

    if (!idle)
        g.verifyBlocked = busy;
    else if (rolledBack)
        g.verifyBlocked = tr("The run was rolled back.");
    else if (s.status(Step::T2) != StepStatus::Done)
        g.verifyBlocked = tr("Verify compares the copied rows: it needs T2 (backfill) done.");
    else if (s.status(Step::T7) == StepStatus::Done)
        g.verifyBlocked =
            tr("Writes follow the new config since T7: the old shards no longer match the targets.");
    g.canVerify = g.verifyBlocked.isEmpty();

    if (!idle)
        g.rollbackBlocked = busy;
    else if (rolledBack)
        g.rollbackBlocked = tr("The run was rolled back already.");
    else if (s.status(Step::T7) == StepStatus::Done)
        g.rollbackBlocked =
            tr("Writes were resumed on the new config (T7): rollback is only possible before T7.");
    else if (s.status(Step::T0) == StepStatus::Pending)
        g.rollbackBlocked = tr("Nothing to roll back: the run has not started.");
    g.canRollback = g.rollbackBlocked.isEmpty();
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
    if (isDualMaster(s))
        return destructiveDualSteps(s, until);
    QStringList out;
    const QString sources =
        s.sourceServers.isEmpty() ? tr("the source servers") : s.sourceServers.join(QStringLiteral(", "));
    const QLocale loc;
    for (int i = 0; i <= int(until) && i < s.steps.size(); ++i) {
        const Step step = Step(i);
        if (s.status(step) == StepStatus::Done)
            continue;
        switch (step) {
        case Step::T4:
            out.append(
                tr("T4 sets read_only=1 on %1: the applications' writes fail until T7 (or a rollback) lifts "
                   "it. The capture must drain within %2 s, or writes are resumed and T4 fails.")
                    .arg(sources)
                    .arg(s.spec.writeStopBudgetSec));
            break;
        case Step::T6:
            out.append(
                s.spec.reloadCommand.isEmpty()
                    ? tr("T6 replaces %1 with the plan's new config (the old file is kept next to it).")
                          .arg(s.spec.configPath)
                    : tr("T6 replaces %1 with the plan's new config (the old file is kept next to it) and "
                         "runs "
                         "the reload command: %2")
                          .arg(s.spec.configPath, s.spec.reloadCommand));
            break;
        case Step::T7:
            out.append(
                tr("T7 sets read_only=0 on %1: writes resume, routed by the new config. After T7 the run "
                   "cannot be rolled back.")
                    .arg(sources));
            break;
        case Step::T9: {
            const qint64 rows = s.plan ? s.plan->totalMovedRows() : -1;
            out.append(
                tr("T9 deletes the moved rows from the old shards (%1): %2. A row is deleted only when it "
                   "is on its target.")
                    .arg(sources,
                         rows >= 0 ? tr("about %1 rows").arg(loc.toString(rows)) : tr("every moved row")));
            break;
        }
        default:
            break;
        }
    }
    return out;
}

} // namespace sp::ui
