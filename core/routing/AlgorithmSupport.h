#pragma once
#include "core/routing/Algorithm.h"

#include <optional>

// Helpers shared by the algorithm evaluators (not part of the public routing API).
namespace sp::algo {

// java.lang.Integer.parseInt: optional sign, ASCII digits, no spaces, must fit in 32 bits.
std::optional<int32_t> parseJavaInt(QStringView text);
// java.lang.Long.parseLong, same rules for 64 bits.
std::optional<int64_t> parseJavaLong(QStringView text);

// Reads a required positive int property; on failure sets `error` naming the property.
int positiveIntProp(const AlgorithmDef &def, const QString &key, bool required, int defaultValue,
                    QString *error);

// new BigInteger(text).mod(modulus) for modulus > 0: any number of digits, result in [0, modulus).
std::optional<uint32_t> decimalFloorMod(QStringView text, uint32_t modulus);

// The suffix rule of MOD / HASH_MOD / CRC32_MOD: the target named naming.targetFor(suffix) must
// exist (ShardingSphere 5.1.1+). `ambiguous` lists every target ending with the suffix when there
// is more than one (ShardingSphere 5.0 took the first of those in list order).
AlgorithmResult matchSuffix(const QString &algorithmType, const QString &suffix,
                            const QStringList &targets, const TargetNaming &naming);

// "a, b, c" for an error message; long lists are cut after 16 names with the total.
QString joinTargets(const QStringList &targets);

AlgorithmResult failure(const QString &message, bool cannotEvaluate = false);

} // namespace sp::algo
