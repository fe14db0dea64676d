#pragma once
#include "core/cluster/ClusterStats.h"
#include "core/config/Text.h"

#include <QDateTime>
#include <QList>
#include <QString>

#include <optional>

namespace sp::migration {
struct RunState;
}

namespace sp::health {

// A server a migration run acts on: its data source name and address as the run's plan names
// them. A health row matches it by address (read_only is per server, so every data source on a
// stopped server is stopped) or, when the plan has no address for it, by name.
struct RunServer
{
    QString dataSource;
    QString host;
    int port = 0;
    bool matches(const InstanceHealth &h) const;
};

// What a migration run does to the servers now, as the health verdicts take it into account. It is
// read from the run's journal (core/migration loadRunState) and handed to evaluate() as data, so the
// console's Health page and `shardctl health --run DIR` judge the same way.
struct RunActivity
{
    // What the run's step in progress does to the servers it reads and writes.
    enum class Work
    {
        None,
        Copy,
        Seed,
        CatchUp,
        Verify,
        Compare,
        Purge
    };

    QString runId;
    QString dir;
    QString step;               // the step the run is at: "T4", "D7"; empty when it has none
    bool running = false;       // a process holds the run's lock (works on it now)
    bool writesStopped = false; // the run's write stop (T4, a dual-master run's D7) holds read_only
    QDateTime writeStopSince;   // UTC, when the write stop began
    Work work = Work::None;     // only while a process runs the step
    QList<RunServer> stopped;   // the servers whose writes the run stopped (its sources, old instances)
    QList<RunServer> loaded;    // the servers the run's work reads and writes (sources and targets)

    bool isActive() const { return writesStopped || work != Work::None; }
    bool stops(const InstanceHealth &h) const;
    bool loads(const InstanceHealth &h) const;
    // "copies rows", "verifies rows", ...: a phrase for the verdicts' texts (empty Text for None).
    static Text workPhrase(Work w);
    static QString workName(Work w); // "copy", "verify", ... (JSON)
    bool operator==(const RunActivity &o) const;
    bool operator!=(const RunActivity &o) const { return !(*this == o); }
};

// The activity of the run `st` describes (read with RunStateOptions::withPlan: the servers come
// from its plan). Nothing (isActive() false) for a finished or rolled-back run.
RunActivity runActivityOf(const migration::RunState &st);

// Follows one run directory: the first read takes the plan (its servers, whether it is a
// dual-master run), later reads only the journal, lock and pause file. One thread at a time.
class RunFollower final
{
public:
    explicit RunFollower(QString dir);
    ~RunFollower();
    RunFollower(const RunFollower &) = delete;
    RunFollower &operator=(const RunFollower &) = delete;

    const QString &dir() const { return m_dir; }
    bool read(RunActivity *out, QString *error);

private:
    struct Cached;
    QString m_dir;
    std::unique_ptr<Cached> m_cached;
};

// One line for the CLI: the run's id, its step, what it does to the servers and since when.
QString describeRun(const RunActivity &run);

} // namespace sp::health
