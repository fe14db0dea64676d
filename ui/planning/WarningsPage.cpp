#include "ui/planning/WarningsPage.h"

#include "ui/CoreText.h"
#include "ui/planning/ExpansionWizard.h"

#include <QCheckBox>
#include <QLabel>
#include <QListWidget>
#include <QStyle>
#include <QVBoxLayout>

namespace sp::ui {

using namespace sp::planning;

WarningsPage::WarningsPage(ExpansionWizard *wizard)
    : QWizardPage(wizard), m_wizard(wizard), m_summary(new QLabel(this)), m_warnings(new QListWidget(this)),
      m_assumptions(new QListWidget(this)),
      m_ack(new QCheckBox(tr("I have read the errors and still want to export"), this))
{
    setObjectName(QStringLiteral("wizardWarningsPage"));
    setTitle(tr("Warnings and assumptions"));
    setSubTitle(tr("What the planner found about this change, and what its numbers assume."));
    m_summary->setObjectName(QStringLiteral("warningsSummary"));
    m_summary->setWordWrap(true);
    m_warnings->setObjectName(QStringLiteral("warningsList"));
    m_warnings->setWordWrap(true);
    m_warnings->setAlternatingRowColors(true);
    m_assumptions->setObjectName(QStringLiteral("assumptionsList"));
    m_assumptions->setWordWrap(true);
    m_ack->setObjectName(QStringLiteral("warningsAcknowledge"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_warnings, 3);
    layout->addWidget(new QLabel(tr("Assumptions:"), this));
    layout->addWidget(m_assumptions, 1);
    layout->addWidget(m_ack);
    connect(m_ack, &QCheckBox::toggled, this, &QWizardPage::completeChanged);
}

WarningsPage::~WarningsPage() = default;

void WarningsPage::initializePage()
{
    m_warnings->clear();
    m_assumptions->clear();
    m_errors = 0;
    int warnings = 0;
    const auto &plan = m_wizard->plan();
    if (plan) {
        for (const Diagnostic &d : plan->warnings) {
            const auto icon = d.severity == Severity::Error     ? QStyle::SP_MessageBoxCritical
                              : d.severity == Severity::Warning ? QStyle::SP_MessageBoxWarning
                                                                : QStyle::SP_MessageBoxInformation;
            m_errors += d.severity == Severity::Error ? 1 : 0;
            warnings += d.severity == Severity::Warning ? 1 : 0;
            QString text = CoreText::message(d);
            if (d.location.isValid())
                text = d.location.toString() + QStringLiteral(": ") + text;
            if (!d.hint.isEmpty())
                text += QStringLiteral("\n    ") + tr("Hint: %1").arg(CoreText::hint(d));
            auto *item = new QListWidgetItem(style()->standardIcon(icon), text, m_warnings);
            item->setToolTip(d.code);
            item->setData(Qt::UserRole, int(d.severity));
        }
        for (const QString &a : CoreText::render(plan->assumptions, plan->assumptionTexts))
            new QListWidgetItem(style()->standardIcon(QStyle::SP_MessageBoxInformation), a, m_assumptions);
        for (const QString &n : m_wizard->planNotes()) // how the live key statistics were read
            new QListWidgetItem(style()->standardIcon(QStyle::SP_MessageBoxInformation), n, m_assumptions);
    }
    if (m_warnings->count() == 0)
        new QListWidgetItem(style()->standardIcon(QStyle::SP_DialogApplyButton), tr("No warnings."),
                            m_warnings);
    m_summary->setText(m_errors > 0
                           ? tr("%n error(s) need your attention before you export.", nullptr, m_errors)
                           : tr("%n warning(s), no errors.", nullptr, warnings));
    m_ack->setVisible(m_errors > 0);
    if (m_errors == 0)
        m_ack->setChecked(false);
    emit completeChanged();
}

bool WarningsPage::isComplete() const
{
    return m_errors == 0 || m_ack->isChecked();
}

} // namespace sp::ui
