#pragma once
#include "core/routing/ModuloAlgorithm.h"

#include <optional>

namespace sp {

// ShardingSphere HASH_MOD: abs((long) value.hashCode()) % sharding-count. String.hashCode for
// KeyType::String and Auto, Long.hashCode for KeyType::Integer.
class HashModAlgorithm final : public ModuloAlgorithm
{
public:
    explicit HashModAlgorithm(const AlgorithmDef &def);

    QString type() const override { return QStringLiteral("HASH_MOD"); }
    bool hasSqlEquivalent() const override { return false; }

    // The Java hashCode() of the value as ShardingSphere would see it; nullopt for an Integer key
    // that is not a number.
    static std::optional<int32_t> javaHash(const ShardingValue &value);

private:
    std::optional<uint64_t> input(const ShardingValue &value, QString *error) const override;
};

} // namespace sp
