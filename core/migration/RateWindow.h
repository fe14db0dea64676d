#pragma once
#include <QList>
#include <QPair>
#include <QtGlobal>

namespace sp::migration {

// A rate over a sliding window, for progress: the growth of a running total over (about) the last
// `windowMs`. A copy moves in chunks of a second or more per table, so the growth between two
// reports half a second apart alternated between a burst and 0; over a window of several seconds
// it is the rate the copy keeps.
class RateWindow final
{
public:
    explicit RateWindow(qint64 windowMs = 10000) : m_windowMs(windowMs) {}

    // The total at `atMs` (a monotonic clock in ms; totals never decrease).
    void add(qint64 atMs, qint64 total);
    // Per second over the window ending at the last sample; 0 before there are two samples.
    double perSecond() const;
    bool isEmpty() const { return m_samples.isEmpty(); }

private:
    qint64 m_windowMs;
    QList<QPair<qint64, qint64>> m_samples; // (ms, total), oldest first
};

} // namespace sp::migration
