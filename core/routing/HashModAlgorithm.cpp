#include "core/routing/HashModAlgorithm.h"

#include "core/routing/AlgorithmSupport.h"
#include "core/routing/Hash.h"

namespace sp {

HashModAlgorithm::HashModAlgorithm(const AlgorithmDef &def)
{
    m_count = algo::positiveIntProp(def, QStringLiteral("sharding-count"), true, 1, &m_error);
}

std::optional<int32_t> HashModAlgorithm::javaHash(const ShardingValue &value)
{
    if (value.type == KeyType::Integer) {
        const auto v = algo::parseJavaLong(QStringView(value.text).trimmed());
        if (!v)
            return std::nullopt;
        return hash::javaLongHashCode(*v);
    }
    return hash::javaStringHashCode(value.text);
}

std::optional<ResidueForm> HashModAlgorithm::residueForm() const
{
    if (!m_error.isEmpty())
        return std::nullopt;
    ResidueForm f;
    f.input = ResidueForm::Input::JavaHash;
    f.count = uint32_t(m_count);
    return f;
}

std::optional<uint64_t> HashModAlgorithm::residueInput(const ShardingValue &value) const
{
    const auto h = javaHash(value);
    if (!h)
        return std::nullopt;
    return uint64_t(*h < 0 ? -int64_t(*h) : int64_t(*h)); // (long) cast, then abs
}

AlgorithmResult HashModAlgorithm::evaluate(const QString &, const ShardingValue &value,
                                           const QStringList &availableTargets,
                                           const TargetNaming &naming) const
{
    if (!m_error.isEmpty())
        return algo::failure(m_error);
    const auto h = javaHash(value);
    if (!h)
        return algo::failure(QStringLiteral("HASH_MOD: Integer key '") + value.text
                             + QStringLiteral("' is not a 64-bit integer"));
    return algo::matchSuffix(type(), QString::number(remainderForHash(*h)), availableTargets, naming);
}

} // namespace sp
