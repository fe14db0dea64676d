#pragma once
// One Runner executes every kind of run (docs/design.md, "One run model"): it takes the run's lock,
// resumes from the journal, walks the kind's step table up to --until, asks for --yes before a step
// that changes the live cluster, stops on a pause request, continues past a refused step only with an
// override reason where the table allows it, and writes each step's journal row. What a step does is
// the kind's executor's (copy/CopyRun, dual/DualRun).
#include "core/migration/run/RunContext.h"

#include <functional>
#include <memory>

namespace sp::migration {

// The code of one run kind: what each step of its table does, what verify, repair and rollback mean.
class RunExecutor
{
public:
    virtual ~RunExecutor() = default;
    // After run.json, the plan and the journal are loaded: resolve the servers (no lock is needed
    // beyond the Runner's).
    virtual bool open(QString *error) = 0;
    // Step `s` of the kind's table; the Runner marked it running and marks it done on Done.
    virtual Outcome runStep(Step s) = 0;
    // The loop ended (every step asked for is done): let go of what the steps kept running.
    virtual void runEnded() {}
    // The kind's read-only comparison (`migrate verify`).
    virtual Outcome verify() = 0;
    // Applies the repair SQL of the journal's differences. Kinds that repair in a step refuse.
    virtual Outcome repair();
    // Carries writes that stale routes made to moved keys on the old shards after the switch to the
    // new nodes (`migrate forward-stale`; options.yes applies, else it only says what it would do).
    virtual Outcome forwardStale();
    // Undoes what the kind did before its point of no return (the Runner restored the config first);
    // `summary` goes into the audit log ("targets dropped").
    virtual Outcome rollback(bool dropTargets, QString *summary) = 0;
    // After the point of no return and before the purge: back to the old layout, keeping the writes
    // made since (the kind restores the config itself, after its checks). Kinds without it refuse.
    virtual Outcome rollbackAfterSwitch(bool dropTargets, QString *summary);
    // Beyond the shared stop flag (which the Runner sets): stop threads that wait on a server.
    virtual void requestStop() {}
};

class Runner final
{
public:
    using ExecutorFactory = std::function<std::unique_ptr<RunExecutor>(RunContext &)>;

    explicit Runner(const QString &runDir);
    ~Runner();
    Runner(const Runner &) = delete;
    Runner &operator=(const Runner &) = delete;

    // Loads run.json and plan.json, takes the lock, opens the journal and the kind's executor, which
    // resolves the servers.
    bool open(QString *error);
    // The same on DIR with a kind and an executor of the caller's (tests): run.json and the plan are
    // not read.
    bool openWith(const RunKind &kind, const ExecutorFactory &make, QString *error);

    Outcome run(const RunOptions &options);
    Outcome rollback(bool dropTargets, const RunOptions &options);
    Outcome verifyOnly(const RunOptions &options); // the kind's checks, read-only
    Outcome repair(const RunOptions &options);
    Outcome forwardStale(const RunOptions &options);
    void requestStop();

    const RunKind &kind() const { return m_ctx->kind; }
    const RunSpec &spec() const { return m_ctx->spec; }
    const planning::ExpansionPlan &plan() const { return m_ctx->plan; }
    Journal &journal() { return m_ctx->journal(); }
    RunContext &context() { return *m_ctx; }
    QString error() const { return m_ctx ? m_ctx->error : m_error; }

    // Asks a running `migrate run` on DIR to stop at its next pause point (RunDir::pauseFile()).
    static bool requestPause(const QString &runDir, QString *error);

private:
    bool openJournal(QString *error);
    Outcome refuse(const QString &message);
    // One step, inside the throttle's begin() and end() when its table row says so.
    Outcome runThrottled(Step s, bool throttled);

    QString m_dir;
    QString m_error;
    RunLock m_lock;
    std::unique_ptr<RunContext> m_ctx;
    std::unique_ptr<RunExecutor> m_exec;
};

// The executor of a kind (run/RunKinds.cpp: the one place that lists them).
std::unique_ptr<RunExecutor> makeExecutor(RunKindId kind, RunContext &ctx);

} // namespace sp::migration
