#pragma once
#include "core/config/ShardingConfig.h"
#include "core/migration/Journal.h"
#include "core/migration/MoveSet.h"
#include "core/migration/RunStore.h"
#include "core/migration/run/RunKind.h"
#include "core/planning/ExpansionPlan.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

namespace sp::migration {

class Throttle;

struct RunOptions
{
    std::optional<Step> until; // stop after this step (default: the kind's last)
    bool yes = false;          // confirms the steps that change the live cluster (StepDef::destructive)
    QString overrideReason;    // a step that wants a reason (StepDef::reasonIfFailed): why (audited)
    bool strongHash = false;   // verifyOnly: compare SHA2-256 row hashes this once (RunSpec::strongHash)
    bool killBlockers = false; // T4 kills the sessions read_only waits for (also RunSpec::killBlockers)
    // T7 applies what was written to moving rows on the old shards after T6 switched the config: the
    // operator checked that the application did not write those rows on their new shards since (audited).
    QString carryAfterSwitch;
    // forward-stale: what to do with a key written on both sides since the switch: "" list it and
    // leave both, "keep-new" keep the new node's row (the old shard's write is dropped at T9),
    // "take-old" write the old shard's row over the new node's (audited either way).
    QString staleConflicts;
    std::function<void(const QString &)> say;      // one line per event, for people
    std::function<void(const QString &)> progress; // a progress line (may be overwritten)
};

enum class Outcome
{
    Done,
    GateFailed,
    Error,
    Paused
};
int exitCodeOf(Outcome o); // Done/Paused 0, GateFailed/Error 1

// Why a piece of work ended before its end: the Runner and the kinds decide on this, never on the
// text of a message.
enum class StopReason
{
    None,
    Stopped, // Runner::requestStop() (the console's job cancelled, a failed peer stopped the others)
    Paused,  // DIR/pause (`migrate pause`, the console's Pause)
};

// What the code of every run kind shares while it works: the run directory's files, the servers, the
// journal, the operator's options, the stop flag and the throttle. The Runner owns it; a kind's
// executor keeps a reference. The journal is used from the Runner's thread only.
class RunContext final
{
public:
    RunContext(QString runDir, const RunKind &runKind);
    ~RunContext();
    RunContext(const RunContext &) = delete;
    RunContext &operator=(const RunContext &) = delete;

    const QString dir;
    const RunKind &kind;
    RunSpec spec;
    planning::ExpansionPlan plan;
    ShardingConfig newConfig; // the plan's new config, loaded
    Endpoints endpoints;
    MoveSet moves;
    std::unique_ptr<Journal> journalFile;
    RunOptions options;
    std::atomic<bool> stop{false};
    QString error;
    std::unique_ptr<Throttle> throttle; // every kind's one throttle (Throttle.h)

    Journal &journal() { return *journalFile; }
    QString stepId(Step s) const { return kind.stepId(s); }
    void say(const QString &line) const;
    void progress(const QString &line) const;
    // Marks `s` failed with `message` (journal row and a failed check), says it, keeps it as error().
    Outcome fail(Step s, const QString &message, Outcome o = Outcome::GateFailed);
    // Runs `sql` on `c` and writes it with its outcome to the audit log; `secret` is shown redacted.
    bool audited(Step s, const QString &action, Connection &c, const QString &sql,
                 const QString &secret = {});
    bool pauseRequested() const; // DIR/pause exists
    StopReason stopReason() const;
    bool stopping() const { return stopReason() != StopReason::None; }
    // Whether the config was replaced by the plan's new one (the switch kept a backup).
    bool switched();
};

} // namespace sp::migration
