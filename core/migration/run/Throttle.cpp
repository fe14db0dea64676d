#include "core/migration/run/Throttle.h"

#include "core/migration/Replication.h"
#include "core/migration/run/Actions.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QThread>

#include <map>

namespace sp::migration {

namespace {

const int kPollMs = 250;

QString hostPort(const QString &host, int port)
{
    const QString h = host == QLatin1String("localhost") ? QStringLiteral("127.0.0.1") : host;
    return h + QLatin1Char(':') + QString::number(port);
}

QString seconds(double s)
{
    return QString::number(s, 'f', 1);
}

} // namespace

// --- limits ------------------------------------------------------------------------------------------

ThrottleLimits ThrottleLimits::of(const RunSpec &spec)
{
    ThrottleLimits l;
    l.maxRowsPerSec = spec.maxRowsPerSec;
    l.maxThreadsRunning = spec.maxThreadsRunning;
    l.maxLagSec = spec.maxLagSec;
    return l;
}

QJsonObject ThrottleLimits::toJson() const
{
    return QJsonObject{{QStringLiteral("maxRowsPerSec"), maxRowsPerSec},
                       {QStringLiteral("maxThreadsRunning"), maxThreadsRunning},
                       {QStringLiteral("maxLagSec"), maxLagSec}};
}

ThrottleLimits ThrottleLimits::fromJson(const QJsonObject &o, const ThrottleLimits &fallback)
{
    ThrottleLimits l;
    l.maxRowsPerSec = qMax(0.0, o.value(QStringLiteral("maxRowsPerSec")).toDouble(fallback.maxRowsPerSec));
    l.maxThreadsRunning =
        qMax(0, o.value(QStringLiteral("maxThreadsRunning")).toInt(fallback.maxThreadsRunning));
    l.maxLagSec = qMax(0.0, o.value(QStringLiteral("maxLagSec")).toDouble(fallback.maxLagSec));
    return l;
}

QString ThrottleLimits::describe() const
{
    return QStringLiteral("rows per second %1, Threads_running %2, replica lag %3")
        .arg(maxRowsPerSec > 0 ? QString::number(qint64(maxRowsPerSec)) : QStringLiteral("no limit"),
             maxThreadsRunning > 0 ? QString::number(maxThreadsRunning) : QStringLiteral("not checked"),
             maxLagSec > 0 ? seconds(maxLagSec) + QStringLiteral(" s") : QStringLiteral("not watched"));
}

QString throttleReasonName(ThrottleReason r)
{
    switch (r) {
    case ThrottleReason::Rate:
        return QStringLiteral("rate");
    case ThrottleReason::ThreadsRunning:
        return QStringLiteral("threads_running");
    case ThrottleReason::ReplicaLag:
        return QStringLiteral("replica lag");
    }
    return {};
}

// --- the gate ----------------------------------------------------------------------------------------

void ThrottleGate::watchReplica(const QString &replica, qint64 nowMs)
{
    ReplicaState st;
    st.watchedSinceMs = nowMs;
    m_replicas.insert(replica, st);
}

void ThrottleGate::observeLag(const QString &replica, double lagSec, qint64 nowMs, const QString &error)
{
    auto it = m_replicas.find(replica);
    if (it == m_replicas.end())
        return;
    it->error = error;
    if (lagSec >= 0) {
        it->lagSec = lagSec;
        it->lastReadingMs = nowMs;
    }
}

void ThrottleGate::observeThreads(const QString &server, int running)
{
    m_threads.insert(server, running);
}

ThrottleGate::Verdict ThrottleGate::check(qint64 nowMs) const
{
    Verdict v;
    if (m_limits.maxLagSec > 0) {
        for (auto it = m_replicas.cbegin(); it != m_replicas.cend(); ++it) {
            const ReplicaState &r = it.value();
            const qint64 since = r.lastReadingMs >= 0 ? r.lastReadingMs : r.watchedSinceMs;
            if (nowMs - since > kLagFailClosedMs) {
                v.kind = Verdict::Fail;
                v.reason = ThrottleReason::ReplicaLag;
                v.why =
                    QStringLiteral("the lag of replica %1 could not be read for %2 s%3: the run stops rather "
                                   "than copy blind (start the replica again, or leave it out: --max-lag 0)")
                        .arg(it.key())
                        .arg(kLagFailClosedMs / 1000)
                        .arg(r.error.isEmpty() ? QString()
                                               : QStringLiteral(" (") + r.error + QLatin1Char(')'));
                return v;
            }
        }
        for (auto it = m_replicas.cbegin(); it != m_replicas.cend(); ++it) {
            const ReplicaState &r = it.value();
            if (r.lastReadingMs < 0 || r.lagSec > m_limits.maxLagSec) {
                v.kind = Verdict::Wait;
                v.reason = ThrottleReason::ReplicaLag;
                v.why = r.lastReadingMs < 0
                            ? QStringLiteral("the lag of replica %1 is not known yet").arg(it.key())
                            : QStringLiteral("replica %1 lags %2 s (at most %3 s)")
                                  .arg(it.key(), seconds(r.lagSec), seconds(m_limits.maxLagSec));
                return v;
            }
        }
    }
    if (m_limits.maxThreadsRunning > 0)
        for (auto it = m_threads.cbegin(); it != m_threads.cend(); ++it)
            if (it.value() > m_limits.maxThreadsRunning) {
                v.kind = Verdict::Wait;
                v.reason = ThrottleReason::ThreadsRunning;
                v.why = QStringLiteral("%1 runs %2 threads (at most %3)")
                            .arg(it.key())
                            .arg(it.value())
                            .arg(m_limits.maxThreadsRunning);
                return v;
            }
    return v;
}

// --- the throttle ------------------------------------------------------------------------------------

Throttle::Throttle(RunContext &ctx) : m_ctx(ctx), m_limiter(0)
{
    m_limits = ThrottleLimits::of(ctx.spec);
    if (const auto file = readLimits(ctx.dir))
        m_limits = *file;
    m_fileStamp = QFileInfo(RunDir(ctx.dir).throttleFile()).lastModified();
    m_gate.setLimits(m_limits);
    m_limiter.setRate(m_limits.maxRowsPerSec);
    if (ctx.journalFile)
        m_base = waitedOf(ctx.journal().values());
}

Throttle::~Throttle()
{
    end();
}

ThrottleLimits Throttle::limits() const
{
    QMutexLocker lock(&m_mutex);
    return m_limits;
}

QList<WatchedReplica> Throttle::replicas() const
{
    QMutexLocker lock(&m_mutex);
    return m_replicas;
}

QMap<QString, double> Throttle::waited() const
{
    QMutexLocker lock(&m_mutex);
    QMap<QString, double> out = m_base;
    for (auto it = m_waited.cbegin(); it != m_waited.cend(); ++it)
        out[it.key()] += it.value();
    return out;
}

QString Throttle::waitingFor() const
{
    QMutexLocker lock(&m_mutex);
    return m_waitingFor;
}

void Throttle::addWaited(ThrottleReason r, double secs)
{
    if (secs <= 0)
        return;
    QMutexLocker lock(&m_mutex);
    m_waited[throttleReasonName(r)] += secs;
}

int Throttle::maxChunk(int fallback) const
{
    return m_limiter.maxRequest(fallback);
}

void Throttle::refund(qint64 rows)
{
    m_limiter.refund(rows);
}

bool Throttle::admit(qint64 rows, StopReason *stopped, QString *error)
{
    if (!active()) {
        const StopReason r = m_ctx.stopReason();
        if (stopped)
            *stopped = r;
        return r == StopReason::None;
    }
    for (;;) {
        if (const StopReason r = m_ctx.stopReason(); r != StopReason::None) {
            if (stopped)
                *stopped = r;
            return false;
        }
        ThrottleGate::Verdict v;
        {
            QMutexLocker lock(&m_mutex);
            v = m_gate.check(QDateTime::currentMSecsSinceEpoch());
            m_waitingFor = v.kind == ThrottleGate::Verdict::Wait ? v.why : QString();
        }
        if (v.kind == ThrottleGate::Verdict::Fail) {
            if (error)
                *error = v.why;
            return false;
        }
        if (v.kind == ThrottleGate::Verdict::Go)
            break;
        QElapsedTimer slept;
        slept.start();
        QThread::msleep(100);
        addWaited(v.reason, double(slept.nsecsElapsed()) / 1e9);
    }
    if (!m_limiter.limited())
        return true;
    QElapsedTimer waited;
    waited.start();
    const bool ok = m_limiter.acquire(rows, [this] { return m_ctx.stopping(); });
    const double secs = double(waited.nsecsElapsed()) / 1e9;
    if (secs > 0.001)
        addWaited(ThrottleReason::Rate, secs);
    if (!ok && stopped)
        *stopped = m_ctx.stopReason() == StopReason::None ? StopReason::Stopped : m_ctx.stopReason();
    return ok;
}

bool Throttle::begin(QString *error)
{
    end();
    if (!m_replicasFound && !findReplicas(error))
        return false;
    {
        QMutexLocker lock(&m_mutex);
        m_gate.forgetReplicas();
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        for (const WatchedReplica &r : std::as_const(m_replicas))
            m_gate.watchReplica(r.address, now);
    }
    m_quit.store(false);
    m_thread = std::make_unique<std::thread>([this] { monitor(); });
    m_active.store(true);
    return true;
}

void Throttle::end()
{
    if (!m_thread)
        return;
    m_active.store(false);
    {
        std::lock_guard<std::mutex> lock(m_quitMutex);
        m_quit.store(true);
    }
    m_quitChanged.notify_all();
    m_thread->join();
    m_thread.reset();
    QMutexLocker lock(&m_mutex);
    m_gate.forgetReplicas(); // no heartbeat now: nothing to wait for
    m_gate.forgetThreads();
    m_waitingFor.clear();
}

bool Throttle::findReplicas(QString *error)
{
    const Endpoints &endpoints = m_ctx.endpoints;
    QStringList servers = m_ctx.moves.sourceInstances();
    for (const QString &t : m_ctx.moves.targetInstances())
        if (!servers.contains(t))
            servers.append(t);
    // Servers of the run are not replicas to protect (a dual-master run's new instances replicate
    // from the old ones on purpose).
    QHash<QString, QString> byAddress; // host:port -> instance
    for (const QString &inst : endpoints.instances()) {
        const auto a = endpoints.addressOf(inst);
        if (!a.first.isEmpty())
            byAddress.insert(hostPort(a.first, a.second), inst);
    }
    QList<WatchedReplica> found;
    QStringList notes;
    auto known = [&found](const QString &address) {
        for (const WatchedReplica &r : std::as_const(found))
            if (r.address == address)
                return true;
        return false;
    };
    for (const QString &given : std::as_const(m_ctx.spec.replicas)) {
        const int colon = int(given.lastIndexOf(QLatin1Char(':')));
        const QString host = colon > 0 ? given.left(colon) : given;
        const int port = colon > 0 ? given.mid(colon + 1).toInt() : 3306;
        const QString address = hostPort(host, port);
        const auto params = endpoints.adminAt(host, port);
        if (!params) {
            *error = QStringLiteral("--replica %1: not an instance of the sandbox").arg(given);
            return false;
        }
        Connection c;
        if (!c.open(*params)) {
            *error = QStringLiteral("--replica %1: %2").arg(given, c.lastError());
            return false;
        }
        QString why;
        const auto st = readReplicaStatus(c, &why);
        if (!st || !st->configured) {
            *error = QStringLiteral("--replica %1 is not a replica%2")
                         .arg(given, why.isEmpty() ? QString() : QStringLiteral(": ") + why);
            return false;
        }
        const QString primary = byAddress.value(hostPort(st->masterHost, st->masterPort));
        if (primary.isEmpty() || !servers.contains(primary)) {
            *error = QStringLiteral("--replica %1 replicates %2:%3, which is not a server of this run")
                         .arg(given, st->masterHost)
                         .arg(st->masterPort);
            return false;
        }
        found.append(WatchedReplica{address, primary, QStringLiteral("--replica"), *params});
    }
    // Every server asked at once (one session each), the answers read in the servers' order.
    struct Asked
    {
        std::optional<QueryResult> hosts;
        QString error;
        bool opened = false;
    };
    std::vector<Asked> asked(size_t(servers.size()));
    forEachServer(int(servers.size()), [&](int i) {
        Connection c;
        Asked &a = asked[size_t(i)];
        a.opened = c.open(endpoints.adminOfInstance(servers.at(i)));
        if (a.opened)
            a.hosts = c.query(QStringLiteral("SHOW SLAVE HOSTS"));
        if (!a.opened || !a.hosts)
            a.error = c.lastError();
    });
    for (int i = 0; i < servers.size(); ++i) {
        const QString &primary = servers.at(i);
        const Asked &a = asked[size_t(i)];
        if (!a.opened) {
            notes.append(QStringLiteral("%1: replicas not looked for: %2").arg(primary, a.error));
            continue;
        }
        const auto &hosts = a.hosts;
        if (!hosts) {
            notes.append(
                QStringLiteral("%1: replicas not looked for (SHOW SLAVE HOSTS: %2); name them with --replica")
                    .arg(primary, a.error));
            continue;
        }
        for (const auto &row : hosts->rows) {
            // Server_id, Host, Port, Master_id
            const QString host = row.value(1).toString();
            const int port = row.value(2).toInt();
            if (host.isEmpty()) {
                notes.append(
                    QStringLiteral("%1: a replica (server_id %2) reports no host (report_host): name it with "
                                   "--replica")
                        .arg(primary, row.value(0).toString()));
                continue;
            }
            const QString address = hostPort(host, port);
            if (byAddress.contains(address) || known(address))
                continue;
            const auto params = endpoints.adminAt(host, port);
            if (!params) {
                notes.append(
                    QStringLiteral("%1: replica %2 is not an instance of the sandbox").arg(primary, address));
                continue;
            }
            found.append(WatchedReplica{address, primary, QStringLiteral("SHOW SLAVE HOSTS"), *params});
        }
    }
    for (const WatchedReplica &r : std::as_const(found))
        notes.append(QStringLiteral(
                         "replica %1 of %2 (%3): its lag is read from the heartbeat the engine writes on %2")
                         .arg(r.address, r.primary, r.foundBy));
    QMutexLocker lock(&m_mutex);
    m_replicas = found;
    m_replicaNotes += notes;
    m_replicasFound = true;
    return true;
}

void Throttle::applyLimitsFile()
{
    const QString file = RunDir(m_ctx.dir).throttleFile();
    const QDateTime stamp = QFileInfo(file).lastModified();
    {
        QMutexLocker lock(&m_mutex);
        if (stamp == m_fileStamp)
            return;
        m_fileStamp = stamp;
    }
    const auto limits = readLimits(m_ctx.dir);
    if (!limits)
        return;
    QMutexLocker lock(&m_mutex);
    if (*limits == m_limits)
        return;
    m_limits = *limits;
    m_gate.setLimits(m_limits);
    m_limiter.setRate(m_limits.maxRowsPerSec);
    m_limitsChanged = true;
}

void Throttle::monitor()
{
    QStringList servers = m_ctx.moves.sourceInstances();
    for (const QString &t : m_ctx.moves.targetInstances())
        if (!servers.contains(t))
            servers.append(t);
    const QList<WatchedReplica> replicas = this->replicas();
    QStringList primaries;
    for (const WatchedReplica &r : replicas)
        if (!primaries.contains(r.primary))
            primaries.append(r.primary);
    std::map<QString, std::unique_ptr<Connection>> conns; // by instance or replica address
    auto conn = [&conns](const QString &key, const ConnectionParams &p, QString *why) -> Connection * {
        auto &c = conns[key];
        if (!c) {
            c = std::make_unique<Connection>();
            ConnectionParams q = p;
            q.connectTimeoutSec = 2;
            q.readTimeoutSec = 5;
            q.writeTimeoutSec = 5;
            if (!c->open(q)) {
                *why = c->lastError();
                c.reset();
                return nullptr;
            }
        }
        return c.get();
    };
    QSet<QString> heartbeatReady;
    while (!m_quit.load()) {
        applyLimitsFile();
        const ThrottleLimits limits = this->limits();
        if (limits.maxThreadsRunning > 0)
            for (const QString &s : std::as_const(servers)) {
                QString why;
                Connection *c = conn(s, m_ctx.endpoints.adminOfInstance(s), &why);
                auto r =
                    c ? c->query(QStringLiteral("SHOW GLOBAL STATUS LIKE 'Threads_running'")) : std::nullopt;
                if (!r || r->rows.isEmpty()) {
                    conns.erase(s);
                    continue;
                }
                QMutexLocker lock(&m_mutex);
                m_gate.observeThreads(s, r->rows.first().at(1).toInt());
            }
        // Read even while --max-lag is 0 (migrate throttle may watch again at any time, with a
        // reading that is current).
        if (!replicas.isEmpty()) {
            // The heartbeat: the engine's clock, written on each primary; a replica holds the value of
            // the last transaction it applied, so now minus that value is how far behind it is.
            const qint64 now = QDateTime::currentMSecsSinceEpoch();
            for (const QString &p : std::as_const(primaries)) {
                QString why;
                Connection *c = conn(p, m_ctx.endpoints.adminOfInstance(p), &why);
                if (!c)
                    continue;
                if (!heartbeatReady.contains(p)) {
                    if (!c->exec(QStringLiteral("CREATE DATABASE IF NOT EXISTS `_shardpilot`")) ||
                        !c->exec(QStringLiteral(
                            "CREATE TABLE IF NOT EXISTS `_shardpilot`.`heartbeat` (server "
                            "VARCHAR(255) NOT NULL PRIMARY KEY, ts BIGINT NOT NULL) ENGINE=InnoDB"))) {
                        conns.erase(p);
                        continue;
                    }
                    heartbeatReady.insert(p);
                }
                if (!c->exec(QStringLiteral(
                                 "INSERT INTO `_shardpilot`.`heartbeat` (server, ts) VALUES (%1, %2) ON "
                                 "DUPLICATE KEY UPDATE ts = VALUES(ts)")
                                 .arg(c->quoteString(p))
                                 .arg(now))) {
                    conns.erase(p);
                    heartbeatReady.remove(p);
                }
            }
            for (const WatchedReplica &r : replicas) {
                QString why;
                Connection *c = conn(QStringLiteral("replica ") + r.address, r.params, &why);
                std::optional<QVariant> ts;
                if (c) {
                    ts = c->queryValue(
                        QStringLiteral("SELECT ts FROM `_shardpilot`.`heartbeat` WHERE server = %1")
                            .arg(c->quoteString(r.primary)));
                    if (!ts) {
                        why = c->lastError();
                        conns.erase(QStringLiteral("replica ") + r.address);
                    }
                }
                const qint64 at = QDateTime::currentMSecsSinceEpoch();
                QMutexLocker lock(&m_mutex);
                if (ts && ts->isValid())
                    m_gate.observeLag(r.address, qMax<double>(0, double(at - ts->toLongLong()) / 1000.0), at);
                else
                    m_gate.observeLag(
                        r.address, -1, at,
                        why.isEmpty() ? QStringLiteral("no heartbeat row of %1 yet").arg(r.primary) : why);
            }
        }
        std::unique_lock<std::mutex> lock(m_quitMutex);
        m_quitChanged.wait_for(lock, std::chrono::milliseconds(kPollMs), [this] { return m_quit.load(); });
    }
}

void Throttle::record()
{
    const QMap<QString, double> total = waited();
    QStringList notes;
    bool changed = false;
    ThrottleLimits limits;
    QJsonArray replicas;
    QString waiting;
    {
        QMutexLocker lock(&m_mutex);
        waiting = m_waitingFor;
        notes = m_replicaNotes;
        m_replicaNotes.clear();
        changed = m_limitsChanged;
        m_limitsChanged = false;
        limits = m_limits;
        for (const WatchedReplica &r : std::as_const(m_replicas)) {
            const auto st = m_gate.replicas().value(r.address);
            replicas.append(QJsonObject{{QStringLiteral("address"), r.address},
                                        {QStringLiteral("primary"), r.primary},
                                        {QStringLiteral("foundBy"), r.foundBy},
                                        {QStringLiteral("lagSec"), st.lastReadingMs >= 0 ? st.lagSec : -1.0},
                                        {QStringLiteral("error"), st.error}});
        }
    }
    Journal &journal = m_ctx.journal();
    for (const QString &n : std::as_const(notes)) {
        journal.addCheck(QStringLiteral("throttle"), QStringLiteral("replicas"), true, n);
        m_ctx.say(n);
    }
    if (changed) {
        journal.audit(QString(), QStringLiteral("throttle limits"), QString(), limits.describe(),
                      QStringLiteral("ok (migrate throttle)"));
        m_ctx.say(QStringLiteral("throttle: ") + limits.describe());
    }
    QJsonObject o;
    for (auto it = total.cbegin(); it != total.cend(); ++it)
        o.insert(it.key(), qRound64(it.value() * 10) / 10.0);
    const QString text = QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
    if (journal.value(keys::throttled) != text)
        journal.setValue(keys::throttled, text);
    if (journal.value(keys::throttleWaiting) != waiting) // the console says what holds the work back
        journal.setValue(keys::throttleWaiting, waiting);
    if (!replicas.isEmpty())
        journal.setValue(keys::replicas,
                         QString::fromUtf8(QJsonDocument(replicas).toJson(QJsonDocument::Compact)));
}

bool Throttle::writeLimits(const QString &runDir, const ThrottleLimits &limits, QString *error)
{
    QSaveFile f(RunDir(runDir).throttleFile());
    if (!f.open(QIODevice::WriteOnly)) {
        *error = f.errorString();
        return false;
    }
    f.write(QJsonDocument(limits.toJson()).toJson(QJsonDocument::Indented));
    if (!f.commit()) {
        *error = f.errorString();
        return false;
    }
    return true;
}

std::optional<ThrottleLimits> Throttle::readLimits(const QString &runDir)
{
    QFile f(RunDir(runDir).throttleFile());
    if (!f.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QJsonDocument d = QJsonDocument::fromJson(f.readAll());
    if (!d.isObject())
        return std::nullopt;
    return ThrottleLimits::fromJson(d.object(), ThrottleLimits{});
}

QMap<QString, double> Throttle::waitedOf(const QMap<QString, QString> &values)
{
    QMap<QString, double> out;
    const QJsonObject o = QJsonDocument::fromJson(values.value(keys::throttled.name).toUtf8()).object();
    for (auto it = o.constBegin(); it != o.constEnd(); ++it)
        out.insert(it.key(), it.value().toDouble());
    return out;
}

} // namespace sp::migration
