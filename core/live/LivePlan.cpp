#include "core/live/LivePlan.h"

#include "core/cluster/QueryRegistry.h"
#include "core/job/Job.h"
#include "core/live/MeasuredFigures.h"
#include "core/live/PlanInputs.h"
#include "core/live/RowSampler.h"
#include "core/planning/PlanChecks.h"

namespace sp::planning {

LivePlanResult runLivePlan(const QString &configPath, const ShardingConfig &config, const PlanRequest &request,
                           const LivePlanOptions &options, JobControl *job)
{
    LivePlanResult r;
    auto note = [&r](const Text &t) {
        r.notes << t.text;
        r.noteTexts << t;
    };
    const bool live = options.live || options.exact;
    InspectionOptions inspect = options.inspect;
    inspect.exactCounts = options.exact;
    if (options.samplePerTable > 0 && !live && !options.snapshot) {
        r.error = QStringLiteral("a row sample needs the live cluster (--live or --exact)");
        return r;
    }
    if (options.snapshot) {
        r.snapshot = options.snapshot;
    } else if (live) {
        InspectionControl control;
        CancelHookGuard hook(job, [&control] { control.cancel(); });
        const InspectionResult ir = Inspector::run(config, inspect, &control, [&](int done, int total) {
            if (options.inspectProgress)
                options.inspectProgress(done, total);
            if (job)
                job->progress(done, total, QStringLiteral("inspect"));
        });
        for (const QString &n : ir.notes)
            note(Text(n));
        for (const InstanceHealth &h : ir.snapshot.instances)
            if (!h.reachable)
                note(msg("%1: not reachable: %2", {h.dataSource, h.error}));
        r.snapshot = ir.snapshot;
        if (ir.cancelled) {
            r.cancelled = true;
            return r;
        }
    }
    PlanInputOptions inputOptions;
    inputOptions.liveKeyStats = live && r.snapshot.has_value();
    inputOptions.liveTableDdl = live && r.snapshot.has_value() && options.plan;
    inputOptions.inspect = inspect;
    QString inputError;
    QList<Text> inputNotes;
    r.input = buildPlanInput(configPath, config, r.snapshot, request, inputOptions, &inputError, nullptr, &inputNotes);
    for (const Text &t : std::as_const(inputNotes))
        note(t);
    if (!r.input) {
        r.error = inputError;
        return r;
    }
    if (options.samplePerTable > 0) {
        const RowSampleResult rs = RowSampler::run(config, *r.snapshot, options.samplePerTable, inspect,
                                                   job ? &job->cancelFlag() : nullptr);
        for (const Text &t : rs.noteTexts)
            note(t);
        r.input->keySamples = rs.keys;
        r.input->sampledNodes = rs.nodes;
        if (rs.cancelled) {
            r.cancelled = true;
            return r;
        }
    }
    if (options.compare) {
        WhatIfOptions wo; // measured write stops when migrate_bench left some
        loadMeasuredFigures(&wo);
        r.whatIf = WhatIf::compare(*r.input, wo);
    }
    if (!options.plan)
        return r;
    const PlanOutcome o = makePlan(*r.input);
    if (!o.plan) {
        r.planError = o.error;
        return r;
    }
    r.plan = o.plan;
    if (options.exact) {
        auto registry = std::make_shared<QueryRegistry>(); // a cancel kills the COUNT(*) in flight
        CancelHookGuard hook(job, [registry] { QueryRegistry::cancelInBackground(registry); });
        r.exact = ExactCounter::run(
            *r.plan, r.input->config, inspect, job ? &job->cancelFlag() : nullptr,
            [job](int done, int total) {
                if (job)
                    job->progress(done, total, QStringLiteral("count"));
            },
            registry.get());
        r.cancelled = r.exact->cancelled;
        PlanChecks::refreshCapacity(*r.input, &*r.plan); // from the exact counts now
    }
    return r;
}

} // namespace sp::planning
