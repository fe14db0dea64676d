#include "core/analysis/KeySampler.h"

#include <QString>

namespace sp {

uint64_t KeySampler::nextRandom()
{
    uint64_t z = (m_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

ShardingValue KeySampler::next(Kind kind)
{
    return kind == Kind::Integer ? nextInteger() : nextString();
}

ShardingValue KeySampler::nextInteger()
{
    const uint64_t r = nextRandom();
    qint64 v = 0;
    switch (r % 3) {
    case 0: // auto-increment style
        v = qint64((r >> 8) % 10000000ULL);
        break;
    case 1: // 32-bit range
        v = qint64((r >> 8) & 0x7fffffffULL);
        break;
    default: // snowflake-sized, positive 63-bit
        v = qint64((r >> 1) & 0x7fffffffffffffffULL);
        break;
    }
    return ShardingValue{QString::number(v), KeyType::Integer};
}

ShardingValue KeySampler::nextString()
{
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-";
    static const char16_t cjk[] = u"飞享用户群组消息会话频道";
    const uint64_t r = nextRandom();
    QString s;
    switch (r % 4) {
    case 0: { // uuid-like
        const uint64_t a = nextRandom(), b = nextRandom();
        s = QString::asprintf("%08llx-%04llx-%04llx-%04llx-%012llx", (unsigned long long)(a >> 32),
                              (unsigned long long)((a >> 16) & 0xffff), (unsigned long long)(a & 0xffff),
                              (unsigned long long)(b >> 48), (unsigned long long)(b & 0xffffffffffffULL));
        break;
    }
    case 1: { // names with non-ASCII characters
        const int len = 2 + int((r >> 8) % 6);
        for (int i = 0; i < len; ++i) {
            const uint64_t x = nextRandom();
            if (x % 3 == 0)
                s += QChar(cjk[(x >> 8) % (sizeof(cjk) / sizeof(cjk[0]) - 1)]);
            else
                s += QLatin1Char(alphabet[(x >> 8) % (sizeof(alphabet) - 1)]);
        }
        break;
    }
    default: { // alphanumeric ids of 4..24 characters
        const int len = 4 + int((r >> 8) % 21);
        for (int i = 0; i < len; ++i)
            s += QLatin1Char(alphabet[nextRandom() % (sizeof(alphabet) - 1)]);
        break;
    }
    }
    return ShardingValue{s, KeyType::String};
}

} // namespace sp
