#include "ui/planning/TargetPage.h"

#include "core/config/Printable.h"
#include "core/planning/ExpansionStrategy.h"
#include "ui/AppContext.h"
#include "ui/CoreText.h"
#include "ui/planning/ExpansionWizard.h"
#include "ui/planning/PlanWorker.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QRadioButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace sp::ui {

using namespace sp::planning;

namespace {
QStringList csv(const QString &text)
{
    QStringList out;
    for (const QString &s : text.split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!s.trimmed().isEmpty())
            out << s.trimmed();
    return out;
}
} // namespace

TargetPage::TargetPage(ExpansionWizard *wizard)
    : QWizardPage(wizard), m_wizard(wizard), m_guess(new PlanWorker(this)), m_debounce(new QTimer(this)),
      m_intro(new QLabel(this)), m_size(new QLabel(this)),
      m_remapBox(new QGroupBox(tr("New database count"), this)), m_toCount(new QSpinBox(this)),
      m_ringBox(new QGroupBox(tr("Ring nodes"), this)), m_ringAdd(new QRadioButton(tr("Add &nodes"), this)),
      m_ringRemove(new QRadioButton(tr("Re&move nodes (drain them into the others)"), this)),
      m_addNodes(new QLineEdit(this)), m_removeList(new QListWidget(this)), m_virtualNodes(new QSpinBox(this)),
      m_urls(new QTableWidget(0, 2, this)), m_urlStatus(new QLabel(this)), m_rowLimit(new QLabel(this))
{
    setObjectName(QStringLiteral("wizardTargetPage"));
    setTitle(tr("Target"));
    setSubTitle(tr("How far to grow, and where the new data sources live."));
    m_intro->setWordWrap(true);
    m_size->setObjectName(QStringLiteral("targetSize"));
    QFont big = m_size->font();
    big.setPointSizeF(big.pointSizeF() * 1.4);
    big.setBold(true);
    m_size->setFont(big);

    m_toCount->setObjectName(QStringLiteral("targetToCount"));
    m_toCount->setRange(1, 1024);
    auto *remapForm = new QFormLayout(m_remapBox);
    remapForm->addRow(tr("Databases after the change:"), m_toCount);

    m_addNodes->setObjectName(QStringLiteral("targetAddNodes"));
    m_addNodes->setPlaceholderText(tr("comma-separated data source names, e.g. ds_3,ds_4"));
    m_ringAdd->setObjectName(QStringLiteral("targetRingAdd"));
    m_ringRemove->setObjectName(QStringLiteral("targetRingRemove"));
    m_ringAdd->setChecked(true);
    m_removeList->setObjectName(QStringLiteral("targetRemoveList"));
    m_intro->setObjectName(QStringLiteral("targetIntro"));
    m_removeList->setToolTip(tr("Tick the nodes to take off the ring: only the arcs they own move, each to "
                                "the node that follows on the ring"));
    m_removeList->setMaximumHeight(110);
    m_virtualNodes->setObjectName(QStringLiteral("targetVirtualNodes"));
    m_virtualNodes->setRange(0, 4096);
    m_virtualNodes->setSpecialValueText(tr("unchanged"));
    auto *ringForm = new QFormLayout(m_ringBox);
    auto *modeRow = new QHBoxLayout;
    modeRow->addWidget(m_ringAdd);
    modeRow->addWidget(m_ringRemove);
    modeRow->addStretch(1);
    ringForm->addRow(tr("Change:"), modeRow);
    ringForm->addRow(tr("Nodes to &add:"), m_addNodes);
    ringForm->addRow(tr("Nodes to remove:"), m_removeList);
    ringForm->addRow(tr("&Virtual nodes per node:"), m_virtualNodes);

    m_urls->setObjectName(QStringLiteral("targetUrls"));
    m_urls->setHorizontalHeaderLabels({tr("New data source"), tr("JDBC URL (jdbc:mysql://host:port/db)")});
    m_urls->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_urls->horizontalHeader()->setStretchLastSection(true);
    m_urls->verticalHeader()->setVisible(false);
    m_urls->setSelectionMode(QAbstractItemView::SingleSelection);
    m_urlStatus->setObjectName(QStringLiteral("targetUrlStatus"));
    m_urlStatus->setWordWrap(true);
    m_rowLimit->setObjectName(QStringLiteral("targetRowLimit"));
    m_rowLimit->setForegroundRole(QPalette::PlaceholderText);

    auto *urlBox = new QGroupBox(tr("URLs of the new data sources"), this);
    auto *urlLayout = new QVBoxLayout(urlBox);
    urlLayout->addWidget(m_urls);
    urlLayout->addWidget(m_urlStatus);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addWidget(m_size);
    layout->addWidget(m_remapBox);
    layout->addWidget(m_ringBox);
    layout->addWidget(urlBox, 1);
    layout->addWidget(m_rowLimit);

    m_debounce->setSingleShot(true);
    m_debounce->setInterval(250);
    connect(m_debounce, &QTimer::timeout, this, &TargetPage::startGuess);
    connect(m_guess, &PlanWorker::finished, this,
            [this](const PlanOutcome &outcome) { applyGuess(outcome); });
    connect(m_toCount, &QSpinBox::valueChanged, this, &TargetPage::scheduleGuess);
    connect(m_virtualNodes, &QSpinBox::valueChanged, this, &TargetPage::scheduleGuess);
    connect(m_addNodes, &QLineEdit::textChanged, this, &TargetPage::scheduleGuess);
    connect(m_removeList, &QListWidget::itemChanged, this, &TargetPage::scheduleGuess);
    connect(m_ringAdd, &QRadioButton::toggled, this, &TargetPage::ringModeChanged);
    connect(m_urls, &QTableWidget::cellChanged, this, &TargetPage::urlEdited);
}

