#pragma once
#include "core/cluster/ClusterStats.h"
#include "core/analysis/SkewStats.h"
#include "core/cluster/StatsHistory.h"

#include <QJsonArray>
#include <QJsonObject>

namespace sp {

// JSON forms of the inspection value types (shardctl --json, exports). Unknown numbers (-1) are
// written as null; no secrets are in these types.
QJsonObject instanceJson(const InstanceHealth &h);
QJsonObject tableJson(const TableStats &t);
QJsonObject skewJson(const SkewStats &s); // includes "level" and "verdict"
QJsonObject snapshotJson(const ClusterSnapshot &s);
// Comparable tables with their delta; tables whose counts changed source or whose instance
// restarted with "comparable": false and no delta.
QJsonArray growthJson(const QList<TableGrowth> &growth);
QString growthBasisName(TableGrowth::Basis b); // "exact", "estimate", "source-changed", "restarted", ...

} // namespace sp
