#include "core/sandbox/Sandbox.h"

#include "core/cluster/Credentials.h"
#include "core/config/AppPaths.h"
#include "core/config/ConfigLoader.h"
#include "core/sandbox/DemoSchema.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QThread>

namespace sp {

using namespace sp::sandbox;

namespace {

QString randomPassword()
{
    static const char alphabet[] = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
    QString pw;
    for (int i = 0; i < 24; ++i)
        pw += QLatin1Char(alphabet[QRandomGenerator::system()->bounded(int(sizeof alphabet - 1))]);
    return pw;
}

bool errorLogSaysPortBusy(const InstanceSpec &spec)
{
    QFile f(spec.errorLog());
    if (!f.open(QIODevice::ReadOnly))
        return false;
    if (f.size() > 8192)
        f.seek(f.size() - 8192);
    return f.readAll().contains("Address already in use");
}

QSet<int> usedPorts(const SandboxState &s, int except)
{
    QSet<int> ports;
    for (const auto &i : s.instances)
        if (i.spec.index != except)
            ports.insert(i.spec.port);
    return ports;
}

} // namespace

Sandbox::Sandbox(const QString &dir)
    : m_dir(QDir::cleanPath(QFileInfo(dir).absoluteFilePath()))
{
    m_state.dir = m_dir;
}

QString Sandbox::defaultDir()
{
    // One place for the CLI and the GUI alike (AppLocalDataLocation differs per application name).
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/ShardPilot/sandbox");
}

QString Sandbox::defaultConfigPath()
{
    // The installed examples (<prefix>/share/shardpilot/examples; the build tree has the same
    // layout), or $SHARDPILOT_EXAMPLES_DIR. No compiled-in source path: an installed program must
    // not depend on the tree it was built from.
    return AppPaths::examplePath(QStringLiteral("fsharechat-crc32.yaml"));
}

bool Sandbox::exists() const
{
    return QFileInfo::exists(m_dir + QStringLiteral("/sandbox.json"));
}

bool Sandbox::load(QString *error)
{
    return SandboxState::load(m_dir, &m_state, error);
}

bool Sandbox::stopRequested(const SandboxOptions &o, QString *error)
{
    if (!o.cancelled || !o.cancelled())
        return false;
    *error = QStringLiteral("cancelled");
    return true;
}

void Sandbox::say(const SandboxOptions &o, const QString &line) const
{
    if (o.progress)
        o.progress(line);
}

ConnectionParams Sandbox::rootParams(int instance) const
{
    return InstanceManager::rootParams(m_state.instances.at(instance).spec);
}

ConnectionParams Sandbox::appParams(int instance, const QString &schema) const
{
    ConnectionParams p;
    p.host = QStringLiteral("127.0.0.1");
    p.port = m_state.instances.at(instance).spec.port;
    p.database = schema;
    const OptionFileValues v = Credentials::readOptionFile(m_state.appOptionFile());
    p.user = v.has(QStringLiteral("user")) ? v.value(QStringLiteral("user")) : m_state.appUser;
    p.password = v.value(QStringLiteral("password"));
    return p;
}

SandboxUpResult Sandbox::up(const SandboxOptions &options)
{
    SandboxUpResult r;
    QString error;
    if (InstanceManager::findServer(&error).isEmpty()) {
        r.error = error;
        return r;
    }
    if (exists()) {
        if (!load(&r.error))
            return r;
        r.ok = restart(options, &r);
        return r;
    }
    r.created = true;
    // Remove only what create() makes: the directory when it did not exist, else its own files.
    const bool dirExisted = QFileInfo::exists(m_dir);
    r.ok = create(options, &r);
    if (!r.ok)
        discardHalfMade(dirExisted, &r.error);
    return r;
}

void Sandbox::discardHalfMade(bool keepDir, QString *error)
{
    // A half-made sandbox is worse than none: a later `up` would take it for a complete one and
    // start its servers without tables, data or application user. Stop what was started, remove
    // what was made, and say so.
    killAll();
    bool removed = true;
    if (!keepDir) {
        removed = QDir(m_dir).removeRecursively();
    } else {
        for (const SandboxInstance &inst : std::as_const(m_state.instances))
            if (!inst.spec.dir.isEmpty() && QFileInfo::exists(inst.spec.dir))
                removed = QDir(inst.spec.dir).removeRecursively() && removed;
        for (const QString &file : QStringList{m_state.clusterYaml(), m_state.appOptionFile(), m_state.stateFile()})
            if (QFileInfo::exists(file))
                removed = QFile::remove(file) && removed;
    }
    m_state = SandboxState{};
    m_state.dir = m_dir;
    if (error->isEmpty())
        *error = QStringLiteral("failed");
    *error += removed ? QStringLiteral(" — the sandbox was not created: its servers were stopped and its files in %1 "
                                       "removed; fix the cause and run sandbox up again")
                            .arg(m_dir)
                      : QStringLiteral(" — the sandbox was not created: its servers were stopped, but some of its files "
                                       "in %1 could not be removed; delete the directory, fix the cause and run sandbox up "
                                       "again")
                            .arg(m_dir);
}

bool Sandbox::create(const SandboxOptions &options, SandboxUpResult *result)
{
    QString &error = result->error;
    if (InstanceManager::findInstallDb(&error).isEmpty())
        return false;
    if (options.instances < 1 || options.instances > 64) {
        error = QStringLiteral("--instances must be between 1 and 64");
        return false;
    }
    if (options.replicas < 0 || options.replicas > 3) {
        error = QStringLiteral("--replicas must be between 0 and 3");
        return false;
    }
    if (options.replicas > 0)
        for (const char *tool : {"mariadb-dump", "mariadb"})
            if (QStandardPaths::findExecutable(QString::fromLatin1(tool)).isEmpty()) {
                error =
                    QStringLiteral("%1 is not installed (replicas are seeded with mariadb-dump | mariadb)")
                        .arg(QString::fromLatin1(tool));
                return false;
            }
    const QString configPath = options.configPath.isEmpty() ? defaultConfigPath() : options.configPath;
    const LoadResult loaded = ConfigLoader::loadFile(configPath);
    if (!loaded.ok()) {
        for (const Diagnostic &d : loaded.diagnostics)
            if (d.severity == Severity::Error) {
                error = d.toString();
                break;
            }
        return false;
    }
    const ShardingConfig &config = loaded.config;
    if (config.dataSources.isEmpty()) {
        error = configPath + QStringLiteral(": no data sources");
        return false;
    }
    QFile src(configPath);
    if (!src.open(QIODevice::ReadOnly)) {
        error = configPath + QStringLiteral(": ") + src.errorString();
        return false;
    }
    const QByteArray sourceYaml = src.readAll();

    if (!QDir().mkpath(m_dir)) {
        error = m_dir + QStringLiteral(": cannot create directory");
        return false;
    }
    QFile::setPermissions(m_dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);

    SandboxState &s = m_state;
    s = SandboxState{};
    s.dir = m_dir;
    s.sourceConfig = QFileInfo(configPath).absoluteFilePath();
    s.appUser = appUser();
    s.seed = options.seed;
    s.createdAt = QDateTime::currentDateTimeUtc();
    QSet<int> ports;
    for (int i = 0; i < options.instances; ++i) {
        SandboxInstance inst;
        inst.spec.index = i;
        inst.spec.name = QStringLiteral("node") + QString::number(i);
        inst.spec.dir = m_dir + QLatin1Char('/') + inst.spec.name;
        inst.spec.serverId = i + 1;
        inst.spec.idStride = options.instances > 1 ? options.instances : 0;
        inst.spec.port = InstanceManager::findFreePort(ports, &error);
        if (inst.spec.port < 0)
            return false;
        ports.insert(inst.spec.port);
        s.instances.append(inst);
    }
    // Replicas of every instance, spares included: node0r1 replicates node0.
    for (int i = 0; i < options.instances; ++i)
        for (int r = 0; r < options.replicas; ++r) {
            SandboxInstance inst;
            inst.spec.index = int(s.instances.size());
            inst.spec.name = QStringLiteral("node%1r%2").arg(i).arg(r + 1);
            inst.spec.dir = m_dir + QLatin1Char('/') + inst.spec.name;
            inst.spec.serverId = inst.spec.index + 1;
            inst.spec.replicaOf = i;
            inst.spec.port = InstanceManager::findFreePort(ports, &error);
            if (inst.spec.port < 0)
                return false;
            ports.insert(inst.spec.port);
            s.instances.append(inst);
        }
    // Data sources round-robin over the instances; a schema name used twice on one instance falls
    // back to the data source's name so physical tables never collide.
    QSet<QString> taken;
    for (int j = 0; j < config.dataSources.size(); ++j) {
        const DataSourceDef &d = config.dataSources.at(j);
        SandboxDataSource ds;
        ds.name = d.name;
        ds.instance = j % options.instances;
        ds.schema = d.database.isEmpty() ? d.name : d.database;
        if (taken.contains(QString::number(ds.instance) + QLatin1Char('/') + ds.schema))
            ds.schema = d.name;
        if (taken.contains(QString::number(ds.instance) + QLatin1Char('/') + ds.schema))
            ds.schema = d.name + QLatin1Char('_') + QString::number(j);
        taken.insert(QString::number(ds.instance) + QLatin1Char('/') + ds.schema);
        s.dataSources.append(ds);
    }
    // Spare instances for expansions: named like the config's data sources when those are <prefix><n>.
    static const QRegularExpression numbered(QStringLiteral("^(.*?)(\\d+)$"));
    const QRegularExpressionMatch last = numbered.match(config.dataSources.last().name);
    const QString spareSchema = s.dataSources.first().schema;
    for (int i = int(config.dataSources.size()); i < options.instances; ++i) {
        SandboxDataSource ds;
        ds.name = last.hasMatch() ? last.captured(1) + QString::number(last.captured(2).toInt() + 1 + i - int(config.dataSources.size()))
                                  : QStringLiteral("spare") + QString::number(i);
        ds.instance = i;
        ds.schema = spareSchema;
        ds.spare = true;
        s.dataSources.append(ds);
    }

    say(options,
        QStringLiteral("initialising %1 data directories under %2").arg(s.instances.size()).arg(m_dir));
    for (const auto &inst : s.instances)
        if (!InstanceManager::writeConfig(inst.spec, &error))
            return false;
    const InstanceSpec &first = s.instances.first().spec;
    if (!InstanceManager::installDataDir(first, first.dataDir(), &error))
        return false;
    for (int i = 1; i < s.instances.size(); ++i)
        if (!InstanceManager::copyDataDir(first.dataDir(), s.instances.at(i).spec.dataDir(), &error))
            return false;
    if (!s.save(&error))
        return false;

    if (stopRequested(options, &error))
        return false;
    say(options, QStringLiteral("starting %1 mariadbd instances").arg(s.instances.size()));
    for (int i = 0; i < s.instances.size(); ++i) {
        if (stopRequested(options, &error))
            return false;
        if (!startOne(i, options.dieWithParent, options.startTimeoutSec, &error))
            return false;
        ++result->started;
    }

    const QString password = randomPassword();
    if (stopRequested(options, &error))
        return false;
    say(options, QStringLiteral("creating schemas, tables and the application user %1").arg(s.appUser));
    for (int i = 0; i < s.instances.size(); ++i)
        if (s.instances.at(i).spec.replicaOf < 0 && !secureAndProvision(i, password, config, &error))
            return false;
    if (!Credentials::writeOptionFile(s.appOptionFile(), s.appUser, password, &error))
        return false;
    QByteArray yaml = rewriteDataSources(sourceYaml, s, &error);
    if (yaml.isEmpty())
        return false;
    {
        QFile out(s.clusterYaml());
        if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate) || out.write(yaml) < 0) {
            error = s.clusterYaml() + QStringLiteral(": cannot write: ") + out.errorString();
            return false;
        }
    }
    if (!s.save(&error))
        return false;

    if (stopRequested(options, &error))
        return false;
    say(options, QStringLiteral("loading %1 demo messages (seed %2)").arg(options.messages).arg(options.seed));
    const DemoData data(options.messages, options.seed);
    result->load = DemoLoader::load(config, s, data);
    if (!result->load.ok) {
        error = QStringLiteral("loading demo data failed: ") + result->load.error;
        return false;
    }
    s.messages = result->load.messages;
    s.totalRows = result->load.totalRows;
    if (options.replicas > 0) {
        say(options, QStringLiteral("setting up %1 replica(s) by MariaDB replication")
                         .arg(options.instances * options.replicas));
        for (int i = 0; i < s.instances.size(); ++i) {
            if (stopRequested(options, &error))
                return false;
            if (s.instances.at(i).spec.replicaOf >= 0 && !setUpReplica(i, password, &error))
                return false;
        }
    }
    return s.save(&error);
}

