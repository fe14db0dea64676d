#pragma once
#include "core/health/HealthVerdict.h"

#include <QJsonObject>

namespace sp::health {

// One data source of `shardctl health --json`: the fields of `shardctl health` (dataSource, host,
// port, reachable, version, uptimeSeconds, ... as before) plus "verdict", "reason", "findings",
// the rates and the replication, binary log and table details. Never a password or a url.
// With a migration run acting on the server: "run" {"id", "note"}.
QJsonObject sampleJson(const HealthSample &s, const ShardVerdict &v);

// One verdict change (`shardctl health --events --json`): at, dataSource, from, to, reason, runId.
QJsonObject eventJson(const HealthEvent &e);

// The run `shardctl health --run DIR` followed: id, dir, step, running, writesStopped,
// writeStopSince, work, stoppedServers, loadedServers.
QJsonObject runJson(const RunActivity &run);

} // namespace sp::health
