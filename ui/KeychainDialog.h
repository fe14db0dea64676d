#pragma once
#include "core/config/ShardingConfig.h"

#include <QDialog>

#include <memory>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace sp {
class JobRunner;
class SecretStore;
} // namespace sp

namespace sp::ui {

// Tools > Store password in keychain: the console's twin of `shardctl secret set`. Picks a data
// source of the open config, shows the account the credential chain will look up
// ("<user>@<host>:<port>", service "ShardPilot") and writes the password off the UI thread. The
// password lives only in the field and the job; it is never logged or kept.
class KeychainDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KeychainDialog)
public:
    KeychainDialog(const ShardingConfig &config, std::shared_ptr<SecretStore> store, QWidget *parent = nullptr);
    ~KeychainDialog() override;

    QString account() const;

private:
    void updateAccount();
    void save();

    ShardingConfig m_config;
    std::shared_ptr<SecretStore> m_store;
    JobRunner *m_runner;
    QComboBox *m_dataSource;
    QLineEdit *m_user;
    QLineEdit *m_password;
    QLabel *m_account;
    QLabel *m_status;
    QDialogButtonBox *m_buttons;
};

} // namespace sp::ui
