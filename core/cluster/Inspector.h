#pragma once
#include "core/cluster/ClusterStats.h"
#include "core/cluster/Connection.h"
#include "core/cluster/Credentials.h"
#include "core/cluster/QueryRegistry.h"

#include <atomic>
#include <functional>

namespace sp {
class JobControl;
}

namespace sp {

struct InspectionOptions
{
    bool tables = true;             // false: instance health only (no table list, no counts)
    bool exactCounts = false;       // SELECT COUNT(*) per data node (otherwise estimates only)
    int perInstanceConcurrency = 2; // parallel COUNT(*) per server (host:port)
    int overallConcurrency = 8;     // worker threads for the whole cluster
    int connectTimeoutSec = 3;
    int readTimeoutSec = 10;        // health and information_schema queries
    int countTimeoutSec = 600;      // per COUNT(*), enforced by the server (0: no limit)
    CredentialOptions credentials;
};

struct InspectionResult
{
    ClusterSnapshot snapshot;
    bool cancelled = false;
    qint64 elapsedMs = 0;
    int countsRun = 0;      // COUNT(*) statements that finished
    QStringList notes;      // non-fatal problems (e.g. "db0: replica status: <server error>")
    // Fields the account may not read (replica status without SLAVE MONITOR), one line for all
    // servers: `shardctl health` and the health view say it; plan and stats do not need them.
    QStringList privilegeNotes;
};

// Shared between the caller and a running inspection: cancellation and the statements in flight
// (a QueryRegistry, so a cancel can KILL QUERY them). cancel() only sets a flag and never blocks; the
// inspection's own thread sends the KILLs.
class InspectionControl final
{
public:
    void cancel() { m_cancelled.store(true); }
    bool isCancelled() const { return m_cancelled.load(); }

    // Used by the workers.
    int beginQuery(const ConnectionParams &params, unsigned long threadId)
    {
        return m_queries.begin(params, threadId);
    }
    void endQuery(int token) { m_queries.end(token); }
    int killInFlight() { return m_queries.killAll(); } // KILL QUERY every registered statement
    QueryRegistry &queries() { return m_queries; }

private:
    std::atomic<bool> m_cancelled{false};
    QueryRegistry m_queries;
};

using InspectionProgress = std::function<void(int done, int total)>;

// Inspects a live cluster: per data source the server's health and its tables' estimates from
// information_schema (one query per schema), then optionally exact counts in parallel (at most
// perInstanceConcurrency per server, overallConcurrency in all). Every worker opens its own
// connection; a dead server costs at most the connect timeout and never stalls the others.
// run() blocks the calling thread (never call it on a GUI thread: run it as a job, sp::JobRunner).
// `progress` is called from worker threads, serialised.
class Inspector final
{
public:
    static InspectionResult run(const ShardingConfig &config, const InspectionOptions &options,
                                InspectionControl *control = nullptr,
                                const InspectionProgress &progress = {});
    // The same as a job (sp::JobRunner): job.cancel() stops it and kills its statements in
    // flight; progress goes to job.progress().
    static InspectionResult run(const ShardingConfig &config, const InspectionOptions &options, JobControl &job);


    // Connection parameters for a data source: host/port/schema from its URL, user and password
    // through Credentials (config, environment, option file, secret store).
    static ConnectionParams paramsFor(const DataSourceDef &ds, const InspectionOptions &options,
                                      ResolvedCredentials *credentials = nullptr);
};

} // namespace sp
