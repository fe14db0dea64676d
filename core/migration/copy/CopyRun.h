#pragma once
// The copy kind's steps, T0..T9 (docs/migration.md): change capture from each source server's
// binlog, a chunked copy tied to binlog positions (SourceWorker), verification, the write stop around
// the config switch, observation and the purge. A ring run and a remap are copy runs too.
#include "core/migration/Verifier.h"
#include "core/migration/run/Runner.h"

#include <map>
#include <memory>

namespace sp::migration {

class ReverseStream;
class SourceWorker;

class CopyRun final : public RunExecutor
{
public:
    explicit CopyRun(RunContext &ctx);
    ~CopyRun() override;

    bool open(QString *error) override;
    Outcome runStep(Step s) override;
    void runEnded() override;
    Outcome verify() override; // T5's comparison, read-only
    // Applies the repair SQL of T5's differences on their targets (audited), then verifies again.
    Outcome repair() override;
    Outcome rollback(bool dropTargets, QString *summary) override;
    // CopyReverse.cpp: between T7 and T9, back to the old layout through the reverse stream.
    Outcome rollbackAfterSwitch(bool dropTargets, QString *summary) override;
    // CopyStale.cpp: the keys T8 recorded, carried to their new nodes where the new node was not
    // written since (options.yes), conflicts listed or resolved as options.staleConflicts says.
    Outcome forwardStale() override;
    void requestStop() override;

private:
    QString stepId(Step s) const { return m_ctx.stepId(s); }
    Outcome fail(Step s, const QString &message, Outcome o = Outcome::GateFailed)
    {
        return m_ctx.fail(s, message, o);
    }
    void say(const QString &line) { m_ctx.say(line); }
    bool audited(Step s, const QString &action, Connection &c, const QString &sql)
    {
        return m_ctx.audited(s, action, c, sql);
    }
    bool pauseRequested() const { return m_ctx.pauseRequested(); }
    bool throttled() const { return m_ctx.kind.step(m_step).throttled; }
    bool loadTableInfo(QString *error);
    bool startWorkers(QString *error);
    // The source tables' definitions (loadTableInfo) and the targets' against them.
    bool checkDefinitions(QString *error);
    // Runs `job` on every source worker at once (forEachServer), sampling progress and capture lag
    // while they work; a failed worker stops the others.
    bool runWorkers(const std::function<bool(SourceWorker &)> &job, QString *error);
    bool setReadOnly(Step s, bool on, QString *error);
    void recordLag();       // one capture-lag sample per source server (journal)
    void keepWorkerNotes(); // what the workers decided on their own, as checks of the running step

    // Pre-verification (CopyPreVerify.cpp): T3 sets up triggers and ranges on the eligible target
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
    bool perTargetServer(
        Step s, const QString &action,
        const std::function<bool(const QString &, Connection &, QList<AuditedSql> *, QString *)> &job,
        QString *error);

    // The switch (CopySwitchGuard.cpp, docs/migration.md "The switch's write-loss guarantee"): T5's
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

    // The reverse stream (ReverseStream.h): T6 records where it starts; T8 keeps it applying (and
    // records its lag); T9 applies the rest and ends it.
    bool recordReverseStarts(QString *error);
    bool dropTargetTables();
    bool staleDifferencesOnly(int *kept, QString *left);
    bool reverseCatchUp(QString *error);
    // Gives m_moves the old config's routing (MoveSet::setOldConfig) when the config in force before
    // T6 - its backup once T6 ran, the file before - is the plan's old config (its SHA-256); once.
    void loadOldRouting();
    bool m_oldRoutingTried = false;
    std::unique_ptr<ReverseStream> m_reverse;

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

    RunContext &m_ctx;
    const QString &m_dir;
    const RunSpec &m_spec;
    const planning::ExpansionPlan &m_plan;
    const ShardingConfig &m_newConfig;
    Endpoints &m_endpoints;
    MoveSet &m_moves;
    Journal *m_journal;
    const RunOptions &m_options;
    std::atomic<bool> &m_stop;
    QString &m_error;
    std::map<QString, std::unique_ptr<Connection>> m_lagConns; // per source server, for recordLag()
    QList<std::shared_ptr<SourceWorker>> m_workers;
    Step m_step = Step::T0; // the step run() is in
    bool m_tableInfoLoaded = false;
};

} // namespace sp::migration
