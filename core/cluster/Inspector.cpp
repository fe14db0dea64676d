#include "core/cluster/Inspector.h"
#include "core/config/JdbcUrl.h"

#include "core/job/Job.h"

#include "core/cluster/InstanceProbe.h"

#include <QElapsedTimer>
#include <QMutexLocker>
#include <QSet>
#include <QThreadPool>

#include <vector>

namespace sp {

using inspection::SchemaTable;

namespace {

struct SourceOutcome
{
    InstanceHealth health;
    ConnectionParams params;
    bool listed = false;
    QList<SchemaTable> tables;
    QString listError;
    QStringList notes;
};

struct CountJob
{
    int tableIndex = -1;
    QString schema;
    QString table;
};

struct CountOutcome
{
    std::optional<qint64> rows;
    QString error;
};

// One server (host:port) and the counts queued for it; its workers pull from `next`.
struct Endpoint
{
    ConnectionParams params;
    QStringList dataSources;
    QList<CountJob> jobs;
    std::atomic<int> next{0};
    std::atomic<bool> dead{false};
    QMutex mutex;
    QString deadError;
};

QString endpointKey(const ConnectionParams &p)
{
    return p.unixSocket.isEmpty() ? p.host + QLatin1Char(':') + QString::number(p.port) : p.unixSocket;
}

void waitPool(QThreadPool &pool, InspectionControl *control)
{
    bool killed = false;
    while (!pool.waitForDone(50)) {
        if (control && control->isCancelled() && !killed) {
            control->killInFlight();
            killed = true;
        }
    }
}

SourceOutcome inspectSource(const DataSourceDef &ds, const InspectionOptions &o)
{
    SourceOutcome out;
    out.health.dataSource = ds.name;
    out.health.host = ds.host;
    out.health.port = ds.port;
    if (ds.host.isEmpty()) {
        out.health.error = QStringLiteral("no host: the url '%1' could not be parsed").arg(JdbcUrl::redacted(ds.url));
        return out;
    }
    ResolvedCredentials cred;
    out.params = Inspector::paramsFor(ds, o, &cred);
    Connection c;
    if (!c.open(out.params)) {
        out.health.error = c.lastError();
        out.health.errorCode = c.lastErrno();
        if (!cred.hasPassword() && c.lastErrno() == 1045)
            out.health.error += QStringLiteral(" (no password found: set %1, or use an option file)")
                                    .arg(Credentials::environmentVariableFor(ds.name));
        return out;
    }
    QStringList notes;
    if (!inspection::probeHealth(c, out.health, &notes)) {
        out.health.reachable = false;
        out.health.error = c.lastError();
        out.health.errorCode = c.lastErrno();
        return out;
    }
    for (const QString &n : notes)
        out.notes.append(ds.name + QStringLiteral(": ") + n);
    if (!c.serverVersion().contains(QLatin1String("MariaDB"), Qt::CaseInsensitive) &&
        c.serverVersionNumber() >= 80000) {
        // MySQL 8 caches information_schema statistics for a day by default.
        c.exec(QStringLiteral("SET SESSION information_schema_stats_expiry = 0"));
    }
    if (!o.tables)
        return out;
    QString err;
    if (auto t = inspection::listSchemaTables(c, ds.database, &err)) {
        out.listed = true;
        out.tables = *t;
    } else {
        out.listError = err;
        if (inspection::isConnectionError(c.lastErrno())) {
            out.health.reachable = false;
            out.health.error = err;
            out.health.errorCode = c.lastErrno();
        }
    }
    return out;
}

void countWorker(Endpoint &ep, const InspectionOptions &o, InspectionControl *control,
                 std::vector<CountOutcome> &outcomes, const std::function<void()> &tick,
                 std::atomic<int> &countsRun)
{
    Connection c;
    ConnectionParams params = ep.params;
    params.readTimeoutSec = o.countTimeoutSec > 0 ? o.countTimeoutSec + 10 : 24 * 3600;
    bool opened = false;
    for (;;) {
        const int i = ep.next.fetch_add(1);
        if (i >= ep.jobs.size())
            return;
        const CountJob &job = ep.jobs.at(i);
        CountOutcome &out = outcomes[size_t(i)];
        if (control && control->isCancelled()) {
            out.error = QStringLiteral("cancelled");
            tick();
            continue;
        }
        if (ep.dead.load()) {
            out.error = QStringLiteral("instance unreachable");
            tick();
            continue;
        }
        if (!opened) {
            if (!c.open(params)) {
                {
                    QMutexLocker lock(&ep.mutex);
                    if (!ep.dead.exchange(true))
                        ep.deadError = c.lastError();
                }
                out.error = c.lastError();
                tick();
                continue;
            }
            opened = true;
        }
        QString err;
        const int token = control ? control->beginQuery(params, c.threadId()) : 0;
        out.rows = inspection::countRows(c, job.schema, job.table, o.countTimeoutSec, &err);
        if (control)
            control->endQuery(token);
        if (out.rows) {
            countsRun.fetch_add(1);
        } else {
            out.error = (control && control->isCancelled()) ? QStringLiteral("cancelled") : err;
            if (inspection::isConnectionError(c.lastErrno())) {
                QMutexLocker lock(&ep.mutex);
                if (!ep.dead.exchange(true))
                    ep.deadError = err;
            }
        }
        tick();
    }
}

} // namespace

ConnectionParams Inspector::paramsFor(const DataSourceDef &ds, const InspectionOptions &o,
                                      ResolvedCredentials *credentials)
{
    ConnectionParams p;
    p.host = ds.host;
    p.port = ds.port;
    p.database = ds.database;
    p.connectTimeoutSec = o.connectTimeoutSec;
    p.readTimeoutSec = o.readTimeoutSec;
    p.writeTimeoutSec = o.readTimeoutSec;
    const ResolvedCredentials cred = Credentials::resolve(ds, o.credentials);
    p.user = cred.user.isEmpty() ? ds.username : cred.user;
    p.password = cred.password;
    p.tls = Credentials::resolveTls(ds, o.credentials);
    if (credentials)
        *credentials = cred;
    return p;
}


InspectionResult Inspector::run(const ShardingConfig &config, const InspectionOptions &o,
                                InspectionControl *control, const InspectionProgress &progress)
{
    QElapsedTimer timer;
    timer.start();
    InspectionResult result;
    ClusterSnapshot &snap = result.snapshot;
    snap.configPath = config.filePath;
    snap.takenAt = QDateTime::currentDateTimeUtc();
    snap.exact = o.exactCounts;

    // The physical tables the config names, in config order, without duplicates.
    QSet<QString> seen;
    for (const TableRule &rule : o.tables ? config.tables : QList<TableRule>()) {
        for (const DataNode &n : rule.dataNodes) {
            if (seen.contains(n.toString()))
                continue;
            seen.insert(n.toString());
            TableStats t;
            t.node = n;
            t.logicTable = rule.logicTable;
            snap.tables.append(t);
        }
    }
    for (const BroadcastTable &b : o.tables ? config.broadcastTables : QList<BroadcastTable>()) {
        if (config.table(b.name))
            continue;
        for (const DataSourceDef &ds : config.dataSources) {
            const DataNode n{ds.name, b.name};
            if (seen.contains(n.toString()))
                continue;
            seen.insert(n.toString());
            TableStats t;
            t.node = n;
            t.logicTable = b.name;
            t.broadcast = true;
            snap.tables.append(t);
        }
    }

    QMutex progressMutex;
    std::atomic<int> done{0};
    std::atomic<int> total{int(config.dataSources.size()) +
                           (o.tables && o.exactCounts ? int(snap.tables.size()) : 0)};
    auto tick = [&] {
        const int d = done.fetch_add(1) + 1;
        if (progress) {
            QMutexLocker lock(&progressMutex);
            progress(d, total.load());
        }
    };

    QThreadPool pool;
    pool.setMaxThreadCount(qMax(1, o.overallConcurrency));

    // Phase 1: health and information_schema, one task per data source.
    const int nSources = int(config.dataSources.size());
    std::vector<SourceOutcome> sources(static_cast<size_t>(nSources));
    for (int i = 0; i < nSources; ++i) {
        pool.start([&, i] {
            if (control && control->isCancelled()) {
                sources[size_t(i)].health.dataSource = config.dataSources.at(i).name;
                sources[size_t(i)].health.error = QStringLiteral("cancelled");
            } else {
                sources[size_t(i)] = inspectSource(config.dataSources.at(i), o);
            }
            tick();
        });
    }
    waitPool(pool, control);

    QHash<QString, int> sourceIndex;
    for (int i = 0; i < nSources; ++i) {
        sourceIndex.insert(config.dataSources.at(i).name, i);
        snap.instances.append(sources[size_t(i)].health);
        result.notes += sources[size_t(i)].notes;
    }
    QStringList noPrivilege;
    for (const InstanceHealth &h : std::as_const(snap.instances))
        if (h.replicaState == QLatin1String(inspection::kNoPrivilege))
            noPrivilege << h.dataSource;
    if (!noPrivilege.isEmpty())
        result.privilegeNotes.append(QStringLiteral("replica status not read on %1: the account lacks SLAVE MONITOR "
                                           "(REPLICATION CLIENT on MySQL); shown as \"no privilege\"")
                                .arg(noPrivilege.join(QStringLiteral(", "))));

    // Fill the estimates; remember which server tables the config knows.
    std::vector<QSet<QString>> matched(static_cast<size_t>(nSources));
    for (TableStats &t : snap.tables) {
        const int si = sourceIndex.value(t.node.dataSource, -1);
        if (si < 0) {
            t.error = QStringLiteral("data source '%1' is not defined").arg(t.node.dataSource);
            continue;
        }
        const SourceOutcome &src = sources[size_t(si)];
        if (!src.health.reachable) {
            t.error = QStringLiteral("instance unreachable");
            continue;
        }
        if (!src.listed) {
            t.error = src.listError;
            continue;
        }
        const SchemaTable *found = nullptr;
        for (const SchemaTable &st : src.tables)
            if (st.name == t.node.table) {
                found = &st;
                break;
            }
        if (!found) // lower_case_table_names servers report lower-case names
            for (const SchemaTable &st : src.tables)
                if (st.name.compare(t.node.table, Qt::CaseInsensitive) == 0) {
                    found = &st;
                    break;
                }
        if (!found) {
            t.existsOnServer = false;
            t.error = QStringLiteral("table does not exist on the server");
            continue;
        }
        matched[size_t(si)].insert(found->name);
        t.estimatedRows = found->estimatedRows;
        t.dataBytes = found->dataBytes;
        t.indexBytes = found->indexBytes;
        t.autoIncrement = found->autoIncrement;
    }
    for (int i = 0; i < nSources; ++i) {
        for (const SchemaTable &st : sources[size_t(i)].tables) {
            if (matched[size_t(i)].contains(st.name))
                continue;
            TableStats t;
            t.node = DataNode{config.dataSources.at(i).name, st.name};
            t.knownToConfig = false;
            t.estimatedRows = st.estimatedRows;
            t.dataBytes = st.dataBytes;
            t.indexBytes = st.indexBytes;
            t.autoIncrement = st.autoIncrement;
            snap.tables.append(t);
        }
    }

    // Phase 2: exact counts, grouped per server.
    if (o.tables && o.exactCounts) {
        QHash<QString, std::shared_ptr<Endpoint>> endpoints;
        QList<std::shared_ptr<Endpoint>> order;
        int jobs = 0;
        for (int ti = 0; ti < snap.tables.size(); ++ti) {
            const TableStats &t = snap.tables.at(ti);
            if (!t.knownToConfig || !t.existsOnServer || !t.error.isEmpty())
                continue;
            const SourceOutcome &src = sources[size_t(sourceIndex.value(t.node.dataSource))];
            const QString key = endpointKey(src.params);
            auto &ep = endpoints[key];
            if (!ep) {
                ep = std::make_shared<Endpoint>();
                ep->params = src.params;
                ep->params.database.clear(); // names are schema-qualified
                order.append(ep);
            }
            if (!ep->dataSources.contains(t.node.dataSource))
                ep->dataSources.append(t.node.dataSource);
            ep->jobs.append(CountJob{ti, src.params.database, t.node.table});
            ++jobs;
        }
        total.store(nSources + jobs);
        // One outcome vector per endpoint, written by index: no sharing between workers.
        std::vector<std::vector<CountOutcome>> outcomes(static_cast<size_t>(order.size()));
        std::atomic<int> countsRun{0};
        for (int e = 0; e < order.size(); ++e) {
            Endpoint &ep = *order.at(e);
            outcomes[size_t(e)].resize(size_t(ep.jobs.size()));
            const int workers = qMin(qMax(1, o.perInstanceConcurrency), int(ep.jobs.size()));
            for (int w = 0; w < workers; ++w)
                pool.start([&, e] {
                    countWorker(*order.at(e), o, control, outcomes[size_t(e)], tick, countsRun);
                });
        }
        waitPool(pool, control);
        result.countsRun = countsRun.load();

        for (int e = 0; e < order.size(); ++e) {
            Endpoint &ep = *order.at(e);
            for (int j = 0; j < ep.jobs.size(); ++j) {
                TableStats &t = snap.tables[ep.jobs.at(j).tableIndex];
                const CountOutcome &out = outcomes[size_t(e)][size_t(j)];
                t.exactRows = out.rows;
                if (!out.rows)
                    t.error = out.error;
            }
            if (ep.dead.load()) {
                // The server went away between the two phases or during a count.
                for (InstanceHealth &h : snap.instances)
                    if (ep.dataSources.contains(h.dataSource)) {
                        h.reachable = false;
                        h.error = ep.deadError;
                    }
            }
        }
    }

    result.cancelled = control && control->isCancelled();
    result.elapsedMs = timer.elapsed();
    return result;
}

InspectionResult Inspector::run(const ShardingConfig &config, const InspectionOptions &options, JobControl &job)
{
    InspectionControl control;
    CancelHookGuard hook(&job, [&control] { control.cancel(); }); // the watchdog then kills in flight
    return run(config, options, &control, [&job](int done, int total) { job.progress(done, total); });
}

} // namespace sp
