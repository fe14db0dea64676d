#include "core/planning/PlanChecks.h"

#include <QHash>
#include <QSet>

#include <algorithm>

namespace sp::planning {

namespace {
void add(ExpansionPlan *plan, Severity s, const char *code, const Text &message, const Text &hint = {})
{
    plan->warnings << Diagnostic::make(s, QString::fromLatin1(code), message, {}, hint);
}

// The snapshot's statistics by node ("ds.table"), the first entry of a node; hashed once.
QHash<QString, const TableStats *> statsByNode(const PlanInput &input)
{
    QHash<QString, const TableStats *> out;
    if (!input.snapshot)
        return out;
    const auto &tables = input.snapshot->tables;
    for (qsizetype i = tables.size() - 1; i >= 0; --i)
        out.insert(tables.at(i).node.toString(), &tables.at(i));
    return out;
}

qint64 rowsOf(const QHash<QString, const TableStats *> &stats, const DataNode &n, qint64 *autoInc)
{
    const TableStats *s = stats.value(n.toString());
    if (!s)
        return -1;
    if (autoInc)
        *autoInc = s->autoIncrement;
    return s->rows();
}
} // namespace

void PlanChecks::run(const PlanInput &input, const NewConfig &next, ExpansionPlan *plan)
{
    const ShardingConfig &oldC = input.config;
    const ConfigLookup oldLookup(oldC);
    const QHash<QString, const TableStats *> stats = statsByNode(input);
    QHash<QString, QList<int>> planTables; // case-folded logic table -> indexes into plan->tables
    for (int i = 0; i < plan->tables.size(); ++i)
        planTables[plan->tables.at(i).logicTable.toCaseFolded()] << i;
    // Binding groups: every table of a group must move between the same data sources with the same
    // predicate shape (column names differ only when the group is misconfigured).
    for (const BindingGroup &g : oldC.bindingGroups) {
        QMap<QString, QStringList> shape; // table -> "src->dst: sql" lines with the column neutralised
        QList<int> members;               // the group's plan tables, in plan order
        QSet<QString> names;
        for (const QString &name : g.tables)
            if (!names.contains(name.toCaseFolded())) {
                names.insert(name.toCaseFolded());
                members += planTables.value(name.toCaseFolded());
            }
        std::sort(members.begin(), members.end());
        for (const int i : std::as_const(members)) {
            const TablePlan &t = plan->tables.at(i);
            QStringList lines;
            for (const MovePair &p : t.pairs) {
                QString sql = p.predicate.sql();
                sql.replace(quoteIdent(t.shardingColumn), QStringLiteral("<key>"));
                lines << p.source.dataSource + QStringLiteral("->") + p.target.dataSource + QLatin1Char(':')
                             + kindName(p.predicate.kind) + QLatin1Char(':') + sql;
            }
            lines.removeDuplicates();
            lines.sort();
            shape.insert(t.logicTable, lines);
        }
        const QList<QStringList> shapes = shape.values();
        bool same = true;
        for (const QStringList &s : shapes)
            if (s != shapes.value(0))
                same = false;
        if (!same)
            add(plan, Severity::Error, "plan.binding-split",
                msg("binding group %1 would not move together: its tables get different predicates",
                    {g.tables.join(QLatin1Char(','))}),
                msg("give every table of the group the same sharding column and algorithms"));
        else if (shapes.size() > 1)
            add(plan, Severity::Info, "plan.binding-together",
                msg("binding group %1 moves together (same predicates per data source pair)",
                    {g.tables.join(QLatin1Char(','))}));
    }
    if (!oldC.broadcastTables.isEmpty()) {
        QStringList names;
        for (const auto &b : oldC.broadcastTables)
            names << b.name;
        bool adds = false;
        for (const auto &c : next.changes)
            adds = adds || c.added;
        if (adds)
            add(plan, Severity::Info, "plan.broadcast-copy",
                msg("broadcast tables %1 are copied whole to every new data source",
                    {names.join(QLatin1Char(','))}));
    }
    // AUTO_INCREMENT: a target fed by several sources (or keeping its own rows) may see colliding ids.
    for (const TablePlan &t : std::as_const(plan->tables)) {
        if (t.broadcast)
            continue;
        QMap<DataNode, QList<DataNode>> feeds;
        for (const MovePair &p : t.pairs)
            feeds[p.target] << p.source;
        bool carryNoted = false;
        const TableRule *oldRule = oldLookup.table(t.logicTable);
        QSet<QString> oldNodes; // hashed: a node per target would scan every old node
        if (oldRule && !feeds.isEmpty())
            for (const DataNode &n : oldRule->dataNodes)
                oldNodes.insert(n.toString());
        for (auto it = feeds.cbegin(); it != feeds.cend(); ++it) {
            QList<DataNode> sources = it.value();
            const bool existing = oldNodes.contains(it.key().toString());
            if (existing)
                sources.prepend(it.key());
            if (sources.size() < 2) {
                if (!carryNoted) {
                    add(plan, Severity::Info, "plan.autoinc-carry",
                        msg("%1: set AUTO_INCREMENT on each new node at least to its source's before writes "
                            "resume, so ids stay unique across the move",
                            {t.logicTable}));
                    carryNoted = true;
                }
                continue;
            }
            QStringList known;
            int withIds = 0;
            bool unknown = false;
            for (const DataNode &s : sources) {
                qint64 ai = -1;
                const qint64 rows = rowsOf(stats, s, &ai);
                if (rows < 0)
                    unknown = true;
                else if (ai > 1) {
                    ++withIds;
                    known << s.toString() + QStringLiteral(" AUTO_INCREMENT=") + QString::number(ai);
                }
            }
            if (withIds >= 2)
                add(plan, Severity::Warning, "plan.autoinc-collision",
                    msg("%1: rows from %2 merge into %3 and their AUTO_INCREMENT ids overlap (%4)",
                        {t.logicTable, sources.size(), it.key().toString(),
                         known.join(QStringLiteral(", "))}),
                    msg("copy without the surrogate id (let the target assign it) or offset ids per source"));
            else if (unknown)
                add(plan, Severity::Warning, "plan.autoinc-unknown",
                    msg("%1: rows from %2 sources merge into %3; AUTO_INCREMENT ids may collide (checked at "
                        "execution)",
                        {t.logicTable, sources.size(), it.key().toString()}));
        }
        if (t.clientSide) {
            Text note;
            for (const MovePair &p : t.pairs)
                if (!p.predicate.clientNote.isEmpty())
                    note = textOf(p.predicate.clientNote, p.predicate.clientNoteText);
            add(plan, Severity::Warning, "plan.client-side",
                msg("%1: no SQL predicate (%2); every row's %3 is streamed in primary-key chunks and routed "
                    "with the old and new configs, which is slower than a pushed-down predicate",
                    {t.logicTable, note, t.shardingColumn}),
                msg("route by CRC32_MOD so SQL can select the moving rows"));
        }
    }
    refreshCapacity(input, plan);
    add(plan, Severity::Info, "plan.pk-unchecked",
        msg("primary keys are checked at execution: a table without one cannot be copied in chunks and "
            "stops the run at its preflight"));
}

void PlanChecks::refreshCapacity(const PlanInput &input, ExpansionPlan *plan)
{
    const ShardingConfig &oldC = input.config;
    // Replaced where it stands, so the findings keep their order.
    qsizetype at = -1;
    for (qsizetype i = plan->warnings.size() - 1; i >= 0; --i)
        if (plan->warnings.at(i).code == QLatin1String("plan.capacity") ||
            plan->warnings.at(i).code == QLatin1String("plan.capacity-ok")) {
            plan->warnings.removeAt(i);
            at = i;
        }
    const qsizetype before = plan->warnings.size();
    // Capacity after the expansion: expected rows per node = kept + received.
    if (input.snapshot) {
        const ConfigLookup oldLookup(oldC);
        QMap<DataNode, double> after;
        QMap<DataNode, QString> tableOf;
        for (const TableStats &s : input.snapshot->tables)
            if (s.rows() >= 0 && !s.logicTable.isEmpty() && !oldLookup.isBroadcast(s.logicTable)) {
                after[s.node] += double(s.rows());
                tableOf[s.node] = s.logicTable;
            }
        for (const TablePlan &t : std::as_const(plan->tables))
            for (const MovePair &p : t.pairs)
                if (!t.broadcast && p.rows() >= 0) {
                    after[p.source] -= double(p.rows());
                    after[p.target] += double(p.rows());
                }
        DataNode worst;
        double max = -1;
        for (auto it = after.cbegin(); it != after.cend(); ++it)
            if (it.value() > max) {
                max = it.value();
                worst = it.key();
            }
        if (max > double(input.request.rowLimit))
            add(plan, Severity::Warning, "plan.capacity",
                msg("%1 would still hold about %2 rows after the expansion (limit %3)",
                    {worst.toString(), qint64(max), input.request.rowLimit}),
                msg("expand further or split the table"));
        else if (max >= 0)
            add(plan, Severity::Info, "plan.capacity-ok",
                msg("largest node after the expansion: %1 with about %2 rows (%3% of the %4 limit)",
                    {worst.toString(), qint64(max),
                     QString::number(100.0 * max / double(input.request.rowLimit), 'f', 1),
                     input.request.rowLimit}));
    }
    if (at >= 0 && plan->warnings.size() > before) // move the new finding to where the old one was
        plan->warnings.move(plan->warnings.size() - 1, std::min(at, plan->warnings.size() - 1));
}

} // namespace sp::planning
