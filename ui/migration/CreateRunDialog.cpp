#include "ui/migration/CreateRunDialog.h"

#include "core/migration/RunState.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

namespace sp::ui {

CreateRunDialog::CreateRunDialog(const QString &configPath, bool sandbox, QWidget *parent)
    : QDialog(parent), m_runId(migration::newRunId())
{
    setObjectName(QStringLiteral("createRunDialog"));
    setWindowTitle(tr("Create a migration run"));
    const migration::RunSpec defaults;
    auto *col = new QVBoxLayout(this);
    auto *intro =
        new QLabel(tr("A run executes the plan T0..T9 on the cluster, from this console or with "
                      "<tt>shardctl migrate run --run DIR</tt>; both take turns on the same directory. "
                      "Its options are fixed for the life of the run."),
                   this);
    intro->setWordWrap(true);
    col->addWidget(intro);

    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    auto pathRow = [this](QLineEdit *edit, const char *button, void (CreateRunDialog::*browse)()) {
        auto *row = new QHBoxLayout;
        row->setContentsMargins(0, 0, 0, 0);
        row->addWidget(edit, 1);
        auto *b = new QToolButton(this);
        b->setObjectName(QLatin1String(button));
        b->setText(tr("…"));
        b->setToolTip(tr("Choose"));
        connect(b, &QToolButton::clicked, this, browse);
        row->addWidget(b);
        return row;
    };
    m_dir = new QLineEdit(this);
    m_dir->setObjectName(QStringLiteral("createRunDir"));
    m_dir->setText(QFileInfo(configPath).absolutePath() + QStringLiteral("/runs/") + m_runId);
    m_dir->setMinimumWidth(360);
    form->addRow(tr("Run directory:"), pathRow(m_dir, "createRunBrowseDir", &CreateRunDialog::browseDir));

    auto spin = [this](const char *name, int lo, int hi, int value, const QString &suffix,
                       const QString &tip) {
        auto *s = new QSpinBox(this);
        s->setObjectName(QLatin1String(name));
        s->setRange(lo, hi);
        s->setValue(value);
        s->setSuffix(suffix);
        s->setGroupSeparatorShown(true);
        s->setToolTip(tip);
        return s;
    };
    m_observe =
        spin("createRunObserve", 0, 365 * 86400, defaults.observeSec, tr(" s"),
             tr("How long T8 watches the old shards for writes that still follow the old routes before T9 "
                "may purge (86,400 s = 24 h; 0 allowed)."));
    form->addRow(tr("Observe (T8):"), m_observe);

    m_admin = new QLineEdit(this);
    m_admin->setObjectName(QStringLiteral("createRunAdmin"));
    m_admin->setPlaceholderText(sandbox ? tr("not needed: the sandbox's root access is used")
                                        : tr("MySQL option file with user and password ([client])"));
    m_admin->setToolTip(
        tr("An account with replication and DDL rights on every server. Only the file's path is "
           "kept in the run, never the password."));
    form->addRow(tr("Admin option file:"),
                 pathRow(m_admin, "createRunBrowseAdmin", &CreateRunDialog::browseAdmin));

    m_reload = new QLineEdit(this);
    m_reload->setObjectName(QStringLiteral("createRunReload"));
    m_reload->setPlaceholderText(tr("optional, e.g. a config reload of the applications"));
    m_reload->setToolTip(tr("A shell command run after T6 switched the config."));
    form->addRow(tr("Reload command:"), m_reload);

    m_budget =
        spin("createRunBudget", 1, 3600, defaults.writeStopBudgetSec, tr(" s"),
             tr("How long T4 may keep writes stopped while the capture drains; past it writes resume and T4 "
                "fails."));
    form->addRow(tr("Write-stop budget:"), m_budget);
    m_chunk = spin("createRunChunk", 10, 100000, defaults.chunkRows, tr(" rows"),
                   tr("The first copy chunk; then adapted to about 0.5 s per chunk."));
    form->addRow(tr("First chunk:"), m_chunk);
    m_maxChunk = spin("createRunMaxChunk", 10, 1000000, defaults.maxChunkRows, tr(" rows"),
                      tr("The largest copy chunk: smaller means shorter transactions on busy servers."));
    form->addRow(tr("Largest chunk:"), m_maxChunk);
    m_rate =
        spin("createRunMaxRate", 0, 100000000, 0, tr(" rows/s"), tr("Copy rate limit over all servers."));
    m_rate->setSpecialValueText(tr("no limit"));
    form->addRow(tr("Rate limit:"), m_rate);
    m_threads = spin("createRunMaxThreads", 0, 100000, 0, QString(),
                     tr("The copy waits while a source's Threads_running is above this."));
    m_threads->setSpecialValueText(tr("off"));
    form->addRow(tr("Threads_running limit:"), m_threads);
    m_parallel = spin("createRunParallel", 0, 1000, 0, QString(),
                      tr("How many source servers copy at once (one copy stream each)."));
    m_parallel->setSpecialValueText(tr("all"));
    form->addRow(tr("Sources copied at once:"), m_parallel);
    m_fullVerify = new QCheckBox(tr("Compare every moved row at T5 (longer write stop)"), this);
    m_fullVerify->setObjectName(QStringLiteral("createRunFullVerify"));
    m_fullVerify->setToolTip(tr("By default T3 verifies the copied rows while writes continue and T5 compares only "
                                "what changed since. Choose this when a change on a source could bypass its binary "
                                "log (sql_log_bin=0)."));
    form->addRow(tr("Verification:"), m_fullVerify);
    m_strongHash = new QCheckBox(tr("Hash rows with SHA2-256 (for audits; more server CPU)"), this);
    m_strongHash->setObjectName(QStringLiteral("createRunStrongHash"));
    m_strongHash->setToolTip(tr("By default rows are compared by CRC32 and CRC32C of their exact bytes, which finds "
                                "any accidental change. A change crafted to keep both CRCs is found only by a "
                                "cryptographic hash."));
    form->addRow(QString(), m_strongHash);
    col->addLayout(form);

    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("createRunError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("QLabel { color: #c62828; }"));
    m_error->hide();
    col->addWidget(m_error);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Create run"));
    buttons->button(QDialogButtonBox::Ok)->setObjectName(QStringLiteral("createRunOk"));
    connect(buttons, &QDialogButtonBox::accepted, this, &CreateRunDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &CreateRunDialog::reject);
    col->addWidget(buttons);
}

QString CreateRunDialog::runDir() const
{
    return m_dir->text().trimmed();
}

migration::RunSpec CreateRunDialog::options() const
{
    migration::RunSpec o;
    o.runId = m_runId;
    o.observeSec = m_observe->value();
    o.adminDefaultsFile = m_admin->text().trimmed();
    o.reloadCommand = m_reload->text().trimmed();
    o.writeStopBudgetSec = m_budget->value();
    o.chunkRows = m_chunk->value();
    o.maxChunkRows = m_maxChunk->value();
    o.maxRowsPerSec = m_rate->value();
    o.maxThreadsRunning = m_threads->value();
    o.parallel = m_parallel->value();
    o.fullVerify = m_fullVerify->isChecked();
    o.strongHash = m_strongHash->isChecked();
    return o;
}

void CreateRunDialog::accept()
{
    QString error;
    if (runDir().isEmpty())
        error = tr("Choose a directory for the run.");
    else if (QFileInfo::exists(runDir() + QStringLiteral("/run.json")))
        error = tr("%1 holds a run already: open it, or choose another directory.").arg(runDir());
    else if (!m_admin->text().trimmed().isEmpty() && !QFileInfo(m_admin->text().trimmed()).isFile())
        error = tr("The admin option file %1 does not exist.").arg(m_admin->text().trimmed());
    if (!error.isEmpty()) {
        m_error->setText(error);
        m_error->show();
        return;
    }
    QDialog::accept();
}

void CreateRunDialog::browseDir()
{
    const QString d =
        QFileDialog::getExistingDirectory(this, tr("Run directory"), QFileInfo(runDir()).absolutePath());
    if (!d.isEmpty())
        m_dir->setText(d + QStringLiteral("/") + m_runId);
}

void CreateRunDialog::browseAdmin()
{
    const QString f = QFileDialog::getOpenFileName(this, tr("Admin option file"), QString(),
                                                   tr("Option files (*.cnf);;All files (*)"));
    if (!f.isEmpty())
        m_admin->setText(f);
}

} // namespace sp::ui
