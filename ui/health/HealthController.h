#pragma once
#include "core/config/ShardingConfig.h"
#include "core/health/HealthMonitor.h"
#include "core/health/HealthVerdict.h"

#include <QDateTime>
#include <QList>
#include <QMutex>
#include <QObject>

#include <memory>

class QTimer;

namespace sp {
class JobRunner;
}

namespace sp::ui {

// One point of a data source's load over time (what the sparklines and charts draw).
struct HealthPoint
{
    qint64 msecs = 0; // wall clock, UTC milliseconds
    bool up = false;
    double qps = -1;
    double tps = -1;
    int threadsRunning = -1;
    double lag = -1;
};

// What the page shows of one data source: its newest sample and verdict, and its points.
struct HealthRow
{
    QString dataSource;
    health::HealthSample sample;
    health::ShardVerdict verdict;
    QList<health::HealthSample> recent; // the last few samples (threads running must last)
    QList<HealthPoint> points;          // the last hour, oldest first
};

// Runs a health::HealthMonitor for the open cluster (one polling thread per server) and keeps what
// the Health page draws: per data source the newest sample, its verdict and an hour of points. The
// samples reach this object through queued calls, so everything here lives on the GUI thread; they
// also go to the cluster's history database (a pool task per interval, never on this thread), with
// every change of a verdict (an event: time, server, from -> to, why). It follows the migration run
// the console follows (followRun): its journal is read on a pool thread every two seconds, and the
// verdicts take what the run does into account (health::RunActivity).
class HealthController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HealthController)
public:
    static constexpr qint64 kKeepMs = 60 * 60 * 1000;

    explicit HealthController(QObject *parent = nullptr);
    ~HealthController() override;

    // Starts polling (stops a previous run first). `historyFile` empty: samples are not stored.
    void start(const ShardingConfig &config, const health::HealthOptions &options, const QString &historyFile);
    void stop(); // returns at once (the polling threads are joined on a pool thread)
    bool isRunning() const { return m_monitor != nullptr; }
    int intervalMs() const { return m_intervalMs; }
    const QString &historyFile() const { return m_historyFile; }

    // Follows the migration run in `dir` (empty: none): what it does to the servers goes into the
    // verdicts (a write stop makes its servers yellow, its load is said to be its own).
    void followRun(const QString &dir);
    const QString &followedRun() const { return m_runDir; }
    // The run's activity as last read (also the path tests hand it in by).
    void setRunActivity(const health::RunActivity &run);
    const health::RunActivity &runActivity() const { return m_run; }
    // The last error reading the followed run's journal (empty: read fine).
    const QString &runError() const { return m_runError; }

    // The verdict changes of this session, oldest first (the newest kKeepEvents).
    static constexpr int kKeepEvents = 1000;
    const QList<health::HealthEvent> &events() const { return m_events; }

    void setThresholds(const health::HealthThresholds &t); // verdicts are judged again
    const health::HealthThresholds &thresholds() const { return m_thresholds; }

    const QList<HealthRow> &rows() const { return m_rows; }
    int rowOf(const QString &dataSource) const;
    health::Verdict worst() const { return m_worst; }
    // Missing privileges of the newest samples, said once for all servers.
    const QList<Text> &notes() const { return m_notes; }
    bool monitorAccount() const { return m_monitorAccount; }

    // The path samples reach when a server answers (also used by tests and the benchmark).
    void addSample(const health::HealthSample &sample);
    // Rows for `config` without polling (tests, benchmark); clears the points.
    void resetRows(const ShardingConfig &config);
    // Rows for `config` (another file, or the same one reloaded): a data source still there at the
    // same address keeps its samples and points, the others start afresh.
    void followConfig(const ShardingConfig &config);

signals:
    void rowUpdated(int row);
    void worstChanged(sp::health::Verdict worst);
    void notesChanged();
    void runningChanged(bool running);
    void eventAdded(const sp::health::HealthEvent &event);
    void runActivityChanged();

private:
    void judge(int row, const QDateTime &at);
    void updateWorst();
    void flushHistory();
    void readRun();

    struct SinkLink
    {
        QMutex mutex;
        HealthController *target = nullptr;
    };
    std::shared_ptr<SinkLink> m_link;
    std::shared_ptr<health::HealthMonitor> m_monitor;
    health::HealthThresholds m_thresholds;
    QList<HealthRow> m_rows;
    health::Verdict m_worst = health::Verdict::Unknown;
    QList<Text> m_notes;
    bool m_monitorAccount = false;
    int m_intervalMs = 5000;
    QString m_historyFile;
    QList<health::HealthSample> m_pending;
    QList<health::ShardVerdict> m_pendingVerdicts;
    QList<health::HealthEvent> m_pendingEvents;
    QList<health::HealthEvent> m_events;
    QTimer *m_flush = nullptr;
    QDateTime m_lastPrune; // the history's old samples were last pruned then

    QString m_runDir;
    health::RunActivity m_run;
    QString m_runError;
    QTimer *m_runTimer = nullptr;
    JobRunner *m_runReader = nullptr;
    std::shared_ptr<health::RunFollower> m_follower;
};

} // namespace sp::ui
