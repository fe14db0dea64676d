#pragma once
#include "core/config/ShardingConfig.h"
#include "core/routing/ShardingValue.h"

#include <QStringList>

#include <memory>

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

class ShardingAlgorithm
{
public:
    virtual ~ShardingAlgorithm() = default;
    virtual QString type() const = 0;
    // `column` is the sharding column name (INLINE expressions refer to it).
    virtual AlgorithmResult evaluate(const QString &column, const ShardingValue &value,
                                     const QStringList &availableTargets) const = 0;
    // SQL predicate equivalent of "this row routes to target index i"? Empty when none exists
    // (HASH_MOD: Java hashCode has no SQL equivalent). Used by the linter and the planner.
    virtual bool hasSqlEquivalent() const = 0;
};

// Creates the evaluator for a configured algorithm. Never returns null: unknown or unsupported
// types yield an evaluator whose results say "cannot evaluate".
std::unique_ptr<ShardingAlgorithm> createAlgorithm(const AlgorithmDef &def);

// The types we evaluate exactly.
QStringList supportedAlgorithmTypes();

} // namespace sp
