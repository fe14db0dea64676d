#include "core/routing/Crc32ModAlgorithm.h"

#include "core/routing/AlgorithmDefaults.h"
#include "core/routing/AlgorithmSupport.h"
#include "core/routing/Hash.h"

namespace sp {

Crc32ModAlgorithm::Crc32ModAlgorithm(const AlgorithmDef &def)
{
    m_form.input = ResidueForm::Input::Crc32;
    m_form.count = uint32_t(algo::positiveIntProp(def, QStringLiteral("sharding-count"), true, 1, &m_error));
    m_form.divisor =
        uint32_t(algo::positiveIntProp(def, QStringLiteral("divisor"), false, defaults::kDivisor, &m_error));
}

std::optional<uint64_t> Crc32ModAlgorithm::input(const ShardingValue &value, QString *) const
{
    return hash::crc32(QStringView(value.text));
}

} // namespace sp
