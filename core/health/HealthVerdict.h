#pragma once
#include "core/config/Text.h"
#include "core/health/HealthSample.h"
#include "core/health/RunActivity.h"

#include <QList>
#include <QMap>
#include <QString>

namespace sp::health {

enum class Verdict { Unknown = 0, Green = 1, Yellow = 2, Red = 3 };

QString verdictName(Verdict v); // "unknown", "green", "yellow", "red"
std::optional<Verdict> parseVerdict(const QString &name);

// Where a metric turns yellow and red. Defaults follow common monitoring practice (PMM's and
// Zabbix's MySQL templates): connections near max_connections, a run queue of threads, replication
// behind by more than half a minute / five minutes or stopped, a cold buffer pool, deadlocks and
// lock waits piling up, clients aborting, binary logs filling the disk.
struct HealthThresholds
{
    double connectionsYellowPct = 80;   // Threads_connected / max_connections, percent
    double connectionsRedPct = 95;
    int threadsRunningYellow = 32;      // Threads_running
    int threadsRunningRed = 64;
    int threadsRunningSustainSec = 10;  // above a threshold for this long before it counts
    qint64 lagYellowSec = 30;           // Seconds_Behind_Master
    qint64 lagRedSec = 300;
    double hitRatioYellowPct = 99;      // buffer pool hit ratio below this
    double hitRatioRedPct = 95;
    double deadlocksPerMinYellow = 1;
    double deadlocksPerMinRed = 10;
    double rowLockWaitsPerSecYellow = 10;
    double rowLockWaitsPerSecRed = 100;
    double abortedPerMinYellow = 10;
    double abortedPerMinRed = 60;
    double binlogGiBYellow = 20;        // total size of the binary logs
    double binlogGiBRed = 100;
    bool readOnlyPrimaryYellow = true;  // read_only ON on a server that is not a replica

    // Names and values as the settings and --thresholds keep them ("lagRedSec" -> "300").
    QMap<QString, double> toMap() const;
    // Unknown keys and values out of range are refused with `error` (nothing is changed then); a
    // yellow limit beyond its red one too.
    bool apply(const QMap<QString, double> &values, QString *error);
    bool operator==(const HealthThresholds &o) const { return toMap() == o.toMap(); }
};

struct Finding
{
    Verdict level = Verdict::Green;
    QString metric; // "up", "connections", "threadsRunning", "replication", "lag", "hitRatio", ...
    Text reason;    // "db2: 48 threads running for 30 s"
};

struct ShardVerdict
{
    QString dataSource;
    Verdict verdict = Verdict::Unknown;
    QList<Finding> findings; // yellow and red ones, worst first
    Text reason;             // the worst finding's reason, or "within thresholds"
    Text runNote;            // what a migration run does to this server now (empty: nothing)
    QString runId;           // that run
};

// The verdict of one data source from its newest sample; `recent` (oldest first, the newest last,
// may be empty) lets a threads-running peak count only when it lasts. `run`: what a migration run
// does now (RunActivity): a server whose writes the run stopped is yellow "writes stopped by run X
// (T4, 12 s)" instead of green (and its read_only is the run's, not a finding of its own); load
// findings on a server the run copies, verifies or purges say that the load is the run's.
ShardVerdict evaluate(const HealthSample &latest, const HealthThresholds &t,
                      const QList<HealthSample> &recent = {}, const RunActivity &run = {});

// "12 s", "3 min", "2 h": how long a write stop has lasted, in a verdict's words.
Text durationText(qint64 seconds);

Verdict worst(const QList<ShardVerdict> &verdicts);

// A change of a data source's verdict, kept in the health history: when, which server, from -> to
// and why (the new verdict's reason, with the run acting on the server then).
struct HealthEvent
{
    QDateTime at; // UTC
    QString dataSource;
    Verdict from = Verdict::Unknown;
    Verdict to = Verdict::Unknown;
    Text reason;   // the new verdict's reason, kept with its template (the console translates it)
    QString runId; // the migration run acting on the server then, if any
};

// The event of `now` following `previous` (the same data source's verdict before) at `at`, when the
// verdict changed. A first verdict (`previous` unknown) is an event unless it is green; a verdict
// going back to unknown (a monitor restarted) is none.
std::optional<HealthEvent> verdictChange(const ShardVerdict &previous, const ShardVerdict &now,
                                         const QDateTime &at);

// The missing privileges of a round, said once: e.g. "replica status not read on db0, db1: ...".
QList<Text> privilegeNotes(const QList<HealthSample> &samples, bool monitorAccount);

// "12.5", "0.3", "1,204" - how rates are printed in texts and tables.
QString formatRate(double v);

} // namespace sp::health
