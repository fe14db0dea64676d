#include "ui/health/HealthController.h"

#include "core/health/HealthHistory.h"
#include "core/job/Job.h"

#include <QMetaObject>
#include <QMutexLocker>
#include <QTimer>

namespace sp::ui {

using namespace sp::health;

namespace {
constexpr int kRunReadMs = 2000;
} // namespace

HealthController::HealthController(QObject *parent)
    : QObject(parent), m_flush(new QTimer(this)), m_runTimer(new QTimer(this)),
      m_runReader(new JobRunner(this))
{
    connect(m_flush, &QTimer::timeout, this, &HealthController::flushHistory);
    m_runTimer->setInterval(kRunReadMs);
    connect(m_runTimer, &QTimer::timeout, this, &HealthController::readRun);
}

HealthController::~HealthController()
{
    stop();
}

void HealthController::resetRows(const ShardingConfig &config)
{
    m_rows.clear();
    followConfig(config);
}

void HealthController::followConfig(const ShardingConfig &config)
{
    QList<HealthRow> rows;
    for (const DataSourceDef &ds : config.dataSources) {
        const int old = rowOf(ds.name);
        if (old >= 0 && m_rows.at(old).sample.server.host == ds.host &&
            m_rows.at(old).sample.server.port == ds.port) {
            rows.append(m_rows.at(old)); // the same server: its hour of points stays
            continue;
        }
        HealthRow r;
        r.dataSource = ds.name;
        r.sample.server.dataSource = ds.name;
        r.sample.server.host = ds.host;
        r.sample.server.port = ds.port;
        r.sample.server.error = QStringLiteral("waiting for the first sample");
        r.verdict = evaluate(r.sample, m_thresholds, {}, m_run);
        rows.append(r);
    }
    m_rows = rows;
    m_notes.clear();
    emit notesChanged();
    updateWorst();
}

void HealthController::start(const ShardingConfig &config, const HealthOptions &options, const QString &historyFile)
{
    stop();
    followConfig(config);
    m_intervalMs = qMax(200, options.intervalMs);
    if (historyFile != m_historyFile)
        m_events.clear(); // another cluster's
    m_historyFile = historyFile;
    m_monitorAccount = !options.monitorUser.isEmpty();
    // The polling threads post to this object only while the link names it: stop() clears it, so
    // a late sample of a stopped run never reaches a new one (or a destroyed controller).
    m_link = std::make_shared<SinkLink>();
    m_link->target = this;
    const std::shared_ptr<SinkLink> link = m_link;
    m_monitor = std::make_shared<HealthMonitor>(config, options, [link](const HealthSample &s) {
        QMutexLocker lock(&link->mutex);
        if (HealthController *c = link->target)
            QMetaObject::invokeMethod(c, [c, link, s] {
                if (link->target == c) // still the run that sampled it
                    c->addSample(s);
            }, Qt::QueuedConnection);
    });
    m_monitor->start();
    if (!m_historyFile.isEmpty())
        m_flush->start(m_intervalMs);
    emit runningChanged(true);
}

void HealthController::stop()
{
    if (!m_monitor) {
        flushHistory(); // events of a run's changes while not sampling
        return;
    }
    {
        QMutexLocker lock(&m_link->mutex);
        m_link->target = nullptr;
    }
    // The threads are joined on a pool thread: a server frozen in the middle of a connect holds its
    // thread up to the connect timeout, and that must not freeze the window.
    std::shared_ptr<HealthMonitor> monitor = std::move(m_monitor);
    m_monitor.reset();
    JobRunner::pool()->start([monitor] { monitor->stop(); });
    m_flush->stop();
    flushHistory();
    emit runningChanged(false);
}

int HealthController::rowOf(const QString &dataSource) const
{
    for (int i = 0; i < m_rows.size(); ++i)
        if (m_rows.at(i).dataSource == dataSource)
            return i;
    return -1;
}

void HealthController::setThresholds(const HealthThresholds &t)
{
    m_thresholds = t;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (int i = 0; i < m_rows.size(); ++i) {
        judge(i, now);
        emit rowUpdated(i);
    }
    updateWorst();
}

void HealthController::judge(int row, const QDateTime &at)
{
    HealthRow &r = m_rows[row];
    const ShardVerdict before = r.verdict;
    r.verdict = evaluate(r.sample, m_thresholds, r.recent, m_run);
    // Every change of a verdict is an event with its reason, kept in the history.
    const std::optional<HealthEvent> e = verdictChange(before, r.verdict, at);
    if (!e)
        return;
    m_events.append(*e);
    while (m_events.size() > kKeepEvents)
        m_events.removeFirst();
    if (!m_historyFile.isEmpty()) {
        m_pendingEvents.append(*e);
        if (!m_flush->isActive()) // not sampling (a run's change): stored within an interval all the same
            QTimer::singleShot(m_intervalMs, this, &HealthController::flushHistory);
    }
    emit eventAdded(*e);
}

void HealthController::followRun(const QString &dir)
{
    if (dir == m_runDir)
        return;
    m_runDir = dir;
    m_runReader->cancel();
    m_follower = dir.isEmpty() ? nullptr : std::make_shared<RunFollower>(dir);
    m_runError.clear();
    if (dir.isEmpty()) {
        m_runTimer->stop();
        setRunActivity(RunActivity());
        return;
    }
    m_runTimer->start();
    readRun();
}

void HealthController::readRun()
{
    if (!m_follower || m_runReader->isRunning())
        return; // one read at a time: a RunFollower is used by one thread at a time
    struct Read
    {
        RunActivity run;
        QString error;
        bool ok = false;
    };
    const std::shared_ptr<RunFollower> follower = m_follower;
    m_runReader->start(
        [follower](JobControl &) {
            Read r;
            r.ok = follower->read(&r.run, &r.error);
            return r;
        },
        [this, follower](const Read &r) {
            if (follower != m_follower)
                return; // a run followed before
            m_runError = r.ok ? QString() : r.error;
            // An unreadable journal (moved, deleted) says nothing about the servers: no activity.
            setRunActivity(r.ok ? r.run : RunActivity());
        });
}

void HealthController::setRunActivity(const RunActivity &run)
{
    // The seconds of a write stop move with every sample; the rest changes rarely.
    if (run == m_run)
        return;
    m_run = run;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (int i = 0; i < m_rows.size(); ++i) {
        judge(i, now);
        emit rowUpdated(i);
    }
    updateWorst();
    emit runActivityChanged();
}

void HealthController::addSample(const HealthSample &s)
{
    const int row = rowOf(s.dataSource());
    if (row < 0)
        return;
    HealthRow &r = m_rows[row];
    r.sample = s;
    r.recent.append(s);
    while (r.recent.size() > 32)
        r.recent.removeFirst();
    HealthPoint p;
    p.msecs = s.at.toMSecsSinceEpoch();
    p.up = s.up();
    p.qps = s.qps;
    p.tps = s.tps;
    p.threadsRunning = s.up() ? s.threadsRunning : -1;
    p.lag = s.up() && s.server.replicaLagSeconds ? double(*s.server.replicaLagSeconds) : -1;
    r.points.append(p);
    const qint64 cutoff = p.msecs - kKeepMs;
    qsizetype drop = 0;
    while (drop < r.points.size() && r.points.at(drop).msecs < cutoff)
        ++drop;
    if (drop > 0)
        r.points.remove(0, drop);
    judge(row, s.at);
    if (!m_historyFile.isEmpty()) {
        m_pending.append(s);
        m_pendingVerdicts.append(r.verdict);
    }
    QList<HealthSample> newest;
    newest.reserve(m_rows.size());
    for (const HealthRow &each : std::as_const(m_rows))
        newest.append(each.sample);
    const QList<Text> notes = privilegeNotes(newest, m_monitorAccount);
    QStringList a, b;
    for (const Text &t : notes)
        a << t.text;
    for (const Text &t : std::as_const(m_notes))
        b << t.text;
    if (a != b) {
        m_notes = notes;
        emit notesChanged();
    }
    emit rowUpdated(row);
    updateWorst();
}

void HealthController::updateWorst()
{
    QList<ShardVerdict> all;
    for (const HealthRow &r : std::as_const(m_rows))
        all.append(r.verdict);
    const Verdict w = health::worst(all);
    if (w != m_worst) {
        m_worst = w;
        emit worstChanged(w);
    }
}

void HealthController::flushHistory()
{
    if ((m_pending.isEmpty() && m_pendingEvents.isEmpty()) || m_historyFile.isEmpty())
        return;
    const QString file = m_historyFile;
    QList<HealthSample> samples;
    QList<ShardVerdict> verdicts;
    QList<HealthEvent> events;
    samples.swap(m_pending);
    verdicts.swap(m_pendingVerdicts);
    events.swap(m_pendingEvents);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const bool prune = !m_lastPrune.isValid() || m_lastPrune.secsTo(now) >= 3600;
    if (prune)
        m_lastPrune = now;
    // A worker thread opens the database for this batch (QSqlDatabase's thread rule), one
    // transaction per batch; samples older than HealthHistory::kKeepDays go once an hour.
    JobRunner::pool()->start([file, samples, verdicts, events, prune, now] {
        HealthHistory history(file);
        if (!history.isOpen())
            return;
        if (!samples.isEmpty())
            history.record(samples, verdicts);
        history.recordEvents(events);
        if (prune)
            history.pruneKeeping(HealthHistory::kKeepDays, now);
    });
}

} // namespace sp::ui
