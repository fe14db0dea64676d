#include "core/planning/WhatIf.h"

#include "core/config/ConfigLoader.h"
#include "core/planning/PlanBuilder.h"
#include "core/routing/AlgorithmDefaults.h"

#include <QJsonArray>
#include <QSet>

#include <algorithm>

namespace sp::planning {

// As QString::arg(double) writes it (the CLI's text is unchanged).
static QString number(double v)
{
    return QStringLiteral("%1").arg(v);
}

WhatIfRow WhatIf::summarize(const PlanInput &input, const PlanOutcome &outcome, StrategyId id,
                            const WhatIfOptions &options)
{
    WhatIfRow r;
    r.strategy = id;
    r.nodesBefore = int(builder::shardedDataSources(input.config).size());
    if (!outcome.plan) {
        r.reason = outcome.error;
        r.reasonText = textOf(outcome.error, outcome.errorText);
        return r;
    }
    const ExpansionPlan &plan = *outcome.plan;
    r.feasible = true;
    r.description = plan.description;
    r.descriptionText = textOf(plan.description, plan.descriptionText);
    r.steps = int(plan.steps.size());
    const LoadResult next = ConfigLoader::loadText(plan.newConfigText.toUtf8(), plan.sourcePath);
    r.nodesAfter = int(builder::shardedDataSources(next.config).size());
    // Shares: rows-weighted with a snapshot, else the mean key share over sharded tables.
    double keyShare = 0;
    int tables = 0;
    qint64 rows = 0, bytes = 0, totalRows = 0;
    // Rows of the sources the snapshot counted; the others (an instance down) are named, not guessed.
    bool anyKnown = false;
    QStringList missing;
    QSet<QString> missingSet; // hashed: one look per move pair
    const auto noteMissing = [&](const QString &ds) {
        if (!missingSet.contains(ds)) {
            missingSet.insert(ds);
            missing << ds;
        }
    };
    r.skewFromRows = true;
    for (const TablePlan &t : plan.tables) {
        if (t.broadcast)
            continue;
        keyShare += t.movedKeyShare;
        ++tables;
        r.skewAfter = qMax(r.skewAfter, t.skewAfter);
        r.skewFromRows = r.skewFromRows && t.skewFromRows;
        for (const QString &ds : t.skewRowsMissing)
            if (!r.skewWithoutRows.contains(ds))
                r.skewWithoutRows << ds;
        for (const MovePair &p : t.pairs) {
            if (p.estimatedRows < 0) {
                noteMissing(p.source.dataSource);
                continue;
            }
            anyKnown = true;
            rows += p.estimatedRows;
            bytes += qMax<qint64>(0, p.estimatedBytes);
        }
    }
    QMap<QString, qint64> rowsPerSource;
    const ConfigLookup lookup(input.config);
    if (input.snapshot)
        for (const TableStats &s : input.snapshot->tables)
            if (!s.logicTable.isEmpty() && !lookup.isBroadcast(s.logicTable)) {
                if (s.rows() < 0)
                    noteMissing(s.node.dataSource);
                if (s.rows() > 0) {
                    totalRows += s.rows();
                    rowsPerSource[s.node.dataSource] += s.rows();
                }
            }
    r.skewFromRows = r.skewFromRows && tables > 0;
    std::sort(r.skewWithoutRows.begin(), r.skewWithoutRows.end());
    const bool haveRows = input.snapshot.has_value() && anyKnown;
    if (haveRows && !missing.isEmpty()) {
        std::sort(missing.begin(), missing.end());
        r.partial = true;
        r.sourcesWithoutRows = missing;
    }
    r.shareMoved = tables ? keyShare / tables : 0;
    if (haveRows && totalRows > 0) {
        r.rowsMoved = rows;
        r.bytesMoved = bytes;
        r.shareMoved = double(rows) / double(totalRows);
    }
    r.shareCopied = r.shareMoved;
    r.rowsCopied = r.rowsMoved;
    qint64 maxSource = 0;
    for (qint64 v : std::as_const(rowsPerSource))
        maxSource = qMax(maxSource, v);
    if (id == StrategyId::DualMaster) {
        r.shareCopied = 1.0;
        r.rowsCopied = haveRows ? totalRows : -1;
        r.writeStopSeconds = options.reloadSeconds;
        r.writeStopText = msg("config reload only (%1 s); replication keeps both sides current",
                              {number(options.reloadSeconds)});
        if (options.measuredDualWriteStopSec >= 0) {
            r.writeStopSeconds = options.measuredDualWriteStopSec;
            r.writeStopText = msg("measured: %1 s (D7) by migrate_bench --dual-vs-copy on %2",
                                  {number(options.measuredDualWriteStopSec), options.measuredOn});
        }
        r.addRisk(msg("full copy of every instance: 2x disk until the purge"));
        r.addRisk(msg("both sides accept writes during the switch: AUTO_INCREMENT must be interleaved"));
        r.addRisk(msg("only doubling (N -> 2N)"));
    } else {
        const double scan = maxSource > 0 ? double(maxSource) / options.verifyRowsPerSecond : 0;
        r.writeStopSeconds = options.cutoverSeconds + scan;
        r.writeStopText =
            maxSource > 0
                ? msg("%1 s to drain capture and switch + T5 verification scanning the largest source "
                      "instance (%2 rows) at %3 rows/s",

                      {number(options.cutoverSeconds), maxSource,
                       QString::number(options.verifyRowsPerSecond, 'f', 0)})
                : msg("%1 s to drain capture and switch; verification time unknown without row counts",
                      {number(options.cutoverSeconds)});
        if (id == StrategyId::ModDouble && options.measuredCopyWriteStopSec >= 0) {
            r.writeStopSeconds = options.measuredCopyWriteStopSec;
            r.writeStopText = msg("measured: %1 s (T4..T7, grows with the rows T5 verifies) by migrate_bench "
                                  "--dual-vs-copy on %2",
                                  {number(options.measuredCopyWriteStopSec), options.measuredOn});
        }
        if (id == StrategyId::Ring)
            r.addRisk(msg("balance depends on virtual nodes (see the balance series)"));
        else
            r.addRisk(msg("only the hash modulo changes: every later expansion doubles again"));
    }
    r.writeStopAssumption = r.writeStopText.text;
    // A warning of the plan is a risk: its sentence with its code (the code alone said nothing to a
    // reader, and the console showed it untranslated); one per code.
    QSet<QString> codes;
    for (const Diagnostic &d : plan.warnings)
        if (d.severity != Severity::Info && !codes.contains(d.code)) {
            codes.insert(d.code);
            r.addRisk(msg("%1 [%2]", {textOf(d.message, d.messageText), d.code}));
        }
    return r;
}

WhatIfReport WhatIf::compare(const PlanInput &input, const WhatIfOptions &options)
{
    WhatIfReport rep;
    rep.configPath = input.configPath;
    rep.basisText = input.snapshot ? msg("snapshot rows and bytes; shares from the routing functions")
                                   : msg("offline: shares of the key space (uniform keys), no row counts");
    rep.basis = rep.basisText.text;
    const int n = int(builder::shardedDataSources(input.config).size());
    for (StrategyId id : {StrategyId::ModDouble, StrategyId::DualMaster, StrategyId::Ring}) {
        PlanInput in = input;
        in.request.strategy = id;
        in.request.toCount = 2 * n;
        in.request.removeNodes.clear();
        in.request.addNodes.clear();
        rep.rows << summarize(in, makePlan(in), id, options);
    }
    const DataSourceNames names = dataSourceNames(input.config, 2 * n);
    const QStringList after = names.current + names.added;
    rep.ringBalance = RingBalance::series(after, options.balanceMaxVirtualNodes, options.balanceStep);
    return rep;
}

QJsonObject WhatIfReport::toJson() const
{
    QJsonArray rs;
    for (const WhatIfRow &r : rows) {
        QJsonArray risks;
        for (const QString &k : r.risks)
            risks.append(k);
        const QJsonArray withoutRows = QJsonArray::fromStringList(r.sourcesWithoutRows);
        rs.append(
            QJsonObject{{QStringLiteral("strategy"), strategyName(r.strategy)},
                        {QStringLiteral("feasible"), r.feasible},
                        {QStringLiteral("reason"), r.reason},
                        {QStringLiteral("description"), r.description},
                        {QStringLiteral("nodesBefore"), r.nodesBefore},
                        {QStringLiteral("nodesAfter"), r.nodesAfter},
                        {QStringLiteral("shareMoved"), r.shareMoved},
                        {QStringLiteral("shareCopied"), r.shareCopied},
                        {QStringLiteral("rowsMoved"), double(r.rowsMoved)},
                        {QStringLiteral("bytesMoved"), double(r.bytesMoved)},
                        {QStringLiteral("rowsCopied"), double(r.rowsCopied)},
                        {QStringLiteral("skewAfter"), r.skewAfter},
                        {QStringLiteral("skewFromRows"), r.skewFromRows},
                        {QStringLiteral("skewWithoutRows"), QJsonArray::fromStringList(r.skewWithoutRows)},
                        {QStringLiteral("writeStopSeconds"), r.writeStopSeconds},
                        {QStringLiteral("writeStopAssumption"), r.writeStopAssumption},
                        {QStringLiteral("steps"), r.steps},
                        {QStringLiteral("risks"), risks},
                        {QStringLiteral("partial"), r.partial},
                        {QStringLiteral("sourcesWithoutRows"), withoutRows}});
    }
    return QJsonObject{{QStringLiteral("format"), QStringLiteral("shardpilot-whatif/1")},
                       {QStringLiteral("config"), configPath},
                       {QStringLiteral("basis"), basis},
                       {QStringLiteral("strategies"), rs},
                       {QStringLiteral("ringBalance"), RingBalance::toJson(ringBalance)}};
}

QString WhatIfReport::toText() const
{
    QString out;
    auto cell = [](const QString &s, int w) { return s.leftJustified(w); };
    out += cell(QStringLiteral("strategy"), 13) + cell(QStringLiteral("nodes"), 8) + cell(QStringLiteral("moved"), 9)
         + cell(QStringLiteral("copied"), 9) + cell(QStringLiteral("rows moved"), 13) + cell(QStringLiteral("skew"), 7)
         + cell(QStringLiteral("write stop"), 12) + cell(QStringLiteral("steps"), 7) + QStringLiteral("risks\n");
    for (const WhatIfRow &r : rows) {
        if (!r.feasible) {
            out += cell(strategyName(r.strategy), 13) + QStringLiteral("not possible: ") + r.reason + QLatin1Char('\n');
            continue;
        }
        out += cell(strategyName(r.strategy), 13)
             + cell(QStringLiteral("%1->%2").arg(r.nodesBefore).arg(r.nodesAfter), 8)
             + cell(QString::number(100 * r.shareMoved, 'f', 1) + QLatin1Char('%'), 9)
             + cell(QString::number(100 * r.shareCopied, 'f', 1) + QLatin1Char('%'), 9)
             + cell(r.rowsMoved >= 0 ? QString::number(r.rowsMoved) : QStringLiteral("-"), 13)
             + cell(QString::number(r.skewAfter, 'f', 3), 7)
             + cell(QString::number(r.writeStopSeconds, 'f', 1) + QStringLiteral(" s"), 12)
             + cell(QString::number(r.steps), 7) + r.risks.join(QStringLiteral("; ")) + QLatin1Char('\n');
    }
    out += QStringLiteral("basis: ") + basis + QLatin1Char('\n');
    for (const WhatIfRow &r : rows)
        if (r.feasible && r.partial) {
            out +=
                QStringLiteral("partial: no row counts from %1; row figures count the other sources only\n")
                    .arg(r.sourcesWithoutRows.join(QStringLiteral(", ")));
            break;
        }
    for (const WhatIfRow &r : rows)
        if (r.feasible && !r.skewWithoutRows.isEmpty()) {
            out += QStringLiteral("skew after: of key shares, not rows: no row counts from %1\n")
                       .arg(r.skewWithoutRows.join(QStringLiteral(", ")));
            break;
        }
    for (const WhatIfRow &r : rows)
        if (r.feasible)
            out += QStringLiteral("write stop (%1): %2\n").arg(strategyName(r.strategy), r.writeStopAssumption);
    if (!ringBalance.isEmpty()) {
        QStringList pts;
        for (const BalancePoint &p : ringBalance)
            if (p.virtualNodes == 1 || p.virtualNodes == 10 || p.virtualNodes == 40 ||
                p.virtualNodes == defaults::kVirtualNodes || p.virtualNodes == 640 || p.virtualNodes == 1024)
                pts << QStringLiteral("%1 vnodes: %2").arg(p.virtualNodes).arg(p.maxOverMean, 0, 'f', 3);
        out += QStringLiteral("ring balance after (max/mean): ") + pts.join(QStringLiteral(", ")) + QLatin1Char('\n');
    }
    return out;
}

} // namespace sp::planning
