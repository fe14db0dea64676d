#include "ui/planning/MovesPage.h"

#include "ui/AppContext.h"
#include "ui/CoreText.h"
#include "ui/planning/ExactCountRunner.h"
#include "ui/planning/ExpansionWizard.h"
#include "ui/planning/MovePairModel.h"
#include "ui/planning/MovesChart.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace sp::ui {

using namespace sp::planning;

MovesPage::MovesPage(ExpansionWizard *wizard)
    : QWizardPage(wizard), m_wizard(wizard), m_model(new MovePairModel(this)),
      m_proxy(new QSortFilterProxyModel(this)), m_counter(new ExactCountRunner(this)),
      m_description(new QLabel(this)), m_estimate(new QLabel(this)), m_error(new QLabel(this)),
      m_planning(new QProgressBar(this)), m_tableFilter(new QComboBox(this)),
      m_chartMode(new QComboBox(this)), m_table(new QTableView(this)), m_chart(new MovesChart(this)),
      m_countButton(new QPushButton(tr("Count &exactly"), this)),
      m_cancelCount(new QPushButton(tr("Cancel count"), this)), m_countProgress(new QProgressBar(this)),
      m_countStatus(new QLabel(this)), m_sampleRows(new QSpinBox(this)),
      m_sampleApply(new QPushButton(tr("Estimate from &sample"), this))
{
    setObjectName(QStringLiteral("wizardMovesPage"));
    setTitle(tr("What moves"));
    setSubTitle(tr("Every source → target pair of every logic table, with the rows expected to move."));

    m_description->setObjectName(QStringLiteral("movesDescription"));
    QFont bold = m_description->font();
    bold.setBold(true);
    m_description->setFont(bold);
    m_description->setWordWrap(true);
    m_estimate->setObjectName(QStringLiteral("movesEstimateSource"));
    m_estimate->setWordWrap(true);
    m_error->setObjectName(QStringLiteral("movesError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_planning->setObjectName(QStringLiteral("movesPlanning"));
    m_planning->setRange(0, 0);
    m_planning->setTextVisible(false);
    m_planning->setMaximumHeight(8);

    m_tableFilter->setObjectName(QStringLiteral("movesTableFilter"));
    m_tableFilter->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_chartMode->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_chartMode->setObjectName(QStringLiteral("movesChartMode"));
    m_chartMode->addItem(tr("per pair"), int(MovesChart::Mode::PerPair));
    m_chartMode->addItem(tr("per source node"), int(MovesChart::Mode::PerSourceNode));
    m_chartMode->setCurrentIndex(1); // fewer, fuller bars; per pair on demand

    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterRole(MovePairModel::LogicTableRole);
    m_proxy->setFilterKeyColumn(MovePairModel::TableColumn);
    m_proxy->setSortRole(MovePairModel::SortRole);
    m_table->setObjectName(QStringLiteral("movesTable"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // plan order until the operator sorts
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->setVisible(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(MovePairModel::PredicateColumn, QHeaderView::Stretch);
    m_table->setWordWrap(false);
    m_chart->setObjectName(QStringLiteral("movesChart"));

    m_countButton->setObjectName(QStringLiteral("movesCountExactly"));
    m_cancelCount->setObjectName(QStringLiteral("movesCountCancel"));
    m_countProgress->setObjectName(QStringLiteral("movesCountProgress"));
    m_countStatus->setObjectName(QStringLiteral("movesCountStatus"));
    m_countStatus->setWordWrap(true);
    m_cancelCount->setVisible(false);
    m_countProgress->setVisible(false);

    m_sampleRows->setObjectName(QStringLiteral("movesSampleRows"));
    m_sampleRows->setRange(0, 10000000);
    m_sampleRows->setSingleStep(1000);
    m_sampleRows->setValue(3000);
    m_sampleRows->setGroupSeparatorShown(true);
    m_sampleApply->setObjectName(QStringLiteral("movesSampleApply"));
    const QString sampleHelp =
        tr("Plan again with a row sample of about this many rows per logic table: every physical table is read "
           "once (each row with the same probability, seeded, so the same data gives the same sample), and each "
           "pair is estimated from the rows it has in the sample, with a bound from the sample size. The same as "
           "shardctl plan --live --sample N. 0: no sample.");
    m_sampleRows->setToolTip(sampleHelp);
    m_sampleApply->setToolTip(sampleHelp);
    auto *sampleRow = new QHBoxLayout;
    sampleRow->addWidget(new QLabel(tr("Row sample per logic table:"), this));
    sampleRow->addWidget(m_sampleRows);
    sampleRow->addWidget(m_sampleApply);
    sampleRow->addStretch(1);

    auto *filterRow = new QHBoxLayout;
    filterRow->addWidget(new QLabel(tr("Logic table:"), this));
    filterRow->addWidget(m_tableFilter);
    filterRow->addSpacing(16);
    filterRow->addWidget(new QLabel(tr("Chart:"), this));
    filterRow->addWidget(m_chartMode);
    filterRow->addStretch(1);
    filterRow->addWidget(m_countButton);
    filterRow->addWidget(m_countProgress);
    filterRow->addWidget(m_cancelCount);

    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_table);
    split->addWidget(m_chart);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);
    m_table->setMinimumHeight(140);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_description);
    layout->addWidget(m_estimate);
    layout->addWidget(m_planning);
    layout->addWidget(m_error);
    layout->addLayout(sampleRow);
    layout->addLayout(filterRow);
    // Table and chart scroll together below their minimum heights (a 640-pixel screen), so the
    // wizard keeps its buttons on the screen.
    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("movesScroll"));
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setWidget(split);
    layout->addWidget(scroll, 1);
    layout->addWidget(m_countStatus);

    connect(m_wizard, &ExpansionWizard::planningStarted, this, [this] {
        m_counter->cancel(); // counts of the old plan are of no use
        showPlanning();
    });
    connect(m_wizard, &ExpansionWizard::planBuilt, this, &MovesPage::showPlan);
    connect(m_wizard, &ExpansionWizard::planFailed, this, &MovesPage::showError);
    connect(m_wizard, &QDialog::rejected, m_counter, &ExactCountRunner::cancel);
    connect(m_tableFilter, &QComboBox::currentIndexChanged, this, [this] {
        const QString t = m_tableFilter->currentData().toString();
        m_proxy->setFilterRegularExpression(
            t.isEmpty()
                ? QRegularExpression()
                : QRegularExpression(QRegularExpression::anchoredPattern(QRegularExpression::escape(t))));
        updateChart();
    });
    connect(m_chartMode, &QComboBox::currentIndexChanged, this, &MovesPage::updateChart);
    connect(m_countButton, &QPushButton::clicked, this, &MovesPage::startCount);
    connect(m_sampleApply, &QPushButton::clicked, this, [this] {
        m_wizard->setSampleRows(m_sampleRows->value());
        m_wizard->ensurePlan(); // a new plan when the sample size changed
    });
    connect(m_cancelCount, &QPushButton::clicked, m_counter, &ExactCountRunner::cancel);
    connect(m_counter, &ExactCountRunner::progress, this, [this](int done, int total) {
        m_countProgress->setRange(0, std::max(total, 1));
        m_countProgress->setValue(done);
    });
    connect(m_counter, &ExactCountRunner::cancelled, this, [this] {
        m_countProgress->setVisible(false);
        m_cancelCount->setVisible(false);
        m_countButton->setEnabled(m_wizard->context()->snapshot().has_value() &&
                                  m_wizard->plan().has_value());
        m_countStatus->setText(tr("Exact count cancelled."));
        emit completeChanged();
    });
    connect(m_counter, &ExactCountRunner::finished, this,
            [this](const ExpansionPlan &counted, const ExactCountResult &r) {
                m_countProgress->setVisible(false);
                m_cancelCount->setVisible(false);
                QString status = tr("Counted %n pair(s) exactly.", nullptr, r.counted);
                if (!r.errors.isEmpty())
                    status += QLatin1Char(' ') + tr("Errors: %1").arg(CoreText::render(r.errors, r.errorTexts)
                                                                           .join(QStringLiteral("; ")));
                m_wizard->setCountedPlan(counted); // -> showPlan()
                m_countStatus->setText(status);
            });
}

MovesPage::~MovesPage() = default;

bool MovesPage::isCounting() const
{
    return m_counter->isRunning();
}

void MovesPage::initializePage()
{
    m_wizard->ensurePlan();
    if (m_wizard->isPlanning())
        showPlanning();
    else if (m_wizard->plan())
        showPlan();
    else
        showError(m_wizard->planError());
}

void MovesPage::cleanupPage()
{
    m_counter->cancel();
}

bool MovesPage::isComplete() const
{
    return m_wizard->plan().has_value() && !m_wizard->isPlanning() && !m_counter->isRunning();
}

void MovesPage::showPlanning()
{
    m_planning->setVisible(true);
    m_error->setVisible(false);
    m_description->setText(tr("Planning…"));
    m_estimate->clear();
    m_model->clear();
    m_chart->clearPlan(tr("Planning…"));
    m_countButton->setEnabled(false);
    m_countStatus->clear();
    emit completeChanged();
}

void MovesPage::showError(const QString &error)
{
    m_planning->setVisible(false);
    m_description->setText(tr("No plan"));
    m_error->setText(tr("Planning failed: %1").arg(error));
    m_error->setVisible(true);
    m_estimate->clear();
    m_model->clear();
    m_tableFilter->clear();
    m_chart->clearPlan(tr("No plan"));
    m_countButton->setEnabled(false);
    emit completeChanged();
}

void MovesPage::showPlan()
{
    const auto &plan = m_wizard->plan();
    if (!plan)
        return;
    m_planning->setVisible(false);
    m_error->setVisible(false);
    m_description->setText(CoreText::render(plan->description, plan->descriptionText));
    // Totals as the planning page counts them: rows of sharded tables that change node (exact counts
    // where counted); broadcast tables are copied, not moved, and said apart.
    const qint64 total = plan->totalMovedRows();
    const qint64 broadcast = plan->totalBroadcastRows();
    QString estimate =
        tr("Estimates: %1").arg(CoreText::render(plan->estimateSource, plan->estimateSourceText));
    if (total >= 0)
        estimate +=
            QStringLiteral(" — ") + (plan->movedRowsExact() ? tr("%1 rows move in total (exact counts)")
                                                            : tr("%1 rows move in total"))
                                        .arg(QLocale().toString(total));
    if (broadcast > 0)
        estimate +=
            QStringLiteral("; ") + tr("%1 rows of broadcast tables are copied to the new data sources")
                                       .arg(QLocale().toString(broadcast));
    const QStringList notes = m_wizard->planNotes();
    if (!notes.isEmpty())
        estimate += QStringLiteral(" — ") + tr("%n note(s) on the warnings page", nullptr, int(notes.size()));
    m_estimate->setText(estimate);
    m_estimate->setToolTip(notes.join(QLatin1Char('\n')));
    m_model->resetData(*plan);

    const QString keep = m_tableFilter->currentData().toString();
    {
        const QSignalBlocker block(m_tableFilter);
        m_tableFilter->clear();
        m_tableFilter->addItem(tr("All tables"), QString());
        for (const TablePlan &t : plan->tables)
            if (!t.pairs.isEmpty())
                m_tableFilter->addItem(t.logicTable, t.logicTable);
        const int idx = m_tableFilter->findData(keep);
        m_tableFilter->setCurrentIndex(idx >= 0 ? idx : 0);
    }
    const QString t = m_tableFilter->currentData().toString();
    m_proxy->setFilterRegularExpression(
        t.isEmpty() ? QRegularExpression()
                    : QRegularExpression(QRegularExpression::anchoredPattern(QRegularExpression::escape(t))));
    updateChart();

    const bool live = m_wizard->context()->snapshot().has_value();
    m_sampleRows->setEnabled(live);
    m_sampleApply->setEnabled(live);
    if (!live)
        m_sampleApply->setToolTip(tr("Needs a live cluster: refresh the dashboard first"));
    m_countButton->setEnabled(live && !m_counter->isRunning());
    m_countButton->setToolTip(live ? tr("COUNT(*) of every pair's rows on the source servers")
                                   : tr("Needs a live cluster: refresh the dashboard first"));
    if (!live && !m_counter->isRunning())
        m_countStatus->setText(
            tr("Exact counts and row estimates need a live cluster: refresh the dashboard (F5), "
               "then plan again."));
    emit completeChanged();
}

void MovesPage::updateChart()
{
    if (!m_wizard->plan()) {
        m_chart->clearPlan();
        return;
    }
    m_chart->setPlan(*m_wizard->plan(), m_tableFilter->currentData().toString(),
                     MovesChart::Mode(m_chartMode->currentData().toInt()));
}

void MovesPage::startCount()
{
    if (!m_wizard->plan() || m_counter->isRunning())
        return;
    m_countButton->setEnabled(false);
    m_cancelCount->setVisible(true);
    m_countProgress->setVisible(true);
    m_countProgress->setRange(0, 0);
    m_countStatus->setText(tr("Counting on the live cluster…"));
    m_counter->start(*m_wizard->plan(), m_wizard->context()->config(), m_wizard->inspectionOptions());
    emit completeChanged();
}

} // namespace sp::ui
