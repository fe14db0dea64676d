#include "core/planning/PlanBuilder.h"

#include "core/config/ShardingConfig.h"
#include "core/config/JdbcUrl.h"
#include "core/config/Printable.h"

#include <QSet>

namespace sp::planning::builder {

QList<PlanStep> copySteps(const PlanInput &input, const NewConfig &next, const ExpansionPlan &plan)
{
    const Schemas sourceSchema(input.config);
    const ConfigLookup lookup(input.config);
    QList<PlanStep> steps;
    // T0: schemas and tables on the new data sources: the source's SHOW CREATE TABLE (live plans),
    // else CREATE TABLE ... LIKE where source and target share an instance, else a comment saying
    // the definition needs a live plan. Never an invented definition.
    QMap<QString, QStringList> createSql;
    QMap<QString, bool> complete;
    QSet<QString> createdSchema; // per data source: each CREATE DATABASE once
    for (const CreateSpec &c : plan.creates) {
        QStringList &l = createSql[c.dataSource];
        if (!complete.contains(c.dataSource))
            complete.insert(c.dataSource, true);
        const QString create = QStringLiteral("CREATE DATABASE IF NOT EXISTS %1 DEFAULT CHARACTER SET utf8mb4")
                                   .arg(quoteIdent(c.schema));
        const QString key = c.dataSource + QLatin1Char('\n') + create;
        if (!createdSchema.contains(key)) {
            createdSchema.insert(key);
            l << create;
        }
        const DataSourceDef *from = lookup.dataSource(c.ddlFrom.dataSource);
        const JdbcUrl target = JdbcUrl::parse(c.url);
        const QString source = qualified(sourceSchema(c.ddlFrom.dataSource), c.ddlFrom.table);
        if (!c.ddl.isEmpty()) {
            l << c.ddl;
        } else if (from && target.ok && instanceKey(from->host, from->port) == instanceKey(target.host, target.port)) {
            l << QStringLiteral("CREATE TABLE IF NOT EXISTS %1 LIKE %2").arg(qualified(c.schema, c.table), source);
        } else {
            complete[c.dataSource] = false;
            l << QStringLiteral("-- %1: no table definition in an offline plan; shardctl plan --live includes "
                                "SHOW CREATE TABLE %2 of %3")
                     .arg(commentText(qualified(c.schema, c.table)), commentText(source),
                          commentText(c.ddlFrom.dataSource));
        }
    }
    for (auto it = createSql.cbegin(); it != createSql.cend(); ++it)
        steps << PlanStep::make(QStringLiteral("T0"), msg("Create schema and tables on %1", {it.key()}),
                                complete.value(it.key())
                                    ? msg("Table definitions are those of the source nodes.")
                                    : msg("Table definitions need a live plan (SHOW CREATE TABLE on the source "
                                          "nodes) where source and target are on different instances."),
                                it.key(), it.value());
    QStringList sources;
    QSet<QString> sourceSet; // hashed: one look per move pair
    for (const TablePlan &t : plan.tables)
        for (const MovePair &p : t.pairs)
            if (!sourceSet.contains(p.source.dataSource)) {
                sourceSet.insert(p.source.dataSource);
                sources << p.source.dataSource;
            }
    for (const QString &ds : std::as_const(sources))
        steps << PlanStep::make(
            QStringLiteral("T1"), msg("Start change capture on %1", {ds}),
            msg("Row-based binlog is required; capture applies only keys at or below each "
                "chunk's last primary key."),
            ds, {QStringLiteral("SELECT @@log_bin, @@binlog_format, @@binlog_row_image")});
    for (const TablePlan &t : plan.tables) {
        for (const MovePair &p : t.pairs) {
            const QString src = qualified(sourceSchema(p.source.dataSource), p.source.table);
            const bool client = p.predicate.kind == MovePredicate::Kind::Client;
            const QString sql = client
                ? QStringLiteral("SELECT <primary key>, %1 FROM %2 WHERE <pk> > ? ORDER BY <pk> LIMIT ?")
                      .arg(quoteIdent(t.shardingColumn), src)
                : QStringLiteral("SELECT * FROM %1 WHERE %2 AND <pk> > ? ORDER BY <pk> LIMIT ?")
                      .arg(src, p.predicate.sql());
            steps << PlanStep::make(
                         QStringLiteral("T2"), msg("Backfill %1 -> %2", {p.source.toString(), p.target.toString()}),
                         client ? msg("Copied in primary-key chunks inside consistent snapshots, keeping the rows "
                                      "the old config routes to %1 and the new one to %2.",
                                      {p.source.toString(), p.target.toString()})
                                : msg("Copied in primary-key chunks inside consistent snapshots."),
                         p.source.dataSource, {sql})
                         .asTemplate();
        }
    }
    steps << PlanStep::make(QStringLiteral("T3"), msg("Wait until capture lag is 0"), {}, QString(), {});
    for (const QString &ds : std::as_const(sources))
        steps << PlanStep::make(
            QStringLiteral("T4"), msg("Stop writes on %1", {ds}),
            msg("Uncommitted application transactions fail with error 1290; keep it short."), ds,
            {QStringLiteral("SET GLOBAL read_only = 1")});
    for (const TablePlan &t : plan.tables)
        for (const MovePair &p : t.pairs) {
            if (p.predicate.kind == MovePredicate::Kind::Client)
                continue;
            const QString src = qualified(sourceSchema(p.source.dataSource), p.source.table);
            steps << PlanStep::make(
                QStringLiteral("T5"), msg("Verify %1 -> %2", {p.source.toString(), p.target.toString()}),
                msg("Count and checksum of the moving rows must equal the target's."), p.source.dataSource,
                {QStringLiteral("SELECT COUNT(*) FROM %1 WHERE %2").arg(src, p.predicate.sql())});
        }
    steps << PlanStep::make(QStringLiteral("T6"), msg("Switch the routing config"),
                            msg("Deploy new-config.yaml (%1 data sources) to every application instance.",
                                {next.config.dataSources.size()}),
                            QString(), {});
    for (const QString &ds : std::as_const(sources))
        steps << PlanStep::make(QStringLiteral("T7"), msg("Resume writes on %1", {ds}), {}, ds,
                                {QStringLiteral("SET GLOBAL read_only = 0")});
    steps << PlanStep::make(
        QStringLiteral("T8"), msg("Observe"),
        msg("Keep the moved rows on the sources for 24-48 h so the switch can be undone."), QString(), {});
    for (const TablePlan &t : plan.tables) {
        if (t.broadcast)
            continue;
        for (const MovePair &p : t.pairs) {
            const QString src = qualified(sourceSchema(p.source.dataSource), p.source.table);
            // No comment after a statement: a client reading a script would take the next
            // statement into the comment (purge.sql failed with ERROR 1064).
            if (p.predicate.kind == MovePredicate::Kind::Client) {
                steps << PlanStep::make(QStringLiteral("T9"),
                                        msg("Purge moved rows %1 -> %2", {p.source.toString(), p.target.toString()}),
                                        msg("Destructive: only after T8. The keys are those the new config routes "
                                            "to %1 (routed row by row); delete them in chunks of 1000.",
                                            {p.target.toString()}),
                                        p.source.dataSource,
                                        {QStringLiteral("DELETE FROM %1 WHERE <pk> IN (<keys routed to %2>)")
                                             .arg(src, p.target.toString())},
                                        true)
                             .asTemplate();
                continue;
            }
            steps << PlanStep::make(
                QStringLiteral("T9"),
                msg("Purge moved rows %1 -> %2", {p.source.toString(), p.target.toString()}),
                msg("Destructive: only after T8. Repeat the DELETE until it affects 0 rows."), p.source.dataSource,
                {QStringLiteral("DELETE FROM %1 WHERE %2 LIMIT 10000").arg(src, p.predicate.sql())}, true);
        }
    }
    return steps;
}

} // namespace sp::planning::builder
