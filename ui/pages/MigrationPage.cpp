#include "ui/pages/MigrationPage.h"

#include "core/planning/PlanExport.h"
#include "ui/AppContext.h"
#include "ui/CoreText.h"
#include "ui/TimeFormat.h"
#include "ui/migration/RunController.h"
#include "ui/migration/RunPanel.h"

#include <QApplication>
#include <QFile>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace sp::ui {

namespace {

// Names of the common phases (PlanSteps) and of dual-master's own (DualMasterStrategy); other
// strategy-specific phases show their code only.
QString phaseName(planning::StrategyId strategy, const QString &phase)
{
    static const char *const dual[] = {
        QT_TRANSLATE_NOOP("sp::ui::MigrationPage", "Check the replication sources"),
        QT_TRANSLATE_NOOP("sp::ui::MigrationPage", "Consistent copy"),
        QT_TRANSLATE_NOOP("sp::ui::MigrationPage", "Replicate to the new instances"),
        QT_TRANSLATE_NOOP("sp::ui::MigrationPage", "Replicate back (dual master)"),
        QT_TRANSLATE_NOOP("sp::ui::MigrationPage", "Interleave AUTO_INCREMENT"),
        QT_TRANSLATE_NOOP("sp::ui::MigrationPage", "Catch up"),
        QT_TRANSLATE_NOOP("sp::ui::MigrationPage", "Switch the routing config"),
        QT_TRANSLATE_NOOP("sp::ui::MigrationPage", "Stop replication"),
        QT_TRANSLATE_NOOP("sp::ui::MigrationPage", "Purge the halves served elsewhere"),
    };
    if (strategy == planning::StrategyId::DualMaster && phase.size() == 2 && phase.at(0) == QLatin1Char('D') &&
        phase.at(1).digitValue() >= 1)
        return QCoreApplication::translate("sp::ui::MigrationPage", dual[phase.at(1).digitValue() - 1]);
    static const char *const names[] = {
        QT_TRANSLATE_NOOP("sp::ui::MigrationPage", "Prepare the new data sources"),
        QT_TRANSLATE_NOOP("sp::ui::MigrationPage", "Start change capture"),
        QT_TRANSLATE_NOOP("sp::ui::MigrationPage", "Backfill"),
        QT_TRANSLATE_NOOP("sp::ui::MigrationPage", "Catch up"),
        QT_TRANSLATE_NOOP("sp::ui::MigrationPage", "Stop writes"),
        QT_TRANSLATE_NOOP("sp::ui::MigrationPage", "Verify"),
        QT_TRANSLATE_NOOP("sp::ui::MigrationPage", "Switch the routing config"),
        QT_TRANSLATE_NOOP("sp::ui::MigrationPage", "Resume writes"),
        QT_TRANSLATE_NOOP("sp::ui::MigrationPage", "Observe"),
        QT_TRANSLATE_NOOP("sp::ui::MigrationPage", "Purge moved rows"),
    };
    if (phase.size() == 2 && phase.at(0) == QLatin1Char('T') && phase.at(1).isDigit())
        return QCoreApplication::translate("sp::ui::MigrationPage", names[phase.at(1).digitValue()]);
    return {};
}

} // namespace

