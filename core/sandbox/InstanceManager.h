#pragma once
#include "core/cluster/Connection.h"

#include <QSet>
#include <QString>

namespace sp::sandbox {

// One local mariadbd: its files all live under `dir` (mode 0700: the root account has no password
// and is reachable only through the unix socket in there).
struct InstanceSpec
{
    int index = 0;
    QString name;     // "node0"
    QString dir;      // DIR/node0
    int port = 0;     // TCP on 127.0.0.1 only
    int serverId = 1;
    // auto_increment_increment of the server (its offset is index + 1), so that AUTO_INCREMENT ids
    // never collide between instances: rows of several nodes meet in one table when a ring node is
    // added or drained, or a remap merges nodes. 0 or 1: the server's default (sandboxes made before).
    int idStride = 0;
    // A replica of the instance with this index (sandbox up --replicas): it reports its address to
    // its primary (SHOW SLAVE HOSTS) and is read_only. -1: a primary.
    int replicaOf = -1;

    QString dataDir() const { return dir + QStringLiteral("/data"); }
    // Temporary files (on-disk internal temporary tables, filesort) go here, not into the system's
    // tmpdir other servers share.
    QString tmpDir() const { return dir + QStringLiteral("/tmp"); }
    QString socketPath() const { return dir + QStringLiteral("/mysqld.sock"); }
    QString pidFile() const { return dir + QStringLiteral("/mysqld.pid"); }
    QString configFile() const { return dir + QStringLiteral("/my.cnf"); }
    QString errorLog() const { return dir + QStringLiteral("/error.log"); }
};

// Starts, stops and kills local mariadbd processes. Stateless: every call takes the spec.
class InstanceManager final
{
public:
    // Absolute path of the server / install-db program, or empty with a message naming the package.
    static QString findServer(QString *error);
    static QString findInstallDb(QString *error);

    // A TCP port on 127.0.0.1 that can be bound right now (probed by binding), not in `avoid`.
    static int findFreePort(const QSet<int> &avoid, QString *error);
    static bool isPortOpen(int port, int timeoutMs = 500); // something accepts connections on it

    static QString configText(const InstanceSpec &spec);
    static bool writeConfig(const InstanceSpec &spec, QString *error); // also makes its tmpdir
    static bool ensureTmpDir(const InstanceSpec &spec, QString *error);
    // Runs mariadb-install-db into `dataDir` with the instance's my.cnf.
    static bool installDataDir(const InstanceSpec &spec, const QString &dataDir, QString *error);
    // Copies a freshly installed data directory (faster than installing N times).
    static bool copyDataDir(const QString &from, const QString &to, QString *error);

    // Spawns mariadbd in its own session. With dieWithParent the server gets SIGKILL when the calling
    // thread's process dies (tests): call it from a thread that lives as long as the sandbox.
    static qint64 spawn(const InstanceSpec &spec, bool dieWithParent, QString *error);
    // Waits until root can log in through the socket; fails early if the process exits.
    static bool waitReady(const InstanceSpec &spec, qint64 pid, int timeoutMs, QString *error);
    // Clean shutdown: SIGTERM, wait up to timeoutMs, then SIGKILL.
    static bool stop(const InstanceSpec &spec, qint64 pid, int timeoutMs, QString *error);
    static bool kill(qint64 pid); // SIGKILL and reap

    // True when `pid` is a live (not zombie) mariadbd whose command line names this instance.
    static bool isRunning(const InstanceSpec &spec, qint64 pid);
    static qint64 readPidFile(const InstanceSpec &spec);

    static ConnectionParams rootParams(const InstanceSpec &spec); // root over the unix socket
    static QString tailOfErrorLog(const InstanceSpec &spec, int lines = 5);
};

} // namespace sp::sandbox
