#pragma once
#include "core/cluster/ClusterStats.h"
#include "core/config/ShardingConfig.h"

#include <QObject>

#include <atomic>
#include <functional>
#include <memory>

namespace sp::ui {

// Progress callback an inspection calls from its worker thread (done of total steps, what now).
using InspectProgressFn = std::function<void(int done, int total, const QString &what)>;
// The inspection itself: runs on a worker thread, must poll `cancelled`, returns the snapshot.
using InspectFn = std::function<ClusterSnapshot(const ShardingConfig &config, const QString &configPath,
                                                const InspectProgressFn &progress,
                                                const std::atomic_bool &cancelled)>;

// Runs one inspection at a time off the UI thread. Never waits for the worker: cancel() returns at
// once and the stale result is dropped (generation id), so a dead host cannot freeze the window.
// Progress is throttled to ~20 updates a second. When recordHistory is on, the worker also stores
// the snapshot in the cluster's StatsHistory (its own SQLite connection, opened in that thread).
class InspectionRunner final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InspectionRunner)
public:
    explicit InspectionRunner(QObject *parent = nullptr);
    ~InspectionRunner() override;

    void setInspectFunction(InspectFn fn) { m_inspect = std::move(fn); }
    bool hasInspectFunction() const { return bool(m_inspect); }
    void setRecordHistory(bool on) { m_recordHistory = on; }

    bool isRunning() const { return m_running; }
    bool start(const ShardingConfig &config, const QString &configPath);
    void cancel();

signals:
    void started();
    void progress(int done, int total, const QString &what);
    void finished(const sp::ClusterSnapshot &snapshot, const QString &historyError);
    void failed(const QString &error);
    void cancelled();

private:
    InspectFn m_inspect;
    bool m_recordHistory = true;
    bool m_running = false;
    quint64 m_generation = 0;
    std::shared_ptr<std::atomic_bool> m_cancel;
};

} // namespace sp::ui
