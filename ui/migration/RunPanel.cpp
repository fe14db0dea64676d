#include "ui/migration/RunPanel.h"

#include "core/job/Job.h"
#include "core/migration/dual/DualState.h"
#include "core/migration/run/Runner.h"
#include "ui/AppContext.h"
#include "ui/CoreText.h"
#include "ui/TimeFormat.h"
#include "ui/migration/ConfirmDialog.h"
#include "ui/migration/CopyProgressPanel.h"
#include "ui/migration/CreateRunDialog.h"
#include "ui/migration/ReplicationTable.h"
#include "ui/migration/RunNotes.h"
#include "ui/migration/StepperWidget.h"

#include <QApplication>
#include <QClipboard>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QTableWidget>
#include <QTime>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>

namespace sp::ui {

using namespace sp::migration;

namespace {

QString bannerStyle(RunGate::Level level)
{
    switch (level) {
    case RunGate::Level::Error:
        return QStringLiteral("QLabel { background: #fdecea; color: #8e1b1b; border: 1px solid #e57373; "
                              "border-radius: 3px; padding: 5px; }");
    case RunGate::Level::Warning:
        return QStringLiteral("QLabel { background: #fff4e5; color: #6d3c00; border: 1px solid #ffb74d; "
                              "border-radius: 3px; padding: 5px; }");
    case RunGate::Level::Info:
    case RunGate::Level::None:
        break;
    }
    return QStringLiteral("QLabel { background: palette(alternate-base); border: 1px solid palette(mid); "
                          "border-radius: 3px; padding: 5px; }");
}

QTableWidget *makeTable(QWidget *parent, const char *name, const QStringList &headers)
{
    auto *t = new QTableWidget(0, int(headers.size()), parent);
    t->setObjectName(QLatin1String(name));
    t->setHorizontalHeaderLabels(headers);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setSelectionMode(QAbstractItemView::SingleSelection);
    t->setAlternatingRowColors(true);
    t->setWordWrap(false);
    t->verticalHeader()->setVisible(false);
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6);
    t->horizontalHeader()->setStretchLastSection(true);
    return t;
}

QString actionName(EngineAction a)
{
    switch (a) {
    case EngineAction::Continue:
        return RunPanel::tr("Continue");
    case EngineAction::Verify:
        return RunPanel::tr("Verify");
    case EngineAction::Rollback:
        return RunPanel::tr("Rollback");
    case EngineAction::ForwardStale:
        return RunPanel::tr("Carry forward");
    case EngineAction::None:
        break;
    }
    return {};
}

// The engine's words for a difference ("missing" on the target, "extra" only there, "different").
QString kindText(const QString &kind)
{
    if (kind == QLatin1String("missing"))
        return RunPanel::tr("missing");
    if (kind == QLatin1String("extra"))
        return RunPanel::tr("extra");
    if (kind == QLatin1String("different"))
        return RunPanel::tr("different");
    if (kind == QLatin1String("definition"))
        return RunPanel::tr("definition");
    return kind;
}

QString clock(qint64 ms)
{
    const qint64 s = qMax<qint64>(0, ms / 1000);
    return QStringLiteral("%1:%2:%3")
        .arg(s / 3600, 2, 10, QLatin1Char('0'))
        .arg((s % 3600) / 60, 2, 10, QLatin1Char('0'))
        .arg(s % 60, 2, 10, QLatin1Char('0'));
}

} // namespace