MigrationPage::MigrationPage(AppContext *ctx, QWidget *parent) : QWidget(parent), m_ctx(ctx)
{
    setObjectName(QStringLiteral("migrationPage"));
    auto *col = new QVBoxLayout(this);

    m_empty = new QLabel(tr("<h3>No migration plan yet</h3>"
                            "<p>Plan an expansion first (Plan ▸ Expansion wizard) and hand the plan over, or open "
                            "one (File ▸ Open plan): its steps appear here as a timeline, with the SQL of each "
                            "step, and a run executes them T0..T9.</p>"),
                         this);
    m_empty->setObjectName(QStringLiteral("migrationEmpty"));
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    col->addWidget(m_empty, 1);

    m_content = new QTabWidget(this);
    m_content->setObjectName(QStringLiteral("migrationTabs"));
    m_runPanel = new RunPanel(ctx, m_content);
    m_content->addTab(m_runPanel, tr("Timeline"));

    m_planView = new QWidget(m_content);
    m_planView->setObjectName(QStringLiteral("migrationContent"));
    auto *cl = new QVBoxLayout(m_planView);
    m_title = new QLabel(m_planView);
    m_title->setObjectName(QStringLiteral("migrationTitle"));
    m_title->setTextFormat(Qt::PlainText);
    QFont big = m_title->font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.3);
    m_title->setFont(big);
    cl->addWidget(m_title);
    m_facts = new QLabel(m_planView);
    m_facts->setObjectName(QStringLiteral("migrationFacts"));
    m_facts->setTextFormat(Qt::PlainText);
    m_facts->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_facts->setWordWrap(true);
    cl->addWidget(m_facts);

    auto *notice = new QLabel(tr("The plan as a runbook: every step with its SQL. A run executes it on the Timeline "
                                 "tab (or with 'shardctl migrate'); nothing on this tab connects to a server."),
                              m_planView);
    notice->setObjectName(QStringLiteral("migrationNotice"));
    notice->setWordWrap(true);
    notice->setStyleSheet(QStringLiteral("QLabel { background: palette(alternate-base); padding: 6px; }"));
    cl->addWidget(notice);

    auto *split = new QSplitter(Qt::Horizontal, m_planView);
    m_tree = new QTreeWidget(split);
    m_tree->setObjectName(QStringLiteral("migrationSteps"));
    m_tree->setColumnCount(ColumnCount);
    m_tree->setHeaderLabels({tr("Step"), tr("Data source"), tr("Note")});
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setSectionResizeMode(StepColumn, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(DataSourceColumn, QHeaderView::ResizeToContents);
    m_tree->header()->setSectionResizeMode(NoteColumn, QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(false);
    m_sql = new QPlainTextEdit(split);
    m_sql->setObjectName(QStringLiteral("migrationSql"));
    m_sql->setReadOnly(true);
    m_sql->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_sql->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    // Wrapped: a purge's WHERE clause is the part to read before running it, never cut off.
    m_sql->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_sql->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    m_sql->setPlaceholderText(tr("Select a step to see what it does and its SQL."));
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    cl->addWidget(split, 1);

    auto *buttons = new QHBoxLayout;
    m_createRun = new QPushButton(tr("Create run…"), m_planView);
    m_createRun->setObjectName(QStringLiteral("migrationPlanCreateRun"));
    m_createRun->setToolTip(tr("Make a run directory for this plan and follow it on the Timeline tab"));
    m_export = new QPushButton(tr("Export runbook (HTML)…"), m_planView);
    m_export->setObjectName(QStringLiteral("migrationExport"));
    m_clear = new QPushButton(tr("Clear plan"), m_planView);
    m_clear->setObjectName(QStringLiteral("migrationClear"));
    buttons->addWidget(m_createRun);
    buttons->addWidget(m_export);
    buttons->addStretch(1);
    buttons->addWidget(m_clear);
    cl->addLayout(buttons);
    m_content->addTab(m_planView, tr("Plan"));
    col->addWidget(m_content, 1);

    connect(m_tree, &QTreeWidget::currentItemChanged, this, &MigrationPage::showStep);
    connect(m_export, &QPushButton::clicked, this, &MigrationPage::askExport);
    connect(m_clear, &QPushButton::clicked, this, [this] { m_ctx->clearPlan(); });
    connect(m_createRun, &QPushButton::clicked, m_runPanel, &RunPanel::askCreateRun);
    connect(m_ctx, &AppContext::planChanged, this, &MigrationPage::rebuild);
    connect(m_ctx, &AppContext::runDirChanged, this, &MigrationPage::updateVisibility);
    connect(m_ctx, &AppContext::configChanged, this, &MigrationPage::updateVisibility);
    // A run followed without a handed-over plan shows its own plan (once read).
    connect(m_runPanel->controller(), &RunController::stateChanged, this, [this] {
        const bool runPlan = !m_ctx->plan() && displayPlan();
        if (runPlan != m_shownRunPlan)
            rebuild();
    });
    rebuild();
}

MigrationPage::~MigrationPage() = default;

bool MigrationPage::isEngineRunning() const
{
    return m_runPanel->controller()->engineRunning();
}

const planning::ExpansionPlan *MigrationPage::displayPlan() const
{
    if (m_ctx->plan())
        return &*m_ctx->plan();
    const auto &st = m_runPanel->controller()->state();
    return st && st->plan ? &*st->plan : nullptr;
}

void MigrationPage::updateVisibility()
{
    const bool run = !m_ctx->runDir().isEmpty();
    const bool plan = displayPlan() != nullptr || m_ctx->plan().has_value();
    m_empty->setVisible(!plan && !run);
    m_content->setVisible(plan || run);
    m_createRun->setEnabled(m_ctx->plan().has_value());
    // The timeline when a run is followed (a new one, or after a restart); the runbook otherwise.
    if (m_ctx->runDir() != m_shownRunDir) {
        m_shownRunDir = m_ctx->runDir();
        m_content->setCurrentIndex(run ? TimelineTab : PlanTab);
    } else if (!run) {
        m_content->setCurrentIndex(PlanTab);
    }
}

void MigrationPage::rebuild()
{
    const planning::ExpansionPlan *plan = displayPlan();
    m_shownRunPlan = !m_ctx->plan() && plan;
    m_tree->clear();
    m_sql->clear();
    updateVisibility();
    if (!plan) {
        m_title->clear();
        m_facts->clear();
        m_export->setEnabled(false);
        m_clear->setEnabled(false);
        return;
    }
    const QLocale loc;
    m_title->setText(plan->description.isEmpty() ? tr("Expansion plan")
                                                 : CoreText::render(plan->description, plan->descriptionText));
    const QString estimates = plan->estimateSource.isEmpty()
                                  ? tr("none")
                                  : CoreText::render(plan->estimateSource, plan->estimateSourceText);
    // Rows as the wizard and the planning page count them (exact counts where counted).
    const qint64 rows = plan->totalMovedRows(), bytes = plan->totalEstimatedBytes();
    const qint64 broadcast = plan->totalBroadcastRows();
    const int destructive = int(std::count_if(plan->steps.cbegin(), plan->steps.cend(),
                                              [](const planning::PlanStep &s) { return s.destructive; }));
    const QString sep = QStringLiteral("   ·   ");
    const QStringList first{
        tr("Strategy: %1").arg(planning::strategyName(plan->strategy)),
        tr("Created: %1").arg(plan->createdAt.isValid() ? timestampText(plan->createdAt) : tr("unknown")),
        tr("Estimates: %1").arg(estimates)};
    QStringList second{(plan->movedRowsExact() ? tr("Rows to move: %1 (exact)") : tr("Rows to move: %1"))
                           .arg(rows >= 0 ? loc.toString(rows) : tr("unknown")),
                       tr("Bytes to move: %1").arg(bytes >= 0 ? loc.formattedDataSize(bytes) : tr("unknown")),
                       tr("%n step(s)", nullptr, int(plan->steps.size())),
                       tr("%n destructive step(s)", nullptr, destructive)};
    if (broadcast > 0)
        second.insert(2, tr("Broadcast rows to copy: %1").arg(loc.toString(broadcast)));
    m_facts->setText(first.join(sep) + QLatin1Char('\n') + second.join(sep));

    // One top-level item per phase, in the order the phases first appear.
    const QIcon warn = style()->standardIcon(QStyle::SP_MessageBoxWarning);
    QHash<QString, QTreeWidgetItem *> phases;
    for (int i = 0; i < plan->steps.size(); ++i) {
        const planning::PlanStep &s = plan->steps.at(i);
        QTreeWidgetItem *&top = phases[s.phase];
        if (!top) {
            top = new QTreeWidgetItem(m_tree);
            const QString name = phaseName(plan->strategy, s.phase);
            top->setText(StepColumn, name.isEmpty() ? s.phase : s.phase + QStringLiteral(" — ") + name);
            top->setData(StepColumn, StepIndexRole, -1);
            QFont f = top->font(StepColumn);
            f.setBold(true);
            top->setFont(StepColumn, f);
        }
        auto *item = new QTreeWidgetItem(top);
        item->setText(StepColumn, CoreText::render(s.title, s.titleText));
        item->setText(DataSourceColumn, s.dataSource.isEmpty() ? tr("—") : s.dataSource);
        item->setData(StepColumn, StepIndexRole, i);
        item->setToolTip(StepColumn, CoreText::render(s.detail, s.detailText));
        if (s.destructive) {
            item->setIcon(StepColumn, warn);
            item->setText(NoteColumn, tr("destructive"));
            item->setToolTip(NoteColumn, tr("Deletes data: run only after the switch has been observed."));
            top->setIcon(StepColumn, warn);
        }
    }
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem *top = m_tree->topLevelItem(i);
        const int n = top->childCount();
        top->setText(NoteColumn, tr("%n step(s)", nullptr, n));
        // Long phases (a backfill per pair) start collapsed so the whole timeline fits at a glance.
        top->setExpanded(n <= 8);
    }
    m_export->setEnabled(true);
    m_clear->setEnabled(m_ctx->plan().has_value());
}

