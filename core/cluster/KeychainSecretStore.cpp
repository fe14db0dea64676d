#include "KeychainSecretStore.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QTimer>

#include <qt6keychain/keychain.h>

namespace sp {

namespace {

// Runs `job` until it finishes or the timeout elapses. Returns false on timeout.
bool runJob(QKeychain::Job &job, int timeoutMs)
{
    QEventLoop loop;
    QTimer timer;
    timer.setSingleShot(true);
    bool finished = false;
    QObject::connect(&job, &QKeychain::Job::finished, &loop, [&finished, &loop] {
        finished = true;
        loop.quit();
    });
    QObject::connect(&timer, &QTimer::timeout, &loop, &QEventLoop::quit);
    job.setAutoDelete(false);
    timer.start(timeoutMs);
    job.start();
    if (!finished)
        loop.exec();
    return finished;
}

QString noApplication()
{
    return QStringLiteral("keychain: no QCoreApplication");
}

QString timedOut(int timeoutMs)
{
    return QStringLiteral("keychain: no answer from the secret service within ") +
           QString::number(timeoutMs) + QStringLiteral(" ms");
}

} // namespace

KeychainSecretStore::KeychainSecretStore(int timeoutMs)
    : m_timeoutMs(timeoutMs > 0 ? timeoutMs : 3000)
{
}

std::optional<QString> KeychainSecretStore::readPassword(const QString &service, const QString &account,
                                                         QString *error)
{
    if (!QCoreApplication::instance()) {
        if (error)
            *error = noApplication();
        return std::nullopt;
    }
    QKeychain::ReadPasswordJob job(service);
    job.setKey(account);
    if (!runJob(job, m_timeoutMs)) {
        if (error)
            *error = timedOut(m_timeoutMs);
        return std::nullopt;
    }
    if (job.error() != QKeychain::NoError) {
        if (error) {
            if (job.error() == QKeychain::EntryNotFound)
                *error = QString(); // not a failure: there is simply no entry
            else
                *error = QStringLiteral("keychain: ") +
                         (job.errorString().isEmpty() ? QStringLiteral("error ") + QString::number(int(job.error()))
                                                      : job.errorString());
        }
        return std::nullopt;
    }
    return job.textData();
}

bool KeychainSecretStore::writePassword(const QString &service, const QString &account, const QString &password,
                                        QString *error)
{
    if (!QCoreApplication::instance()) {
        if (error)
            *error = noApplication();
        return false;
    }
    QKeychain::WritePasswordJob job(service);
    job.setKey(account);
    job.setTextData(password);
    if (!runJob(job, m_timeoutMs)) {
        if (error)
            *error = timedOut(m_timeoutMs);
        return false;
    }
    if (job.error() != QKeychain::NoError) {
        if (error)
            *error = QStringLiteral("keychain: ") +
                     (job.errorString().isEmpty() ? QStringLiteral("error ") + QString::number(int(job.error()))
                                                  : job.errorString());
        return false;
    }
    return true;
}

} // namespace sp
