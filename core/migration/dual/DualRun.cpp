#include "core/migration/dual/DualRun.h"
#include "core/migration/run/RateLimiter.h"

#include "core/cluster/Transaction.h"
#include "core/config/ConfigLoader.h"
#include "core/migration/dual/DualCompare.h"
#include "core/migration/ExactRows.h"
#include "core/migration/KeySql.h"

#include <QCryptographicHash>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSaveFile>
#include <QStandardPaths>
#include <QThread>

#include <csignal>
#include <sys/prctl.h>

namespace sp::migration {

namespace {

const char *const kTitles[] = {
    "Check the servers",                       // D1
    "Seed each new instance (consistent dump)", // D2
    "Replicate old -> new (GTID)",             // D3
    "Replicate new -> old (dual master)",      // D4
    "Interleave AUTO_INCREMENT",               // D5
    "Wait for replication lag 0",              // D6
    "Stop writes, switch the config, resume",  // D7
    "Cut replication",                         // D8
    "Purge the half each side no longer owns", // D9
    "High availability for the new pairs",     // D10
};

QString kvOrig(const QString &inst) { return QStringLiteral("dual.orig.") + inst; }
QString kvSeed(const QString &ds) { return QStringLiteral("dual.seed.") + ds; }
QString kvSeedGtid(const QString &ds) { return QStringLiteral("dual.seedGtid.") + ds; }
QString kvCreated(const QString &ds) { return QStringLiteral("dual.createdSchema.") + ds; }
// Set before a comparison stops a new instance's replication, cleared once it runs again.
const QString kCompareStoppedPrefix = QStringLiteral("dual.compareStopped.");
QString kvCompareStopped(const QString &ds)
{
    return kCompareStoppedPrefix + ds;
}
const QString kCompare = QStringLiteral("dual.compare");
QString kvPurge(bool oldSide, int unit)
{
    return QStringLiteral("dual.purge.%1.%2").arg(oldSide ? QStringLiteral("old") : QStringLiteral("new")).arg(unit);
}
const int kCatchUpTimeoutSec = 900;

QString sqlString(const QString &s)
{
    QString t = s;
    t.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    t.replace(QLatin1Char('\''), QStringLiteral("''"));
    return QLatin1Char('\'') + t + QLatin1Char('\'');
}

bool buildPairs(const planning::ExpansionPlan &plan, const ShardingConfig &newConfig, const Endpoints &endpoints,
                QList<DualMasterEngine::Pair> *out, QString *error)
{
    out->clear();
    QMap<QString, QString> newOf;
    for (const planning::TablePlan &t : plan.tables) {
        if (t.broadcast)
            continue;
        for (const planning::MovePair &p : t.pairs) {
            const QString a = p.source.dataSource, b = p.target.dataSource;
            if (newOf.contains(a) && newOf.value(a) != b) {
                *error = QStringLiteral("%1 moves rows to both %2 and %3: not a dual-master doubling").arg(a, newOf.value(a), b);
                return false;
            }
            newOf.insert(a, b);
        }
    }
    if (newOf.isEmpty()) {
        *error = QStringLiteral("the plan moves nothing");
        return false;
    }
    QStringList instances;
    for (auto it = newOf.cbegin(); it != newOf.cend(); ++it) {
        DualMasterEngine::Pair p;
        p.oldDs = it.key();
        p.newDs = it.value();
        const Endpoint *a = endpoints.of(p.oldDs);
        const Endpoint *b = endpoints.of(p.newDs);
        const DataSourceDef *ad = newConfig.dataSource(p.oldDs);
        const DataSourceDef *bd = newConfig.dataSource(p.newDs);
        if (!a || !b || !ad || !bd) {
            *error = QStringLiteral("%1 or %2 is not a data source of the new config").arg(p.oldDs, p.newDs);
            return false;
        }
        p.a = *a;
        p.b = *b;
        p.aHost = ad->host;
        p.aPort = ad->port;
        p.bHost = bd->host;
        p.bPort = bd->port;
        for (const QString &inst : {p.a.instance, p.b.instance}) {
            if (instances.contains(inst)) {
                *error = QStringLiteral("%1 serves more than one data source of the doubling; dual-master needs one "
                                        "instance per old and per new data source")
                             .arg(inst);
                return false;
            }
            instances.append(inst);
        }
        out->append(p);
    }
    return true;
}

PairReplication probePair(const DualMasterEngine::Pair &p)
{
    PairReplication r;
    r.oldDs = p.oldDs;
    r.newDs = p.newDs;
    r.oldInstance = p.a.instance;
    r.newInstance = p.b.instance;
    r.at = QDateTime::currentDateTimeUtc();
    Connection a, b;
    if (!a.open(p.a.admin)) {
        r.error = a.lastError();
        return r;
    }
    if (!b.open(p.b.admin)) {
        r.error = b.lastError();
        return r;
    }
    // The replica first: a source position read after it can only be newer.
    QString why;
    const auto fwd = readReplicaStatus(b, &why);
    const auto slavePos = b.queryValue(QStringLiteral("SELECT @@gtid_slave_pos"));
    const auto binlogPos = a.queryValue(QStringLiteral("SELECT @@gtid_binlog_pos"));
    const auto rev = readReplicaStatus(a, &why);
    if (!fwd || !rev || !slavePos || !binlogPos) {
        r.error = why.isEmpty() ? a.lastError() + b.lastError() : why;
        return r;
    }
    r.forward = *fwd;
    r.reverse = *rev;
    r.reverseConfigured = rev->configured;
    r.replicaPos = slavePos->toString();
    r.sourcePos = binlogPos->toString();
    const auto have = parseGtidList(r.replicaPos, &why);
    const auto want = parseGtidList(r.sourcePos, &why);
    r.caughtUp = have && want && gtidCovers(*have, *want);
    return r;
}

} // namespace

QString dualStepName(Step s)
{
    return QStringLiteral("D%1").arg(int(s) + 1);
}

QString dualStepTitle(Step s)
{
    return QString::fromLatin1(kTitles[int(s)]);
}

std::optional<Step> dualStepFromName(const QString &name)
{
    const QString n = name.trimmed().toUpper();
    if (!n.startsWith(QLatin1Char('D')))
        return std::nullopt;
    bool ok = false;
    const int i = n.mid(1).toInt(&ok);
    if (!ok || i < 1 || i > kStepCount)
        return std::nullopt;
    return Step(i - 1);
}

bool isDualMasterPlan(const planning::ExpansionPlan &plan)
{
    return plan.strategy == planning::StrategyId::DualMaster;
}

QList<PairReplication> storedReplication(const QMap<QString, QString> &values)
{
    QList<PairReplication> out;
    const QJsonArray arr = QJsonDocument::fromJson(values.value(QStringLiteral("replication")).toUtf8()).array();
    for (const QJsonValue &v : arr)
        out.append(PairReplication::fromJson(v.toObject()));
    return out;
}

QJsonObject DualComparison::toJson() const
{
    return QJsonObject{{QStringLiteral("at"), at.toString(Qt::ISODateWithMs)},
                       {QStringLiteral("by"), by},
                       {QStringLiteral("clean"), clean},
                       {QStringLiteral("rows"), rows},
                       {QStringLiteral("repaired"), repaired},
                       {QStringLiteral("differences"), differences},
                       {QStringLiteral("token"), token}};
}

DualComparison DualComparison::fromJson(const QJsonObject &o)
{
    DualComparison c;
    c.at = QDateTime::fromString(o.value(QStringLiteral("at")).toString(), Qt::ISODateWithMs);
    c.by = o.value(QStringLiteral("by")).toString();
    c.clean = o.value(QStringLiteral("clean")).toBool();
    c.rows = o.value(QStringLiteral("rows")).toInteger();
    c.repaired = o.value(QStringLiteral("repaired")).toInteger();
    c.differences = o.value(QStringLiteral("differences")).toInteger();
    c.token = o.value(QStringLiteral("token")).toString();
    return c;
}

std::optional<DualComparison> storedComparison(const QMap<QString, QString> &values)
{
    const QJsonDocument d = QJsonDocument::fromJson(values.value(kCompare).toUtf8());
    if (!d.isObject())
        return std::nullopt;
    return DualComparison::fromJson(d.object());
}

QStringList interruptedComparisons(const QMap<QString, QString> &values)
{
    QStringList out;
    for (auto it = values.cbegin(); it != values.cend(); ++it)
        if (it.key().startsWith(kCompareStoppedPrefix) && it.value() == QLatin1String("1"))
            out.append(it.key().mid(kCompareStoppedPrefix.size()));
    return out;
}

bool probeReplication(const QString &runDir, QList<PairReplication> *out, QString *error)
{
    RunSpec spec;
    planning::ExpansionPlan plan;
    if (!RunDir(runDir).load(&spec, &plan, error))
        return false;
    if (!isDualMasterPlan(plan)) {
        *error = QStringLiteral("not a dual-master run");
        return false;
    }
    const LoadResult lr = ConfigLoader::loadText(plan.newConfigText.toUtf8(), QStringLiteral("new-config.yaml"));
    if (!lr.ok()) {
        *error = QStringLiteral("the plan's new config does not load");
        return false;
    }
    Endpoints endpoints;
    QList<DualMasterEngine::Pair> pairs;
    if (!endpoints.resolve(lr.config, spec, error) || !buildPairs(plan, lr.config, endpoints, &pairs, error))
        return false;
    out->clear();
    for (const DualMasterEngine::Pair &p : std::as_const(pairs))
        out->append(probePair(p));
    return true;
}

// --- engine ------------------------------------------------------------------------------------------

DualMasterEngine::DualMasterEngine(const QString &dir, const RunSpec &spec,
                                   const planning::ExpansionPlan &plan, const ShardingConfig &newConfig,
                                   Journal &journal)
    : m_dir(dir), m_spec(spec), m_plan(plan), m_newConfig(newConfig), m_journal(journal),
      m_token(QString::number(QRandomGenerator::system()->generate64(), 16))
{
}

DualMasterEngine::~DualMasterEngine() = default;

bool DualMasterEngine::open(QString *error)
{
    return m_endpoints.resolve(m_newConfig, m_spec, error) && m_moves.build(m_plan, m_newConfig, m_endpoints, error) &&
           buildPairs(m_plan, m_newConfig, m_endpoints, &m_pairs, error);
}

void DualMasterEngine::say(const QString &line)
{
    if (m_options.say)
        m_options.say(line);
}

Outcome DualMasterEngine::fail(Step s, const QString &message, Outcome o)
{
    m_error = message;
    m_journal.setStep(s, StepStatus::Failed, message);
    m_journal.addCheck(dualStepName(s), QStringLiteral("step"), false, message);
    say(dualStepName(s) + QStringLiteral(" failed: ") + message);
    return o;
}

bool DualMasterEngine::audited(Step s, const QString &action, Connection &c, const QString &sql, const QString &secret)
{
    const bool ok = c.exec(sql);
    QString shown = sql, outcome = ok ? QStringLiteral("ok") : c.lastError();
    if (!secret.isEmpty()) {
        shown.replace(secret, QStringLiteral("<redacted>"));
        outcome.replace(secret, QStringLiteral("<redacted>"));
    }
    m_journal.audit(dualStepName(s), action, c.params().describe(), shown, outcome);
    return ok;
}

bool DualMasterEngine::connect(const Endpoint &e, Connection *c, QString *error)
{
    if (c->open(e.admin) && prepareSession(*c, false))
        return true;
    *error = c->lastError();
    return false;
}

QString DualMasterEngine::replUser() const
{
    return QStringLiteral("sp_repl_") + m_spec.runId.left(12);
}

QList<PairReplication> DualMasterEngine::probe()
{
    QList<PairReplication> list;
    for (const Pair &p : std::as_const(m_pairs))
        list.append(probePair(p));
    storeProbe(list);
    return list;
}

void DualMasterEngine::storeProbe(const QList<PairReplication> &list)
{
    QJsonArray arr;
    for (const PairReplication &r : list)
        arr.append(r.toJson());
    m_journal.setValue(QStringLiteral("replication"), QString::fromUtf8(QJsonDocument(arr).toJson(QJsonDocument::Compact)));
}

Outcome DualMasterEngine::run(const RunOptions &options)
{
    m_options = options;
    if (m_journal.value(QStringLiteral("rolledBack")) == QLatin1String("1")) {
        m_error = QStringLiteral("this run was rolled back; create a new run to try again");
        say(m_error);
        return Outcome::GateFailed;
    }
    QFile::remove(m_dir + QStringLiteral("/pause"));
    const Step last = options.until.value_or(Step::T9);
    const QList<StepState> states = m_journal.steps();
    for (int i = 0; i <= int(last); ++i) {
        const Step s = Step(i);
        // D6 (lag 0, the row comparison) is done again by every run before the switch: replication
        // and the rows only matter now. Not once D7 replaced the config: the new instances may take
        // writes of their own from then on.
        const bool repeat =
            s == Step::T5 && states.at(int(Step::T6)).status != StepStatus::Done && !switched();
        if (states.at(i).status == StepStatus::Done && !repeat)
            continue;
        if (QFileInfo::exists(m_dir + QStringLiteral("/pause"))) {
            say(QStringLiteral("paused before %1; 'shardctl migrate run' continues").arg(dualStepName(s)));
            return Outcome::Paused;
        }
        // D5 changes server settings of the live instances, D7 stops writes and switches the config,
        // D8 cuts replication, D9 deletes rows.
        const bool destructive = s == Step::T4 || s == Step::T6 || s == Step::T7 || s == Step::T8;
        if (destructive && !options.yes) {
            m_error = QStringLiteral("%1 (%2) changes the live cluster: confirm with --yes").arg(dualStepName(s), dualStepTitle(s));
            say(m_error);
            return Outcome::GateFailed;
        }
        say(QStringLiteral("%1 %2 ...").arg(dualStepName(s), dualStepTitle(s)));
        m_journal.clearChecks(dualStepName(s)); // this attempt's checks replace the last one's
        m_journal.setStep(s, StepStatus::Running);
        Outcome o = Outcome::Error;
        switch (s) {
        case Step::T0: o = stepD1(); break;
        case Step::T1: o = stepD2(); break;
        case Step::T2: o = stepD3(); break;
        case Step::T3: o = stepD4(); break;
        case Step::T4: o = stepD5(); break;
        case Step::T5: o = stepD6(); break;
        case Step::T6: o = stepD7(); break;
        case Step::T7: o = stepD8(); break;
        case Step::T8: o = stepD9(); break;
        case Step::T9: o = stepD10(); break;
        }
        if (o == Outcome::Paused) {
            m_journal.setStep(s, StepStatus::Pending, QStringLiteral("paused"));
            say(QStringLiteral("paused during %1; 'shardctl migrate run' continues").arg(dualStepName(s)));
            return o;
        }
        if (o != Outcome::Done)
            return o;
        m_journal.setStep(s, StepStatus::Done, m_journal.step(s).message);
        say(QStringLiteral("%1 done").arg(dualStepName(s)));
    }
    if (last != Step::T9)
        say(QStringLiteral("stopped after %1 as asked").arg(dualStepName(last)));
    return Outcome::Done;
}

// --- D1 ----------------------------------------------------------------------------------------------

Outcome DualMasterEngine::stepD1()
{
    const Step s = Step::T0;
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
            if (side == 1 && rs->configured && m_journal.value(kvSeed(p.newDs)).isEmpty())
                problems.append(who + QStringLiteral(": already replicates from %1:%2").arg(rs->masterHost).arg(rs->masterPort));
            if (side == 0 && rs->configured)
                problems.append(who + QStringLiteral(": is a replica itself (of %1:%2); cut that first").arg(rs->masterHost).arg(rs->masterPort));
            if (m_journal.value(kvOrig(e.instance)).isEmpty()) {
                const QJsonObject orig{{QStringLiteral("serverId"), qint64(sid)},
                                       {QStringLiteral("binlogState"), row.at(3).toString()},
                                       {QStringLiteral("slavePos"), row.at(4).toString()},
                                       {QStringLiteral("aiIncrement"), row.at(5).toLongLong()},
                                       {QStringLiteral("aiOffset"), row.at(6).toLongLong()},
                                       {QStringLiteral("readOnly"), row.at(7).toInt()},
                                       {QStringLiteral("doDb"), row.at(8).toString()}};
                m_journal.setValue(kvOrig(e.instance), QString::fromUtf8(QJsonDocument(orig).toJson(QJsonDocument::Compact)));
            }
            m_journal.addCheck(QStringLiteral("D1"), QStringLiteral("server"), true,
                               QStringLiteral("%1: server_id %2, log_bin %3, binlog_format %4, auto_increment %5/%6, %7")
                                   .arg(who)
                                   .arg(sid)
                                   .arg(row.at(1).toInt() ? QStringLiteral("ON") : QStringLiteral("OFF"), row.at(2).toString(),
                                        row.at(5).toString(), row.at(6).toString(), row.at(9).toString()));
            if (side == 1 && m_journal.value(kvSeed(p.newDs)).isEmpty()) {
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

bool DualMasterEngine::seed(const Pair &p, QString *error)
{
    const Step s = Step::T1;
    Connection b;
    if (!connect(p.b, &b, error) || !b.exec(QStringLiteral("SET SESSION sql_log_bin = 0"))) {
        *error = b.lastError();
        return false;
    }
    // A seed cut short (SIGKILL, pause) is dropped and done again: the dump is one consistent snapshot.
    if (m_journal.value(kvSeed(p.newDs)) == QLatin1String("started")) {
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
        m_journal.setValue(kvCreated(p.newDs), QStringLiteral("1"));
    }
    m_journal.setValue(kvSeed(p.newDs), QStringLiteral("started"));
    const QStringList dumpArgs = clientArgs(p.a, m_spec) +
                                 QStringList{QStringLiteral("--single-transaction"), QStringLiteral("--master-data=2"),
                                             QStringLiteral("--gtid"), QStringLiteral("--routines"), QStringLiteral("--triggers"),
                                             QStringLiteral("--hex-blob"), QStringLiteral("--default-character-set=utf8mb4"),
                                             QStringLiteral("--no-tablespaces"), p.a.schema};
    const QStringList loadArgs = clientArgs(p.b, m_spec) +
                                 QStringList{QStringLiteral("--binary-mode"), QStringLiteral("--default-character-set=utf8mb4"),
                                             p.b.schema};
    m_journal.audit(dualStepName(s), QStringLiteral("seed"), p.b.admin.describe(),
                    QStringLiteral("mariadb-dump %1 | mariadb %2").arg(dumpArgs.join(QLatin1Char(' ')), loadArgs.join(QLatin1Char(' '))),
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
        if (m_stop.load() || QFileInfo::exists(m_dir + QStringLiteral("/pause")) || load.state() == QProcess::NotRunning) {
            stopped = load.state() != QProcess::NotRunning;
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
    m_journal.setValue(kvSeedGtid(p.newDs), m.captured(1).trimmed());
    const QString line = QStringLiteral("%1 -> %2: %3 MiB in %4 s (%5 MiB/s), consistent at GTID %6")
                             .arg(p.oldDs, p.newDs)
                             .arg(double(bytes) / 1048576.0, 0, 'f', 1)
                             .arg(secs, 0, 'f', 2)
                             .arg(double(bytes) / 1048576.0 / secs, 0, 'f', 1)
                             .arg(m.captured(1).trimmed().isEmpty() ? QStringLiteral("(empty binlog)") : m.captured(1).trimmed());
    m_journal.addCheck(QStringLiteral("D2"), QStringLiteral("seed"), true, line);
    m_journal.audit(dualStepName(s), QStringLiteral("seed"), p.b.admin.describe(), QString(), QStringLiteral("ok: ") + line);
    say(line);
    if (!copyGrants(p, error))
        return false;
    m_journal.setValue(kvSeed(p.newDs), QStringLiteral("done"));
    return true;
}

// The accounts that work on the old schema get the same schema privileges on the new instance
// (where they have a login; the others are named).
bool DualMasterEngine::copyGrants(const Pair &p, QString *error)
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
            if (!audited(Step::T1, QStringLiteral("grant"), b, sql)) {
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

Outcome DualMasterEngine::stepD2()
{
    QString why;
    for (const Pair &p : std::as_const(m_pairs)) {
        if (m_journal.value(kvSeed(p.newDs)) == QLatin1String("done"))
            continue;
        say(QStringLiteral("seeding %1 from %2 (mariadb-dump --single-transaction --gtid | mariadb)").arg(p.newDs, p.oldDs));
        if (!seed(p, &why)) {
            if (why == QLatin1String("stopped"))
                return Outcome::Paused;
            return fail(Step::T1, why, Outcome::Error);
        }
    }
    return Outcome::Done;
}

// --- D3, D4 ------------------------------------------------------------------------------------------

bool DualMasterEngine::ensureReplUser(Step s, const Pair &p, QString *password, QString *error)
{
    // A fresh password per run of the step: it is never stored by the engine (the replica keeps it
    // in its own master.info); the audit log shows it redacted.
    *password = QString::number(QRandomGenerator::system()->generate64(), 36) +
                QString::number(QRandomGenerator::system()->generate64(), 36);
    Connection a;
    if (!connect(p.a, &a, error) || !a.exec(QStringLiteral("SET SESSION sql_log_bin = 0"))) {
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

Outcome DualMasterEngine::stepD3()
{
    const Step s = Step::T2;
    QString why;
    for (const Pair &p : std::as_const(m_pairs)) {
        QString password;
        if (!ensureReplUser(s, p, &password, &why))
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
                         QStringLiteral("SET GLOBAL gtid_slave_pos = %1").arg(sqlString(m_journal.value(kvSeedGtid(p.newDs))))))
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
                               .arg(p.oldDs, p.newDs, m_journal.value(kvSeedGtid(p.newDs))));
    }
    probe();
    return Outcome::Done;
}

Outcome DualMasterEngine::stepD4()
{
    // The write direction new -> old is not set up by this version: the switch stops writes on the
    // old instances until the config is reloaded, so one direction carries every change.
    m_journal.setStep(Step::T3, StepStatus::Running,
                      QStringLiteral("skipped: one-way replication (old -> new); writes stop for the config reload"));
    m_journal.addCheck(QStringLiteral("D4"), QStringLiteral("dual master"), true,
                       QStringLiteral("not set up: replication runs old -> new only"));
    return Outcome::Done;
}

// --- D5 ----------------------------------------------------------------------------------------------

Outcome DualMasterEngine::stepD5()
{
    const Step s = Step::T4;
    QString why;
    for (const Pair &p : std::as_const(m_pairs)) {
        const QJsonObject orig = QJsonDocument::fromJson(m_journal.value(kvOrig(p.a.instance)).toUtf8()).object();
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

// --- D6 ----------------------------------------------------------------------------------------------

bool DualMasterEngine::switched() const
{
    return !m_journal.value(QStringLiteral("configBackup")).isEmpty();
}

bool DualMasterEngine::loadTableInfo(QString *error)
{
    for (MoveUnit &u : m_moves.units()) {
        if (!u.info.columns.isEmpty())
            continue;
        Connection c;
        const Endpoint *e = m_endpoints.of(u.source.dataSource);
        if (!e || !connect(*e, &c, error) ||
            !readTableInfo(c, u.sourceSchema, u.source.table, u.shardingColumn, &u.info, error))
            return false;
    }
    return true;
}

bool DualMasterEngine::restartInterrupted(Step s, QString *error)
{
    const QStringList stopped = interruptedComparisons(m_journal.values());
    for (const Pair &p : std::as_const(m_pairs)) {
        if (!stopped.contains(p.newDs))
            continue;
        Connection b;
        if (!connect(p.b, &b, error))
            return false;
        const auto st = readReplicaStatus(b, error);
        if (!st)
            return false;
        if (st->configured && !st->running()) {
            const bool ok = startReplication(b, 30000, error);
            m_journal.audit(
                dualStepName(s), QStringLiteral("replication resumed (a comparison was interrupted)"),
                b.params().describe(), QStringLiteral("START SLAVE"), ok ? QStringLiteral("ok") : *error);
            if (!ok)
                return false;
            say(QStringLiteral("%1: replication started again (a comparison was interrupted)").arg(p.newDs));
        }
        m_journal.setValue(kvCompareStopped(p.newDs), QString());
    }
    return true;
}

// Both threads running and lag 0 on every pair (up to 15 min).
Outcome DualMasterEngine::waitCaughtUp(Step s)
{
    QElapsedTimer clock;
    clock.start();
    int zeroPolls = 0;
    while (true) {
        const QList<PairReplication> list = probe();
        bool allZero = true, allCaughtUp = true;
        for (const PairReplication &r : list) {
            if (!r.error.isEmpty())
                return fail(s, r.error, Outcome::Error);
            if (!r.forward.configured)
                return fail(s, QStringLiteral("%1 -> %2: replication is not set up (D3)").arg(r.oldDs, r.newDs));
            if (r.forward.sqlRunning != QLatin1String("Yes") || !r.forward.lastSqlError.isEmpty() ||
                (r.forward.ioRunning == QLatin1String("No") && !r.forward.lastIoError.isEmpty()))
                return fail(s, QStringLiteral("replication stopped: ") + r.describe());
            allZero = allZero && r.forward.running() && r.forward.lagSec == 0;
            allCaughtUp = allCaughtUp && r.caughtUp;
        }
        zeroPolls = allZero ? zeroPolls + 1 : 0;
        // Under steady writes the replica's position trails the source's by the last few
        // transactions; a lag of 0 held for 5 polls counts as caught up then.
        if (allZero && (allCaughtUp || zeroPolls >= 5)) {
            for (const PairReplication &r : list)
                m_journal.addCheck(dualStepName(s), QStringLiteral("lag"), true, r.describe());
            return Outcome::Done;
        }
        if (m_stop.load() || QFileInfo::exists(m_dir + QStringLiteral("/pause")))
            return Outcome::Paused;
        if (clock.elapsed() > qint64(kCatchUpTimeoutSec) * 1000) {
            QStringList lines;
            for (const PairReplication &r : list)
                lines.append(r.describe());
            return fail(s, QStringLiteral("replication did not catch up within %1 s: %2")
                               .arg(kCatchUpTimeoutSec)
                               .arg(lines.join(QStringLiteral("; "))));
        }
        if (m_options.progress) {
            QStringList lines;
            for (const PairReplication &r : list)
                lines.append(r.describe());
            m_options.progress(lines.join(QStringLiteral("; ")));
        }
        QThread::msleep(500);
    }
}

// The rows each new instance will own under the new config against its old instance, exact, both
// read at one GTID position batch by batch (DualCompare.h). With `repair` (D6) what differs is
// rewritten on the new instance from the old one's snapshot and compared again; `migrate verify` only
// lists it. The result goes to the journal: differences (with repair SQL), one check per table, and
// the comparison's summary (D7 wants a clean one made by this process).
Outcome DualMasterEngine::compareRows(Step s, bool repair)
{
    // A verification reports; it marks no step failed.
    auto stop = [&](const QString &message, Outcome o) {
        if (repair)
            return fail(s, message, o);
        m_error = message;
        say(message);
        return o;
    };
    QString why;
    if (!loadTableInfo(&why))
        return stop(why, Outcome::Error);
    QElapsedTimer clock;
    clock.start();
    DualComparison sum;
    sum.by = repair ? dualStepName(s) : QStringLiteral("verify");
    sum.token = m_token;
    QList<RowDifference> differences;
    QStringList lines;
    for (const Pair &p : std::as_const(m_pairs)) {
        DualCompareOptions o;
        o.hash = m_spec.strongHash || m_options.strongHash ? RowHashKind::Strong : RowHashKind::Crc;
        o.repair = repair;
        o.rangeRows = m_spec.maxChunkRows > 0 ? m_spec.maxChunkRows : 50000;
        o.maxRowsPerSec = m_spec.maxRowsPerSec;
        o.stop = &m_stop;
        o.pauseRequested = [this] { return QFileInfo::exists(m_dir + QStringLiteral("/pause")); };
        o.progress = m_options.progress;
        o.audit = [&](const QString &action, const QString &server, const QString &sql,
                      const QString &outcome) {
            m_journal.audit(repair ? dualStepName(s) : QStringLiteral("verify"), action, server, sql,
                            outcome);
        };
        say(QStringLiteral("comparing the rows %1 will own with %2 (exact)%3")
                .arg(p.newDs, p.oldDs,
                     repair ? QStringLiteral("; what differs is repaired from ") + p.oldDs : QString()));
        // Marked before the comparison stops replication: a killed process leaves it to the next run.
        m_journal.setValue(kvCompareStopped(p.newDs), QStringLiteral("1"));
        const DualCompareResult r = compareDualPair(m_moves, p.a, p.b, o);
        QString restartWhy;
        if (!restartInterrupted(s, &restartWhy))
            return stop(QStringLiteral("%1: replication does not run again after the comparison: %2")
                            .arg(p.newDs, restartWhy),
                        Outcome::Error);
        if (r.stopped)
            return Outcome::Paused;
        if (!r.ok)
            return stop(QStringLiteral("comparing %1 with %2: %3").arg(p.newDs, p.oldDs, r.error),
                        Outcome::Error);
        sum.rows += r.rowsCompared;
        sum.repaired += r.repaired;
        differences += r.differences;
        lines += r.lines;
        const QString line =
            QStringLiteral("%1 -> %2: %3 rows compared in %4 batches at %5 (replication stood %6 s in all), "
                           "%7 repaired, %8 differ")
                .arg(p.oldDs, p.newDs)
                .arg(r.rowsCompared)
                .arg(r.batches)
                .arg(r.gtid.isEmpty() ? QStringLiteral("-") : r.gtid)
                .arg(double(r.replicationStoppedMs) / 1000.0, 0, 'f', 1)
                .arg(r.repaired)
                .arg(r.differences.size());
        say(line);
    }
    sum.differences = differences.size();
    sum.clean = differences.isEmpty();
    sum.at = QDateTime::currentDateTimeUtc();
    m_journal.setDifferences(differences);
    m_journal.setValue(kCompare,
                       QString::fromUtf8(QJsonDocument(sum.toJson()).toJson(QJsonDocument::Compact)));
    for (const QString &l : std::as_const(lines)) {
        if (repair)
            m_journal.addCheck(
                dualStepName(s), QStringLiteral("rows"),
                !l.contains(QLatin1String("differences")) && !l.contains(QLatin1String("not compared")), l);
        if (l.contains(QLatin1String("differences")) || l.contains(QLatin1String("not compared")) ||
            l.contains(QLatin1String("repaired")))
            say(l);
    }
    const QLocale en(QLocale::English);
    m_journal.audit(
        sum.by, repair ? QStringLiteral("compare rows and repair") : QStringLiteral("compare rows (verify)"),
        QString(), QString(),
        QStringLiteral("%1 rows compared in %2 s, %3 repaired, %4 differ")
            .arg(en.toString(sum.rows))
            .arg(double(clock.elapsed()) / 1000.0, 0, 'f', 1)
            .arg(en.toString(sum.repaired), en.toString(sum.differences)));
    if (!sum.clean) {
        m_error =
            QStringLiteral(
                "%1 rows of the new instances differ from their old instances (%2); each is listed with "
                "its repair SQL ('shardctl migrate status'); D7 is refused until a comparison is clean")
                .arg(sum.differences)
                .arg(differences.first().targetNode + QStringLiteral(" key ") + differences.first().key +
                     QStringLiteral(": ") + differences.first().kind);
        return stop(m_error, Outcome::GateFailed);
    }
    if (repair)
        m_journal.setStep(s, StepStatus::Running,
                          QStringLiteral("%1 rows compared exact on %2 pairs, %3 repaired")
                              .arg(en.toString(sum.rows))
                              .arg(m_pairs.size())
                              .arg(en.toString(sum.repaired)));
    return Outcome::Done;
}

// D7 switches only after a clean comparison by this process: a restart may follow anything (a replica
// restarted, rows written behind replication's back), so a run that starts again compares again (D6).
bool DualMasterEngine::comparisonGate(QString *error)
{
    const auto c = storedComparison(m_journal.values());
    if (!c)
        *error = QStringLiteral("the rows of the new instances were never compared with the old ones (D6)");
    else if (!c->clean)
        *error = QStringLiteral(
                     "%1 rows of the new instances differ from the old ones (%2 at %3 UTC); D6 compares and "
                     "repairs again")
                     .arg(c->differences)
                     .arg(c->by, c->at.toString(Qt::ISODate));
    else if (c->token != m_token)
        *error = QStringLiteral(
                     "the last clean comparison (%1 at %2 UTC) was made by another run; D6 compares again")
                     .arg(c->by, c->at.toString(Qt::ISODate));
    else
        return true;
    return false;
}

Outcome DualMasterEngine::stepD6()
{
    const Step s = Step::T5;
    QString why;
    if (!restartInterrupted(s, &why))
        return fail(s, why, Outcome::Error);
    QElapsedTimer clock;
    clock.start();
    Outcome o = waitCaughtUp(s);
    if (o != Outcome::Done)
        return o;
    const double lagAt = clock.elapsed() / 1000.0;
    o = compareRows(s, true);
    if (o != Outcome::Done)
        return o;
    const QString compared = m_journal.step(s).message;
    // The comparison held replication for moments: caught up again, so D7's write stop stays short.
    o = waitCaughtUp(s);
    if (o != Outcome::Done)
        return o;
    m_journal.setStep(s, StepStatus::Running,
                      QStringLiteral("lag 0 on %1 pairs after %2 s; %3")
                          .arg(m_pairs.size())
                          .arg(lagAt, 0, 'f', 1)
                          .arg(compared));
    return Outcome::Done;
}

// --- gates, D7 ---------------------------------------------------------------------------------------

// Replication threads running, lag under the write-stop budget, server_ids distinct, binary logs on,
// no transaction written on a new instance by anyone but replication (errant), and, once writes are
// stopped (beforeSwitch = false), every replica at its source's GTID position.
bool DualMasterEngine::gates(Step s, bool beforeSwitch, QString *error)
{
    QStringList problems;
    QMap<quint32, QString> ids;
    const QList<PairReplication> list = probe();
    for (int i = 0; i < m_pairs.size(); ++i) {
        const Pair &p = m_pairs.at(i);
        const PairReplication &r = list.at(i);
        QStringList bad;
        if (!r.error.isEmpty())
            bad.append(r.error);
        else {
            if (!r.forward.running())
                bad.append(QStringLiteral("replication threads IO %1, SQL %2").arg(r.forward.ioRunning, r.forward.sqlRunning));
            if (r.forward.lagSec < 0 || r.forward.lagSec > m_spec.writeStopBudgetSec)
                bad.append(QStringLiteral("lag %1 s (at most %2 s)").arg(r.forward.lagSec).arg(m_spec.writeStopBudgetSec));
            if (!beforeSwitch && !r.caughtUp)
                bad.append(QStringLiteral("GTID positions differ: old %1, new %2").arg(r.sourcePos, r.replicaPos));
        }
        for (int side = 0; side < 2 && r.error.isEmpty(); ++side) {
            const Endpoint &e = side == 0 ? p.a : p.b;
            Connection c;
            QString why;
            if (!connect(e, &c, &why)) {
                bad.append(why);
                continue;
            }
            auto v = c.query(QStringLiteral("SELECT @@server_id, @@log_bin, @@gtid_binlog_state"));
            if (!v || v->rows.isEmpty()) {
                bad.append(c.lastError());
                continue;
            }
            const quint32 sid = v->rows.first().at(0).toUInt();
            if (ids.contains(sid))
                bad.append(QStringLiteral("server_id %1 also on %2").arg(sid).arg(ids.value(sid)));
            ids.insert(sid, e.instance);
            if (v->rows.first().at(1).toInt() != 1)
                bad.append(e.instance + QStringLiteral(": log_bin OFF"));
            if (side == 1) {
                const QJsonObject orig = QJsonDocument::fromJson(m_journal.value(kvOrig(e.instance)).toUtf8()).object();
                const auto before = parseGtidList(orig.value(QStringLiteral("binlogState")).toString(), &why);
                const auto now = parseGtidList(v->rows.first().at(2).toString(), &why);
                if (!before || !now)
                    bad.append(e.instance + QStringLiteral(": ") + why);
                else {
                    const QList<Gtid> errant = errantGtids(*before, *now, sid);
                    if (!errant.isEmpty())
                        bad.append(QStringLiteral("%1 has errant transactions %2 (written there, not replicated)")
                                       .arg(p.newDs, gtidText(errant)));
                }
            }
        }
        m_journal.addCheck(dualStepName(s), QStringLiteral("replication gate"), bad.isEmpty(),
                           bad.isEmpty() ? r.describe() : QStringLiteral("%1 -> %2: %3").arg(p.oldDs, p.newDs, bad.join(QStringLiteral("; "))));
        if (!bad.isEmpty())
            problems.append(QStringLiteral("%1 -> %2: %3").arg(p.oldDs, p.newDs, bad.join(QStringLiteral("; "))));
    }
    *error = problems.join(QStringLiteral("; "));
    return problems.isEmpty();
}

bool DualMasterEngine::setReadOnly(Step s, bool on, QString *error)
{
    for (const Pair &p : std::as_const(m_pairs)) {
        Connection c;
        if (!connect(p.a, &c, error))
            return false;
        if (!audited(s, on ? QStringLiteral("read_only on") : QStringLiteral("read_only off"), c,
                     QStringLiteral("SET GLOBAL read_only = %1").arg(on ? 1 : 0))) {
            *error = c.lastError();
            return false;
        }
    }
    return true;
}

bool DualMasterEngine::switchConfig(QString *error)
{
    const Step s = Step::T6;
    QString why;
    const QString backup = m_journal.value(QStringLiteral("configBackup"));
    const QString sha = sha256OfFile(m_spec.configPath, &why);
    const QByteArray newText = m_plan.newConfigText.toUtf8();
    const QString newSha = QString::fromLatin1(QCryptographicHash::hash(newText, QCryptographicHash::Sha256).toHex());
    if (!(!backup.isEmpty() && sha == newSha)) {
        if (sha != m_spec.configSha256) {
            *error = QStringLiteral("%1 changed since the plan was made; not replacing it").arg(m_spec.configPath);
            return false;
        }
        const QString stamp = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss"));
        const QString backupPath = m_spec.configPath + QStringLiteral(".before-") + m_spec.runId + QLatin1Char('-') + stamp;
        if (!QFile::copy(m_spec.configPath, backupPath)) {
            *error = QStringLiteral("cannot write the backup %1").arg(backupPath);
            return false;
        }
        m_journal.setValue(QStringLiteral("configBackup"), backupPath);
        QSaveFile f(m_spec.configPath);
        const auto perms = QFileInfo(m_spec.configPath).permissions();
        if (!f.open(QIODevice::WriteOnly) || f.write(newText) != newText.size() || !f.commit()) {
            *error = QStringLiteral("cannot write %1: %2").arg(m_spec.configPath, f.errorString());
            return false;
        }
        QFile::setPermissions(m_spec.configPath, perms);
        m_journal.audit(dualStepName(s), QStringLiteral("switch config"), QString(),
                        QStringLiteral("replaced %1 (backup %2)").arg(m_spec.configPath, backupPath), QStringLiteral("ok"));
        say(QStringLiteral("the new config is in %1; the old one is kept as %2").arg(m_spec.configPath, backupPath));
    }
    if (!m_spec.reloadCommand.isEmpty()) {
        QProcess p;
        p.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), m_spec.reloadCommand});
        const bool ok = p.waitForFinished(120000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
        m_journal.audit(dualStepName(s), QStringLiteral("reload command"), QString(), m_spec.reloadCommand,
                        ok ? QStringLiteral("ok")
                           : QStringLiteral("failed: ") + QString::fromLocal8Bit(p.readAllStandardError()).left(500));
        if (!ok) {
            *error = QStringLiteral("the reload command failed: %1").arg(m_spec.reloadCommand);
            return false;
        }
    }
    return true;
}

Outcome DualMasterEngine::stepD7()
{
    const Step s = Step::T6;
    QString why;
    const bool switched = this->switched();
    if (!switched && !comparisonGate(&why)) {
        m_journal.addCheck(dualStepName(s), QStringLiteral("rows compared"), false, why);
        return fail(s, QStringLiteral("the switch is refused: ") + why);
    }
    if (!switched)
        m_journal.addCheck(dualStepName(s), QStringLiteral("rows compared"), true,
                           QStringLiteral("clean comparison by this run (D6)"));
    if (!switched && !gates(s, true, &why))
        return fail(s, QStringLiteral("the switch is refused: ") + why);
    if (m_journal.value(QStringLiteral("writeStopStart")).isEmpty())
        m_journal.setValue(QStringLiteral("writeStopStart"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    if (!setReadOnly(s, true, &why))
        return fail(s, why, Outcome::Error);
    auto resume = [&](const QString &reason) {
        QString lift;
        setReadOnly(s, false, &lift);
        m_journal.setValue(QStringLiteral("writeStopStart"), QString());
        return fail(s, reason + QStringLiteral("; writes are resumed (read_only=0)"));
    };
    // Every replica reaches its source's final position within the budget.
    QDeadlineTimer deadline(qint64(m_spec.writeStopBudgetSec) * 1000);
    for (const Pair &p : std::as_const(m_pairs)) {
        Connection a, b;
        if (!connect(p.a, &a, &why) || !connect(p.b, &b, &why))
            return resume(why);
        auto pos = a.queryValue(QStringLiteral("SELECT @@gtid_binlog_pos"));
        if (!pos)
            return resume(a.lastError());
        const double left = qMax<qint64>(1, deadline.remainingTime()) / 1000.0;
        auto w = b.queryValue(QStringLiteral("SELECT MASTER_GTID_WAIT(%1, %2)").arg(sqlString(pos->toString())).arg(left, 0, 'f', 3));
        if (!w || w->toInt() != 0)
            return resume(QStringLiteral("%1 did not reach %2's position %3 within %4 s of the write stop")
                              .arg(p.newDs, p.oldDs, pos->toString())
                              .arg(m_spec.writeStopBudgetSec));
    }
    if (!switched && !gates(s, false, &why))
        return resume(QStringLiteral("the switch is refused: ") + why);
    if (!switchConfig(&why))
        return resume(why);
    m_journal.setValue(QStringLiteral("switchedAt"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    if (!setReadOnly(s, false, &why))
        return fail(s, why, Outcome::Error);
    const QDateTime start = QDateTime::fromString(m_journal.value(QStringLiteral("writeStopStart")), Qt::ISODateWithMs);
    const QDateTime end = QDateTime::currentDateTimeUtc();
    m_journal.setValue(QStringLiteral("writesResumed"), end.toString(Qt::ISODateWithMs));
    if (start.isValid()) {
        const qint64 ms = start.msecsTo(end);
        m_journal.setValue(QStringLiteral("writeStopMs"), QString::number(ms));
        say(QStringLiteral("writes resumed; they were stopped for %1 s").arg(double(ms) / 1000.0, 0, 'f', 1));
        m_journal.setStep(s, StepStatus::Running, QStringLiteral("write stop %1 s").arg(double(ms) / 1000.0, 0, 'f', 1));
    }
    return Outcome::Done;
}

// --- D8 ----------------------------------------------------------------------------------------------

bool DualMasterEngine::cutReplication(Step s, QString *error)
{
    for (const Pair &p : std::as_const(m_pairs)) {
        Connection a, b;
        if (!connect(p.a, &a, error) || !connect(p.b, &b, error))
            return false;
        b.setWarningPolicy({});
        a.setWarningPolicy({});
        const auto st = readReplicaStatus(b, error);
        if (!st)
            return false;
        if (st->configured && st->running() && s == Step::T7) {
            // What clients still on the old config wrote to the old instance reaches the new one.
            if (auto pos = a.queryValue(QStringLiteral("SELECT @@gtid_binlog_pos")))
                b.queryValue(QStringLiteral("SELECT MASTER_GTID_WAIT(%1, 20)").arg(sqlString(pos->toString())));
        }
        const QJsonObject orig = QJsonDocument::fromJson(m_journal.value(kvOrig(p.b.instance)).toUtf8()).object();
        if (!audited(s, QStringLiteral("stop replica"), b, QStringLiteral("STOP SLAVE")) ||
            !audited(s, QStringLiteral("remove replication"), b, QStringLiteral("RESET SLAVE ALL")) ||
            !audited(s, QStringLiteral("replication filter"), b,
                     QStringLiteral("SET GLOBAL replicate_do_db = %1").arg(sqlString(orig.value(QStringLiteral("doDb")).toString())))) {
            *error = b.lastError();
            return false;
        }
        if (p.a.schema != p.b.schema)
            audited(s, QStringLiteral("replication filter"), b, QStringLiteral("SET GLOBAL replicate_rewrite_db = ''"));
        if (!a.exec(QStringLiteral("SET SESSION sql_log_bin = 0")) ||
            !audited(s, QStringLiteral("drop replication account"), a,
                     QStringLiteral("DROP USER IF EXISTS %1@'%'").arg(a.quoteString(replUser())))) {
            *error = a.lastError();
            return false;
        }
    }
    return true;
}

bool DualMasterEngine::restoreSettings(Step s, QString *error)
{
    for (const Pair &p : std::as_const(m_pairs))
        for (const Endpoint *e : {&p.a, &p.b}) {
            const QJsonObject orig = QJsonDocument::fromJson(m_journal.value(kvOrig(e->instance)).toUtf8()).object();
            if (orig.isEmpty())
                continue;
            Connection c;
            if (!connect(*e, &c, error))
                return false;
            if (!audited(s, QStringLiteral("auto_increment restored"), c,
                         QStringLiteral("SET GLOBAL auto_increment_increment = %1")
                             .arg(orig.value(QStringLiteral("aiIncrement")).toInteger(1))) ||
                !audited(s, QStringLiteral("auto_increment restored"), c,
                         QStringLiteral("SET GLOBAL auto_increment_offset = %1").arg(orig.value(QStringLiteral("aiOffset")).toInteger(1)))) {
                *error = c.lastError();
                return false;
            }
        }
    return true;
}

Outcome DualMasterEngine::stepD8()
{
    const Step s = Step::T7;
    QString why;
    if (m_journal.step(Step::T6).status != StepStatus::Done)
        return fail(s, QStringLiteral("the config is not switched (D7)"));
    if (!cutReplication(s, &why) || !restoreSettings(s, &why))
        return fail(s, why, Outcome::Error);
    probe();
    m_journal.setValue(QStringLiteral("cutAt"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    m_journal.addCheck(QStringLiteral("D8"), QStringLiteral("replication"), true,
                       QStringLiteral("replication removed on %1 new instances; auto_increment settings restored").arg(m_pairs.size()));
    return Outcome::Done;
}

// --- D9 ----------------------------------------------------------------------------------------------

// The keys D9 kept on one side because their owner lacks them: a JSON array of encodeKey texts (earlier
// versions wrote one-column integer keys separated by commas).
static QList<Key> keptKeysFrom(const QString &text)
{
    QList<Key> out;
    const QString t = text.trimmed();
    if (t.isEmpty())
        return out;
    if (!t.startsWith(QLatin1Char('['))) {
        for (const QString &k : t.split(QLatin1Char(','), Qt::SkipEmptyParts))
            out.append(Key{QVariant(qlonglong(k.trimmed().toLongLong()))});
        return out;
    }
    for (const QJsonValue &v : QJsonDocument::fromJson(t.toUtf8()).array())
        if (auto k = decodeKey(v.toString()))
            out.append(*k);
    return out;
}

static QString keptKeysText(const QList<Key> &keys)
{
    QJsonArray a;
    for (const Key &k : keys)
        a.append(encodeKey(k));
    return keys.isEmpty() ? QString() : QString::fromUtf8(QJsonDocument(a).toJson(QJsonDocument::Compact));
}

// Deletes on one side the rows the other side owns, forward in key order (the server's, keys of any
// type: KeySql.h), in chunks: each chunk's rows are found on the owning side (with the owner's
// routing) just before the DELETE, and the DELETE repeats the routing condition.
bool DualMasterEngine::purgeSide(const MoveUnit &u, bool oldSide, QStringList *kept, QString *error)
{
    const Step s = Step::T8;
    const TableInfo &info = u.info;
    const MoveTarget &t = u.targets.first();
    const QString moved = QLatin1Char('(') + t.predicateSql + QLatin1Char(')');
    const QString here = oldSide ? u.qualifiedSource() : u.qualifiedTarget(0);
    const QString there = oldSide ? u.qualifiedTarget(0) : u.qualifiedSource();
    const QString hereLabel = oldSide ? u.source.toString() : t.node.toString();
    const QString thereLabel = oldSide ? t.node.toString() : u.source.toString();
    // Old keeps what does not move; new keeps what moves.
    const QString drop = oldSide ? moved + QStringLiteral(" IS TRUE") : moved + QStringLiteral(" IS NOT TRUE");
    const QString owned = drop; // the owner's copy routes to the owner: the same condition
    const Endpoint *he = m_endpoints.of(oldSide ? u.source.dataSource : t.node.dataSource);
    const Endpoint *te = m_endpoints.of(oldSide ? t.node.dataSource : u.source.dataSource);
    Connection hc, tc;
    if (!he || !te || !connect(*he, &hc, error) || !connect(*te, &tc, error))
        return false;
    if (!prepareExactSession(hc, false) || !prepareExactSession(tc, false)) {
        *error = hc.lastError() + tc.lastError();
        return false;
    }
    const QString key = kvPurge(oldSide, u.id);
    const QString keptKey = key + QStringLiteral(".kept");
    QList<Key> keptKeys = keptKeysFrom(m_journal.value(keptKey));
    QSet<QByteArray> keptIds;
    for (const Key &k : std::as_const(keptKeys))
        keptIds.insert(keyId(k));
    qint64 deleted = 0;
    auto deleteKeys = [&](const QList<Key> &keys, const QString &action) {
        Transaction tx(hc);
        const QString sql =
            QStringLiteral("DELETE FROM %1 WHERE %2 AND %3").arg(here, keyIn(info, keys), drop);
        ExecResult er;
        const bool ok = tx.ok() && hc.exec(sql, &er);
        const QString shown =
            keys.size() > 3
                ? QStringLiteral("DELETE FROM %1 WHERE (%2) IN (%3 .. %4, %5 keys) AND %6")
                      .arg(here, info.pkList(), keyText(info, keys.first()), keyText(info, keys.last()))
                      .arg(keys.size())
                      .arg(drop)
                : sql;
        m_journal.audit(dualStepName(s), action, hc.params().describe(), shown,
                        ok ? QStringLiteral("ok: %1 rows").arg(er.affectedRows) : hc.lastError());
        if (!ok || !tx.commit()) {
            *error = hc.lastError() + tx.error();
            return false;
        }
        deleted += qint64(er.affectedRows);
        return true;
    };
    auto keysText = [&](const QList<Key> &keys, int at) {
        QStringList out;
        for (int i = 0; i < keys.size() && i < at; ++i)
            out.append(keyText(info, keys.at(i)));
        return out.join(QStringLiteral(", "));
    };
    // Rows kept by an earlier run because their owner lacked them: purged only when the operator
    // says why (audited).
    if (!keptKeys.isEmpty() && !m_options.overrideReason.trimmed().isEmpty()) {
        m_journal.audit(dualStepName(s), QStringLiteral("purge rows their owner lacks"),
                        hc.params().describe(),
                        QStringLiteral("%1 keys %2").arg(hereLabel, keysText(keptKeys, 50)),
                        QStringLiteral("override: ") + m_options.overrideReason);
        for (qsizetype i = 0; i < keptKeys.size(); i += 1000)
            if (!deleteKeys(keptKeys.mid(i, 1000), QStringLiteral("purge chunk (override)")))
                return false;
        keptKeys.clear();
        keptIds.clear();
        m_journal.setValue(keptKey, QString());
    }
    // Where the last run stopped (an integer in earlier versions' journals, decodeKey reads both).
    std::optional<Key> last = decodeKey(m_journal.value(key));
    const QString keySel = exactKeyList(info);
    // Throttled like the copy (RateLimiter: no credit kept over a pause, chunks no larger than its burst).
    RateLimiter limiter(m_spec.maxRowsPerSec);
    const int chunk = limiter.maxRequest(qBound(10, m_spec.chunkRows, 10000));
    while (true) {
        const auto stopping = [this] { return m_stop.load() || QFileInfo::exists(m_dir + QStringLiteral("/pause")); };
        if (stopping() || !limiter.acquire(chunk, stopping)) {
            *error = QStringLiteral("stopped");
            return false;
        }
        const qint64 deletedBefore = deleted;
        const QString after = last ? keyCompare(info, *last, ">") + QStringLiteral(" AND ") : QString();
        auto rows = hc.query(QStringLiteral("SELECT %1 FROM %2 WHERE %3%4 ORDER BY %5 LIMIT %6")
                                 .arg(keySel, here, after, drop, info.pkList())
                                 .arg(chunk));
        if (!rows) {
            *error = hc.lastError();
            return false;
        }
        if (rows->rows.isEmpty())
            break;
        QList<Key> keys;
        for (const auto &r : rows->rows) {
            Key k;
            if (!exactKeyOf(info, r, 0, &k, error))
                return false;
            keys.append(k);
        }
        // Just before the DELETE: the side that owns these rows has them (routed there).
        auto found = tc.query(
            QStringLiteral("SELECT %1 FROM %2 WHERE %3 AND %4").arg(keySel, there, keyIn(info, keys), owned));
        if (!found) {
            *error = tc.lastError();
            return false;
        }
        QSet<QByteArray> have;
        for (const auto &r : found->rows) {
            Key k;
            if (!exactKeyOf(info, r, 0, &k, error))
                return false;
            have.insert(keyId(k));
        }
        QList<Key> verified;
        for (const Key &k : std::as_const(keys)) {
            const QByteArray id = keyId(k);
            if (have.contains(id))
                verified.append(k);
            else if (!keptIds.contains(id)) {
                keptKeys.append(k);
                keptIds.insert(id);
            }
        }
        if (keptKeys.size() > 100000) {
            *error = QStringLiteral("%1: more than 100,000 rows to purge are not on %2, the side that owns them; stopped")
                         .arg(hereLabel, thereLabel);
            m_journal.setValue(keptKey, keptKeysText(keptKeys));
            return false;
        }
        if (!verified.isEmpty() && !deleteKeys(verified, QStringLiteral("purge chunk")))
            return false;
        last = keys.last();
        m_journal.setValue(keptKey, keptKeysText(keptKeys));
        m_journal.setValue(key, encodeKey(*last));
        if (limiter.limited())
            limiter.refund(chunk - (deleted - deletedBefore));
        else
            QThread::msleep(5); // leaves the server room between chunks
    }
    m_journal.addCheck(
        QStringLiteral("D9"), QStringLiteral("purge"), keptKeys.isEmpty(),
        keptKeys.isEmpty()
            ? QStringLiteral("%1: %2 rows deleted (owned by %3)").arg(hereLabel).arg(deleted).arg(thereLabel)
            : QStringLiteral("%1: %2 rows deleted; %3 rows kept because %4, which owns them, lacks them "
                             "(keys %5)")
                  .arg(hereLabel)
                  .arg(deleted)
                  .arg(keptKeys.size())
                  .arg(thereLabel, keysText(keptKeys, 20)));
    for (const Key &k : std::as_const(keptKeys))
        kept->append(hereLabel + QStringLiteral(" key ") + keyText(info, k));
    return true;
}

Outcome DualMasterEngine::stepD9()
{
    const Step s = Step::T8;
    if (m_journal.step(Step::T7).status != StepStatus::Done)
        return fail(s, QStringLiteral("replication is not cut (D8)"));
    const QDateTime switched = QDateTime::fromString(m_journal.value(QStringLiteral("switchedAt")), Qt::ISODateWithMs);
    const QDateTime until = switched.addSecs(m_spec.observeSec);
    if (QDateTime::currentDateTimeUtc() < until) {
        if (m_options.overrideReason.trimmed().isEmpty())
            return fail(s, QStringLiteral("the observation window lasts until %1 UTC; purge then, or give --override-reason")
                               .arg(until.toString(Qt::ISODate)));
        m_journal.audit(dualStepName(s), QStringLiteral("purge before the observation window ended"), QString(), QString(),
                        QStringLiteral("override: ") + m_options.overrideReason);
    }
    QString why;
    QStringList kept;
    if (!loadTableInfo(&why))
        return fail(s, why, Outcome::Error);
    for (MoveUnit &u : m_moves.units()) {
        if (u.broadcast || u.targets.isEmpty())
            continue;
        for (const bool oldSide : {true, false}) {
            if (!purgeSide(u, oldSide, &kept, &why)) {
                if (why == QLatin1String("stopped"))
                    return Outcome::Paused;
                return fail(s, why, Outcome::Error);
            }
        }
    }
    if (!kept.isEmpty())
        return fail(s, QStringLiteral("%1 rows were kept: the side that owns them lacks them (deleted there since the "
                                      "switch, or never replicated): %2. Check them, then run D9 again with "
                                      "--override-reason to purge them")
                           .arg(kept.size())
                           .arg(kept.mid(0, 20).join(QStringLiteral(", "))));
    return Outcome::Done;
}

Outcome DualMasterEngine::stepD10()
{
    m_journal.setStep(Step::T9, StepStatus::Running,
                      QStringLiteral("not automated: give every instance its own replica again"));
    m_journal.addCheck(QStringLiteral("D10"), QStringLiteral("high availability"), true,
                       QStringLiteral("the old pairing is gone; set up a replica for each of the %1 instances").arg(2 * m_pairs.size()));
    return Outcome::Done;
}

// --- check, rollback ---------------------------------------------------------------------------------

Outcome DualMasterEngine::check(const RunOptions &options)
{
    m_options = options;
    QString why;
    if (!restartInterrupted(Step::T5, &why)) {
        m_error = why;
        return Outcome::Error;
    }
    const bool ok = gates(Step::T6, true, &why);
    for (const PairReplication &r : storedReplication(m_journal.values()))
        say(r.describe());
    // The rows too, while replication runs and the config is not switched; nothing is repaired.
    Outcome compared = Outcome::Done;
    if (m_journal.step(Step::T2).status == StepStatus::Done && !switched())
        compared = compareRows(Step::T5, false);
    if (!ok) {
        m_error = why;
        return Outcome::GateFailed;
    }
    return compared;
}

Outcome DualMasterEngine::rollback(bool dropTargets, const RunOptions &options)
{
    m_options = options;
    const QList<StepState> st = m_journal.steps();
    if (st.at(int(Step::T6)).status == StepStatus::Done) {
        m_error = QStringLiteral("the config was switched and writes resumed (D7): rollback is only possible before D7");
        say(m_error);
        return Outcome::GateFailed;
    }
    QString why;
    const QString backup = m_journal.value(QStringLiteral("configBackup"));
    if (!backup.isEmpty() && QFileInfo::exists(backup)) {
        QFile::remove(m_spec.configPath);
        if (!QFile::copy(backup, m_spec.configPath)) {
            m_error = QStringLiteral("cannot restore %1 from %2").arg(m_spec.configPath, backup);
            return Outcome::Error;
        }
        m_journal.audit(QString(), QStringLiteral("rollback: config restored"), QString(),
                        QStringLiteral("%1 <- %2").arg(m_spec.configPath, backup), QStringLiteral("ok"));
    }
    if (!m_journal.value(QStringLiteral("writeStopStart")).isEmpty()) {
        if (!setReadOnly(Step::T6, false, &why)) {
            m_error = why;
            return Outcome::Error;
        }
        say(QStringLiteral("writes resumed on the old instances (read_only=0)"));
    }
    if (st.at(int(Step::T2)).status != StepStatus::Pending) {
        if (!cutReplication(Step::T2, &why)) {
            m_error = why;
            return Outcome::Error;
        }
        // The new instances' replication position goes back to what it was.
        for (const Pair &p : std::as_const(m_pairs)) {
            const QJsonObject orig = QJsonDocument::fromJson(m_journal.value(kvOrig(p.b.instance)).toUtf8()).object();
            Connection b;
            if (connect(p.b, &b, &why)) {
                b.setWarningPolicy({});
                audited(Step::T2, QStringLiteral("rollback: replication position"), b,
                        QStringLiteral("SET GLOBAL gtid_slave_pos = %1").arg(sqlString(orig.value(QStringLiteral("slavePos")).toString())));
            }
        }
        for (const Pair &p : std::as_const(m_pairs))
            m_journal.setValue(kvCompareStopped(p.newDs), QString());
        say(QStringLiteral("replication stopped and removed"));
    }
    if (!restoreSettings(Step::T4, &why)) {
        m_error = why;
        return Outcome::Error;
    }
    if (dropTargets) {
        for (const Pair &p : std::as_const(m_pairs)) {
            Connection b;
            if (!connect(p.b, &b, &why) || !b.exec(QStringLiteral("SET SESSION sql_log_bin = 0"))) {
                m_error = why.isEmpty() ? b.lastError() : why;
                return Outcome::Error;
            }
            b.setWarningPolicy({});
            if (m_journal.value(kvCreated(p.newDs)) == QLatin1String("1")) {
                if (!audited(Step::T1, QStringLiteral("rollback: drop seeded schema"), b,
                             QStringLiteral("DROP DATABASE IF EXISTS ") + Connection::quoteIdentifier(p.b.schema))) {
                    m_error = b.lastError();
                    return Outcome::Error;
                }
                continue;
            }
            if (m_journal.value(kvSeed(p.newDs)).isEmpty())
                continue; // nothing was seeded there
            auto tables = b.query(QStringLiteral("SELECT TABLE_NAME, TABLE_TYPE FROM information_schema.TABLES WHERE TABLE_SCHEMA = ") +
                                  b.quoteString(p.b.schema));
            if (!tables) {
                m_error = b.lastError();
                return Outcome::Error;
            }
            for (const auto &row : tables->rows)
                if (!audited(Step::T1, QStringLiteral("rollback: drop seeded table"), b,
                             QStringLiteral("DROP %1 IF EXISTS %2.%3")
                                 .arg(row.at(1).toString() == QLatin1String("VIEW") ? QStringLiteral("VIEW") : QStringLiteral("TABLE"),
                                      Connection::quoteIdentifier(p.b.schema), Connection::quoteIdentifier(row.at(0).toString())))) {
                    m_error = b.lastError();
                    return Outcome::Error;
                }
        }
        say(QStringLiteral("seeded data dropped on the new instances"));
    }
    for (int i = 0; i < kStepCount; ++i)
        if (st.at(i).status != StepStatus::Pending)
            m_journal.setStep(Step(i), StepStatus::RolledBack, QStringLiteral("rolled back"));
    m_journal.setValue(QStringLiteral("rolledBack"), QStringLiteral("1"));
    m_journal.audit(QString(), QStringLiteral("rollback"), QString(),
                    dropTargets ? QStringLiteral("seeded data dropped") : QStringLiteral("seeded data kept"), QStringLiteral("ok"));
    return Outcome::Done;
}

} // namespace sp::migration
