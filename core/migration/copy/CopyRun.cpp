// The copy kind's steps T0..T7, verification, repair and rollback (CopyRun.h); T8 and T9 are in
// CopyAfterSwitch.cpp, the pre-verification in CopyPreVerify.cpp, the switch's guard in
// CopySwitchGuard.cpp.
#include "core/migration/copy/CopyRun.h"

#include "core/cluster/Transaction.h"
#include "core/config/ConfigLoader.h"
#include "core/migration/CaptureGuard.h"
#include "core/migration/ExistingTargets.h"
#include "core/migration/NullKeys.h"
#include "core/migration/PreVerify.h"
#include "core/migration/RateWindow.h"
#include "core/migration/SpaceEstimate.h"
#include "core/migration/SqlParts.h"
#include "core/migration/TableChecks.h"
#include "core/migration/TargetMeta.h"
#include "core/migration/WriteStop.h"
#include "core/migration/copy/ReverseStream.h"
#include "core/migration/copy/SourceWorker.h"
#include "core/migration/run/Actions.h"
#include "core/migration/run/Throttle.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QLocale>
#include <QMutex>
#include <QRegularExpression>
#include <QSemaphore>

#include <algorithm>
#include <map>
#include <thread>

namespace sp::migration {

CopyRun::CopyRun(RunContext &ctx)
    : m_ctx(ctx), m_dir(ctx.dir), m_spec(ctx.spec), m_plan(ctx.plan), m_newConfig(ctx.newConfig),
      m_endpoints(ctx.endpoints), m_moves(ctx.moves), m_journal(ctx.journalFile.get()),
      m_options(ctx.options), m_stop(ctx.stop), m_error(ctx.error)
{}

CopyRun::~CopyRun()
{
    for (auto &w : m_workers)
        w->stop();
}

bool CopyRun::open(QString *error)
{
    return m_endpoints.resolve(m_newConfig, m_spec, error) && m_moves.build(m_plan, m_newConfig, m_endpoints, error);
}

bool CopyRun::loadTableInfo(QString *error)
{
    if (m_tableInfoLoaded)
        return true;
    // Every source server's tables at once (one session each; a unit is written by its server's job only).
    const QStringList instances = m_moves.sourceInstances();
    std::vector<QString> errors(size_t(instances.size()));
    forEachServer(int(instances.size()), [&](int i) {
        Connection c;
        if (!c.open(m_endpoints.adminOfInstance(instances.at(i))) || !prepareSession(c, false)) {
            errors[size_t(i)] = c.lastError();
            return;
        }
        QList<MoveUnit *> mine;
        QList<TableRef> refs;
        for (MoveUnit &u : m_moves.units())
            if (u.sourceInstance == instances.at(i)) {
                mine.append(&u);
                refs.append({u.sourceSchema, u.source.table, u.shardingColumn});
            }
        QList<TableInfo> infos;
        if (!readTableInfos(c, refs, &infos, &errors[size_t(i)]))
            return;
        for (qsizetype k = 0; k < mine.size(); ++k)
            mine.at(k)->info = infos.at(k);
    });
    for (const QString &e : errors)
        if (!e.isEmpty()) {
            *error = e;
            return false;
        }
    m_tableInfoLoaded = true;
    return true;
}

void CopyRun::requestStop()
{
    for (auto &w : m_workers)
        w->stop();
}

Outcome CopyRun::runStep(Step s)
{
    m_step = s;
    // The throttle is the workers' only while a step the table marks throttled runs (T2, T3): inside
    // the write stop nothing waits for it.
    for (auto &w : m_workers)
        w->setThrottle(throttled() ? m_ctx.throttle.get() : nullptr);
    switch (s) {
    case Step::T0:
        return stepT0();
    case Step::T1:
        return stepT1();
    case Step::T2:
        return stepT2();
    case Step::T3:
        return stepT3();
    case Step::T4:
        return stepT4();
    case Step::T5:
        return stepT5();
    case Step::T6:
        return stepT6();
    case Step::T7:
        return stepT7();
    case Step::T8:
        return stepT8();
    case Step::T9:
        return stepT9();
    }
    return Outcome::Error;
}

void CopyRun::runEnded()
{
    for (auto &w : m_workers)
        w->stop();
}

// --- T0 ----------------------------------------------------------------------------------------------

Outcome CopyRun::stepT0()
{
    QString why;
    const QString sha = sha256OfFile(m_spec.configPath, &why);
    if (sha.isEmpty())
        return fail(Step::T0, why);
    if (sha != m_spec.configSha256)
        return fail(Step::T0, QStringLiteral("%1 changed since the plan was made (sha256 %2, plan %3): make a new plan")
                                  .arg(m_spec.configPath, sha.left(12), m_spec.configSha256.left(12)));
    m_journal->addCheck(QStringLiteral("T0"), QStringLiteral("config unchanged"), true, m_spec.configPath);

    // T6 writes the plan's new config: it must be complete. Plans carry no secrets and no guessed
    // urls, so a password the old file holds, or a new data source without a url, stops here.
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
            return fail(Step::T0, QStringLiteral("the plan's new config lacks %1; T6 would write it as it is. Keep "
                                                 "passwords in an option file or the keychain (the linter flags them "
                                                 "in the config), then plan again")
                                      .arg(missing.join(QStringLiteral("; "))));
    }