RunPanel::RunPanel(AppContext *ctx, QWidget *parent)
    : QWidget(parent), m_ctx(ctx), m_run(new RunController(this)), m_creator(new JobRunner(this)),
      m_clock(new QTimer(this))
{
    setObjectName(QStringLiteral("migrationRunPanel"));
    auto *col = new QVBoxLayout(this);
    col->setContentsMargins(0, 0, 0, 0);

    // --- no run --------------------------------------------------------------------------------
    m_noRun = new QWidget(this);
    m_noRun->setObjectName(QStringLiteral("migrationNoRun"));
    auto *nl = new QVBoxLayout(m_noRun);
    m_noRunText = new QLabel(m_noRun);
    m_noRunText->setObjectName(QStringLiteral("migrationNoRunText"));
    m_noRunText->setWordWrap(true);
    m_noRunText->setAlignment(Qt::AlignCenter);
    nl->addStretch(1);
    nl->addWidget(m_noRunText);
    auto *nb = new QHBoxLayout;
    nb->addStretch(1);
    m_create = new QPushButton(tr("Create run…"), m_noRun);
    m_create->setObjectName(QStringLiteral("migrationCreateRun"));
    m_create->setToolTip(tr("Make a run directory for the plan, as 'shardctl migrate create' does"));
    m_open = new QPushButton(tr("Open run…"), m_noRun);
    m_open->setObjectName(QStringLiteral("migrationOpenRun"));
    m_open->setToolTip(tr("Follow a run directory made here or by 'shardctl migrate create'"));
    nb->addWidget(m_create);
    nb->addWidget(m_open);
    nb->addStretch(1);
    nl->addLayout(nb);
    nl->addStretch(2);
    col->addWidget(m_noRun, 1);

    // --- the run -------------------------------------------------------------------------------
    m_runBox = new QWidget(this);
    m_runBox->setObjectName(QStringLiteral("migrationRunBox"));
    auto *rl = new QVBoxLayout(m_runBox);
    rl->setContentsMargins(0, 0, 0, 0);
    rl->setSpacing(4);
    auto *head = new QHBoxLayout;
    m_title = new QLabel(m_runBox);
    m_title->setObjectName(QStringLiteral("migrationRunTitle"));
    m_title->setTextFormat(Qt::PlainText);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    QFont tf = m_title->font();
    tf.setBold(true);
    m_title->setFont(tf);
    m_state = new QLabel(m_runBox);
    m_state->setObjectName(QStringLiteral("migrationRunState"));
    m_state->setTextFormat(Qt::PlainText);
    m_close = new QPushButton(tr("Close run"), m_runBox);
    m_close->setObjectName(QStringLiteral("migrationCloseRun"));
    m_close->setToolTip(tr("Stop following this run here (the run directory stays as it is)"));
    m_writeStop = new QLabel(m_runBox);
    m_writeStop->setObjectName(QStringLiteral("migrationWriteStop"));
    m_writeStop->setTextFormat(Qt::PlainText);
    head->addWidget(m_title, 1);
    head->addWidget(m_writeStop);
    head->addWidget(m_state);
    head->addWidget(m_close);
    rl->addLayout(head);

    m_stepper = new StepperWidget(m_runBox);
    rl->addWidget(m_stepper);
    m_stepMessage = new QLabel(m_runBox);
    m_stepMessage->setObjectName(QStringLiteral("migrationStepMessage"));
    m_stepMessage->setTextFormat(Qt::PlainText);
    m_stepMessage->setWordWrap(true);
    m_stepMessage->setTextInteractionFlags(Qt::TextSelectableByMouse);
    rl->addWidget(m_stepMessage);

    m_failure = new QLabel(m_runBox);
    m_failure->setObjectName(QStringLiteral("migrationFailure"));
    m_failure->setTextFormat(Qt::PlainText);
    m_failure->setWordWrap(true);
    m_failure->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_failure->setStyleSheet(bannerStyle(RunGate::Level::Error));
    QFont ff = m_failure->font();
    ff.setBold(true);
    m_failure->setFont(ff);
    m_failure->hide();
    rl->addWidget(m_failure);
    m_gate = new QLabel(m_runBox);
    m_gate->setObjectName(QStringLiteral("migrationGate"));
    m_gate->setTextFormat(Qt::RichText);
    m_gate->setWordWrap(true);
    m_gate->setTextInteractionFlags(Qt::TextSelectableByMouse);
    rl->addWidget(m_gate);
    m_switchInfo = new QLabel(m_runBox);
    m_switchInfo->setObjectName(QStringLiteral("migrationSwitchInfo"));
    m_switchInfo->setTextFormat(Qt::PlainText);
    m_switchInfo->setWordWrap(true);
    m_switchInfo->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_switchInfo->hide();
    rl->addWidget(m_switchInfo);
    m_verifyResult = new QLabel(m_runBox);
    m_verifyResult->setObjectName(QStringLiteral("migrationVerifyResult"));
    m_verifyResult->setTextFormat(Qt::RichText);
    m_verifyResult->setWordWrap(true);
    m_verifyResult->setStyleSheet(bannerStyle(RunGate::Level::Info));
    m_verifyResult->hide();
    rl->addWidget(m_verifyResult);

    auto *controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Continue to:"), m_runBox));
    m_until = new QComboBox(m_runBox);
    m_until->setObjectName(QStringLiteral("migrationUntil"));
    m_until->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_until->setToolTip(tr("The run stops after this step"));
    controls->addWidget(m_until);
    m_continue = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("Continue"), m_runBox);
    m_continue->setObjectName(QStringLiteral("migrationContinue"));
    m_pause = new QPushButton(style()->standardIcon(QStyle::SP_MediaPause), tr("Pause"), m_runBox);
    m_pause->setObjectName(QStringLiteral("migrationPause"));
    m_verify = new QPushButton(tr("Verify"), m_runBox);
    m_verify->setObjectName(QStringLiteral("migrationVerify"));
    m_strongVerify = new QCheckBox(tr("SHA2-256"), m_runBox);
    m_strongVerify->setObjectName(QStringLiteral("migrationStrongVerify"));
    m_strongVerify->setToolTip(tr("Verify hashes every row with SHA2-256 instead of CRC32 and CRC32C: it also finds a "
                                  "change crafted to keep both CRCs (for audits; more server CPU)"));
    m_rollback = new QPushButton(tr("Rollback…"), m_runBox);
    m_rollback->setObjectName(QStringLiteral("migrationRollback"));
    m_forwardStale = new QPushButton(tr("Carry forward…"), m_runBox);
    m_forwardStale->setObjectName(QStringLiteral("migrationForwardStale"));
    m_forwardStale->hide(); // shown while T8 has open writes of stale routes
    for (QPushButton *b : {m_continue, m_pause, m_verify})
        controls->addWidget(b);
    controls->addWidget(m_strongVerify);
    controls->addWidget(m_forwardStale);
    controls->addWidget(m_rollback);
    controls->addStretch(1);
    rl->addLayout(controls);

    m_tabs = new QTabWidget(m_runBox);
    m_tabs->setObjectName(QStringLiteral("migrationRunTabs"));
    m_tabs->setDocumentMode(true);
    m_progress = new CopyProgressPanel(m_tabs);
    m_tabs->addTab(m_progress, tr("Progress"));
    m_replication = new ReplicationTable(m_tabs); // a tab of dual-master runs only
    m_replication->hide();

    m_checks = new QTreeWidget(m_tabs);
    m_checks->setObjectName(QStringLiteral("migrationChecks"));
    m_checks->setRootIsDecorated(false);
    m_checks->setUniformRowHeights(true);
    m_checks->setAlternatingRowColors(true);
    m_checks->setHeaderLabels({tr("Step"), tr("Check"), tr("Result"), tr("Detail")});
    m_checks->header()->setStretchLastSection(true);
    m_checks->header()->resizeSection(0, 50);
    m_checks->header()->resizeSection(1, 140);
    m_checks->header()->resizeSection(2, 70);
    m_tabs->addTab(m_checks, tr("Checks"));

    auto *diffBox = new QWidget(m_tabs);
    auto *dl = new QVBoxLayout(diffBox);
    dl->setContentsMargins(0, 4, 0, 0);
    m_diffCount = new QLabel(diffBox);
    m_diffCount->setObjectName(QStringLiteral("migrationDiffCount"));
    m_diffCount->setWordWrap(true);
    dl->addWidget(m_diffCount);
    auto *dsplit = new QSplitter(Qt::Horizontal, diffBox);
    m_diffs = makeTable(dsplit, "migrationDiffs", {tr("Kind"), tr("Target"), tr("Source"), tr("Key")});
    m_diffs->horizontalHeader()->resizeSection(0, 80);
    m_diffs->horizontalHeader()->resizeSection(1, 150);
    m_diffs->horizontalHeader()->resizeSection(2, 150);
    auto *repairBox = new QWidget(dsplit);
    auto *repl = new QVBoxLayout(repairBox);
    repl->setContentsMargins(0, 0, 0, 0);
    m_repair = new QPlainTextEdit(repairBox);
    m_repair->setObjectName(QStringLiteral("migrationRepairSql"));
    m_repair->setReadOnly(true);
    m_repair->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_repair->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_repair->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    m_repair->setPlaceholderText(tr("Select a difference to see the SQL that repairs its target."));
    repl->addWidget(m_repair, 1);
    auto *rb = new QHBoxLayout;
    rb->addStretch(1);
    m_copyRepair = new QPushButton(tr("Copy SQL"), repairBox);
    m_copyRepair->setObjectName(QStringLiteral("migrationCopyRepair"));
    m_copyRepair->setEnabled(false);
    rb->addWidget(m_copyRepair);
    repl->addLayout(rb);
    dsplit->setStretchFactor(0, 3);
    dsplit->setStretchFactor(1, 2);
    dl->addWidget(dsplit, 1);
    m_tabs->addTab(diffBox, tr("Differences"));
    connect(m_verifyResult, &QLabel::linkActivated, this,
            [this, diffBox] { m_tabs->setCurrentWidget(diffBox); });

    m_audit = makeTable(
        m_tabs, "migrationAudit",
        {tr("Time"), tr("OS user"), tr("Step"), tr("Action"), tr("Server"), tr("Outcome"), tr("SQL")});
    m_audit->horizontalHeader()->resizeSection(0, 130);
    m_audit->horizontalHeader()->resizeSection(1, 80);
    m_audit->horizontalHeader()->resizeSection(2, 40);
    m_audit->horizontalHeader()->resizeSection(3, 130);
    m_audit->horizontalHeader()->resizeSection(4, 150);
    m_audit->horizontalHeader()->resizeSection(5, 60);
    m_tabs->addTab(m_audit, tr("Audit log"));

    auto *logBox = new QWidget(m_tabs);
    auto *ll = new QVBoxLayout(logBox);
    ll->setContentsMargins(0, 4, 0, 0);
    m_logProgress = new QLabel(logBox);
    m_logProgress->setObjectName(QStringLiteral("migrationLogProgress"));
    m_logProgress->setTextFormat(Qt::PlainText);
    ll->addWidget(m_logProgress);
    m_log = new QPlainTextEdit(logBox);
    m_log->setObjectName(QStringLiteral("migrationLog"));
    m_log->setReadOnly(true);
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_log->setMaximumBlockCount(5000);
    m_log->setPlaceholderText(tr("What the engine says while it runs in this console."));
    ll->addWidget(m_log, 1);
    m_tabs->addTab(logBox, tr("Engine log"));
    rl->addWidget(m_tabs, 1);
    col->addWidget(m_runBox, 1);

    // --- wiring --------------------------------------------------------------------------------
    connect(m_create, &QPushButton::clicked, this, &RunPanel::askCreateRun);
    connect(m_open, &QPushButton::clicked, this, &RunPanel::askOpenRun);
    connect(m_close, &QPushButton::clicked, this, [this] { m_ctx->setRunDir(QString()); });
    connect(m_continue, &QPushButton::clicked, this, &RunPanel::askContinue);
    connect(m_pause, &QPushButton::clicked, this, &RunPanel::doPause);
    connect(m_verify, &QPushButton::clicked, this, &RunPanel::doVerify);
    connect(m_rollback, &QPushButton::clicked, this, &RunPanel::askRollback);
    connect(m_forwardStale, &QPushButton::clicked, this, &RunPanel::askForwardStale);
    connect(m_stepper, &StepperWidget::stepSelected, this, [this] {
        m_stepPinned = true;
        showSelectedStep();
    });
    connect(m_diffs, &QTableWidget::itemSelectionChanged, this, &RunPanel::showDifference);
    connect(m_copyRepair, &QPushButton::clicked, this,
            [this] { QApplication::clipboard()->setText(m_repair->toPlainText()); });
    connect(m_ctx, &AppContext::runDirChanged, this, &RunPanel::followContext);
    connect(m_ctx, &AppContext::configChanged, this, &RunPanel::followContext);
    connect(m_run, &RunController::stateChanged, this, &RunPanel::updateView);
    connect(m_run, &RunController::readFailed, this, &RunPanel::updateView);
    connect(m_run, &RunController::engineLine, this, &RunPanel::appendLog);
    connect(m_run, &RunController::engineProgress, m_logProgress, &QLabel::setText);
    connect(m_run, &RunController::engineStarted, this, [this](EngineAction a) {
        m_actionStarted = QDateTime::currentDateTimeUtc().addSecs(-1);
        m_failure->hide();
        m_failure->setProperty("failureText", QString());
        m_failure->setProperty("engineError", QString());
        m_verifyDoneAt = QDateTime();
        m_verifyResult->hide();
        appendLog(QStringLiteral("— ") + tr("%1 started").arg(actionName(a)));
        m_logProgress->clear();
        updateView();
    });
    connect(m_run, &RunController::engineFinished, this,
            [this](EngineAction a, int outcome, const QString &error) {
                const Outcome o = Outcome(outcome);
                // A Verify that found differences ends "refused" but did its work: its result line
                // says what it found (not a failure banner).
                const bool compared =
                    a == EngineAction::Verify && (o == Outcome::Done || o == Outcome::GateFailed);
                if (o == Outcome::Done || compared)
                    appendLog(QStringLiteral("— ") + tr("%1 finished").arg(actionName(a)));
                else if (o == Outcome::Paused)
                    appendLog(QStringLiteral("— ") + tr("%1 paused").arg(actionName(a)));
                else
                    showFailure(a == EngineAction::Continue
                                    ? tr("Continue stopped: %1").arg(RunGate::engineSentence(error))
                                : a == EngineAction::Verify
                                    ? tr("Verify stopped: %1").arg(RunGate::engineSentence(error))
                                    : tr("Rollback stopped: %1").arg(RunGate::engineSentence(error)),
                                error);
                if (compared)
                    m_verifyDoneAt = QDateTime::currentDateTimeUtc(); // its result: once read after this
                if (m_run->dir() != m_ctx->runDir())
                    followContext(); // the config or run changed while the engine ran
                updateView();
            });
    connect(m_creator, &JobRunner::failed, this, &RunPanel::createFailedWith);
    connect(m_ctx, &AppContext::planChanged, this, [this] {
        m_createError.clear();
        updateView();
    });
    m_clock->setInterval(500);
    connect(m_clock, &QTimer::timeout, this, &RunPanel::updateWriteStop);
    m_clock->start();
    followContext();
}

