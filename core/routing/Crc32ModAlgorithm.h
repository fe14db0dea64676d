#pragma once
#include "core/routing/Algorithm.h"
#include "core/routing/AlgorithmDefaults.h"

namespace sp {

// Our extension: (CRC32(utf8(value)) / divisor) % sharding-count, unsigned 32-bit arithmetic;
// the SQL equivalent is (CRC32(col) DIV divisor) % count on a utf8mb4 column.
class Crc32ModAlgorithm final : public ShardingAlgorithm
{
public:
    explicit Crc32ModAlgorithm(const AlgorithmDef &def);
    using ShardingAlgorithm::evaluate;

    QString type() const override { return QStringLiteral("CRC32_MOD"); }
    AlgorithmResult evaluate(const QString &column, const ShardingValue &value,
                             const QStringList &availableTargets,
                             const TargetNaming &naming) const override;
    bool hasSqlEquivalent() const override { return true; }
    QString configurationError() const override { return m_error; }
    std::optional<ResidueForm> residueForm() const override;
    std::optional<uint64_t> residueInput(const ShardingValue &value) const override;

    uint32_t shardingCount() const { return m_count; }
    uint32_t divisor() const { return m_divisor; }
    uint32_t indexForCrc(uint32_t crc) const { return (crc / m_divisor) % m_count; }

private:
    QString m_error;
    uint32_t m_count = 1;
    uint32_t m_divisor = defaults::kDivisor;
};

} // namespace sp
