#pragma once
#include "core/cluster/Credentials.h"

namespace sp {

// SecretStore backed by the OS keychain through qtkeychain (Secret Service / KWallet on Linux,
// Keychain on macOS, Credential Manager on Windows).
//
// qtkeychain's jobs are asynchronous and need an event loop. They run on one thread of their own
// (started on first use, its event loop is that thread's top-level loop); a call posts its job
// there and blocks the calling thread on a semaphore for at most the timeout (default 3 s). No
// nested event loop is spun anywhere. Call it from the CLI's main thread or from worker threads;
// on the UI thread of the console it refuses at once (it would freeze the window). When no
// secret service answers (a headless box without D-Bus, a locked or missing wallet) the call
// fails within the timeout with the error text; it never hangs.
class KeychainSecretStore final : public SecretStore
{
public:
    explicit KeychainSecretStore(int timeoutMs = 3000);

    std::optional<QString> readPassword(const QString &service, const QString &account,
                                        QString *error = nullptr) override;
    bool writePassword(const QString &service, const QString &account, const QString &password,
                       Text *error = nullptr) override;

    // Why a keychain call failed and what to do, from qtkeychain's error code and text and whether
    // this session has a D-Bus session bus. On Linux qtkeychain reports a missing secret service as
    // OtherError "Unknown error"; this names the case (no session bus, or no service on it) and the
    // ways around it (an option file, SHARDPILOT_PASSWORD_<DS>).
    static Text failureText(int error, const QString &errorString, bool sessionBus);

private:
    int m_timeoutMs;
};

} // namespace sp
