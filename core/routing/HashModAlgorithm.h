#pragma once
#include "core/routing/Algorithm.h"

#include <optional>

namespace sp {

// ShardingSphere HASH_MOD: abs((long) value.hashCode()) % sharding-count. String.hashCode for
// KeyType::String and Auto, Long.hashCode for KeyType::Integer.
class HashModAlgorithm final : public ShardingAlgorithm
{
public:
    explicit HashModAlgorithm(const AlgorithmDef &def);
    using ShardingAlgorithm::evaluate;

    QString type() const override { return QStringLiteral("HASH_MOD"); }
    AlgorithmResult evaluate(const QString &column, const ShardingValue &value,
                             const QStringList &availableTargets,
                             const TargetNaming &naming) const override;
    bool hasSqlEquivalent() const override { return false; }
    QString configurationError() const override { return m_error; }
    std::optional<ResidueForm> residueForm() const override;
    std::optional<uint64_t> residueInput(const ShardingValue &value) const override;

    int shardingCount() const { return m_count; }
    // The Java hashCode() of the value as ShardingSphere would see it; nullopt for an Integer key
    // that is not a number.
    static std::optional<int32_t> javaHash(const ShardingValue &value);
    uint32_t remainderForHash(int32_t hash) const
    {
        const int64_t a = hash < 0 ? -int64_t(hash) : int64_t(hash); // (long) cast, then abs
        return uint32_t(a % m_count);
    }

private:
    QString m_error;
    int m_count = 1;
};

} // namespace sp
