#pragma once
#include <QString>

namespace sp {

// A sharding key as the application would pass it. The Java type matters for HASH_MOD and INLINE
// (String.hashCode versus Long.hashCode), so it is explicit; Auto means "a String unless an
// algorithm needs a number, then parse it" (MOD parses, HASH_MOD hashes the String).
enum class KeyType { Auto, String, Integer };

struct ShardingValue
{
    QString text;
    KeyType type = KeyType::Auto;
};

} // namespace sp