bool Sandbox::restart(const SandboxOptions &options, SandboxUpResult *result)
{
    // On a failure the instances this call started are stopped again (those already running stay):
    // `up` leaves the sandbox as it found it.
    QList<int> startedHere;
    auto undo = [&] {
        for (const int i : std::as_const(startedHere)) {
            SandboxInstance &inst = m_state.instances[i];
            QString ignored;
            InstanceManager::stop(inst.spec, inst.pid, 60000, &ignored);
            inst.pid = -1;
        }
        QString ignored;
        m_state.save(&ignored);
        if (startedHere.size() == 1)
            result->error += QStringLiteral(" — the instance this command started was stopped again; fix the cause and "
                                            "run sandbox up again");
        else if (startedHere.size() > 1)
            result->error += QStringLiteral(" — the %1 instances this command started were stopped again; fix the cause "
                                            "and run sandbox up again")
                                 .arg(startedHere.size());
        result->started = 0;
        return false;
    };
    for (int i = 0; i < m_state.instances.size(); ++i) {
        const SandboxInstance &inst = m_state.instances.at(i);
        qint64 pid = InstanceManager::readPidFile(inst.spec);
        if (!InstanceManager::isRunning(inst.spec, pid))
            pid = inst.pid;
        if (InstanceManager::isRunning(inst.spec, pid))
            continue;
        if (stopRequested(options, &result->error))
            return undo();
        say(options, QStringLiteral("starting %1 on port %2").arg(inst.spec.name).arg(inst.spec.port));
        if (!startOne(i, options.dieWithParent, options.startTimeoutSec, &result->error))
            return undo();
        startedHere << i;
        ++result->started;
    }
    return true;
}

