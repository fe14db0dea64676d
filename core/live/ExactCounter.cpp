#include "core/live/ExactCounter.h"

#include "core/config/ConfigLoader.h"
#include "core/planning/PlanBuilder.h"
#include "core/routing/Router.h"

#include "core/cluster/InstanceProbe.h"

#include <QSet>

#include <map>

namespace sp::planning {

namespace {
// One error line for a pair whose count failed; a lost server is reported with its remaining pairs.
void failed(ExactCountResult &r, const DataNode &source, const QString &server, const Connection &c,
            QSet<QString> *deadServers)
{
    if (inspection::isConnectionError(c.lastErrno()) || !c.isOpen()) {
        deadServers->insert(server);
        r.addError(msg("%1: not counted: %2; the remaining pairs of %3 are not counted",
                       {source.toString(), c.lastError(), server}));
    } else {
        r.addError(msg("%1: not counted: %2", {source.toString(), c.lastError()}));
    }
}
} // namespace

ExactCountResult ExactCounter::run(ExpansionPlan &plan, const ShardingConfig &oldConfig, const InspectionOptions &options,
                                   const std::atomic<bool> *cancel, const std::function<void(int, int)> &progress,
                                   QueryRegistry *registry)
{
    ExactCountResult r;
    const LoadResult next = ConfigLoader::loadText(plan.newConfigText.toUtf8(), plan.sourcePath);
    if (!next.ok()) {
        r.addError(msg("the plan's new config does not load"));
        return r;
    }
    const Router oldRouter(oldConfig), newRouter(next.config);
    std::map<QString, Connection> conns;
    QSet<QString> deadServers; // host:port already reported unreachable: skip, say nothing more
    int total = 0, done = 0;
    for (const TablePlan &t : plan.tables)
        total += int(t.pairs.size());
    for (TablePlan &t : plan.tables) {
        for (MovePair &p : t.pairs) {
            if (cancel && cancel->load()) {
                r.cancelled = true;
                return r;
            }
            const DataSourceDef *ds = oldConfig.dataSource(p.source.dataSource);
            if (!ds) {
                r.addError(msg("%1: unknown data source", {p.source.toString()}));
                continue;
            }
            const QString server = ds->host + QLatin1Char(':') + QString::number(ds->port);
            if (deadServers.contains(server)) {
                ++r.skipped;
                continue;
            }
            Connection &c = conns[ds->name];
            if (!c.isOpen()) {
                ConnectionParams params = Inspector::paramsFor(*ds, options);
                params.readTimeoutSec = qMax(params.readTimeoutSec, options.countTimeoutSec + 5);
                if (!c.open(params)) {
                    deadServers.insert(server);
                    r.addError(msg("%1 (%2) could not be reached: %3; its remaining pairs are not counted",
                                   {ds->name, server, c.lastError()}));
                    continue;
                }
                c.setQueryRegistry(registry);
                if (options.countTimeoutSec > 0)
                    c.exec(QStringLiteral("SET SESSION max_statement_time = %1").arg(options.countTimeoutSec));
            }
            const QString table = builder::qualified(builder::schemaOf(oldConfig, ds->name), p.source.table);
            if (p.predicate.kind != MovePredicate::Kind::Client) {
                const auto v = c.queryValue(QStringLiteral("SELECT COUNT(*) FROM %1 WHERE %2").arg(table, p.predicate.sql()));
                if (!v) {
                    if (cancel && cancel->load()) {
                        r.cancelled = true;
                        return r;
                    }
                    failed(r, p.source, server, c, &deadServers);
                    continue;
                }
                p.exactRows = v->toLongLong();
            } else {
                qint64 n = 0;
                bool stopped = false;
                const bool ok = c.forEachRow(
                    QStringLiteral("SELECT %1 FROM %2").arg(quoteIdent(t.shardingColumn), table),
                    [&](const QList<QVariant> &row) {
                        if (cancel && cancel->load()) {
                            stopped = true;
                            return false;
                        }
                        if (!row.value(0).isValid())
                            return true;
                        const QByteArray key = row.value(0).toString().toUtf8();
                        const int a = oldRouter.routeIndex(t.logicTable, key);
                        const int b = newRouter.routeIndex(t.logicTable, key);
                        if (a >= 0 && b >= 0 && oldConfig.table(t.logicTable)->dataNodes.at(a) == p.source
                            && next.config.table(t.logicTable)->dataNodes.at(b) == p.target)
                            ++n;
                        return true;
                    });
                if (stopped) {
                    r.cancelled = true;
                    return r;
                }
                if (!ok) {
                    failed(r, p.source, server, c, &deadServers);
                    continue;
                }
                p.exactRows = n;
            }
            ++r.counted;
            if (progress)
                progress(++done, total);
        }
    }
    return r;
}

} // namespace sp::planning
