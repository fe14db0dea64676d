#pragma once
#include "core/config/ShardingConfig.h"
#include "core/routing/ShardingValue.h"
#include "core/routing/TargetIndex.h"

#include <QStringList>

#include <memory>
#include <optional>

namespace sp {

// Result of evaluating one sharding algorithm against the available target names
// (data source names for a database strategy, actual table names for a table strategy).
struct AlgorithmResult
{
    bool ok = false;
    QString target;         // the chosen target name
    QString error;          // why it could not be evaluated / matched
    QStringList ambiguous;  // more than one target matched (ShardingSphere's suffix match)
    bool cannotEvaluate = false; // algorithm type we do not evaluate (CLASS_BASED, AUTO_INTERVAL, ...)
};

// ShardingSphere's DataNodeInfo (5.1.1 and later): how MOD / HASH_MOD (and our CRC32_MOD) turn a
// numeric suffix into a target name. The prefix is the first target's name without its trailing
// digits (for tables: the logic table name plus the rest without trailing digits, when the name
// starts with the logic table name); the suffix is left-padded with '0' to the shortest suffix
// length found among all targets, and the target must then exist exactly.
struct TargetNaming
{
    QString prefix;
    int suffixMinLength = 1;
    // Optional: lookups over the target list evaluate() is given (a route level sets it for its
    // own targets), so a key is matched without scanning the list. Ignored for any other list.
    std::shared_ptr<const TargetIndex> index;
    // Fill AlgorithmResult::ambiguous (the targets ShardingSphere 5.0 would have matched). Off
    // where nobody reads it: with 80k targets a suffix such as "1" ends thousands of names.
    bool listAmbiguous = true;

    static TargetNaming fromTargets(const QStringList &targets, const QString &logicTable = QString());
    QString targetFor(const QString &suffix) const;
};

// The closed form of a modulo algorithm (MOD, HASH_MOD, our CRC32_MOD): a number x computed from
// the key, residue = (x DIV divisor) % count, and the residue's suffix names the target. The
// planner and the linter reason over residues with it instead of routing keys one by one.
struct ResidueForm
{
    enum class Input
    {
        Crc32,   // CRC32 of the UTF-8 bytes
        Value,   // the key's integer value (MOD), after dropping startOffset/stopOffset characters
        JavaHash // abs((long) hashCode()) (HASH_MOD)
    };
    Input input = Input::Crc32;
    uint32_t divisor = 1;
    uint32_t count = 1;
    int startOffset = 0;
    int stopOffset = 0;

    // Keys with the same input give the same x (same function of the key, whatever the count).
    bool sameInput(const ResidueForm &o) const
    {
        return input == o.input && startOffset == o.startOffset && stopOffset == o.stopOffset;
    }
    friend bool operator==(const ResidueForm &a, const ResidueForm &b)
    {
        return a.sameInput(b) && a.divisor == b.divisor && a.count == b.count;
    }
};

class ShardingAlgorithm
{
public:
    virtual ~ShardingAlgorithm() = default;
    virtual QString type() const = 0;
    // `column` is the sharding column name (INLINE expressions refer to it). Derives the target
    // naming from `availableTargets`; the router passes the naming ShardingSphere derives from all
    // data nodes of the table instead.
    AlgorithmResult evaluate(const QString &column, const ShardingValue &value,
                             const QStringList &availableTargets) const
    {
        return evaluate(column, value, availableTargets, TargetNaming::fromTargets(availableTargets));
    }
    virtual AlgorithmResult evaluate(const QString &column, const ShardingValue &value,
                                     const QStringList &availableTargets,
                                     const TargetNaming &naming) const = 0;
    // Non-empty when the props are invalid (e.g. "sharding-count is missing"); evaluate() then
    // always fails with this message.
    virtual QString configurationError() const { return QString(); }
    // SQL predicate equivalent of "this row routes to target index i"? Empty when none exists
    // (HASH_MOD: Java hashCode has no SQL equivalent). Used by the linter and the planner.
    virtual bool hasSqlEquivalent() const = 0;

    // The residue form of a modulo algorithm without configuration error; nullopt otherwise.
    virtual std::optional<ResidueForm> residueForm() const { return std::nullopt; }
    // x of a key for residueForm(), reduced modulo count x divisor for Value (enough to find the
    // residue; the value itself may have any number of digits); nullopt when the key cannot be
    // routed (not a number, too short for the offsets).
    virtual std::optional<uint64_t> residueInput(const ShardingValue &) const { return std::nullopt; }
    // The target suffix of a residue (zero-padded where the algorithm says so).
    virtual QString suffixFor(uint32_t residue) const { return QString::number(residue); }
};

// Creates the evaluator for a configured algorithm. Never returns null: unknown or unsupported
// types yield an evaluator whose results say "cannot evaluate".
std::unique_ptr<ShardingAlgorithm> createAlgorithm(const AlgorithmDef &def);

// The types we evaluate exactly.
QStringList supportedAlgorithmTypes();

} // namespace sp
