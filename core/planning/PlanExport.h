#pragma once
#include "core/planning/ExpansionPlan.h"

#include <QByteArray>
#include <QString>

namespace sp::planning {

// Files of `shardctl plan --out DIR` (and the GUI's export). Pure: text in memory.
class PlanExport final
{
public:
    static QByteArray createSql(const ExpansionPlan &plan);  // T0 (schemas, DDL sources)
    static QByteArray copySql(const ExpansionPlan &plan);    // per pair: the selecting query + COUNT(*)
    static QByteArray purgeSql(const ExpansionPlan &plan);   // destructive steps, commented as such
    static QString runbookHtml(const ExpansionPlan &plan);   // self-contained, no scripts
    static QString text(const ExpansionPlan &plan);          // human-readable summary for the terminal
    // Writes plan.json, new-config.yaml, create.sql, copy.sql, purge.sql, runbook.html into dir.
    static bool writeAll(const ExpansionPlan &plan, const QString &dir, QString *error);
};

} // namespace sp::planning
