#pragma once
#include "core/routing/HashRing.h"

#include <QJsonArray>
#include <QList>
#include <QStringList>

namespace sp::planning {

struct BalancePoint
{
    int virtualNodes = 0;
    double maxOverMean = 0; // expected load of the fullest node / mean (1.0 = perfect)
    double minOverMean = 0;
};

// Expected load per node of a CRC32 ring, computed exactly from the arcs (no keys involved).
class RingBalance final
{
public:
    static QList<double> shares(const HashRing &ring); // fraction of the hash space per node
    static BalancePoint balance(const QStringList &nodes, int virtualNodes);
    // One point per virtual-node count 1, 1+step, ... up to maxVirtualNodes (for the GUI chart).
    static QList<BalancePoint> series(const QStringList &nodes, int maxVirtualNodes = 1024, int step = 1);
    static QJsonArray toJson(const QList<BalancePoint> &series);
};

} // namespace sp::planning
