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
    bool ascii = false;
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
    std::vector<int> m_remainderToTarget; // -1 when that remainder names no target
    std::shared_ptr<HashRing> m_ring;
};

} // namespace sp