bool Sandbox::startOne(int index, bool dieWithParent, int timeoutSec, QString *error)
{
    SandboxInstance &inst = m_state.instances[index];
    // A sandbox made by an older version gets the settings of this one (its own tmpdir).
    {
        QFile cnf(inst.spec.configFile());
        if (!cnf.open(QIODevice::ReadOnly) || cnf.readAll() != InstanceManager::configText(inst.spec).toUtf8()) {
            cnf.close();
            if (!InstanceManager::writeConfig(inst.spec, error))
                return false;
        }
    }
    for (int attempt = 0; attempt < 4; ++attempt) {
        // A port taken by another program since the last run: move this instance to a free one.
        if (attempt > 0 || InstanceManager::isPortOpen(inst.spec.port, 200)) {
            const int port = InstanceManager::findFreePort(usedPorts(m_state, index), error);
            if (port < 0)
                return false;
            inst.spec.port = port;
            if (!InstanceManager::writeConfig(inst.spec, error))
                return false;
            if (QFileInfo::exists(m_state.clusterYaml()) && !writeClusterYaml(error))
                return false;
        }
        const qint64 pid = InstanceManager::spawn(inst.spec, dieWithParent, error);
        if (pid < 0)
            return false;
        inst.pid = pid;
        if (InstanceManager::waitReady(inst.spec, pid, timeoutSec * 1000, error))
            return m_state.save(error);
        InstanceManager::kill(pid);
        if (!errorLogSaysPortBusy(inst.spec))
            return false;
    }
    return false;
}