    std::map<QString, std::unique_ptr<Connection>> conns;
    for (const QString &inst : m_endpoints.instances()) {
        auto c = std::make_unique<Connection>();
        if (!c->open(m_endpoints.adminOfInstance(inst)) || !prepareSession(*c, false))
            return fail(Step::T0, QStringLiteral("%1 is not reachable: %2").arg(inst, c->lastError()));
        conns.emplace(inst, std::move(c));
    }
    // Every server: MariaDB (the capture reads MariaDB's binlog); sources: a replica must log what it
    // applies, or those changes bypass the binlog the capture reads.
    QStringList problems;
    const QStringList sourceInstances = m_moves.sourceInstances();
    for (const QString &inst : m_endpoints.instances()) {
        const auto facts = readServerFacts(*conns.at(inst), &why);
        if (!facts)
            return fail(Step::T0, QStringLiteral("%1: %2").arg(inst, why));
        const bool source = sourceInstances.contains(inst);
        const QString refusal = serverRefusal(*facts, source);
        if (!refusal.isEmpty())
            problems.append(inst + QStringLiteral(": ") + refusal);
        m_journal->addCheck(
            QStringLiteral("T0"), QStringLiteral("server"), refusal.isEmpty(),
            QStringLiteral("%1: %2 %3 (%4)%5")
                .arg(inst, facts->mariadb ? QStringLiteral("MariaDB") : QStringLiteral("not MariaDB:"),
                     facts->version.section(QLatin1Char('-'), 0, 0),
                     source ? QStringLiteral("source") : QStringLiteral("target"),
                     facts->replicaOf.isEmpty()
                         ? QString()
                         : QStringLiteral(", replicates %1, log_slave_updates=%2")
                               .arg(facts->replicaOf.join(QStringLiteral(", ")),
                                    facts->logSlaveUpdates ? QStringLiteral("ON") : QStringLiteral("OFF"))));
    }
    if (!problems.isEmpty())
        return fail(Step::T0, QStringLiteral("the engine cannot rely on these servers: ") +
                                  problems.join(QStringLiteral("; ")));
    // Source servers: the binlog must carry full row images with column names.
    for (const QString &inst : m_moves.sourceInstances()) {
        Connection &c = *conns.at(inst);
        auto v = c.query(QStringLiteral("SELECT @@log_bin, @@binlog_format, @@binlog_row_image, @@binlog_row_metadata, "
                                        "@@expire_logs_days, @@read_only"));
        if (!v || v->rows.isEmpty())
            return fail(Step::T0, c.lastError());
        const auto &r = v->rows.first();
        QStringList bad;
        if (r.at(0).toInt() != 1)
            bad.append(QStringLiteral("log_bin is OFF"));
        if (r.at(1).toString().toUpper() != QLatin1String("ROW"))
            bad.append(QStringLiteral("binlog_format=%1 (ROW needed)").arg(r.at(1).toString()));
        if (r.at(2).toString().toUpper() != QLatin1String("FULL"))
            bad.append(QStringLiteral("binlog_row_image=%1 (FULL needed)").arg(r.at(2).toString()));
        if (r.at(3).toString().toUpper() != QLatin1String("FULL"))
            bad.append(QStringLiteral("binlog_row_metadata=%1 (FULL needed: SET GLOBAL binlog_row_metadata=FULL)")
                           .arg(r.at(3).toString()));
        const double days = r.at(4).toDouble();
        m_journal->addCheck(QStringLiteral("T0"), QStringLiteral("binlog retention"), days == 0 || days >= 1,
                            QStringLiteral("%1: expire_logs_days=%2%3")
                                .arg(inst, r.at(4).toString(),
                                     days == 0 ? QStringLiteral(" (kept until purged by hand)") : QString()));
        if (!bad.isEmpty())
            problems.append(inst + QStringLiteral(": ") + bad.join(QStringLiteral(", ")));
        m_journal->addCheck(QStringLiteral("T0"), QStringLiteral("binlog"), bad.isEmpty(),
                            inst + (bad.isEmpty() ? QStringLiteral(": ROW, FULL image, FULL metadata")
                                                  : QStringLiteral(": ") + bad.join(QStringLiteral(", "))));
    }
    if (!problems.isEmpty())
        return fail(Step::T0, QStringLiteral("the change capture cannot read these servers' binlogs: ") +
                                  problems.join(QStringLiteral("; ")));
    // Moving tables: a key rows are identified by, column types, character sets and table features the
    // engine carries exactly (every problem of every table named, before anything is created).
    QStringList refused;
    QStringList keys;
    for (MoveUnit &u : m_moves.units()) {
        if (!readTableInfo(*conns.at(u.sourceInstance), u.sourceSchema, u.source.table, u.shardingColumn, &u.info, &why)) {
            refused.append(why);
            continue;
        }
        refused += checkTable(*conns.at(u.sourceInstance), u);
        if (u.info.keyName != QLatin1String("PRIMARY"))
            keys.append(QStringLiteral("%1 by its unique key %2 (%3)").arg(u.source.toString(), u.info.keyName,
                                                                           u.info.pkList()));
    }
    if (!refused.isEmpty())
        return fail(Step::T0, QStringLiteral("%1 problem(s) with the moving tables; nothing was created:\n").arg(refused.size()) +
                                  refused.join(QLatin1Char('\n')));
    m_tableInfoLoaded = true;
    m_journal->addCheck(QStringLiteral("T0"), QStringLiteral("tables"), true,
                        QStringLiteral("%1 moving tables: every column type, character set and key carried exactly%2")
                            .arg(m_moves.units().size())
                            .arg(keys.isEmpty() ? QString() : QStringLiteral("; rows identified ") + keys.join(QStringLiteral(", "))));
    // Rows without a sharding key stay where they are: said now, not discovered after T9.
    for (const MoveUnit &u : m_moves.units()) {
        const auto nulls = countNullKeys(*conns.at(u.sourceInstance), u, &why);
        if (!nulls)
            return fail(Step::T0, QStringLiteral("counting NULL sharding keys of %1: %2").arg(u.source.toString(), why));
        if (*nulls > 0) {
            const QString line = nullKeysWarning(u, *nulls);
            m_journal->addCheck(QStringLiteral("T0"), QStringLiteral("NULL sharding keys"), true, line);
            say(line);
        }
    }

