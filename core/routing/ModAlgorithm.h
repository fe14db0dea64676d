#pragma once
#include "core/routing/AlgorithmDefaults.h"
#include "core/routing/ModuloAlgorithm.h"

namespace sp {

// ShardingSphere MOD: new BigInteger(value).mod(sharding-count) (never negative), optional
// start-offset / stop-offset (substring of the value before parsing) and zero-padding.
class ModAlgorithm final : public ModuloAlgorithm
{
public:
    explicit ModAlgorithm(const AlgorithmDef &def);

    QString type() const override { return QStringLiteral("MOD"); }
    bool hasSqlEquivalent() const override { return true; }
    // The suffix text for a remainder (zero-padded when configured).
    QString suffixFor(uint32_t remainder) const override;

private:
    // The remainder of the value (x reduced modulo sharding-count).
    std::optional<uint64_t> input(const ShardingValue &value, QString *error) const override;

    bool m_zeroPadding = defaults::kZeroPadding;
    int m_paddingSize = 1;
};

} // namespace sp
