#include "core/migration/run/RateLimiter.h"

#include <QElapsedTimer>
#include <QThread>

#include <cmath>

namespace sp::migration {

RateLimiter::RateLimiter(double perSecond, qint64 burst, Clock clock, Sleep sleep)
    : m_rate(perSecond > 0 ? perSecond : 0), m_clock(std::move(clock)), m_sleep(std::move(sleep))
{
    m_burstGiven = burst > 0;
    m_burst = burst > 0 ? burst : qMax<qint64>(1, qint64(std::ceil(m_rate / 4)));
    if (!m_clock) {
        auto timer = std::make_shared<QElapsedTimer>();
        timer->start();
        m_clock = [timer] { return timer->nsecsElapsed(); };
    }
    if (!m_sleep)
        m_sleep = [](qint64 ns) { QThread::usleep(quint64(qMax<qint64>(1, ns / 1000))); };
    m_tokens = double(m_burst); // a full bucket: the first burst goes at once
    m_last = m_clock();
}

void RateLimiter::refill(qint64 now)
{
    if (now > m_last)
        m_tokens = qMin(double(m_burst), m_tokens + m_rate * double(now - m_last) / 1e9);
    m_last = qMax(m_last, now);
}

void RateLimiter::setRate(double perSecond)
{
    QMutexLocker lock(&m_mutex);
    refill(m_clock());
    const bool wasLimited = m_rate > 0;
    m_rate = perSecond > 0 ? perSecond : 0;
    if (!m_burstGiven)
        m_burst = qMax<qint64>(1, qint64(std::ceil(m_rate / 4)));
    m_tokens = wasLimited ? qMin(double(m_burst), m_tokens) : double(m_burst);
}

qint64 RateLimiter::reserve(qint64 n)
{
    QMutexLocker lock(&m_mutex);
    if (m_rate <= 0 || n <= 0)
        return 0;
    refill(m_clock());
    m_tokens -= double(n);
    return m_tokens >= 0 ? 0 : qint64(std::ceil(-m_tokens / m_rate * 1e9));
}

void RateLimiter::refund(qint64 n)
{
    QMutexLocker lock(&m_mutex);
    if (m_rate <= 0 || n <= 0)
        return;
    refill(m_clock());
    m_tokens = qMin(double(m_burst), m_tokens + double(n));
}

bool RateLimiter::acquire(qint64 n, const std::function<bool()> &cancelled)
{
    const qint64 wait = reserve(n);
    if (wait <= 0)
        return true;
    const qint64 until = m_clock() + wait;
    for (;;) {
        const qint64 left = until - m_clock();
        if (left <= 0)
            return true;
        if (cancelled && cancelled()) {
            refund(n);
            return false;
        }
        m_sleep(qMin<qint64>(left, 100'000'000)); // at most 0.1 s between looks at `cancelled`
    }
}

} // namespace sp::migration
