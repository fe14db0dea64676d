#include "core/routing/Hash.h"

#include <QByteArray>

#include <zlib.h>

namespace sp::hash {

uint32_t crc32(QByteArrayView bytes)
{
    const auto *p = reinterpret_cast<const Bytef *>(bytes.data());
    if (bytes.size() <= qsizetype(0x40000000)) // the common case: one call (crc32 of nothing is 0)
        return uint32_t(::crc32(0L, p, uInt(bytes.size())));
    // zlib takes a uInt length; feed very large inputs in chunks.
    uLong crc = 0;
    qsizetype left = bytes.size();
    while (left > 0) {
        const uInt chunk = left > qsizetype(0x40000000) ? uInt(0x40000000) : uInt(left);
        crc = ::crc32(crc, p, chunk);
        p += chunk;
        left -= chunk;
    }
    return uint32_t(crc);
}

uint32_t crc32(QStringView text)
{
    const QByteArray utf8 = text.toUtf8();
    return crc32(QByteArrayView(utf8));
}

int32_t javaStringHashCode(QStringView text)
{
    uint32_t h = 0; // unsigned: wrap-around is defined
    for (const QChar c : text)
        h = 31u * h + uint32_t(c.unicode());
    return int32_t(h);
}

int32_t javaLongHashCode(int64_t value)
{
    const uint64_t u = uint64_t(value);
    return int32_t(uint32_t(u ^ (u >> 32)));
}

} // namespace sp::hash
