#include "core/routing/HashRing.h"

#include "core/routing/Hash.h"

#include <QSet>

#include <algorithm>

namespace sp {

HashRing::HashRing(const QStringList &nodes, int virtualNodes)
    : m_virtualNodes(std::max(virtualNodes, 1))
{
    QSet<QString> seen; // hashed: a ring over thousands of data sources
    for (const QString &n : nodes)
        if (!seen.contains(n)) {
            seen.insert(n);
            m_nodes << n;
        }
    rebuild();
}

void HashRing::addNode(const QString &name)
{
    if (m_nodes.contains(name))
        return;
    m_nodes << name;
    rebuild();
}

void HashRing::removeNode(const QString &name)
{
    if (m_nodes.removeAll(name) > 0)
        rebuild();
}

void HashRing::rebuild()
{
    m_points.clear();
    m_points.reserve(size_t(m_nodes.size()) * size_t(m_virtualNodes));
    for (int n = 0; n < m_nodes.size(); ++n) {
        const QByteArray base = m_nodes.at(n).toUtf8() + '#';
        for (int i = 0; i < m_virtualNodes; ++i) {
            const QByteArray vnode = base + QByteArray::number(i);
            m_points.push_back(Point{hash::crc32(QByteArrayView(vnode)), n});
        }
    }
    // Stable sort keeps insertion order among equal hashes; on a collision the node added later
    // (the last one of the run) owns the point, as with a map overwritten on insert.
    std::stable_sort(m_points.begin(), m_points.end(),
                     [](const Point &a, const Point &b) { return a.hash < b.hash; });
    std::vector<Point> unique;
    unique.reserve(m_points.size());
    for (const Point &p : m_points) {
        if (!unique.empty() && unique.back().hash == p.hash)
            unique.back() = p;
        else
            unique.push_back(p);
    }
    m_points.swap(unique);
}

int HashRing::nodeIndexForHash(uint32_t hash) const
{
    if (m_points.empty())
        return -1;
    auto it = std::lower_bound(m_points.begin(), m_points.end(), hash,
                               [](const Point &p, uint32_t h) { return p.hash < h; });
    if (it == m_points.end())
        it = m_points.begin();
    return it->node;
}

QString HashRing::nodeFor(QByteArrayView utf8Key) const
{
    const int idx = nodeIndexForHash(hash::crc32(utf8Key));
    return idx < 0 ? QString() : m_nodes.at(idx);
}

} // namespace sp
