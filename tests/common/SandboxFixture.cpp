#include "SandboxFixture.h"

#include "TestPaths.h"

#include <QProcess>
#include <QProcessEnvironment>

namespace sp::test {

SandboxFixture::SandboxFixture(const SandboxFixtureOptions &options)
    : m_options(options)
    , m_tmp(QDir::tempPath() + QStringLiteral("/shardpilot-sandbox-XXXXXX"))
{
    if (m_options.configPath.isEmpty())
        m_options.configPath = defaultConfigPath();
    // unix socket paths are limited to 107 bytes: keep the directory short.
    m_sandbox = std::make_unique<Sandbox>(m_tmp.path());
}

SandboxFixture::~SandboxFixture()
{
    stop();
}

QString SandboxFixture::defaultConfigPath()
{
    return sourcePath(QStringLiteral("tests/data/sandbox-2x2.yaml"));
}

bool SandboxFixture::start()
{
    if (m_started)
        return true;
    if (!m_tmp.isValid()) {
        m_error = QStringLiteral("cannot create a temporary directory: ") + m_tmp.errorString();
        return false;
    }
    SandboxOptions o;
    o.instances = m_options.instances;
    o.replicas = m_options.replicas;
    o.configPath = m_options.configPath;
    o.messages = m_options.messages;
    o.seed = m_options.seed;
    o.dieWithParent = true;
    o.startTimeoutSec = 60;
    m_up = m_sandbox->up(o);
    if (!m_up.ok) {
        m_error = m_up.error;
        m_sandbox->killAll();
        return false;
    }
    m_started = true;
    return true;
}

void SandboxFixture::stop()
{
    if (m_sandbox)
        m_sandbox->killAll();
    m_started = false;
}

QString SandboxFixture::dir() const
{
    return m_sandbox->dir();
}

QString SandboxFixture::clusterYamlPath() const
{
    return m_sandbox->state().clusterYaml();
}

QString SandboxFixture::appOptionFile() const
{
    return m_sandbox->state().appOptionFile();
}

int SandboxFixture::instanceCount() const
{
    return int(m_sandbox->state().instances.size());
}

int SandboxFixture::port(int instance) const
{
    return m_sandbox->state().instances.at(instance).spec.port;
}

QString SandboxFixture::schema(const QString &dataSource) const
{
    const auto *ds = m_sandbox->state().dataSource(dataSource);
    return ds ? ds->schema : QString();
}

int SandboxFixture::instanceOf(const QString &dataSource) const
{
    const auto *ds = m_sandbox->state().dataSource(dataSource);
    return ds ? ds->instance : -1;
}

ConnectionParams SandboxFixture::rootParams(int instance) const
{
    return m_sandbox->rootParams(instance);
}

ConnectionParams SandboxFixture::appParams(int instance, const QString &schema) const
{
    return m_sandbox->appParams(instance, schema);
}

CredentialOptions SandboxFixture::credentialOptions() const
{
    CredentialOptions o;
    o.defaultsFile = appOptionFile();
    o.useHomeMyCnf = false;
    o.environment = QProcessEnvironment(); // ignore the caller's SHARDPILOT_PASSWORD*
    return o;
}

QString SandboxFixture::planWithShardctl(const QStringList &args, const QString &outDir, QString *why) const
{
    QProcess p;
    p.start(shardctlPath(), QStringList{QStringLiteral("plan"), QStringLiteral("--config"), clusterYamlPath(),
                                        QStringLiteral("--defaults-file"), appOptionFile(),
                                        QStringLiteral("--live"), QStringLiteral("--out"), outDir} +
                                args);
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        if (why)
            *why = QStringLiteral("shardctl plan %1: %2%3")
                       .arg(args.join(QLatin1Char(' ')), QString::fromUtf8(p.readAllStandardOutput()),
                            QString::fromUtf8(p.readAllStandardError()));
        p.kill();
        p.waitForFinished(5000);
        return {};
    }
    return outDir + QStringLiteral("/plan.json");
}

} // namespace sp::test