bool Sandbox::writeClusterYaml(QString *error)
{
    QFile src(m_state.sourceConfig);
    if (!src.open(QIODevice::ReadOnly)) {
        *error = m_state.sourceConfig + QStringLiteral(": ") + src.errorString();
        return false;
    }
    const QByteArray yaml = rewriteDataSources(src.readAll(), m_state, error);
    if (yaml.isEmpty())
        return false;
    QFile out(m_state.clusterYaml());
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate) || out.write(yaml) < 0) {
        *error = m_state.clusterYaml() + QStringLiteral(": cannot write: ") + out.errorString();
        return false;
    }
    return m_state.save(error);
}

bool Sandbox::secureAndProvision(int index, const QString &appPassword, const ShardingConfig &config, QString *error)
{
    Connection c;
    if (!c.open(rootParams(index))) {
        *error = c.lastError();
        return false;
    }
    auto run = [&](const QString &sql) {
        if (c.exec(sql))
            return true;
        *error = c.lastError();
        return false;
    };
    // Nothing of the provisioning goes to the binlog (the password must not be written anywhere).
    if (!run(QStringLiteral("SET SESSION sql_log_bin=0")))
        return false;
    // root only through the unix socket: drop the TCP root accounts and anonymous users.
    auto extra = c.query(QStringLiteral("SELECT User, Host FROM mysql.global_priv WHERE (User='root' AND Host<>'localhost') OR User=''"));
    if (!extra) {
        *error = c.lastError();
        return false;
    }
    for (const auto &row : extra->rows)
        if (!run(QStringLiteral("DROP USER IF EXISTS ") + c.quoteString(row.at(0).toString()) + QLatin1Char('@') +
                 c.quoteString(row.at(1).toString())))
            return false;
    const QString account = c.quoteString(m_state.appUser) + QStringLiteral("@'127.0.0.1'");
    if (!run(QStringLiteral("CREATE USER IF NOT EXISTS ") + account + QStringLiteral(" IDENTIFIED BY ") + c.quoteString(appPassword)))
        return false;
    for (const SandboxDataSource &ds : m_state.dataSources) {
        if (ds.instance != index)
            continue;
        const QStringList ddl = ds.spare ? QStringList{DemoSchema::createDatabaseSql(ds.schema)}
                                         : DemoSchema::statementsFor(config, ds.name, ds.schema, false);
        for (const QString &sql : ddl)
            if (!run(sql))
                return false;
        if (!run(QStringLiteral("GRANT SELECT, INSERT, UPDATE, DELETE ON ") + Connection::quoteIdentifier(ds.schema) +
                 QStringLiteral(".* TO ") + account))
            return false;
    }
    // The health page monitors with the application's account by default: it may read replica
    // status and list the binary logs (nothing more).
    if (!run(QStringLiteral("GRANT SLAVE MONITOR, BINLOG MONITOR ON *.* TO ") + account))
        return false;
    return run(QStringLiteral("FLUSH PRIVILEGES"));
}

