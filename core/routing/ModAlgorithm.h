#pragma once
#include "core/routing/Algorithm.h"
#include "core/routing/AlgorithmDefaults.h"

namespace sp {

// ShardingSphere MOD: new BigInteger(value).mod(sharding-count) (never negative), optional
// start-offset / stop-offset (substring of the value before parsing) and zero-padding.
class ModAlgorithm final : public ShardingAlgorithm
{
public:
    explicit ModAlgorithm(const AlgorithmDef &def);
    using ShardingAlgorithm::evaluate;

    QString type() const override { return QStringLiteral("MOD"); }
    AlgorithmResult evaluate(const QString &column, const ShardingValue &value,
                             const QStringList &availableTargets,
                             const TargetNaming &naming) const override;
    bool hasSqlEquivalent() const override { return true; }
    QString configurationError() const override { return m_error; }
    std::optional<ResidueForm> residueForm() const override;
    std::optional<uint64_t> residueInput(const ShardingValue &value) const override;
    // The suffix text for a remainder (zero-padded when configured).
    QString suffixFor(uint32_t remainder) const override;

    int shardingCount() const { return m_count; }
    int startOffset() const { return m_startOffset; }
    int stopOffset() const { return m_stopOffset; }
    bool zeroPadding() const { return m_zeroPadding; }
    // The remainder for a value, or an error message.
    bool remainder(QStringView value, uint32_t *result, QString *error) const;

private:
    QString m_error;
    int m_count = 1;
    int m_startOffset = defaults::kStartOffset;
    int m_stopOffset = defaults::kStopOffset;
    bool m_zeroPadding = defaults::kZeroPadding;
    int m_paddingSize = 1;
};

} // namespace sp
