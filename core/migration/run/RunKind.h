#pragma once
// The kinds of run and their steps, as data (docs/design.md, "One run model"). A run kind declares
// its steps in a table - id, title, whether the step changes the live cluster, stops or resumes
// writes, can be paused, repeats, wants a reason, and what a rollback undoes once it started - and
// the Runner (Runner.h), `shardctl migrate` (help, `--until`, status) and the console (stepper,
// gates, confirmations) read these tables instead of asking which kind a run is. The code of each
// step lives in the kind's executor (copy/CopyRun, dual/DualRun).
//
// The journal keeps one row per step, by index: step i of a kind is row i (Step(i)). The copy kind
// names its steps after the rows (Step::T0..T9); the dual-master kind has its own names
// (DualStep::D1..D10, rowOf()).
#include "core/config/Text.h"
#include "core/migration/RunStore.h"

#include <QList>
#include <QString>

#include <optional>

namespace sp::planning {
struct ExpansionPlan;
}

namespace sp::migration {

enum class RunKindId
{
    Copy,       // T0..T9: capture, copy, verify, switch, purge (mod-double, remap, ring plans)
    DualMaster, // D1..D10: seed, replicate, switch, cut, purge each half (dual-master plans)
};

// The dual-master kind's steps, in journal rows 0..9.
enum class DualStep
{
    D1,
    D2,
    D3,
    D4,
    D5,
    D6,
    D7,
    D8,
    D9,
    D10
};
constexpr Step rowOf(DualStep d)
{
    return Step(int(d));
}

// What a rollback undoes once a step has started (flags of StepDef::undo).
enum Undo : unsigned
{
    UndoNothing = 0,
    UndoTargets = 1u << 0,     // the target tables the run created, rows it copied (only when asked)
    UndoSeed = 1u << 1,        // what was seeded on the new instances (only when asked)
    UndoTriggers = 1u << 2,    // the pre-verification triggers on the targets
    UndoReadOnly = 1u << 3,    // read_only=1 on the source servers: lifted
    UndoConfig = 1u << 4,      // the switched config: put back from its backup
    UndoReplication = 1u << 5, // replication into the new instances: stopped and removed
    UndoSettings = 1u << 6,    // server settings the run changed (auto_increment): restored
};

// The work a step puts on the servers of the run while it runs (the health page names it).
enum class StepLoad
{
    None,
    Copy,    // copies rows (T2)
    Seed,    // loads a dump of each old instance into its new one (D2)
    CatchUp, // applies the captured changes and compares ahead of the write stop (T3)
    Verify,  // compares every moved row (T5)
    Compare, // compares the rows each new instance will own (D6)
    Purge,   // deletes the moved rows (T9, D9)
};

struct StepDef
{
    QString id;                 // "T4", "D7": --until, the journal's checks and audit rows
    Text title;                 // "Stop writes" (the console translates it through CoreText)
    bool destructive = false;   // changes the live cluster: --yes, a confirmation in the console
    bool stopsWrites = false;   // sets read_only=1 on the source servers (RunState::writesStopped)
    bool resumesWrites = false; // lifts it on the new config: once done, no rollback
    bool naturalStop = false;   // the console proposes to stop after it
    bool pausable = false;      // `migrate pause` stops it mid-way (the others run to their end)
    bool throttled = false;     // waits for the throttle (pause, rate, Threads_running, replica lag)
    bool comparesRows = false;  // compares the rows and lists what differs (the journal's differences)
    StepLoad load = StepLoad::None;
    // Done again by every run while that step is not done and the config is not switched
    // (copy: T3 until T4; dual-master: D6 until D7).
    std::optional<Step> repeatUntil;
    // Runs only with --override-reason while that step failed (copy: T9 after T8; dual: D9 itself).
    std::optional<Step> reasonIfFailed;
    unsigned undo = UndoNothing; // Undo flags

    static StepDef of(const QString &id, const Text &title);
};

class RunKind final
{
public:
    RunKind(RunKindId id, QString name, QList<StepDef> steps, Step verifiableAfter);

    static const RunKind &copy();
    static const RunKind &dualMaster();
    static const RunKind &of(RunKindId id);
    static RunKindId idOf(const planning::ExpansionPlan &plan); // dual-master plans: DualMaster
    static const RunKind &of(const planning::ExpansionPlan &plan) { return of(idOf(plan)); }
    static std::optional<RunKindId> idFromName(const QString &name); // "copy", "dual-master"

    RunKindId id() const { return m_id; }
    QString name() const { return m_name; } // "copy", "dual-master" (run.json, status --json)
    int size() const { return int(m_steps.size()); }
    const QList<StepDef> &steps() const { return m_steps; }
    const StepDef &step(Step s) const { return m_steps.at(int(s)); }
    bool has(Step s) const { return int(s) >= 0 && int(s) < size(); }
    QString stepId(Step s) const { return has(s) ? step(s).id : QString(); }
    QString title(Step s) const { return has(s) ? step(s).title.text : QString(); }
    Step last() const { return Step(size() - 1); }
    std::optional<Step> fromId(const QString &id) const; // "T4", "t4", "D7"
    QString idRange() const;                             // "T0..T9", "D1..D10"
    QStringList destructiveIds() const;                  // "T4", "T6", ...
    // The step that stops writes, and the one that resumes them on the new config (the point of no
    // return); the same step for a dual-master run (D7).
    std::optional<Step> writeStop() const;
    std::optional<Step> noReturn() const;
    std::optional<Step> comparison() const;   // the step that compares the rows (T5, D6)
    std::optional<Step> configSwitch() const; // the step that replaces the config (undo: UndoConfig)
    // Verify compares copied rows or replicated ones: it needs this step done.
    Step verifiableAfter() const { return m_verifiableAfter; }
    // "T0 Preflight and create targets, T1 ...": the CLI's help.
    QString helpLine() const;

private:
    RunKindId m_id;
    QString m_name;
    QList<StepDef> m_steps;
    Step m_verifiableAfter;
};

} // namespace sp::migration
