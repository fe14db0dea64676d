#include "ui/SettingsDialog.h"

#include "ui/Settings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace sp::ui {

QList<QPair<QString, QString>> SettingsDialog::languages()
{
    // Shown in their own language on purpose: someone who cannot read the current one finds theirs.
    return {{QStringLiteral("en"), QStringLiteral("English")},
            {QStringLiteral("zh_CN"), QStringLiteral("简体中文")}};
}

SettingsDialog::SettingsDialog(Settings *settings, QWidget *parent) : QDialog(parent), m_settings(settings)
{
    setObjectName(QStringLiteral("settingsDialog"));
    setWindowTitle(tr("Settings"));
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    layout->addLayout(form);

    m_language = new QComboBox(this);
    m_language->setObjectName(QStringLiteral("settingsLanguage"));
    m_language->addItem(tr("System default"), QString());
    for (const auto &[code, name] : languages())
        m_language->addItem(name, code);
    m_language->setCurrentIndex(std::max(0, m_language->findData(settings->language())));
    form->addRow(tr("Language:"), m_language);
    auto *langNote = new QLabel(tr("A new language applies after a restart."), this);
    langNote->setEnabled(false);
    form->addRow(QString(), langNote);

    m_refresh = new QSpinBox(this);
    m_refresh->setObjectName(QStringLiteral("settingsRefresh"));
    m_refresh->setRange(0, 3600);
    m_refresh->setSuffix(tr(" s"));
    m_refresh->setSpecialValueText(tr("off"));
    m_refresh->setValue(settings->refreshIntervalSeconds());
    form->addRow(tr("Dashboard auto-refresh:"), m_refresh);

    m_rowLimit = new QSpinBox(this);
    m_rowLimit->setObjectName(QStringLiteral("settingsRowLimit"));
    m_rowLimit->setRange(1000, 2000000000);
    m_rowLimit->setSingleStep(1000000);
    m_rowLimit->setGroupSeparatorShown(true);
    m_rowLimit->setValue(int(std::min<qint64>(settings->rowLimit(), 2000000000)));
    form->addRow(tr("Row limit per physical table:"), m_rowLimit);

    auto *dirRow = new QHBoxLayout;
    m_sandboxDir = new QLineEdit(settings->sandboxDir(), this);
    m_sandboxDir->setObjectName(QStringLiteral("settingsSandboxDir"));
    dirRow->addWidget(m_sandboxDir, 1);
    auto *browse = new QPushButton(tr("Browse…"), this);
    dirRow->addWidget(browse);
    form->addRow(tr("Sandbox directory:"), dirRow);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString d = QFileDialog::getExistingDirectory(this, tr("Sandbox directory"), m_sandboxDir->text());
        if (!d.isEmpty())
            m_sandboxDir->setText(d);
    });

    m_keychain = new QCheckBox(tr("Look up passwords in the OS keychain"), this);
    m_keychain->setObjectName(QStringLiteral("settingsUseKeychain"));
    m_keychain->setChecked(settings->useKeychain());
    m_keychain->setToolTip(tr("After the config, SHARDPILOT_PASSWORD variables and option files (a sandbox's app.cnf, "
                              "~/.my.cnf), ask the desktop's secret service, as shardctl does. Tools > Store password "
                              "in keychain saves one there."));
    form->addRow(tr("Passwords:"), m_keychain);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->setObjectName(QStringLiteral("settingsButtons"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

bool SettingsDialog::apply()
{
    const QString lang = m_language->currentData().toString();
    const bool languageChanged = lang != m_settings->language();
    m_settings->setLanguage(lang);
    m_settings->setRefreshIntervalSeconds(m_refresh->value());
    m_settings->setRowLimit(m_rowLimit->value());
    m_settings->setUseKeychain(m_keychain->isChecked());
    if (!m_sandboxDir->text().trimmed().isEmpty())
        m_settings->setSandboxDir(m_sandboxDir->text().trimmed());
    m_settings->sync();
    return languageChanged;
}

} // namespace sp::ui
