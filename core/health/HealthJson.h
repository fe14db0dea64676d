#pragma once
#include "core/health/HealthVerdict.h"

#include <QJsonObject>

namespace sp::health {

// One data source of `shardctl health --json`: the fields of `shardctl health` (dataSource, host,
// port, reachable, version, uptimeSeconds, ... as before) plus "verdict", "reason", "findings",
// the rates and the replication, binary log and table details. Never a password or a url.
QJsonObject sampleJson(const HealthSample &s, const ShardVerdict &v);

} // namespace sp::health
