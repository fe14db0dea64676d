#include "core/live/RowSampler.h"

#include "core/planning/MovePredicate.h"
#include "core/planning/PlanBuilder.h"
#include "core/routing/Hash.h"

#include <QHash>

namespace sp::planning {

namespace {
// The single sharding column of a table's routing, empty when it uses none or several.
QString singleColumn(const ShardingConfig &config, const TableRule &rule)
{
    QStringList cols = config.effectiveDatabaseStrategy(rule).columns;
    for (const QString &c : config.effectiveTableStrategy(rule).columns)
        if (!cols.contains(c, Qt::CaseInsensitive))
            cols << c;
    return cols.size() == 1 ? cols.first() : QString();
}
} // namespace

quint32 RowSampler::seedFor(const DataNode &node, quint32 seed)
{
    // MariaDB's RAND(N) takes N as a 32-bit seed; keep it positive for every server.
    return (seed ^ hash::crc32(QStringView(node.toString()))) & 0x7fffffffu;
}

RowSampleResult RowSampler::run(const ShardingConfig &config, const ClusterSnapshot &snapshot, int perTable,
                                const InspectionOptions &options, const std::atomic<bool> *cancel, quint32 seed)
{
    RowSampleResult r;
    auto note = [&r](const Text &t) {
        r.notes << t.text;
        r.noteTexts << t;
    };
    if (perTable <= 0)
        return r;
    QHash<QString, Connection *> conns;
    std::vector<std::unique_ptr<Connection>> owned;
    QSet<QString> failed;
    auto connectionFor = [&](const DataSourceDef &ds) -> Connection * {
        if (failed.contains(ds.name))
            return nullptr;
        if (Connection *c = conns.value(ds.name))
            return c;
        auto c = std::make_unique<Connection>();
        ConnectionParams params = Inspector::paramsFor(ds, options);
        params.readTimeoutSec = qMax(params.readTimeoutSec, options.countTimeoutSec + 5);
        if (!c->open(params)) {
            note(msg("%1: not sampled, the server could not be reached: %2", {ds.name, c->lastError()}));
            failed.insert(ds.name);
            return nullptr;
        }
        if (options.countTimeoutSec > 0)
            c->exec(QStringLiteral("SET SESSION max_statement_time = %1").arg(options.countTimeoutSec));
        conns.insert(ds.name, c.get());
        owned.push_back(std::move(c));
        return conns.value(ds.name);
    };
    auto stopped = [cancel] { return cancel && cancel->load(); };

    for (const TableRule &rule : config.tables) {
        if (config.isBroadcast(rule.logicTable) || rule.dataNodes.isEmpty())
            continue;
        const QString column = singleColumn(config, rule);
        if (column.isEmpty()) {
            note(msg("%1: not sampled (routing uses no single sharding column)", {rule.logicTable}));
            continue;
        }
        qint64 total = 0;
        for (const TableStats &s : snapshot.tables)
            if (s.logicTable.compare(rule.logicTable, Qt::CaseInsensitive) == 0 && s.rows() > 0)
                total += s.rows();
        if (total <= 0) {
            note(msg("%1: not sampled (no rows in the snapshot)", {rule.logicTable}));
            continue;
        }
        const double p = qMin(1.0, double(perTable) / double(total));
        const qsizetype cap = qsizetype(perTable) * 4;
        QStringList &keys = r.keys[rule.logicTable];
        for (const DataNode &n : rule.dataNodes) {
            if (stopped() || keys.size() >= cap)
                break;
            const DataSourceDef *ds = config.dataSource(n.dataSource);
            Connection *c = ds ? connectionFor(*ds) : nullptr;
            if (!c)
                continue;
            const QString table = builder::qualified(builder::schemaOf(config, ds->name), n.table);
            const QString where = p >= 1.0 ? QString()
                                           : QStringLiteral(" WHERE RAND(%1) < %2").arg(seedFor(n, seed)).arg(p, 0, 'g', 17);
            bool cut = false; // the cap stopped the read before the table's end
            const bool ok = c->forEachRow(QStringLiteral("SELECT %1 FROM %2%3").arg(quoteIdent(column), table, where),
                                          [&](const QList<QVariant> &row) {
                                              if (stopped() || keys.size() >= cap) {
                                                  cut = true;
                                                  return false;
                                              }
                                              const QVariant &v = row.value(0);
                                              if (!v.isNull())
                                                  keys << v.toString();
                                              return true;
                                          });
            if (!ok && !cut && !stopped())
                note(msg("%1: not sampled: %2", {n.toString(), c->lastError()}));
            r.nodes.insert(n, SampledNode{p, ok && !cut && !stopped()});
        }
        if (keys.size() >= cap)
            note(msg("%1: sample capped at %2 rows; the tables it did not reach keep key-share estimates",
                     {rule.logicTable, cap}));
    }
    r.cancelled = stopped();
    return r;
}

} // namespace sp::planning
