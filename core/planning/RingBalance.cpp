#include "core/planning/RingBalance.h"

#include <QJsonObject>

#include "core/routing/Hash.h"

#include <algorithm>
#include <map>
#include <vector>

namespace sp::planning {

namespace {

// Shares from sorted, distinct ring points (as HashRing keeps them).
QList<double> sharesOf(const std::vector<HashRing::Point> &pts, qsizetype nodes)
{
    QList<double> out(nodes, 0.0);
    if (pts.empty())
        return out;
    constexpr double space = 4294967296.0;
    // The first point owns [0, p0] and the wrap-around arc after the last point.
    out[pts.front().node] += (double(pts.front().hash) + 1.0 + (4294967295.0 - double(pts.back().hash))) / space;
    for (size_t i = 1; i < pts.size(); ++i)
        out[pts[i].node] += double(pts[i].hash - pts[i - 1].hash) / space;
    return out;
}

BalancePoint balanceOf(const QList<double> &s, int virtualNodes)
{
    BalancePoint b;
    b.virtualNodes = virtualNodes;
    if (s.isEmpty())
        return b;
    const double mean = 1.0 / double(s.size());
    b.maxOverMean = *std::max_element(s.begin(), s.end()) / mean;
    b.minOverMean = *std::min_element(s.begin(), s.end()) / mean;
    return b;
}

} // namespace

QList<double> RingBalance::shares(const HashRing &ring)
{
    return sharesOf(ring.points(), ring.nodes().size());
}

BalancePoint RingBalance::balance(const QStringList &nodes, int virtualNodes)
{
    return balanceOf(shares(HashRing(nodes, virtualNodes)), virtualNodes);
}

QList<BalancePoint> RingBalance::series(const QStringList &nodes, int maxVirtualNodes, int step)
{
    QList<BalancePoint> out;
    step = std::max(step, 1);
    maxVirtualNodes = std::clamp(maxVirtualNodes, 1, 4096);
    // The ring with v virtual nodes holds the points "name#0" .. "name#(v-1)" of every node, so the
    // rings of the series grow by insertion instead of being rebuilt (same points, same owners:
    // on equal hashes the node added later wins, as in HashRing).
    QStringList distinct;
    for (const QString &n : nodes)
        if (!distinct.contains(n))
            distinct << n;
    std::map<uint32_t, int> ring;
    std::vector<HashRing::Point> pts;
    int built = 0;
    for (int v = 1; v <= maxVirtualNodes; v += step) {
        for (; built < v; ++built)
            for (int n = 0; n < distinct.size(); ++n) {
                const QByteArray vnode = distinct.at(n).toUtf8() + '#' + QByteArray::number(built);
                auto [it, added] = ring.try_emplace(hash::crc32(QByteArrayView(vnode)), n);
                if (!added)
                    it->second = std::max(it->second, n);
            }
        pts.clear();
        for (const auto &[h, n] : ring)
            pts.push_back(HashRing::Point{h, n});
        out << balanceOf(sharesOf(pts, distinct.size()), v);
    }
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
