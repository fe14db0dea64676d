#include "ui/planning/ExactCountRunner.h"

#include <QFutureWatcher>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <utility>

namespace sp::ui {

using namespace sp::planning;

namespace {
struct CountOutcome
{
    ExpansionPlan plan;
    ExactCountResult result;
};
} // namespace

ExactCountRunner::ExactCountRunner(QObject *parent) : QObject(parent), m_poll(new QTimer(this))
{
    m_poll->setInterval(100);
    connect(m_poll, &QTimer::timeout, this, [this] {
        if (m_shared)
            emit progress(m_shared->done.load(), m_shared->total.load());
    });
}

ExactCountRunner::~ExactCountRunner()
{
    if (m_shared)
        m_shared->cancel = true; // the worker stops at its next check; nobody reads its result
}

void ExactCountRunner::start(const ExpansionPlan &plan, const ShardingConfig &oldConfig,
                             const InspectionOptions &options)
{
    cancel();
    const quint64 generation = ++m_generation;
    auto shared = std::make_shared<Shared>();
    m_shared = shared;
    m_running = true;
    auto *watcher = new QFutureWatcher<CountOutcome>(this);
    connect(watcher, &QFutureWatcher<CountOutcome>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation != m_generation)
            return;
        m_running = false;
        m_poll->stop();
        const CountOutcome o = watcher->result();
        emit progress(m_shared->done.load(), m_shared->total.load());
        m_shared.reset();
        emit finished(o.plan, o.result);
    });
    m_poll->start();
    watcher->setFuture(QtConcurrent::run([plan, oldConfig, options, shared] {
        CountOutcome o;
        o.plan = plan;
        o.result =
            ExactCounter::run(o.plan, oldConfig, options, &shared->cancel, [shared](int done, int total) {
                shared->done = done;
                shared->total = total;
            });
        return o;
    }));
}

void ExactCountRunner::cancel()
{
    if (!m_running)
        return;
    ++m_generation;
    m_running = false;
    m_poll->stop();
    if (m_shared)
        m_shared->cancel = true;
    m_shared.reset();
    emit cancelled();
}

} // namespace sp::ui