TargetPage::~TargetPage() = default;

void TargetPage::initializePage()
{
    const ShardingConfig &config = m_wizard->context()->config();
    const DataSourceNames doubled = dataSourceNames(config, 0);
    m_oldCount = int(doubled.current.size());
    if (!m_prefilled) {
        m_prefilled = true;
        const QSignalBlocker b1(m_toCount);
        const QSignalBlocker b2(m_addNodes);
        m_toCount->setValue(std::max(1, 2 * m_oldCount));
        m_addNodes->setText(dataSourceNames(config, 2 * m_oldCount).added.join(QLatin1Char(',')));
    }
    {
        const QSignalBlocker b(m_removeList);
        const QStringList ticked = removedNodes();
        m_removeList->clear();
        for (const QString &n : doubled.current) {
            auto *item = new QListWidgetItem(printableName(n), m_removeList);
            item->setData(Qt::UserRole, n);
            item->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsEnabled);
            item->setCheckState(ticked.contains(n) ? Qt::Checked : Qt::Unchecked);
        }
    }
    ringModeChanged();
    const StrategyId s = m_wizard->request().strategy;
    m_remapBox->setVisible(s == StrategyId::Remap);
    m_ringBox->setVisible(s == StrategyId::Ring);
    m_size->setVisible(s == StrategyId::ModDouble || s == StrategyId::DualMaster);
    m_size->setText(tr("%1 → %2 databases").arg(m_oldCount).arg(2 * m_oldCount));
    switch (s) {
    case StrategyId::ModDouble:
        m_intro->setText(
            tr("Modulo doubling always doubles the sharded databases (%1 now).").arg(m_oldCount));
        break;
    case StrategyId::DualMaster:
        m_intro->setText(
            tr("Dual-master doubling gives each of the %1 instances a replica that becomes a new "
               "database.")
                .arg(m_oldCount));
        break;
    case StrategyId::Remap:
        m_intro->setText(
            tr("The cluster has %1 sharded databases. Choose how many it should have.").arg(m_oldCount));
        break;
    case StrategyId::Ring:
        ringIntro();
        break;
    }
    m_rowLimit->setText(tr("Row limit per physical table: %1 (Settings)")
                            .arg(QLocale().toString(m_wizard->context()->rowLimit())));
    scheduleGuess();
    m_debounce->stop();
    startGuess(); // the first guess at once
}

QStringList TargetPage::removedNodes() const
{
    QStringList out;
    for (int i = 0; i < m_removeList->count(); ++i)
        if (m_removeList->item(i)->checkState() == Qt::Checked)
            out << m_removeList->item(i)->data(Qt::UserRole).toString();
    return out;
}

void TargetPage::ringModeChanged()
{
    const bool adding = m_ringAdd->isChecked();
    m_addNodes->setEnabled(adding);
    m_removeList->setEnabled(!adding);
    ringIntro();
    scheduleGuess();
}

void TargetPage::ringIntro()
{
    m_intro->setText(m_ringAdd->isChecked()
                         ? tr("The ring has %1 nodes (data sources). New nodes need a URL below.").arg(m_oldCount)
                         : tr("The ring has %1 nodes (data sources). The arcs of the nodes you tick move to the "
                              "nodes that follow them on the ring; no URL is needed.")
                               .arg(m_oldCount));
}

void TargetPage::startGuess()
{
    PlanRequest rq = m_wizard->request();
    rq.newUrls.clear(); // the planner's own guess
    m_guess->start(m_wizard->context()->configPath(), m_wizard->context()->config(),
                   m_wizard->context()->snapshot(), rq);
}

