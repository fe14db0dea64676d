#include "KeychainSecretStore.h"

#include <QCoreApplication>
#include <QMutex>
#include <QSemaphore>
#include <QThread>

#include <qt6keychain/keychain.h>

#include <memory>

namespace sp {

namespace {

// The keychain thread: its event loop delivers qtkeychain's (D-Bus) answers. Started once,
// stopped when the application object goes away.
QObject *keychainContext()
{
    static QMutex mutex;
    static QThread *thread = nullptr;
    static QObject *context = nullptr;
    QMutexLocker lock(&mutex);
    if (!context) {
        thread = new QThread;
        thread->setObjectName(QStringLiteral("keychain"));
        context = new QObject;
        context->moveToThread(thread);
        thread->start();
        QObject::connect(QCoreApplication::instance(), &QObject::destroyed, [] {
            QMutexLocker l(&mutex);
            if (thread) {
                thread->quit();
                thread->wait(2000);
            }
        });
    }
    return context;
}

struct Answer
{
    QSemaphore done;
    QKeychain::Error error = QKeychain::NoError;
    QString errorString;
    QString text;
};

// Runs a job made by `make` on the keychain thread; false on timeout.
bool runOnKeychainThread(const std::function<QKeychain::Job *()> &make, const std::shared_ptr<Answer> &answer,
                         int timeoutMs)
{
    QMetaObject::invokeMethod(
        keychainContext(),
        [make, answer] {
            QKeychain::Job *job = make(); // autoDelete: qtkeychain deletes it after finished
            QObject::connect(job, &QKeychain::Job::finished, job, [answer](QKeychain::Job *j) {
                answer->error = j->error();
                answer->errorString = j->errorString();
                if (auto *read = qobject_cast<QKeychain::ReadPasswordJob *>(j))
                    answer->text = read->textData();
                answer->done.release();
            });
            job->start();
        },
        Qt::QueuedConnection);
    return answer->done.tryAcquire(1, timeoutMs);
}

Text precondition()
{
    if (!QCoreApplication::instance())
        return msg("keychain: no QCoreApplication");
    // inherits() by name: core does not link Qt GUI.
    if (QCoreApplication::instance()->inherits("QGuiApplication") &&
        QThread::currentThread() == QCoreApplication::instance()->thread())
        return msg("keychain: not asked from the UI thread (it could block the window)");
    return {};
}

Text timedOut(int timeoutMs)
{
    return msg("no answer from the keychain's secret service within %1 ms (is it waiting for an unlock "
               "prompt?): unlock it and try again",
               {timeoutMs});
}

Text describe(const Answer &a)
{
    return KeychainSecretStore::failureText(int(a.error), a.errorString,
                                            !qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"));
}

} // namespace

Text KeychainSecretStore::failureText(int error, const QString &errorString, bool sessionBus)
{
    // What to do instead, the same for every "there is no keychain here".
    const Text instead =
        msg("Keep the password in a MySQL option file instead (--defaults-file FILE, "
            "SHARDPILOT_DEFAULTS_FILE or ~/.my.cnf, mode 0600) or in SHARDPILOT_PASSWORD_<DS>");
    switch (QKeychain::Error(error)) {
    case QKeychain::AccessDeniedByUser:
        return msg(
            "the keychain asked and access was denied: allow ShardPilot when the keychain asks, and try "
            "again");
    case QKeychain::AccessDenied:
        return msg("the keychain refused access (%1): unlock it and try again", {errorString});
    case QKeychain::NoBackendAvailable:
    case QKeychain::NotImplemented:
    case QKeychain::OtherError:
        // On Linux qtkeychain says only "Unknown error" when no secret service answers: it asks
        // libsecret and then KWallet over D-Bus. Say which of the two cases this is.
        if (QKeychain::Error(error) != QKeychain::OtherError || errorString.isEmpty() ||
            errorString == QLatin1String("Unknown error")) {
            if (!sessionBus)
                return msg("no keychain is reachable: this session has no D-Bus session bus "
                           "(DBUS_SESSION_BUS_ADDRESS is not set: a headless box, ssh or a container), so no "
                           "secret service can be asked. %1, or run the console in a desktop session with a "
                           "keychain",
                           {instead});
            return msg(
                "no keychain answered on the D-Bus session bus: neither a Secret Service (GNOME Keyring, "
                "KeePassXC) nor KWallet is running. %1, or start one and try again",
                {instead});
        }
        break;
    default:
        break;
    }
    return msg("the keychain failed: %1 (qtkeychain error %2)",
               {errorString.isEmpty() ? QStringLiteral("no details") : errorString, error});
}

KeychainSecretStore::KeychainSecretStore(int timeoutMs) : m_timeoutMs(timeoutMs > 0 ? timeoutMs : 3000) {}

std::optional<QString> KeychainSecretStore::readPassword(const QString &service, const QString &account,
                                                         QString *error)
{
    if (const Text why = precondition(); !why.isEmpty()) {
        if (error)
            *error = why.text;
        return std::nullopt;
    }
    auto answer = std::make_shared<Answer>();
    const bool finished = runOnKeychainThread(
        [service, account] {
            auto *job = new QKeychain::ReadPasswordJob(service);
            job->setKey(account);
            return job;
        },
        answer, m_timeoutMs);
    if (!finished) {
        if (error)
            *error = timedOut(m_timeoutMs).text;
        return std::nullopt;
    }
    if (answer->error != QKeychain::NoError) {
        if (error)
            *error = answer->error == QKeychain::EntryNotFound ? QString() : describe(*answer).text;
        return std::nullopt;
    }
    return answer->text;
}

bool KeychainSecretStore::writePassword(const QString &service, const QString &account,
                                        const QString &password, Text *error)
{
    if (const Text why = precondition(); !why.isEmpty()) {
        if (error)
            *error = why;
        return false;
    }
    auto answer = std::make_shared<Answer>();
    const bool finished = runOnKeychainThread(
        [service, account, password] {
            auto *job = new QKeychain::WritePasswordJob(service);
            job->setKey(account);
            job->setTextData(password);
            return job;
        },
        answer, m_timeoutMs);
    if (!finished) {
        if (error)
            *error = timedOut(m_timeoutMs);
        return false;
    }
    if (answer->error != QKeychain::NoError) {
        if (error)
            *error = describe(*answer);
        return false;
    }
    return true;
}

} // namespace sp
