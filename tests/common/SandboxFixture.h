#pragma once
#include "core/cluster/Connection.h"
#include "core/cluster/Credentials.h"
#include "core/sandbox/Sandbox.h"

#include <QTemporaryDir>

#include <memory>

namespace sp::test {

struct SandboxFixtureOptions
{
    int instances = 2;
    QString configPath;   // empty: tests/data/sandbox-2x2.yaml
    qint64 messages = 2000;
    quint64 seed = 42;
    int replicas = 0; // replicas of each instance (sandbox up --replicas)
};

// Real mariadbd instances in a temporary directory for integration tests. The servers are started
// with "die with parent" (SIGKILL if the test process dies) and are killed in the destructor, so a
// test never leaves mariadbd running. Construct and destroy it on the test's main thread.
//
//   SandboxFixture fx;             // in initTestCase(): QVERIFY2(fx.start(), qPrintable(fx.error()));
//   Connection c; c.open(fx.appParams(0, fx.schema(QStringLiteral("db0"))));
class SandboxFixture final
{
public:
    explicit SandboxFixture(const SandboxFixtureOptions &options = {});
    ~SandboxFixture();
    SandboxFixture(const SandboxFixture &) = delete;
    SandboxFixture &operator=(const SandboxFixture &) = delete;

    static QString defaultConfigPath(); // tests/data/sandbox-2x2.yaml
    bool start();                       // false: see error()
    QString error() const { return m_error; }
    bool isStarted() const { return m_started; }
    void stop();                        // kills every instance (idempotent)

    Sandbox &sandbox() { return *m_sandbox; }
    const SandboxUpResult &upResult() const { return m_up; }
    QString dir() const;
    QString clusterYamlPath() const;    // generated ShardingSphere config (no password in it)
    QString appOptionFile() const;      // [client] user/password of the application user (0600)
    QString configPath() const { return m_options.configPath; }
    int instanceCount() const;
    int port(int instance) const;
    // Schema of a config data source ("db0" -> "fsharechat") and the instance carrying it.
    QString schema(const QString &dataSource) const;
    int instanceOf(const QString &dataSource) const;

    ConnectionParams rootParams(int instance) const; // root over the unix socket (no password)
    ConnectionParams appParams(int instance, const QString &schema = {}) const; // shardpilot_app over TCP
    CredentialOptions credentialOptions() const;     // resolves passwords from appOptionFile() only
    // `shardctl plan --config <cluster.yaml> --defaults-file <app> --live --out outDir <args>`: the
    // path of the plan.json it wrote, or empty with shardctl's output in *why.
    QString planWithShardctl(const QStringList &args, const QString &outDir, QString *why) const;

private:
    SandboxFixtureOptions m_options;
    QTemporaryDir m_tmp;
    std::unique_ptr<Sandbox> m_sandbox;
    SandboxUpResult m_up;
    QString m_error;
    bool m_started = false;
};

} // namespace sp::test
