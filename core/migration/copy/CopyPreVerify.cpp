// Pre-verification in the engine (PreVerify.h, docs/migration.md): T3 sets up the triggers and the
// key ranges of every eligible target table and has the source workers compare the ranges while
// writes continue; T5 gathers what changed since; T7 and rollback drop the triggers.
#include "core/migration/PreVerify.h"
#include "core/migration/TargetMeta.h"
#include "core/migration/copy/CopyRun.h"
#include "core/migration/copy/SourceWorker.h"
#include "core/migration/run/Actions.h"

#include <QElapsedTimer>
#include <QLocale>
#include <QMutex>

#include <cmath>

namespace sp::migration {

static const qint64 kRowsPerRange = 5000;
static const int kTouchedLimit = 200000;

bool CopyRun::perTargetServer(
    Step s, const QString &action,
    const std::function<bool(const QString &, Connection &, QList<AuditedSql> *, QString *)> &job,
    QString *error)
{
    const QStringList instances = m_moves.targetInstances();
    std::vector<QList<AuditedSql>> audits(size_t(instances.size()));
    std::vector<QString> errors(size_t(instances.size()));
    std::vector<int> ok(size_t(instances.size()), 0);
    forEachServer(int(instances.size()), [&](int i) {
        Connection c;
        if (!c.open(m_endpoints.adminOfInstance(instances.at(i))) || !prepareSession(c, false)) {
            errors[size_t(i)] = c.lastError();
            return;
        }
        ok[size_t(i)] = job(instances.at(i), c, &audits[size_t(i)], &errors[size_t(i)]) ? 1 : 0;
    });
    QStringList failed;
    for (int i = 0; i < instances.size(); ++i) {
        for (const AuditedSql &a : audits[size_t(i)])
            m_journal->audit(stepId(s), action, a.server, a.sql, a.outcome);
        if (!ok[size_t(i)])
            failed.append(instances.at(i) + QStringLiteral(": ") + errors[size_t(i)]);
    }
    if (!failed.isEmpty())
        *error = failed.join(QStringLiteral("; "));
    return failed.isEmpty();
}

bool CopyRun::pvSetup(QString *error)
{
    std::map<QString, QList<QPair<int, int>>> eligible;
    QStringList notes;
    for (const MoveUnit &u : m_moves.units())
        for (int t = 0; t < u.targets.size(); ++t) {
            const QString why = pvIneligible(m_moves, u, t);
            if (why.isEmpty())
                eligible[u.targets.at(t).instance].append({u.id, t});
            else
                notes.append(QStringLiteral("%1: %2").arg(u.targets.at(t).node.toString(), why));
        }
    QHash<QPair<int, int>, qint64> copied;
    for (const auto &w : std::as_const(m_workers)) {
        const WorkerProgress p = w->progress();
        for (auto it = p.copy.cbegin(); it != p.copy.cend(); ++it)
            copied.insert(it.key(), it.value().copied);
    }
    QMutex mu;
    const QString runId = m_spec.runId;
    const bool ok = perTargetServer(
        Step::T3, QStringLiteral("pre-verification triggers"),
        [&](const QString &inst, Connection &c, QList<AuditedSql> *audits, QString *err) {
            auto note = [&](const QString &line) {
                QMutexLocker lock(&mu);
                notes.append(line);
            };
            // The tables are T0's (pv::load below makes them for a run whose T0 an older build ran).
            // Row events a replica applies do not fire triggers: such a server is compared whole.
            auto sr = c.query(QStringLiteral("SHOW GLOBAL STATUS LIKE 'Slaves_running'"));
            if (!sr || (!sr->rows.isEmpty() && sr->rows.first().at(1).toInt() > 0)) {
                note(QStringLiteral("%1: replicates from another server (or cannot tell): its tables are compared "
                                    "whole at T5")
                         .arg(inst));
                return true;
            }
            const auto have = pv::load(c, runId, err);
            const auto present = pv::triggers(c, runId, err);
            if (!have || !present)
                return false;
            for (const auto &key : eligible[inst]) {
                bool done = false;
                for (const PvTable &p : *have)
                    done = done || (p.unit == key.first && p.target == key.second);
                if (done)
                    continue;
                const MoveUnit &u = m_moves.units().at(key.first);
                const int t = key.second;
                const MoveTarget &mt = u.targets.at(t);
                // The table's identity first: a TRUNCATE or rebuild after it shows at T5.
                const auto id = pv::identity(c, mt.schema, mt.node.table, err);
                if (!id) {
                    if (!err->isEmpty())
                        return false;
                    note(QStringLiteral("%1: no InnoDB table id; compared whole at T5").arg(mt.node.toString()));
                    continue;
                }
                auto b = c.query(QStringLiteral("SELECT MIN(%1), MAX(%1) FROM %2").arg(u.info.pkList(), u.qualifiedTarget(t)));
                if (!b || b->rows.isEmpty()) {
                    *err = c.lastError();
                    return false;
                }
                PvTable p;
                p.unit = key.first;
                p.target = t;
                p.identity = *id;
                if (b->rows.first().at(0).isNull()) {
                    p.origin = 0;
                    p.width = qint64(1) << 40;
                    p.ranges.resize(1);
                } else {
                    const qint64 lo = b->rows.first().at(0).toLongLong(), hi = b->rows.first().at(1).toLongLong();
                    const double span = double(hi) - double(lo) + 1.0;
                    const double rows = double(qMax<qint64>(1, copied.value(key)));
                    double w = std::ceil(span * double(kRowsPerRange) / rows);
                    w = qMax(w, std::ceil(span / 100000.0)); // at most 100,000 ranges
                    p.origin = lo;
                    p.width = qint64(qBound(1.0, w, 1e15));
                    p.ranges.resize(size_t((double(hi) - double(lo)) / double(p.width)) + 1);
                }
                // Left by a process killed between the triggers and the table row: made again.
                for (const auto &tr : *present)
                    if (tr.second.startsWith(pv::triggerPrefix(runId, u, t))) {
                        const QString sql = QStringLiteral("DROP TRIGGER IF EXISTS ") +
                                            Connection::quoteIdentifier(tr.first) + QLatin1Char('.') +
                                            Connection::quoteIdentifier(tr.second);
                        const bool r = c.exec(sql);
                        audits->append({c.params().describe(), sql, r ? QStringLiteral("ok") : c.lastError()});
                    }
                bool created = true;
                QString why;
                for (const QString &sql : pv::triggerSql(runId, u, t)) {
                    const bool r = c.exec(sql);
                    audits->append({c.params().describe(), sql, r ? QStringLiteral("ok") : c.lastError()});
                    if (!r) {
                        why = c.lastError();
                        created = false;
                        break;
                    }
                }
                if (!created) {
                    for (const QString &sql : pv::dropTriggerSql(runId, u, t)) {
                        const bool r = c.exec(sql);
                        audits->append({c.params().describe(), sql, r ? QStringLiteral("ok") : c.lastError()});
                    }
                    note(QStringLiteral("%1: triggers could not be created (%2); compared whole at T5")
                             .arg(mt.node.toString(), why));
                    continue;
                }
                if (!pv::saveTable(c, runId, p, err))
                    return false;
            }
            return true;
        },
        error);
    for (const QString &n : std::as_const(notes))
        m_journal->addCheck(QStringLiteral("T3"), QStringLiteral("pre-verification"), true,
                            n + QStringLiteral(" (not pre-verified)"));
    return ok;
}

Outcome CopyRun::pvRun()
{
    QString why;
    if (!pvSetup(&why))
        return fail(Step::T3, QStringLiteral("setting up the pre-verification: ") + why, Outcome::Error);
    std::atomic<qint64> verified{0}, differing{0};
    QElapsedTimer clock;
    clock.start();
    const bool ok = runWorkers(
        [&](SourceWorker &w) {
            SourceWorker::PvStats st;
            const bool r = w.preverify([this] { return pauseRequested(); }, &st);
            verified.fetch_add(st.verified);
            differing.fetch_add(st.differing);
            return r;
        },
        &why);
    if (!ok)
        return fail(Step::T3, why, Outcome::Error);
    if (pauseRequested())
        return Outcome::Paused;
    m_journal->addCheck(QStringLiteral("T3"), QStringLiteral("pre-verification"), true,
                        QStringLiteral("%1 key ranges compared while writes continued in %2 s; %3 differed at their "
                                       "consistent point (T5 compares them whole)")
                            .arg(verified.load())
                            .arg(double(clock.elapsed()) / 1000.0, 0, 'f', 2)
                            .arg(differing.load()));
    return Outcome::Done;
}

bool CopyRun::pvScopes(VerifyScopes *scopes, QString *error, Step step)
{
    for (const auto &w : std::as_const(m_workers))
        for (const MoveUnit &u : m_moves.units())
            if (u.sourceInstance == w->instance())
                for (int t = 0; t < u.targets.size(); ++t) {
                    const VerifyScope sc = w->scopeFor(u.id, t);
                    if (!sc.full)
                        (*scopes)[{u.id, t}] = sc;
                }
    if (scopes->empty())
        return true;
    QMutex mu;
    QStringList notes;
    std::set<QPair<int, int>> confirmed;
    const QString runId = m_spec.runId;
    const bool ok = perTargetServer(
        step, QStringLiteral("pre-verification"),
        [&](const QString &inst, Connection &c, QList<AuditedSql> *, QString *err) {
            Q_UNUSED(inst);
            const auto tables = pv::load(c, runId, err);
            const auto present = pv::triggers(c, runId, err);
            bool overflow = false;
            const auto touched = pv::touched(c, runId, kTouchedLimit, &overflow, err);
            if (!tables || !present || !touched)
                return false;
            for (const PvTable &p : *tables) {
                const QPair<int, int> key(p.unit, p.target);
                QMutexLocker lock(&mu);
                auto it = scopes->find(key);
                if (it == scopes->end())
                    continue;
                const MoveUnit &u = m_moves.units().at(p.unit);
                const MoveTarget &mt = u.targets.at(p.target);
                if (mt.instance != inst)
                    continue;
                int found = 0;
                for (const auto &tr : *present)
                    if (tr.first == mt.schema && tr.second.startsWith(pv::triggerPrefix(runId, u, p.target)))
                        ++found;
                QString why;
                const auto id = pv::identity(c, mt.schema, mt.node.table, &why);
                QString problem;
                if (found != 3)
                    problem = QStringLiteral("its change triggers are gone (%1 of 3)").arg(found);
                else if (!id || *id != p.identity)
                    problem = QStringLiteral("the table was recreated since T3 (TRUNCATE, a rebuild or a swap)");
                else if (overflow)
                    problem = QStringLiteral("more than %1 keys were changed on the targets by other sessions")
                                  .arg(kTouchedLimit);
                if (!problem.isEmpty()) {
                    it->second = VerifyScope{};
                    notes.append(QStringLiteral("%1: %2; compared whole").arg(mt.node.toString(), problem));
                    continue;
                }
                auto tk = touched->find(key);
                if (tk != touched->end()) {
                    it->second.keys += tk->second;
                    notes.append(QStringLiteral("%1: %2 keys changed by sessions other than the engine's capture; "
                                                "compared again")
                                     .arg(mt.node.toString())
                                     .arg(tk->second.size()));
                }
                confirmed.insert(key);
            }
            return true;
        },
        error);
    if (!ok)
        return false;
    for (auto &e : *scopes)
        if (!confirmed.count(e.first))
            e.second = VerifyScope{};
    for (const QString &n : std::as_const(notes))
        m_journal->addCheck(stepId(step), QStringLiteral("pre-verification"), true, n);
    return true;
}

bool CopyRun::pvDropTriggers(Step s, QString *error)
{
    const QString runId = m_spec.runId;
    return perTargetServer(
        s, QStringLiteral("drop pre-verification trigger"),
        [&](const QString &inst, Connection &c, QList<AuditedSql> *audits, QString *err) {
            // By name (the run's names are fixed by unit and target): no information_schema scan.
            for (const MoveUnit &u : m_moves.units())
                for (int t = 0; t < u.targets.size(); ++t) {
                    if (u.targets.at(t).instance != inst)
                        continue;
                    for (const QString &sql : pv::dropTriggerSql(runId, u, t)) {
                        ExecResult er;
                        bool r = c.exec(sql, &er);
                        if (!r) // once more: a transient server error must not leave triggers behind
                            r = c.exec(sql, &er);
                        if (er.warnings == 0 || !r) // a "does not exist" note: nothing was dropped
                            audits->append({c.params().describe(), sql, r ? QStringLiteral("ok") : c.lastError()});
                        if (!r) {
                            *err = c.lastError();
                            return false;
                        }
                    }
                }
            return true;
        },
        error);
}

} // namespace sp::migration
