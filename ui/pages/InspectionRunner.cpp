#include "ui/pages/InspectionRunner.h"

#include "core/cluster/StatsHistory.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QMutex>
#include <QPointer>
#include <QtConcurrent>

#include <exception>

namespace sp::ui {

namespace {

struct Outcome
{
    ClusterSnapshot snapshot;
    QString error;
    QString historyError;
};

} // namespace

InspectionRunner::InspectionRunner(QObject *parent) : QObject(parent) {}

InspectionRunner::~InspectionRunner()
{
    if (m_cancel)
        m_cancel->store(true); // the worker may still run; it only touches its own copies
}

bool InspectionRunner::start(const ShardingConfig &config, const QString &configPath)
{
    if (m_running || !m_inspect)
        return false;
    m_running = true;
    const quint64 generation = ++m_generation;
    m_cancel = std::make_shared<std::atomic_bool>(false);

    QPointer<InspectionRunner> self(this);
    struct Throttle
    {
        QMutex mutex;
        QElapsedTimer timer;
    };
    auto throttle = std::make_shared<Throttle>();
    InspectProgressFn report = [self, generation, throttle](int done, int total, const QString &what) {
        {
            QMutexLocker lock(&throttle->mutex);
            if (throttle->timer.isValid() && throttle->timer.elapsed() < 50 && done < total)
                return;
            throttle->timer.start();
        }
        QMetaObject::invokeMethod(
            qApp,
            [self, generation, done, total, what] {
                if (self && self->m_running && self->m_generation == generation)
                    emit self->progress(done, total, what);
            },
            Qt::QueuedConnection);
    };

    const InspectFn inspect = m_inspect;
    const std::shared_ptr<std::atomic_bool> cancel = m_cancel;
    const bool record = m_recordHistory;
    QFuture<Outcome> future = QtConcurrent::run([inspect, cancel, record, config, configPath, report] {
        Outcome out;
        try {
            out.snapshot = inspect(config, configPath, report, *cancel);
        } catch (const std::exception &e) {
            out.error = QString::fromUtf8(e.what());
            return out;
        }
        if (record && !cancel->load()) {
            StatsHistory history(StatsHistory::defaultPathFor(configPath));
            if (!history.isOpen() || history.record(out.snapshot) < 0)
                out.historyError = history.lastError();
        }
        return out;
    });
    auto *watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != m_generation || !m_running)
            return; // cancelled or superseded: drop the stale result
        m_running = false;
        const Outcome out = watcher->result();
        if (!out.error.isEmpty())
            emit failed(out.error);
        else if (m_cancel && m_cancel->load())
            emit cancelled();
        else
            emit finished(out.snapshot, out.historyError);
    });
    watcher->setFuture(future);
    emit started();
    return true;
}

void InspectionRunner::cancel()
{
    if (!m_running)
        return;
    if (m_cancel)
        m_cancel->store(true);
    m_running = false;
    ++m_generation; // whatever the worker returns now is ignored
    emit cancelled();
}

} // namespace sp::ui
