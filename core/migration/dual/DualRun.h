#pragma once
// Dual-master doubling executed (docs/migration-dual-master.md, plan steps D1..D10): seed each new
// instance from its old one with a consistent dump, replicate old -> new by GTID, interleave
// AUTO_INCREMENT, wait for zero lag and compare the rows, stop writes only for the config switch, cut
// replication, purge each side's other half. Same run directory, journal, lock, audit log and Runner
// as copy runs (run/RunKind.h: DualStep::D1..D10 are the journal's rows 0..9).
#include "core/migration/dual/DualState.h"
#include "core/migration/run/Runner.h"

namespace sp::migration {

class DualRun final : public RunExecutor
{
public:
    explicit DualRun(RunContext &ctx);
    ~DualRun() override;

    bool open(QString *error) override; // resolves the servers and the pairs
    Outcome runStep(Step s) override;
    Outcome verify() override; // the replication gates and the rows, read-only
    Outcome repair() override; // refused: D6 repairs
    Outcome rollback(bool dropTargets, QString *summary) override;
    // Between D7 and D8 with every pair two-way (D4): writes stop on the new instances, the old ones
    // apply the rest of their binlogs, the old config returns, replication is cut both ways.
    Outcome rollbackAfterSwitch(bool dropTargets, QString *summary) override;

    using Pair = DualPair;

private:
    QString stepId(Step s) const { return m_ctx.stepId(s); }
    Outcome fail(Step s, const QString &message, Outcome o = Outcome::GateFailed)
    {
        return m_ctx.fail(s, message, o);
    }
    void say(const QString &line) { m_ctx.say(line); }
    bool audited(Step s, const QString &action, Connection &c, const QString &sql, const QString &secret = {})
    {
        return m_ctx.audited(s, action, c, sql, secret);
    }
    static QString sqlString(const QString &s); // a quoted SQL string (no connection needed)
    bool connect(const Endpoint &e, Connection *c, QString *error);
    QString replUser() const;
    QList<PairReplication> probe();
    // The run's replication account on `on` (a fresh password each time, never stored).
    bool ensureReplUser(Step s, const Endpoint &on, QString *password, QString *error);
    // The dual-master window (DualBack.cpp): D4 decides per pair, D7 starts new -> old replication on
    // the old instance from the new one's binlog head at the switch, D8 and the rollbacks cut it.
    bool twoWay(const Pair &p) const;
    bool startBack(Step s, QString *error);
    bool cutBack(Step s, bool drain, QString *error);
    bool restoreDomains(Step s, QString *error);
    // false with *stopped set when a stop or a pause ended it (the step is paused then).
    bool seed(const Pair &p, StopReason *stopped, QString *error);
    bool copyGrants(const Pair &p, QString *error);
    bool gates(Step s, bool beforeSwitch, QString *error);
    void storeProbe(const QList<PairReplication> &list);
    bool cutReplication(Step s, QString *error);
    bool restoreSettings(Step s, QString *error);
    bool purgeSide(const MoveUnit &u, bool oldSide, QStringList *kept, StopReason *stopped, QString *error);
    bool setReadOnly(Step s, bool on, QString *error);
    bool loadTableInfo(QString *error);
    // Starts the replication a killed comparison left stopped (journal markers), clears the markers.
    bool restartInterrupted(Step s, QString *error);
    Outcome waitCaughtUp(Step s);
    // Compares every pair's rows (DualCompare.h), records the result; repair: D6, not verify.
    Outcome compareRows(Step s, bool repair);
    bool comparisonGate(QString *error);

    Outcome stepD1();
    Outcome stepD2();
    Outcome stepD3();
    Outcome stepD4();
    Outcome stepD5();
    Outcome stepD6();
    Outcome stepD7();
    Outcome stepD8();
    Outcome stepD9();
    Outcome stepD10();

    RunContext &m_ctx;
    const QString &m_dir;
    const RunSpec &m_spec;
    const planning::ExpansionPlan &m_plan;
    const ShardingConfig &m_newConfig;
    Journal &m_journal;
    Endpoints &m_endpoints;
    MoveSet &m_moves;
    const RunOptions &m_options;
    std::atomic<bool> &m_stop;
    QString &m_error;
    QList<Pair> m_pairs;
    QString m_token; // this engine process, in the comparisons it records
};

} // namespace sp::migration
