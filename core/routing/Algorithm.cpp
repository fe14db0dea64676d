#include "core/routing/Algorithm.h"

#include "core/routing/ConsistentHashAlgorithm.h"
#include "core/routing/Crc32ModAlgorithm.h"
#include "core/routing/HashModAlgorithm.h"
#include "core/routing/InlineAlgorithm.h"
#include "core/routing/ModAlgorithm.h"
#include "core/routing/UnsupportedAlgorithm.h"

namespace sp {

namespace {
QString withoutTrailingDigits(const QString &s)
{
    qsizetype end = s.size();
    while (end > 0 && s.at(end - 1).unicode() >= '0' && s.at(end - 1).unicode() <= '9')
        --end;
    return s.left(end);
}
} // namespace

TargetNaming TargetNaming::fromTargets(const QStringList &targets, const QString &logicTable)
{
    TargetNaming n;
    if (targets.isEmpty())
        return n;
    const QString &first = targets.first();
    if (!logicTable.isEmpty() && first.startsWith(logicTable))
        n.prefix = logicTable + withoutTrailingDigits(first.mid(logicTable.size()));
    else
        n.prefix = withoutTrailingDigits(first);
    int minLength = std::numeric_limits<int>::max();
    for (const QString &t : targets)
        minLength = std::min(minLength, int(t.size() - n.prefix.size()));
    n.suffixMinLength = minLength;
    return n;
}

QString TargetNaming::targetFor(const QString &suffix) const
{
    if (suffix.size() >= suffixMinLength)
        return prefix + suffix;
    return prefix + QString(suffixMinLength - suffix.size(), QLatin1Char('0')) + suffix;
}

std::unique_ptr<ShardingAlgorithm> createAlgorithm(const AlgorithmDef &def)
{
    const QString type = def.type.trimmed().toUpper();
    if (type == QLatin1String("MOD"))
        return std::make_unique<ModAlgorithm>(def);
    if (type == QLatin1String("HASH_MOD"))
        return std::make_unique<HashModAlgorithm>(def);
    if (type == QLatin1String("INLINE"))
        return std::make_unique<InlineAlgorithm>(def);
    if (type == QLatin1String("CRC32_MOD"))
        return std::make_unique<Crc32ModAlgorithm>(def);
    if (type == QLatin1String("CONSISTENT_HASH"))
        return std::make_unique<ConsistentHashAlgorithm>(def);
    AlgorithmDef d = def;
    d.type = type;
    return std::make_unique<UnsupportedAlgorithm>(d);
}

QStringList supportedAlgorithmTypes()
{
    return {QStringLiteral("MOD"), QStringLiteral("HASH_MOD"), QStringLiteral("INLINE"),
            QStringLiteral("CRC32_MOD"), QStringLiteral("CONSISTENT_HASH")};
}

} // namespace sp
