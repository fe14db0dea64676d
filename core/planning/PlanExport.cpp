#include "core/planning/PlanExport.h"

#include <QDir>
#include <QFile>
#include <QSaveFile>

namespace sp::planning {

namespace {

QString fmtRows(qint64 v) { return v < 0 ? QStringLiteral("?") : QString::number(v); }
} // namespace

QByteArray PlanExport::createSql(const ExpansionPlan &plan)
{
    QString s = QStringLiteral("-- ShardPilot plan: %1\n-- T0: schemas and tables on the new data sources.\n"
                               "-- Table DDL is taken at execution time with SHOW CREATE TABLE on the node named.\n")
                    .arg(plan.description);
    for (const PlanStep &st : plan.steps)
        if (st.phase == QLatin1String("T0")) {
            s += QStringLiteral("\n-- on %1\n").arg(st.dataSource);
            for (const QString &q : st.sql)
                s += q + (q.startsWith(QLatin1String("--")) ? QStringLiteral("\n") : QStringLiteral(";\n"));
        }
    if (plan.creates.isEmpty())
        s += QStringLiteral("\n-- nothing to create (the strategy copies whole instances)\n");
    return s.toUtf8();
}

QByteArray PlanExport::copySql(const ExpansionPlan &plan)
{
    QString s = QStringLiteral("-- ShardPilot plan: %1\n-- Rows that move, per (source -> target) pair. Run on the source.\n")
                    .arg(plan.description);
    for (const TablePlan &t : plan.tables) {
        s += QStringLiteral("\n-- %1%2\n").arg(t.logicTable, t.broadcast ? QStringLiteral(" (broadcast: copied whole)") : QString());
        for (const MovePair &p : t.pairs) {
            s += QStringLiteral("-- %1 -> %2 (share %3, estimated %4 rows)\n")
                     .arg(p.source.toString(), p.target.toString())
                     .arg(p.share, 0, 'f', 4)
                     .arg(fmtRows(p.estimatedRows));
            if (p.predicate.kind == MovePredicate::Kind::Client)
                s += QStringLiteral("-- no SQL predicate (%1): stream `%2` and route each row with the old and new configs\n")
                         .arg(p.predicate.clientNote, t.shardingColumn);
            else
                s += QStringLiteral("SELECT COUNT(*) FROM %1 WHERE %2;\n")
                         .arg(quoteIdent(p.source.table), p.predicate.sql());
        }
    }
    return s.toUtf8();
}

QByteArray PlanExport::purgeSql(const ExpansionPlan &plan)
{
    QString s = QStringLiteral("-- ShardPilot plan: %1\n-- DESTRUCTIVE. Run only after the switch and the observation "
                               "period; repeat each DELETE until it affects 0 rows.\n")
                    .arg(plan.description);
    for (const PlanStep &st : plan.steps)
        if (st.destructive) {
            s += QStringLiteral("\n-- %1 %2 (on %3)\n").arg(st.phase, st.title, st.dataSource);
            for (const QString &q : st.sql)
                s += q + QStringLiteral(";\n");
        }
    return s.toUtf8();
}

static QString esc(const QString &s) { return s.toHtmlEscaped(); }

QString PlanExport::runbookHtml(const ExpansionPlan &plan)
{
    QString h = QStringLiteral("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>ShardPilot runbook</title>"
                               "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
                               "td,th{border:1px solid #bbb;padding:3px 6px;font-size:90%}code,pre{background:#f4f4f4}"
                               ".destructive{background:#fde0e0}</style></head><body>");
    h += QStringLiteral("<h1>Runbook: %1</h1>").arg(esc(plan.description));
    h += QStringLiteral("<p>Strategy <b>%1</b>, config <code>%2</code> (sha256 %3), created %4.</p>")
             .arg(esc(strategyName(plan.strategy)), esc(plan.sourcePath), esc(plan.sourceSha256.left(16)),
                  esc(plan.createdAt.toString(Qt::ISODate)));
    h += QStringLiteral("<p>Estimates: %1</p>").arg(esc(plan.estimateSource));
    if (!plan.warnings.isEmpty()) {
        h += QStringLiteral("<h2>Checks</h2><ul>");
        for (const Diagnostic &d : plan.warnings)
            h += QStringLiteral("<li><b>%1</b> %2 <small>[%3]</small></li>")
                     .arg(esc(severityName(d.severity)), esc(d.message), esc(d.code));
        h += QStringLiteral("</ul>");
    }
    h += QStringLiteral("<h2>Moves</h2><table><tr><th>table</th><th>source</th><th>target</th><th>predicate</th>"
                        "<th>share</th><th>est. rows</th><th>exact</th></tr>");
    for (const TablePlan &t : plan.tables)
        for (const MovePair &p : t.pairs)
            h += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td><code>%4</code></td><td>%5</td><td>%6</td><td>%7</td></tr>")
                     .arg(esc(t.logicTable), esc(p.source.toString()), esc(p.target.toString()),
                          esc(p.predicate.kind == MovePredicate::Kind::Client ? QStringLiteral("client-side routing")
                                                                               : p.predicate.sql()),
                          QString::number(p.share, 'f', 4),
                          p.estimatedRows < 0  ? QStringLiteral("?")
                          : p.errorRows < 0    ? QStringLiteral("&asymp; %1").arg(p.estimatedRows)
                                               : QStringLiteral("%1 &plusmn; %2").arg(p.estimatedRows).arg(p.errorRows),
                          p.exactRows ? QString::number(*p.exactRows) : QStringLiteral("-"));
    h += QStringLiteral("</table><h2>Steps</h2><ol>");
    for (const PlanStep &s : plan.steps) {
        h += QStringLiteral("<li%1><b>%2</b> %3").arg(s.destructive ? QStringLiteral(" class=\"destructive\"") : QString(),
                                                       esc(s.phase), esc(s.title));
        if (!s.detail.isEmpty())
            h += QStringLiteral("<br>") + esc(s.detail);
        if (!s.sql.isEmpty())
            h += QStringLiteral("<pre>") + esc(s.sql.join(QLatin1Char('\n'))) + QStringLiteral("</pre>");
        h += QStringLiteral("</li>");
    }
    h += QStringLiteral("</ol><h2>Assumptions</h2><ul>");
    for (const QString &a : plan.assumptions)
        h += QStringLiteral("<li>") + esc(a) + QStringLiteral("</li>");
    h += QStringLiteral("</ul></body></html>\n");
    return h;
}

QString PlanExport::text(const ExpansionPlan &plan)
{
    QString s = QStringLiteral("Plan: %1\nStrategy: %2\nEstimates: %3\n")
                    .arg(plan.description, strategyName(plan.strategy), plan.estimateSource);
    for (const DataSourceChange &c : plan.dataSourceChanges)
        s += QStringLiteral("%1 data source %2 %3\n").arg(c.added ? QStringLiteral("add") : QStringLiteral("retire"), c.name, c.url);
    for (const TablePlan &t : plan.tables) {
        s += QStringLiteral("\n%1%2").arg(t.logicTable, t.broadcast ? QStringLiteral(" (broadcast)") : QString());
        if (!t.broadcast)
            s += QStringLiteral(": %1 of keys move; %2 -> %3")
                     .arg(QString::number(100 * t.movedKeyShare, 'f', 2) + QLatin1Char('%'), t.actualDataNodesBefore,
                          t.actualDataNodesAfter);
        s += QLatin1Char('\n');
        for (const MovePair &p : t.pairs) {
            s += QStringLiteral("  %1 -> %2  share %3").arg(p.source.toString(), p.target.toString()).arg(p.share, 0, 'f', 4);
            if (p.estimatedRows >= 0 && p.errorRows >= 0)
                s += QStringLiteral("  est %1 +- %2 rows").arg(p.estimatedRows).arg(p.errorRows);
            else if (p.estimatedRows >= 0)
                s += QStringLiteral("  est ~%1 rows (no bound)").arg(p.estimatedRows);
            if (p.estimatedBytes >= 0)
                s += QStringLiteral(" (%1 bytes)").arg(p.estimatedBytes);
            if (p.exactRows)
                s += QStringLiteral("  exact %1").arg(*p.exactRows);
            s += QStringLiteral("\n    ") + (p.predicate.kind == MovePredicate::Kind::Client
                                                ? QStringLiteral("client-side: ") + p.predicate.clientNote
                                                : p.predicate.sql())
               + QLatin1Char('\n');
        }
    }
    const qint64 tr = plan.totalEstimatedRows();
    if (tr >= 0)
        s += QStringLiteral("\nTotal estimated rows moving: %1 (%2 bytes)\n").arg(tr).arg(plan.totalEstimatedBytes());
    if (!plan.warnings.isEmpty()) {
        s += QStringLiteral("\nChecks:\n");
        for (const Diagnostic &d : plan.warnings)
            s += QStringLiteral("  %1: %2 [%3]\n").arg(severityName(d.severity), d.message, d.code);
    }
    s += QStringLiteral("\nSteps: %1 (use --out DIR for the runbook and SQL scripts)\n").arg(plan.steps.size());
    for (const QString &a : plan.assumptions)
        s += QStringLiteral("Assumption: ") + a + QLatin1Char('\n');
    return s;
}

static bool writeFile(const QString &path, const QByteArray &data, QString *error)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size() || !f.commit()) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

bool PlanExport::writeAll(const ExpansionPlan &plan, const QString &dir, QString *error)
{
    if (!QDir().mkpath(dir)) {
        if (error)
            *error = QStringLiteral("%1: cannot create directory").arg(dir);
        return false;
    }
    const QDir d(dir);
    return writeFile(d.filePath(QStringLiteral("plan.json")), plan.toJsonBytes(), error)
        && writeFile(d.filePath(QStringLiteral("new-config.yaml")), plan.newConfigText.toUtf8(), error)
        && writeFile(d.filePath(QStringLiteral("create.sql")), createSql(plan), error)
        && writeFile(d.filePath(QStringLiteral("copy.sql")), copySql(plan), error)
        && writeFile(d.filePath(QStringLiteral("purge.sql")), purgeSql(plan), error)
        && writeFile(d.filePath(QStringLiteral("runbook.html")), runbookHtml(plan).toUtf8(), error);
}

} // namespace sp::planning
