#include "core/planning/RingBalance.h"

#include <QJsonObject>

#include <algorithm>

namespace sp::planning {

QList<double> RingBalance::shares(const HashRing &ring)
{
    QList<double> out(ring.nodes().size(), 0.0);
    const auto &pts = ring.points();
    if (pts.empty())
        return out;
    constexpr double space = 4294967296.0;
    // The first point owns [0, p0] and the wrap-around arc after the last point.
    out[pts.front().node] += (double(pts.front().hash) + 1.0 + (4294967295.0 - double(pts.back().hash))) / space;
    for (size_t i = 1; i < pts.size(); ++i)
        out[pts[i].node] += double(pts[i].hash - pts[i - 1].hash) / space;
    return out;
}

BalancePoint RingBalance::balance(const QStringList &nodes, int virtualNodes)
{
    BalancePoint b;
    b.virtualNodes = virtualNodes;
    const QList<double> s = shares(HashRing(nodes, virtualNodes));
    if (s.isEmpty())
        return b;
    const double mean = 1.0 / double(s.size());
    b.maxOverMean = *std::max_element(s.begin(), s.end()) / mean;
    b.minOverMean = *std::min_element(s.begin(), s.end()) / mean;
    return b;
}

QList<BalancePoint> RingBalance::series(const QStringList &nodes, int maxVirtualNodes, int step)
{
    QList<BalancePoint> out;
    step = std::max(step, 1);
    maxVirtualNodes = std::clamp(maxVirtualNodes, 1, 4096);
    for (int v = 1; v <= maxVirtualNodes; v += step)
        out << balance(nodes, v);
    return out;
}

QJsonArray RingBalance::toJson(const QList<BalancePoint> &series)
{
    QJsonArray a;
    for (const BalancePoint &p : series)
        a.append(QJsonObject{{QStringLiteral("virtualNodes"), p.virtualNodes},
                             {QStringLiteral("maxOverMean"), p.maxOverMean},
                             {QStringLiteral("minOverMean"), p.minOverMean}});
    return a;
}

} // namespace sp::planning
