#include "core/planning/DualMasterStrategy.h"

#include "core/config/JdbcUrl.h"
#include "core/planning/PlanBuilder.h"

namespace sp::planning {

QString DualMasterStrategy::summary() const
{
    return QStringLiteral("dual-master doubling: replicate each instance to a new one, switch %N -> %2N, cut "
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
        out.error = QStringLiteral("the config has no sharded data sources");
        return out;
    }
    if (input.request.toCount != 0 && input.request.toCount != 2 * n) {
        out.error = QStringLiteral("dual-master doubles: %1 -> %2 databases only").arg(n).arg(2 * n);
        return out;
    }
    Diagnostics warnings;
    const NewConfig next = builder::patchDatabaseCount(input, 2 * n, &warnings);
    if (!next.ok()) {
        out.error = next.error;
        return out;
    }
    ExpansionPlan plan = builder::header(input, id(), next);
    plan.request.toCount = 2 * n;
    plan.description = QStringLiteral("%1 -> %2 databases by dual-master doubling (replica per instance)").arg(n).arg(2 * n);
    MoveAnalysisOptions opt;
    opt.modDoubleForm = true;
    builder::fillMoves(input, next, opt, &plan);
    plan.warnings = warnings + plan.warnings;

    QList<PlanStep> &s = plan.steps;
    for (int i = 0; i < n; ++i) {
        const QString a = oldDs.at(i);
        const QString b = next.changes.value(i).name;
        const DataSourceDef *ad = input.config.dataSource(a);
        const JdbcUrl au = JdbcUrl::parse(ad ? ad->url : QString());
        const JdbcUrl bu = JdbcUrl::parse(next.changes.value(i).url);
        const QString schema = builder::schemaOf(input.config, a);
        s << PlanStep{QStringLiteral("D1"), QStringLiteral("Check %1 can be a replication source").arg(a),
                      QStringLiteral("Binary log on with GTIDs; %1 needs its own server_id.").arg(b), a,
                      {QStringLiteral("SELECT @@log_bin, @@binlog_format, @@gtid_binlog_pos, @@server_id")}, false};
        s << PlanStep{QStringLiteral("D2"), QStringLiteral("Consistent copy %1 -> %2").arg(a, b),
                      QStringLiteral("mariadb-dump --single-transaction --master-data=2 --gtid --routines --triggers "
                                     "--databases %1 -h %2 -P %3 | mariadb -h %4 -P %5   (or mariabackup --backup / "
                                     "--prepare / --copy-back); note the GTID position written in the dump header")
                          .arg(schema, au.host)
                          .arg(au.port)
                          .arg(bu.host)
                          .arg(bu.port),
                      QString(), {}, false};
        s << PlanStep{QStringLiteral("D3"), QStringLiteral("Replicate %1 -> %2").arg(a, b), QString(), b,
                      {QStringLiteral("SET GLOBAL gtid_slave_pos = '<GTID from the dump header>'"),
                       QStringLiteral("CHANGE MASTER TO MASTER_HOST='%1', MASTER_PORT=%2, MASTER_USER='<repl user>', "
                                      "MASTER_PASSWORD='<from the keychain>', MASTER_USE_GTID=slave_pos")
                           .arg(au.host)
                           .arg(au.port),
                       QStringLiteral("START SLAVE")},
                      false};
        s << PlanStep{QStringLiteral("D4"), QStringLiteral("Replicate %1 -> %2 (dual master)").arg(b, a),
                      QStringLiteral("Both sides accept writes while applications switch one by one."), a,
                      {QStringLiteral("CHANGE MASTER TO MASTER_HOST='%1', MASTER_PORT=%2, MASTER_USER='<repl user>', "
                                      "MASTER_PASSWORD='<from the keychain>', MASTER_USE_GTID=slave_pos")
                           .arg(bu.host)
                           .arg(bu.port),
                       QStringLiteral("START SLAVE")},
                      false};
        s << PlanStep{QStringLiteral("D5"), QStringLiteral("Interleave AUTO_INCREMENT on %1 / %2").arg(a, b),
                      QStringLiteral("Odd ids on %1, even ids on %2 while both take writes (new sessions only).").arg(a, b),
                      a + QLatin1Char(',') + b,
                      {QStringLiteral("-- on %1: SET GLOBAL auto_increment_increment = 2, auto_increment_offset = 1").arg(a),
                       QStringLiteral("-- on %1: SET GLOBAL auto_increment_increment = 2, auto_increment_offset = 2").arg(b)},
                      false};
    }
    s << PlanStep{QStringLiteral("D6"), QStringLiteral("Wait for replication lag 0 on every pair"), QString(), QString(),
                  {QStringLiteral("SHOW SLAVE STATUS  -- Seconds_Behind_Master = 0, Slave_IO/SQL_Running = Yes")}, false};
    QStringList mapping;
    for (int i = 0; i < n; ++i)
        mapping << QStringLiteral("%1 (old %%2 = %3) -> %1 (%%4 = %3) + %5 (%%4 = %6)")
                       .arg(oldDs.at(i))
                       .arg(n)
                       .arg(i)
                       .arg(2 * n)
                       .arg(next.changes.value(i).name)
                       .arg(i + n);
    s << PlanStep{QStringLiteral("D7"), QStringLiteral("Switch the config %%1 -> %%2").arg(n).arg(2 * n),
                  QStringLiteral("Deploy new-config.yaml; reload instance by instance (seconds). Mapping: ")
                      + mapping.join(QStringLiteral("; ")),
                  QString(), {}, false};
    for (int i = 0; i < n; ++i)
        for (const QString &ds : {oldDs.at(i), next.changes.value(i).name})
            s << PlanStep{QStringLiteral("D8"), QStringLiteral("Stop and reset replication on %1").arg(ds), QString(), ds,
                          {QStringLiteral("STOP SLAVE"), QStringLiteral("RESET SLAVE ALL")}, false};
    for (const TablePlan &t : std::as_const(plan.tables)) {
        if (t.broadcast)
            continue;
        for (const MovePair &p : t.pairs) {
            const QString schema = builder::schemaOf(input.config, p.source.dataSource);
            const QString oldT = builder::qualified(schema, p.source.table);
            const QString newT = builder::qualified(builder::schemaOf(next.config, p.target.dataSource), p.target.table);
            const bool client = p.predicate.kind == MovePredicate::Kind::Client;
            const QString dropOld = client ? QStringLiteral("DELETE FROM %1 WHERE <pk> IN (<keys the new config routes to %2>)")
                                                 .arg(oldT, p.target.toString())
                                           : QStringLiteral("DELETE FROM %1 WHERE %2 LIMIT 10000  -- repeat until 0 rows")
                                                 .arg(oldT, p.predicate.sql());
            const QString dropNew = client ? QStringLiteral("DELETE FROM %1 WHERE <pk> IN (<keys the new config routes to %2>)")
                                                 .arg(newT, p.source.toString())
                                           : QStringLiteral("DELETE FROM %1 WHERE %2 LIMIT 10000  -- repeat until 0 rows")
                                                 .arg(newT, keptHalf(p.predicate, quint32(n)).sql());
            s << PlanStep{QStringLiteral("D9"), QStringLiteral("Purge on %1 the half now served by %2").arg(p.source.toString(), p.target.toString()),
                          QStringLiteral("Destructive; in chunks."), p.source.dataSource, {dropOld}, true};
            s << PlanStep{QStringLiteral("D9"), QStringLiteral("Purge on %1 the half still served by %2").arg(p.target.toString(), p.source.toString()),
                          QStringLiteral("Destructive; in chunks."), p.target.dataSource, {dropNew}, true};
        }
    }
    s << PlanStep{QStringLiteral("D10"), QStringLiteral("Set up high availability for the new pairs"),
                  QStringLiteral("The old pairing is gone; give every instance its own replica again."), QString(), {}, false};
    plan.creates.clear(); // the copy brings schemas and tables
    plan.assumptions << QStringLiteral("the whole instance is copied by replication (all rows), then half is deleted on each side")
                     << QStringLiteral("write stop: only the config reload (seconds); no row copy during the switch");
    plan.warnings << Diagnostic{Severity::Warning, QStringLiteral("plan.dual-master-space"),
                                QStringLiteral("each new instance first receives a full copy of its old instance: "
                                               "plan disk for 100% of the data until the D9 purge"),
                                {}, {}};
    out.plan = plan;
    return out;
}

} // namespace sp::planning
