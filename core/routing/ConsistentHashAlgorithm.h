#pragma once
#include "core/routing/Algorithm.h"
#include "core/routing/AlgorithmDefaults.h"
#include "core/routing/HashRing.h"

#include <QMutex>

namespace sp {

// Our extension (docs/design.md, "Expansion strategies"): a CRC32 ring over the available target names with
// `virtual-nodes` points each (default defaults::kVirtualNodes); the key is CRC32(utf8(value)).
class ConsistentHashAlgorithm final : public ShardingAlgorithm
{
public:
    explicit ConsistentHashAlgorithm(const AlgorithmDef &def);
    using ShardingAlgorithm::evaluate;

    QString type() const override { return QStringLiteral("CONSISTENT_HASH"); }
    AlgorithmResult evaluate(const QString &column, const ShardingValue &value,
                             const QStringList &availableTargets,
                             const TargetNaming &naming) const override;
    bool hasSqlEquivalent() const override { return true; }
    QString configurationError() const override { return m_error; }

    int virtualNodes() const { return m_virtualNodes; }
    // Reads virtual-nodes as the constructor does; `error` (optional) says why a value is refused.
    static int readVirtualNodes(const AlgorithmDef &def, QString *error);

private:
    QString m_error;
    int m_virtualNodes = defaults::kVirtualNodes;
    // The ring of the last target list, so repeated evaluations do not rebuild it.
    mutable QMutex m_cacheMutex;
    mutable HashRing m_cachedRing;
    mutable bool m_hasCache = false;
};

} // namespace sp
