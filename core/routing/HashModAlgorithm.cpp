#include "core/routing/HashModAlgorithm.h"

#include "core/routing/AlgorithmSupport.h"
#include "core/routing/Hash.h"

namespace sp {

HashModAlgorithm::HashModAlgorithm(const AlgorithmDef &def)
{
    m_form.input = ResidueForm::Input::JavaHash;
    m_form.count = uint32_t(algo::positiveIntProp(def, QStringLiteral("sharding-count"), true, 1, &m_error));
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

std::optional<uint64_t> HashModAlgorithm::input(const ShardingValue &value, QString *error) const
{
    const auto h = javaHash(value);
    if (!h) {
        *error = QStringLiteral("HASH_MOD: Integer key '") + value.text +
                 QStringLiteral("' is not a 64-bit integer");
        return std::nullopt;
    }
    return uint64_t(*h < 0 ? -int64_t(*h) : int64_t(*h)); // (long) cast, then abs
}

} // namespace sp
