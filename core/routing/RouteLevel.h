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
    KeyType type = KeyType::Auto; // as ShardingValue::type (HASH_MOD hashes an Integer key as a Java long)
    int ascii = -1; // -1 unknown, 0 no, 1 yes (checked only when an algorithm needs it)
    bool haveCrc = false;
    uint32_t crc = 0;
    bool haveJava = false;
    int32_t java = 0;
};

// One routing decision (database, or table within one data source) over a fixed, ordered list of
// targets, compiled once from a strategy. The router picks targets for keys with it; the planner,
// the linter and the migration engine reason over its closed form (form()) instead of keys, so all
// of them route exactly alike.
class RouteLevel final
{
public:
    enum class Kind { Single, Evaluate, Error, CannotEvaluate };
    // How an Evaluate level maps a number x computed from the key (inputOf()) to a target:
    //   Residue: (x DIV divisor) % count -> targetForResidue(); x as residue().input says.
    //   Ring:    the owner of CRC32 x on ring().
    //   None:    no closed form (INLINE, a configuration error, a count too large to tabulate).
    enum class Form
    {
        None,
        Residue,
        Ring
    };

    static RouteLevel single(const QStringList &targets);
    static RouteLevel error(const QString &message, bool cannotEvaluate);
    static RouteLevel evaluate(std::shared_ptr<const ShardingAlgorithm> algorithm,
                               const QString &algorithmName, const QString &column,
                               const QStringList &targets, const TargetNaming &naming);

    Kind kind() const { return m_kind; }
    Form form() const { return m_form; }
    const QString &errorMessage() const { return m_error; }
    const QString &column() const { return m_column; }
    const QStringList &targets() const { return m_targets; }
    const QString &algorithmName() const { return m_algorithmName; }
    QString algorithmType() const { return m_algorithm ? m_algorithm->type() : QString(); }

    // Key by key. Target position for a key, or -1 with `out` filled (error, cannotEvaluate,
    // ambiguous; `ambiguous` may be null: then it is not worked out).
    int pick(const ShardingValue &key, QString *error, bool *cannotEvaluate, QStringList *ambiguous) const;
    // Allocation-free fast path: target position, -1 when the key routes nowhere, -2 when the
    // slow path must decide (no fast form for this algorithm or this key).
    int pickFast(KeyHashes &key) const;

    // Closed form. A Single level always picks target 0 (-1 without targets).
    bool hasClosedForm() const { return m_kind == Kind::Single || m_form != Form::None; }
    const ResidueForm &residue() const { return m_residue; } // Form::Residue
    uint32_t remainderCount() const { return m_residue.count; }
    uint32_t divisor() const { return m_residue.divisor; }
    int targetForRemainder(uint32_t r) const
    {
        return r < m_remainderToTarget.size() ? m_remainderToTarget[r] : -1;
    }
    // The smallest remainder that picks target position t, -1 when none does.
    qint64 remainderForTarget(int t) const
    {
        return t >= 0 && size_t(t) < m_targetToRemainder.size() ? m_targetToRemainder[size_t(t)] : -1;
    }
    const HashRing *ring() const { return m_ring.get(); } // Form::Ring
    int virtualNodes() const { return m_ring ? m_ring->virtualNodes() : 0; }
    // Target position for x (see Form), -1 when it routes nowhere or there is no closed form.
    int targetForInput(quint64 x) const;
    // x of a key for this level (Value: reduced modulo count); nullopt when the key cannot be
    // routed or the level has no closed form.
    std::optional<quint64> inputOf(const ShardingValue &key) const;
    // The closed forms of both levels read the same x from a key: same column and same input
    // (a ring reads CRC32). False when either has no closed form or is Single.
    bool sameInput(const RouteLevel &o) const;
    // Single, ring, or residue over CRC32 or the plain value: a SQL predicate can state it.
    bool sqlCapable() const;
    // Same decision over the same target names.
    bool sameFunction(const RouteLevel &o) const;

    // The CRC32_MOD fast path on its own, for tables where both levels are CRC32_MOD.
    bool isCrc32Mod() const { return m_fast == Fast::Crc32Mod; }
    uint32_t crc32ModRemainder(uint32_t crc) const
    {
        const uint32_t q = m_divisorShift >= 0 ? crc >> m_divisorShift : crc / m_residue.divisor;
        return m_countIsPowerOfTwo ? (q & m_countMask) : (q % m_residue.count);
    }
    int pickCrc32Mod(uint32_t crc) const { return m_remainderToTarget[crc32ModRemainder(crc)]; }

private:
    enum class Fast { None, Crc32Mod, Mod, HashMod, Ring };
    void compileResidue(const ResidueForm &f);
    int pickFastMod(QByteArrayView v) const;
    int position(const QString &target) const; // in m_targets, -1 when absent

    Kind m_kind = Kind::Error;
    Form m_form = Form::None;
    QString m_error;
    bool m_cannotEvaluate = false;
    std::shared_ptr<const ShardingAlgorithm> m_algorithm;
    QString m_algorithmName;
    QString m_column;
    QStringList m_targets;
    TargetNaming m_naming;
    TargetNaming m_quietNaming; // m_naming without the ambiguous candidates

    Fast m_fast = Fast::None;
    ResidueForm m_residue;
    // Powers of two (the usual counts) avoid hardware division on the fast path.
    int m_divisorShift = -1;
    uint32_t m_countMask = 0;
    bool m_countIsPowerOfTwo = false;
    std::vector<int> m_remainderToTarget; // -1 when that remainder names no target
    std::vector<qint64> m_targetToRemainder; // first remainder per target position, -1 for none
    std::shared_ptr<HashRing> m_ring;
};

} // namespace sp
