#pragma once
#include "core/cluster/Credentials.h"

namespace sp {

// SecretStore backed by the OS keychain through qtkeychain (Secret Service / KWallet on Linux,
// Keychain on macOS, Credential Manager on Windows).
//
// The qtkeychain jobs are asynchronous; each call runs its job to completion in a local QEventLoop
// bounded by a timeout (default 3 s), so it blocks the calling thread. Use it only from the CLI and
// from worker threads, never from the UI thread. A QCoreApplication must exist. When no secret
// service answers (a headless box without D-Bus, a locked or missing wallet) the call fails within
// the timeout with the error text; it never hangs.
class KeychainSecretStore final : public SecretStore
{
public:
    explicit KeychainSecretStore(int timeoutMs = 3000);

    std::optional<QString> readPassword(const QString &service, const QString &account,
                                        QString *error = nullptr) override;
    bool writePassword(const QString &service, const QString &account, const QString &password,
                       QString *error = nullptr) override;

private:
    int m_timeoutMs;
};

} // namespace sp
