#pragma once
#include <QtGlobal>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

// Slicing-by-8 CRC-32 (IEEE, reflected 0xEDB88320), bit-identical to zlib crc32(). Inline so the
// router's hot path hashes short keys without a library call; long input goes to zlib.
namespace sp::hash::detail {

struct Crc32Tables
{
    uint32_t t[8][256];
};

constexpr Crc32Tables makeCrc32Tables()
{
    Crc32Tables r{};
    for (uint32_t i = 0; i < 256; ++i) {
        uint32_t c = i;
        for (int k = 0; k < 8; ++k)
            c = (c & 1u) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        r.t[0][i] = c;
    }
    for (int s = 1; s < 8; ++s)
        for (uint32_t i = 0; i < 256; ++i)
            r.t[s][i] = (r.t[s - 1][i] >> 8) ^ r.t[0][r.t[s - 1][i] & 0xFFu];
    return r;
}

inline constexpr Crc32Tables kCrc32Tables = makeCrc32Tables();

inline uint32_t crc32Sliced(const unsigned char *p, size_t n)
{
    const auto &t = kCrc32Tables.t;
    uint32_t c = 0xFFFFFFFFu;
#if Q_BYTE_ORDER == Q_LITTLE_ENDIAN
    while (n >= 8) {
        uint32_t a, b;
        std::memcpy(&a, p, 4);
        std::memcpy(&b, p + 4, 4);
        a ^= c;
        c = t[7][a & 0xFFu] ^ t[6][(a >> 8) & 0xFFu] ^ t[5][(a >> 16) & 0xFFu] ^ t[4][a >> 24]
            ^ t[3][b & 0xFFu] ^ t[2][(b >> 8) & 0xFFu] ^ t[1][(b >> 16) & 0xFFu] ^ t[0][b >> 24];
        p += 8;
        n -= 8;
    }
#endif
    while (n--)
        c = t[0][(c ^ *p++) & 0xFFu] ^ (c >> 8);
    return ~c;
}

} // namespace sp::hash::detail