void TargetPage::scheduleGuess()
{
    m_guessed.clear();
    m_urlStatus->setText(tr("Working out the new data sources…"));
    m_debounce->start();
    emit completeChanged();
}

bool TargetPage::isGuessing() const
{
    return m_debounce->isActive() || m_guess->isRunning();
}

void TargetPage::applyGuess(const PlanOutcome &outcome)
{
    m_filling = true;
    m_urls->setRowCount(0);
    m_guessed.clear();
    if (!outcome.plan) {
        m_urlStatus->setText(
            tr("No plan for this target: %1").arg(CoreText::render(outcome.error, outcome.errorText)));
    } else {
        for (const DataSourceChange &c : outcome.plan->dataSourceChanges) {
            if (!c.added)
                continue;
            m_guessed.insert(c.name, c.url);
            const int row = m_urls->rowCount();
            m_urls->insertRow(row);
            auto *name = new QTableWidgetItem(c.name);
            name->setFlags(name->flags() & ~Qt::ItemIsEditable);
            m_urls->setItem(row, 0, name);
            m_urls->setItem(row, 1, new QTableWidgetItem(m_edited.value(c.name, c.url)));
        }
        m_urlStatus->setText(m_guessed.isEmpty()
                                 ? tr("The plan adds no data source.")
                                 : tr("A sandbox's spare instances are filled in; every other new data source "
                                      "needs the URL of a schema of its own (nothing is guessed)."));
    }
    m_filling = false;
    const QString problem = urlProblem();
    if (!problem.isEmpty())
        m_urlStatus->setText(problem);
    emit completeChanged();
    emit urlsGuessed();
}

void TargetPage::urlEdited(int row, int column)
{
    if (m_filling || column != 1)
        return;
    const QString name = m_urls->item(row, 0) ? m_urls->item(row, 0)->text() : QString();
    const QString url = m_urls->item(row, 1) ? m_urls->item(row, 1)->text().trimmed() : QString();
    if (url == m_guessed.value(name))
        m_edited.remove(name);
    else
        m_edited.insert(name, url);
    const QString problem = urlProblem();
    m_urlStatus->setText(problem.isEmpty() ? tr("URLs checked.") : problem);
    emit completeChanged();
}

QString TargetPage::urlProblem() const
{
    // The same rule as shardctl plan: no url is guessed (a guess pointed new data sources at an
    // existing schema), and none may point at an existing data source's schema.
    QStringList missing;
    QMap<QString, QString> urls;
    for (int r = 0; r < m_urls->rowCount(); ++r) {
        const QString name = m_urls->item(r, 0) ? m_urls->item(r, 0)->text() : QString();
        const QString url = m_urls->item(r, 1) ? m_urls->item(r, 1)->text().trimmed() : QString();
        if (url.isEmpty()) {
            missing << printableName(name);
            continue;
        }
        if (!url.startsWith(QLatin1String("jdbc:")) || !url.contains(QLatin1String("://")))
            return tr("The URL of %1 must look like jdbc:mysql://host:port/db.").arg(printableName(name));
        urls.insert(name, url);
    }
    if (!missing.isEmpty())
        return tr("Give the URL of %1 (jdbc:mysql://host:port/schema, a schema of its own): without one there "
                  "is nowhere to create and copy to.")
            .arg(missing.join(QStringLiteral(", ")));
    const Text conflict = newUrlProblem(m_wizard->context()->config(), urls);
    if (!conflict.isEmpty())
        return CoreText::render(conflict.text, conflict);
    return {};
}

bool TargetPage::isComplete() const
{
    if (isGuessing() || !urlProblem().isEmpty())
        return false;
    if (m_wizard->request().strategy == StrategyId::Ring) {
        return (m_ringAdd->isChecked() ? !m_addNodes->text().trimmed().isEmpty() : !removedNodes().isEmpty()) ||
               m_virtualNodes->value() > 0;
    }
    return true;
}

PlanRequest TargetPage::request(StrategyId strategy) const
{
    PlanRequest rq;
    rq.strategy = strategy;
    if (strategy == StrategyId::Remap)
        rq.toCount = m_toCount->value();
    if (strategy == StrategyId::Ring) {
        if (m_ringAdd->isChecked())
            rq.addNodes = csv(m_addNodes->text());
        else
            rq.removeNodes = removedNodes();
        rq.virtualNodes = m_virtualNodes->value();
    }
    for (auto it = m_edited.cbegin(); it != m_edited.cend(); ++it)
        if (m_guessed.contains(it.key()) && !it.value().isEmpty())
            rq.newUrls.insert(it.key(), it.value());
    return rq;
}

} // namespace sp::ui
