#pragma once
#include <QWizardPage>

class QCheckBox;
class QLabel;
class QListWidget;

namespace sp::ui {

class ExpansionWizard;

// Page 4: the plan's warnings (severity icons, file:line where known) and assumptions. When an
// error is among them, Next needs the "I have read the errors" box ticked.
class WarningsPage final : public QWizardPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WarningsPage)
public:
    explicit WarningsPage(ExpansionWizard *wizard);
    ~WarningsPage() override;

    bool hasErrors() const { return m_errors > 0; }

    void initializePage() override;
    bool isComplete() const override;

private:
    ExpansionWizard *m_wizard;
    QLabel *m_summary;
    QListWidget *m_warnings;
    QListWidget *m_assumptions;
    QCheckBox *m_ack;
    int m_errors = 0;
};

} // namespace sp::ui
