#pragma once
#include "core/routing/ShardingValue.h"

#include <cstdint>

namespace sp {

// Deterministic pseudo-random sharding keys shaped like real ones: integers (small auto-increment
// ids, snowflake-sized ids) and strings (user ids, uuids, names with non-ASCII characters). The same
// seed always yields the same sequence, so lint results and previews are reproducible.
class KeySampler final
{
public:
    enum class Kind
    {
        Integer,
        String
    };

    explicit KeySampler(uint64_t seed = 0x5eed5eedULL) : m_state(seed) {}

    ShardingValue next(Kind kind);
    ShardingValue nextInteger();
    ShardingValue nextString();

private:
    uint64_t nextRandom(); // splitmix64
    uint64_t m_state;
};

} // namespace sp