bool Sandbox::setUpReplica(int index, const QString &appPassword, QString *error)
{
    const InstanceSpec &rs = m_state.instances.at(index).spec;
    const InstanceSpec &ps = m_state.instances.at(rs.replicaOf).spec;
    Connection r, p;
    if (!r.open(rootParams(index)) || !p.open(rootParams(rs.replicaOf))) {
        *error = r.lastError() + p.lastError();
        return false;
    }
    auto run = [error](Connection &c, const QString &sql) {
        if (c.exec(sql))
            return true;
        *error = c.params().describe() + QStringLiteral(": ") + c.lastError();
        return false;
    };
    // The replica's own accounts, outside every binlog: root only through the socket, the
    // application's user with the primary's password and grants.
    if (!run(r, QStringLiteral("SET SESSION sql_log_bin=0")))
        return false;
    auto extra = r.query(QStringLiteral(
        "SELECT User, Host FROM mysql.global_priv WHERE (User='root' AND Host<>'localhost') OR User=''"));
    if (!extra) {
        *error = r.lastError();
        return false;
    }
    for (const auto &row : extra->rows)
        if (!run(r, QStringLiteral("DROP USER IF EXISTS ") + r.quoteString(row.at(0).toString()) +
                        QLatin1Char('@') + r.quoteString(row.at(1).toString())))
            return false;
    const QString account = r.quoteString(m_state.appUser) + QStringLiteral("@'127.0.0.1'");
    if (!run(r, QStringLiteral("CREATE USER IF NOT EXISTS ") + account + QStringLiteral(" IDENTIFIED BY ") +
                    r.quoteString(appPassword)))
        return false;
    QStringList schemas;
    for (const SandboxDataSource &ds : m_state.dataSources)
        if (ds.instance == rs.replicaOf && !schemas.contains(ds.schema))
            schemas.append(ds.schema);
    // The primary's schemas at one GTID position: its data was loaded outside the binlog.
    const QString dumpFile = rs.tmpDir() + QStringLiteral("/seed.sql");
    {
        QProcess dump;
        dump.setStandardOutputFile(dumpFile);
        dump.start(QStringLiteral("mariadb-dump"),
                   QStringList{QStringLiteral("--no-defaults"), QStringLiteral("--socket=") + ps.socketPath(),
                               QStringLiteral("--user=root"), QStringLiteral("--single-transaction"),
                               QStringLiteral("--master-data=2"), QStringLiteral("--gtid"),
                               QStringLiteral("--hex-blob"), QStringLiteral("--routines"),
                               QStringLiteral("--triggers"),
                               QStringLiteral("--default-character-set=utf8mb4"),
                               QStringLiteral("--databases")} +
                       schemas);
        if (!dump.waitForFinished(600000) || dump.exitStatus() != QProcess::NormalExit ||
            dump.exitCode() != 0) {
            *error = QStringLiteral("mariadb-dump of %1 failed: %2")
                         .arg(ps.name, QString::fromLocal8Bit(dump.readAllStandardError()).left(400));
            return false;
        }
    }
    QFile f(dumpFile);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = dumpFile + QStringLiteral(": ") + f.errorString();
        return false;
    }
    if (f.size() > 65536)
        f.seek(f.size() - 65536);
    static const QRegularExpression gtidRe(QStringLiteral("^-- SET GLOBAL gtid_slave_pos='([0-9,\\-]*)';$"),
                                           QRegularExpression::MultilineOption);
    const QRegularExpressionMatch m = gtidRe.match(QString::fromUtf8(f.readAll()));
    f.close();
    if (!m.hasMatch()) {
        *error = QStringLiteral("the dump of %1 names no GTID position").arg(ps.name);
        return false;
    }
    {
        QProcess load;
        load.setStandardInputFile(dumpFile);
        load.start(QStringLiteral("mariadb"),
                   QStringList{QStringLiteral("--no-defaults"), QStringLiteral("--socket=") + rs.socketPath(),
                               QStringLiteral("--user=root"), QStringLiteral("--binary-mode"),
                               QStringLiteral("--default-character-set=utf8mb4"),
                               QStringLiteral("--init-command=SET SESSION sql_log_bin=0")});
        const bool ok =
            load.waitForFinished(600000) && load.exitStatus() == QProcess::NormalExit && load.exitCode() == 0;
        QFile::remove(dumpFile);
        if (!ok) {
            *error =
                QStringLiteral("loading %1's dump into %2 failed: %3")
                    .arg(ps.name, rs.name, QString::fromLocal8Bit(load.readAllStandardError()).left(400));
            return false;
        }
    }
    for (const QString &schema : std::as_const(schemas))
        if (!run(r, QStringLiteral("GRANT SELECT, INSERT, UPDATE, DELETE ON ") +
                        Connection::quoteIdentifier(schema) + QStringLiteral(".* TO ") + account))
            return false;
    if (!run(r, QStringLiteral("GRANT SLAVE MONITOR, BINLOG MONITOR ON *.* TO ") + account) ||
        !run(r, QStringLiteral("FLUSH PRIVILEGES")))
        return false;
    // Replication from the dump's position, with an account of its own on the primary (its password
    // is kept only in the replica's master.info).
    const QString replUser = QStringLiteral("shardpilot_repl_") + QString::number(index);
    const QString replPassword = randomPassword();
    const QString replAccount = p.quoteString(replUser) + QStringLiteral("@'127.0.0.1'");
    if (!run(p, QStringLiteral("SET SESSION sql_log_bin=0")) ||
        !run(p, QStringLiteral("CREATE USER IF NOT EXISTS ") + replAccount +
                    QStringLiteral(" IDENTIFIED BY ") + p.quoteString(replPassword)) ||
        !run(p, QStringLiteral("ALTER USER ") + replAccount + QStringLiteral(" IDENTIFIED BY ") +
                    p.quoteString(replPassword)) ||
        !run(p, QStringLiteral("GRANT REPLICATION SLAVE ON *.* TO ") + replAccount))
        return false;
    r.setWarningPolicy({});
    if (!run(r, QStringLiteral("SET GLOBAL gtid_slave_pos = ") + r.quoteString(m.captured(1))) ||
        !run(r,
             QStringLiteral("CHANGE MASTER TO MASTER_HOST = '127.0.0.1', MASTER_PORT = %1, MASTER_USER = %2, "
                            "MASTER_PASSWORD = %3, MASTER_USE_GTID = slave_pos, MASTER_CONNECT_RETRY = 1")
                 .arg(ps.port)
                 .arg(r.quoteString(replUser), r.quoteString(replPassword))) ||
        !run(r, QStringLiteral("START SLAVE")))
        return false;
    // Both threads up.
    for (int tries = 0; tries < 100; ++tries) {
        auto st = r.query(QStringLiteral("SHOW SLAVE STATUS"));
        if (st && !st->rows.isEmpty()) {
            const int io = int(st->columns.indexOf(QStringLiteral("Slave_IO_Running")));
            const int sql = int(st->columns.indexOf(QStringLiteral("Slave_SQL_Running")));
            if (io >= 0 && sql >= 0 && st->rows.first().at(io).toString() == QLatin1String("Yes") &&
                st->rows.first().at(sql).toString() == QLatin1String("Yes"))
                return true;
        }
        QThread::msleep(200);
    }
    *error =
        QStringLiteral("%1 does not replicate %2 (SHOW SLAVE STATUS on %1 says why)").arg(rs.name, ps.name);
    return false;
}

