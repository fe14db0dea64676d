// The dual-master kind's steps D1..D5 and its helpers (DualRun.h); D6 and D7 are in DualSwitch.cpp,
// D8..D10, verify and rollback in DualPurge.cpp.
#include "core/migration/dual/DualRun.h"

#include "core/config/ConfigLoader.h"
#include "core/migration/run/RunKeys.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QThread>

#include <csignal>
#include <sys/prctl.h>

namespace sp::migration {

// --- engine ------------------------------------------------------------------------------------------

DualRun::DualRun(RunContext &ctx)
    : m_ctx(ctx), m_dir(ctx.dir), m_spec(ctx.spec), m_plan(ctx.plan), m_newConfig(ctx.newConfig),
      m_journal(ctx.journal()), m_endpoints(ctx.endpoints), m_moves(ctx.moves), m_options(ctx.options),
      m_stop(ctx.stop), m_error(ctx.error),
      m_token(QString::number(QRandomGenerator::system()->generate64(), 16))
{
}

DualRun::~DualRun() = default;

bool DualRun::open(QString *error)
{
    return m_endpoints.resolve(m_newConfig, m_spec, error) && m_moves.build(m_plan, m_newConfig, m_endpoints, error) &&
           buildPairs(m_plan, m_newConfig, m_endpoints, &m_pairs, error);
}

Outcome DualRun::runStep(Step s)
{
    m_journal.clearChecks(stepId(s)); // this attempt's checks replace the last one's
    switch (DualStep(int(s))) {
    case DualStep::D1:
        return stepD1();
    case DualStep::D2:
        return stepD2();
    case DualStep::D3:
        return stepD3();
    case DualStep::D4:
        return stepD4();
    case DualStep::D5:
        return stepD5();
    case DualStep::D6:
        return stepD6();
    case DualStep::D7:
        return stepD7();
    case DualStep::D8:
        return stepD8();
    case DualStep::D9:
        return stepD9();
    case DualStep::D10:
        return stepD10();
    }
    return Outcome::Error;
}

Outcome DualRun::repair()
{
    m_error = QStringLiteral("a dual-master run has no row differences to repair (D6 repairs them)");
    say(m_error);
    return Outcome::GateFailed;
}

QString DualRun::sqlString(const QString &s)
{
    QString t = s;
    t.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    t.replace(QLatin1Char('\''), QStringLiteral("''"));
    return QLatin1Char('\'') + t + QLatin1Char('\'');
}

bool DualRun::connect(const Endpoint &e, Connection *c, QString *error)
{
    if (c->open(e.admin) && prepareSession(*c, false))
        return true;
    *error = c->lastError();
    return false;
}

QString DualRun::replUser() const
{
    return QStringLiteral("sp_repl_") + m_spec.runId.left(12);
}

QList<PairReplication> DualRun::probe()
{
    QList<PairReplication> list;
    for (const Pair &p : std::as_const(m_pairs))
        list.append(probePair(p));
    storeProbe(list);
    return list;
}

void DualRun::storeProbe(const QList<PairReplication> &list)
{
    QJsonArray arr;
    for (const PairReplication &r : list)
        arr.append(r.toJson());
    m_journal.setValue(keys::replication,
                       QString::fromUtf8(QJsonDocument(arr).toJson(QJsonDocument::Compact)));
}

// --- D1 ----------------------------------------------------------------------------------------------

Outcome DualRun::stepD1()
{
    const Step s = rowOf(DualStep::D1);
    QString why;
    const QString sha = sha256OfFile(m_spec.configPath, &why);
    if (sha.isEmpty())
        return fail(s, why);
    if (sha != m_spec.configSha256)
        return fail(s, QStringLiteral("%1 changed since the plan was made (sha256 %2, plan %3): make a new plan")
                           .arg(m_spec.configPath, sha.left(12), m_spec.configSha256.left(12)));
    {
        const LoadResult old = ConfigLoader::loadFile(m_spec.configPath);
        QStringList missing;
        for (const DataSourceDef &ds : m_newConfig.dataSources) {
            const DataSourceDef *before = old.config.dataSource(ds.name);
            if (ds.passwordPlaceholder && before && (before->passwordInFile || before->passwordInUrl))
                missing.append(QStringLiteral("the password of %1 (written in %2; plans never carry it)")
                                   .arg(ds.name, m_spec.configPath));
            if (ds.host.isEmpty() || ds.host.endsWith(QLatin1String(".invalid")))
                missing.append(QStringLiteral("the url of %1 (plan again with --url %1=jdbc:mysql://host:port/schema)")
                                   .arg(ds.name));
        }
        if (!missing.isEmpty())
            return fail(s, QStringLiteral("the plan's new config lacks %1; D7 would write it as it is").arg(missing.join(QStringLiteral("; "))));
    }
    m_journal.addCheck(QStringLiteral("D1"), QStringLiteral("config unchanged"), true, m_spec.configPath);
    for (const QString &tool : {QStringLiteral("mariadb-dump"), QStringLiteral("mariadb")})
        if (QStandardPaths::findExecutable(tool).isEmpty())
            return fail(s, QStringLiteral("%1 is not installed (the seed pipes mariadb-dump into mariadb)").arg(tool));
    // Moving tables: a key (readTableInfo: the primary key, or a NOT NULL unique key) and an SQL predicate
    // (D6 compares and D9 purges the rows each side owns in SQL).
    for (MoveUnit &u : m_moves.units()) {
        if (u.broadcast)
            continue;
        Connection c;
        const Endpoint *e = m_endpoints.of(u.source.dataSource);
        if (!e || !connect(*e, &c, &why))
            return fail(s, why);
        if (!readTableInfo(c, u.sourceSchema, u.source.table, u.shardingColumn, &u.info, &why))
            return fail(s, why);
        for (const MoveTarget &t : u.targets)
            if (t.predicateSql.isEmpty())
                return fail(s, QStringLiteral("%1 -> %2 has no SQL predicate; the purge selects rows in SQL")
                                   .arg(u.source.toString(), t.node.toString()));
    }
    QMap<quint32, QString> serverIds;
    QStringList problems;
    for (const Pair &p : std::as_const(m_pairs)) {
        for (int side = 0; side < 2; ++side) {
            const Endpoint &e = side == 0 ? p.a : p.b;
            Connection c;
            if (!connect(e, &c, &why))
                return fail(s, QStringLiteral("%1 is not reachable: %2").arg(e.instance, why));
            auto r = c.query(QStringLiteral(
                "SELECT @@server_id, @@log_bin, @@binlog_format, @@gtid_binlog_state, @@gtid_slave_pos, "
                "@@auto_increment_increment, @@auto_increment_offset, @@read_only, @@replicate_do_db, @@version"));
            if (!r || r->rows.isEmpty())
                return fail(s, c.lastError());
            const auto &row = r->rows.first();
            const quint32 sid = row.at(0).toUInt();
            const QString who = QStringLiteral("%1 (%2)").arg(side == 0 ? p.oldDs : p.newDs, e.instance);
            if (serverIds.contains(sid))
                problems.append(QStringLiteral("%1 and %2 share server_id %3").arg(serverIds.value(sid), who).arg(sid));
            serverIds.insert(sid, who);
            if (row.at(1).toInt() != 1)
                problems.append(who + QStringLiteral(": log_bin is OFF"));
            if (side == 1 && row.at(7).toInt() == 1)
                problems.append(who + QStringLiteral(": read_only=1 (the new data source must take writes after the switch)"));
            const auto rs = readReplicaStatus(c, &why);
            if (!rs)
                return fail(s, why);
            if (side == 1 && rs->configured && m_journal.value(keys::dualSeed(p.newDs)).isEmpty())
                problems.append(who + QStringLiteral(": already replicates from %1:%2").arg(rs->masterHost).arg(rs->masterPort));
            if (side == 0 && rs->configured)
                problems.append(who + QStringLiteral(": is a replica itself (of %1:%2); cut that first").arg(rs->masterHost).arg(rs->masterPort));
            if (m_journal.value(keys::dualOrig(e.instance)).isEmpty()) {
                const QJsonObject orig{{QStringLiteral("serverId"), qint64(sid)},
                                       {QStringLiteral("binlogState"), row.at(3).toString()},
                                       {QStringLiteral("slavePos"), row.at(4).toString()},
                                       {QStringLiteral("aiIncrement"), row.at(5).toLongLong()},
                                       {QStringLiteral("aiOffset"), row.at(6).toLongLong()},
                                       {QStringLiteral("readOnly"), row.at(7).toInt()},
                                       {QStringLiteral("doDb"), row.at(8).toString()}};
                m_journal.setValue(keys::dualOrig(e.instance),
                                   QString::fromUtf8(QJsonDocument(orig).toJson(QJsonDocument::Compact)));
            }
            m_journal.addCheck(QStringLiteral("D1"), QStringLiteral("server"), true,
                               QStringLiteral("%1: server_id %2, log_bin %3, binlog_format %4, auto_increment %5/%6, %7")
                                   .arg(who)
                                   .arg(sid)
                                   .arg(row.at(1).toInt() ? QStringLiteral("ON") : QStringLiteral("OFF"), row.at(2).toString(),
                                        row.at(5).toString(), row.at(6).toString(), row.at(9).toString()));
            if (side == 1 && m_journal.value(keys::dualSeed(p.newDs)).isEmpty()) {
                auto n = c.queryValue(QStringLiteral("SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = ") +
                                      c.quoteString(p.b.schema));
                if (!n)
                    return fail(s, c.lastError());
                if (n->toInt() > 0)
                    problems.append(QStringLiteral("%1: schema %2 already holds %3 tables; the seed only goes into an empty "
                                                   "schema")
                                        .arg(who, p.b.schema)
                                        .arg(n->toInt()));
            }
        }
    }
    m_journal.addCheck(QStringLiteral("D1"), QStringLiteral("server_id"), problems.isEmpty(),
                       QStringLiteral("%1 distinct server_ids").arg(serverIds.size()));
    if (!problems.isEmpty())
        return fail(s, problems.join(QStringLiteral("; ")));
    return Outcome::Done;
}

// --- D2 ----------------------------------------------------------------------------------------------

static QStringList clientArgs(const Endpoint &e, const RunSpec &spec)
{
    QStringList a;
    if (!e.admin.unixSocket.isEmpty() && spec.adminDefaultsFile.isEmpty()) {
        a << QStringLiteral("--no-defaults") << QStringLiteral("--socket=") + e.admin.unixSocket
          << QStringLiteral("--user=") + e.admin.user;
    } else {
        // The password stays in the option file: never on a command line.
        a << QStringLiteral("--defaults-extra-file=") + spec.adminDefaultsFile << QStringLiteral("--host=") + e.admin.host
          << QStringLiteral("--port=") + QString::number(e.admin.port);
    }
    return a;
}

bool DualRun::seed(const Pair &p, StopReason *stoppedBy, QString *error)
{
    const Step s = rowOf(DualStep::D2);
    Connection b;
    if (!connect(p.b, &b, error) || !b.exec(QStringLiteral("SET SESSION sql_log_bin = 0"))) {
        *error = b.lastError();
        return false;
    }
    // A seed cut short (SIGKILL, pause) is dropped and done again: the dump is one consistent snapshot.
    if (m_journal.value(keys::dualSeed(p.newDs)) == QLatin1String("started")) {
        auto tables = b.query(QStringLiteral("SELECT TABLE_NAME, TABLE_TYPE FROM information_schema.TABLES WHERE "
                                             "TABLE_SCHEMA = ") +
                              b.quoteString(p.b.schema));
        if (!tables) {
            *error = b.lastError();
            return false;
        }
        b.setWarningPolicy({});
        for (const auto &row : tables->rows) {
            const bool view = row.at(1).toString() == QLatin1String("VIEW");
            if (!audited(s, QStringLiteral("drop a partial seed"), b,
                         QStringLiteral("DROP %1 IF EXISTS %2.%3")
                             .arg(view ? QStringLiteral("VIEW") : QStringLiteral("TABLE"),
                                  Connection::quoteIdentifier(p.b.schema), Connection::quoteIdentifier(row.at(0).toString())))) {
                *error = b.lastError();
                return false;
            }
        }
    }
    auto exists = b.queryValue(QStringLiteral("SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ") +
                               b.quoteString(p.b.schema));
    if (!exists) {
        *error = b.lastError();
        return false;
    }
    if (exists->toInt() == 0) {
        if (!audited(s, QStringLiteral("create schema"), b,
                     QStringLiteral("CREATE DATABASE IF NOT EXISTS ") + Connection::quoteIdentifier(p.b.schema))) {
            *error = b.lastError();
            return false;
        }
        m_journal.setValue(keys::dualCreatedSchema(p.newDs), QStringLiteral("1"));
    }
    m_journal.setValue(keys::dualSeed(p.newDs), QStringLiteral("started"));
    const QStringList dumpArgs = clientArgs(p.a, m_spec) +
                                 QStringList{QStringLiteral("--single-transaction"), QStringLiteral("--master-data=2"),
                                             QStringLiteral("--gtid"), QStringLiteral("--routines"), QStringLiteral("--triggers"),
                                             QStringLiteral("--hex-blob"), QStringLiteral("--default-character-set=utf8mb4"),
                                             QStringLiteral("--no-tablespaces"), p.a.schema};
    const QStringList loadArgs = clientArgs(p.b, m_spec) +
                                 QStringList{QStringLiteral("--binary-mode"), QStringLiteral("--default-character-set=utf8mb4"),
                                             p.b.schema};
    m_journal.audit(stepId(s), QStringLiteral("seed"), p.b.admin.describe(),
                    QStringLiteral("mariadb-dump %1 | mariadb %2")
                        .arg(dumpArgs.join(QLatin1Char(' ')), loadArgs.join(QLatin1Char(' '))),
                    QStringLiteral("started"));
    QProcess dump, load;
    // Both die with this process: a killed run must not leave a client loading an old snapshot
    // while the next run seeds again.
    for (QProcess *p : {&dump, &load})
        p->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
    dump.start(QStringLiteral("mariadb-dump"), dumpArgs);
    load.start(QStringLiteral("mariadb"), loadArgs);
    if (!dump.waitForStarted(10000) || !load.waitForStarted(10000)) {
        dump.kill();
        load.kill();
        dump.waitForFinished();
        load.waitForFinished();
        *error = QStringLiteral("cannot start mariadb-dump | mariadb: %1 %2").arg(dump.errorString(), load.errorString());
        return false;
    }
    // Nothing of the seed goes to the new instance's binlog (it would replicate back in D4).
    load.write("SET SESSION sql_log_bin = 0;\n");
    QElapsedTimer clock;
    clock.start();
    QByteArray head, tail; // the GTID position is printed at the end of the dump (MariaDB 10.11)
    qint64 bytes = 0;
    bool stopped = false;
    auto pump = [&] {
        const QByteArray chunk = dump.readAllStandardOutput();
        if (chunk.isEmpty())
            return;
        if (head.size() < 65536)
            head += chunk.left(65536 - head.size());
        tail += chunk.right(65536);
        if (tail.size() > 65536)
            tail = tail.right(65536);
        bytes += chunk.size();
        load.write(chunk);
        while (load.bytesToWrite() > (8 << 20) && load.state() == QProcess::Running)
            load.waitForBytesWritten(1000);
    };
    while (dump.state() != QProcess::NotRunning) {
        dump.waitForReadyRead(200);
        pump();
        const StopReason why = m_ctx.stopReason();
        if (why != StopReason::None || load.state() == QProcess::NotRunning) {
            stopped = load.state() != QProcess::NotRunning;
            *stoppedBy = stopped ? why : StopReason::None;
            dump.kill();
            dump.waitForFinished();
            break;
        }
    }
    pump();
    load.closeWriteChannel();
    if (stopped) {
        load.kill();
        load.waitForFinished();
        *error = QStringLiteral("stopped");
        return false;
    }
    const bool loaded = load.waitForFinished(-1) && load.exitStatus() == QProcess::NormalExit && load.exitCode() == 0;
    const bool dumped = dump.exitStatus() == QProcess::NormalExit && dump.exitCode() == 0;
    if (!dumped || !loaded) {
        *error = QStringLiteral("the seed %1 -> %2 failed: %3%4")
                     .arg(p.oldDs, p.newDs, QString::fromLocal8Bit(dump.readAllStandardError()).left(400),
                          QString::fromLocal8Bit(load.readAllStandardError()).left(400));
        return false;
    }
    // A line of its own ("-- SET GLOBAL gtid_slave_pos='0-1-5';"): row data never starts a line
    // with "-- " in a dump (newlines in values are written as \n).
    static const QRegularExpression gtidRe(QStringLiteral("^-- SET GLOBAL gtid_slave_pos='([0-9,\\-]*)';$"),
                                           QRegularExpression::MultilineOption);
    QRegularExpressionMatch m = gtidRe.match(QString::fromUtf8(tail));
    if (!m.hasMatch())
        m = gtidRe.match(QString::fromUtf8(head));
    QString bad;
    if (!m.hasMatch() || !parseGtidList(m.captured(1), &bad)) {
        *error = QStringLiteral("the dump of %1 names no GTID position %2").arg(p.oldDs, bad);
        return false;
    }
    const double secs = qMax<qint64>(1, clock.elapsed()) / 1000.0;
    m_journal.setValue(keys::dualSeedGtid(p.newDs), m.captured(1).trimmed());
    const QString line = QStringLiteral("%1 -> %2: %3 MiB in %4 s (%5 MiB/s), consistent at GTID %6")
                             .arg(p.oldDs, p.newDs)
                             .arg(double(bytes) / 1048576.0, 0, 'f', 1)
                             .arg(secs, 0, 'f', 2)
                             .arg(double(bytes) / 1048576.0 / secs, 0, 'f', 1)
                             .arg(m.captured(1).trimmed().isEmpty() ? QStringLiteral("(empty binlog)") : m.captured(1).trimmed());
    m_journal.addCheck(QStringLiteral("D2"), QStringLiteral("seed"), true, line);
    m_journal.audit(stepId(s), QStringLiteral("seed"), p.b.admin.describe(), QString(),
                    QStringLiteral("ok: ") + line);
    say(line);
    if (!copyGrants(p, error))
        return false;
    m_journal.setValue(keys::dualSeed(p.newDs), QStringLiteral("done"));
    return true;
}

// The accounts that work on the old schema get the same schema privileges on the new instance
// (where they have a login; the others are named).
bool DualRun::copyGrants(const Pair &p, QString *error)
{
    Connection a, b;
    if (!connect(p.a, &a, error) || !connect(p.b, &b, error))
        return false;
    b.exec(QStringLiteral("SET SESSION sql_log_bin = 0"));
    auto users = a.query(QStringLiteral("SELECT DISTINCT User, Host FROM mysql.db WHERE Db = ") + a.quoteString(p.a.schema));
    if (!users) {
        *error = a.lastError();
        return false;
    }
    QStringList missing;
    for (const auto &row : users->rows) {
        const QString account = a.quoteString(row.at(0).toString()) + QLatin1Char('@') + a.quoteString(row.at(1).toString());
        auto has = b.queryValue(QStringLiteral("SELECT COUNT(*) FROM mysql.global_priv WHERE User = %1 AND Host = %2")
                                    .arg(b.quoteString(row.at(0).toString()), b.quoteString(row.at(1).toString())));
        if (!has || has->toInt() == 0) {
            missing.append(account);
            continue;
        }
        auto grants = a.query(QStringLiteral("SHOW GRANTS FOR ") + account);
        if (!grants) {
            *error = a.lastError();
            return false;
        }
        const QString on = QStringLiteral(" ON ") + Connection::quoteIdentifier(p.a.schema) + QStringLiteral(".");
        for (const auto &g : grants->rows) {
            QString sql = g.at(0).toString();
            if (!sql.contains(on) || sql.contains(QLatin1String("IDENTIFIED")))
                continue;
            sql.replace(on, QStringLiteral(" ON ") + Connection::quoteIdentifier(p.b.schema) + QStringLiteral("."));
            if (!audited(rowOf(DualStep::D2), QStringLiteral("grant"), b, sql)) {
                *error = b.lastError();
                return false;
            }
        }
    }
    m_journal.addCheck(QStringLiteral("D2"), QStringLiteral("accounts"), missing.isEmpty(),
                       missing.isEmpty() ? QStringLiteral("%1: schema privileges copied to %2").arg(p.oldDs, p.newDs)
                                         : QStringLiteral("%1 have privileges on %2 but no login on %3: create them before "
                                                          "the switch")
                                               .arg(missing.join(QStringLiteral(", ")), p.oldDs, p.b.instance));
    return true;
}

Outcome DualRun::stepD2()
{
    QString why;
    for (const Pair &p : std::as_const(m_pairs)) {
        if (m_journal.value(keys::dualSeed(p.newDs)) == QLatin1String("done"))
            continue;
        say(QStringLiteral("seeding %1 from %2 (mariadb-dump --single-transaction --gtid | mariadb)").arg(p.newDs, p.oldDs));
        StopReason stopped = StopReason::None;
        if (!seed(p, &stopped, &why)) {
            if (stopped != StopReason::None)
                return Outcome::Paused;
            return fail(rowOf(DualStep::D2), why, Outcome::Error);
        }
    }
    return Outcome::Done;
}

// --- D3, D4 ------------------------------------------------------------------------------------------

bool DualRun::ensureReplUser(Step s, const Endpoint &on, QString *password, QString *error)
{
    // A fresh password per run of the step: it is never stored by the engine (the replica keeps it
    // in its own master.info); the audit log shows it redacted.
    *password = QString::number(QRandomGenerator::system()->generate64(), 36) +
                QString::number(QRandomGenerator::system()->generate64(), 36);
    Connection a;
    if (!connect(on, &a, error) || !a.exec(QStringLiteral("SET SESSION sql_log_bin = 0"))) {
        *error = a.lastError();
        return false;
    }
    a.setWarningPolicy({});
    const QString account = a.quoteString(replUser()) + QStringLiteral("@'%'");
    const bool ok = audited(s, QStringLiteral("replication account"), a,
                            QStringLiteral("CREATE USER IF NOT EXISTS %1 IDENTIFIED BY %2").arg(account, a.quoteString(*password)),
                            *password) &&
                    audited(s, QStringLiteral("replication account"), a,
                            QStringLiteral("ALTER USER %1 IDENTIFIED BY %2").arg(account, a.quoteString(*password)), *password) &&
                    audited(s, QStringLiteral("replication account"), a,
                            QStringLiteral("GRANT REPLICATION SLAVE ON *.* TO %1").arg(account));
    if (!ok)
        *error = a.lastError().replace(*password, QStringLiteral("<redacted>"));
    return ok;
}

Outcome DualRun::stepD3()
{
    const Step s = rowOf(DualStep::D3);
    QString why;
    for (const Pair &p : std::as_const(m_pairs)) {
        QString password;
        if (!ensureReplUser(s, p.a, &password, &why))
            return fail(s, why, Outcome::Error);
        Connection b;
        if (!connect(p.b, &b, &why))
            return fail(s, why, Outcome::Error);
        b.setWarningPolicy({});
        const auto st = readReplicaStatus(b, &why);
        if (!st)
            return fail(s, why, Outcome::Error);
        // The server is the record: once a master is set up, its gtid_slave_pos has moved on and
        // must not be set back to the seed's.
        const bool configured = st->configured;
        if (!audited(s, QStringLiteral("stop replica"), b, QStringLiteral("STOP SLAVE")))
            return fail(s, b.lastError(), Outcome::Error);
        if (!configured) {
            if (p.a.schema != p.b.schema &&
                !audited(s, QStringLiteral("replication filter"), b,
                         QStringLiteral("SET GLOBAL replicate_rewrite_db = %1").arg(sqlString(p.a.schema + QStringLiteral("->") + p.b.schema))))
                return fail(s, QStringLiteral("%1 cannot rename the schema %2 to %3 in replication (%4): give the new data "
                                              "source the old one's schema name")
                                   .arg(p.b.instance, p.a.schema, p.b.schema, b.lastError()));
            if (!audited(s, QStringLiteral("replication filter"), b,
                         QStringLiteral("SET GLOBAL replicate_do_db = %1").arg(sqlString(p.b.schema))))
                return fail(s, b.lastError(), Outcome::Error);
            if (!audited(s, QStringLiteral("replication start position"), b,
                         QStringLiteral("SET GLOBAL gtid_slave_pos = %1")
                             .arg(sqlString(m_journal.value(keys::dualSeedGtid(p.newDs))))))
                return fail(s, b.lastError(), Outcome::Error);
            if (!audited(s, QStringLiteral("replicate old -> new"), b,
                         QStringLiteral("CHANGE MASTER TO MASTER_HOST = %1, MASTER_PORT = %2, MASTER_USER = %3, "
                                        "MASTER_PASSWORD = %4, MASTER_USE_GTID = slave_pos, MASTER_CONNECT_RETRY = 2")
                             .arg(sqlString(p.aHost))
                             .arg(p.aPort)
                             .arg(sqlString(replUser()), sqlString(password)),
                         password))
                return fail(s, QStringLiteral("CHANGE MASTER on %1 failed").arg(p.b.instance), Outcome::Error);
        } else if (!audited(s, QStringLiteral("replication password"), b,
                            QStringLiteral("CHANGE MASTER TO MASTER_PASSWORD = %1").arg(sqlString(password)), password)) {
            return fail(s, QStringLiteral("CHANGE MASTER on %1 failed").arg(p.b.instance), Outcome::Error);
        }
        if (!audited(s, QStringLiteral("start replica"), b, QStringLiteral("START SLAVE")))
            return fail(s, b.lastError(), Outcome::Error);
        // Both threads must come up.
        QDeadlineTimer deadline(20000);
        std::optional<ReplicaStatus> now;
        while (!deadline.hasExpired()) {
            now = readReplicaStatus(b, &why);
            if (!now || now->running() || !now->lastSqlError.isEmpty())
                break;
            QThread::msleep(200);
        }
        if (!now || !now->running())
            return fail(s, QStringLiteral("%1 -> %2: replication does not run (IO %3, SQL %4) %5 %6")
                               .arg(p.oldDs, p.newDs, now ? now->ioRunning : QString(), now ? now->sqlRunning : QString(),
                                    now ? now->lastIoError : why, now ? now->lastSqlError : QString()));
        m_journal.addCheck(QStringLiteral("D3"), QStringLiteral("replication"), true,
                           QStringLiteral("%1 -> %2 replicates (GTID, from %3)")
                               .arg(p.oldDs, p.newDs, m_journal.value(keys::dualSeedGtid(p.newDs))));
    }
    probe();
    return Outcome::Done;
}

// --- D5 ----------------------------------------------------------------------------------------------

Outcome DualRun::stepD5()
{
    const Step s = rowOf(DualStep::D5);
    QString why;
    for (const Pair &p : std::as_const(m_pairs)) {
        const QJsonObject orig =
            QJsonDocument::fromJson(m_journal.value(keys::dualOrig(p.a.instance)).toUtf8()).object();
        const qint64 inc = qMax<qint64>(1, orig.value(QStringLiteral("aiIncrement")).toInteger(1));
        const qint64 off = qMax<qint64>(1, orig.value(QStringLiteral("aiOffset")).toInteger(1));
        // Old keeps its residue, new takes the next one: ids never collide while both sides write.
        for (int side = 0; side < 2; ++side) {
            const Endpoint &e = side == 0 ? p.a : p.b;
            Connection c;
            if (!connect(e, &c, &why))
                return fail(s, why, Outcome::Error);
            if (!audited(s, QStringLiteral("auto_increment"), c,
                         QStringLiteral("SET GLOBAL auto_increment_increment = %1").arg(2 * inc)) ||
                !audited(s, QStringLiteral("auto_increment"), c,
                         QStringLiteral("SET GLOBAL auto_increment_offset = %1").arg(side == 0 ? off : off + inc)))
                return fail(s, c.lastError(), Outcome::Error);
        }
        m_journal.addCheck(QStringLiteral("D5"), QStringLiteral("auto_increment"), true,
                           QStringLiteral("%1: increment %2 offset %3; %4: increment %2 offset %5 (new sessions)")
                               .arg(p.oldDs)
                               .arg(2 * inc)
                               .arg(off)
                               .arg(p.newDs)
                               .arg(off + inc));
    }
    return Outcome::Done;
}

} // namespace sp::migration
