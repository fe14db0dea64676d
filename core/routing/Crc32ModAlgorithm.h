#pragma once
#include "core/routing/ModuloAlgorithm.h"

namespace sp {

// Our extension: (CRC32(utf8(value)) / divisor) % sharding-count, unsigned 32-bit arithmetic;
// the SQL equivalent is (CRC32(col) DIV divisor) % count on a utf8mb4 column.
class Crc32ModAlgorithm final : public ModuloAlgorithm
{
public:
    explicit Crc32ModAlgorithm(const AlgorithmDef &def);

    QString type() const override { return QStringLiteral("CRC32_MOD"); }
    bool hasSqlEquivalent() const override { return true; }

private:
    std::optional<uint64_t> input(const ShardingValue &value, QString *error) const override;
};

} // namespace sp