    // Targets: metadata schema (the copy's checkpoints and the pre-verification's tables: T2 then starts
    // without DDL; pv::load still makes them for a run whose T0 an older build ran), then each table from
    // its source's definition.
    for (const QString &inst : m_moves.targetInstances())
        if (!meta::ensure(*conns.at(inst), &why) || !pv::ensure(*conns.at(inst), &why))
            return fail(Step::T0, QStringLiteral("%1: cannot create the metadata schema _shardpilot: %2").arg(inst, why));
    QStringList existingTargets;
    for (const MoveUnit &u : m_moves.units()) {
        for (int t = 0; t < u.targets.size(); ++t) {
            const MoveTarget &mt = u.targets.at(t);
            Connection &c = *conns.at(mt.instance);
            auto exists = c.queryValue(QStringLiteral("SELECT COUNT(*) FROM information_schema.TABLES WHERE "
                                                      "TABLE_SCHEMA = %1 AND TABLE_NAME = %2")
                                           .arg(c.quoteString(mt.schema), c.quoteString(mt.node.table)));
            if (!exists)
                return fail(Step::T0, c.lastError());
            if (exists->toInt() == 0) {
                if (!audited(Step::T0, QStringLiteral("create schema"), c,
                             QStringLiteral("CREATE DATABASE IF NOT EXISTS ") + Connection::quoteIdentifier(mt.schema)))
                    return fail(Step::T0, c.lastError());
                static const QRegularExpression head(QStringLiteral("^CREATE TABLE `(?:[^`]|``)*`"));
                QString ddl = u.info.createSql;
                ddl.replace(head, QStringLiteral("CREATE TABLE ") + u.qualifiedTarget(t));
                if (!audited(Step::T0, QStringLiteral("create table"), c, ddl))
                    return fail(Step::T0, QStringLiteral("creating %1: %2").arg(mt.node.toString(), c.lastError()));
                m_journal->setValue(keys::createdTarget(u.id, t), QStringLiteral("1"));
            } else if (mt.existing) {
                // A live data node (a ring node drained into the nodes that stay): it keeps its own
                // rows; the run owns only those of the pairs' predicates, and none may be there yet.
                QString cps;
                auto copy = meta::loadCopy(c, m_spec.runId, &cps);
                const bool ours = copy && copy->contains({u.id, t});
                if (!ours && !checkExistingTarget(c, m_moves, u, t, &why))
                    return fail(Step::T0, why);
                existingTargets.append(mt.node.toString());
            } else {
                QString cps;
                auto copy = meta::loadCopy(c, m_spec.runId, &cps);
                const bool ours = copy && copy->contains({u.id, t});
                auto any = c.queryValue(QStringLiteral("SELECT COUNT(*) FROM (SELECT 1 FROM ") + u.qualifiedTarget(t) +
                                        QStringLiteral(" LIMIT 1) x"));
                if (!any)
                    return fail(Step::T0, c.lastError());
                if (any->toInt() > 0 && !ours)
                    return fail(Step::T0, QStringLiteral("the target table %1 (%2) already exists and holds rows; the "
                                                         "engine never writes into a table it did not create")
                                              .arg(mt.node.toString(), mt.instance));
            }
            TableInfo ti;
            if (!readTableInfo(c, mt.schema, mt.node.table, u.shardingColumn, &ti, &why))
                return fail(Step::T0, why);
            if (normalizedCreate(ti.createSql) != normalizedCreate(u.info.createSql))
                return fail(Step::T0, QStringLiteral("the target table %1 differs from its source %2:\n%3\n---\n%4")
                                          .arg(mt.node.toString(), u.source.toString(), ti.createSql, u.info.createSql));
            if (!meta::initCopy(c, m_spec.runId, u.id, t, &why))
                return fail(Step::T0, why);
        }
    }
    m_journal->addCheck(QStringLiteral("T0"), QStringLiteral("targets"), true,
                        QStringLiteral("target tables created and identical to their sources"));
    if (!existingTargets.isEmpty())
        m_journal->addCheck(QStringLiteral("T0"), QStringLiteral("existing targets"), true,
                            QStringLiteral("%1 target tables are live data nodes that keep their own rows (%2): the run "
                                           "reads, verifies and rolls back only the rows of its predicates there")
                                .arg(existingTargets.size())
                                .arg(existingTargets.join(QStringLiteral(", "))));
    // Space: what arrives on each target server (the servers cannot report free disk space over SQL;
    // compare with `df` on their data directories). The plan's bytes are InnoDB's statistics, which
    // miss BLOBs written since they were last recalculated (SpaceEstimate.h): each pair's share of its
    // source table's file on disk now, where that is larger.
    std::map<QString, qint64> bytes, planned;
    std::map<QString, std::optional<qint64>> fileOf; // source node -> tablespace bytes
    std::map<QString, bool> fromFiles;
    for (const planning::TablePlan &tp : m_plan.tables)
        for (const planning::MovePair &p : tp.pairs) {
            const Endpoint *e = m_endpoints.of(p.target.dataSource);
            const Endpoint *src = m_endpoints.of(p.source.dataSource);
            if (!e)
                continue;
            const qint64 plan = qMax<qint64>(0, p.estimatedBytes);
            planned[e->instance] += plan;
            qint64 estimate = plan;
            if (src && conns.count(src->instance)) {
                const QString key = p.source.toString();
                if (!fileOf.count(key))
                    fileOf[key] = tablespaceBytes(*conns.at(src->instance), src->schema, p.source.table);
                const double share = p.share > 0 ? p.share
                                     : p.sourceRows > 0 && p.rows() >= 0 ? double(p.rows()) / double(p.sourceRows)
                                                                          : (tp.broadcast ? 1.0 : 0.0);
                if (const auto file = fileOf.at(key); file && qint64(double(*file) * share) > estimate) {
                    estimate = qint64(double(*file) * share);
                    fromFiles[e->instance] = true;
                }
            }
            bytes[e->instance] += estimate;
        }
    for (const auto &[inst, b] : bytes) {
        const QString line =
            fromFiles[inst] ? QStringLiteral("%1: about %2 MiB of rows arrive (each pair's share of its source table's file on "
                                       "disk, indexes and free pages included; InnoDB's statistics, which count BLOB "
                                       "pages only when they are recalculated, said %3 MiB)")
                            .arg(inst)
                            .arg(double(b) / 1048576.0, 0, 'f', 1)
                            .arg(double(planned[inst]) / 1048576.0, 0, 'f', 1)
                      : QStringLiteral("%1: about %2 MiB of rows arrive (plan estimate, indexes included)")
                            .arg(inst)
                            .arg(double(b) / 1048576.0, 0, 'f', 1);
        m_journal->addCheck(QStringLiteral("T0"), QStringLiteral("space"), true, line);
        say(line);
    }
    return Outcome::Done;
}

// --- T1 ----------------------------------------------------------------------------------------------

Outcome CopyRun::stepT1()
{
    for (const QString &src : m_moves.sourceInstances()) {
        Connection c;
        if (!c.open(m_endpoints.adminOfInstance(src)))
            return fail(Step::T1, c.lastError());
        // The reverse stream's position rows (copy/ReverseStream.h), empty until it first applies: made
        // now, before the capture's start, so the forward capture never reads them (for live targets
        // too: the old config's routing, when known at T6, lets the stream carry their moved rows back).
        QStringList feeds;
        for (const MoveUnit &u : m_moves.units())
            for (const MoveTarget &mt : u.targets)
                if (!u.broadcast && u.sourceInstance == src && !feeds.contains(mt.instance))
                    feeds.append(mt.instance);
        if (!feeds.isEmpty()) {
            QString why;
            if (!meta::ensure(c, &why))
                return fail(Step::T1, QStringLiteral("%1: %2").arg(src, why));
            for (const QString &tgt : std::as_const(feeds))
                if (!meta::initCapture(c, m_spec.runId, reverseSourceKey(tgt), BinlogPosition{}, &why))
                    return fail(Step::T1, QStringLiteral("%1: %2").arg(src, why));
        }
        QString noPos;
        const auto at = masterStatus(c, &noPos);
        if (!at)
            return fail(Step::T1, QStringLiteral("%1: no binary log position: %2").arg(src, noPos));
        const BinlogPosition pos = *at;
        for (const QString &tgt : m_moves.targetInstances()) {
            Connection t;
            QString why;
            if (!t.open(m_endpoints.adminOfInstance(tgt)) || !meta::initCapture(t, m_spec.runId, src, pos, &why))
                return fail(Step::T1, why.isEmpty() ? t.lastError() : why);
        }
        m_journal->addCheck(QStringLiteral("T1"), QStringLiteral("capture"), true,
                            QStringLiteral("%1: capture starts at %2").arg(src, pos.toString()));
        m_journal->setValue(keys::captureStart(src), pos.toString());
    }
    return Outcome::Done;
}

