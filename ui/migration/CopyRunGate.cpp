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
    // The reverse stream: how far the new nodes' changes are carried back to the old shards.
    if (!rolledBack && s.status(Step::T7) == StepStatus::Done) {
        QStringList behind;
        bool any = false;
        for (auto it = s.values.cbegin(); it != s.values.cend(); ++it) {
            if (!it.key().startsWith(QLatin1String("reverse.from.")))
                continue;
            any = true;
            const QString inst = it.key().mid(13);
            const QString applied = s.value(migration::keys::reverseApplied(inst));
            const QString head = s.value(migration::keys::reverseHead(inst));
            if (applied.isEmpty() || applied != head)
                behind.append(tr("%1 applied to %2 of %3")
                                  .arg(inst, applied.isEmpty() ? tr("(not started)") : applied,
                                       head.isEmpty() ? tr("(not read)") : head));
        }
        const bool ended = s.value(migration::keys::reverseEnded) == QLatin1String("1");
        if (any && !ended) {
            const QDateTime at = QDateTime::fromString(s.value(migration::keys::reverseAt), Qt::ISODateWithMs);
            add(Level::Info,
                tr("Reverse stream: %1 change(s) made on the new nodes carried back to the old shards, %2 left "
                   "because the old shard had changed the row itself%3. %4")
                    .arg(s.value(migration::keys::reverseChanges).toLongLong())
                    .arg(s.value(migration::keys::reverseConflicts).toLongLong())
                    .arg(at.isValid() ? tr(" (last look %1)").arg(timestampText(at)) : QString())
                    .arg(behind.isEmpty() ? tr("Up to date at the last look.")
                                          : tr("Behind: %1.").arg(behind.join(QStringLiteral("; ")))));
        }
    }
    // Stale routes: what T8 saw written to moved keys on the old shards, until each key is resolved.
    const qint64 open = s.openStaleWrites();
    if (!rolledBack && open > 0 && s.status(Step::T9) == StepStatus::Pending) {
        add(Level::Error,
            tr("%n key(s) moved by this run were written on their old shards after the switch: a service still "
               "routes with the old config, and T9 would delete those writes. Fix that service, then Carry "
               "forward: each write goes to its new node where the new node was not written since the switch; "
               "a key written on both sides is shown with both versions and changed only as you choose. T8 then "
               "reads on from where it stopped. Or roll back: the old config returns and those keys keep the old "
               "shards' version.",
               nullptr, int(qMin<qint64>(open, std::numeric_limits<int>::max()))));
        int shown = 0;
        for (const migration::StaleWrite &w : s.staleWrites) {
            if (!w.unresolved())
                continue;
            if (++shown > 10) {
                add(Level::Warning, tr("… and %n more (shardctl migrate status lists them all).", nullptr,
                                       int(qMin<qint64>(open - 10, std::numeric_limits<int>::max()))));
                break;
            }
            add(Level::Warning, staleLine(w));
        }
    }
}

QString RunGate::staleLine(const migration::StaleWrite &w)
{
    const QString where = tr("%1 key %2 → %3: %n write(s), the last at %4", nullptr, int(qMin<qint64>(w.writes, 1 << 30)))
                              .arg(w.source, w.keyText, w.targetNode, timestampText(w.lastAt));
    if (w.status == QLatin1String("conflict"))
        return tr("%1 — %2").arg(where, w.detail);
    return tr("%1 — carry forward copies the old shard's row to the new node if the new node was not written "
              "since the switch").arg(where);
}

QStringList RunGate::forwardStaleEffects(const RunState &s)
{
    QStringList out;
    for (const migration::StaleWrite &w : s.staleWrites) {
        if (!w.unresolved())
            continue;
        if (out.size() == 20) {
            out.append(tr("… and the other open keys the same way."));
            break;
        }
        out.append(staleLine(w));
    }
    out.append(tr("Each change on a new node runs in its own transaction with the row locked, and is written to "
                  "the audit log."));
    return out;
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
