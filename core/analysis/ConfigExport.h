#pragma once
#include "core/config/Redaction.h"
#include "core/config/ShardingConfig.h"

#include <QByteArray>

namespace sp::exporting {

// Pure config exporters shared by the console (File > Export) and the CLI: value types in, text out.
// Nothing here touches the disk or the network. Statistics exporters (CSV, HTML report) need the
// cluster value types and live in core/analysis/StatsExport.h.

inline constexpr const char *kRedacted = sp::kRedactedPassword; // "******"

// The YAML text with every password value replaced by "******" (quoted: a bare * is a YAML alias) (keys `password`, `pwd`, `passwd`,
// any key ending in `password`, and `password=` parameters inside JDBC URLs). Everything else,
// comments included, is kept byte for byte.
QByteArray redactConfigText(const QByteArray &yaml);
// How many values redactConfigText() replaces.
int countSecrets(const QByteArray &yaml);

// JSON routing table for services that route by themselves: for each logic table its data nodes,
// the effective database/table strategies with algorithm type and properties, and for
// CONSISTENT_HASH algorithms the ring's sorted points {hash, node}. Indented UTF-8.
QByteArray routingTableJson(const ShardingConfig &config);

} // namespace sp::exporting
