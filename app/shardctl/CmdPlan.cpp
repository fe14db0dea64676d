#include "CmdPlan.h"

#include "ConfigInput.h"
#include "InspectInput.h"

#include "core/live/ExactCounter.h"
#include "core/planning/ExpansionStrategy.h"
#include "core/planning/PlanChecks.h"
#include "core/planning/PlanExport.h"
#include "core/live/LivePlan.h"
#include "core/live/PlanInputs.h"
#include "core/live/RowSampler.h"
#include "core/planning/WhatIf.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

using namespace sp::planning;

namespace sp::cli {

void CmdPlan::addOptions(QCommandLineParser &parser)
{
    InspectInput::addOptions(parser); // --config --json --defaults-file --connect-timeout --concurrency
    parser.addOption(QCommandLineOption(QStringLiteral("strategy"),
                                        QStringLiteral("mod-double, remap, dual-master or ring."), QStringLiteral("name")));
    parser.addOption(QCommandLineOption(QStringLiteral("to"), QStringLiteral("New database count (remap; ring with indexed names)."),
                                        QStringLiteral("N")));
    parser.addOption(QCommandLineOption(QStringLiteral("add-nodes"), QStringLiteral("Ring: data sources to add (comma-separated)."),
                                        QStringLiteral("a,b")));
    parser.addOption(QCommandLineOption(QStringLiteral("remove-nodes"),
                                        QStringLiteral("Ring: data sources to remove (comma-separated)."), QStringLiteral("a")));
    parser.addOption(QCommandLineOption(QStringLiteral("virtual-nodes"), QStringLiteral("Ring: new virtual-node count."),
                                        QStringLiteral("N")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("url"),
        QStringLiteral("Url of a new data source, name=jdbc:mysql://host:port/schema (repeatable): a schema of its "
                       "own (an existing data source's is refused). Never guessed: without one (a sandbox fills in "
                       "its spare instances) the plan warns plan.url-missing and --out is refused."),
        QStringLiteral("name=url")));
    parser.addOption(QCommandLineOption(QStringLiteral("live"),
                                        QStringLiteral("Inspect the cluster for per-node rows and bytes (estimates).")));
    parser.addOption(QCommandLineOption(QStringLiteral("exact"),
                                        QStringLiteral("Exact counts: COUNT(*) per node and per move predicate on the cluster.")));
    parser.addOption(QCommandLineOption(QStringLiteral("sample"),
                                        QStringLiteral("With --live/--exact: estimate each pair from a random sample of about "
                                                       "N rows per logic table (hot keys weigh by their rows)."),
                                        QStringLiteral("N")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("out"),
        QStringLiteral("Write plan.json, new-config.yaml (passwords replaced by a placeholder), runbook.html, copy.sh "
                       "(offline copy: mariadb-dump | mariadb, option files) and per data source "
                       "on-<name>/create.sql, copy.sql (counts), purge.sql; files 0600."),
        QStringLiteral("dir")));
    parser.addOption(QCommandLineOption(QStringLiteral("compare"),
                                        QStringLiteral("What-if table: mod-double vs dual-master vs ring for N -> 2N.")));
    parser.addOption(QCommandLineOption(QStringLiteral("limit"), QStringLiteral("Row limit per physical table (default 30000000)."),
                                        QStringLiteral("rows"), QStringLiteral("30000000")));
}

static QStringList csv(const QString &v)
{
    QStringList out;
    for (const QString &s : v.split(QLatin1Char(','), Qt::SkipEmptyParts))
        out << s.trimmed();
    return out;
}

int CmdPlan::run(const QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QString prefix = QStringLiteral("shardctl plan: ");
    const bool compare = parser.isSet(QStringLiteral("compare"));
    const bool exact = parser.isSet(QStringLiteral("exact"));
    const bool live = exact || parser.isSet(QStringLiteral("live"));
    const QString path = parser.value(QStringLiteral("config"));
    if (path.isEmpty()) {
        err << prefix << "--config FILE is required\n";
        return Usage;
    }
    PlanRequest rq;
    if (parser.isSet(QStringLiteral("strategy"))) {
        const auto s = strategyFromName(parser.value(QStringLiteral("strategy")));
        if (!s) {
            err << prefix << "unknown strategy '" << parser.value(QStringLiteral("strategy"))
                << "' (mod-double, remap, dual-master, ring)\n";
            return Usage;
        }
        rq.strategy = *s;
    } else if (!compare) {
        err << prefix << "--strategy is required (or --compare)\n";
        return Usage;
    }
    auto intOpt = [&](const char *name, int *target, int lo, int hi) {
        if (!parser.isSet(QLatin1String(name)))
            return true;
        bool ok = false;
        const int v = parser.value(QLatin1String(name)).toInt(&ok);
        if (!ok || v < lo || v > hi) {
            err << prefix << "--" << name << " must be a number from " << lo << " to " << hi << '\n';
            return false;
        }
        *target = v;
        return true;
    };
    if (!intOpt("to", &rq.toCount, 1, 1024) || !intOpt("virtual-nodes", &rq.virtualNodes, 1, 4096))
        return Usage;
    bool ok = false;
    rq.rowLimit = parser.value(QStringLiteral("limit")).toLongLong(&ok);
    if (!ok || rq.rowLimit < 1) {
        err << prefix << "--limit must be a positive number of rows\n";
        return Usage;
    }
    rq.addNodes = csv(parser.value(QStringLiteral("add-nodes")));
    rq.removeNodes = csv(parser.value(QStringLiteral("remove-nodes")));
    for (const QString &u : parser.values(QStringLiteral("url"))) {
        const qsizetype eq = u.indexOf(QLatin1Char('='));
        if (eq <= 0) {
            err << prefix << "--url expects name=jdbc:mysql://host:port/db, got '" << u << "'\n";
            return Usage;
        }
        rq.newUrls.insert(u.left(eq).trimmed(), u.mid(eq + 1).trimmed());
    }

    ShardingConfig config;
    InspectionOptions inspect;
    if (live) {
        InspectInput::Prepared p = InspectInput::prepare(parser, name(), err);
        if (p.exitCode >= 0)
            return p.exitCode;
        config = p.config;
        inspect = p.options;
        inspect.exactCounts = exact;
    } else {
        const ConfigInput::Loaded l = ConfigInput::load(path, err);
        if (l.status == ConfigInput::Status::Unreadable)
            return Usage;
        if (l.status == ConfigInput::Status::Invalid)
            return Findings;
        config = l.result.config;
    }
    LivePlanOptions options;
    options.live = live;
    options.exact = exact;
    options.compare = compare;
    options.plan = parser.isSet(QStringLiteral("strategy"));
    options.inspect = inspect;
    options.inspectProgress = InspectInput::progressPrinter(name());
    if (parser.isSet(QStringLiteral("sample"))) {
        bool sampleOk = false;
        options.samplePerTable = parser.value(QStringLiteral("sample")).toInt(&sampleOk);
        if (!sampleOk || options.samplePerTable < 1 || options.samplePerTable > 10000000) {
            err << prefix << "--sample must be a number of rows from 1 to 10000000\n";
            return Usage;
        }
        if (!live) {
            err << prefix << "--sample needs the live cluster (--live or --exact)\n";
            return Usage;
        }
    }
    // The same orchestration the expansion wizard runs (core/live/LivePlan).
    const LivePlanResult run = runLivePlan(path, config, rq, options);
    if (live)
        InspectInput::endProgress();
    for (const QString &n : run.notes)
        err << prefix << n << '\n';
    if (!run.error.isEmpty()) {
        err << run.error << '\n';
        return Usage;
    }
    const WhatIfReport whatIf = run.whatIf.value_or(WhatIfReport{});
    std::optional<ExpansionPlan> plan = run.plan;
    int rc = Ok;
    if (options.plan) {
        if (!plan) {
            err << path << ": " << run.planError << '\n';
            return Usage;
        }
        if (run.exact) {
            for (const QString &e : run.exact->errors)
                err << prefix << e << '\n';
            if (!run.exact->errors.isEmpty())
                rc = Findings;
        }
        for (const Diagnostic &d : plan->warnings)
            if (d.severity == Severity::Error)
                rc = Findings;
        if (parser.isSet(QStringLiteral("out"))) {
            QString error;
            if (!PlanExport::writeAll(*plan, parser.value(QStringLiteral("out")), &error)) {
                err << prefix << error << '\n';
                return Usage;
            }
        }
    }
    if (parser.isSet(QStringLiteral("json"))) {
        QJsonObject o;
        if (plan && !compare)
            o = plan->toJson();
        else if (!plan)
            o = whatIf.toJson();
        else
            o = QJsonObject{{QStringLiteral("plan"), plan->toJson()}, {QStringLiteral("whatIf"), whatIf.toJson()}};
        out << QJsonDocument(o).toJson(QJsonDocument::Indented);
    } else {
        if (plan)
            out << PlanExport::text(*plan);
        if (compare)
            out << (plan ? QStringLiteral("\n") : QString()) << whatIf.toText();
        if (parser.isSet(QStringLiteral("out")) && plan)
            out << "Wrote plan.json, new-config.yaml, runbook.html, copy.sh and on-<data source>/create.sql, "
                   "copy.sql, purge.sql to "
                << parser.value(QStringLiteral("out")) << '\n';
    }
    return rc;
}

} // namespace sp::cli

using sp::cli::CmdPlan;
SHARDCTL_REGISTER_COMMAND(CmdPlan);
