#include "core/config/AlgorithmProps.h"

#include <limits>
#include <type_traits>

namespace sp::props {

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

} // namespace sp::props