RunPanel::~RunPanel() = default;

bool RunPanel::isCreating() const
{
    return m_creator->isRunning();
}

void RunPanel::followContext()
{
    if (m_run->dir() != m_ctx->runDir()) {
        if (m_run->attach(m_ctx->runDir())) {
            m_auditShown = 0;
            m_audit->setRowCount(0);
            m_checksShown = -1;
            m_diffsShownKey.clear();
            m_stepPinned = false;
            m_shownDefaultUntil = -2;
            m_log->clear();
            m_logProgress->clear();
            m_failure->hide();
            m_failure->setProperty("failureText", QString());
            m_failure->setProperty("engineError", QString());
            m_verifyDoneAt = QDateTime();
            m_verifyResult->hide();
        } else {
            showFailure(tr("The engine still runs on %1 in this console; the page follows it until it ends.")
                            .arg(m_run->dir()));
        }
    }
    updateView();
}

void RunPanel::showFailure(const QString &text, const QString &engineError)
{
    m_failure->setProperty("failureText", text);
    m_failure->setProperty("engineError", engineError);
    m_failure->setText(text);
    m_failure->show();
    appendLog(QStringLiteral("— ") + text);
}

void RunPanel::appendLog(const QString &line)
{
    m_log->appendPlainText(QTime::currentTime().toString(QStringLiteral("HH:mm:ss")) + QLatin1Char(' ') +
                           line);
}

