#pragma once
// One thread kept for a worker's whole copy, that runs the read of the next chunk while the worker
// writes the current one: start() hands it a job, wait() returns when the job has run. A thread per
// chunk cost a thread's creation and exit (glibc hands the stack's pages back with madvise) for each of
// about a thousand chunks of a 1,000,000-row copy; this one is created at the first start() and joined
// by the destructor. One job at a time: start() while a job is pending waits for it first.
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace sp::migration {

class ReadAhead final
{
public:
    ReadAhead() = default;
    ReadAhead(const ReadAhead &) = delete;
    ReadAhead &operator=(const ReadAhead &) = delete;
    ~ReadAhead()
    {
        {
            std::unique_lock lock(m_mutex);
            m_idle.wait(lock, [this] { return !m_job; });
            m_quit = true;
        }
        m_wake.notify_one();
        if (m_thread.joinable())
            m_thread.join();
    }

    void start(std::function<void()> job)
    {
        std::unique_lock lock(m_mutex);
        m_idle.wait(lock, [this] { return !m_job; });
        m_job = std::move(job);
        if (!m_thread.joinable())
            m_thread = std::thread([this] { loop(); });
        lock.unlock();
        m_wake.notify_one();
    }

    // Returns once no job is pending (at once when none was started).
    void wait()
    {
        std::unique_lock lock(m_mutex);
        m_idle.wait(lock, [this] { return !m_job; });
    }

private:
    void loop()
    {
        std::unique_lock lock(m_mutex);
        for (;;) {
            m_wake.wait(lock, [this] { return m_quit || m_job; });
            if (!m_job)
                return; // m_quit with nothing pending
            std::function<void()> job = m_job;
            lock.unlock();
            job();
            lock.lock();
            m_job = nullptr;
            m_idle.notify_all();
        }
    }

    std::mutex m_mutex;
    std::condition_variable m_wake; // a job or the end
    std::condition_variable m_idle; // the job ran
    std::function<void()> m_job;    // set from start() until it has run
    bool m_quit = false;
    std::thread m_thread;
};

} // namespace sp::migration
