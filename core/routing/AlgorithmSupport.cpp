#include "core/routing/AlgorithmSupport.h"

#include "core/config/AlgorithmProps.h"

#include <limits>

namespace sp::algo {

std::optional<int32_t> parseJavaInt(QStringView text) { return props::parseJavaInt(text); }
std::optional<int64_t> parseJavaLong(QStringView text) { return props::parseJavaLong(text); }

int positiveIntProp(const AlgorithmDef &def, const QString &key, bool required, int defaultValue,
                    QString *error)
{
    return props::positiveIntProp(def, key, required, defaultValue, error);
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
    const TargetIndex *index = naming.index && naming.index->indexes(targets) ? naming.index.get() : nullptr;
    if (!naming.listAmbiguous) {
        // nobody reads the 5.0 candidates here
    } else if (index) {
        const QList<int> endsWith = index->endingWith(suffix);
        if (endsWith.size() > 1)
            for (int i : endsWith)
                r.ambiguous << targets.at(i);
    } else {
        QStringList endsWith;
        for (const QString &t : targets)
            if (t.endsWith(suffix))
                endsWith << t;
        if (endsWith.size() > 1)
            r.ambiguous = endsWith;
    }
    const QString wanted = naming.targetFor(suffix);
    if (index ? index->indexOf(wanted) >= 0 : targets.contains(wanted)) {
        r.ok = true;
        r.target = wanted;
        return r;
    }
    r.error = algorithmType + QStringLiteral(" gives suffix ") + suffix + QStringLiteral(" but there is no target named ")
              + wanted + QStringLiteral(" among ") + joinTargets(targets);
    return r;
}

QString joinTargets(const QStringList &targets)
{
    constexpr int kShown = 16; // an error line stays one readable line with 80k targets
    if (targets.size() <= kShown)
        return targets.join(QStringLiteral(", "));
    return targets.mid(0, kShown).join(QStringLiteral(", ")) + QStringLiteral(", ... (") +
           QString::number(targets.size()) + QStringLiteral(" in all)");
}

} // namespace sp::algo
