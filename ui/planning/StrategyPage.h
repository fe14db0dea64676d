#pragma once
#include "core/planning/ExpansionPlan.h"

#include <QWizardPage>

class QButtonGroup;

namespace sp::ui {

class ExpansionWizard;

// Page 1: which expansion strategy (mod-double, dual-master, ring, remap), each with its summary.
class StrategyPage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StrategyPage)
public:
    explicit StrategyPage(ExpansionWizard *wizard);
    ~StrategyPage() override;

    planning::StrategyId strategy() const;
    void setStrategy(planning::StrategyId id);
    // mod-double, or ring when the config already uses a CONSISTENT_HASH algorithm.
    static planning::StrategyId defaultStrategy(const ShardingConfig &config);

    void initializePage() override;

private:
    ExpansionWizard *m_wizard;
    QButtonGroup *m_group;
    bool m_defaulted = false;
};

} // namespace sp::ui
