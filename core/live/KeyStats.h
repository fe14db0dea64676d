#pragma once
#include "core/cluster/ClusterStats.h"
#include "core/cluster/Inspector.h"
#include "core/config/Text.h"

#include <QList>
#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>

namespace sp::planning {

// CARDINALITY of the best index leading with the sharding column of one physical table.
struct KeyCardinality
{
    DataNode node;
    QString index;          // index name; empty when the table has no index leading with the column
    qint64 cardinality = -1; // -1: no such index, or the server reports NULL
    // The server derives CARDINALITY from InnoDB's rows-per-key halved "so the optimizer favours
    // indexes" (MariaDB; MySQL before 8.0): CARDINALITY = rows / max(1, floor(rows/keys) / 2).
    // Measured on MariaDB 10.11: 1205 rows, 56 keys -> 120. compute() undoes it.
    bool halved = false;
    // A unique index on the sharding column alone (or the primary key): every key holds one row.
    bool unique = false;
};

struct KeyStatsResult
{
    // Mean rows per distinct sharding key per logic table (>= 1). Tables without usable index
    // statistics have no entry (callers then assume 1).
    QMap<QString, double> rowsPerKey;
    // Logic tables whose sharding column is unique on every physical table read: one row per key,
    // exactly (rowsPerKey 1), so their key-share estimates have an honest bound.
    QSet<QString> uniqueKeys;
    QStringList notes;               // one line each, for the user: what was assumed or skipped
    QList<Text> noteTexts;           // the same notes for the console
    QList<KeyCardinality> cardinalities; // what the servers reported, per physical table read
    qint64 elapsedMs = 0;
};

// Rows per sharding key from index statistics of the live cluster.
//
// Approximation, on purpose: it reads information_schema.STATISTICS (no scan of the data), so
//  - InnoDB's CARDINALITY is estimated from a few sampled index pages (ANALYZE TABLE refreshes it),
//  - the result is the plain mean rows/keys, not the rows-weighted mean sum(c^2)/sum(c) that
//    PlanInput::rowsPerKey describes: with skewed keys the weighted mean is far larger (one hot key
//    can hold most of a table), so it is shown to the user but never used for a bound. Only a
//    unique sharding key (NON_UNIQUE = 0, the column alone) tells the weighted mean exactly: 1.
// A key lives on exactly one physical table (hash sharding), so distinct keys add up across
// shards: rowsPerKey = sum(rows from the snapshot) / sum(keys), clamped to >= 1, where keys is
// CARDINALITY, or CARDINALITY / 2 on servers that halve rows-per-key (see KeyCardinality::halved)
// when rows/CARDINALITY >= 1.5 (below that the halving was clamped to 1 and nothing is undone, so
// tables with 2..4 rows per key read as about 1).
class KeyStats final
{
public:
    // One information_schema query per data source (schema), data sources in parallel (at most
    // options.overallConcurrency), each bounded by options.connectTimeoutSec/readTimeoutSec.
    // Data sources the snapshot marks unreachable are skipped without connecting; one that fails now
    // costs at most its timeout and gives a note. Never throws. Blocking: never on a GUI thread.
    static KeyStatsResult collect(const ShardingConfig &config, const ClusterSnapshot &snapshot,
                                  const InspectionOptions &options);

    // The arithmetic of collect(), separate so it can be tested without a server: rows from the
    // snapshot, cardinalities as read. `notes` of the result cover tables that got no entry.
    static KeyStatsResult compute(const ShardingConfig &config, const ClusterSnapshot &snapshot,
                                  const QList<KeyCardinality> &cardinalities);

    // The statement collect() sends for one schema (exposed for tests). Empty when `tables` is empty.
    static QString statisticsQuery(const QString &quotedSchema, const QStringList &quotedTables);

private:
    static void add(KeyStatsResult &result, const Text &note);
};

} // namespace sp::planning
