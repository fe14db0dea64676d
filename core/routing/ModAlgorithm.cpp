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
            *error = QStringLiteral("MOD algorithm '") + def.name + QStringLiteral("': property ") + key +
                     QStringLiteral(" must be an integer >= 0, got '") + it.value() + QLatin1Char('\'');
        return 0;
    }
    return *v;
}
} // namespace

ModAlgorithm::ModAlgorithm(const AlgorithmDef &def)
{
    const int count = algo::positiveIntProp(def, QStringLiteral("sharding-count"), true, 1, &m_error);
    m_form.input = ResidueForm::Input::Value;
    m_form.count = uint32_t(count);
    m_form.startOffset =
        nonNegativeIntProp(def, QStringLiteral("start-offset"), defaults::kStartOffset, &m_error);
    m_form.stopOffset =
        nonNegativeIntProp(def, QStringLiteral("stop-offset"), defaults::kStopOffset, &m_error);
    // Boolean.parseBoolean: "true" in any case, everything else is false.
    const auto padding = def.props.constFind(QStringLiteral("zero-padding"));
    m_zeroPadding = padding == def.props.constEnd()
                        ? defaults::kZeroPadding
                        : padding->trimmed().compare(QLatin1String("true"), Qt::CaseInsensitive) == 0;
    // Digits of (count - 1), at least 1.
    m_paddingSize = 0;
    for (int c = count - 1; c != 0; c /= 10)
        ++m_paddingSize;
    m_paddingSize = std::max(m_paddingSize, 1);
}

std::optional<uint64_t> ModAlgorithm::input(const ShardingValue &value, QString *error) const
{
    const int start = m_form.startOffset;
    const int stop = m_form.stopOffset;
    QStringView v = value.text;
    if (start != 0 || stop != 0) {
        if (v.size() - stop <= start) {
            *error = QStringLiteral("MOD: value '") + value.text +
                     QStringLiteral("' is too short for start-offset ") + QString::number(start) +
                     QStringLiteral(" and stop-offset ") + QString::number(stop);
            return std::nullopt;
        }
        v = v.mid(start, v.size() - stop - start);
    }
    const auto r = algo::decimalFloorMod(v, m_form.count);
    if (!r) {
        *error = QStringLiteral("MOD needs an integer value, got '") + v.toString() + QLatin1Char('\'');
        return std::nullopt;
    }
    return *r;
}

QString ModAlgorithm::suffixFor(uint32_t remainder) const
{
    QString s = QString::number(remainder);
    if (m_zeroPadding && s.size() < m_paddingSize)
        s = QString(m_paddingSize - s.size(), QLatin1Char('0')) + s;
    return s;
}

} // namespace sp
