#include "ui/planning/StrategyPage.h"

#include "core/planning/ExpansionStrategy.h"
#include "ui/AppContext.h"
#include "ui/CoreText.h"
#include "ui/planning/ExpansionWizard.h"

#include <QButtonGroup>
#include <QLabel>
#include <QRadioButton>
#include <QVBoxLayout>

namespace sp::ui {

using namespace sp::planning;

StrategyPage::StrategyPage(ExpansionWizard *wizard)
    : QWizardPage(wizard), m_wizard(wizard), m_group(new QButtonGroup(this))
{
    setObjectName(QStringLiteral("wizardStrategyPage"));
    setTitle(tr("Expansion strategy"));
    setSubTitle(
        tr("How should the cluster grow? Every strategy is planned on the loaded config and, when the "
           "dashboard has inspected the cluster, on its row counts."));
    struct Choice
    {
        StrategyId id;
        const char *objectName;
        QString label;
        QString summary;
    };
    const QList<Choice> choices{
        {StrategyId::ModDouble, "strategyModDouble", tr("&Modulo doubling (N → 2N)"),
         tr("Doubles the databases: with hash % 2N a row of database i stays or moves to database i+N; "
            "exactly "
            "the rows with hash % 2N ≥ N move, found by a SQL predicate when the algorithm has a SQL form.")},
        {StrategyId::DualMaster, "strategyDualMaster", tr("&Dual-master doubling (N → 2N)"),
         tr("Each old instance gets a replica kept in sync; the config switches from % N to % 2N, "
            "replication is "
            "cut and each side deletes the half it no longer owns. No copy during the switch.")},
        {StrategyId::Ring, "strategyRing", tr("Consistent-hash &ring"),
         tr("Add or remove ring nodes or change the virtual-node count; only the arcs taken over move, each "
            "a "
            "CRC32 BETWEEN range. Converting a modulo config to a ring remaps most keys once.")},
        {StrategyId::Remap, "strategyRemap", tr("General re&map (N → M)"),
         tr("Any new database count: every row whose old and new routes differ moves.")},
    };
    auto *layout = new QVBoxLayout(this);
    for (const Choice &c : choices) {
        auto *radio = new QRadioButton(c.label, this);
        radio->setObjectName(QLatin1String(c.objectName));
        if (auto s = ExpansionStrategy::create(c.id))
            radio->setToolTip(CoreText::render(s->summary()));
        m_group->addButton(radio, int(c.id));
        auto *summary = new QLabel(c.summary, this);
        summary->setObjectName(QLatin1String(c.objectName) + QStringLiteral("Summary"));
        summary->setWordWrap(true);
        summary->setIndent(24);
        summary->setForegroundRole(QPalette::PlaceholderText);
        layout->addWidget(radio);
        layout->addWidget(summary);
        layout->addSpacing(8);
    }
    layout->addStretch(1);
    m_group->button(int(StrategyId::ModDouble))->setChecked(true);
}

StrategyPage::~StrategyPage() = default;

StrategyId StrategyPage::defaultStrategy(const ShardingConfig &config)
{
    for (const AlgorithmDef &a : config.algorithms)
        if (a.type == QLatin1String("CONSISTENT_HASH"))
            return StrategyId::Ring;
    return StrategyId::ModDouble;
}

void StrategyPage::initializePage()
{
    if (m_defaulted)
        return; // keep the operator's choice when coming back
    m_defaulted = true;
    setStrategy(defaultStrategy(m_wizard->context()->config()));
}

StrategyId StrategyPage::strategy() const
{
    const int id = m_group->checkedId();
    return id < 0 ? StrategyId::ModDouble : StrategyId(id);
}

void StrategyPage::setStrategy(StrategyId id)
{
    if (auto *b = m_group->button(int(id)))
        b->setChecked(true);
}

} // namespace sp::ui
