#pragma once
#include <QByteArrayView>
#include <QStringView>

#include <cstdint>

namespace sp::hash {

// zlib CRC-32 (IEEE) of the bytes; equals MariaDB CRC32(col) on a utf8mb4 column of the UTF-8 bytes.
uint32_t crc32(QByteArrayView bytes);
uint32_t crc32(QStringView text); // over the UTF-8 encoding

// java.lang.String.hashCode(): s[0]*31^(n-1) + ... over UTF-16 code units, 32-bit wrap-around.
int32_t javaStringHashCode(QStringView text);
// java.lang.Long.hashCode(): (int)(value ^ (value >>> 32)).
int32_t javaLongHashCode(int64_t value);
// java.lang.Integer.hashCode(): the value itself.
inline int32_t javaIntegerHashCode(int32_t value) { return value; }

} // namespace sp::hash
