#include "core/cluster/InspectionJob.h"

#include <QMetaObject>
#include <QPointer>
#include <QThreadPool>

namespace sp {

InspectionJob::InspectionJob(ShardingConfig config, InspectionOptions options, QObject *parent)
    : QObject(parent)
    , m_config(std::move(config))
    , m_options(std::move(options))
{
    qRegisterMetaType<sp::InspectionResult>();
}

InspectionJob::~InspectionJob()
{
    if (m_control)
        m_control->cancel();
}

void InspectionJob::start()
{
    if (m_control)
        m_control->cancel(); // an older run keeps going in the background; its result is dropped
    m_control = std::make_shared<InspectionControl>();
    const quint64 generation = ++m_generation;
    m_running = true;

    // Results are queued to `anchor`, a plain QObject on this thread that outlives the job if needed;
    // `self` is only dereferenced there, on the job's thread.
    QPointer<InspectionJob> self(this);
    auto control = m_control;
    const ShardingConfig config = m_config;
    const InspectionOptions options = m_options;
    auto *anchor = new QObject;
    auto anchorGuard = std::shared_ptr<QObject>(anchor, [](QObject *o) { o->deleteLater(); });

    QThreadPool::globalInstance()->start([=] {
        QElapsedTimer throttle;
        throttle.start();
        qint64 lastEmit = -1000;
        const InspectionResult result = Inspector::run(
            config, options, control.get(), [&](int done, int total) {
                const qint64 now = throttle.elapsed();
                if (done < total && now - lastEmit < 100)
                    return;
                lastEmit = now;
                QMetaObject::invokeMethod(anchorGuard.get(), [self, generation, done, total] {
                    if (self)
                        self->deliverProgress(generation, done, total);
                }, Qt::QueuedConnection);
            });
        QMetaObject::invokeMethod(anchorGuard.get(), [self, generation, result] {
            if (self)
                self->deliver(generation, result);
        }, Qt::QueuedConnection);
    });
}

void InspectionJob::cancel()
{
    if (m_control)
        m_control->cancel();
}

void InspectionJob::deliverProgress(quint64 generation, int done, int total)
{
    if (generation == m_generation && m_running)
        emit progress(done, total);
}

void InspectionJob::deliver(quint64 generation, const InspectionResult &result)
{
    if (generation != m_generation)
        return; // a stale run
    m_running = false;
    if (result.cancelled)
        emit failed(QStringLiteral("cancelled"));
    else
        emit finished(result);
}

} // namespace sp
