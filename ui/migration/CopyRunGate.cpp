// The copy kind's own sentences of the migration page's gate (T0..T9, core/migration/copy): the
// differences of the latest comparison, the observation window and what each step that changes the
// live cluster does.
#include "ui/migration/RunGate.h"

#include "ui/TimeFormat.h"

#include <QLocale>

#include <limits>

namespace sp::ui {

using migration::RunState;
using migration::Step;
using migration::StepStatus;

// T5 is done, writes are not resumed yet, and the journal's differences (the latest comparison's) are
// not empty.
static bool latestComparisonDiffers(const RunState &s)
{
    return !s.rolledBack() && s.differenceCount > 0 && s.status(Step::T5) == StepStatus::Done &&
           s.status(Step::T7) != StepStatus::Done;
}

int RunGate::copyLastAllowed(const RunState &s, int last)
{
    // The latest comparison (T5, or a later Verify or repair) found differences: T6 and T7 are
    // refused (the engine refuses them too), so Continue stops before them.
    const Step gated = s.status(Step::T6) == StepStatus::Done ? Step::T7 : Step::T6;
    return latestComparisonDiffers(s) ? int(gated) - 1 : last;
}

void RunGate::copyLines(const RunState &s, bool idle)
{
    Q_UNUSED(idle)
    const bool rolledBack = s.rolledBack();
    auto add = [this](Level level, const QString &text) { lines.append(Line{level, text}); };
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
                .arg(s.values.value(migration::keys::comparisonLast.name, QStringLiteral("T5")), refused);
        add(Level::Error, why);
        continueBlocked = why; // kept by setContinueAndPause when nothing else can be continued to
    }
    if (!rolledBack && s.status(Step::T7) == StepStatus::Done && s.status(Step::T8) != StepStatus::Done) {
        const QDateTime resumed = s.writesResumed();
        if (resumed.isValid())
            add(Level::Info,
                tr("T8 watches the old shards for writes that still follow the old routes until %1; "
                   "T9 purges only after it.")
                    .arg(timestampText(resumed.addSecs(s.spec.observeSec))));
    }
}

QString RunGate::copyStep(const RunState &s, Step step)
{
    const QString sources =
        s.sourceServers.isEmpty() ? tr("the source servers") : s.sourceServers.join(QStringLiteral(", "));
    const QLocale loc;
    switch (step) {
    case Step::T4:
        return tr("T4 sets read_only=1 on %1: the applications' writes fail until T7 (or a rollback) lifts "
                  "it. The capture must drain within %2 s, or writes are resumed and T4 fails.")
            .arg(sources)
            .arg(s.spec.writeStopBudgetSec);
    case Step::T6:
        return s.spec.reloadCommand.isEmpty()
                   ? tr("T6 replaces %1 with the plan's new config (the old file is kept next to it).")
                         .arg(s.spec.configPath)
                   : tr("T6 replaces %1 with the plan's new config (the old file is kept next to it) and "
                        "runs "
                        "the reload command: %2")
                         .arg(s.spec.configPath, s.spec.reloadCommand);
    case Step::T7:
        return tr("T7 sets read_only=0 on %1: writes resume, routed by the new config. After T7 the run "
                  "cannot be rolled back.")
            .arg(sources);
    case Step::T9: {
        const qint64 rows = s.plan ? s.plan->totalMovedRows() : -1;
        return tr("T9 deletes the moved rows from the old shards (%1): %2. A row is deleted only when it "
                  "is on its target.")
            .arg(sources, rows >= 0 ? tr("about %1 rows").arg(loc.toString(rows)) : tr("every moved row"));
    }
    default:
        return stepLabel(s, step);
    }
}

} // namespace sp::ui
