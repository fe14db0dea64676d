#include "core/planning/DualMasterStrategy.h"

#include "core/config/JdbcUrl.h"
#include "core/config/Printable.h"
#include "core/planning/PlanBuilder.h"

namespace sp::planning {

Text DualMasterStrategy::summary() const
{
    return msg("dual-master doubling: replicate each instance to a new one, switch %N -> %2N, cut "
               "replication, purge the half each side no longer owns");
}

// The half the OLD instance keeps: the mod-double predicate (residue range [N, 2N-1]) turned to [0, N-1].
static MovePredicate keptHalf(const MovePredicate &moved, quint32 n)
{
    MovePredicate p = moved;
    for (HashTerm &t : p.terms)
        if (t.kind == HashTerm::Kind::Residue && t.modulus == 2 * n && t.lo == n) {
            t.lo = 0;
            t.hi = n - 1;
        }
    return p;
}

PlanOutcome DualMasterStrategy::plan(const PlanInput &input) const
{
    PlanOutcome out;
    const QStringList oldDs = builder::shardedDataSources(input.config);
    const int n = int(oldDs.size());
    if (n < 1) {
        out.fail(msg("the config has no sharded data sources"));
        return out;
    }
    if (input.request.toCount != 0 && input.request.toCount != 2 * n) {
        out.fail(msg("dual-master doubles: %1 -> %2 databases only", {n, 2 * n}));
        return out;
    }
    Diagnostics warnings;
    const NewConfig next = builder::patchDatabaseCount(input, 2 * n, &warnings);
    if (!next.ok()) {
        out.fail(next.errorText);
        return out;
    }
    ExpansionPlan plan = builder::header(input, id(), next);
    plan.request.toCount = 2 * n;
    plan.setDescription(msg("%1 -> %2 databases by dual-master doubling (replica per instance)", {n, 2 * n}));
    MoveAnalysisOptions opt;
    opt.modDoubleForm = true;
    builder::fillMoves(input, next, opt, &plan);
    plan.warnings = warnings + plan.warnings;

    QList<PlanStep> &s = plan.steps;
    const builder::Schemas oldSchema(input.config), newSchema(next.config);
    for (int i = 0; i < n; ++i) {
        const QString a = oldDs.at(i);
        const QString b = next.changes.value(i).name;
        const DataSourceDef *ad = input.config.dataSource(a);
        const JdbcUrl au = JdbcUrl::parse(ad ? ad->url : QString());
        const JdbcUrl bu = JdbcUrl::parse(next.changes.value(i).url);
        const QString schema = oldSchema(a);
        s << PlanStep::make(
            QStringLiteral("D1"), msg("Check %1 can be a replication source", {a}),
            msg("Binary log on with GTIDs; %1 needs its own server_id.", {b}), a,
            {QStringLiteral("SELECT @@log_bin, @@binlog_format, @@gtid_binlog_pos, @@server_id")});
        s << PlanStep::make(
            QStringLiteral("D2"), msg("Consistent copy %1 -> %2", {a, b}),
            msg("mariadb-dump --single-transaction --master-data=2 --gtid --routines --triggers "
                "--databases %1 -h %2 -P %3 | mariadb -h %4 -P %5   (or mariabackup --backup / "
                "--prepare / --copy-back); note the GTID position written in the dump header",
                {schema, au.host, au.port, bu.host, bu.port}),
            QString(), {});
        s << PlanStep::make(
                 QStringLiteral("D3"), msg("Replicate %1 -> %2", {a, b}), {}, b,
            {QStringLiteral("SET GLOBAL gtid_slave_pos = '<GTID from the dump header>'"),
             QStringLiteral("CHANGE MASTER TO MASTER_HOST='%1', MASTER_PORT=%2, MASTER_USER='<repl user>', "
                            "MASTER_PASSWORD='<from the keychain>', MASTER_USE_GTID=slave_pos")
                 .arg(QString(au.host).replace(QLatin1Char('\''), QStringLiteral("''")))
                 .arg(au.port),
             QStringLiteral("START SLAVE")})
                 .asTemplate();
        s << PlanStep::make(
            QStringLiteral("D4"), msg("Replicate %1 -> %2 (dual master)", {b, a}),
            msg("Both sides accept writes while applications switch one by one."), a,
            {QStringLiteral("CHANGE MASTER TO MASTER_HOST='%1', MASTER_PORT=%2, MASTER_USER='<repl user>', "
                            "MASTER_PASSWORD='<from the keychain>', MASTER_USE_GTID=slave_pos")
                 .arg(QString(bu.host).replace(QLatin1Char('\''), QStringLiteral("''")))
                 .arg(bu.port),
             QStringLiteral("START SLAVE")})
                 .asTemplate();
        s << PlanStep::make(
            QStringLiteral("D5"), msg("Interleave AUTO_INCREMENT on %1 / %2", {a, b}),
            msg("Odd ids on %1, even ids on %2 while both take writes (new sessions only).", {a, b}),
            a + QLatin1Char(',') + b,
            {QStringLiteral("-- on %1: SET GLOBAL auto_increment_increment = 2, auto_increment_offset = 1")
                 .arg(commentText(a)),
             QStringLiteral("-- on %1: SET GLOBAL auto_increment_increment = 2, auto_increment_offset = 2")
                 .arg(commentText(b))});
    }
    s << PlanStep::make(QStringLiteral("D6"), msg("Wait for replication lag 0 on every pair"),
                        msg("On every new instance the replica status shows Seconds_Behind_Master = 0 and "
                            "both replication threads running (Slave_IO_Running, Slave_SQL_Running: Yes)."),
                        QString(), {QStringLiteral("SHOW SLAVE STATUS")});
    QList<Text> mapping;
    for (int i = 0; i < n; ++i)
        mapping << msg("%1 (old %%2 = %3) -> %1 (%%4 = %3) + %5 (%%4 = %6)",
                       {oldDs.at(i), n, i, 2 * n, next.changes.value(i).name, i + n});
    s << PlanStep::make(QStringLiteral("D7"), msg("Switch the config %%1 -> %%2", {n, 2 * n}),
                        msg("Deploy new-config.yaml; reload instance by instance (seconds). Mapping: %1",
                            {joined(mapping, QStringLiteral("; "))}),
                        QString(), {});
    for (int i = 0; i < n; ++i)
        for (const QString &ds : {oldDs.at(i), next.changes.value(i).name})
            s << PlanStep::make(QStringLiteral("D8"), msg("Stop and reset replication on %1", {ds}), {}, ds,
                                {QStringLiteral("STOP SLAVE"), QStringLiteral("RESET SLAVE ALL")});
    for (const TablePlan &t : std::as_const(plan.tables)) {
        if (t.broadcast)
            continue;
        for (const MovePair &p : t.pairs) {
            const QString schema = oldSchema(p.source.dataSource);
            const QString oldT = builder::qualified(schema, p.source.table);
            const QString newT = builder::qualified(newSchema(p.target.dataSource), p.target.table);
            const bool client = p.predicate.kind == MovePredicate::Kind::Client;
            // No comment after a statement: it would swallow the next one in a script.
            const QString dropOld = client ? QStringLiteral("DELETE FROM %1 WHERE <pk> IN (<keys the new config routes to %2>)")
                                                 .arg(oldT, p.target.toString())
                                           : QStringLiteral("DELETE FROM %1 WHERE %2 LIMIT 10000")
                                                 .arg(oldT, p.predicate.sql());
            const QString dropNew = client ? QStringLiteral("DELETE FROM %1 WHERE <pk> IN (<keys the new config routes to %2>)")
                                                 .arg(newT, p.source.toString())
                                           : QStringLiteral("DELETE FROM %1 WHERE %2 LIMIT 10000")
                                                 .arg(newT, keptHalf(p.predicate, quint32(n)).sql());
            const Text chunks = client ? msg("Destructive; in chunks.")
                                       : msg("Destructive; in chunks: repeat the DELETE until it affects 0 rows.");
            PlanStep a = PlanStep::make(
                QStringLiteral("D9"),
                msg("Purge on %1 the half now served by %2", {p.source.toString(), p.target.toString()}), chunks,
                p.source.dataSource, {dropOld}, true);
            PlanStep b = PlanStep::make(
                QStringLiteral("D9"),
                msg("Purge on %1 the half still served by %2", {p.target.toString(), p.source.toString()}), chunks,
                p.target.dataSource, {dropNew}, true);
            a.templated = b.templated = client;
            s << a << b;
        }
    }
    s << PlanStep::make(QStringLiteral("D10"), msg("Set up high availability for the new pairs"),
                        msg("The old pairing is gone; give every instance its own replica again."), QString(),
                        {});
    plan.creates.clear(); // the copy brings schemas and tables
    plan.addAssumption(
        msg("the whole instance is copied by replication (all rows), then half is deleted on each side"));
    plan.addAssumption(msg("write stop: only the config reload (seconds); no row copy during the switch"));
    plan.warnings << Diagnostic::make(Severity::Warning, QStringLiteral("plan.dual-master-space"),
                                      msg("each new instance first receives a full copy of its old instance: "
                                          "plan disk for 100% of the data until the D9 purge"));
    out.plan = plan;
    return out;
}

} // namespace sp::planning
