#pragma once
#include "core/routing/Algorithm.h"
#include "core/routing/HashRing.h"

#include <QByteArrayView>

#include <memory>
#include <vector>

namespace sp {

// Per-key hashes a routeIndex() call computes at most once, shared by both levels.
struct KeyHashes
{
    QByteArrayView utf8;
    int ascii = -1; // -1 unknown, 0 no, 1 yes (checked only when an algorithm needs it)
    bool haveCrc = false;
    uint32_t crc = 0;
    bool haveJava = false;
    int32_t java = 0;
};

// One routing decision (database or table) over a fixed, ordered list of targets, precompiled
// from a strategy. Internal to Router.
class RouteLevel final
{
public:
    enum class Kind { Single, Evaluate, Error, CannotEvaluate };

    static RouteLevel single();
    static RouteLevel error(const QString &message, bool cannotEvaluate);
    // `algorithm` is shared by every level using it and outlives the level.
    static RouteLevel evaluate(const ShardingAlgorithm *algorithm, const QString &column,
                               const QStringList &targets, const TargetNaming &naming);

    Kind kind() const { return m_kind; }
    const QString &errorMessage() const { return m_error; }
    const QString &column() const { return m_column; }

    // Target position for a key, or -1 with `out` filled (error, cannotEvaluate, ambiguous).
    int pick(const ShardingValue &key, QString *error, bool *cannotEvaluate, QStringList *ambiguous) const;
    // Allocation-free fast path: target position, -1 when the key routes nowhere, -2 when the
    // slow path must decide (no fast form for this algorithm or this key).
    int pickFast(KeyHashes &key) const;

    // The CRC32_MOD fast path on its own, for tables where both levels are CRC32_MOD.
    bool isCrc32Mod() const { return m_kind == Kind::Evaluate && m_fast == Fast::Crc32Mod; }
    uint32_t crc32ModRemainder(uint32_t crc) const
    {
        const uint32_t q = m_divisorShift >= 0 ? crc >> m_divisorShift : crc / m_divisor;
        return m_countIsPowerOfTwo ? (q & m_countMask) : (q % m_count);
    }
    int pickCrc32Mod(uint32_t crc) const { return m_remainderToTarget[crc32ModRemainder(crc)]; }
    uint32_t remainderCount() const { return m_count; }
    uint32_t divisor() const { return m_divisor; }
    int targetForRemainder(uint32_t r) const { return m_remainderToTarget[r]; }

private:
    enum class Fast { None, Crc32Mod, Mod, HashMod, Ring };

    Kind m_kind = Kind::Error;
    QString m_error;
    bool m_cannotEvaluate = false;
    const ShardingAlgorithm *m_algorithm = nullptr;
    QString m_column;
    QStringList m_targets;
    TargetNaming m_naming;

    Fast m_fast = Fast::None;
    uint32_t m_count = 0;
    uint32_t m_divisor = 1;
    // Powers of two (the usual counts) avoid hardware division on the fast path.
    int m_divisorShift = -1;
    uint32_t m_countMask = 0;
    bool m_countIsPowerOfTwo = false;
    std::vector<int> m_remainderToTarget; // -1 when that remainder names no target
    std::shared_ptr<HashRing> m_ring;
};

} // namespace sp
