#include "core/live/TableDdl.h"

#include "core/cluster/Connection.h"
#include "core/config/JdbcUrl.h"
#include "core/config/Printable.h"
#include "core/planning/ExpansionStrategy.h"

#include <QSet>

namespace sp::planning {

TableDdlResult TableDdl::collect(const ShardingConfig &config, const ClusterSnapshot &snapshot,
                                 const InspectionOptions &options)
{
    TableDdlResult out;
    // Which nodes: per logic table, the first node of each distinct physical table name (the plan
    // takes a new table's definition from an old node of the same name, else the first node).
    QMap<QString, QList<DataNode>> perSource;
    QStringList order;
    QSet<QString> seen;
    int wanted = 0;
    bool capped = false;
    auto want = [&](const DataNode &n) {
        const QString key = n.dataSource + QChar(0) + n.table;
        if (seen.contains(key))
            return;
        seen.insert(key);
        if (wanted >= kMaxTables) {
            capped = true;
            return;
        }
        ++wanted;
        if (!perSource.contains(n.dataSource))
            order << n.dataSource;
        perSource[n.dataSource] << n;
    };
    for (const TableRule &t : config.tables) {
        QSet<QString> names;
        for (const DataNode &n : t.dataNodes)
            if (!names.contains(n.table)) {
                names.insert(n.table);
                want(n);
            }
    }
    const QString first = dataSourceNames(config, 0).current.value(0);
    if (!first.isEmpty())
        for (const BroadcastTable &b : config.broadcastTables)
            want(DataNode{first, b.name});
    if (capped)
        out.notes << QStringLiteral("table definitions: read for the first %1 physical tables only; create.sql "
                                    "names the others")
                         .arg(kMaxTables);

    for (const QString &name : std::as_const(order)) {
        const DataSourceDef *ds = config.dataSource(name);
        if (!ds || ds->host.isEmpty())
            continue;
        bool reachable = true;
        for (const InstanceHealth &h : snapshot.instances)
            if (h.dataSource == name && !h.reachable)
                reachable = false;
        if (!reachable)
            continue;
        Connection c;
        if (!c.open(Inspector::paramsFor(*ds, options))) {
            out.notes << QStringLiteral("table definitions not read from %1: %2").arg(printableName(name), c.lastError());
            continue;
        }
        for (const DataNode &n : perSource.value(name)) {
            const QString sql = QStringLiteral("SHOW CREATE TABLE ") + Connection::quoteIdentifier(ds->database)
                              + QLatin1Char('.') + Connection::quoteIdentifier(n.table);
            const auto r = c.query(sql);
            const int col = r ? r->columnIndex(QStringLiteral("Create Table")) : -1;
            if (!r || r->rows.isEmpty() || col < 0) {
                // A missing table or a view: no definition (never an invented one).
                if (!r)
                    out.notes << QStringLiteral("table definition of %1 not read: %2")
                                     .arg(printableName(n.toString()), c.lastError());
                continue;
            }
            out.ddl.insert(n, r->rows.first().value(col).toString());
        }
    }
    return out;
}

} // namespace sp::planning
