#pragma once
#include "core/health/HealthVerdict.h"

#include <QDateTime>
#include <QList>
#include <QString>

namespace sp::health {

// One stored health sample of one data source (what the history page draws next to growth).
struct LoadPoint
{
    QDateTime time;          // UTC
    bool up = false;
    double qps = -1;
    double tps = -1;
    int threadsRunning = -1;
    int threadsConnected = -1;
    qint64 lagSeconds = -1;
    Verdict verdict = Verdict::Unknown;
};

// A stretch of time a data source's stored verdict was `verdict`: from its first such sample to the
// first sample after it with another verdict (or its last such sample while it lasts).
struct VerdictStretch
{
    QDateTime from;
    QDateTime to;
    int samples = 0;
};
QList<VerdictStretch> verdictStretches(const QList<LoadPoint> &points, Verdict verdict);

// Health samples in the cluster's history database (the SQLite file of sp::StatsHistory,
// StatsHistory::defaultPathFor), table health_samples; rates and verdicts only, no secrets, no
// error texts. Thread rule as StatsHistory: use an instance on the thread that created it.
class HealthHistory final
{
public:
    explicit HealthHistory(const QString &filePath);
    ~HealthHistory();
    HealthHistory(const HealthHistory &) = delete;
    HealthHistory &operator=(const HealthHistory &) = delete;

    bool isOpen() const { return m_open; }
    QString lastError() const { return m_lastError; }

    // One transaction; `verdicts` pair with `samples` by index when the sizes match, else by data
    // source (missing: unknown).
    bool record(const QList<HealthSample> &samples, const QList<ShardVerdict> &verdicts);
    // Oldest first; an invalid `from` / `to` leaves that side open. At most `limit` points (the newest).
    QList<LoadPoint> series(const QString &dataSource, const QDateTime &from = {}, const QDateTime &to = {},
                            int limit = 100000) const;
    QStringList dataSources() const;

    // Verdict changes (table health_events), one transaction.
    bool recordEvents(const QList<HealthEvent> &events);
    // Oldest first; an invalid `from` / `to` leaves that side open, an empty `dataSource` takes
    // every one. At most `limit` events (the newest).
    QList<HealthEvent> events(const QDateTime &from = {}, const QDateTime &to = {},
                              const QString &dataSource = {}, int limit = 10000) const;

    int prune(const QDateTime &olderThan);       // samples
    int pruneEvents(const QDateTime &olderThan); // events
    // Samples are kept this many days; the console prunes older ones (at most once an hour), so
    // the file stays bounded (64 servers every 5 s are about 1.1M rows a day). Events are few and
    // say why a stretch was red: they are kept longer.
    static constexpr int kKeepDays = 14;
    static constexpr int kKeepEventDays = 90;
    // Samples older than `days`, events older than kKeepEventDays (or `days`, when longer).
    int pruneKeeping(int days, const QDateTime &now);

private:
    QString m_connectionName;
    bool m_open = false;
    mutable QString m_lastError;
};

} // namespace sp::health
