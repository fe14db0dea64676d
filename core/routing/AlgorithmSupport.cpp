#include "core/routing/AlgorithmSupport.h"

#include <limits>

namespace sp::algo {

namespace {

template<typename T>
std::optional<T> parseJavaInteger(QStringView text)
{
    if (text.isEmpty())
        return std::nullopt;
    qsizetype i = 0;
    bool negative = false;
    if (text.at(0) == QLatin1Char('-') || text.at(0) == QLatin1Char('+')) {
        negative = text.at(0) == QLatin1Char('-');
        i = 1;
    }
    if (i == text.size())
        return std::nullopt;
    using U = std::make_unsigned_t<T>;
    const U limit = negative ? U(std::numeric_limits<T>::max()) + 1u : U(std::numeric_limits<T>::max());
    U value = 0;
    for (; i < text.size(); ++i) {
        const char16_t c = text.at(i).unicode();
        if (c < u'0' || c > u'9')
            return std::nullopt;
        const U d = U(c - u'0');
        if (value > (limit - d) / 10u)
            return std::nullopt;
        value = value * 10u + d;
    }
    return negative ? T(U(0) - value) : T(value);
}

} // namespace

std::optional<int32_t> parseJavaInt(QStringView text) { return parseJavaInteger<int32_t>(text); }
std::optional<int64_t> parseJavaLong(QStringView text) { return parseJavaInteger<int64_t>(text); }

int positiveIntProp(const AlgorithmDef &def, const QString &key, bool required, int defaultValue,
                    QString *error)
{
    const auto it = def.props.constFind(key);
    if (it == def.props.constEnd()) {
        if (required && error && error->isEmpty())
            *error = def.type + QStringLiteral(" algorithm '") + def.name
                     + QStringLiteral("': property ") + key + QStringLiteral(" is missing");
        return defaultValue;
    }
    const auto v = parseJavaInt(QStringView(it.value()).trimmed());
    if (!v || *v <= 0) {
        if (error && error->isEmpty())
            *error = def.type + QStringLiteral(" algorithm '") + def.name + QStringLiteral("': property ")
                     + key + QStringLiteral(" must be a positive integer, got '") + it.value()
                     + QLatin1Char('\'');
        return defaultValue;
    }
    return *v;
}

std::optional<uint32_t> decimalFloorMod(QStringView text, uint32_t modulus)
{
    if (modulus == 0 || text.isEmpty())
        return std::nullopt;
    qsizetype i = 0;
    bool negative = false;
    if (text.at(0) == QLatin1Char('-') || text.at(0) == QLatin1Char('+')) {
        negative = text.at(0) == QLatin1Char('-');
        i = 1;
    }
    if (i == text.size())
        return std::nullopt;
    uint64_t r = 0;
    for (; i < text.size(); ++i) {
        const char16_t c = text.at(i).unicode();
        if (c < u'0' || c > u'9')
            return std::nullopt;
        r = (r * 10u + uint64_t(c - u'0')) % modulus;
    }
    if (negative && r != 0)
        r = modulus - r;
    return uint32_t(r);
}

AlgorithmResult failure(const QString &message, bool cannotEvaluate)
{
    AlgorithmResult r;
    r.error = message;
    r.cannotEvaluate = cannotEvaluate;
    return r;
}

AlgorithmResult matchSuffix(const QString &algorithmType, const QString &suffix,
                            const QStringList &targets, const TargetNaming &naming)
{
    AlgorithmResult r;
    QStringList endsWith;
    for (const QString &t : targets)
        if (t.endsWith(suffix))
            endsWith << t;
    if (endsWith.size() > 1)
        r.ambiguous = endsWith;
    const QString wanted = naming.targetFor(suffix);
    if (targets.contains(wanted)) {
        r.ok = true;
        r.target = wanted;
        return r;
    }
    r.error = algorithmType + QStringLiteral(" gives suffix ") + suffix + QStringLiteral(" but there is no target named ")
              + wanted + QStringLiteral(" among ") + targets.join(QStringLiteral(", "));
    return r;
}

} // namespace sp::algo
