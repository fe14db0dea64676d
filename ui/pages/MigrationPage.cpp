#include "ui/pages/MigrationPage.h"

#include "ui/AppContext.h"

#include <QLabel>
#include <QVBoxLayout>

namespace sp::ui {

MigrationPage::MigrationPage(AppContext *ctx, QWidget *parent) : QWidget(parent), m_ctx(ctx)
{
    setObjectName(QStringLiteral("migrationPage"));
    auto *col = new QVBoxLayout(this);
    auto *label = new QLabel(tr("No plan yet: plan an expansion first (Plan ▸ Expansion wizard)."), this);
    label->setObjectName(QStringLiteral("migrationEmpty"));
    col->addWidget(label);
    col->addStretch(1);
}

MigrationPage::~MigrationPage() = default;

} // namespace sp::ui
