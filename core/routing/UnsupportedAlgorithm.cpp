#include "core/routing/UnsupportedAlgorithm.h"

#include "core/routing/AlgorithmSupport.h"

namespace sp {

UnsupportedAlgorithm::UnsupportedAlgorithm(const AlgorithmDef &def)
    : m_type(def.type.toUpper())
{
    QString why;
    if (m_type == QLatin1String("CLASS_BASED"))
        why = QStringLiteral("custom Java class ") + def.props.value(QStringLiteral("algorithmClassName"));
    else if (m_type == QLatin1String("HINT_INLINE"))
        why = QStringLiteral("routes by hint values, not by column values");
    else if (m_type == QLatin1String("COMPLEX_INLINE"))
        why = QStringLiteral("needs several sharding columns");
    else if (m_type.endsWith(QLatin1String("INTERVAL")) || m_type.endsWith(QLatin1String("RANGE"))
             || m_type.startsWith(QLatin1String("COSID")))
        why = QStringLiteral("range or time based, not evaluated");
    else if (m_type.isEmpty())
        why = QStringLiteral("no type given");
    else
        why = QStringLiteral("unknown type");
    const QString supported = supportedAlgorithmTypes().join(QStringLiteral(", "));
    m_message = QStringLiteral("cannot evaluate ") + (m_type.isEmpty() ? QStringLiteral("<no type>") : m_type)
                + QStringLiteral(" (") + why.trimmed() + QStringLiteral("; evaluated types: ") + supported
                + QLatin1Char(')');
}

AlgorithmResult UnsupportedAlgorithm::evaluate(const QString &, const ShardingValue &,
                                               const QStringList &, const TargetNaming &) const
{
    return algo::failure(m_message, true);
}

} // namespace sp
