#pragma once
#include "core/planning/ExpansionPlan.h"

#include <QWizardPage>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QSpinBox;
class QTableView;

namespace sp::ui {

class ExactCountRunner;
class ExpansionWizard;
class MovePairModel;
class MovesChart;

// Page 3: plans off the UI thread and shows what moves: description, estimate source, every
// (source -> target) pair with its predicate, share, estimate and exact count, a filter by logic
// table, a chart per pair or per source node, estimates from a row sample (as `shardctl plan
// --sample N`) and exact counts on the live cluster on demand.
class MovesPage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MovesPage)
public:
    explicit MovesPage(ExpansionWizard *wizard);
    ~MovesPage() override;

    MovePairModel *model() const { return m_model; }
    bool isCounting() const;

    void initializePage() override;
    void cleanupPage() override;
    bool isComplete() const override;

private:
    void showPlanning();
    void showPlan();
    void showError(const QString &error);
    void updateChart();
    void startCount();

    ExpansionWizard *m_wizard;
    MovePairModel *m_model;
    QSortFilterProxyModel *m_proxy;
    ExactCountRunner *m_counter;
    QLabel *m_description;
    QLabel *m_estimate;
    QLabel *m_error;
    QProgressBar *m_planning;
    QComboBox *m_tableFilter;
    QComboBox *m_chartMode;
    QTableView *m_table;
    MovesChart *m_chart;
    QPushButton *m_countButton;
    QPushButton *m_cancelCount;
    QProgressBar *m_countProgress;
    QLabel *m_countStatus;
    QSpinBox *m_sampleRows;
    QPushButton *m_sampleApply;
};

} // namespace sp::ui