QString RunPanel::phaseText() const
{
    const auto &st = m_run->state();
    if (m_run->engineRunning())
        return tr("running here");
    if (!st)
        return {};
    if (st->locked)
        return tr("running in another process");
    if (st->rolledBack())
        return tr("rolled back");
    if (st->finished())
        return tr("complete");
    if (st->interruptedStep())
        return tr("interrupted");
    if (st->failedStep())
        return tr("stopped at a gate");
    if (st->writesStopped())
        return tr("writes stopped");
    if (st->status(Step::T0) == StepStatus::Pending)
        return tr("not started");
    return tr("idle");
}

void RunPanel::updateView()
{
    const bool hasRun = !m_run->dir().isEmpty();
    m_noRun->setVisible(!hasRun);
    m_runBox->setVisible(hasRun);
    const bool plan = m_ctx->plan().has_value();
    m_create->setEnabled(plan && !m_creator->isRunning());
    m_create->setToolTip(
        plan ? tr("Make a run directory for the plan, as 'shardctl migrate create' does")
             : tr("Plan an expansion first (Plan ▸ Expansion wizard) or open a plan (File ▸ Open plan)"));
    m_open->setEnabled(m_ctx->hasConfig());
    if (!hasRun) {
        if (!m_createError.isEmpty()) {
            m_noRunText->setText(m_createError);
            return;
        }
        m_noRunText->setText(
            plan ? tr("No run of this plan yet. A run executes it T0..T9 on the cluster, with a gate "
                      "before every step; it can be continued here or with 'shardctl migrate run'.")
                 : tr("No run. Plan an expansion and hand it over, or open a run directory."));
        return;
    }
    const auto &st = m_run->state();
    if (!st) {
        m_title->setText(m_run->readError().isEmpty() ? tr("Reading the run in %1…").arg(m_run->dir())
                                                      : tr("Cannot read the run in %1").arg(m_run->dir()));
        m_state->clear();
        m_gate->setText(m_run->readError().toHtmlEscaped());
        m_gate->setStyleSheet(bannerStyle(RunGate::Level::Error));
        m_gate->setVisible(!m_run->readError().isEmpty());
        for (QPushButton *b : {m_continue, m_pause, m_verify, m_rollback, m_forwardStale})
            b->setEnabled(false);
        m_close->setEnabled(!m_run->engineRunning());
        return;
    }
    const RunState &s = *st;
    // A plan read back from plan.json has no template: the handed-over plan's, when it is the same
    // plan, shows the description in the console's language.
    const auto &handed = m_ctx->plan();
    const planning::ExpansionPlan *named = handed && s.plan && handed->sourceSha256 == s.plan->sourceSha256 &&
                                                   handed->description == s.plan->description
                                               ? &*handed
                                           : s.plan ? &*s.plan
                                                    : nullptr;
    const QString description =
        named ? CoreText::render(named->description, named->descriptionText) : QString();
    m_title->setText(description.isEmpty() ? tr("Run %1").arg(s.spec.runId)
                                           : tr("Run %1: %2").arg(s.spec.runId, description));
    m_title->setToolTip(
        tr("Run directory: %1\nConfig: %2").arg(QDir::toNativeSeparators(s.dir), s.spec.configPath));
    m_state->setText(phaseText());
    const RunGate gate = m_run->gate();
    QString stateStyle =
        QStringLiteral("QLabel { padding: 2px 8px; border-radius: 8px; color: white; background: %1; }");
    const char *bg = gate.activity != RunActivity::None      ? "#1565c0"
                     : s.failedStep() || s.interruptedStep() ? "#c62828"
                     : s.writesStopped()                     ? "#ef6c00"
                     : s.finished()                          ? "#2e7d32"
                                                             : "#616161";
    m_state->setStyleSheet(stateStyle.arg(QLatin1String(bg)));

    const bool dual = s.kindId() == migration::RunKindId::DualMaster;
    m_stepper->setKind(s.kindId());
    m_stepper->setSteps(s.steps);
    const int replTab = m_tabs->indexOf(m_replication);
    if (dual && replTab < 0)
        m_tabs->insertTab(1, m_replication, tr("Replication"));
    else if (!dual && replTab >= 0)
        m_tabs->removeTab(replTab);
    if (dual)
        m_replication->setPairs(migration::storedReplication(s.values));
    if (!m_stepPinned) {
        int current = -1;
        for (const StepState &x : s.steps)
            if (x.status == StepStatus::Running || x.status == StepStatus::Failed)
                current = int(x.step);
        if (current < 0)
            current = s.firstNotDone() ? int(*s.firstNotDone()) : migration::kStepCount - 1;
        m_stepper->setSelected(current);
    }
    showSelectedStep();

    // The gate.
    QStringList lines;
    for (const RunGate::Line &l : gate.lines) {
        const QString text = l.text.toHtmlEscaped();
        lines << (l.level == RunGate::Level::Error ? QStringLiteral("<b>%1</b>").arg(text) : text);
    }
    m_gate->setText(lines.join(QStringLiteral("<br>")));
    m_gate->setStyleSheet(bannerStyle(gate.level()));
    m_gate->setVisible(!lines.isEmpty());
    const QString failure = m_failure->property("failureText").toString();
    if (!failure.isEmpty()) {
        // The step that failed during this console's action (not an older failure).
        const auto failed = s.failedStep();
        const bool now = failed && m_actionStarted.isValid() && s.step(*failed).finished >= m_actionStarted;
        const QString engineError = m_failure->property("engineError").toString();
        if (now && !engineError.isEmpty() && s.step(*failed).message == engineError) {
            m_failure->hide(); // the journal's failed step: the gate says it, once
        } else {
            m_failure->setText(now ? tr("%1 (at %2 %3)")
                                         .arg(failure, RunGate::stepName(s, *failed),
                                              RunGate::stepTitle(s.kindId(), *failed))
                                   : failure);
        }
    }
    const RunNotes::Switch sw = RunNotes::afterSwitch(s);
    m_switchInfo->setText(sw.text);
    m_switchInfo->setToolTip(sw.details);
    m_switchInfo->setStyleSheet(bannerStyle(sw.warning ? RunGate::Level::Warning : RunGate::Level::Info));
    m_switchInfo->setVisible(!sw.text.isEmpty());
    if (m_verifyDoneAt.isValid() && m_run->stateReadSince() >= m_verifyDoneAt) {
        m_verifyResult->setText(RunNotes::verifyResult(s));
        m_verifyResult->show();
    }

    // The actions.
    QList<Step> shown;
    for (int i = 0; i < m_until->count(); ++i)
        shown << Step(m_until->itemData(i).toInt());
    // The operator's choice stays while the run stands still; when it moves on (a step done), the
    // next natural stop is proposed.
    const int defaultUntil = gate.defaultUntil ? int(*gate.defaultUntil) : -1;
    if (shown != gate.untilChoices || defaultUntil != m_shownDefaultUntil) {
        const QVariant keep = defaultUntil == m_shownDefaultUntil ? m_until->currentData() : QVariant();
        m_shownDefaultUntil = defaultUntil;
        m_until->clear();
        for (Step c : gate.untilChoices)
            m_until->addItem(RunGate::stepLabel(s, c), int(c));
        int at = keep.isValid() ? m_until->findData(keep) : -1;
        if (at < 0)
            at = m_until->findData(defaultUntil);
        m_until->setCurrentIndex(at);
    }
    m_until->setEnabled(gate.canContinue);
    m_continue->setEnabled(gate.canContinue && m_until->currentIndex() >= 0);
    // The step ids come from the run kind's table.
    const migration::RunKind &kind = s.runKind();
    QStringList pausable;
    for (const migration::StepDef &d : kind.steps())
        if (d.pausable)
            pausable.append(d.id);
    const QString noReturn = kind.noReturn() ? kind.stepId(*kind.noReturn()) : QString();
    m_continue->setToolTip(gate.canContinue
                               ? tr("Run the steps up to the chosen one; the steps that change the "
                                    "live cluster (%1) ask first")
                                     .arg(kind.destructiveIds().join(QStringLiteral(", ")))
                               : gate.continueBlocked);
    m_pause->setEnabled(gate.canPause && !s.pauseRequested);
    m_pause->setToolTip(s.pauseRequested
                            ? tr("Pause requested already")
                            : tr("Ask the engine to stop at its next pause point (in %1; between "
                                 "steps otherwise); 'Continue' resumes")
                                  .arg(pausable.join(QStringLiteral(", "))));
    m_verify->setEnabled(gate.canVerify);
    m_strongVerify->setEnabled(gate.canVerify);
    m_verify->setToolTip(gate.canVerify ? tr("Compare the rows again (read-only)") : gate.verifyBlocked);
    m_rollback->setEnabled(gate.canRollback);
    m_rollback->setToolTip(!gate.canRollback       ? gate.rollbackBlocked
                           : RunGate::reversible(s) ? tr("Until the purge: stop writes on the new nodes, carry the rest "
                                                         "of their changes back, compare, put the old config back")
                                                    : tr("Before %1: put the old config back and lift read_only; "
                                                         "optionally drop what the run created")
                                                          .arg(noReturn));
    m_forwardStale->setVisible(s.openStaleWrites() > 0 || m_run->engineAction() == EngineAction::ForwardStale);
    m_forwardStale->setEnabled(gate.canForwardStale);
    m_forwardStale->setToolTip(gate.canForwardStale
                                   ? tr("Carry the writes of stale routes to the new nodes (T8's open keys)")
                                   : gate.forwardStaleBlocked);
    m_close->setEnabled(!m_run->engineRunning());
    updateWriteStop();

    // Progress, checks, differences, audit.
    m_progress->showRun(*m_run);
    m_tabs->setTabText(m_tabs->indexOf(m_checks), s.checks.isEmpty() ? tr("Checks") : tr("Checks (%1)").arg(s.checks.size()));
    const bool anyFailed =
        std::any_of(s.checks.cbegin(), s.checks.cend(), [](const CheckResult &c) { return !c.ok; });
    m_tabs->setTabIcon(1, anyFailed ? style()->standardIcon(QStyle::SP_MessageBoxWarning) : QIcon());
    if (int(s.checks.size()) != m_checksShown) {
        m_checksShown = int(s.checks.size());
        m_checks->clear();
        const QIcon okIcon = style()->standardIcon(QStyle::SP_DialogApplyButton);
        const QIcon badIcon = style()->standardIcon(QStyle::SP_MessageBoxCritical);
        for (const CheckResult &c : s.checks) {
            auto *it = new QTreeWidgetItem(m_checks);
            it->setText(0, c.step);
            it->setText(1, c.name);
            it->setText(2, c.ok ? tr("ok") : tr("failed"));
            it->setIcon(2, c.ok ? okIcon : badIcon);
            it->setText(3, c.detail.left(1000));
            it->setToolTip(3, c.detail.left(4000));
            it->setToolTip(0, timestampText(c.at));
            if (!c.ok)
                for (int k = 0; k < 4; ++k)
                    it->setForeground(k, QColor(0xc6, 0x28, 0x28));
        }
        m_checks->scrollToBottom();
    }
    const QString diffKey = QStringLiteral("%1|%2|%3")
                                .arg(s.differenceCount)
                                .arg(s.differences.isEmpty() ? QString() : s.differences.constFirst().key,
                                     s.differences.isEmpty() ? QString() : s.differences.constLast().key);
    if (diffKey != m_diffsShownKey) {
        m_diffsShownKey = diffKey;
        m_diffs->setRowCount(int(s.differences.size()));
        for (int r = 0; r < s.differences.size(); ++r) {
            const RowDifference &d = s.differences.at(r);
            const QStringList cells{kindText(d.kind), d.targetNode, d.sourceNode, d.key};
            for (int c = 0; c < cells.size(); ++c) {
                auto *it = new QTableWidgetItem(cells.at(c));
                if (c == 0)
                    it->setData(Qt::UserRole, d.repairSql);
                m_diffs->setItem(r, c, it);
            }
        }
        m_repair->clear();
        m_copyRepair->setEnabled(false);
        m_tabs->setTabText(m_tabs->indexOf(m_diffCount->parentWidget()), s.differenceCount > 0 ? tr("Differences (%1)").arg(s.differenceCount)
                                                    : tr("Differences"));
        if (s.differenceCount == 0)
            m_diffCount->setText(
                s.kindId() == migration::RunKindId::DualMaster
                    ? tr("No differences: D6 (or Verify) found every row a new instance will own identical "
                         "to its "
                         "old instance, or has not compared yet.")
                    : tr("No differences: T5 (or Verify) found every target row identical to its source, "
                         "or has not compared yet."));
        else if (s.differenceCount > s.differences.size())
            m_diffCount->setText(
                tr("%n row(s) differ; the first %1 are listed. Each comes with the SQL that repairs "
                   "its target.",
                   nullptr, int(qMin<qint64>(s.differenceCount, INT_MAX)))
                    .arg(s.differences.size()));
        else
            m_diffCount->setText(tr("%n row(s) differ. Each comes with the SQL that repairs its target.",
                                    nullptr, int(s.differenceCount)));
    }
    if (s.audit.size() < m_auditShown) { // another run's entries (re-attached)
        m_audit->setRowCount(0);
        m_auditShown = 0;
    }
    if (s.audit.size() > m_auditShown) {
        const bool atEnd =
            m_audit->verticalScrollBar()->value() >= m_audit->verticalScrollBar()->maximum() - 2;
        m_audit->setRowCount(int(s.audit.size()));
        for (int r = m_auditShown; r < s.audit.size(); ++r) {
            const AuditEntry &a = s.audit.at(r);
            const QStringList cells{
                timestampSecondsText(a.at),  a.osUser, a.step, a.action, a.server, a.outcome,
                a.sql.left(300).simplified()};
            for (int c = 0; c < cells.size(); ++c) {
                auto *it = new QTableWidgetItem(cells.at(c));
                if (c == 6 && !a.sql.isEmpty())
                    it->setToolTip(a.sql.left(2000));
                if (a.outcome != QLatin1String("ok"))
                    it->setForeground(QColor(0xc6, 0x28, 0x28));
                m_audit->setItem(r, c, it);
            }
        }
        m_auditShown = int(s.audit.size());
        if (atEnd)
            m_audit->scrollToBottom();
    }
}

