#include "core/job/Job.h"

#include <QMutexLocker>
#include <QThread>

#include <vector>

namespace sp {

void JobControl::cancel()
{
    std::vector<std::function<void()>> hooks;
    {
        QMutexLocker lock(&m_mutex);
        if (m_cancelled.exchange(true))
            return;
        for (auto &[id, hook] : m_hooks)
            hooks.push_back(hook);
    }
    for (const auto &hook : hooks)
        hook();
}

int JobControl::addCancelHook(std::function<void()> hook)
{
    {
        QMutexLocker lock(&m_mutex);
        if (!m_cancelled.load()) {
            const int id = m_nextHook++;
            m_hooks.emplace(id, std::move(hook));
            return id;
        }
    }
    hook(); // already cancelled: stop whatever is about to start
    return 0;
}

void JobControl::removeCancelHook(int id)
{
    QMutexLocker lock(&m_mutex);
    m_hooks.erase(id);
}

void JobControl::setProgressSink(ProgressSink sink, int intervalMs)
{
    QMutexLocker lock(&m_mutex);
    m_sink = std::move(sink);
    m_intervalMs = intervalMs;
}

void JobControl::progress(qint64 done, qint64 total, const QString &what)
{
    ProgressSink sink;
    {
        QMutexLocker lock(&m_mutex);
        if (!m_sink)
            return;
        const bool last = total > 0 && done >= total;
        if (!last && m_lastReport.isValid() && m_lastReport.elapsed() < m_intervalMs)
            return;
        m_lastReport.start();
        sink = m_sink;
    }
    sink(done, total, what);
}

JobRunner::JobRunner(QObject *parent) : QObject(parent), m_link(std::make_shared<Link>())
{
    m_link->runner = this;
}

JobRunner::~JobRunner()
{
    {
        QMutexLocker lock(&m_link->mutex);
        m_link->runner = nullptr; // nothing is delivered from now on
    }
    if (m_control)
        m_control->cancel(); // the worker stops at its next check; nobody reads its result
}

QThreadPool *JobRunner::pool()
{
    static QThreadPool *p = [] {
        auto *pool = new QThreadPool; // intentionally leaked: workers may outlive main()'s objects
        pool->setMaxThreadCount(qMax(16, QThread::idealThreadCount() * 4));
        pool->setExpiryTimeout(30000);
        return pool;
    }();
    return p;
}

std::shared_ptr<JobControl> JobRunner::begin(quint64 *generation)
{
    if (m_control && m_running)
        m_control->cancel(); // superseded: stop it, its result will be dropped
    m_control = std::make_shared<JobControl>();
    m_running = true;
    *generation = ++m_generation;
    const quint64 gen = *generation;
    const std::shared_ptr<Link> link = m_link;
    m_control->setProgressSink([link, gen](qint64 done, qint64 total, const QString &what) {
        postVia(link, [gen, done, total, what](JobRunner *r) {
            if (r->m_running && r->m_generation == gen)
                emit r->progress(done, total, what);
        });
    });
    return m_control;
}

void JobRunner::postVia(const std::shared_ptr<Link> &link, std::function<void(JobRunner *)> fn)
{
    QMutexLocker lock(&link->mutex);
    JobRunner *r = link->runner;
    if (!r)
        return;
    QMetaObject::invokeMethod(
        r, [r, fn = std::move(fn)] { fn(r); }, Qt::QueuedConnection);
}

void JobRunner::finish(quint64 generation, const QString &error, const std::function<void()> &deliver)
{
    if (generation != m_generation || !m_running)
        return; // cancelled or superseded: drop the stale result
    const bool wasCancelled = m_control && m_control->isCancelled();
    m_running = false;
    m_control.reset();
    if (wasCancelled)
        return; // cancel() already said so
    if (!error.isEmpty())
        emit failed(error);
    else
        deliver();
    emit ended();
}

void JobRunner::cancel()
{
    if (!m_running)
        return;
    if (m_control)
        m_control->cancel();
    m_control.reset();
    m_running = false;
    ++m_generation; // whatever the worker returns now is ignored
    emit cancelled();
}

} // namespace sp
