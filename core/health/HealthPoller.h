#pragma once
#include "core/cluster/Connection.h"
#include "core/cluster/Credentials.h"
#include "core/config/ShardingConfig.h"
#include "core/health/HealthSample.h"

#include <QHash>
#include <QMutex>

#include <atomic>

namespace sp::health {

struct HealthOptions
{
    int intervalMs = 5000;      // between two samples of one server (HealthMonitor)
    int connectTimeoutSec = 3;
    int readTimeoutSec = 5;     // a frozen server costs at most this per poll
    int largestTables = 5;      // tables of the schema followed for growth (0: none)
    // A monitor account for this cluster instead of the application's user: its password comes from
    // SHARDPILOT_MONITOR_PASSWORD, an option file whose user is this one, or the secret store
    // (account "<monitorUser>@host:port"); never from the application's password variables.
    QString monitorUser;
    CredentialOptions credentials;
};

// The connection parameters the monitor uses for a data source (the monitor account when set).
ConnectionParams monitorParams(const DataSourceDef &ds, const HealthOptions &options,
                               ResolvedCredentials *resolved = nullptr);

// Polls one server: one connection kept open between polls (opened again after a failure), the
// previous sample kept for the rates. poll() blocks for at most the connect + read timeouts; abort()
// (any thread) makes a blocked poll return at once. Not copyable; one thread polls at a time.
class HealthPoller final
{
public:
    HealthPoller(const DataSourceDef &ds, const HealthOptions &options);
    ~HealthPoller();
    HealthPoller(const HealthPoller &) = delete;
    HealthPoller &operator=(const HealthPoller &) = delete;

    HealthSample poll();
    void abort();
    void resetAbort() { m_aborted.store(false); }
    const QString &dataSource() const { return m_ds.name; }

private:
    bool readServer(HealthSample &s);
    std::optional<QueryResult> query(const QString &sql);

    DataSourceDef m_ds;
    HealthOptions m_options;
    Connection m_conn;
    QMutex m_socketMutex; // guards m_socket against abort()
    int m_socket = -1;
    std::atomic<bool> m_aborted{false};
    qint64 m_statementsSinceCounters = 0;
    std::optional<HealthSample> m_previous;
    QHash<QString, qint64> m_previousTableRows;
};

} // namespace sp::health
