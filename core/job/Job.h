#pragma once
#include <QElapsedTimer>
#include <QMutex>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QThreadPool>

#include <atomic>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <utility>

namespace sp {

// A job's work function throws JobError to fail with a message for the operator (any other
// std::exception is reported with its what()).
class JobError : public std::runtime_error
{
public:
    explicit JobError(const QString &message) : std::runtime_error(message.toStdString()) {}
};

// Shared between the work function (worker thread) and whoever started it (JobRunner, or a CLI
// calling the work function directly). Thread-safe.
class JobControl final
{
public:
    using ProgressSink = std::function<void(qint64 done, qint64 total, const QString &what)>;

    JobControl() = default;
    Q_DISABLE_COPY_MOVE(JobControl)

    bool isCancelled() const { return m_cancelled.load(); }
    // For code that takes a flag (const std::atomic_bool *): the same state as isCancelled().
    const std::atomic_bool &cancelFlag() const { return m_cancelled; }
    // Idempotent. The first call runs every cancel hook once (outside the lock), e.g. KILL QUERY
    // of the statements in flight, so a cancel stops a query blocked on a server, not only the
    // next loop iteration.
    void cancel();
    // A hook added after cancel() runs at once. Returns an id for removeCancelHook().
    int addCancelHook(std::function<void()> hook);
    void removeCancelHook(int id);

    // Throttled to one report per interval (default 50 ms); a report with done >= total (the
    // last one) always goes through.
    void progress(qint64 done, qint64 total, const QString &what = {});
    void setProgressSink(ProgressSink sink, int intervalMs = 50);

private:
    std::atomic_bool m_cancelled{false};
    QMutex m_mutex;
    std::map<int, std::function<void()>> m_hooks;
    int m_nextHook = 1;
    ProgressSink m_sink;
    int m_intervalMs = 50;
    QElapsedTimer m_lastReport;
};

// RAII: a cancel hook for the lifetime of a scope (e.g. while one query runs).
class CancelHookGuard final
{
public:
    CancelHookGuard(JobControl *control, std::function<void()> hook)
        : m_control(control), m_id(control ? control->addCancelHook(std::move(hook)) : 0)
    {
    }
    ~CancelHookGuard()
    {
        if (m_control)
            m_control->removeCancelHook(m_id);
    }
    Q_DISABLE_COPY_MOVE(CancelHookGuard)

private:
    JobControl *m_control;
    int m_id;
};

// The one way long work runs for a front end: one job at a time per runner, on a worker thread,
// results delivered on the runner's thread. start() makes a running job stale (it is cancelled
// and its result dropped: generation id); cancel() returns at once, never waits for the worker,
// so a dead or frozen server cannot freeze the window; a runner destroyed while its job runs
// drops the result too. No nested event loop anywhere.
//
//   runner->start([in](JobControl &c) { return work(in, c); },      // worker thread
//                 [this](Result r) { show(r); });                     // runner's thread, if current
class JobRunner final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(JobRunner)
public:
    explicit JobRunner(QObject *parent = nullptr);
    ~JobRunner() override;

    template<typename Work, typename Done>
    quint64 start(Work work, Done onFinished);

    void cancel();
    bool isRunning() const { return m_running; }
    quint64 generation() const { return m_generation; }
    // The pool every runner uses: long blocking jobs (a server that never answers) must not
    // starve QtConcurrent's global pool, which is sized to the cores.
    static QThreadPool *pool();

signals:
    void started();
    void progress(qint64 done, qint64 total, const QString &what);
    void failed(const QString &error);
    void cancelled();
    // After the finished callback ran, or after failed(): the job of this generation is over.
    void ended();

private:
    // Guards delivery: the worker posts to the runner only while it is alive (lock held across
    // the post; a posted event to a destroyed object is discarded by Qt).
    struct Link
    {
        QMutex mutex;
        JobRunner *runner = nullptr;
    };
    std::shared_ptr<JobControl> begin(quint64 *generation);
    void post(const std::shared_ptr<Link> &link, std::function<void(JobRunner *)> fn);
    static void postVia(const std::shared_ptr<Link> &link, std::function<void(JobRunner *)> fn);
    void finish(quint64 generation, const QString &error, const std::function<void()> &deliver);

    std::shared_ptr<Link> m_link;
    std::shared_ptr<JobControl> m_control;
    quint64 m_generation = 0;
    bool m_running = false;
};

template<typename Work, typename Done>
quint64 JobRunner::start(Work work, Done onFinished)
{
    using Result = std::decay_t<std::invoke_result_t<Work &, JobControl &>>;
    quint64 generation = 0;
    const std::shared_ptr<JobControl> control = begin(&generation);
    const std::shared_ptr<Link> link = m_link;
    pool()->start([work = std::move(work), onFinished = std::move(onFinished), control, link, generation]() mutable {
        auto result = std::make_shared<std::optional<Result>>();
        QString error;
        try {
            result->emplace(work(*control));
        } catch (const std::exception &e) {
            error = QString::fromUtf8(e.what());
        } catch (...) {
            error = QStringLiteral("unexpected error");
        }
        postVia(link, [generation, error, result, onFinished = std::move(onFinished)](JobRunner *r) mutable {
            r->finish(generation, error, [&] { onFinished(std::move(**result)); });
        });
    });
    emit started();
    return generation;
}

} // namespace sp
