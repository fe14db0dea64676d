#include "core/cluster/QueryRegistry.h"

#include <thread>

#include <QDateTime>
#include <QElapsedTimer>
#include <QMutexLocker>
#include <QThread>

#include <map>

namespace sp {

namespace {

// One killer connection serves every victim on the same server with the same account.
QString endpointKey(const ConnectionParams &p)
{
    return p.user + QLatin1Char('@') +
           (p.unixSocket.isEmpty() ? p.host + QLatin1Char(':') + QString::number(p.port) : p.unixSocket);
}

} // namespace

QueryRegistry &QueryRegistry::global()
{
    static QueryRegistry registry;
    return registry;
}

int QueryRegistry::begin(const ConnectionParams &params, unsigned long threadId, const QString &sql)
{
    QMutexLocker lock(&m_mutex);
    // Checked under the lock so cancel() sees every statement that got a token.
    if (m_cancelled.load())
        return 0;
    const int token = m_nextToken++;
    if (m_nextToken <= 0)
        m_nextToken = 1;
    m_inFlight.insert(
        token, InFlightQuery{token, params, threadId, sql.left(200), QDateTime::currentMSecsSinceEpoch()});
    return token;
}

void QueryRegistry::end(int token)
{
    QMutexLocker lock(&m_mutex);
    m_inFlight.remove(token);
}

QList<InFlightQuery> QueryRegistry::inFlight() const
{
    QMutexLocker lock(&m_mutex);
    return m_inFlight.values();
}

int QueryRegistry::killEntries(const QList<InFlightQuery> &victims)
{
    std::map<QString, Connection> killers;
    int killed = 0;
    for (const InFlightQuery &v : victims) {
        const QString key = endpointKey(v.params);
        auto it = killers.find(key);
        if (it == killers.end()) {
            ConnectionParams p = v.params;
            p.connectTimeoutSec = qBound(1, p.connectTimeoutSec, 2);
            p.readTimeoutSec = 5;
            p.writeTimeoutSec = 5;
            p.warnings = {};
            Connection c;
            c.open(p); // a failed open stays in the map so the server is not retried per victim
            it = killers.emplace(key, std::move(c)).first;
        }
        // Error 1094 (unknown thread): the statement ended and its connection closed meanwhile.
        if (it->second.isOpen() && it->second.killQuery(v.threadId))
            ++killed;
    }
    return killed;
}

int QueryRegistry::killAll()
{
    return killEntries(inFlight());
}

bool QueryRegistry::cancel(int timeoutMs)
{
    m_cancelled.store(true);
    QElapsedTimer timer;
    timer.start();
    QHash<int, qint64> lastKill; // token -> ms of its last KILL
    for (;;) {
        const QList<InFlightQuery> running = inFlight();
        if (running.isEmpty())
            return true;
        if (timer.elapsed() >= timeoutMs)
            return false;
        QList<InFlightQuery> due;
        for (const InFlightQuery &q : running) {
            auto it = lastKill.constFind(q.token);
            if (it == lastKill.constEnd() || timer.elapsed() - it.value() >= 200) {
                due.append(q);
                lastKill.insert(q.token, timer.elapsed());
            }
        }
        if (!due.isEmpty())
            killEntries(due);
        QThread::msleep(20);
    }
}

void QueryRegistry::cancelInBackground(const std::shared_ptr<QueryRegistry> &registry, int timeoutMs)
{
    if (!registry)
        return;
    registry->requestCancel();
    std::thread([registry, timeoutMs] { registry->cancel(timeoutMs); }).detach();
}

} // namespace sp
