#include "core/health/HealthMonitor.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QMutex>
#include <QMutexLocker>
#include <QWaitCondition>

#include <thread>
#include <vector>

namespace sp::health {

struct HealthMonitor::Shared
{
    ShardingConfig config;
    HealthOptions options;
    SampleSink sink;
    mutable QMutex mutex;
    QWaitCondition wake;
    bool stopping = false;
    bool running = false;
    std::vector<std::unique_ptr<HealthPoller>> pollers;
    std::vector<std::thread> threads;
    QList<HealthSample> latest;
};

HealthMonitor::HealthMonitor(const ShardingConfig &config, const HealthOptions &options, SampleSink onSample)
    : m_shared(std::make_shared<Shared>())
{
    m_shared->config = config;
    m_shared->options = options;
    m_shared->options.intervalMs = qMax(200, options.intervalMs);
    m_shared->sink = std::move(onSample);
    for (const DataSourceDef &ds : config.dataSources) {
        HealthSample s;
        s.server.dataSource = ds.name;
        s.server.host = ds.host;
        s.server.port = ds.port;
        s.server.error = QStringLiteral("waiting for the first sample");
        m_shared->latest.append(s);
    }
}

HealthMonitor::~HealthMonitor()
{
    stop();
}

int HealthMonitor::intervalMs() const
{
    return m_shared->options.intervalMs;
}

bool HealthMonitor::isRunning() const
{
    QMutexLocker lock(&m_shared->mutex);
    return m_shared->running;
}

void HealthMonitor::start()
{
    Shared &sh = *m_shared;
    QMutexLocker lock(&sh.mutex);
    if (sh.running)
        return;
    sh.running = true;
    sh.stopping = false;
    sh.pollers.clear();
    for (const DataSourceDef &ds : sh.config.dataSources)
        sh.pollers.push_back(std::make_unique<HealthPoller>(ds, sh.options));
    for (int i = 0; i < int(sh.pollers.size()); ++i) {
        sh.threads.emplace_back([&sh, i] {
            HealthPoller &poller = *sh.pollers[size_t(i)];
            QMutexLocker l(&sh.mutex);
            while (!sh.stopping) {
                l.unlock();
                QElapsedTimer took;
                took.start();
                const HealthSample s = poller.poll();
                l.relock();
                if (sh.stopping)
                    break;
                sh.latest[i] = s;
                if (sh.sink) {
                    l.unlock();
                    sh.sink(s);
                    l.relock();
                }
                const qint64 wait = qMax<qint64>(50, sh.options.intervalMs - took.elapsed());
                if (!sh.stopping)
                    sh.wake.wait(&sh.mutex, QDeadlineTimer(wait));
            }
        });
    }
}

void HealthMonitor::stop()
{
    Shared &sh = *m_shared;
    std::vector<std::thread> threads;
    {
        QMutexLocker lock(&sh.mutex);
        if (!sh.running)
            return;
        sh.stopping = true;
        sh.wake.wakeAll();
        for (auto &p : sh.pollers)
            p->abort();
        threads.swap(sh.threads);
    }
    for (std::thread &t : threads)
        t.join();
    QMutexLocker lock(&sh.mutex);
    sh.pollers.clear();
    sh.running = false;
}

QList<HealthSample> HealthMonitor::latest() const
{
    QMutexLocker lock(&m_shared->mutex);
    return m_shared->latest;
}

QList<HealthSample> HealthMonitor::sampleOnce(const QList<HealthPoller *> &pollers)
{
    std::vector<HealthSample> out(size_t(pollers.size()));
    std::vector<std::thread> threads;
    threads.reserve(size_t(pollers.size()));
    for (int i = 0; i < pollers.size(); ++i)
        threads.emplace_back([&out, &pollers, i] { out[size_t(i)] = pollers.at(i)->poll(); });
    for (std::thread &t : threads)
        t.join();
    return QList<HealthSample>(out.begin(), out.end());
}

} // namespace sp::health
