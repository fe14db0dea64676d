#pragma once
#include "core/planning/ExpansionStrategy.h"

#include <QMap>
#include <QWizardPage>

class QGroupBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QRadioButton;
class QSpinBox;
class QTableWidget;
class QTimer;

namespace sp::ui {

class ExpansionWizard;
class PlanWorker;

// Page 2: the target of the chosen strategy (N -> 2N shown; remap: new database count; ring: add
// nodes (names typed) or remove nodes (today's ring nodes ticked), and the virtual-node count) and the url of every data source the plan adds: a
// sandbox's spare instances pre-filled by the planner (a plan made off the UI thread), the others
// empty until the operator gives them (never guessed). Incomplete while a url is missing, malformed
// or points at an existing data source's schema (planning::newUrlProblem, as shardctl plan).
class TargetPage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TargetPage)
public:
    explicit TargetPage(ExpansionWizard *wizard);
    ~TargetPage() override;

    // The request for `strategy` from this page's fields (urls: only those edited away from the guess).
    planning::PlanRequest request(planning::StrategyId strategy) const;
    bool isGuessing() const;

    void initializePage() override;
    bool isComplete() const override;

signals:
    void urlsGuessed(); // the url table shows the planner's guess for the current target

private:
    void scheduleGuess();
    void startGuess();
    void applyGuess(const planning::PlanOutcome &outcome);
    void urlEdited(int row, int column);
    QString urlProblem() const;
    QStringList removedNodes() const;
    void ringModeChanged();
    void ringIntro(); // the page's intro for adding or removing ring nodes

    ExpansionWizard *m_wizard;
    PlanWorker *m_guess;
    QTimer *m_debounce;
    QLabel *m_intro;
    QLabel *m_size;
    QGroupBox *m_remapBox;
    QSpinBox *m_toCount;
    QGroupBox *m_ringBox;
    QRadioButton *m_ringAdd;
    QRadioButton *m_ringRemove;
    QLineEdit *m_addNodes;
    QListWidget *m_removeList; // today's ring nodes, ticked: removed (drained into the others)
    QSpinBox *m_virtualNodes;
    QTableWidget *m_urls;
    QLabel *m_urlStatus;
    QLabel *m_rowLimit;
    QMap<QString, QString> m_guessed; // data source -> url the planner guesses
    QMap<QString, QString> m_edited;  // data source -> url the operator typed
    int m_oldCount = 0;
    bool m_filling = false;
    bool m_prefilled = false;
};

} // namespace sp::ui
