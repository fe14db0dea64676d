#include "core/live/KeyStats.h"

#include "core/cluster/Connection.h"
#include "core/config/JdbcUrl.h"
#include "core/routing/TableRoute.h"

#include <QElapsedTimer>
#include <QHash>
#include <QSet>
#include <QThreadPool>

#include <algorithm>
#include <vector>

namespace sp::planning {

namespace {

struct SourceJob
{
    const DataSourceDef *ds = nullptr;
    QList<QPair<DataNode, QString>> tables; // physical table and its sharding column
};

struct SourceOutcome
{
    QList<KeyCardinality> cardinalities;
    QString error;  // the whole data source failed (connection or query)
    Text errorText; // our sentence for it, when it is ours (a server's error stays its words)
};

QString lower(const QString &s)
{
    return s.toLower();
}

SourceOutcome readSource(const SourceJob &job, const InspectionOptions &options)
{
    SourceOutcome out;
    const DataSourceDef &ds = *job.ds;
    if (ds.host.isEmpty()) {
        out.error = QStringLiteral("no host: the url '%1' could not be parsed").arg(JdbcUrl::redacted(ds.url));
        out.errorText = msg("no host: the url '%1' could not be parsed", {JdbcUrl::redacted(ds.url)});
        return out;
    }
    const ConnectionParams params = Inspector::paramsFor(ds, options);
    Connection c;
    if (!c.open(params)) {
        out.error = c.lastError();
        return out;
    }
    const bool mariadb = c.serverVersion().contains(QLatin1String("MariaDB"), Qt::CaseInsensitive);
    const bool halved = mariadb || c.serverVersionNumber() < 80000;
    if (!mariadb && c.serverVersionNumber() >= 80000) {
        // MySQL 8 caches information_schema statistics for a day by default.
        c.exec(QStringLiteral("SET SESSION information_schema_stats_expiry = 0"));
    }
    QStringList quoted;
    QSet<QString> seen;
    for (const auto &t : job.tables)
        if (!seen.contains(t.first.table)) {
            seen.insert(t.first.table);
            quoted << c.quoteString(t.first.table);
        }
    const auto r = c.query(KeyStats::statisticsQuery(c.quoteString(ds.database), quoted));
    if (!r) {
        out.error = c.lastError();
        return out;
    }
    // physical table (lower case) -> rows (index, column, cardinality, non-unique, seq in index)
    QHash<QString, QList<QList<QVariant>>> byTable;
    // "table/index" (lower case) -> number of columns of the index
    QHash<QString, int> indexColumns;
    for (const QList<QVariant> &row : r->rows) {
        ++indexColumns[lower(row.value(0).toString() + QLatin1Char('/') + row.value(1).toString())];
        if (row.value(5).toInt() == 1)
            byTable[lower(row.value(0).toString())].append(row);
    }
    for (const auto &t : job.tables) {
        KeyCardinality k;
        k.node = t.first;
        k.halved = halved;
        for (const QList<QVariant> &row : byTable.value(lower(t.first.table))) {
            if (row.value(2).toString().compare(t.second, Qt::CaseInsensitive) != 0)
                continue;
            // A unique index on the column alone: one row per key, whatever CARDINALITY says.
            if (row.value(4).toInt() == 0
                && indexColumns.value(lower(t.first.table + QLatin1Char('/') + row.value(1).toString())) == 1)
                k.unique = true;
            const QVariant card = row.value(3);
            if (k.index.isEmpty())
                k.index = row.value(1).toString();
            if (!card.isValid())
                continue; // NULL: statistics unknown for this index
            // Several indexes may lead with the column: take the highest estimate (a unique one
            // reports the row count, the best-sampled one the most keys).
            const qint64 v = card.toLongLong();
            if (v > k.cardinality) {
                k.cardinality = v;
                k.index = row.value(1).toString();
            }
        }
        out.cardinalities << k;
    }
    return out;
}

} // namespace

QString KeyStats::statisticsQuery(const QString &quotedSchema, const QStringList &quotedTables)
{
    if (quotedTables.isEmpty())
        return {};
    return QStringLiteral("SELECT TABLE_NAME, INDEX_NAME, COLUMN_NAME, CARDINALITY, NON_UNIQUE, SEQ_IN_INDEX"
                          " FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = %1 AND TABLE_NAME IN (%2)")
        .arg(quotedSchema, quotedTables.join(QStringLiteral(", ")));
}

void KeyStats::add(KeyStatsResult &result, const Text &note)
{
    result.notes << note.text;
    result.noteTexts << note;
}

KeyStatsResult KeyStats::compute(const ShardingConfig &config, const ClusterSnapshot &snapshot,
                                 const QList<KeyCardinality> &cardinalities)
{
    KeyStatsResult result;
    result.cardinalities = cardinalities;
    QHash<QString, const KeyCardinality *> byNode;
    for (const KeyCardinality &k : cardinalities)
        byNode.insert(lower(k.node.toString()), &k);
    QHash<QString, const TableStats *> statsByNode;
    for (const TableStats &t : snapshot.tables)
        statsByNode.insert(lower(t.node.toString()), &t);

    for (const TableRule &rule : config.tables) {
        if (config.isBroadcast(rule.logicTable) || rule.dataNodes.isEmpty())
            continue;
        const QString column = shardingColumn(config, rule);
        if (column.isEmpty())
            continue;
        qint64 rows = 0, keys = 0;
        int used = 0, read = 0, noIndex = 0, unique = 0;
        for (const DataNode &n : rule.dataNodes) {
            const KeyCardinality *k = byNode.value(lower(n.toString()));
            if (!k)
                continue; // its data source was not read (unreachable)
            ++read;
            if (k->index.isEmpty()) {
                ++noIndex;
                continue;
            }
            unique += k->unique ? 1 : 0;
            const TableStats *s = statsByNode.value(lower(n.toString()));
            const qint64 r = s && s->existsOnServer ? s->rows() : -1;
            if (k->cardinality < 0 || r < 0)
                continue;
            if (k->cardinality == 0 && r > 0)
                continue; // statistics never computed for a non-empty table
            rows += r;
            // Undo the server's halving of rows-per-key (only visible once rows/key reached 2).
            keys += k->halved && k->cardinality > 0 && double(r) / double(k->cardinality) >= 1.5
                ? (k->cardinality + 1) / 2
                : k->cardinality;
            ++used;
        }
        if (read == 0)
            continue; // no note here: collect() reports the unreachable data sources
        // Unique on every physical table read (and all of them read): exactly one row per key.
        if (unique == read && read == rule.dataNodes.size()) {
            result.uniqueKeys.insert(rule.logicTable);
            result.rowsPerKey.insert(rule.logicTable, 1.0);
            add(result, msg("%1: the sharding column %2 is unique: one row per key", {rule.logicTable, column}));
            continue;
        }
        if (noIndex == read) {
            add(result, msg("%1: no index leads with sharding column %2; rows per key unknown",
                            {rule.logicTable, column}));
            continue;
        }
        if (keys <= 0) {
            add(result, msg("%1: index statistics of %2 unknown (run ANALYZE TABLE); rows per key unknown",
                            {rule.logicTable, column}));
            continue;
        }
        const double perKey = qMax(1.0, double(rows) / double(keys));
        result.rowsPerKey.insert(rule.logicTable, perKey);
        add(result, msg("%1: about %2 rows per %3 key on average (index statistics, %4 of %5 physical tables)",
                        {rule.logicTable, QString::number(perKey, 'f', perKey < 10 ? 2 : 1), column, used,
                         rule.dataNodes.size()}));
    }
    return result;
}

KeyStatsResult KeyStats::collect(const ShardingConfig &config, const ClusterSnapshot &snapshot,
                                 const InspectionOptions &options)
{
    QElapsedTimer timer;
    timer.start();
    QSet<QString> unreachable;
    for (const InstanceHealth &h : snapshot.instances)
        if (!h.reachable)
            unreachable.insert(h.dataSource);

    // Group the physical tables of every sharded logic table by data source.
    QStringList order;
    QHash<QString, SourceJob> jobs;
    for (const TableRule &rule : config.tables) {
        if (config.isBroadcast(rule.logicTable))
            continue;
        const QString column = shardingColumn(config, rule);
        if (column.isEmpty())
            continue;
        for (const DataNode &n : rule.dataNodes) {
            const DataSourceDef *ds = config.dataSource(n.dataSource);
            if (!ds || unreachable.contains(n.dataSource))
                continue;
            if (!jobs.contains(n.dataSource)) {
                order << n.dataSource;
                jobs[n.dataSource].ds = ds;
            }
            jobs[n.dataSource].tables.append(qMakePair(n, column));
        }
    }

    std::vector<SourceOutcome> outcomes(size_t(order.size()));
    {
        QThreadPool pool;
        pool.setMaxThreadCount(qMax(1, options.overallConcurrency));
        for (int i = 0; i < order.size(); ++i) {
            const SourceJob *job = &jobs[order.at(i)];
            SourceOutcome *out = &outcomes[size_t(i)];
            pool.start([job, out, &options] {
                try {
                    *out = readSource(*job, options);
                } catch (...) {
                    out->error = QStringLiteral("unexpected failure");
                    out->errorText = msg("unexpected failure");
                }
            });
        }
        pool.waitForDone();
    }

    QList<KeyCardinality> all;
    QList<Text> sourceNotes;
    for (int i = 0; i < order.size(); ++i) {
        const SourceOutcome &o = outcomes[size_t(i)];
        if (!o.error.isEmpty())
            sourceNotes << msg("%1: index statistics not read: %2",
                               {order.at(i), o.errorText.isEmpty() ? Text(o.error) : o.errorText});
        else
            all += o.cardinalities;
    }
    QStringList down(unreachable.cbegin(), unreachable.cend());
    down.sort();
    for (const QString &ds : std::as_const(down))
        sourceNotes << msg("%1: unreachable, its tables are left out of rows per key", {ds});
    std::sort(sourceNotes.begin(), sourceNotes.end(), [](const Text &a, const Text &b) { return a.text < b.text; });

    const KeyStatsResult computed = compute(config, snapshot, all);
    KeyStatsResult result = computed;
    result.notes.clear();
    result.noteTexts.clear();
    for (const Text &t : std::as_const(sourceNotes))
        add(result, t);
    if (computed.rowsPerKey.size() > computed.uniqueKeys.size())
        add(result, msg("rows per sharding key come from index statistics, for information: InnoDB samples "
                        "CARDINALITY (MariaDB's halving of it is undone), and a mean says nothing about the "
                        "busiest keys, so key-share estimates of tables without a unique sharding key have no bound"));
    for (const Text &t : computed.noteTexts)
        add(result, t);
    result.elapsedMs = timer.elapsed();
    return result;
}

} // namespace sp::planning
