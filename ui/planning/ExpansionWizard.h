#pragma once
#include "core/planning/ExpansionPlan.h"

#include <QWizard>

#include <optional>

namespace sp::ui {

class AppContext;

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
    enum PageId { StrategyPageId, TargetPageId, MovesPageId, WarningsPageId, ExportPageId };

    explicit ExpansionWizard(AppContext *ctx, QWidget *parent = nullptr);
    ~ExpansionWizard() override;

    // The plan built from the current choices (empty before the moves page or after an error).
    const std::optional<planning::ExpansionPlan> &plan() const { return m_plan; }
    // True when the operator asked (last page) to open the plan in the migration timeline.
    bool handOff() const { return m_handOff; }

signals:
    void planBuilt(); // a new plan() is available

protected:
    AppContext *m_ctx;
    std::optional<planning::ExpansionPlan> m_plan;
    bool m_handOff = true;
};

} // namespace sp::ui
