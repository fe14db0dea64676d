#pragma once
#include "core/sandbox/InstanceManager.h"

#include <QDateTime>
#include <QList>
#include <QString>

namespace sp::sandbox {

// A data source of the sandbox's cluster.yaml, or a spare schema on an instance the config does not
// use yet (spare = true, ready for an expansion).
struct SandboxDataSource
{
    QString name;      // db0 ... (spares continue the numbering: db4 ...)
    QString schema;    // schema name on the instance
    int instance = 0;  // index into SandboxState::instances
    bool spare = false;
};

struct SandboxInstance
{
    InstanceSpec spec;
    qint64 pid = -1; // last known; may be stale, check InstanceManager::isRunning
};

// Everything `sandbox up` created, persisted as DIR/sandbox.json (no secrets in it).
struct SandboxState
{
    QString dir;
    QString sourceConfig;        // the config the sandbox was built from
    QString appUser = QStringLiteral("shardpilot_app");
    quint64 seed = 1;
    qint64 messages = 0;         // demo messages loaded (t_messages rows)
    qint64 totalRows = 0;        // all demo rows, every table
    QDateTime createdAt;
    QList<SandboxInstance> instances;
    QList<SandboxDataSource> dataSources;

    QString stateFile() const { return dir + QStringLiteral("/sandbox.json"); }
    QString clusterYaml() const { return dir + QStringLiteral("/cluster.yaml"); }
    QString appOptionFile() const { return dir + QStringLiteral("/app.cnf"); }

    const SandboxDataSource *dataSource(const QString &name) const;
    QList<int> replicasOf(int primary) const; // indexes of the instances that replicate `primary`
    QByteArray toJson() const;
    static bool fromJson(const QByteArray &json, SandboxState *out, QString *error);
    bool save(QString *error) const;
    static bool load(const QString &dir, SandboxState *out, QString *error);
};

// Rewrites the top-level `dataSources:` block of a native ShardingSphere YAML so each data source
// points at its sandbox instance (jdbc:mysql://127.0.0.1:<port>/<schema>, username = app user, no
// password). Everything else in the text (rules, comments) is kept byte for byte.
QByteArray rewriteDataSources(const QByteArray &sourceYaml, const SandboxState &state, QString *error);

} // namespace sp::sandbox
