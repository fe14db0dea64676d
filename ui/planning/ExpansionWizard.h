#pragma once
#include "core/cluster/Inspector.h"
#include "core/planning/ExpansionPlan.h"

#include <QDateTime>
#include <QWizard>

#include <optional>

namespace sp::ui {

class AppContext;
class PlanWorker;
class StrategyPage;
class TargetPage;

// Expansion wizard: strategy -> target size or nodes -> review the moves (table and chart per
// source->target pair, exact counts on demand) -> review warnings -> export (plan JSON, new YAML,
// SQL scripts, HTML runbook) -> hand the plan to the migration timeline.
// Plans with sp::planning::makePlan on the AppContext's config and latest snapshot, exactly as
// `shardctl plan` does, so both produce the same plan. Long work runs off the UI thread.
class ExpansionWizard final : public QWizard
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExpansionWizard)
public:
    enum PageId
    {
        StrategyPageId,
        TargetPageId,
        MovesPageId,
        WarningsPageId,
        ExportPageId
    };

    explicit ExpansionWizard(AppContext *ctx, QWidget *parent = nullptr);
    ~ExpansionWizard() override;

    // The plan built from the current choices (empty before the moves page or after an error).
    const std::optional<planning::ExpansionPlan> &plan() const { return m_plan; }
    // True when the operator asked (last page) to open the plan in the migration timeline.
    bool handOff() const { return m_handOff; }

    AppContext *context() const { return m_ctx; }
    // The request the strategy and target pages describe now (row limit from the context).
    planning::PlanRequest request() const;
    // Starts planning request() off the UI thread; a running job becomes stale. Does nothing when the
    // current plan (or the running job) is for the same request and cluster snapshot.
    void ensurePlan();
    bool isPlanning() const;
    // One line: why the last planning attempt failed (empty when it did not).
    const QString &planError() const { return m_planError; }
    // Notes of the last planning run (assumptions made, servers not reached for key statistics).
    const QStringList &planNotes() const { return m_planNotes; }
    // Replaces the plan with the same plan carrying exact counts (emits planBuilt).
    void setCountedPlan(const planning::ExpansionPlan &plan);
    void setHandOff(bool on) { m_handOff = on; }
    // Connection settings for live queries (key statistics, exact counts). Default: the open
    // cluster's (AppContext::inspectionOptions(), its credentials included).
    const InspectionOptions &inspectionOptions() const { return m_inspect; }
    void setInspectionOptions(const InspectionOptions &options) { m_inspect = options; }
    // Rows per logic table of the row sample the plan's estimates come from (0: none), as
    // `shardctl plan --sample N`; needs the dashboard's snapshot. Takes effect at the next ensurePlan().
    int sampleRows() const { return m_sampleRows; }
    void setSampleRows(int rows) { m_sampleRows = qMax(0, rows); }

    // Tests and screenshots: press Next until `id` is current or Next is refused (a page is not
    // complete, e.g. the plan is still being made: wait for planBuilt and call again).
    bool advanceTo(PageId id);
    // Sizes and places the window within `room` (a screen's available area): at most 1000x760,
    // never below the pages' minimum. Done on construction for the parent's screen.
    void fitTo(const QRect &room, QWidget *parent = nullptr);

    void reject() override;

signals:
    void planBuilt();                      // a new plan() is available
    void planFailed(const QString &error); // planning ended with an error
    void planningStarted();

protected:
    AppContext *m_ctx;
    std::optional<planning::ExpansionPlan> m_plan;
    bool m_handOff = true;

private:
    void fitToScreen(QWidget *parent); // at most 1000x760, within the parent's screen

    StrategyPage *m_strategyPage;
    TargetPage *m_targetPage;
    PlanWorker *m_worker;
    std::optional<planning::PlanRequest> m_planned; // request of m_plan or of the running job
    QString m_planError;
    QStringList m_planNotes;
    InspectionOptions m_inspect;
    QDateTime m_plannedSnapshotAt; // snapshot the plan was made with (null: none)
    int m_sampleRows = 0;
    int m_plannedSample = 0;       // sample size the plan (or the running job) was made with
};

} // namespace sp::ui
