#include "core/routing/InlineAlgorithm.h"

#include "core/routing/AlgorithmSupport.h"

namespace sp {

InlineAlgorithm::InlineAlgorithm(const AlgorithmDef &def)
    : m_expression(def.props.value(QStringLiteral("algorithm-expression")))
{
    if (!def.props.contains(QStringLiteral("algorithm-expression"))
        || def.props.value(QStringLiteral("algorithm-expression")).trimmed().isEmpty()) {
        m_error = QStringLiteral("INLINE algorithm '") + def.name
                  + QStringLiteral("': property algorithm-expression is missing");
    } else if (!m_expression.isValid()) {
        m_error = QStringLiteral("INLINE algorithm '") + def.name + QStringLiteral("': ") + m_expression.error();
        m_unsupported = m_expression.isUnsupported();
    }
}

AlgorithmResult InlineAlgorithm::evaluate(const QString &column, const ShardingValue &value,
                                          const QStringList &availableTargets,
                                          const TargetNaming &naming) const
{
    if (!m_error.isEmpty())
        return algo::failure(m_error, m_unsupported);
    const GroovyExpression::Result r = m_expression.evaluate(column, value);
    if (!r.ok)
        return algo::failure(QStringLiteral("INLINE: ") + r.error, r.unsupported);
    AlgorithmResult out;
    // ShardingSphere compares actual table names case-insensitively (an exact match first).
    int at = -1;
    if (naming.index && naming.index->indexes(availableTargets)) {
        at = naming.index->indexOf(r.text);
        if (at < 0)
            at = naming.index->indexOfIgnoringCase(r.text);
    } else {
        at = int(availableTargets.indexOf(r.text));
        for (int i = 0; at < 0 && i < availableTargets.size(); ++i)
            if (availableTargets.at(i).compare(r.text, Qt::CaseInsensitive) == 0)
                at = i;
    }
    if (at >= 0) {
        out.ok = true;
        out.target = availableTargets.at(at);
        return out;
    }
    out.error = QStringLiteral("INLINE expression evaluates to ") + r.text
                + QStringLiteral(" which is not a data node (targets: ")
                + algo::joinTargets(availableTargets) + QLatin1Char(')');
    return out;
}

} // namespace sp
