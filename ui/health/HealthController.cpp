#include "ui/health/HealthController.h"

#include "core/health/HealthHistory.h"
#include "core/job/Job.h"

#include <QMetaObject>
#include <QMutexLocker>
#include <QTimer>

namespace sp::ui {

using namespace sp::health;

HealthController::HealthController(QObject *parent) : QObject(parent), m_flush(new QTimer(this))
{
    connect(m_flush, &QTimer::timeout, this, &HealthController::flushHistory);
}

HealthController::~HealthController()
{
    stop();
}

void HealthController::resetRows(const ShardingConfig &config)
{
    m_rows.clear();
    for (const DataSourceDef &ds : config.dataSources) {
        HealthRow r;
        r.dataSource = ds.name;
        r.sample.server.dataSource = ds.name;
        r.sample.server.host = ds.host;
        r.sample.server.port = ds.port;
        r.sample.server.error = QStringLiteral("waiting for the first sample");
        r.verdict = evaluate(r.sample, m_thresholds);
        m_rows.append(r);
    }
    m_notes.clear();
    emit notesChanged();
    updateWorst();
}

void HealthController::start(const ShardingConfig &config, const HealthOptions &options, const QString &historyFile)
{
    stop();
    resetRows(config);
    m_intervalMs = qMax(200, options.intervalMs);
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
    if (!m_monitor)
        return;
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
    for (int i = 0; i < m_rows.size(); ++i) {
        judge(i);
        emit rowUpdated(i);
    }
    updateWorst();
}

void HealthController::judge(int row)
{
    HealthRow &r = m_rows[row];
    r.verdict = evaluate(r.sample, m_thresholds, r.recent);
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
    judge(row);
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
    if (m_pending.isEmpty() || m_historyFile.isEmpty())
        return;
    const QString file = m_historyFile;
    QList<HealthSample> samples;
    QList<ShardVerdict> verdicts;
    samples.swap(m_pending);
    verdicts.swap(m_pendingVerdicts);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const bool prune = !m_lastPrune.isValid() || m_lastPrune.secsTo(now) >= 3600;
    if (prune)
        m_lastPrune = now;
    // A worker thread opens the database for this batch (QSqlDatabase's thread rule), one
    // transaction per batch; samples older than HealthHistory::kKeepDays go once an hour.
    JobRunner::pool()->start([file, samples, verdicts, prune, now] {
        HealthHistory history(file);
        if (!history.isOpen())
            return;
        history.record(samples, verdicts);
        if (prune)
            history.pruneKeeping(HealthHistory::kKeepDays, now);
    });
}

} // namespace sp::ui