void RunPanel::updateWriteStop()
{
    const auto &st = m_run->state();
    if (!st) {
        m_writeStop->clear();
        return;
    }
    // The kind's table says which step stops writes and which resumes them (T4 .. T7; D7 alone).
    const migration::RunKind &kind = st->runKind();
    const QString stop = kind.writeStop() ? kind.stepId(*kind.writeStop()) : QString();
    const QString resume = kind.noReturn() ? kind.stepId(*kind.noReturn()) : QString();
    if (st->writesStopped()) {
        const qint64 ms = st->writeStopStart().msecsTo(QDateTime::currentDateTimeUtc());
        m_writeStop->setText(tr("Writes stopped %1").arg(clock(ms)));
        m_writeStop->setToolTip(
            stop == resume
                ? tr("read_only=1 on the old servers since %1; %3 holds it at most %2 s for the new "
                     "instances "
                     "to apply everything, then switches the config and lifts it")
                      .arg(timestampText(st->writeStopStart()))
                      .arg(st->spec.writeStopBudgetSec)
                      .arg(stop)
                : tr("read_only=1 on the source servers since %1; %3 may hold it %2 s to drain the "
                     "capture, then it lasts until %4 or a rollback")
                      .arg(timestampText(st->writeStopStart()))
                      .arg(st->spec.writeStopBudgetSec)
                      .arg(stop, resume));
        m_writeStop->setStyleSheet(QStringLiteral("QLabel { color: #c62828; font-weight: bold; }"));
    } else if (const QString rollbackStart = st->value(migration::keys::rollbackStopStart);
               !rollbackStart.isEmpty() && st->value(migration::keys::rollbackWriteStopMs).isEmpty() && !st->rolledBack()) {
        // A rollback after the switch holds read_only on the new nodes.
        const QDateTime since = QDateTime::fromString(rollbackStart, Qt::ISODateWithMs);
        m_writeStop->setText(tr("Writes to moved rows stopped %1 (rollback)")
                                 .arg(clock(since.msecsTo(QDateTime::currentDateTimeUtc()))));
        m_writeStop->setToolTip(tr("read_only=1 on the new nodes since %1 while the rollback carries their last "
                                   "changes back and compares")
                                    .arg(timestampText(since)));
        m_writeStop->setStyleSheet(QStringLiteral("QLabel { color: #c62828; font-weight: bold; }"));
    } else if (st->writeStopMs() >= 0) {
        const QLocale loc;
        // Tenths of a second; hundredths below 0.1 s (a stop of 30 ms is not "0.0 s").
        const auto secs = [&loc](qint64 ms) { return loc.toString(double(ms) / 1000.0, 'f', ms < 100 ? 2 : 1); };
        const QString reload = st->value(migration::keys::reloadMs);
        QString text = tr("Write stop: %1 s").arg(secs(st->writeStopMs()));
        if (!reload.isEmpty())
            text += QLatin1Char(' ') + tr("(reload command %1 s of it)").arg(secs(reload.toLongLong()));
        const QString back = st->value(migration::keys::rollbackWriteStopMs);
        if (!back.isEmpty())
            text += QStringLiteral(" · ") + tr("rollback: %1 s").arg(secs(back.toLongLong()));
        m_writeStop->setText(text);
        QString tip = stop == resume ? tr("How long writes were stopped (during %1)").arg(stop)
                                     : tr("How long writes were stopped (%1 to %2)").arg(stop, resume);
        if (!reload.isEmpty() && reload.toLongLong() * 2 > st->writeStopMs())
            tip += QLatin1Char('\n') + tr("The reload command took most of the stop: the services' reload is the "
                                          "switch window's limit.");
        m_writeStop->setToolTip(tip);
        m_writeStop->setStyleSheet(QString());
    } else {
        m_writeStop->clear();
        m_writeStop->setToolTip(QString());
    }
}

