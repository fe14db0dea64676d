// The gates of a dual-master run (D1..D10, core/migration/DualMaster) as the migration page shows
// them: the same actions as a copy run, with the replication steps' own stops and confirmations.
#include "ui/migration/RunGate.h"

#include "core/migration/dual/DualRun.h"
#include "ui/TimeFormat.h"

#include <limits>

namespace sp::ui {

using migration::RunState;
using migration::Step;
using migration::StepStatus;

bool RunGate::isDualMaster(const RunState &s)
{
    return s.plan && migration::isDualMasterPlan(*s.plan);
}

QString RunGate::stepName(Step s, bool dualMaster)
{
    return dualMaster ? migration::dualStepName(s) : migration::stepName(s);
}

QString RunGate::stepTitle(Step s, bool dualMaster)
{
    if (!dualMaster)
        return stepTitle(s);
    static const char *const titles[] = {
        QT_TRANSLATE_NOOP("sp::ui::RunGate", "Check the servers"),
        QT_TRANSLATE_NOOP("sp::ui::RunGate", "Seed the new instances"),
        QT_TRANSLATE_NOOP("sp::ui::RunGate", "Replicate old to new"),
        QT_TRANSLATE_NOOP("sp::ui::RunGate", "Replicate back (not set up)"),
        QT_TRANSLATE_NOOP("sp::ui::RunGate", "Interleave AUTO_INCREMENT"),
        QT_TRANSLATE_NOOP("sp::ui::RunGate", "Wait for lag 0"),
        QT_TRANSLATE_NOOP("sp::ui::RunGate", "Switch the config"),
        QT_TRANSLATE_NOOP("sp::ui::RunGate", "Cut replication"),
        QT_TRANSLATE_NOOP("sp::ui::RunGate", "Purge the other half"),
        QT_TRANSLATE_NOOP("sp::ui::RunGate", "High availability"),
    };
    const int i = int(s);
    return i >= 0 && i < migration::kStepCount ? tr(titles[i]) : QString();
}

RunGate RunGate::evaluateDual(const RunState &s, bool engineHere, EngineAction action)
{
    RunGate g;
    g.activity = engineHere ? RunActivity::Here : s.locked ? RunActivity::Elsewhere : RunActivity::None;
    if (s.steps.size() != migration::kStepCount)
        return g;
    const bool rolledBack = s.rolledBack();
    const bool finished = s.finished();
    const std::optional<Step> first = s.firstNotDone();
    const bool idle = g.activity == RunActivity::None;
    auto add = [&g](Level level, const QString &text) { g.lines.append(Line{level, text}); };
    auto label = [](Step x) -> QString { return stepName(x, true) + QLatin1Char(' ') + stepTitle(x, true); };
    const bool switched = s.status(Step::T6) == StepStatus::Done;

    if (!rolledBack && !finished && first) {
        int from = int(*first);
        // D6 (lag 0) is looked at again until the switch.
        if (s.status(Step::T5) == StepStatus::Done && !switched && from > int(Step::T5))
            from = int(Step::T5);
        const int last = !s.configChanged() ? int(Step::T9) : -1;
        for (int i = from; i <= last; ++i)
            g.untilChoices.append(Step(i));
        // The natural stops: replicating at lag 0 (D6), the switch (D7), the cut (D8), the purge.
        Step d = *first <= Step::T5 ? Step::T5 : *first;
        if (g.untilChoices.contains(d))
            g.defaultUntil = d;
        else if (!g.untilChoices.isEmpty())
            g.defaultUntil = g.untilChoices.last();
    }
    if (g.activity == RunActivity::Here) {
        const QString what =
            action == EngineAction::Verify
                ? tr("checking the replication gates and comparing the rows (nothing is repaired)")
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
    if (rolledBack)
        add(Level::Info, tr("This run was rolled back. Create a new run to try again."));
    else if (finished)
        add(Level::Info, tr("The doubling is complete: each side purged the half it no longer owns (D9)."));
    if (!rolledBack && s.configChanged())
        add(Level::Error, tr("%1 changed since the plan was made: D1 and D7 refuse to run. Make a new plan and a new "
                             "run, or put the file back.")
                              .arg(s.spec.configPath));
    if (idle && !rolledBack)
        if (const auto step = s.interruptedStep())
            add(Level::Warning, tr("Interrupted during %1: the process that ran it ended before the step did. "
                                   "Continue resumes it from the journal.")
                                    .arg(label(*step)));
    if (const auto failed = s.failedStep(); failed && !rolledBack)
        add(Level::Error, tr("%1 failed. The engine says: %2").arg(label(*failed), s.step(*failed).message) +
                              QLatin1Char(' ') + tr("Continue runs it again once the cause is fixed."));
    if (s.writesStopped())
        add(Level::Warning, tr("WRITES ARE STOPPED (read_only=1 on the old instances) since %1, for the switch (D7). "
                               "Continue resumes them on the new config; a rollback resumes them on the old one.")
                                .arg(timestampText(s.writeStopStart())));
    if (!rolledBack && !switched) {
        const auto compared = migration::storedComparison(s.values);
        if (compared && !compared->clean)
            add(Level::Error,
                tr("%n row(s) of the new instances differ from their old instances (%1, %2): D7 is refused "
                   "until "
                   "a comparison is clean. Continue runs D6 again, which compares and repairs them from the "
                   "old "
                   "instances; Differences lists each with its repair SQL.",
                   nullptr, int(qMin<qint64>(compared->differences, std::numeric_limits<int>::max())))
                    .arg(compared->by == QLatin1String("verify") ? tr("Verify") : compared->by,
                         timestampText(compared->at)));
        const QStringList stopped = migration::interruptedComparisons(s.values);
        if (idle && !stopped.isEmpty())
            add(Level::Warning,
                tr("Replication into %1 was stopped by a row comparison whose process ended before it "
                   "finished. Continue starts it again and compares again (D6).")
                    .arg(stopped.join(QStringLiteral(", "))));
    }
    if (!rolledBack && s.status(Step::T2) == StepStatus::Done && !switched)
        add(Level::Info,
            tr("The new instances replicate from the old ones (see Replication). D6 compares the rows each "
               "new instance will own with its old instance, exactly, and repairs what differs. D7 is "
               "refused until this run compared them clean, and while a replication thread stops, the "
               "lag exceeds %1 s or a new instance has transactions of its own.")
                .arg(s.spec.writeStopBudgetSec));
    if (idle && !rolledBack && !finished && first && g.lines.isEmpty()) {
        if (*first == Step::T0 && s.status(Step::T0) == StepStatus::Pending)
            add(Level::Info, tr("Not started. Continue runs D1 first: it checks server ids, binary logs and the "
                                "new instances."));
        else if (int(*first) > 0)
            add(Level::Info, tr("Stopped after %1. Next: %2.").arg(label(Step(int(*first) - 1)), label(*first)));
    }

    const QString busy = g.setContinueAndPause(idle, rolledBack, finished, action);
    if (!idle)
        g.verifyBlocked = busy;
    else if (rolledBack)
        g.verifyBlocked = tr("The run was rolled back.");
    else if (s.status(Step::T2) != StepStatus::Done)
        g.verifyBlocked =
            tr("Verify checks the replication gates and compares the rows: it needs D3 (replication) done.");
    else if (switched)
        g.verifyBlocked = tr("The config is switched (D7): the replication gates no longer apply.");
    g.canVerify = g.verifyBlocked.isEmpty();
    if (!idle)
        g.rollbackBlocked = busy;
    else if (rolledBack)
        g.rollbackBlocked = tr("The run was rolled back already.");
    else if (switched)
        g.rollbackBlocked = tr("Writes were resumed on the new config (D7): rollback is only possible before D7.");
    else if (s.status(Step::T0) == StepStatus::Pending)
        g.rollbackBlocked = tr("Nothing to roll back: the run has not started.");
    g.canRollback = g.rollbackBlocked.isEmpty();
    return g;
}

QStringList RunGate::destructiveDualSteps(const RunState &s, Step until)
{
    QStringList out;
    const QString sources =
        s.sourceServers.isEmpty() ? tr("the old instances") : s.sourceServers.join(QStringLiteral(", "));
    const QString targets =
        s.targetServers.isEmpty() ? tr("the new instances") : s.targetServers.join(QStringLiteral(", "));
    for (int i = 0; i <= int(until) && i < s.steps.size(); ++i) {
        const Step step = Step(i);
        if (s.status(step) == StepStatus::Done)
            continue;
        switch (step) {
        case Step::T4:
            out.append(tr("D5 sets auto_increment_increment and auto_increment_offset on %1 and %2 (new sessions), "
                          "so ids never collide while both sides take writes; D8 or a rollback restores them.")
                           .arg(sources, targets));
            break;
        case Step::T6:
            out.append(
                tr("D6 first compares the rows each new instance will own with its old instance and repairs "
                   "what differs on the new instance; D7 is refused while anything still differs."));
            out.append(tr("D7 sets read_only=1 on %1 until every new instance has applied all their transactions "
                          "(at most %2 s), replaces %3 with the plan's new config (the old file is kept next to it)%4 "
                          "and sets read_only=0 again. After D7 the run cannot be rolled back.")
                           .arg(sources)
                           .arg(s.spec.writeStopBudgetSec)
                           .arg(s.spec.configPath,
                                s.spec.reloadCommand.isEmpty() ? QString()
                                                               : tr(", runs the reload command %1").arg(s.spec.reloadCommand)));
            break;
        case Step::T7:
            out.append(tr("D8 stops replication on %1 and removes it (RESET SLAVE ALL): from then on each side keeps "
                          "only its own writes.")
                           .arg(targets));
            break;
        case Step::T8:
            out.append(tr("D9 deletes on %1 the rows the new config routes to %2, and on %2 the rows it routes to %1, "
                          "in chunks; a row is deleted only when the side that owns it has it.")
                           .arg(sources, targets));
            break;
        default:
            break;
        }
    }
    return out;
}

} // namespace sp::ui
