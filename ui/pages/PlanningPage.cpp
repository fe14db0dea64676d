#include "ui/pages/PlanningPage.h"

#include "ui/AppContext.h"

#include <QPushButton>
#include <QVBoxLayout>

namespace sp::ui {

PlanningPage::PlanningPage(AppContext *ctx, QWidget *parent) : QWidget(parent), m_ctx(ctx)
{
    setObjectName(QStringLiteral("planningPage"));
    auto *col = new QVBoxLayout(this);
    auto *wizard = new QPushButton(tr("Plan expansion…"), this);
    wizard->setObjectName(QStringLiteral("planWizardButton"));
    connect(wizard, &QPushButton::clicked, this, &PlanningPage::wizardRequested);
    col->addWidget(wizard, 0, Qt::AlignLeft);
    col->addStretch(1);
}

PlanningPage::~PlanningPage() = default;

} // namespace sp::ui
