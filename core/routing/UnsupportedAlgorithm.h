#pragma once
#include "core/routing/Algorithm.h"

namespace sp {

// Any algorithm type we do not evaluate (CLASS_BASED, AUTO_INTERVAL, VOLUME_RANGE, INTERVAL,
// COSID_*, HINT_INLINE, COMPLEX_INLINE, unknown names): every evaluation says so.
class UnsupportedAlgorithm final : public ShardingAlgorithm
{
public:
    explicit UnsupportedAlgorithm(const AlgorithmDef &def);
    using ShardingAlgorithm::evaluate;

    QString type() const override { return m_type; }
    AlgorithmResult evaluate(const QString &column, const ShardingValue &value,
                             const QStringList &availableTargets,
                             const TargetNaming &naming) const override;
    bool hasSqlEquivalent() const override { return false; }

private:
    QString m_type;
    QString m_message;
};

} // namespace sp
