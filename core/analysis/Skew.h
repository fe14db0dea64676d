#pragma once
#include "core/analysis/SkewStats.h"
#include "core/cluster/ClusterStats.h"
#include "core/config/ShardingConfig.h"

#include <QList>
#include <QString>

namespace sp {

// Row count of one data node; rows < 0 means unknown (table missing, instance down).
struct NodeRows
{
    DataNode node;
    qint64 rows = -1;
};

enum class SkewLevel {
    Unknown,  // no data node has a row count
    Empty,    // every counted node is empty
    Balanced, // max/mean < balancedBelow and no empty node
    Mild,     // max/mean < severeFrom, or balanced but some nodes are empty
    Severe    // max/mean >= severeFrom
};

struct SkewThresholds
{
    double balancedBelow = 1.2; // max/mean below this is balanced
    double severeFrom = 2.0;    // max/mean at or above this is severe
};

// Skew statistics for one logic table from its per-node row counts. Pure and thread-safe.
class Skew final
{
public:
    static SkewStats compute(const QString &logicTable, const QList<NodeRows> &nodes);
    // Skew per logic table from a snapshot's tables; tables the config does not know and broadcast
    // tables are skipped, missing tables count as unknown. (A snapshot holds counts only; its skew
    // is always derived here, so the two cannot disagree.)
    static QList<SkewStats> forTables(const QList<TableStats> &tables);
    // Same on bare counts (node names left empty); negative values are unknown.
    static SkewStats compute(const QString &logicTable, const QList<qint64> &rows);

    static SkewLevel level(const SkewStats &s, const SkewThresholds &t = {});
    static QString levelName(SkewLevel level); // "balanced", "mild skew", ...
    // One line for people, e.g. "severe skew: db2.t_messages_1 holds 3.4x the mean".
    static QString verdict(const SkewStats &s, const SkewThresholds &t = {});
};

} // namespace sp