// --- workers (T2..T5) ----------------------------------------------------------------------------------

bool CopyRun::startWorkers(QString *error)
{
    if (!m_workers.isEmpty())
        return true;
    // The workers open their sessions and binlog streams on every source server at once while the
    // tables' definitions are read (the workers do not read them before they copy). They keep pointers
    // into the units' list, which loadTableInfo writes through a non-const reference: the list must not
    // be shared (a detach then would move it under them).
    m_moves.units().detach();
    QString infoError;
    std::thread infos([&] { checkDefinitions(&infoError); });
    const QStringList sources = m_moves.sourceInstances();
    const quint32 base = 0x53500000u | (quint32(m_spec.runId.left(4).toUInt(nullptr, 16)) << 4);
    std::vector<std::shared_ptr<SourceWorker>> workers(size_t(sources.size()));
    std::vector<QString> errors(size_t(sources.size()));
    forEachServer(int(sources.size()), [&](int i) {
        auto w = std::make_shared<SourceWorker>(m_spec, m_moves, m_endpoints, sources.at(i), base + quint32(i));
        if (!w->open())
            errors[size_t(i)] = w->error();
        workers[size_t(i)] = std::move(w);
    });
    infos.join();
    if (!infoError.isEmpty()) {
        *error = infoError;
        return false;
    }
    for (const QString &e : errors)
        if (!e.isEmpty()) {
            *error = e;
            return false;
        }
    for (auto &w : workers) {
        w->setThrottle(throttled() ? m_ctx.throttle.get() : nullptr);
        m_workers.append(std::move(w));
    }
    keepWorkerNotes();
    return true;
}

bool CopyRun::checkDefinitions(QString *error)
{
    // The targets must still have their sources' definitions (a schema change while no process ran):
    // every target server's read while the sources' are (one round trip each, all servers at once),
    // compared once both are in.
    const QStringList targets = m_moves.targetInstances();
    const int n = int(targets.size());
    const size_t count = targets.size();
    std::vector<QString> errors(count + 1);
    std::vector<QList<QPair<const MoveUnit *, int>>> mine(count);
    std::vector<QList<TableInfo>> infos(count);
    forEachServer(n + 1, [&](int i) {
        QString &e = errors[size_t(i)];
        if (i == n) { // the sources' (each unit's info written by its own server's job)
            loadTableInfo(&e);
            return;
        }
        Connection c;
        if (!c.open(m_endpoints.adminOfInstance(targets.at(i)))) {
            e = c.lastError();
            return;
        }
        // This server's target tables, read in one round trip (units' targets only: their infos are
        // being written by the sources' job).
        QList<TableRef> refs;
        for (const MoveUnit &u : std::as_const(m_moves.units()))
            for (int t = 0; t < u.targets.size(); ++t)
                if (u.targets.at(t).instance == targets.at(i)) {
                    mine[size_t(i)].append({&u, t});
                    refs.append({u.targets.at(t).schema, u.targets.at(t).node.table, u.shardingColumn});
                }
        readTableInfos(c, refs, &infos[size_t(i)], &e);
    });
    std::rotate(errors.begin(), errors.end() - 1, errors.end()); // the sources' error first
    for (const QString &e : errors)
        if (!e.isEmpty()) {
            *error = e;
            return false;
        }
    for (int i = 0; i < n; ++i)
        for (qsizetype k = 0; k < mine[size_t(i)].size(); ++k) {
            const MoveUnit &u = *mine[size_t(i)].at(k).first;
            if (normalizedCreate(infos[size_t(i)].at(k).createSql) != normalizedCreate(u.info.createSql)) {
                *error = QStringLiteral("the moving table %1 changed since T0 (its definition differs from its target "
                                        "%2); the run cannot carry a schema change: roll back and plan again")
                             .arg(u.source.toString(), u.targets.at(mine[size_t(i)].at(k).second).node.toString());
                return false;
            }
        }
    return true;
}

void CopyRun::keepWorkerNotes()
{
    for (const auto &w : std::as_const(m_workers))
        for (const QString &note : w->takeNotes()) {
            m_journal->addCheck(stepId(m_step), QStringLiteral("pre-verification"), true, note);
            say(note);
        }
}

