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

QString precondition()
{
    if (!QCoreApplication::instance())
        return QStringLiteral("keychain: no QCoreApplication");
    // inherits() by name: core does not link Qt GUI.
    if (QCoreApplication::instance()->inherits("QGuiApplication") &&
        QThread::currentThread() == QCoreApplication::instance()->thread())
        return QStringLiteral("keychain: not asked from the UI thread (it could block the window)");
    return {};
}

QString timedOut(int timeoutMs)
{
    return QStringLiteral("keychain: no answer from the secret service within ") + QString::number(timeoutMs) +
        QStringLiteral(" ms");
}

QString describe(const Answer &a)
{
    return QStringLiteral("keychain: ") +
        (a.errorString.isEmpty() ? QStringLiteral("error ") + QString::number(int(a.error)) : a.errorString);
}

} // namespace

KeychainSecretStore::KeychainSecretStore(int timeoutMs) : m_timeoutMs(timeoutMs > 0 ? timeoutMs : 3000) {}

std::optional<QString> KeychainSecretStore::readPassword(const QString &service, const QString &account,
                                                         QString *error)
{
    if (const QString why = precondition(); !why.isEmpty()) {
        if (error)
            *error = why;
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
            *error = timedOut(m_timeoutMs);
        return std::nullopt;
    }
    if (answer->error != QKeychain::NoError) {
        if (error)
            *error = answer->error == QKeychain::EntryNotFound ? QString() : describe(*answer);
        return std::nullopt;
    }
    return answer->text;
}

bool KeychainSecretStore::writePassword(const QString &service, const QString &account, const QString &password,
                                        QString *error)
{
    if (const QString why = precondition(); !why.isEmpty()) {
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
