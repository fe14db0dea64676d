#pragma once
#include "core/planning/ExpansionPlan.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace sp::planning {

// Files of `shardctl plan --out DIR` and the wizard's export page. Pure: text in memory, and one
// function that writes them.
//
//   plan.json, new-config.yaml   the plan and the patched config, passwords replaced by a placeholder
//   runbook.html                 every step, self-contained, no scripts
//   copy.sh                      T2 offline copy of every pair (mariadb-dump | mariadb, option files)
//   on-<ds>/create.sql           T0 on a new data source: schema and tables
//   on-<ds>/copy.sql             row counts to check before and after the copy
//   on-<ds>/purge.sql            T9 on a data source: deletes the rows that moved away (DESTRUCTIVE)
//
// An SQL script runs on one server, so each data source gets its own folder; every script runs as
// written with the mariadb client. Every name is written through sp::printableName in comments,
// HTML and terminal text, quoted as an identifier in SQL and single-quoted in the shell script.
class PlanExport final
{
public:
    struct File
    {
        QString path;  // relative to the export directory ("on-db4/create.sql")
        QByteArray bytes;
        bool executable = false;
    };
    enum Part { PlanJson = 0x1, NewConfig = 0x2, Scripts = 0x4, Runbook = 0x8, AllParts = 0xf };

    // Why the plan cannot be exported: new data sources without a url (there is nowhere to create
    // and copy to), or no data source endpoints (a plan.json of an older version). Empty: it can.
    static Text exportProblem(const ExpansionPlan &plan);

    // "on-db4": the folder of a data source's scripts (characters other than letters, digits, '_',
    // '-' and '.' become '_', with a hash of the name appended so folders stay distinct).
    static QString folderOf(const QString &dataSource);

    // One data source's scripts (empty when it has nothing to run).
    static QByteArray createSql(const ExpansionPlan &plan, const QString &dataSource);
    static QByteArray copySql(const ExpansionPlan &plan, const QString &dataSource);
    static QByteArray purgeSql(const ExpansionPlan &plan, const QString &dataSource);
    // Every data source's script of a step, one section each (for review).
    static QByteArray createSql(const ExpansionPlan &plan);
    static QByteArray copySql(const ExpansionPlan &plan);
    static QByteArray purgeSql(const ExpansionPlan &plan);
    static QByteArray copyScript(const ExpansionPlan &plan); // copy.sh
    static QString runbookHtml(const ExpansionPlan &plan);   // self-contained, no scripts
    static QString text(const ExpansionPlan &plan);          // human-readable summary for the terminal

    // The files of `parts`; the scripts only when exportProblem() is empty.
    static QList<File> files(const ExpansionPlan &plan, int parts = AllParts);
    // Writes `files` into `dir` (created when missing): files 0600 (copy.sh 0700), folders 0700.
    static bool write(const QList<File> &files, const QString &dir, QString *error);
    // Every file; refuses (nothing written) while exportProblem() is not empty.
    static bool writeAll(const ExpansionPlan &plan, const QString &dir, QString *error);
};

} // namespace sp::planning
