#include "ui/planning/ExportPage.h"

#include "core/planning/PlanExport.h"
#include "ui/AppContext.h"
#include "ui/CoreText.h"
#include "ui/planning/ExpansionWizard.h"

#include <QCheckBox>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace sp::ui {

using namespace sp::planning;

ExportPage::ExportPage(ExpansionWizard *wizard)
    : QWizardPage(wizard), m_wizard(wizard), m_dir(new QLineEdit(this)),
      m_json(new QCheckBox(tr("Plan (plan.json) — for shardctl and the migration timeline"), this)),
      m_yaml(new QCheckBox(tr("New sharding config (new-config.yaml), comments kept"), this)),
      m_sql(new QCheckBox(tr("Scripts: copy.sh, and per data source on-<name>/create.sql, copy.sql, purge.sql"), this)),
      m_runbook(new QCheckBox(tr("Operator runbook (runbook.html)"), this)),
      m_export(new QPushButton(tr("&Export"), this)), m_result(new QLabel(this)),
      m_handOff(new QCheckBox(tr("&Open the plan in the migration timeline after Finish"), this))
{
    setObjectName(QStringLiteral("wizardExportPage"));
    setTitle(tr("Export"));
    setSubTitle(
        tr("Write the plan files for review and the change ticket. Nothing runs on the cluster here."));
    m_dir->setObjectName(QStringLiteral("exportDirectory"));
    m_json->setObjectName(QStringLiteral("exportPlanJson"));
    m_yaml->setObjectName(QStringLiteral("exportNewYaml"));
    m_sql->setObjectName(QStringLiteral("exportSql"));
    m_runbook->setObjectName(QStringLiteral("exportRunbook"));
    m_export->setObjectName(QStringLiteral("exportButton"));
    m_result->setObjectName(QStringLiteral("exportResult"));
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_handOff->setObjectName(QStringLiteral("exportHandOff"));
    for (QCheckBox *c : {m_json, m_yaml, m_sql, m_runbook, m_handOff})
        c->setChecked(true);

    auto *browse = new QPushButton(tr("&Browse…"), this);
    browse->setObjectName(QStringLiteral("exportBrowse"));
    auto *dirRow = new QHBoxLayout;
    dirRow->addWidget(m_dir, 1);
    dirRow->addWidget(browse);

    auto *files = new QGroupBox(tr("Files"), this);
    auto *filesLayout = new QVBoxLayout(files);
    for (QCheckBox *c : {m_json, m_yaml, m_sql, m_runbook})
        filesLayout->addWidget(c);
    auto *exportRow = new QHBoxLayout;
    exportRow->addWidget(m_export);
    exportRow->addWidget(m_result, 1);
    filesLayout->addLayout(exportRow);

    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    auto *dirLabel = new QLabel(tr("&Directory:"), this);
    dirLabel->setBuddy(m_dir);
    form->addRow(dirLabel, dirRow);
    layout->addLayout(form);
    layout->addWidget(files);
    layout->addSpacing(12);
    layout->addWidget(m_handOff);
    layout->addStretch(1);

    connect(browse, &QPushButton::clicked, this, &ExportPage::browse);
    connect(m_export, &QPushButton::clicked, this, &ExportPage::exportClicked);
    connect(m_dir, &QLineEdit::textEdited, this, [this] { m_dirEdited = true; });
    connect(m_handOff, &QCheckBox::toggled, m_wizard, &ExpansionWizard::setHandOff);
    const auto updateButton = [this] {
        m_export->setEnabled(m_json->isChecked() || m_yaml->isChecked() || m_sql->isChecked() ||
                             m_runbook->isChecked());
    };
    for (QCheckBox *c : {m_json, m_yaml, m_sql, m_runbook})
        connect(c, &QCheckBox::toggled, this, updateButton);
}

ExportPage::~ExportPage() = default;

QString ExportPage::defaultDirectory() const
{
    const QString configPath = m_wizard->context()->configPath();
    const QString base = configPath.isEmpty() ? QDir::homePath() : QFileInfo(configPath).absolutePath();
    const QString strategy =
        m_wizard->plan() ? strategyName(m_wizard->plan()->strategy) : QStringLiteral("plan");
    return QDir(base).filePath(
        QStringLiteral("plan-%1-%2")
            .arg(strategy, QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmm"))));
}

void ExportPage::initializePage()
{
    if (!m_dirEdited)
        m_dir->setText(QDir::toNativeSeparators(defaultDirectory()));
    m_result->clear();
    m_handOff->setChecked(m_wizard->handOff());
}

void ExportPage::browse()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Export the plan to"), m_dir->text());
    if (dir.isEmpty())
        return;
    m_dir->setText(QDir::toNativeSeparators(dir));
    m_dirEdited = true;
}

QStringList ExportPage::exportTo(const QString &dir, QString *error)
{
    const auto &plan = m_wizard->plan();
    if (!plan) {
        *error = tr("There is no plan to export.");
        return {};
    }
    if (dir.trimmed().isEmpty()) {
        *error = tr("Choose a directory.");
        return {};
    }
    // The files of shardctl plan --out, written the same way (0600, passwords replaced).
    int parts = 0;
    if (m_json->isChecked())
        parts |= PlanExport::PlanJson;
    if (m_yaml->isChecked())
        parts |= PlanExport::NewConfig;
    if (m_sql->isChecked())
        parts |= PlanExport::Scripts;
    if (m_runbook->isChecked())
        parts |= PlanExport::Runbook;
    if (m_sql->isChecked()) {
        const Text problem = PlanExport::exportProblem(*plan);
        if (!problem.isEmpty()) {
            *error = CoreText::render(problem.text, problem);
            return {};
        }
    }
    const QList<PlanExport::File> files = PlanExport::files(*plan, parts);
    QString writeError;
    if (!PlanExport::write(files, dir, &writeError)) {
        *error = writeError;
        return {};
    }
    QStringList written;
    for (const PlanExport::File &f : files)
        written << f.path;
    return written;
}

void ExportPage::exportClicked()
{
    QString error;
    const QString dir = QDir::fromNativeSeparators(m_dir->text().trimmed());
    const QStringList written = exportTo(dir, &error);
    if (written.isEmpty()) {
        m_result->setText(tr("Export failed: %1").arg(error));
        return;
    }
    // The per-data-source scripts are summed up by folder.
    QStringList shown;
    QStringList folders;
    for (const QString &f : written) {
        const qsizetype slash = f.indexOf(QLatin1Char('/'));
        if (slash < 0)
            shown << f;
        else if (!folders.contains(f.left(slash)))
            folders << f.left(slash);
    }
    if (!folders.isEmpty())
        shown << tr("the scripts of %1 data sources (%2)").arg(folders.size()).arg(folders.join(QStringLiteral(", ")));
    m_result->setText(tr("Wrote %1 to %2").arg(shown.join(QStringLiteral(", ")), QDir::toNativeSeparators(dir)));
    emit exported(written);
}

} // namespace sp::ui
