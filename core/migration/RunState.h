#pragma once
#include "core/migration/Journal.h"
#include "core/migration/RunStore.h"
#include "core/migration/run/RunKind.h"

#include <QDateTime>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace sp::migration {

// A new run id: 16 hex digits from the system's random source.
QString newRunId();

// Makes the run directory DIR for `plan`, the one way `shardctl migrate create` and the console
// create a run, so both make identical runs. `options` carries what the operator chose (observe
// seconds, admin defaults file, reload command, write-stop budget, chunk sizes, rate limits; a
// runId, generated when empty); createRun fills in the rest: createdAt, the config the plan was made
// from (plan.sourcePath, absolute) and its sha256, and `planFile` (absolute; informational, may be
// empty for a plan handed over by the console's wizard). Refuses a config that changed since the plan
// was made and a directory that holds a run (the plan decides the run kind, run/RunKind.h);
// then opens a Runner on the new run once, so a missing admin account or an unknown server is said
// at once (run.json is removed again then, so the directory can be reused). The run's journal gets
// a "create run" audit entry. Returns the spec written to DIR/run.json.
std::optional<RunSpec> createRun(const planning::ExpansionPlan &plan, const QString &planFile,
                                 const QString &dir, const RunSpec &options, QString *error);

// What a front end shows of a run, read without disturbing a process that runs it: run.json (and
// the plan, when asked), the journal (WAL: readable while another process writes it), whether some
// process holds the run's lock (never taking it), the pause request and the config's current hash.
struct RunState
{
    QString dir;
    RunSpec spec;
    RunKindId kind = RunKindId::Copy;            // run.json's (or the plan's); runKind() prefers the plan's
    std::optional<planning::ExpansionPlan> plan; // RunStateOptions::withPlan
    // The source and target servers of the plan's moves, "db0 (127.0.0.1:3306)" (withPlan).
    QStringList sourceServers;
    QStringList targetServers;

    QList<StepState> steps; // kStepCount entries, the kind's steps in order
    QList<CopyProgress> progress;
    QList<CheckResult> checks;
    QList<RowDifference> differences; // the first RunStateOptions::maxDifferences
    qint64 differenceCount = 0;
    QList<StaleWrite> staleWrites; // keys T8 saw written on their old shards (Journal.h)
    QList<AuditEntry> audit;       // the entries after RunStateOptions::auditAfterId
    QMap<QString, QString> values; // the journal's key/values
    QList<LagSample> lag;          // capture lag per source server over time (the newest 2,000)

    bool locked = false;         // a process holds DIR/run.lock (runs, verifies or rolls back)
    qint64 lockHolder = -1;      // its pid when known
    bool pauseRequested = false; // RunDir::pauseFile() exists
    QString configSha256;        // of spec.configPath now (empty: unreadable)
    QDateTime readAt;            // UTC

    const RunKind &runKind() const; // names and describes the steps
    RunKindId kindId() const { return runKind().id(); }
    QString value(const JournalKey &key) const; // the journal's value (names: run/RunKeys.h)
    const StepState &step(Step s) const { return steps.at(int(s)); }
    StepStatus status(Step s) const { return steps.at(int(s)).status; }
    StepStatus status(DualStep s) const { return status(rowOf(s)); }
    bool rolledBack() const;
    bool finished() const; // the kind's last step is done
    // The first step not done (std::nullopt when all are).
    std::optional<Step> firstNotDone() const;
    // A step the journal shows failed (the last one in the kind's order), if any.
    std::optional<Step> failedStep() const;
    // A step marked running while no process holds the lock: the process that ran it died.
    std::optional<Step> interruptedStep() const;
    QDateTime writeStopStart() const;
    QDateTime writesResumed() const;
    qint64 writeStopMs() const; // -1 while unknown
    // read_only=1 was set by the kind's write stop (T4, D7) and not lifted yet.
    bool writesStopped() const;
    qint64 openStaleWrites() const; // staleWrites not resolved yet
    // The config file is not the one the plan was made from (and not the plan's new config T6 wrote).
    bool configChanged() const;
};

struct RunStateOptions
{
    bool withPlan = false;     // read plan.json too (large; once per run is enough)
    qint64 auditAfterId = 0;   // only audit entries after this id (a front end appends)
    int maxDifferences = 5000; // differences beyond these are counted, not read
};

bool loadRunState(const QString &dir, const RunStateOptions &options, RunState *out, QString *error);

} // namespace sp::migration
