#pragma once
// One throttle for every kind of run (docs/design.md, "The throttle"). Work that moves rows while the
// application writes - the copy (T2), the capture's catch-up and the pre-verification (T3), `migrate
// verify`, the purge (T9), the dual-master comparison (D6) and purge (D9) - asks admit(rows) before
// each chunk, which waits while
//  - a replica of a server of the run lags more than maxLagSec (default 1.5 s, gh-ost's), measured by
//    a heartbeat row the engine writes on each primary and reads on each replica, as gh-ost and
//    pt-heartbeat do: Seconds_Behind_Master reads 0 while the IO thread is behind and jumps while the
//    SQL thread catches up. A replica whose lag cannot be read for 15 s stops the run (fails closed,
//    as Spirit does): a throttle that cannot see is no throttle.
//  - a server of the run runs more than maxThreadsRunning threads,
//  - the rows would go over maxRowsPerSec: a token bucket (RateLimiter), so after a stall the work
//    does not burst to catch up with an average;
// and returns false at once when the run is stopped or paused. It counts the seconds it waited per
// reason (keys::throttled: `status`, the console, a check per step). `migrate throttle` changes the
// limits of a running run through RunDir::throttleFile(), which the throttle reads every 250 ms.
//
// The writes of the lag heartbeat happen only between begin() and end() (the Runner brackets the
// steps its table marks throttled), never while writes are stopped: the switch's guard looks at
// every binlog event after the drain.
#include "core/migration/run/RateLimiter.h"
#include "core/migration/run/RunContext.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QMap>
#include <QMutex>

#include <atomic>
#include <condition_variable>
#include <memory>
#include <optional>
#include <thread>

namespace sp::migration {

struct ThrottleLimits
{
    double maxRowsPerSec = 0;  // 0: no rate limit
    int maxThreadsRunning = 0; // 0: not checked
    double maxLagSec = 1.5;    // 0: replicas not watched

    static ThrottleLimits of(const RunSpec &spec);
    QJsonObject toJson() const;
    static ThrottleLimits fromJson(const QJsonObject &o, const ThrottleLimits &fallback);
    QString describe() const; // "rows/s 500, Threads_running 40, replica lag 1.5 s"
    bool operator==(const ThrottleLimits &o) const
    {
        return maxRowsPerSec == o.maxRowsPerSec && maxThreadsRunning == o.maxThreadsRunning &&
               maxLagSec == o.maxLagSec;
    }
};

// What holds work back.
enum class ThrottleReason
{
    Rate,
    ThreadsRunning,
    ReplicaLag,
};
QString throttleReasonName(ThrottleReason r); // "rate", "threads_running", "replica lag"
inline constexpr qint64 kLagFailClosedMs = 15000;

// The throttle's decision from what was last observed, without servers or threads (tests).
class ThrottleGate final
{
public:
    struct Verdict
    {
        enum Kind
        {
            Go,
            Wait,
            Fail, // a replica's lag could not be read for kLagFailClosedMs
        } kind = Go;
        ThrottleReason reason = ThrottleReason::Rate;
        QString why; // "replica 127.0.0.1:3310 lags 4.2 s (at most 1.5 s)"
    };

    void setLimits(const ThrottleLimits &limits) { m_limits = limits; }
    const ThrottleLimits &limits() const { return m_limits; }
    // A replica watched from `nowMs` on (its first reading is due within kLagFailClosedMs).
    void watchReplica(const QString &replica, qint64 nowMs);
    void forgetReplicas() { m_replicas.clear(); }
    void forgetThreads() { m_threads.clear(); } // readings of a monitor that ended
    // lagSec < 0: the lag could not be read (the replica is down, the heartbeat row is missing).
    void observeLag(const QString &replica, double lagSec, qint64 nowMs, const QString &error = {});
    void observeThreads(const QString &server, int running);
    Verdict check(qint64 nowMs) const; // lag and Threads_running (the rate is the bucket's)

    struct ReplicaState
    {
        double lagSec = -1;
        qint64 watchedSinceMs = 0;
        qint64 lastReadingMs = -1; // -1: never read
        QString error;
    };
    const QMap<QString, ReplicaState> &replicas() const { return m_replicas; }

private:
    ThrottleLimits m_limits;
    QMap<QString, ReplicaState> m_replicas;
    QMap<QString, int> m_threads;
};

// A replica the throttle watches.
struct WatchedReplica
{
    QString address; // host:port
    QString primary; // the instance of the run it replicates
    QString foundBy; // "--replica", "SHOW SLAVE HOSTS", "the config's !READWRITE_SPLITTING rule"
    ConnectionParams params;
};

class Throttle final
{
public:
    explicit Throttle(RunContext &ctx);
    ~Throttle();
    Throttle(const Throttle &) = delete;
    Throttle &operator=(const Throttle &) = delete;

    // Starts watching the run's servers (Threads_running) and the replicas of every one of them (the
    // heartbeat): found once per process (--replica, SHOW SLAVE HOSTS, the config). false: a replica
    // given with --replica cannot be used (*error).
    bool begin(QString *error);
    // Stops the monitor: no heartbeat is written once it returns.
    void end();
    bool active() const { return m_active.load(); }

    // Waits until `rows` may be worked on (see above). false: stopped or paused (*stopped says
    // which), or a replica's lag could not be read for 15 s (*error; the run stops then). Outside
    // begin() and end() (a step its table does not throttle, the write stop) it only says whether
    // the run was stopped or paused.
    bool admit(qint64 rows, StopReason *stopped, QString *error);
    // Rows of an admission that were not used (a chunk that found fewer rows).
    void refund(qint64 rows);
    // The largest chunk that keeps the rate over any window: `fallback` without a rate limit.
    int maxChunk(int fallback) const;

    ThrottleLimits limits() const;
    QList<WatchedReplica> replicas() const;
    // Seconds waited per reason over the run (every process), and what holds work back right now.
    QMap<QString, double> waited() const;
    QString waitingFor() const;
    // Runner's thread: the waited seconds and the replicas' lag into the journal, an audit row when
    // `migrate throttle` changed the limits.
    void record();

    // `migrate throttle`: the limits a running engine takes over (merged over what the file holds).
    static bool writeLimits(const QString &runDir, const ThrottleLimits &limits, QString *error);
    static std::optional<ThrottleLimits> readLimits(const QString &runDir);
    // The journal's waited seconds per reason (keys::throttled).
    static QMap<QString, double> waitedOf(const QMap<QString, QString> &journalValues);

private:
    void monitor();
    bool findReplicas(QString *error);
    void applyLimitsFile();
    void addWaited(ThrottleReason r, double seconds);

    RunContext &m_ctx;
    RateLimiter m_limiter;
    mutable QMutex m_mutex; // everything below
    ThrottleGate m_gate;
    ThrottleLimits m_limits;
    bool m_limitsChanged = false;
    QDateTime m_fileStamp;
    QMap<QString, double> m_base;   // waited seconds of earlier processes (journal)
    QMap<QString, double> m_waited; // this process
    QString m_waitingFor;
    QList<WatchedReplica> m_replicas;
    bool m_replicasFound = false;
    QStringList m_replicaNotes; // said and kept as checks by record()
    std::atomic<bool> m_quit{false};
    std::mutex m_quitMutex;                // with m_quitChanged: end() wakes the monitor at once
    std::condition_variable m_quitChanged;
    std::atomic<bool> m_active{false}; // between begin() and end()
    std::unique_ptr<std::thread> m_thread;
};

} // namespace sp::migration
