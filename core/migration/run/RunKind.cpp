#include "core/migration/run/RunKind.h"

#include "core/planning/ExpansionPlan.h"

namespace sp::migration {

StepDef StepDef::of(const QString &id, const Text &title)
{
    StepDef d;
    d.id = id;
    d.title = title;
    return d;
}

RunKind::RunKind(RunKindId id, QString name, QList<StepDef> steps, Step verifiableAfter)
    : m_id(id), m_name(std::move(name)), m_steps(std::move(steps)), m_verifiableAfter(verifiableAfter)
{}

// The copy kind (docs/migration.md): T0..T9 as DESIGN's timeline names them. A ring run (add or
// remove nodes) and a remap are copy runs with other predicates.
const RunKind &RunKind::copy()
{
    static const RunKind kind = [] {
        QList<StepDef> s(kStepCount);
        s[0] = StepDef::of(QStringLiteral("T0"), msg("Preflight and create targets"));
        s[0].undo = UndoTargets;
        s[1] = StepDef::of(QStringLiteral("T1"), msg("Start change capture"));
        s[2] = StepDef::of(QStringLiteral("T2"), msg("Backfill existing rows"));
        s[2].pausable = s[2].throttled = true;
        s[2].load = StepLoad::Copy;
        s[3] = StepDef::of(QStringLiteral("T3"), msg("Catch up"));
        // Capture only moves while a process runs: each run brings the targets up to date again
        // until writes stop; the pre-verification (T3) compares ahead of the write stop.
        s[3].repeatUntil = Step::T4;
        s[3].naturalStop = s[3].pausable = s[3].throttled = true;
        s[3].undo = UndoTriggers;
        s[3].load = StepLoad::CatchUp;
        s[4] = StepDef::of(QStringLiteral("T4"), msg("Stop writes"));
        s[4].destructive = s[4].stopsWrites = true;
        s[4].undo = UndoReadOnly;
        s[5] = StepDef::of(QStringLiteral("T5"), msg("Verify"));
        s[5].comparesRows = true;
        s[5].load = StepLoad::Verify;
        s[6] = StepDef::of(QStringLiteral("T6"), msg("Switch the config"));
        s[6].destructive = true;
        s[6].undo = UndoConfig;
        s[7] = StepDef::of(QStringLiteral("T7"), msg("Resume writes"));
        s[7].destructive = s[7].resumesWrites = s[7].naturalStop = true;
        s[8] = StepDef::of(QStringLiteral("T8"), msg("Observe"));
        s[8].pausable = true;
        s[9] = StepDef::of(QStringLiteral("T9"), msg("Purge moved rows"));
        s[9].destructive = s[9].pausable = s[9].throttled = true;
        s[9].reasonIfFailed = Step::T8; // T8 saw stale writes, or has not ended
        s[9].load = StepLoad::Purge;
        return RunKind(RunKindId::Copy, QStringLiteral("copy"), s, Step::T2);
    }();
    return kind;
}

// The dual-master kind (docs/migration-dual-master.md): the plan's D1..D10.
const RunKind &RunKind::dualMaster()
{
    static const RunKind kind = [] {
        QList<StepDef> s(kStepCount);
        auto at = [&s](DualStep d) -> StepDef & { return s[int(d)]; };
        at(DualStep::D1) = StepDef::of(QStringLiteral("D1"), msg("Check the servers"));
        at(DualStep::D2) = StepDef::of(QStringLiteral("D2"), msg("Seed the new instances"));
        at(DualStep::D2).pausable = true;
        at(DualStep::D2).undo = UndoSeed;
        at(DualStep::D2).load = StepLoad::Seed;
        at(DualStep::D3) = StepDef::of(QStringLiteral("D3"), msg("Replicate old to new"));
        at(DualStep::D3).undo = UndoReplication;
        at(DualStep::D4) = StepDef::of(QStringLiteral("D4"), msg("Replicate back (from the switch)"));
        at(DualStep::D5) = StepDef::of(QStringLiteral("D5"), msg("Interleave AUTO_INCREMENT"));
        at(DualStep::D5).destructive = true;
        at(DualStep::D5).undo = UndoSettings;
        at(DualStep::D6) = StepDef::of(QStringLiteral("D6"), msg("Wait for lag 0"));
        // Replication and the rows only matter right before the switch: every run compares again.
        at(DualStep::D6).repeatUntil = rowOf(DualStep::D7);
        at(DualStep::D6).naturalStop = at(DualStep::D6).pausable = at(DualStep::D6).throttled = true;
        at(DualStep::D6).comparesRows = true;
        at(DualStep::D6).load = StepLoad::Compare;
        at(DualStep::D7) = StepDef::of(QStringLiteral("D7"), msg("Switch the config"));
        at(DualStep::D7).destructive = at(DualStep::D7).stopsWrites = at(DualStep::D7).resumesWrites = true;
        at(DualStep::D7).undo = UndoReadOnly | UndoConfig;
        at(DualStep::D8) = StepDef::of(QStringLiteral("D8"), msg("Cut replication"));
        at(DualStep::D8).destructive = true;
        at(DualStep::D9) = StepDef::of(QStringLiteral("D9"), msg("Purge the other half"));
        at(DualStep::D9).destructive = at(DualStep::D9).pausable = at(DualStep::D9).throttled = true;
        at(DualStep::D9).reasonIfFailed = rowOf(DualStep::D9); // rows kept, or the window still open
        at(DualStep::D9).load = StepLoad::Purge;
        at(DualStep::D10) = StepDef::of(QStringLiteral("D10"), msg("High availability"));
        return RunKind(RunKindId::DualMaster, QStringLiteral("dual-master"), s, rowOf(DualStep::D3));
    }();
    return kind;
}

const RunKind &RunKind::of(RunKindId id)
{
    return id == RunKindId::DualMaster ? dualMaster() : copy();
}

RunKindId RunKind::idOf(const planning::ExpansionPlan &plan)
{
    return plan.strategy == planning::StrategyId::DualMaster ? RunKindId::DualMaster : RunKindId::Copy;
}

std::optional<RunKindId> RunKind::idFromName(const QString &name)
{
    for (const RunKindId id : {RunKindId::Copy, RunKindId::DualMaster})
        if (of(id).name() == name)
            return id;
    return std::nullopt;
}

std::optional<Step> RunKind::fromId(const QString &id) const
{
    const QString n = id.trimmed().toUpper();
    for (int i = 0; i < size(); ++i)
        if (m_steps.at(i).id == n)
            return Step(i);
    return std::nullopt;
}

QString RunKind::idRange() const
{
    return m_steps.isEmpty() ? QString() : m_steps.first().id + QStringLiteral("..") + m_steps.last().id;
}

QStringList RunKind::destructiveIds() const
{
    QStringList out;
    for (const StepDef &d : m_steps)
        if (d.destructive)
            out.append(d.id);
    return out;
}

std::optional<Step> RunKind::writeStop() const
{
    for (int i = 0; i < size(); ++i)
        if (m_steps.at(i).stopsWrites)
            return Step(i);
    return std::nullopt;
}

std::optional<Step> RunKind::noReturn() const
{
    for (int i = 0; i < size(); ++i)
        if (m_steps.at(i).resumesWrites)
            return Step(i);
    return std::nullopt;
}

std::optional<Step> RunKind::comparison() const
{
    for (int i = 0; i < size(); ++i)
        if (m_steps.at(i).comparesRows)
            return Step(i);
    return std::nullopt;
}

std::optional<Step> RunKind::configSwitch() const
{
    for (int i = 0; i < size(); ++i)
        if (m_steps.at(i).undo & UndoConfig)
            return Step(i);
    return std::nullopt;
}

QString RunKind::helpLine() const
{
    QStringList parts;
    for (const StepDef &d : m_steps)
        parts.append(d.id + QLatin1Char(' ') + d.title.text);
    return parts.join(QStringLiteral(", "));
}

} // namespace sp::migration
