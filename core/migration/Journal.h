#pragma once
#include "core/migration/RunStore.h"
#include "core/migration/run/RunKeys.h"

#include <QDateTime>
#include <QList>
#include <QMap>
#include <QString>

#include <functional>

namespace sp::migration {

struct StepState
{
    Step step = Step::T0;
    StepStatus status = StepStatus::Pending;
    QDateTime started;
    QDateTime finished;
    QString message; // why it failed, what it did
};

struct AuditEntry
{
    qint64 id = 0;
    QDateTime at;
    QString osUser;
    QString step;   // "T4", or "" for run-level actions
    QString action; // "read_only on", "create table", "delete chunk", ...
    QString server; // user@host:port, never a password
    QString sql;    // the statement(s), may be empty
    QString outcome; // "ok" or the error
};

struct CheckResult
{
    QDateTime at;
    QString step;
    QString name;   // "binlog_format", "primary key", "chunk", ...
    bool ok = false;
    QString detail;
};

// One row that differs between a source and a target (T5), with the SQL that repairs the target.
struct RowDifference
{
    QString targetNode; // ds.table
    QString sourceNode;
    QString key;        // primary key, as text
    QString kind;       // "missing" (on the target), "extra" (only on the target), "different"
    QString repairSql;
};

// Progress of one copy (source node -> target node), mirrored from the target's metadata schema.
struct CopyProgress
{
    QString source;
    QString target;
    qint64 copied = 0;
    qint64 expected = -1;
    double rowsPerSec = 0;
    bool done = false;
};

// Capture lag of one source server at one instant (recorded while the engine's workers run, T2..T5).
struct LagSample
{
    QDateTime at;
    QString source;      // the source server
    double seconds = 0;  // now minus the time of the last change applied; 0 when caught up; -1 unknown
    qint64 bytes = 0;    // binlog bytes between the applied position and the server's end
    qint64 events = -1;  // row changes of moving tables still to apply then (-1: not known yet; it is
                         // known once the capture reaches that end: Journal::setLagEvents)
};

// A write to a moved key on an old shard after writes resumed on the new config (T8): one entry per
// key and target, with the target row's state before the first such write (what T7 left there), so
// `migrate forward-stale` can tell whether the new node was written since. States are
// StaleWrites.h's rowState(): "-" for no row, else a digest of the row's stored values.
struct StaleWrite
{
    qint64 id = 0;
    int unit = -1;         // MoveUnit::id
    int target = -1;       // index in MoveUnit::targets
    QString source;        // ds.table written by the stale route
    QString targetNode;    // ds.table that holds the key under the new config
    QString key;           // encodeKey (KeySql.h)
    QString keyText;       // for people
    QDateTime firstAt;     // commit time of the first write seen
    QDateTime lastAt;      // and of the last
    qint64 writes = 0;     // row changes seen for the key
    QString before;        // the target row's state before the first write
    QString resolved;      // the old shard's row state the entry was resolved at ("" while open)
    QString status;        // "open", "conflict", "carried", "kept-new", "took-old"
    QString detail;        // what forward-stale found or did
    bool unresolved() const { return status == QLatin1String("open") || status == QLatin1String("conflict"); }
};

// One change of one key seen by T8 (input of Journal::recordStale).
struct StaleSighting
{
    int unit = -1;
    int target = -1;
    QString source, targetNode, key, keyText;
    QDateTime at;   // its transaction's commit
    QString before; // the row's state for this target before and after the change
    QString after;
};

// The run's own state: DIR/journal.sqlite (WAL, so `status` can read while `run` writes).
// Authoritative for step states, gates, checks and the audit log; copy checkpoints and capture
// positions are authoritative in the targets' metadata schema (see TargetMeta), mirrored here for
// display. One Journal per thread.
class Journal final
{
public:
    explicit Journal(const QString &file);
    ~Journal();
    Journal(const Journal &) = delete;
    Journal &operator=(const Journal &) = delete;

    bool isOpen() const { return m_open; }
    QString error() const { return m_error; }

    QList<StepState> steps();
    StepState step(Step s);
    bool setStep(Step s, StepStatus status, const QString &message = {});

    bool audit(const QString &step, const QString &action, const QString &server, const QString &sql,
               const QString &outcome);
    QList<AuditEntry> auditLog(qint64 afterId = 0);

    bool addCheck(const QString &step, const QString &name, bool ok, const QString &detail);
    QList<CheckResult> checks(const QString &step = {});
    bool clearChecks(const QString &step);

    bool setDifferences(const QList<RowDifference> &diffs);
    // The first `limit` differences (all when negative), and how many there are.
    QList<RowDifference> differences(int limit = -1);
    qint64 differenceCount();

    bool setProgress(const QList<CopyProgress> &progress);
    QList<CopyProgress> progress();

    bool addLag(const QList<LagSample> &samples); // keeps the newest 20,000
    QList<LagSample> lag(int limit = 2000);        // the newest `limit`, oldest first
    bool setLagEvents(const QString &source, const QDateTime &at, qint64 events);

    // T8's sightings of one pass and the position read up to, in one transaction (a kill keeps both
    // or neither). A key seen again while open adds to it; a resolved key seen again reopens with the
    // sighting's `before`, unless the sighting leaves the row as it was resolved (the same change read
    // again after a resume).
    bool recordStale(const QList<StaleSighting> &sightings, const JournalKey &positionKey, const QString &position);
    QList<StaleWrite> staleWrites();
    qint64 unresolvedStaleCount();
    bool resolveStale(qint64 id, const QString &status, const QString &resolved, const QString &detail);

    // The key/value table (names: run/RunKeys.h).
    QString value(const JournalKey &key, const QString &fallback = {});
    bool setValue(const JournalKey &key, const QString &value);
    QMap<QString, QString> values(); // every key/value (writeStopStart, final.<instance>, ...)

private:
    bool exec(const QString &sql, const QVariantList &bind = {});
    bool inTransaction(const std::function<bool()> &body); // rolled back when body() fails
    bool ensureSchema();

    QString m_connectionName;
    QString m_file;
    QString m_error;
    bool m_open = false;
};

} // namespace sp::migration
