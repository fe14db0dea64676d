#pragma once
#include "core/planning/ExpansionPlan.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace sp::migration {

// A step of a run: its row in the journal and its index in its kind's step table (run/RunKind.h,
// which names and describes the steps). The names are the copy kind's T0..T9; the dual-master kind
// names the same rows D1..D10 (DualStep).
enum class Step { T0, T1, T2, T3, T4, T5, T6, T7, T8, T9 };
inline constexpr int kStepCount = 10; // rows in the journal (every kind has ten steps)

enum class StepStatus { Pending, Running, Done, Failed, RolledBack };
QString statusName(StepStatus s); // "pending", "running", "done", "failed", "rolled-back"
StepStatus statusFromName(const QString &name);

// What `migrate create` fixed for the life of a run; DIR/run.json (no secrets in it).
struct RunSpec
{
    QString format = QStringLiteral("shardpilot-run/1");
    QString runId;             // 16 hex digits, names the run's rows in the target metadata schema
    QString kind;              // the run kind's name ("copy", "dual-master"; empty in runs made before)
    QDateTime createdAt;       // UTC
    QString configPath;        // the config the plan was made from (T6 replaces it)
    QString configSha256;      // of that file when the plan was made (T0 refuses a changed file)
    QString planFile;          // where the plan was read from (informational)
    int observeSec = 24 * 3600; // T8
    QString adminDefaultsFile; // option file with the admin account (empty: sandbox root access)
    QString reloadCommand;     // run after T6 (optional)
    int writeStopBudgetSec = 10;
    int chunkRows = 1000;      // first chunk size; adapted to chunkTargetMs
    int chunkTargetMs = 500;
    int maxChunkRows = 50000;
    int maxRowsPerSec = 0;     // copy rate limit over all source servers (0: none)
    int maxThreadsRunning = 0; // the throttle waits while a server it writes to runs more threads (0: off)
    double maxLagSec = 1.5;    // the throttle waits while a replica lags more (heartbeat; 0: off)
    QStringList replicas;      // host:port of replicas given with --replica (found ones are added)
    bool fullVerify = false;   // T5 compares every row inside the write stop (no pre-verification in T3)
    int parallel = 0;          // source servers copied at once (0: all of them)
    bool strongHash = false;   // verification hashes rows with SHA2-256 instead of CRC32+CRC32C (RowHash.h)
    bool killBlockers =
        false; // T4 kills the sessions SET GLOBAL read_only waits for, near the end of its wait

    QJsonObject toJson() const;
    static std::optional<RunSpec> fromJson(const QJsonObject &o, QString *error);
};

// One run directory: run.json, plan.json (the plan, copied), journal.sqlite, run.lock.
class RunDir final
{
public:
    explicit RunDir(QString dir) : m_dir(std::move(dir)) {}
    QString dir() const { return m_dir; }
    QString specFile() const { return m_dir + QStringLiteral("/run.json"); }
    QString planFile() const { return m_dir + QStringLiteral("/plan.json"); }
    QString journalFile() const { return m_dir + QStringLiteral("/journal.sqlite"); }
    QString lockFile() const { return m_dir + QStringLiteral("/run.lock"); }
    // `migrate pause` writes it; the engine stops at its next pause point and removes it when it
    // starts again.
    QString pauseFile() const { return m_dir + QStringLiteral("/pause"); }
    // `migrate throttle` writes the limits a running engine takes over (Throttle.h).
    QString throttleFile() const { return m_dir + QStringLiteral("/throttle.json"); }

    // Creates DIR (0700; refused when it holds a run already) with the spec and the plan.
    static bool create(const QString &dir, const RunSpec &spec, const planning::ExpansionPlan &plan,
                       QString *error);
    bool load(RunSpec *spec, planning::ExpansionPlan *plan, QString *error) const;

private:
    QString m_dir;
};

// An exclusive lock on DIR/run.lock (flock): the kernel drops it when the process dies, even by
// SIGKILL, so a killed run never leaves a stale lock, and a second process is refused, not raced.
class RunLock final
{
public:
    RunLock() = default;
    ~RunLock();
    RunLock(const RunLock &) = delete;
    RunLock &operator=(const RunLock &) = delete;
    // false with a message naming the holder's pid when another process holds it.
    bool acquire(const QString &lockFile, QString *error);
    void release();
    bool held() const { return m_fd >= 0; }

    // Whether some process holds the lock on `lockFile`, without taking it: a probe that took the
    // lock, even for a moment, could make a `migrate run` starting at that instant fail. Reads
    // /proc/locks (the holder's pid into `holderPid`); where that cannot decide, tries the lock.
    static bool isHeld(const QString &lockFile, qint64 *holderPid = nullptr);

private:
    int m_fd = -1;
};

QString sha256OfFile(const QString &path, QString *error);
QString osUser();

} // namespace sp::migration
