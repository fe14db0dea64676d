// The dual-master kind's own sentences of the migration page's gate (D1..D10,
// core/migration/dual): the row comparison, the replication and what each step that changes the live
// cluster does.
#include "ui/migration/RunGate.h"

#include "core/migration/dual/DualState.h"
#include "ui/TimeFormat.h"

#include <limits>

namespace sp::ui {

using migration::DualStep;
using migration::rowOf;
using migration::RunState;
using migration::Step;
using migration::StepStatus;

void RunGate::dualLines(const RunState &s, bool idle)
{
    const bool rolledBack = s.rolledBack();
    const bool switched = s.status(DualStep::D7) == StepStatus::Done;
    auto add = [this](Level level, const QString &text) { lines.append(Line{level, text}); };
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
    if (!rolledBack && s.status(DualStep::D3) == StepStatus::Done && !switched)
        add(Level::Info,
            tr("The new instances replicate from the old ones (see Replication). D6 compares the rows each "
               "new instance will own with its old instance, exactly, and repairs what differs. D7 is "
               "refused until this run compared them clean, and while a replication thread stops, the "
               "lag exceeds %1 s or a new instance has transactions of its own.")
                .arg(s.spec.writeStopBudgetSec));
}

QString RunGate::dualStep(const RunState &s, Step step)
{
    QStringList out;
    const QString sources =
        s.sourceServers.isEmpty() ? tr("the old instances") : s.sourceServers.join(QStringLiteral(", "));
    const QString targets =
        s.targetServers.isEmpty() ? tr("the new instances") : s.targetServers.join(QStringLiteral(", "));
    {
        switch (DualStep(int(step))) {
        case DualStep::D5:
            out.append(
                tr("D5 sets auto_increment_increment and auto_increment_offset on %1 and %2 (new sessions), "
                   "so ids never collide while both sides take writes; D8 or a rollback restores them.")
                    .arg(sources, targets));
            break;
        case DualStep::D7:
            out.append(
                tr("D6 first compares the rows each new instance will own with its old instance and repairs "
                   "what differs on the new instance; D7 is refused while anything still differs."));
            out.append(
                tr("D7 sets read_only=1 on %1 until every new instance has applied all their transactions "
                   "(at most %2 s), replaces %3 with the plan's new config (the old file is kept next to "
                   "it)%4 "
                   "and sets read_only=0 again. After D7 the run cannot be rolled back.")
                    .arg(sources)
                    .arg(s.spec.writeStopBudgetSec)
                    .arg(s.spec.configPath,
                         s.spec.reloadCommand.isEmpty()
                             ? QString()
                             : tr(", runs the reload command %1").arg(s.spec.reloadCommand)));
            break;
        case DualStep::D8:
            out.append(tr("D8 stops replication on %1 and removes it (RESET SLAVE ALL): from then on each "
                          "side keeps "
                          "only its own writes.")
                           .arg(targets));
            break;
        case DualStep::D9:
            out.append(tr("D9 deletes on %1 the rows the new config routes to %2, and on %2 the rows it "
                          "routes to %1, "
                          "in chunks; a row is deleted only when the side that owns it has it.")
                           .arg(sources, targets));
            break;
        default:
            out.append(stepLabel(s, step));
            break;
        }
    }
    return out.join(QLatin1Char('\n'));
}

} // namespace sp::ui
