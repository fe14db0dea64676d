// The dual-master switch (DualRun.h): D6 waits for lag 0 and compares the rows each new instance will
// own with its old instance (DualCompare.h), the replication gates, D7 stops writes for the config
// switch.
#include "core/migration/dual/DualCompare.h"
#include "core/migration/dual/DualRun.h"

#include "core/migration/run/Actions.h"
#include "core/migration/run/RunKeys.h"
#include "core/migration/run/Throttle.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QLocale>
#include <QThread>

namespace sp::migration {

namespace {
const int kCatchUpTimeoutSec = 900;
}

// --- D6 ----------------------------------------------------------------------------------------------

bool DualRun::loadTableInfo(QString *error)
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

bool DualRun::restartInterrupted(Step s, QString *error)
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
            m_journal.audit(stepId(s), QStringLiteral("replication resumed (a comparison was interrupted)"),
                            b.params().describe(), QStringLiteral("START SLAVE"),
                            ok ? QStringLiteral("ok") : *error);
            if (!ok)
                return false;
            say(QStringLiteral("%1: replication started again (a comparison was interrupted)").arg(p.newDs));
        }
        m_journal.setValue(keys::dualCompareStopped(p.newDs), QString());
    }
    return true;
}

// Both threads running and lag 0 on every pair (up to 15 min).
Outcome DualRun::waitCaughtUp(Step s)
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
                return fail(s,
                            QStringLiteral("%1 -> %2: replication is not set up (D3)").arg(r.oldDs, r.newDs));
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
                m_journal.addCheck(stepId(s), QStringLiteral("lag"), true, r.describe());
            return Outcome::Done;
        }
        if (m_stop.load() || m_ctx.pauseRequested())
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
Outcome DualRun::compareRows(Step s, bool repair)
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
    sum.by = repair ? stepId(s) : QStringLiteral("verify");
    sum.token = m_token;
    QList<RowDifference> differences;
    QStringList lines;
    for (const Pair &p : std::as_const(m_pairs)) {
        DualCompareOptions o;
        o.hash = m_spec.strongHash || m_options.strongHash ? RowHashKind::Strong : RowHashKind::Crc;
        o.repair = repair;
        o.rangeRows = m_spec.maxChunkRows > 0 ? m_spec.maxChunkRows : 50000;
        o.admit = [this](qint64 rows, QString *why) {
            StopReason stopped = StopReason::None;
            return m_ctx.throttle->admit(rows, &stopped, why);
        };
        o.stop = &m_stop;
        o.pauseRequested = [this] { return m_ctx.pauseRequested(); };
        o.progress = m_options.progress;
        o.audit = [&](const QString &action, const QString &server, const QString &sql,
                      const QString &outcome) {
            m_journal.audit(repair ? stepId(s) : QStringLiteral("verify"), action, server, sql, outcome);
        };
        say(QStringLiteral("comparing the rows %1 will own with %2 (exact)%3")
                .arg(p.newDs, p.oldDs,
                     repair ? QStringLiteral("; what differs is repaired from ") + p.oldDs : QString()));
        // Marked before the comparison stops replication: a killed process leaves it to the next run.
        m_journal.setValue(keys::dualCompareStopped(p.newDs), QStringLiteral("1"));
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
    m_journal.setValue(keys::dualCompare,
                       QString::fromUtf8(QJsonDocument(sum.toJson()).toJson(QJsonDocument::Compact)));
    for (const QString &l : std::as_const(lines)) {
        if (repair)
            m_journal.addCheck(
                stepId(s), QStringLiteral("rows"),
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
bool DualRun::comparisonGate(QString *error)
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

Outcome DualRun::stepD6()
{
    const Step s = rowOf(DualStep::D6);
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
bool DualRun::gates(Step s, bool beforeSwitch, QString *error)
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
                bad.append(QStringLiteral("replication threads IO %1, SQL %2")
                               .arg(r.forward.ioRunning, r.forward.sqlRunning));
            if (r.forward.lagSec < 0 || r.forward.lagSec > m_spec.writeStopBudgetSec)
                bad.append(QStringLiteral("lag %1 s (at most %2 s)")
                               .arg(r.forward.lagSec)
                               .arg(m_spec.writeStopBudgetSec));
            if (!beforeSwitch && !r.caughtUp)
                bad.append(
                    QStringLiteral("GTID positions differ: old %1, new %2").arg(r.sourcePos, r.replicaPos));
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
                const QJsonObject orig =
                    QJsonDocument::fromJson(m_journal.value(keys::dualOrig(e.instance)).toUtf8()).object();
                const auto before = parseGtidList(orig.value(QStringLiteral("binlogState")).toString(), &why);
                const auto now = parseGtidList(v->rows.first().at(2).toString(), &why);
                if (!before || !now)
                    bad.append(e.instance + QStringLiteral(": ") + why);
                else {
                    const QList<Gtid> errant = errantGtids(*before, *now, sid);
                    if (!errant.isEmpty())
                        bad.append(
                            QStringLiteral("%1 has errant transactions %2 (written there, not replicated)")
                                .arg(p.newDs, gtidText(errant)));
                }
            }
        }
        m_journal.addCheck(
            stepId(s), QStringLiteral("replication gate"), bad.isEmpty(),
            bad.isEmpty()
                ? r.describe()
                : QStringLiteral("%1 -> %2: %3").arg(p.oldDs, p.newDs, bad.join(QStringLiteral("; "))));
        if (!bad.isEmpty())
            problems.append(
                QStringLiteral("%1 -> %2: %3").arg(p.oldDs, p.newDs, bad.join(QStringLiteral("; "))));
    }
    *error = problems.join(QStringLiteral("; "));
    return problems.isEmpty();
}

