#pragma once
#include "core/routing/Algorithm.h"

namespace sp {

// MOD, HASH_MOD and CRC32_MOD: a number x computed from the key, residue = (x DIV divisor) % count,
// and the residue's suffix names the target (ShardingSphere's suffix rule). evaluate() is that
// closed form itself, so the router's exact path and the planner's enumeration cannot drift.
class ModuloAlgorithm : public ShardingAlgorithm
{
public:
    using ShardingAlgorithm::evaluate;
    AlgorithmResult evaluate(const QString &column, const ShardingValue &value,
                             const QStringList &availableTargets, const TargetNaming &naming) const final;
    QString configurationError() const final { return m_error; }
    std::optional<ResidueForm> residueForm() const final;
    std::optional<uint64_t> residueInput(const ShardingValue &value) const final;

protected:
    // x of a key, or nullopt with the reason evaluate() reports.
    virtual std::optional<uint64_t> input(const ShardingValue &value, QString *error) const = 0;

    QString m_error; // set by the constructor when the props are invalid
    ResidueForm m_form;
};

} // namespace sp
