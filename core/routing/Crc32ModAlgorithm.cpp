#include "core/routing/Crc32ModAlgorithm.h"

#include "core/routing/AlgorithmSupport.h"
#include "core/routing/Hash.h"

namespace sp {

Crc32ModAlgorithm::Crc32ModAlgorithm(const AlgorithmDef &def)
{
    m_count = uint32_t(algo::positiveIntProp(def, QStringLiteral("sharding-count"), true, 1, &m_error));
    m_divisor = uint32_t(algo::positiveIntProp(def, QStringLiteral("divisor"), false, 1, &m_error));
}

AlgorithmResult Crc32ModAlgorithm::evaluate(const QString &, const ShardingValue &value,
                                            const QStringList &availableTargets,
                                            const TargetNaming &naming) const
{
    if (!m_error.isEmpty())
        return algo::failure(m_error);
    const uint32_t index = indexForCrc(hash::crc32(QStringView(value.text)));
    return algo::matchSuffix(type(), QString::number(index), availableTargets, naming);
}

} // namespace sp
