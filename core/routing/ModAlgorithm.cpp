#include "core/routing/ModAlgorithm.h"

#include "core/routing/AlgorithmSupport.h"

namespace sp {

namespace {
int nonNegativeIntProp(const AlgorithmDef &def, const QString &key, int defaultValue, QString *error)
{
    const auto it = def.props.constFind(key);
    if (it == def.props.constEnd())
        return defaultValue;
    const auto v = algo::parseJavaInt(QStringView(it.value()).trimmed());
    if (!v || *v < 0) {
        if (error->isEmpty())
            *error = QStringLiteral("MOD algorithm '") + def.name + QStringLiteral("': property ") + key
                     + QStringLiteral(" must be an integer >= 0, got '") + it.value() + QLatin1Char('\'');
        return 0;
    }
    return *v;
}
} // namespace

ModAlgorithm::ModAlgorithm(const AlgorithmDef &def)
{
    m_count = algo::positiveIntProp(def, QStringLiteral("sharding-count"), true, 1, &m_error);
    m_startOffset = nonNegativeIntProp(def, QStringLiteral("start-offset"), defaults::kStartOffset, &m_error);
    m_stopOffset = nonNegativeIntProp(def, QStringLiteral("stop-offset"), defaults::kStopOffset, &m_error);
    // Boolean.parseBoolean: "true" in any case, everything else is false.
    const auto padding = def.props.constFind(QStringLiteral("zero-padding"));
    m_zeroPadding = padding == def.props.constEnd()
                        ? defaults::kZeroPadding
                        : padding->trimmed().compare(QLatin1String("true"), Qt::CaseInsensitive) == 0;
    // Digits of (count - 1), at least 1.
    m_paddingSize = 0;
    for (int c = m_count - 1; c != 0; c /= 10)
        ++m_paddingSize;
    m_paddingSize = std::max(m_paddingSize, 1);
}

bool ModAlgorithm::remainder(QStringView value, uint32_t *result, QString *error) const
{
    QStringView v = value;
    if (m_startOffset != 0 || m_stopOffset != 0) {
        if (v.size() - m_stopOffset <= m_startOffset) {
            *error = QStringLiteral("MOD: value '") + value.toString()
                     + QStringLiteral("' is too short for start-offset ") + QString::number(m_startOffset)
                     + QStringLiteral(" and stop-offset ") + QString::number(m_stopOffset);
            return false;
        }
        v = v.mid(m_startOffset, v.size() - m_stopOffset - m_startOffset);
    }
    const auto r = algo::decimalFloorMod(v, uint32_t(m_count));
    if (!r) {
        *error = QStringLiteral("MOD needs an integer value, got '") + v.toString() + QLatin1Char('\'');
        return false;
    }
    *result = *r;
    return true;
}

std::optional<ResidueForm> ModAlgorithm::residueForm() const
{
    if (!m_error.isEmpty())
        return std::nullopt;
    ResidueForm f;
    f.input = ResidueForm::Input::Value;
    f.count = uint32_t(m_count);
    f.startOffset = m_startOffset;
    f.stopOffset = m_stopOffset;
    return f;
}

std::optional<uint64_t> ModAlgorithm::residueInput(const ShardingValue &value) const
{
    uint32_t r = 0;
    QString ignored;
    if (!m_error.isEmpty() || !remainder(value.text, &r, &ignored))
        return std::nullopt;
    return r;
}

QString ModAlgorithm::suffixFor(uint32_t remainder) const
{
    QString s = QString::number(remainder);
    if (m_zeroPadding && s.size() < m_paddingSize)
        s = QString(m_paddingSize - s.size(), QLatin1Char('0')) + s;
    return s;
}

AlgorithmResult ModAlgorithm::evaluate(const QString &, const ShardingValue &value,
                                       const QStringList &availableTargets,
                                       const TargetNaming &naming) const
{
    if (!m_error.isEmpty())
        return algo::failure(m_error);
    uint32_t r = 0;
    QString error;
    if (!remainder(value.text, &r, &error))
        return algo::failure(error);
    return algo::matchSuffix(type(), suffixFor(r), availableTargets, naming);
}

} // namespace sp