bool Sandbox::down(QString *error)
{
    bool ok = true;
    for (auto &inst : m_state.instances) {
        qint64 pid = InstanceManager::readPidFile(inst.spec);
        if (!InstanceManager::isRunning(inst.spec, pid))
            pid = inst.pid;
        QString e;
        if (!InstanceManager::stop(inst.spec, pid, 60000, &e)) {
            ok = false;
            if (error && error->isEmpty())
                *error = e;
        }
        inst.pid = -1;
    }
    QString e;
    if (!m_state.save(&e) && error && error->isEmpty())
        *error = e;
    return ok;
}

QList<SandboxInstanceStatus> Sandbox::status()
{
    QList<SandboxInstanceStatus> out;
    for (const auto &inst : m_state.instances) {
        SandboxInstanceStatus st;
        st.index = inst.spec.index;
        st.name = inst.spec.name;
        st.port = inst.spec.port;
        qint64 pid = InstanceManager::readPidFile(inst.spec);
        if (!InstanceManager::isRunning(inst.spec, pid))
            pid = inst.pid;
        st.running = InstanceManager::isRunning(inst.spec, pid);
        st.pid = st.running ? pid : -1;
        st.accepting = InstanceManager::isPortOpen(inst.spec.port, 300);
        for (const auto &ds : m_state.dataSources)
            if (ds.instance == inst.spec.index)
                st.dataSources << ds.name + (ds.spare ? QStringLiteral(" (spare)") : QString()) + QLatin1Char('=') + ds.schema;
        st.replicaOf = inst.spec.replicaOf;
        out.append(st);
    }
    return out;
}

