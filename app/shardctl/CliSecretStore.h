#pragma once
#include "core/cluster/KeychainSecretStore.h"

#include <QHash>

#include <mutex>

namespace sp::cli {

// The secret store of the shardctl credential chain: the OS keychain (unless --no-keychain or
// SHARDPILOT_NO_KEYCHAIN=1), then, as the very last resort and only when stdin is a terminal, a
// prompt on stderr read with echo off. Answers are cached per account for the process (in memory
// only), so a cluster with many data sources on one server asks once. Thread-safe: inspections
// resolve credentials from worker threads; prompts are serialised.
class CliSecretStore final : public SecretStore
{
public:
    // The process-wide store, configured for this run. `noKeychainFlag`: --no-keychain was given.
    static std::shared_ptr<CliSecretStore> instance(bool noKeychainFlag);
    static bool keychainDisabledByEnvironment(); // SHARDPILOT_NO_KEYCHAIN=1

    // Remembers the data-source name for the prompt "Password for <account> (<ds>): ".
    void setLabel(const QString &account, const QString &dataSource);

    std::optional<QString> readPassword(const QString &service, const QString &account,
                                        QString *error = nullptr) override;
    bool writePassword(const QString &service, const QString &account, const QString &password,
                       Text *error = nullptr) override;

    // Prints `prompt` on stderr and reads one line from stdin with echo off (when stdin is a
    // terminal; otherwise the line is read as is). nullopt on end of input.
    static std::optional<QString> readHidden(const QString &prompt);

private:
    CliSecretStore() = default;

    std::mutex m_mutex;
    bool m_useKeychain = true;
    bool m_prompt = false;
    KeychainSecretStore m_keychain;
    QHash<QString, std::optional<QString>> m_cache; // account -> answer (nullopt: none found)
    QHash<QString, QString> m_errors;
    QHash<QString, QString> m_labels;
};

} // namespace sp::cli
