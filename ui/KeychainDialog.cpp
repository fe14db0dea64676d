#include "ui/KeychainDialog.h"

#include "core/cluster/Credentials.h"
#include "core/job/Job.h"
#include "ui/CoreText.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace sp::ui {

KeychainDialog::KeychainDialog(const ShardingConfig &config, std::shared_ptr<SecretStore> store, QWidget *parent)
    : QDialog(parent), m_config(config), m_store(std::move(store)), m_runner(new JobRunner(this))
{
    setObjectName(QStringLiteral("keychainDialog"));
    setWindowTitle(tr("Store password in keychain"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("The password is stored in the desktop's secret service (service \"ShardPilot\"), "
                                "where the console and shardctl look it up for this account."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto *form = new QFormLayout;
    layout->addLayout(form);
    m_dataSource = new QComboBox(this);
    m_dataSource->setObjectName(QStringLiteral("keychainDataSource"));
    for (const DataSourceDef &ds : m_config.dataSources)
        m_dataSource->addItem(ds.name + QStringLiteral(" (") + ds.host + QLatin1Char(':') + QString::number(ds.port) +
                                  QLatin1Char(')'),
                              ds.name);
    form->addRow(tr("Data source:"), m_dataSource);
    m_user = new QLineEdit(this);
    m_user->setObjectName(QStringLiteral("keychainUser"));
    form->addRow(tr("User:"), m_user);
    m_password = new QLineEdit(this);
    m_password->setObjectName(QStringLiteral("keychainPassword"));
    m_password->setEchoMode(QLineEdit::Password);
    form->addRow(tr("Password:"), m_password);
    m_account = new QLabel(this);
    m_account->setObjectName(QStringLiteral("keychainAccount"));
    m_account->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(tr("Account:"), m_account);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("keychainStatus"));
    m_status->setWordWrap(true);
    layout->addWidget(m_status);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Close, this);
    m_buttons->setObjectName(QStringLiteral("keychainButtons"));
    layout->addWidget(m_buttons);

    connect(m_dataSource, &QComboBox::currentIndexChanged, this, [this] {
        const int i = m_dataSource->currentIndex();
        m_user->setText(i >= 0 ? m_config.dataSources.at(i).username : QString());
        updateAccount();
    });
    connect(m_user, &QLineEdit::textChanged, this, &KeychainDialog::updateAccount);
    connect(m_password, &QLineEdit::textChanged, this, &KeychainDialog::updateAccount);
    connect(m_buttons->button(QDialogButtonBox::Save), &QPushButton::clicked, this, &KeychainDialog::save);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_runner, &JobRunner::failed, this, [this](const QString &error) {
        m_status->setText(tr("Not stored: %1").arg(error));
        m_buttons->button(QDialogButtonBox::Save)->setEnabled(true);
    });
    if (!m_config.dataSources.isEmpty())
        m_user->setText(m_config.dataSources.constFirst().username);
    updateAccount();
}

KeychainDialog::~KeychainDialog() = default;

QString KeychainDialog::account() const
{
    const int i = m_dataSource->currentIndex();
    if (i < 0 || i >= m_config.dataSources.size())
        return {};
    return Credentials::secretAccount(m_user->text().trimmed(), m_config.dataSources.at(i));
}

void KeychainDialog::updateAccount()
{
    m_account->setText(account());
    m_buttons->button(QDialogButtonBox::Save)
        ->setEnabled(!m_runner->isRunning() && !m_user->text().trimmed().isEmpty() && !m_password->text().isEmpty() &&
                     m_store);
}

void KeychainDialog::save()
{
    if (!m_store)
        return;
    const QString acct = account();
    const QString password = m_password->text();
    const std::shared_ptr<SecretStore> store = m_store;
    struct Outcome
    {
        QString account;
        bool stored = false;
        Text error; // why not, in core's words (shown through CoreText)
    };
    m_buttons->button(QDialogButtonBox::Save)->setEnabled(false);
    m_status->setText(tr("Storing the password for %1…").arg(acct));
    m_runner->start(
        [store, acct, password](JobControl &) {
            Outcome out;
            out.account = acct;
            out.stored = store->writePassword(QStringLiteral("ShardPilot"), acct, password, &out.error);
            return out;
        },
        [this](const Outcome &out) {
            m_buttons->button(QDialogButtonBox::Save)->setEnabled(true);
            if (!out.stored) {
                m_status->setText(tr("Not stored: %1").arg(CoreText::render(out.error)));
                return;
            }
            m_password->clear();
            m_status->setText(tr("Stored the password for %1 in the keychain.").arg(out.account));
        });
}

} // namespace sp::ui
