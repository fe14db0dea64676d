#include "CliSecretStore.h"

#include <cstdio>
#include <string>
#include <termios.h>
#include <unistd.h>

namespace sp::cli {

std::shared_ptr<CliSecretStore> CliSecretStore::instance(bool noKeychainFlag)
{
    static const std::shared_ptr<CliSecretStore> store(new CliSecretStore);
    std::lock_guard<std::mutex> lock(store->m_mutex);
    store->m_useKeychain = !noKeychainFlag && !keychainDisabledByEnvironment();
    store->m_prompt = isatty(STDIN_FILENO) == 1;
    return store;
}

bool CliSecretStore::keychainDisabledByEnvironment()
{
    return qEnvironmentVariable("SHARDPILOT_NO_KEYCHAIN") == QStringLiteral("1");
}

void CliSecretStore::setLabel(const QString &account, const QString &dataSource)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    if (!m_labels.contains(account))
        m_labels.insert(account, dataSource);
}

std::optional<QString> CliSecretStore::readPassword(const QString &service, const QString &account, QString *error)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    const QString key = service + QLatin1Char('/') + account;
    auto cached = m_cache.constFind(key);
    if (cached != m_cache.constEnd()) {
        if (error)
            *error = m_errors.value(key);
        return *cached;
    }
    QString why;
    std::optional<QString> pw;
    if (m_useKeychain)
        pw = m_keychain.readPassword(service, account, &why);
    if (!pw && m_prompt) {
        const QString label = m_labels.value(account);
        QString prompt = QStringLiteral("Password for ") + account;
        if (!label.isEmpty())
            prompt += QStringLiteral(" (") + label + QLatin1Char(')');
        prompt += QStringLiteral(": ");
        pw = readHidden(prompt);
        if (pw)
            why.clear();
        else
            m_prompt = false; // end of input: do not ask again for the other accounts
    }
    m_cache.insert(key, pw);
    m_errors.insert(key, why);
    if (error)
        *error = why;
    return pw;
}

bool CliSecretStore::writePassword(const QString &service, const QString &account, const QString &password,
                                   Text *error)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    if (!m_useKeychain) {
        if (error)
            *error = Text(QStringLiteral("keychain disabled (--no-keychain / SHARDPILOT_NO_KEYCHAIN=1)"));
        return false;
    }
    return m_keychain.writePassword(service, account, password, error);
}

std::optional<QString> CliSecretStore::readHidden(const QString &prompt)
{
    std::fputs(prompt.toLocal8Bit().constData(), stderr);
    std::fflush(stderr);
    const bool tty = isatty(STDIN_FILENO) == 1;
    termios saved{};
    bool restored = true;
    if (tty && tcgetattr(STDIN_FILENO, &saved) == 0) {
        termios quiet = saved;
        quiet.c_lflag &= ~tcflag_t(ECHO);
        quiet.c_lflag |= ECHONL;
        if (tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet) == 0)
            restored = false;
    }
    std::string line;
    bool gotAny = false;
    for (;;) {
        char c = 0;
        const ssize_t n = ::read(STDIN_FILENO, &c, 1);
        if (n <= 0)
            break;
        gotAny = true;
        if (c == '\n')
            break;
        if (line.size() < 4096)
            line.push_back(c);
    }
    if (!restored)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved);
    if (!tty || !gotAny) {
        std::fputc('\n', stderr);
        std::fflush(stderr);
    }
    if (!line.empty() && line.back() == '\r')
        line.pop_back();
    QString result = QString::fromLocal8Bit(line.data(), qsizetype(line.size()));
    std::fill(line.begin(), line.end(), '\0');
    if (!gotAny)
        return std::nullopt;
    return result;
}

} // namespace sp::cli
