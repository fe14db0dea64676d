#include "core/migration/RateWindow.h"

namespace sp::migration {

void RateWindow::add(qint64 atMs, qint64 total)
{
    if (!m_samples.isEmpty() && atMs <= m_samples.last().first) {
        m_samples.last().second = qMax(m_samples.last().second, total);
        return;
    }
    m_samples.append({atMs, total});
    // Keep one sample at or before the window's start, so the window is always covered.
    while (m_samples.size() > 2 && m_samples.at(1).first <= atMs - m_windowMs)
        m_samples.removeFirst();
}

double RateWindow::perSecond() const
{
    if (m_samples.size() < 2)
        return 0;
    const auto &first = m_samples.first();
    const auto &last = m_samples.last();
    const qint64 ms = last.first - first.first;
    if (ms <= 0)
        return 0;
    return qMax<double>(0, double(last.second - first.second) * 1000.0 / double(ms));
}

} // namespace sp::migration
