#pragma once
#include "core/cluster/Connection.h"
#include "core/sandbox/DemoLoader.h"
#include "core/sandbox/SandboxState.h"

#include <functional>

namespace sp {

struct SandboxOptions
{
    int instances = 8;            // first ones carry the config's data sources, the rest are spares
    int replicas = 0;             // replicas of each instance (spares included), by MariaDB replication
    QString configPath;           // empty: the fsharechat-crc32 example of the source tree
    qint64 messages = 200000;     // demo messages (t_messages rows)
    quint64 seed = 1;
    bool dieWithParent = false;   // tests: servers get SIGKILL when this process dies
    int startTimeoutSec = 60;
    std::function<void(const QString &)> progress; // one line per step (optional)
    // Checked between steps (optional): true stops `up` with the error "cancelled"; the
    // instances it started are stopped, as after any failure (a sandbox being created is removed).
    std::function<bool()> cancelled;
};

struct SandboxUpResult
{
    bool ok = false;
    QString error;
    bool created = false;         // false: an existing sandbox was started again (no re-fill)
    int started = 0;              // instances that were not running and were started
    sandbox::DemoLoadResult load; // when created
};

struct SandboxInstanceStatus
{
    int index = 0;
    QString name;
    int port = 0;
    qint64 pid = -1;
    bool running = false;
    bool accepting = false;       // TCP port accepts connections
    QStringList dataSources;      // data sources (and spares) it carries
    int replicaOf = -1;           // the primary's index when this instance is a replica
};

// A local cluster of real mariadbd processes for demos and tests (see docs/sandbox.md).
// Not thread-safe; call it from one thread (with dieWithParent, from a long-lived thread).
class Sandbox final
{
public:
    explicit Sandbox(const QString &dir = defaultDir());

    static QString defaultDir();            // <GenericDataLocation>/ShardPilot/sandbox
    static QString defaultConfigPath();     // the installed example fsharechat-crc32.yaml (AppPaths)
    static QString appUser() { return QStringLiteral("shardpilot_app"); }

    bool exists() const;                    // DIR/sandbox.json present
    bool load(QString *error);              // reads DIR/sandbox.json
    const sandbox::SandboxState &state() const { return m_state; }
    QString dir() const { return m_dir; }

    // Creates DIR (or starts its stopped instances again). On any failure nothing half-made is left:
    // the servers it started are stopped, a sandbox it was creating is removed, and the error says so.
    SandboxUpResult up(const SandboxOptions &options);
    bool down(QString *error);              // clean stop of every instance, data kept
    QList<SandboxInstanceStatus> status();
    bool stopInstance(int index, QString *error);
    bool startInstance(int index, QString *error, bool dieWithParent = false, int timeoutSec = 60);
    bool killInstance(int index, QString *error); // SIGKILL (fault tests)
    void killAll();                         // SIGKILL every instance (test teardown)

    ConnectionParams rootParams(int instance) const;
    // App user over TCP, password read from DIR/app.cnf. `schema` may be empty.
    ConnectionParams appParams(int instance, const QString &schema = {}) const;

private:
    bool create(const SandboxOptions &options, SandboxUpResult *result);
    bool restart(const SandboxOptions &options, SandboxUpResult *result);
    // After a failed create(): stops every instance, removes what create() made (the directory, or
    // only its own files when `keepDir`) and appends what was done and what to do to *error.
    void discardHalfMade(bool keepDir, QString *error);
    bool startOne(int index, bool dieWithParent, int timeoutSec, QString *error);
    bool secureAndProvision(int index, const QString &appPassword, const ShardingConfig &config, QString *error);
    // A replica of its primary: the primary's schemas copied at a GTID position (mariadb-dump
    // --gtid), the application user, then replication from that position.
    bool setUpReplica(int index, const QString &appPassword, QString *error);
    bool writeClusterYaml(QString *error);
    void say(const SandboxOptions &o, const QString &line) const;
    static bool stopRequested(const SandboxOptions &o, QString *error);

    QString m_dir;
    sandbox::SandboxState m_state;
};

} // namespace sp