void RunPanel::showSelectedStep()
{
    const auto &st = m_run->state();
    const int i = m_stepper->selected();
    if (!st || i < 0 || i >= st->steps.size()) {
        m_stepMessage->clear();
        return;
    }
    const StepState &s = st->steps.at(i);
    QStringList parts{QStringLiteral("%1 %2: %3")
                          .arg(RunGate::stepName(*st, s.step), RunGate::stepTitle(st->kindId(), s.step),
                               RunGate::statusText(s.status))};
    if (s.started.isValid())
        parts << tr("started %1").arg(timestampText(s.started));
    if (s.finished.isValid() && s.status != StepStatus::Running)
        parts << tr("ended %1").arg(timestampText(s.finished));
    // A failed step's message is the gate's (shown there once); other steps say what they did, unless
    // the message only repeats the status.
    if (const QString message = RunGate::engineMessage(s);
        !message.isEmpty() && !(s.status == StepStatus::Failed && st->failedStep() == s.step && !st->rolledBack()))
        parts << tr("the engine says: %1").arg(message.left(1000));
    m_stepMessage->setText(parts.join(QStringLiteral(" · ")));
}

void RunPanel::showDifference()
{
    const QList<QTableWidgetItem *> sel = m_diffs->selectedItems();
    if (sel.isEmpty()) {
        m_repair->clear();
        m_copyRepair->setEnabled(false);
        return;
    }
    const int row = sel.first()->row();
    const QTableWidgetItem *first = m_diffs->item(row, 0);
    const QString sql = first ? first->data(Qt::UserRole).toString() : QString();
    m_repair->setPlainText(sql);
    m_copyRepair->setEnabled(!sql.isEmpty());
}

