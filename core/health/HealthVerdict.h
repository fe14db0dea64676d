#pragma once
#include "core/config/Text.h"
#include "core/health/HealthSample.h"

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
};

// The verdict of one data source from its newest sample; `recent` (oldest first, the newest last,
// may be empty) lets a threads-running peak count only when it lasts.
ShardVerdict evaluate(const HealthSample &latest, const HealthThresholds &t, const QList<HealthSample> &recent = {});

Verdict worst(const QList<ShardVerdict> &verdicts);

// The missing privileges of a round, said once: e.g. "replica status not read on db0, db1: ...".
QList<Text> privilegeNotes(const QList<HealthSample> &samples, bool monitorAccount);

// "12.5", "0.3", "1,204" - how rates are printed in texts and tables.
QString formatRate(double v);

} // namespace sp::health