void MigrationPage::showStep()
{
    const planning::ExpansionPlan *plan = displayPlan();
    QTreeWidgetItem *item = m_tree->currentItem();
    const int i = item ? item->data(StepColumn, StepIndexRole).toInt() : -1;
    if (!plan || i < 0 || i >= plan->steps.size()) {
        m_sql->clear();
        return;
    }
    const planning::PlanStep &s = plan->steps.at(i);
    QStringList lines;
    lines << QStringLiteral("-- ") + s.phase + QStringLiteral(": ") + CoreText::render(s.title, s.titleText);
    if (!s.dataSource.isEmpty())
        lines << QStringLiteral("-- ") + tr("runs on %1").arg(s.dataSource);
    if (s.destructive)
        lines << QStringLiteral("-- ") + tr("DESTRUCTIVE: deletes data");
    if (!s.detail.isEmpty())
        lines << QStringLiteral("-- ") + CoreText::render(s.detail, s.detailText);
    lines << QString();
    if (s.sql.isEmpty())
        lines << QStringLiteral("-- ") + tr("(no SQL: an operator action)");
    for (const QString &sql : s.sql)
        lines << (sql.startsWith(QLatin1String("--")) || sql.endsWith(QLatin1Char(';')) ? sql : sql + QLatin1Char(';'));
    m_sql->setPlainText(lines.join(QLatin1Char('\n')));
}

bool MigrationPage::exportRunbook(const QString &path, QString *error)
{
    const planning::ExpansionPlan *plan = displayPlan();
    if (!plan) {
        if (error)
            *error = tr("There is no plan to export.");
        return false;
    }
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        if (error)
            *error = path + QStringLiteral(": ") + f.errorString();
        return false;
    }
    f.write(planning::PlanExport::runbookHtml(*plan).toUtf8());
    if (!f.commit()) {
        if (error)
            *error = path + QStringLiteral(": ") + f.errorString();
        return false;
    }
    return true;
}

void MigrationPage::askExport()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export runbook"), QStringLiteral("runbook.html"),
                                                      tr("HTML files (*.html *.htm)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportRunbook(path, &error))
        QMessageBox::warning(this, tr("Export runbook"), error);
}

} // namespace sp::ui