bool DualRun::setReadOnly(Step s, bool on, QString *error)
{
    QStringList old;
    for (const Pair &p : std::as_const(m_pairs))
        old.append(p.a.instance);
    return migration::setReadOnly(m_ctx, s, old, on, error);
}

Outcome DualRun::stepD7()
{
    const Step s = rowOf(DualStep::D7);
    QString why;
    const bool switched = m_ctx.switched();
    if (!switched && !comparisonGate(&why)) {
        m_journal.addCheck(stepId(s), QStringLiteral("rows compared"), false, why);
        return fail(s, QStringLiteral("the switch is refused: ") + why);
    }
    if (!switched)
        m_journal.addCheck(stepId(s), QStringLiteral("rows compared"), true,
                           QStringLiteral("clean comparison by this run (D6)"));
    if (!switched && !gates(s, true, &why))
        return fail(s, QStringLiteral("the switch is refused: ") + why);
    if (m_journal.value(keys::writeStopStart).isEmpty())
        m_journal.setValue(keys::writeStopStart, QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    if (!setReadOnly(s, true, &why))
        return fail(s, why, Outcome::Error);
    auto resume = [&](const QString &reason) {
        QString lift;
        setReadOnly(s, false, &lift);
        m_journal.setValue(keys::writeStopStart, QString());
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
        auto w = b.queryValue(QStringLiteral("SELECT MASTER_GTID_WAIT(%1, %2)")
                                  .arg(sqlString(pos->toString()))
                                  .arg(left, 0, 'f', 3));
        if (!w || w->toInt() != 0)
            return resume(QStringLiteral("%1 did not reach %2's position %3 within %4 s of the write stop")
                              .arg(p.newDs, p.oldDs, pos->toString())
                              .arg(m_spec.writeStopBudgetSec));
    }
    if (!switched && !gates(s, false, &why))
        return resume(QStringLiteral("the switch is refused: ") + why);
    // The dual-master window (D4): new -> old from here, while writes are stopped.
    if (!startBack(s, &why))
        return resume(QStringLiteral("new -> old replication: ") + why);
    if (!switchConfig(m_ctx, s, &why))
        return resume(why);
    m_journal.setValue(keys::switchedAt, QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    if (!setReadOnly(s, false, &why))
        return fail(s, why, Outcome::Error);
    const QDateTime start = QDateTime::fromString(m_journal.value(keys::writeStopStart), Qt::ISODateWithMs);
    const QDateTime end = QDateTime::currentDateTimeUtc();
    m_journal.setValue(keys::writesResumed, end.toString(Qt::ISODateWithMs));
    if (start.isValid()) {
        const qint64 ms = start.msecsTo(end);
        m_journal.setValue(keys::writeStopMs, QString::number(ms));
        say(QStringLiteral("writes resumed; they were stopped for %1 s").arg(double(ms) / 1000.0, 0, 'f', 1));
        m_journal.setStep(s, StepStatus::Running,
                          QStringLiteral("write stop %1 s").arg(double(ms) / 1000.0, 0, 'f', 1));
    }
    return Outcome::Done;
}

} // namespace sp::migration
