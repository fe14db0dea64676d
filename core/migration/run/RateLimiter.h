#pragma once
#include <QMutex>
#include <QtGlobal>

#include <functional>

namespace sp::migration {

// A rate that holds over every window: a token bucket of `perSecond` rows a second with a small
// burst (a quarter of a second's worth, at least 1), shared by every thread that takes from it.
// `--max-rows-per-sec` used to be an average since the copy started, so after a stall (a locked
// table, a busy server) the copy ran far over the limit until the average was met again; a bucket
// keeps no credit beyond its burst.
//
// Reservations are served in the order they are made (each one waits behind the ones before it), so
// the source workers sharing a limiter take turns. Over any window of T seconds the rows granted are
// at most burst() + perSecond x T, as long as no single reservation asks for more than burst() (the
// callers cap their chunks at it).
//
// Thread-safe. The clock and the sleep can be replaced (tests).
class RateLimiter final
{
public:
    using Clock = std::function<qint64()>;     // monotonic, in nanoseconds
    using Sleep = std::function<void(qint64)>; // sleeps about this many nanoseconds

    // perSecond <= 0: no limit (acquire() returns at once). burst <= 0: the default.
    explicit RateLimiter(double perSecond, qint64 burst = 0, Clock clock = {}, Sleep sleep = {});
    RateLimiter(const RateLimiter &) = delete;
    RateLimiter &operator=(const RateLimiter &) = delete;

    bool limited() const
    {
        QMutexLocker lock(&m_mutex);
        return m_rate > 0;
    }
    double perSecond() const
    {
        QMutexLocker lock(&m_mutex);
        return m_rate;
    }
    qint64 burst() const
    {
        QMutexLocker lock(&m_mutex);
        return m_burst;
    }
    // A new rate from now on (`migrate throttle`); the burst follows it unless it was given. The
    // bucket keeps no more than the new burst.
    void setRate(double perSecond);
    // The largest reservation that keeps the bound: burst() (or `fallback` without a limit).
    int maxRequest(int fallback) const
    {
        QMutexLocker lock(&m_mutex);
        return m_rate > 0 ? int(qMin<qint64>(m_burst, fallback)) : fallback;
    }

    // Reserves n rows and returns how long the caller must wait before using them (ns, >= 0).
    qint64 reserve(qint64 n);
    // reserve(n), then waits (in slices, asking `cancelled` between them). false: cancelled while
    // waiting; the reservation is given back.
    bool acquire(qint64 n, const std::function<bool()> &cancelled = {});
    // Gives back rows of a reservation that were not used (a chunk that found fewer rows).
    void refund(qint64 n);

private:
    void refill(qint64 now);

    double m_rate = 0;
    qint64 m_burst = 1;
    bool m_burstGiven = false;
    Clock m_clock;
    Sleep m_sleep;
    mutable QMutex m_mutex;
    double m_tokens = 0; // may be negative: rows reserved ahead of the rate
    qint64 m_last = 0;   // clock of the last refill
};

} // namespace sp::migration
