#include "core/health/HealthPoller.h"

#include "core/cluster/InstanceProbe.h"
#include "core/cluster/Inspector.h"
#include "core/config/JdbcUrl.h"

#include <QMutexLocker>

#include <chrono>

#include <mysql.h>
#include <sys/socket.h>

namespace sp::health {

namespace {

qint64 steadyNowMs()
{
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

QHash<QString, QString> nameValues(const QueryResult &r)
{
    QHash<QString, QString> out;
    for (const auto &row : r.rows)
        if (row.size() >= 2)
            out.insert(row.at(0).toString().toLower(), row.at(1).toString());
    return out;
}

qint64 number(const QHash<QString, QString> &v, const char *name)
{
    const auto it = v.constFind(QString::fromLatin1(name));
    if (it == v.constEnd())
        return -1;
    bool ok = false;
    const qint64 n = it->toLongLong(&ok);
    return ok ? n : -1;
}

bool isOn(const QString &v)
{
    return v.compare(QLatin1String("ON"), Qt::CaseInsensitive) == 0 || v == QLatin1String("1");
}

QString column(const QueryResult &r, std::initializer_list<const char *> names)
{
    for (const char *n : names) {
        const int i = r.columnIndex(QString::fromLatin1(n));
        if (i >= 0 && !r.rows.isEmpty())
            return r.rows.at(0).at(i).toString();
    }
    return QString();
}

bool isPrivilegeError(unsigned e)
{
    return e == 1227 || e == 1044 || e == 1142 || e == 1045;
}

} // namespace

ConnectionParams monitorParams(const DataSourceDef &ds, const HealthOptions &o, ResolvedCredentials *resolved)
{
    InspectionOptions io;
    io.connectTimeoutSec = o.connectTimeoutSec;
    io.readTimeoutSec = o.readTimeoutSec;
    io.credentials = o.credentials;
    if (o.monitorUser.isEmpty())
        return Inspector::paramsFor(ds, io, resolved);
    // The monitor account: never the application's password (from the config or its variables).
    DataSourceDef monitor = ds;
    monitor.username = o.monitorUser;
    monitor.password.clear();
    monitor.passwordInFile = false;
    monitor.passwordInUrl = false;
    QProcessEnvironment env = o.credentials.environment;
    const QStringList keys = env.keys();
    for (const QString &k : keys)
        if (k.startsWith(QLatin1String("SHARDPILOT_PASSWORD")))
            env.remove(k);
    if (o.credentials.environment.contains(QStringLiteral("SHARDPILOT_MONITOR_PASSWORD")))
        env.insert(QStringLiteral("SHARDPILOT_PASSWORD"),
                   o.credentials.environment.value(QStringLiteral("SHARDPILOT_MONITOR_PASSWORD")));
    io.credentials.environment = env;
    return Inspector::paramsFor(monitor, io, resolved);
}

HealthPoller::HealthPoller(const DataSourceDef &ds, const HealthOptions &options) : m_ds(ds), m_options(options) {}

HealthPoller::~HealthPoller() = default;

void HealthPoller::abort()
{
    m_aborted.store(true);
    QMutexLocker lock(&m_socketMutex);
    if (m_socket >= 0)
        ::shutdown(m_socket, SHUT_RDWR); // a blocked read returns at once; the fd stays owned by the connection
}

std::optional<QueryResult> HealthPoller::query(const QString &sql)
{
    ++m_statementsSinceCounters;
    return m_conn.query(sql);
}

HealthSample HealthPoller::poll()
{
    HealthSample s;
    s.server.dataSource = m_ds.name;
    s.server.host = m_ds.host;
    s.server.port = m_ds.port;
    s.at = QDateTime::currentDateTimeUtc();
    const qint64 started = steadyNowMs();
    s.steadyMs = started;

    if (m_ds.host.isEmpty()) {
        s.server.error = QStringLiteral("no host: the url '%1' could not be parsed").arg(JdbcUrl::redacted(m_ds.url));
    } else if (m_aborted.load()) {
        s.server.error = QStringLiteral("stopped");
    } else {
        if (!m_conn.isOpen()) {
            ResolvedCredentials cred;
            const ConnectionParams params = monitorParams(m_ds, m_options, &cred);
            s.account = params.user;
            if (!m_conn.open(params)) {
                s.server.error = m_conn.lastError();
                s.server.errorCode = m_conn.lastErrno();
                if (!cred.hasPassword() && m_conn.lastErrno() == 1045)
                    s.server.error += m_options.monitorUser.isEmpty()
                                          ? QStringLiteral(" (no password found: set %1, or use an option file)")
                                                .arg(Credentials::environmentVariableFor(m_ds.name))
                                          : QStringLiteral(" (no password found for the monitor account: set "
                                                           "SHARDPILOT_MONITOR_PASSWORD or store it in the keychain)");
            } else {
                QMutexLocker lock(&m_socketMutex);
                m_socket = int(mysql_get_socket(m_conn.handle()));
                if (m_aborted.load() && m_socket >= 0)
                    ::shutdown(m_socket, SHUT_RDWR);
            }
        }
        s.account = m_conn.params().user;
        if (m_conn.isOpen() && !readServer(s)) {
            s.server.reachable = false;
            if (s.server.error.isEmpty()) {
                s.server.error = m_conn.lastError();
                s.server.errorCode = m_conn.lastErrno();
            }
            QMutexLocker lock(&m_socketMutex);
            m_socket = -1;
            lock.unlock();
            m_conn.close();
        }
    }
    s.pollMs = steadyNowMs() - started;
    if (!s.server.reachable) {
        m_previous.reset();
        m_statementsSinceCounters = 0;
        return s;
    }
    if (m_previous)
        computeRates(*m_previous, s);
    m_previous = s;
    return s;
}

bool HealthPoller::readServer(HealthSample &s)
{
    InstanceHealth &h = s.server;
    h.reachable = true;
    h.error.clear();
    h.errorCode = 0;
    h.version = m_conn.serverVersion();

    const auto vars = query(QStringLiteral(
        "SHOW GLOBAL VARIABLES WHERE Variable_name IN ('read_only', 'log_bin', 'binlog_format', 'binlog_row_image',"
        " 'server_id', 'max_connections', 'version', 'expire_logs_days', 'binlog_expire_logs_seconds')"));
    if (!vars)
        return false; // nothing else would work either
    const auto v = nameValues(*vars);
    if (v.contains(QStringLiteral("version")))
        h.version = v.value(QStringLiteral("version"));
    h.readOnly = isOn(v.value(QStringLiteral("read_only")));
    h.logBin = isOn(v.value(QStringLiteral("log_bin")));
    h.binlogFormat = h.logBin ? v.value(QStringLiteral("binlog_format")) : QString();
    h.binlogRowImage = v.value(QStringLiteral("binlog_row_image"));
    h.serverId = number(v, "server_id");
    h.maxConnections = int(number(v, "max_connections"));
    const qint64 expireSec = number(v, "binlog_expire_logs_seconds");
    const qint64 expireDays = number(v, "expire_logs_days");
    if (expireSec > 0)
        s.binlogRetentionSec = expireSec;
    else if (expireDays >= 0)
        s.binlogRetentionSec = qint64(expireDays) * 86400;
    else if (expireSec == 0)
        s.binlogRetentionSec = 0;

    const auto status = query(QStringLiteral(
        "SHOW GLOBAL STATUS WHERE Variable_name IN ('Uptime', 'Threads_connected', 'Threads_running', 'Questions',"
        " 'Com_commit', 'Com_rollback', 'Binlog_commits', 'Innodb_buffer_pool_read_requests', 'Innodb_buffer_pool_reads',"
        " 'Innodb_row_lock_waits', 'Innodb_deadlocks', 'Aborted_connects', 'Aborted_clients')"));
    if (!status)
        return false;
    s.counters.ownStatements = m_statementsSinceCounters;
    m_statementsSinceCounters = 0;
    const auto st = nameValues(*status);
    h.uptimeSeconds = number(st, "uptime");
    h.connections = int(number(st, "threads_connected"));
    s.threadsRunning = int(number(st, "threads_running"));
    s.counters.questions = number(st, "questions");
    s.counters.comCommit = number(st, "com_commit");
    s.counters.comRollback = number(st, "com_rollback");
    // Without a binary log the counter stays 0: no measure of writes then.
    s.counters.binlogCommits = h.logBin ? number(st, "binlog_commits") : -1;
    s.counters.bufferPoolReadRequests = number(st, "innodb_buffer_pool_read_requests");
    s.counters.bufferPoolReads = number(st, "innodb_buffer_pool_reads");
    s.counters.rowLockWaits = number(st, "innodb_row_lock_waits");
    s.counters.deadlocks = number(st, "innodb_deadlocks");
    s.counters.abortedConnects = number(st, "aborted_connects");
    s.counters.abortedClients = number(st, "aborted_clients");

    // Replication: MariaDB >= 10.5 and MySQL >= 8.0.22 know REPLICA, older servers only SLAVE.
    auto replica = query(QStringLiteral("SHOW REPLICA STATUS"));
    if (!replica && !inspection::isConnectionError(m_conn.lastErrno()) && !isPrivilegeError(m_conn.lastErrno()))
        replica = query(QStringLiteral("SHOW SLAVE STATUS"));
    if (!replica) {
        if (inspection::isConnectionError(m_conn.lastErrno()))
            return false;
        s.replicaNoPrivilege = isPrivilegeError(m_conn.lastErrno());
        h.replicaState = s.replicaNoPrivilege ? QString::fromLatin1(inspection::kNoPrivilege) : QStringLiteral("unknown");
    } else if (!replica->rows.isEmpty()) {
        h.isReplica = true;
        const QString io = column(*replica, {"Slave_IO_Running", "Replica_IO_Running"});
        const QString sql = column(*replica, {"Slave_SQL_Running", "Replica_SQL_Running"});
        s.replicaIoRunning = io.compare(QLatin1String("Yes"), Qt::CaseInsensitive) == 0;
        s.replicaSqlRunning = sql.compare(QLatin1String("Yes"), Qt::CaseInsensitive) == 0;
        h.replicaState = QStringLiteral("IO: %1, SQL: %2").arg(io, sql);
        int lagCol = replica->columnIndex(QStringLiteral("Seconds_Behind_Master"));
        if (lagCol < 0)
            lagCol = replica->columnIndex(QStringLiteral("Seconds_Behind_Source"));
        if (lagCol >= 0 && !replica->isNull(0, lagCol))
            h.replicaLagSeconds = replica->rows.at(0).at(lagCol).toLongLong();
        s.gtidPosition = column(*replica, {"Gtid_IO_Pos", "Executed_Gtid_Set"}).simplified();
        const QString lastError = column(*replica, {"Last_Error", "Last_SQL_Error"});
        if (!lastError.isEmpty())
            h.replicaState += QStringLiteral(" (") + lastError.simplified().left(200) + QLatin1Char(')');
    }

    if (h.logBin) {
        const auto logs = query(QStringLiteral("SHOW BINARY LOGS"));
        if (!logs) {
            if (inspection::isConnectionError(m_conn.lastErrno()))
                return false;
            s.binlogNoPrivilege = isPrivilegeError(m_conn.lastErrno());
        } else {
            qint64 bytes = 0;
            const int sizeCol = logs->columnIndex(QStringLiteral("File_size"));
            for (const auto &row : logs->rows)
                if (sizeCol >= 0)
                    bytes += row.at(sizeCol).toLongLong();
            s.binlogBytes = bytes;
            s.binlogFiles = int(logs->rows.size());
            if (!logs->rows.isEmpty())
                s.oldestBinlog = logs->rows.first().at(0).toString();
        }
    }

    if (m_options.largestTables > 0 && !m_ds.database.isEmpty()) {
        const QString schema = m_conn.quoteString(m_ds.database);
        const auto t = query(
            QStringLiteral("SELECT TABLE_NAME, TABLE_ROWS, DATA_LENGTH + INDEX_LENGTH FROM information_schema.TABLES"
                           " WHERE TABLE_SCHEMA = ") +
            schema +
            QStringLiteral(" AND TABLE_TYPE = 'BASE TABLE' ORDER BY DATA_LENGTH + INDEX_LENGTH DESC, TABLE_NAME LIMIT ") +
            QString::number(qBound(1, m_options.largestTables, 100)));
        if (!t) {
            if (inspection::isConnectionError(m_conn.lastErrno()))
                return false;
            s.tablesNoPrivilege = isPrivilegeError(m_conn.lastErrno());
        } else {
            QHash<QString, qint64> rows;
            for (const auto &row : t->rows) {
                TableSize ts;
                ts.table = row.at(0).toString();
                ts.rows = row.at(1).isValid() ? row.at(1).toLongLong() : -1;
                ts.bytes = row.at(2).isValid() ? row.at(2).toLongLong() : -1;
                const auto prev = m_previousTableRows.constFind(ts.table);
                if (prev != m_previousTableRows.constEnd() && *prev >= 0 && ts.rows >= 0) {
                    ts.rowsDelta = ts.rows - *prev;
                    ts.hasDelta = true;
                }
                rows.insert(ts.table, ts.rows);
                s.largestTables.append(ts);
            }
            m_previousTableRows = rows;
        }
    }
    return true;
}

void computeRates(const HealthSample &previous, HealthSample &current)
{
    if (!previous.up() || !current.up())
        return;
    const double dt = (current.steadyMs - previous.steadyMs) / 1000.0;
    if (dt <= 0)
        return;
    if (previous.server.uptimeSeconds >= 0 && current.server.uptimeSeconds >= 0 &&
        current.server.uptimeSeconds < previous.server.uptimeSeconds)
        return; // restarted: the counters began again
    current.intervalSec = dt;
    const HealthCounters &a = previous.counters;
    const HealthCounters &b = current.counters;
    auto delta = [](qint64 before, qint64 after) -> qint64 {
        return before < 0 || after < 0 || after < before ? -1 : after - before;
    };
    const qint64 questions = delta(a.questions, b.questions);
    if (questions >= 0)
        current.qps = qMax<qint64>(0, questions - b.ownStatements) / dt;
    // Transactions that wrote: the binary log's commits count autocommitted statements too; without a
    // binary log only COMMIT statements can be counted.
    const qint64 binlogCommits = delta(a.binlogCommits, b.binlogCommits);
    const qint64 commits = binlogCommits >= 0 ? binlogCommits : delta(a.comCommit, b.comCommit);
    const qint64 rollbacks = delta(a.comRollback, b.comRollback);
    if (commits >= 0 && rollbacks >= 0)
        current.tps = (commits + rollbacks) / dt;
    const qint64 requests = delta(a.bufferPoolReadRequests, b.bufferPoolReadRequests);
    const qint64 reads = delta(a.bufferPoolReads, b.bufferPoolReads);
    if (requests >= kHitRatioMinRequests && reads >= 0) {
        current.bufferPoolHitRatio = qBound(0.0, 1.0 - double(reads) / double(requests), 1.0);
    } else if (b.bufferPoolReadRequests > 0 && b.bufferPoolReads >= 0) {
        // Too few reads in the interval to judge: the ratio since the start, shown but not judged.
        current.bufferPoolHitRatio =
            qBound(0.0, 1.0 - double(b.bufferPoolReads) / double(b.bufferPoolReadRequests), 1.0);
        current.hitRatioSinceStart = true;
    }
    const qint64 waits = delta(a.rowLockWaits, b.rowLockWaits);
    if (waits >= 0)
        current.rowLockWaitsPerSec = waits / dt;
    // Events per minute over at least a minute: one deadlock in a 1 s sample is one, not sixty.
    const double minutes = qMax(dt, 60.0) / 60.0;
    const qint64 deadlocks = delta(a.deadlocks, b.deadlocks);
    if (deadlocks >= 0)
        current.deadlocksPerMin = deadlocks / minutes;
    const qint64 ac = delta(a.abortedConnects, b.abortedConnects);
    const qint64 acl = delta(a.abortedClients, b.abortedClients);
    if (ac >= 0 && acl >= 0)
        current.abortedPerMin = (ac + acl) / minutes;
}

} // namespace sp::health
