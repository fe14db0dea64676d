#pragma once
#include "core/migration/Journal.h"
#include "core/migration/MoveSet.h"
#include "core/migration/RunStore.h"
#include "core/migration/Verifier.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

namespace sp::migration {

class SourceWorker;
class DualMasterEngine;

struct RunOptions
{
    std::optional<Step> until;   // stop after this step (default: T9)
    bool yes = false;            // confirms the destructive steps (T4, T6, T7, T9)
    QString overrideReason;      // T9 before T8 ended: why (goes into the audit log)
    bool strongHash = false;     // verifyOnly: compare SHA2-256 row hashes this once (RunSpec::strongHash)
    bool killBlockers = false;   // T4 kills the sessions read_only waits for (also RunSpec::killBlockers)
    // T7 applies what was written to moving rows on the old shards after T6 switched the config: the
    // operator checked that the application did not write those rows on their new shards since (audited).
    QString carryAfterSwitch;
    std::function<void(const QString &)> say;      // one line per event, for people
    std::function<void(const QString &)> progress; // a progress line (may be overwritten)
};

enum class Outcome { Done, GateFailed, Error, Paused };
int exitCodeOf(Outcome o); // Done/Paused 0, GateFailed/Error 1

// Executes a run of a plan: T0..T9 from where its journal is, with gates. Holds the run's lock for
// its life. Every statement that changes a server is written to the audit log first.
class Engine final
{
public:
    explicit Engine(const QString &runDir);
    ~Engine();

    // Loads run.json and plan.json, takes the lock, opens the journal, resolves the servers.
    bool open(QString *error);
    Outcome run(const RunOptions &options);
    Outcome rollback(bool dropTargets, const RunOptions &options);
    Outcome verifyOnly(const RunOptions &options); // T5's checks, read-only
    // Applies the repair SQL of T5's differences on their targets (audited), then verifies again.
    Outcome repair(const RunOptions &options);
    void requestStop();

    const RunSpec &spec() const { return m_spec; }
    const planning::ExpansionPlan &plan() const { return m_plan; }
    Journal &journal() { return *m_journal; }
    QString error() const;

    // Asks a running `migrate run` on DIR to stop after its current chunk (DIR/pause).
    static bool requestPause(const QString &runDir, QString *error);

private:
    Outcome fail(Step s, const QString &message, Outcome o = Outcome::GateFailed);
    void say(const QString &line);
    bool audited(Step s, const QString &action, Connection &c, const QString &sql);
    bool loadTableInfo(QString *error);
    bool pauseRequested() const;
    bool startWorkers(QString *error);
    bool runWorkers(const std::function<bool(SourceWorker &)> &job, QString *error);
    bool setReadOnly(Step s, bool on, QString *error);
    void recordLag(); // one capture-lag sample per source server (journal)
    void keepWorkerNotes(); // what the workers decided on their own, as checks of the running step

    // Pre-verification (EnginePreVerify.cpp): T3 sets up triggers and ranges on the eligible target
    // tables and compares them; T5 gathers what to compare again; T7 and rollback drop the triggers.
    bool pvSetup(QString *error);
    Outcome pvRun();
    bool pvScopes(VerifyScopes *scopes, QString *error, Step step = Step::T5);
    bool pvDropTriggers(Step s, QString *error);
    // Runs `job` on one thread per target server and writes the statements it returns to the audit
    // log (the journal is used from this thread only).
    struct AuditedSql
    {
        QString server, sql, outcome;
    };
    bool perTargetServer(Step s, const QString &action,
                         const std::function<bool(const QString &, Connection &, QList<AuditedSql> *, QString *)> &job,
                         QString *error);

    // The switch (EngineSwitchGuard.cpp, docs/migration.md "The switch's write-loss guarantee"): T5's
    // comparison after a drain, kept as the latest comparison; the gate on the latest comparison; the
    // guard before T6 and T7 (each source's binlog head against the position drained and verified).
    Outcome compareDrained(Step s, const QString &origin);
    void recordComparison(const QString &origin, const QList<RowDifference> &differences);
    QString latestComparisonRefusal(Step s);
    Outcome guardSwitch(Step s);
    bool checkBinlogSettings(Step s, QString *error);
    // Who wrote to `instance`'s binlog in [from, to), recorded as a check of `s` when anyone did.
    bool recordWrites(Step s, const QString &instance, const BinlogPosition &from, const BinlogPosition &to,
                      qint64 *movingRowChanges, QString *error);

    Outcome stepT0();
    Outcome stepT1();
    Outcome stepT2();
    Outcome stepT3();
    Outcome stepT4();
    Outcome stepT5();
    Outcome stepT6();
    Outcome stepT7();
    Outcome stepT8();
    Outcome stepT9();

    QString m_dir;
    RunSpec m_spec;
    planning::ExpansionPlan m_plan;
    ShardingConfig m_newConfig;
    Endpoints m_endpoints;
    MoveSet m_moves;
    RunLock m_lock;
    std::unique_ptr<Journal> m_journal;
    std::map<QString, std::unique_ptr<Connection>> m_lagConns; // per source server, for recordLag()
    QList<std::shared_ptr<SourceWorker>> m_workers;
    RunOptions m_options;
    Step m_step = Step::T0; // the step run() is in
    bool m_tableInfoLoaded = false;
    std::atomic<bool> m_stop{false};
    QString m_error;
    std::unique_ptr<DualMasterEngine> m_dual; // a dual-master plan's run (DualMaster.h)
};

} // namespace sp::migration