bool CopyRun::runWorkers(const std::function<bool(SourceWorker &)> &job, QString *error)
{
    std::vector<int> results(size_t(m_workers.size()), -1);
    const QLocale en(QLocale::English);
    // Rates over a sliding window (a pair copies a chunk every second or so, round robin over the
    // tables: between two reports half a second apart it alternated between a burst and 0).
    QElapsedTimer clock;
    clock.start();
    RateWindow total;
    std::map<QPair<int, int>, RateWindow> perPair;
    qint64 streamed = 0; // large source transactions applied in pieces
    auto sample = [&](QList<CopyProgress> *progress, qint64 *copied, qint64 *expected, qint64 *events) {
        const qint64 now = clock.elapsed();
        streamed = 0;
        for (const auto &w : m_workers) {
            const WorkerProgress p = w->progress();
            *events += p.eventsApplied;
            streamed += p.streamed;
            for (auto it = p.copy.cbegin(); it != p.copy.cend(); ++it) {
                const MoveUnit &u = m_moves.units().at(it.key().first);
                const MoveTarget &t = u.targets.at(it.key().second);
                RateWindow &rw = perPair[it.key()];
                rw.add(now, it.value().copied);
                if (progress)
                    progress->append(CopyProgress{u.source.toString(), t.node.toString(), it.value().copied,
                                                  t.expectedRows, it.value().done ? 0 : rw.perSecond(),
                                                  it.value().done});
                *copied += it.value().copied;
                // Unknown (-1) when any pair's plan has no estimate: no total is better than a wrong one.
                *expected = *expected < 0 || t.expectedRows < 0 ? -1 : *expected + t.expectedRows;
            }
        }
        total.add(now, *copied);
    };
    {
        qint64 copied = 0, expected = 0, events = 0;
        sample(nullptr, &copied, &expected, &events); // where the job starts from
    }
    const qint64 streamedBefore = streamed;
    bool exact = true; // the plan counted every pair (--exact): its total is not an estimate
    for (const planning::TablePlan &tp : m_plan.tables)
        for (const planning::MovePair &p : tp.pairs)
            exact = exact && p.exactRows.has_value();
    QElapsedTimer sinceProgress;
    sinceProgress.start();
    forEachServer(
        int(m_workers.size()),
        [&](int i) {
            results[size_t(i)] = job(*m_workers.at(i)) ? 1 : 0;
            if (results[size_t(i)] == 0)
                for (auto &w : m_workers)
                    if (w.get() != m_workers.at(i).get())
                        w->stop();
        },
        // Every 10 ms: a quick job (a drain inside the write stop) returns at once.
        [&](bool ended) {
            if (m_stop.load())
                for (auto &w : m_workers)
                    w->stop();
            if (sinceProgress.elapsed() < 500 && !ended)
                return;
            sinceProgress.restart();
            QList<CopyProgress> progress;
            qint64 copied = 0, expected = 0, events = 0;
            sample(&progress, &copied, &expected, &events);
            recordLag();
            m_journal->setProgress(progress);
            m_ctx.throttle->record();
            const QString waiting = m_ctx.throttle->waitingFor();
            m_ctx.progress(QStringLiteral("copied %1 %2(%3 rows/s), %4 changes applied by capture%5%6")
                               .arg(en.toString(copied),
                                    expected < 0 ? QStringLiteral("rows ")
                                                 : QStringLiteral("of %1%2 rows ")
                                                       .arg(exact ? QString() : QStringLiteral("about "),
                                                            en.toString(expected)),
                                    en.toString(qint64(total.perSecond())), en.toString(events),
                                    streamed == 0 ? QString()
                                                  : QStringLiteral(" (%1 large transactions in pieces)").arg(streamed),
                                    waiting.isEmpty() ? QString() : QStringLiteral("; waiting: ") + waiting));
        });
    keepWorkerNotes();
    {
        qint64 copied = 0, expected = 0, events = 0;
        sample(nullptr, &copied, &expected, &events);
        if (streamed > streamedBefore)
            say(QStringLiteral("capture: %1 large source transaction(s) applied in pieces, each committed whole with "
                               "its position")
                    .arg(streamed - streamedBefore));
    }
    QStringList errors;
    for (int i = 0; i < m_workers.size(); ++i)
        if (results[size_t(i)] != 1 && m_workers.at(i)->stopReason() != StopReason::Stopped)
            errors.append(m_workers.at(i)->error());
    if (errors.isEmpty())
        for (int i = 0; i < m_workers.size(); ++i)
            if (results[size_t(i)] != 1)
                errors.append(m_workers.at(i)->error());
    if (!errors.isEmpty()) {
        *error = errors.join(QStringLiteral("; "));
        m_workers.clear(); // a failed worker's stream state is not reused
        return false;
    }
    return true;
}

Outcome CopyRun::stepT2()
{
    QString why;
    if (!startWorkers(&why))
        return fail(Step::T2, why, Outcome::Error);
    // The predicates that narrowed the copy (and that T5's aggregates use) must agree with the router on
    // every key there is: checked while the copy runs (it reads the sources only; for a table with one
    // target only the rows outside its predicate, the copy checks those inside), judged after it.
    std::atomic<bool> checkStop{false};
    qint64 checked = 0;
    QString disagree;
    // A table whose copy had begun before this process is read whole: its chunks written then were
    // checked by the copy only if this build wrote them.
    QSet<int> begun;
    for (const auto &w : std::as_const(m_workers)) {
        const WorkerProgress p = w->progress();
        for (auto it = p.copy.cbegin(); it != p.copy.cend(); ++it)
            if (it.value().lastPk || it.value().done)
                begun.insert(it.key().first);
    }
    // A table whose copy starts now is checked by the copy, chunk by chunk (in the chunk's own scan, or
    // right after it while the key range's pages are in the buffer pool); the thread reads the others.
    QSet<int> checkedByCopy;
    for (const MoveUnit &u : m_moves.units())
        if (copyChecksPredicate(u) && !begun.contains(u.id))
            checkedByCopy.insert(u.id);
    for (const auto &w : std::as_const(m_workers))
        w->setCheckOutside(checkedByCopy);
    std::thread checker(
        [&] { disagree = checkPredicates(m_moves, m_endpoints, &checkStop, &checked, begun, checkedByCopy); });
    struct Join
    {
        std::thread &t;
        std::atomic<bool> &stop;
        ~Join()
        {
            if (t.joinable()) {
                stop = true;
                t.join();
            }
        }
    } join{checker, checkStop};
    // At most `parallel` source servers copy at once (run.json; 0: all); the others wait their turn.
    const int parallel = m_spec.parallel > 0 ? qMin(m_spec.parallel, int(m_workers.size())) : int(m_workers.size());
    QSemaphore turns(parallel);
    const bool ok = runWorkers(
        [this, &turns](SourceWorker &w) {
            while (!turns.tryAcquire(1, 100))
                if (w.stopped() || pauseRequested())
                    return true; // T2 sees what is not copied; a failed peer reports its own error
            const bool r = w.backfill([this] { return pauseRequested(); });
            turns.release();
            return r;
        },
        &why);
    if (!ok) {
        QStringList problems;
        for (const auto &w : std::as_const(m_workers))
            if (!w->predicateProblems().isEmpty())
                problems.append(w->predicateProblems());
        if (!problems.isEmpty())
            m_journal->addCheck(QStringLiteral("T2"), QStringLiteral("predicates"), false,
                                problems.join(QLatin1Char('\n')));
        return fail(Step::T2, why, Outcome::Error);
    }
    bool all = true;
    for (const auto &w : std::as_const(m_workers))
        all = all && w->allCopied();
    if (!all && pauseRequested())
        return Outcome::Paused;
    if (!all)
        return fail(Step::T2, QStringLiteral("the copy stopped before every table was copied"), Outcome::Error);
    m_journal->addCheck(QStringLiteral("T2"), QStringLiteral("backfill"), true, QStringLiteral("every table copied"));
    {
        // Its own end, or a stop request (which ends it at its next window).
        std::thread watcher([&] {
            while (!checkStop.load()) {
                if (m_stop.load())
                    checkStop = true;
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
            }
        });
        checker.join();
        checkStop = true;
        watcher.join();
    }
    if (m_stop.load() && disagree == QLatin1String("stopped"))
        return fail(Step::T2, QStringLiteral("stopped"), Outcome::Error);
    for (const auto &w : std::as_const(m_workers))
        checked += w->outsideChecked();
    m_journal->addCheck(QStringLiteral("T2"), QStringLiteral("predicates"), disagree.isEmpty(),
                        disagree.isEmpty() ? QStringLiteral("the plan's SQL predicates select exactly the rows the router "
                                                            "moves (%1 keys read for the check; the copy checked the rows "
                                                            "inside a one-target table's predicate)")
                                                 .arg(checked)
                                           : disagree);
    if (!disagree.isEmpty())
        return fail(Step::T2, QStringLiteral("the plan's SQL predicates disagree with the router (rows would be missed): ") +
                                  disagree);
    return Outcome::Done;
}

