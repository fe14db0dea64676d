#include "core/routing/Crc32ModAlgorithm.h"

#include "core/routing/AlgorithmSupport.h"
#include "core/routing/Hash.h"

namespace sp {

Crc32ModAlgorithm::Crc32ModAlgorithm(const AlgorithmDef &def)
{
    m_count = uint32_t(algo::positiveIntProp(def, QStringLiteral("sharding-count"), true, 1, &m_error));
    m_divisor =
        uint32_t(algo::positiveIntProp(def, QStringLiteral("divisor"), false, defaults::kDivisor, &m_error));
}

std::optional<ResidueForm> Crc32ModAlgorithm::residueForm() const
{
    if (!m_error.isEmpty())
        return std::nullopt;
    ResidueForm f;
    f.input = ResidueForm::Input::Crc32;
    f.divisor = m_divisor;
    f.count = m_count;
    return f;
}

std::optional<uint64_t> Crc32ModAlgorithm::residueInput(const ShardingValue &value) const
{
    return hash::crc32(QStringView(value.text));
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