void RunPanel::askContinue()
{
    const auto &st = m_run->state();
    if (!st || m_until->currentIndex() < 0)
        return;
    const Step until = Step(m_until->currentData().toInt());
    // RunGate decides what to ask: the steps that change the live cluster, and a reason where a step
    // on the way wants one (the engine's --override-reason).
    const QStringList destructive = RunGate::destructiveSteps(*st, until);
    const QString question = RunGate::reasonQuestion(*st, until);
    if (destructive.isEmpty() && question.isEmpty()) {
        QString error;
        if (!m_run->continueTo(until, false, QString(), &error))
            showFailure(error);
        return;
    }
    const QString name = RunGate::stepName(*st, until);
    auto *dialog = new ConfirmDialog(
        tr("Continue to %1").arg(name),
        tr("Continuing to %1 changes the live cluster:").arg(RunGate::stepLabel(*st, until)), destructive,
        tr("Continue to %1").arg(name), this);
    if (const QString reload = RunNotes::reloadWarning(*st, until); !reload.isEmpty())
        dialog->addWarning(reload);
    if (!question.isEmpty())
        dialog->askReason(question);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog, until] {
        QString error;
        if (!m_run->continueTo(until, true, dialog->reason(), &error))
            showFailure(error);
    });
    dialog->open();
}