bool Sandbox::stopInstance(int index, QString *error)
{
    if (index < 0 || index >= m_state.instances.size()) {
        *error = QStringLiteral("no instance %1 (the sandbox has %2)").arg(index).arg(m_state.instances.size());
        return false;
    }
    SandboxInstance &inst = m_state.instances[index];
    qint64 pid = InstanceManager::readPidFile(inst.spec);
    if (!InstanceManager::isRunning(inst.spec, pid))
        pid = inst.pid;
    const bool ok = InstanceManager::stop(inst.spec, pid, 60000, error);
    inst.pid = -1;
    return m_state.save(error) && ok;
}

bool Sandbox::startInstance(int index, QString *error, bool dieWithParent, int timeoutSec)
{
    if (index < 0 || index >= m_state.instances.size()) {
        *error = QStringLiteral("no instance %1 (the sandbox has %2)").arg(index).arg(m_state.instances.size());
        return false;
    }
    const SandboxInstance &inst = m_state.instances.at(index);
    if (InstanceManager::isRunning(inst.spec, InstanceManager::readPidFile(inst.spec)) ||
        InstanceManager::isRunning(inst.spec, inst.pid))
        return true;
    return startOne(index, dieWithParent, timeoutSec, error);
}

bool Sandbox::killInstance(int index, QString *error)
{
    if (index < 0 || index >= m_state.instances.size()) {
        *error = QStringLiteral("no instance %1 (the sandbox has %2)").arg(index).arg(m_state.instances.size());
        return false;
    }
    SandboxInstance &inst = m_state.instances[index];
    qint64 pid = InstanceManager::readPidFile(inst.spec);
    if (!InstanceManager::isRunning(inst.spec, pid))
        pid = inst.pid;
    if (!InstanceManager::isRunning(inst.spec, pid)) {
        *error = inst.spec.name + QStringLiteral(" is not running");
        return false;
    }
    const bool ok = InstanceManager::kill(pid);
    inst.pid = -1;
    m_state.save(error);
    if (!ok)
        *error = inst.spec.name + QStringLiteral(": still alive after SIGKILL");
    return ok;
}

void Sandbox::killAll()
{
    for (auto &inst : m_state.instances) {
        for (const qint64 pid : {InstanceManager::readPidFile(inst.spec), inst.pid})
            if (InstanceManager::isRunning(inst.spec, pid))
                InstanceManager::kill(pid);
        inst.pid = -1;
    }
}

} // namespace sp
