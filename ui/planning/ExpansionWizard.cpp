#include "ui/planning/ExpansionWizard.h"

#include "ui/AppContext.h"

namespace sp::ui {

ExpansionWizard::ExpansionWizard(AppContext *ctx, QWidget *parent) : QWizard(parent), m_ctx(ctx)
{
    setObjectName(QStringLiteral("expansionWizard"));
    setWindowTitle(tr("Plan an expansion"));
}

ExpansionWizard::~ExpansionWizard() = default;

} // namespace sp::ui