Outcome CopyRun::stepT3()
{
    QString why;
    if (!startWorkers(&why))
        return fail(Step::T3, why, Outcome::Error);
    auto applied = [this] {
        qint64 n = 0;
        for (const auto &w : std::as_const(m_workers))
            n += w->progress().eventsApplied;
        return n;
    };
    const qint64 before = applied();
    QElapsedTimer clock;
    clock.start();
    // Twice: the second pass measures what arrived during the first.
    for (int pass = 0; pass < 2; ++pass) {
        // Everything up to the head is applied: that is each target's capture position now, also
        // where nothing changed for it (a binlog purged up to there does not stop the next run).
        const bool ok = runWorkers(
            [](SourceWorker &w) {
                const auto h = w.head();
                return h && w.catchUpTo(*h, QDeadlineTimer(QDeadlineTimer::Forever), true) && w.settleAt(*h);
            },
            &why);
        if (!ok)
            return fail(Step::T3, why, Outcome::Error);
    }
    const qint64 changes = applied() - before;
    const double secs = qMax<qint64>(1, clock.elapsed()) / 1000.0;
    m_journal->addCheck(QStringLiteral("T3"), QStringLiteral("capture rate"), true,
                        QStringLiteral("capture applied %1 row changes in %2 s (%3 per second)")
                            .arg(changes)
                            .arg(secs, 0, 'f', 2)
                            .arg(qint64(changes / secs)));
    for (const auto &w : std::as_const(m_workers)) {
        const WorkerProgress p = w->progress();
        m_journal->addCheck(QStringLiteral("T3"), QStringLiteral("capture lag"), true,
                            QStringLiteral("%1: applied up to %2, binlog at %3")
                                .arg(p.instance, p.applied.toString(), p.head.toString()));
    }
    // Verification ahead of the write stop: T5 then compares only what changed since.
    if (!m_spec.fullVerify)
        return pvRun();
    return Outcome::Done;
}

void CopyRun::recordLag()
{
    QList<LagSample> samples;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    // Every source server's binlog end, asked of all at once (a session per server, opened on first
    // use and again after a failure): one slow or dead server delays the sample by its own time only.
    std::vector<Connection *> conns;
    for (const auto &w : std::as_const(m_workers)) {
        auto &c = m_lagConns[w->instance()];
        if (!c)
            c = std::make_unique<Connection>();
        conns.push_back(c.get());
    }
    std::vector<std::optional<BinlogPosition>> heads(conns.size());
    forEachServer(int(conns.size()), [&](int i) {
        Connection *c = conns[size_t(i)];
        if (!c->isOpen() && !c->open(m_endpoints.adminOfInstance(m_workers.at(i)->instance())))
            return;
        QString why;
        heads[size_t(i)] = masterStatus(*c, &why);
    });
    for (qsizetype i = 0; i < m_workers.size(); ++i) {
        const auto &w = m_workers.at(i);
        const auto &head = heads[size_t(i)];
        if (!head) {
            m_lagConns.erase(w->instance()); // opened again on the next sample
            continue;
        }
        const WorkerProgress p = w->progress();
        LagSample s{now, w->instance(), 0, 0, 0};
        if (p.applied < *head) {
            s.events = -1; // known when the capture gets there
            w->expectHead(now, *head);
            // Bytes: exact within one file; across a rotation, what the newest file holds (at least).
            s.bytes = qint64(head->position) - (p.applied.file == head->file ? qint64(p.applied.position) : 0);
            s.seconds = p.lastEventTime > 0 ? qMax<double>(0, double(now.toSecsSinceEpoch() - p.lastEventTime)) : -1;
        }
        samples.append(s);
    }
    if (!samples.isEmpty())
        m_journal->addLag(samples);
    for (const auto &w : std::as_const(m_workers))
        for (const auto &r : w->takeResolvedLag())
            m_journal->setLagEvents(w->instance(), r.first, r.second);
}

bool CopyRun::setReadOnly(Step s, bool on, QString *error)
{
    return migration::setReadOnly(m_ctx, s, m_moves.sourceInstances(), on, error);
}

