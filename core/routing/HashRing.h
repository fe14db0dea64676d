#pragma once
#include "core/routing/AlgorithmDefaults.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace sp {

// Consistent-hash ring (docs/design.md, "Expansion strategies"): CRC32 of "name#i" for i in [0,
// virtualNodes), points sorted; a key goes to the first point >= CRC32(key), wrapping to the first point.
// When two virtual nodes hash to the same point the node added later owns it.
class HashRing final
{
public:
    struct Point
    {
        uint32_t hash;
        int node; // index into nodes()
    };

    HashRing() = default;
    HashRing(const QStringList &nodes, int virtualNodes);

    void addNode(const QString &name);
    void removeNode(const QString &name);

    const QStringList &nodes() const { return m_nodes; }
    const std::vector<Point> &points() const { return m_points; }
    int virtualNodes() const { return m_virtualNodes; }

    int nodeIndexForHash(uint32_t hash) const; // -1 when empty
    QString nodeFor(QByteArrayView utf8Key) const;

private:
    void rebuild();
    QStringList m_nodes;
    int m_virtualNodes = defaults::kVirtualNodes;
    std::vector<Point> m_points;
};

} // namespace sp