void RunPanel::askRollback()
{
    const auto &st = m_run->state();
    if (!st)
        return;
    auto *dialog = new ConfirmDialog(tr("Roll back the run"), tr("The rollback:"),
                                     RunGate::rollbackEffects(*st), tr("Roll back"), this);
    dialog->offerDropTargets(RunGate::dropTargetsOffer(*st));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        QString error;
        if (!m_run->rollback(dialog->dropTargets(), &error))
            showFailure(error);
    });
    dialog->open();
}

void RunPanel::askForwardStale()
{
    const auto &st = m_run->state();
    if (!st)
        return;
    auto *dialog = new ConfirmDialog(tr("Carry forward the writes of stale routes"),
                                     tr("For each key written on its old shard after the switch:"),
                                     RunGate::forwardStaleEffects(*st), tr("Carry forward"), this);
    dialog->offerChoice(tr("Keys written on both sides since the switch:"),
                        {tr("List them and leave both versions"), tr("Keep the new node's row (the old shard's write is "
                                                                     "deleted by T9)"),
                         tr("Take the old shard's row (it replaces the new node's)")});
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        static const QStringList modes{QString(), QStringLiteral("keep-new"), QStringLiteral("take-old")};
        QString error;
        if (!m_run->forwardStale(modes.value(dialog->choice()), &error))
            showFailure(error);
    });
    dialog->open();
}

void RunPanel::doVerify()
{
    QString error;
    if (!m_run->verify(&error, m_strongVerify->isChecked()))
        showFailure(error);
}

void RunPanel::doPause()
{
    QString error;
    if (!m_run->pause(&error))
        showFailure(tr("Cannot ask for a pause: %1").arg(error));
    else
        appendLog(QStringLiteral("— ") + tr("pause requested"));
    updateView();
}

void RunPanel::askCreateRun()
{
    const auto &plan = m_ctx->plan();
    if (!plan)
        return;
    const QString config = plan->sourcePath.isEmpty() ? m_ctx->configPath() : plan->sourcePath;
    const bool sandbox =
        QFileInfo::exists(QFileInfo(config).absolutePath() + QStringLiteral("/sandbox.json"));
    auto *dialog = new CreateRunDialog(config, sandbox, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this,
            [this, dialog] { createRun(dialog->runDir(), dialog->options()); });
    dialog->open();
}

void RunPanel::createRun(const QString &dir, const RunSpec &options)
{
    const auto &plan = m_ctx->plan();
    if (!plan) {
        emit createFailed(tr("There is no plan."));
        return;
    }
    if (m_run->engineRunning()) {
        emit createFailed(tr("The engine is running in this console."));
        return;
    }
    const planning::ExpansionPlan p = *plan;
    m_create->setEnabled(false);
    m_creator->start(
        [p, dir, options](JobControl &) {
            QString error;
            const std::optional<RunSpec> spec = migration::createRun(p, QString(), dir, options, &error);
            return spec ? QString() : (error.isEmpty() ? QStringLiteral("unknown error") : error);
        },
        [this, dir](const QString &error) {
            if (!error.isEmpty()) {
                createFailedWith(error);
                return;
            }
            m_createError.clear();
            m_ctx->setRunDir(QFileInfo(dir).absoluteFilePath());
            appendLog(QStringLiteral("— ") + tr("run created in %1").arg(dir));
            emit runCreated(dir);
        });
}

void RunPanel::createFailedWith(const QString &error)
{
    m_createError = tr("Cannot create the run: %1").arg(error);
    if (!m_run->dir().isEmpty())
        showFailure(m_createError);
    updateView();
    emit createFailed(error);
}

bool RunPanel::openRun(const QString &dir, QString *error)
{
    QFile f(RunDir(dir).specFile());
    if (!f.open(QIODevice::ReadOnly)) {
        *error = tr("%1 is not a run directory (no run.json).").arg(dir);
        return false;
    }
    QString why;
    const auto spec = RunSpec::fromJson(QJsonDocument::fromJson(f.read(1 << 20)).object(), &why);
    if (!spec) {
        *error = why;
        return false;
    }
    if (m_ctx->hasConfig() &&
        QFileInfo(spec->configPath).absoluteFilePath() != QFileInfo(m_ctx->configPath()).absoluteFilePath()) {
        *error = tr("This run belongs to %1; open that config first.").arg(spec->configPath);
        return false;
    }
    if (m_run->engineRunning()) {
        *error = tr("The engine is running in this console.");
        return false;
    }
    m_ctx->setRunDir(QFileInfo(dir).absoluteFilePath());
    return true;
}

void RunPanel::askOpenRun()
{
    const QString start = m_ctx->hasConfig()
                              ? QFileInfo(m_ctx->configPath()).absolutePath() + QStringLiteral("/runs")
                              : QString();
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open run"), start);
    if (dir.isEmpty())
        return;
    QString error;
    if (!openRun(dir, &error)) {
        m_createError = tr("Cannot open the run: %1").arg(error);
        updateView();
    }
}

} // namespace sp::ui
