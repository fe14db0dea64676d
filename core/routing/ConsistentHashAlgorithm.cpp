#include "core/routing/ConsistentHashAlgorithm.h"

#include "core/routing/AlgorithmSupport.h"
#include "core/routing/Hash.h"

namespace sp {

int ConsistentHashAlgorithm::readVirtualNodes(const AlgorithmDef &def, QString *error)
{
    QString why;
    const int n =
        algo::positiveIntProp(def, QStringLiteral("virtual-nodes"), false, defaults::kVirtualNodes, &why);
    if (why.isEmpty() && n > defaults::kMaxVirtualNodes)
        why = QStringLiteral("CONSISTENT_HASH algorithm '") + def.name +
              QStringLiteral("': property virtual-nodes must be at most ") +
              QString::number(defaults::kMaxVirtualNodes);
    if (error)
        *error = why;
    return why.isEmpty() ? n : defaults::kVirtualNodes;
}

ConsistentHashAlgorithm::ConsistentHashAlgorithm(const AlgorithmDef &def)
    : m_virtualNodes(readVirtualNodes(def, &m_error))
{}

int defaults::virtualNodesOf(const AlgorithmDef &def)
{
    return ConsistentHashAlgorithm::readVirtualNodes(def, nullptr);
}

AlgorithmResult ConsistentHashAlgorithm::evaluate(const QString &, const ShardingValue &value,
                                                  const QStringList &availableTargets,
                                                  const TargetNaming &) const
{
    if (!m_error.isEmpty())
        return algo::failure(m_error);
    if (availableTargets.isEmpty())
        return algo::failure(QStringLiteral("CONSISTENT_HASH: no targets to place on the ring"));
    const QByteArray key = value.text.toUtf8();
    const uint32_t h = hash::crc32(QByteArrayView(key));
    QMutexLocker lock(&m_cacheMutex);
    if (!m_hasCache || m_cachedRing.nodes() != availableTargets) {
        m_cachedRing = HashRing(availableTargets, m_virtualNodes);
        m_hasCache = true;
    }
    AlgorithmResult r;
    r.ok = true;
    r.target = m_cachedRing.nodes().at(m_cachedRing.nodeIndexForHash(h));
    return r;
}

} // namespace sp
