#include "core/routing/RouteLevel.h"

#include "core/routing/ConsistentHashAlgorithm.h"
#include "core/routing/Crc32ModAlgorithm.h"
#include "core/routing/Hash.h"
#include "core/routing/HashModAlgorithm.h"
#include "core/routing/ModAlgorithm.h"

namespace sp {

namespace {
constexpr uint32_t MaxPrecomputed = 1u << 16; // larger counts route through the slow path

void ensureCrc(KeyHashes &k)
{
    if (!k.haveCrc) {
        k.crc = hash::crc32(k.utf8);
        k.haveCrc = true;
    }
}
} // namespace

RouteLevel RouteLevel::single()
{
    RouteLevel l;
    l.m_kind = Kind::Single;
    return l;
}

RouteLevel RouteLevel::error(const QString &message, bool cannotEvaluate)
{
    RouteLevel l;
    l.m_kind = cannotEvaluate ? Kind::CannotEvaluate : Kind::Error;
    l.m_error = message;
    l.m_cannotEvaluate = cannotEvaluate;
    return l;
}

RouteLevel RouteLevel::evaluate(const ShardingAlgorithm *algorithm, const QString &column,
                                const QStringList &targets, const TargetNaming &naming)
{
    RouteLevel l;
    l.m_kind = Kind::Evaluate;
    l.m_algorithm = algorithm;
    l.m_column = column;
    l.m_targets = targets;
    l.m_naming = naming;

    auto precompute = [&](uint32_t count, auto suffixFor) {
        if (count > MaxPrecomputed)
            return false;
        l.m_count = count;
        l.m_remainderToTarget.assign(count, -1);
        for (uint32_t r = 0; r < count; ++r)
            l.m_remainderToTarget[r] = int(targets.indexOf(naming.targetFor(suffixFor(r))));
        return true;
    };
    auto plain = [](uint32_t r) { return QString::number(r); };
    if (!algorithm->configurationError().isEmpty())
        return l; // evaluate() reports the error on the slow path
    auto setPowers = [&l] {
        if (l.m_count != 0 && (l.m_count & (l.m_count - 1)) == 0) {
            l.m_countIsPowerOfTwo = true;
            l.m_countMask = l.m_count - 1;
        }
        if ((l.m_divisor & (l.m_divisor - 1)) == 0)
            for (int s = 0; s < 32; ++s)
                if ((1u << s) == l.m_divisor)
                    l.m_divisorShift = s;
    };
    if (const auto *a = dynamic_cast<const Crc32ModAlgorithm *>(algorithm)) {
        l.m_divisor = a->divisor();
        if (precompute(a->shardingCount(), plain))
            l.m_fast = Fast::Crc32Mod;
        setPowers();
    } else if (const auto *a = dynamic_cast<const HashModAlgorithm *>(algorithm)) {
        if (precompute(uint32_t(a->shardingCount()), plain))
            l.m_fast = Fast::HashMod;
    } else if (const auto *a = dynamic_cast<const ModAlgorithm *>(algorithm)) {
        if (a->startOffset() == 0 && a->stopOffset() == 0
            && precompute(uint32_t(a->shardingCount()), [a](uint32_t r) { return a->suffixFor(r); }))
            l.m_fast = Fast::Mod;
    } else if (const auto *a = dynamic_cast<const ConsistentHashAlgorithm *>(algorithm)) {
        if (!targets.isEmpty()) {
            l.m_ring = std::make_shared<HashRing>(targets, a->virtualNodes());
            if (l.m_ring->nodes() == targets) // ring node index == target position
                l.m_fast = Fast::Ring;
        }
    }
    return l;
}

int RouteLevel::pick(const ShardingValue &key, QString *error, bool *cannotEvaluate,
                     QStringList *ambiguous) const
{
    switch (m_kind) {
    case Kind::Single:
        return 0;
    case Kind::Error:
    case Kind::CannotEvaluate:
        *error = m_error;
        *cannotEvaluate = m_cannotEvaluate;
        return -1;
    case Kind::Evaluate:
        break;
    }
    const AlgorithmResult r = m_algorithm->evaluate(m_column, key, m_targets, m_naming);
    if (!r.ambiguous.isEmpty())
        *ambiguous = r.ambiguous;
    if (!r.ok) {
        *error = r.error;
        *cannotEvaluate = r.cannotEvaluate;
        return -1;
    }
    const int idx = int(m_targets.indexOf(r.target));
    if (idx < 0)
        *error = QStringLiteral("algorithm chose ") + r.target + QStringLiteral(" which is not a target");
    return idx;
}

int RouteLevel::pickFast(KeyHashes &key) const
{
    switch (m_kind) {
    case Kind::Single:
        return 0;
    case Kind::Error:
    case Kind::CannotEvaluate:
        return -1;
    case Kind::Evaluate:
        break;
    }
    switch (m_fast) {
    case Fast::Crc32Mod:
        ensureCrc(key);
        return pickCrc32Mod(key.crc);
    case Fast::Ring: {
        ensureCrc(key);
        return m_ring->nodeIndexForHash(key.crc);
    }
    case Fast::HashMod: {
        if (!key.haveJava) {
            if (key.ascii < 0) {
                key.ascii = 1;
                for (const char c : key.utf8)
                    if (uint8_t(c) >= 0x80)
                        key.ascii = 0;
            }
            if (key.ascii == 0)
                return -2; // String.hashCode is over UTF-16; let the slow path decode
            uint32_t h = 0;
            for (const char c : key.utf8)
                h = 31u * h + uint32_t(uint8_t(c));
            key.java = int32_t(h);
            key.haveJava = true;
        }
        const int64_t a = key.java < 0 ? -int64_t(key.java) : int64_t(key.java);
        return m_remainderToTarget[size_t(a % m_count)];
    }
    case Fast::Mod: {
        // new BigInteger(value).mod(count) over the ASCII digits.
        const QByteArrayView v = key.utf8;
        qsizetype i = 0;
        bool negative = false;
        if (!v.isEmpty() && (v[0] == '-' || v[0] == '+')) {
            negative = v[0] == '-';
            i = 1;
        }
        if (i == v.size())
            return -2;
        uint64_t r = 0;
        for (; i < v.size(); ++i) {
            const char c = v[i];
            if (c < '0' || c > '9')
                return -2; // not a number: the slow path words the error
            r = (r * 10u + uint64_t(c - '0')) % m_count;
        }
        if (negative && r != 0)
            r = m_count - r;
        return m_remainderToTarget[size_t(r)];
    }
    case Fast::None:
        break;
    }
    return -2;
}

} // namespace sp
