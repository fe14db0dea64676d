#pragma once
#include "core/routing/Algorithm.h"
#include "core/routing/GroovyExpression.h"

namespace sp {

// ShardingSphere INLINE: `algorithm-expression` is a Groovy GString whose value is the target
// name itself (see GroovyExpression for the subset evaluated).
class InlineAlgorithm final : public ShardingAlgorithm
{
public:
    explicit InlineAlgorithm(const AlgorithmDef &def);
    using ShardingAlgorithm::evaluate;

    QString type() const override { return QStringLiteral("INLINE"); }
    AlgorithmResult evaluate(const QString &column, const ShardingValue &value,
                             const QStringList &availableTargets,
                             const TargetNaming &naming) const override;
    bool hasSqlEquivalent() const override { return false; }
    QString configurationError() const override { return m_error; }

    const GroovyExpression &expression() const { return m_expression; }

private:
    QString m_error;
    bool m_unsupported = false;
    GroovyExpression m_expression;
};

} // namespace sp
