#pragma once
#include "core/config/ShardingConfig.h"

#include <QStringView>

#include <optional>

// Reading algorithm properties the way ShardingSphere does, in one place: the routing evaluators
// (and through them lint, route and plan) and the loader's auto-table count all read
// sharding-count through these, so they agree on what is valid.
namespace sp::props {

// java.lang.Integer.parseInt: optional sign, ASCII digits, no spaces, must fit in 32 bits.
std::optional<int32_t> parseJavaInt(QStringView text);
// java.lang.Long.parseLong, same rules for 64 bits.
std::optional<int64_t> parseJavaLong(QStringView text);

// A required (or defaulted) positive int property, the value trimmed: the value, or
// `defaultValue` with `error` (when given and still empty) naming the property.
int positiveIntProp(const AlgorithmDef &def, const QString &key, bool required, int defaultValue,
                    QString *error);

} // namespace sp::props
