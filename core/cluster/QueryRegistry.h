#pragma once
#include "core/cluster/Connection.h"

#include <QHash>
#include <QMutex>

#include <atomic>
#include <memory>

namespace sp {

// A statement running on some server, as the registry knows it.
struct InFlightQuery
{
    int token = 0;
    ConnectionParams params;    // how to reach its server (the KILL goes over a fresh connection)
    unsigned long threadId = 0; // the connection's id on that server
    QString sql;                // first 200 characters, for display
    qint64 startedMsecsSinceEpoch = 0;
};

// The statements in flight of a cluster, so any thread can stop them with KILL QUERY <id> over a fresh
// connection to the same server. A Connection registers each statement itself once
// Connection::setQueryRegistry() names a registry; code that drives libmariadb directly calls begin()/end()
// (or uses Scope).
//
// Use one registry per job (cancelling it stops that job's statements) or QueryRegistry::global() for
// everything of the process. Thread-safe.
class QueryRegistry final
{
public:
    QueryRegistry() = default;
    QueryRegistry(const QueryRegistry &) = delete;
    QueryRegistry &operator=(const QueryRegistry &) = delete;

    static QueryRegistry &global();

    // Registers a statement about to run. Returns its token, or 0 when the registry is cancelled: the
    // caller must then not run it.
    int begin(const ConnectionParams &params, unsigned long threadId, const QString &sql = {});
    void end(int token);
    QList<InFlightQuery> inFlight() const;

    // KILL QUERY for every registered statement, one fresh connection per server (connect timeout
    // at most 2 s). Returns how many KILLs the servers accepted. Never blocks on a running statement.
    int killAll();

    // Cancels the registry: begin() refuses new statements, and the ones running are killed, the KILL
    // repeated every 200 ms for statements still registered (one registered just before its KILL
    // arrived would otherwise run on) until none is left or `timeoutMs` passed. Returns true when none
    // is left. Blocks up to timeoutMs: call it from a worker, or use requestCancel() on a UI thread.
    bool cancel(int timeoutMs = 5000);
    void requestCancel() { m_cancelled.store(true); } // only refuses new statements
    // For a job's cancel hook (which runs on the cancelling thread, maybe the UI's): refuses new
    // statements at once and runs cancel() on a thread of its own, never blocking the caller.
    static void cancelInBackground(const std::shared_ptr<QueryRegistry> &registry, int timeoutMs = 5000);
    bool isCancelled() const { return m_cancelled.load(); }
    void reset() { m_cancelled.store(false); } // accept statements again

    // Registers for its lifetime; ok() is false when the registry refused (cancelled).
    class Scope final
    {
    public:
        Scope(QueryRegistry *registry, const ConnectionParams &params, unsigned long threadId,
              const QString &sql = {})
            : m_registry(registry), m_token(registry ? registry->begin(params, threadId, sql) : -1)
        {}
        ~Scope()
        {
            if (m_registry && m_token > 0)
                m_registry->end(m_token);
        }
        Scope(const Scope &) = delete;
        Scope &operator=(const Scope &) = delete;
        bool ok() const { return m_token != 0; }

    private:
        QueryRegistry *m_registry;
        int m_token;
    };

private:
    int killEntries(const QList<InFlightQuery> &victims);

    mutable QMutex m_mutex;
    QHash<int, InFlightQuery> m_inFlight;
    int m_nextToken = 1;
    std::atomic<bool> m_cancelled{false};
};

} // namespace sp
