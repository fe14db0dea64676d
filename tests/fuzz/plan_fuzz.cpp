// libFuzzer harness: arbitrary bytes as a configuration through the planner's whole offline path:
// load, lint, a plan of every strategy (mod-double, remap to N+1 and N-1, dual-master, ring with a
// node added and with one removed), and every text exported from each plan (plan.json read back,
// create/copy/purge SQL, runbook HTML, the terminal summary) and from the config (routing table
// JSON, redacted YAML). A crash, a sanitizer report, a hang, a plan whose new config does not load,
// or a plan.json that does not read back is a bug.
#include "core/analysis/ConfigExport.h"
#include "core/analysis/Linter.h"
#include "core/config/ConfigLoader.h"
#include "core/planning/ExpansionStrategy.h"
#include "core/planning/PlanBuilder.h"
#include "core/planning/PlanExport.h"

#include <cstddef>
#include <cstdint>

using namespace sp;
using namespace sp::planning;

namespace {

size_t exported(const ExpansionPlan &plan)
{
    size_t total = size_t(PlanExport::createSql(plan).size()) + size_t(PlanExport::copySql(plan).size()) +
                   size_t(PlanExport::purgeSql(plan).size()) + size_t(PlanExport::runbookHtml(plan).size()) +
                   size_t(PlanExport::text(plan).size());
    const QByteArray json = plan.toJsonBytes();
    QString error;
    const auto back = ExpansionPlan::fromJsonBytes(json, &error);
    if (!back)
        __builtin_trap(); // every plan.json a plan writes reads back
    return total + size_t(json.size());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    LoadOptions options;
    options.maxInlineResults = 256; // keep each run short (sanitizers slow every key ~10x)
    const QByteArray text(reinterpret_cast<const char *>(data), int(size));
    const LoadResult r = ConfigLoader::loadText(text, QStringLiteral("fuzz.yaml"), options);
    size_t total = size_t(exporting::redactConfigText(text).size());
    if (!r.ok())
        return 0;
    LintOptions lint;
    lint.sampleKeys = 500;
    for (const Diagnostic &d : Linter::lint(r.config, lint))
        total += size_t(d.toString().size());
    total += size_t(exporting::routingTableJson(r.config).size());

    const QStringList sources = builder::shardedDataSources(r.config);
    const int n = int(sources.size());
    QList<PlanRequest> requests;
    for (StrategyId id : {StrategyId::ModDouble, StrategyId::DualMaster}) {
        PlanRequest rq;
        rq.strategy = id;
        requests << rq;
    }
    for (int to : {n + 1, n - 1}) {
        PlanRequest rq;
        rq.strategy = StrategyId::Remap;
        rq.toCount = to;
        requests << rq;
    }
    PlanRequest add;
    add.strategy = StrategyId::Ring;
    add.addNodes = {QStringLiteral("fuzz_new")};
    requests << add;
    if (n > 1) {
        PlanRequest remove;
        remove.strategy = StrategyId::Ring;
        remove.removeNodes = {sources.last()};
        requests << remove;
    }
    for (const PlanRequest &rq : std::as_const(requests)) {
        PlanInput in;
        in.configPath = QStringLiteral("fuzz.yaml");
        in.configText = text;
        in.config = r.config;
        in.request = rq;
        in.sampleKeys = 1000; // tables without a closed form: 1000 keys, at least 48 per node
        const PlanOutcome o = makePlan(in);
        if (!o.plan) {
            if (o.error.isEmpty())
                __builtin_trap(); // a refusal says why
            continue;
        }
        const LoadResult next = ConfigLoader::loadText(o.plan->newConfigText.toUtf8(), QStringLiteral("new.yaml"), options);
        if (!next.ok())
            __builtin_trap(); // a plan's new config loads (the planner checks it)
        total += exported(*o.plan);
    }
    return total == size_t(-1) ? 1 : 0;
}