Outcome CopyRun::stepT4()
{
    QString why;
    if (!startWorkers(&why))
        return fail(Step::T4, why, Outcome::Error);
    // Accounts read_only does not stop, named before writes stop.
    for (const QString &src : m_moves.sourceInstances()) {
        Connection c;
        if (!c.open(m_endpoints.adminOfInstance(src)))
            return fail(Step::T4, c.lastError());
        const auto accounts = readPrivilegedAccounts(c, &why);
        if (!accounts)
            return fail(Step::T4,
                        QStringLiteral("%1: reading the accounts read_only does not stop: %2").arg(src, why));
        const QString line = src + QStringLiteral(": ") + accounts->describe();
        m_journal->addCheck(QStringLiteral("T4"), QStringLiteral("privileged accounts"), true, line);
        say(line);
    }
    if (!checkBinlogSettings(Step::T4, &why))
        return fail(Step::T4, why);
    if (m_journal->value(keys::writeStopStart).isEmpty())
        m_journal->setValue(keys::writeStopStart,
                            QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    // read_only and the drain share the budget: SET GLOBAL read_only waits behind table locks and
    // running statements (and new writes queue behind it meanwhile), so it is bounded too.
    QDeadlineTimer deadline(qint64(m_spec.writeStopBudgetSec) * 1000);
    ReadOnlyRequest request;
    request.instances = m_moves.sourceInstances();
    request.params = [this](const QString &inst) { return m_endpoints.adminOfInstance(inst); };
    request.deadline = deadline;
    request.killBlockers = m_spec.killBlockers || m_options.killBlockers;
    request.ownSessions = [this](const QString &inst) {
        QSet<quint64> own;
        for (const auto &w : std::as_const(m_workers))
            if (w->instance() == inst)
                own.insert(w->sourceSession());
        if (const auto it = m_lagConns.find(inst); it != m_lagConns.end() && it->second)
            own.insert(it->second->threadId());
        return own;
    };
    request.audit = [this](const QString &server, const QString &action, const QString &sql,
                           const QString &outcome) {
        m_journal->audit(stepId(Step::T4), action, server, sql, outcome);
    };
    const ReadOnlyOutcome ro = setReadOnlyBounded(request);
    for (const Blocker &b : ro.killed)
        m_journal->addCheck(QStringLiteral("T4"), QStringLiteral("killed blocker"), true,
                            QStringLiteral("%1: killed %2 (--kill-blockers)").arg(b.instance, b.describe()));
    if (!ro.ok()) {
        QString lift;
        setReadOnly(Step::T4, false, &lift);
        m_journal->setValue(keys::writeStopStart, QString());
        for (const Blocker &b : ro.blockers)
            m_journal->addCheck(QStringLiteral("T4"), QStringLiteral("blocker"), false,
                                b.instance + QStringLiteral(": ") + b.describe());
        return fail(Step::T4,
                    ro.failureText() + (lift.isEmpty() ? QString()
                                                       : QStringLiteral(" (lifting read_only failed: ") +
                                                             lift + QLatin1Char(')')));
    }
    // Drain: everything up to each source's final position, within the budget.
    std::map<QString, BinlogPosition> finals;
    QMutex mu;
    const bool ok = runWorkers(
        [&](SourceWorker &w) {
            const auto h = w.head();
            if (!h)
                return false;
            {
                QMutexLocker lock(&mu);
                finals[w.instance()] = *h;
            }
            return w.catchUpTo(*h, deadline) && w.settleAt(*h);
        },
        &why);
    if (!ok) {
        QString lift;
        setReadOnly(Step::T4, false, &lift);
        m_journal->setValue(keys::writeStopStart, QString());
        return fail(Step::T4, QStringLiteral("the capture could not apply everything within %1 s of the write stop (%2); "
                                             "writes are resumed (read_only=0)")
                                  .arg(m_spec.writeStopBudgetSec)
                                  .arg(why));
    }
    for (const auto &[inst, pos] : finals) {
        m_journal->setValue(keys::final(inst), pos.toString());
        // What the capture applied up to once writes stopped; T5's comparison verifies it, and the
        // switch's guard compares each binlog's head with it (drained.<instance>).
        m_journal->setValue(keys::drained(inst), pos.toString());
        m_journal->addCheck(QStringLiteral("T4"), QStringLiteral("drained"), true,
                            QStringLiteral("%1: everything up to %2 applied").arg(inst, pos.toString()));
    }
    return Outcome::Done;
}

Outcome CopyRun::stepT5()
{
    QString why;
    if (!checkBinlogSettings(Step::T5, &why))
        return fail(Step::T5, why);
    // Writes are stopped; whatever a privileged account wrote since is applied first.
    if (!startWorkers(&why))
        return fail(Step::T5, why, Outcome::Error);
    std::map<QString, BinlogPosition> heads;
    QMutex mu;
    if (!runWorkers(
            [&](SourceWorker &w) {
                const auto h = w.head();
                if (h) {
                    QMutexLocker lock(&mu);
                    heads[w.instance()] = *h;
                }
                return h && w.catchUpTo(*h) && w.settleAt(*h);
            },
            &why))
        return fail(Step::T5, why, Outcome::Error);
    m_journal->clearChecks(QStringLiteral("T5"));
    // Who wrote since T4's drain (accounts read_only does not stop, replication into a source).
    for (const auto &[inst, head] : heads) {
        const auto from =
            BinlogPosition::parse(m_journal->value(keys::drained(inst), m_journal->value(keys::final(inst))));
        qint64 rows = 0;
        if (from && *from < head && !recordWrites(Step::T5, inst, *from, head, &rows, &why))
            return fail(Step::T5, why, Outcome::Error);
    }
    const Outcome o = compareDrained(Step::T5, QStringLiteral("T5"));
    if (o != Outcome::Done)
        return o;
    for (const auto &[inst, head] : heads)
        m_journal->setValue(keys::drained(inst), head.toString());
    return Outcome::Done;
}

Outcome CopyRun::verify()
{
    const RunOptions &options = m_options;
    QString why;
    if (!loadTableInfo(&why)) {
        m_error = why;
        return Outcome::Error;
    }
    // The throttle, when the Runner started it (the application writes): it reads every moved row.
    Throttle &throttle = *m_ctx.throttle;
    VerifyAdmit admit;
    if (throttle.active())
        admit = [&throttle](qint64 rows, QString *why) { return throttle.admit(rows, nullptr, why); };
    const VerifyResult vr =
        verifyMoves(m_moves, m_endpoints, options.say, &m_stop, nullptr,
                    m_spec.strongHash || options.strongHash ? RowHashKind::Strong : RowHashKind::Crc, admit);
    if (!vr.ok) {
        m_error = vr.error;
        if (m_ctx.stopReason() == StopReason::Paused) {
            say(QStringLiteral("verify paused: nothing was recorded; 'shardctl migrate verify' compares again"));
            return Outcome::Paused;
        }
        return Outcome::Error;
    }
    recordComparison(QStringLiteral("migrate verify"), vr.differences);
    m_journal->audit(QStringLiteral("T5"), QStringLiteral("verify (read-only)"), QString(), QString(),
                     QStringLiteral("%1 differences").arg(vr.differences.size()));
    if (!vr.differences.isEmpty()) {
        m_error = QStringLiteral("%1 rows differ").arg(vr.differences.size());
        return Outcome::GateFailed;
    }
    return Outcome::Done;
}

Outcome CopyRun::repair()
{
    const QList<RowDifference> diffs = m_journal->differences();
    if (diffs.isEmpty()) {
        say(QStringLiteral("no differences to repair (run 'migrate verify' first)"));
        return Outcome::Done;
    }
    std::map<QString, std::unique_ptr<Connection>> conns;
    int applied = 0;
    for (const RowDifference &d : diffs) {
        const QString ds = d.targetNode.section(QLatin1Char('.'), 0, 0);
        const Endpoint *e = m_endpoints.of(ds);
        if (!e || d.repairSql.trimmed().isEmpty() || d.repairSql.startsWith(QLatin1String("--"))) {
            m_error = QStringLiteral("%1 key %2 (%3) has no repair SQL to apply").arg(d.targetNode, d.key, d.kind);
            say(m_error);
            return Outcome::GateFailed;
        }
        auto &c = conns[e->instance];
        if (!c) {
            c = std::make_unique<Connection>();
            if (!c->open(e->admin) || !prepareSession(*c, true)) {
                m_error = c->lastError();
                return Outcome::Error;
            }
        }
        Transaction tx(*c);
        bool ok = tx.ok();
        for (const QString &stmt : d.repairSql.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            ok = ok && audited(Step::T5, QStringLiteral("repair %1 key %2").arg(d.targetNode, d.key), *c, stmt);
        if (!ok || !tx.commit()) {
            m_error = QStringLiteral("repairing %1 key %2: %3").arg(d.targetNode, d.key, c->lastError() + tx.error());
            say(m_error);
            return Outcome::Error;
        }
        ++applied;
    }
    say(QStringLiteral("%1 rows repaired; verifying again").arg(applied));
    return verify();
}

// --- T6, T7 ------------------------------------------------------------------------------------------

Outcome CopyRun::stepT6()
{
    const QList<StepState> st = m_journal->steps();
    if (st.at(int(Step::T5)).status != StepStatus::Done)
        return fail(Step::T6, QStringLiteral("T5 is not clean"));
    // The latest facts: a later `migrate verify` (or repair) replaced T5's result.
    if (const QString refusal = latestComparisonRefusal(Step::T6); !refusal.isEmpty())
        return fail(Step::T6, refusal);
    // Nothing written since the last drain may stay behind on the old shards.
    if (const Outcome g = guardSwitch(Step::T6); g != Outcome::Done)
        return g;
    QString why;
    // The reverse stream starts at each target server's binlog head now: every target write so far is
    // the engine's (the application writes there only once the config is switched).
    if (!recordReverseStarts(&why))
        return fail(Step::T6, why, Outcome::Error);
    if (!switchConfig(m_ctx, Step::T6, &why))
        return fail(Step::T6, why);
    return Outcome::Done;
}

Outcome CopyRun::stepT7()
{
    QString why;
    // Once read_only is being lifted, writes follow the new config: the capture must not run again
    // (a T7 killed after that point only lifts read_only).
    if (m_journal->value(keys::liftingReadOnly).isEmpty()) {
        if (const QString refusal = latestComparisonRefusal(Step::T7); !refusal.isEmpty())
            return fail(Step::T7, refusal);
        if (const Outcome g = guardSwitch(Step::T7); g != Outcome::Done)
            return g;
        // T8 watches for writes that still follow the old routes from the last position verified:
        // a write after the guard's look and before read_only=0 is seen there, not lost.
        for (const QString &src : m_moves.sourceInstances()) {
            const QString verified = m_journal->value(keys::drained(src), m_journal->value(keys::final(src)));
            if (verified.isEmpty())
                return fail(Step::T7, QStringLiteral("%1: no verified position (T4 records it)").arg(src),
                            Outcome::Error);
            m_journal->setValue(keys::observeFrom(src), verified);
        }
        m_journal->setValue(keys::liftingReadOnly,
                            QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    }
    if (!setReadOnly(Step::T7, false, &why))
        return fail(Step::T7, why, Outcome::Error);
    const QDateTime start = QDateTime::fromString(m_journal->value(keys::writeStopStart), Qt::ISODateWithMs);
    const QDateTime end = QDateTime::currentDateTimeUtc();
    m_journal->setValue(keys::writesResumed, end.toString(Qt::ISODateWithMs));
    if (start.isValid()) {
        const qint64 ms = start.msecsTo(end);
        m_journal->setValue(keys::writeStopMs, QString::number(ms));
        say(QStringLiteral("writes resumed; they were stopped for %1 s").arg(double(ms) / 1000.0, 0, 'f', 1));
        m_journal->setStep(Step::T7, StepStatus::Running,
                           QStringLiteral("write stop %1 s").arg(double(ms) / 1000.0, 0, 'f', 1));
    }
    for (auto &w : m_workers)
        w->stop();
    m_workers.clear();
    // After writes resumed (outside the window): the new shards take the application's writes now.
    if (!pvDropTriggers(Step::T7, &why))
        return fail(Step::T7, QStringLiteral("writes are resumed, but the pre-verification triggers could not be "
                                             "dropped (run T7 again): ") +
                                  why,
                    Outcome::Error);
    return Outcome::Done;
}

// --- rollback ----------------------------------------------------------------------------------------

Outcome CopyRun::rollback(bool dropTargets, QString *summary)
{
    const QList<StepState> st = m_journal->steps();
    QString why;
    if (st.at(int(Step::T4)).status != StepStatus::Pending ||
        !m_journal->value(keys::writeStopStart).isEmpty()) {
        if (!setReadOnly(Step::T4, false, &why)) {
            m_error = why;
            return Outcome::Error;
        }
        say(QStringLiteral("writes resumed on the source servers (read_only=0)"));
    }
    if (!pvDropTriggers(Step::T0, &why)) {
        m_error = QStringLiteral("dropping the pre-verification triggers: ") + why;
        return Outcome::Error;
    }
    if (dropTargets && !dropTargetTables())
        return Outcome::Error;
    *summary = dropTargets ? QStringLiteral("targets dropped") : QStringLiteral("targets kept");
    return Outcome::Done;
}

// Drops the target tables the run created (on data nodes that held rows before: deletes the rows it
// copied there) and the run's metadata rows, audited; m_error on failure.
bool CopyRun::dropTargetTables()
{
    QString why;
    for (const MoveUnit &u : m_moves.units())
        for (int t = 0; t < u.targets.size(); ++t) {
            Connection c;
            if (!c.open(m_endpoints.adminOfInstance(u.targets.at(t).instance))) {
                m_error = c.lastError();
                return false;
            }
            c.setWarningPolicy({});
            if (u.targets.at(t).existing && m_journal->value(keys::createdTarget(u.id, t)).isEmpty()) {
                // A live data node: only the rows the run copied there go.
                auto exec = [this, &c](const QString &sql, quint64 *affected) {
                    ExecResult er;
                    const bool ok = c.exec(sql, &er);
                    *affected = er.affectedRows;
                    m_journal->audit(stepId(Step::T0), QStringLiteral("rollback: delete copied rows"),
                                     c.params().describe(), sql,
                                     ok ? QStringLiteral("ok, %1 rows").arg(er.affectedRows)
                                        : c.lastError());
                    return ok;
                };
                if (!deleteRunRows(c, m_moves, u, t, exec, &why)) {
                    m_error = why;
                    return false;
                }
                continue;
            }
            if (!audited(Step::T0, QStringLiteral("rollback: drop target"), c,
                         QStringLiteral("DROP TABLE IF EXISTS ") + u.qualifiedTarget(t))) {
                m_error = c.lastError();
                return false;
            }
        }
    QStringList metaInstances = m_moves.targetInstances();
    for (const QString &s : m_moves.sourceInstances()) // the reverse stream's rows (T1)
        if (!metaInstances.contains(s))
            metaInstances.append(s);
    for (const QString &inst : std::as_const(metaInstances)) {
        Connection c;
        if (c.open(m_endpoints.adminOfInstance(inst))) {
            meta::forget(c, m_spec.runId, &why);
            pv::forget(c, m_spec.runId, &why);
            bool dropped = false; // the schema too, unless another run has rows there
            meta::dropIfUnused(
                c, [&](const QString &sql) { return audited(Step::T0, QStringLiteral("rollback: drop metadata schema"), c, sql); },
                &dropped, &why);
        }
    }
    say(QStringLiteral("target tables dropped (on data nodes that held rows before: the copied rows deleted)"));
    return true;
}

} // namespace sp::migration
