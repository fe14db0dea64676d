// After the dual-master switch (DualRun.h): D8 cuts replication, D9 purges each side's other half,
// D10; the read-only check (`migrate verify`) and the rollback.
#include "core/migration/dual/DualRun.h"

#include "core/cluster/Transaction.h"
#include "core/migration/ExactRows.h"
#include "core/migration/KeySql.h"
#include "core/migration/run/RunKeys.h"
#include "core/migration/run/Throttle.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QThread>

namespace sp::migration {

// --- D8 ----------------------------------------------------------------------------------------------

bool DualRun::cutReplication(Step s, QString *error)
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
        if (st->configured && st->running() && s == rowOf(DualStep::D8)) {
            // What clients still on the old config wrote to the old instance reaches the new one.
            if (auto pos = a.queryValue(QStringLiteral("SELECT @@gtid_binlog_pos")))
                b.queryValue(
                    QStringLiteral("SELECT MASTER_GTID_WAIT(%1, 20)").arg(sqlString(pos->toString())));
        }
        const QJsonObject orig =
            QJsonDocument::fromJson(m_journal.value(keys::dualOrig(p.b.instance)).toUtf8()).object();
        if (!audited(s, QStringLiteral("stop replica"), b, QStringLiteral("STOP SLAVE")) ||
            !audited(s, QStringLiteral("remove replication"), b, QStringLiteral("RESET SLAVE ALL")) ||
            !audited(s, QStringLiteral("replication filter"), b,
                     QStringLiteral("SET GLOBAL replicate_do_db = %1")
                         .arg(sqlString(orig.value(QStringLiteral("doDb")).toString())))) {
            *error = b.lastError();
            return false;
        }
        if (p.a.schema != p.b.schema)
            audited(s, QStringLiteral("replication filter"), b,
                    QStringLiteral("SET GLOBAL replicate_rewrite_db = ''"));
        if (!a.exec(QStringLiteral("SET SESSION sql_log_bin = 0")) ||
            !audited(s, QStringLiteral("drop replication account"), a,
                     QStringLiteral("DROP USER IF EXISTS %1@'%'").arg(a.quoteString(replUser())))) {
            *error = a.lastError();
            return false;
        }
    }
    return true;
}

bool DualRun::restoreSettings(Step s, QString *error)
{
    for (const Pair &p : std::as_const(m_pairs))
        for (const Endpoint *e : {&p.a, &p.b}) {
            const QJsonObject orig =
                QJsonDocument::fromJson(m_journal.value(keys::dualOrig(e->instance)).toUtf8()).object();
            if (orig.isEmpty())
                continue;
            Connection c;
            if (!connect(*e, &c, error))
                return false;
            if (!audited(s, QStringLiteral("auto_increment restored"), c,
                         QStringLiteral("SET GLOBAL auto_increment_increment = %1")
                             .arg(orig.value(QStringLiteral("aiIncrement")).toInteger(1))) ||
                !audited(s, QStringLiteral("auto_increment restored"), c,
                         QStringLiteral("SET GLOBAL auto_increment_offset = %1")
                             .arg(orig.value(QStringLiteral("aiOffset")).toInteger(1)))) {
                *error = c.lastError();
                return false;
            }
        }
    return true;
}

Outcome DualRun::stepD8()
{
    const Step s = rowOf(DualStep::D8);
    QString why;
    if (m_journal.step(rowOf(DualStep::D7)).status != StepStatus::Done)
        return fail(s, QStringLiteral("the config is not switched (D7)"));
    if (!cutReplication(s, &why) || !cutBack(s, false, &why) || !restoreSettings(s, &why) || !restoreDomains(s, &why))
        return fail(s, why, Outcome::Error);
    probe();
    m_journal.setValue(keys::cutAt, QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    m_journal.addCheck(
        QStringLiteral("D8"), QStringLiteral("replication"), true,
        QStringLiteral("replication removed on %1 new instances; auto_increment settings restored")
            .arg(m_pairs.size()));
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
bool DualRun::purgeSide(const MoveUnit &u, bool oldSide, QStringList *kept, StopReason *stopped,
                        QString *error)
{
    const Step s = rowOf(DualStep::D9);
    const TableInfo &info = u.info;
    const MoveTarget &t = u.targets.first();
    const QString moved = QLatin1Char('(') + t.predicateSql + QLatin1Char(')');
    const QString here = oldSide ? u.qualifiedSource() : u.qualifiedTarget(0);
    const QString there = oldSide ? u.qualifiedTarget(0) : u.qualifiedSource();
    const QString hereLabel = oldSide ? u.source.toString() : t.node.toString();
    const QString thereLabel = oldSide ? t.node.toString() : u.source.toString();
    // Old keeps what does not move; new keeps what moves.
    const QString drop =
        oldSide ? moved + QStringLiteral(" IS TRUE") : moved + QStringLiteral(" IS NOT TRUE");
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
    const JournalKey key = keys::dualPurge(oldSide, u.id);
    const JournalKey keptKey = keys::dualPurgeKept(oldSide, u.id);
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
        m_journal.audit(stepId(s), action, hc.params().describe(), shown,
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
        m_journal.audit(stepId(s), QStringLiteral("purge rows their owner lacks"), hc.params().describe(),
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
    // The run's throttle (Throttle.h): rate, load and replica lag; chunks no larger than its burst.
    Throttle &throttle = *m_ctx.throttle;
    const int chunk = throttle.maxChunk(qBound(10, m_spec.chunkRows, 10000));
    while (true) {
        if (!throttle.admit(chunk, stopped, error)) {
            if (*stopped != StopReason::None)
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
            *error =
                QStringLiteral(
                    "%1: more than 100,000 rows to purge are not on %2, the side that owns them; stopped")
                    .arg(hereLabel, thereLabel);
            m_journal.setValue(keptKey, keptKeysText(keptKeys));
            return false;
        }
        if (!verified.isEmpty() && !deleteKeys(verified, QStringLiteral("purge chunk")))
            return false;
        last = keys.last();
        m_journal.setValue(keptKey, keptKeysText(keptKeys));
        m_journal.setValue(key, encodeKey(*last));
        throttle.record();
        if (throttle.limits().maxRowsPerSec > 0)
            throttle.refund(chunk - (deleted - deletedBefore));
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

Outcome DualRun::stepD9()
{
    const Step s = rowOf(DualStep::D9);
    if (m_journal.step(rowOf(DualStep::D8)).status != StepStatus::Done)
        return fail(s, QStringLiteral("replication is not cut (D8)"));
    const QDateTime switched = QDateTime::fromString(m_journal.value(keys::switchedAt), Qt::ISODateWithMs);
    const QDateTime until = switched.addSecs(m_spec.observeSec);
    if (QDateTime::currentDateTimeUtc() < until) {
        if (m_options.overrideReason.trimmed().isEmpty())
            return fail(
                s, QStringLiteral(
                       "the observation window lasts until %1 UTC; purge then, or give --override-reason")
                       .arg(until.toString(Qt::ISODate)));
        m_journal.audit(stepId(s), QStringLiteral("purge before the observation window ended"), QString(),
                        QString(), QStringLiteral("override: ") + m_options.overrideReason);
    }
    QString why;
    QStringList kept;
    if (!loadTableInfo(&why))
        return fail(s, why, Outcome::Error);
    for (MoveUnit &u : m_moves.units()) {
        if (u.broadcast || u.targets.isEmpty())
            continue;
        for (const bool oldSide : {true, false}) {
            StopReason stopped = StopReason::None;
            if (!purgeSide(u, oldSide, &kept, &stopped, &why)) {
                if (stopped != StopReason::None)
                    return Outcome::Paused;
                return fail(s, why, Outcome::Error);
            }
        }
    }
    if (!kept.isEmpty())
        return fail(s, QStringLiteral(
                           "%1 rows were kept: the side that owns them lacks them (deleted there since the "
                           "switch, or never replicated): %2. Check them, then run D9 again with "
                           "--override-reason to purge them")
                           .arg(kept.size())
                           .arg(kept.mid(0, 20).join(QStringLiteral(", "))));
    return Outcome::Done;
}

Outcome DualRun::stepD10()
{
    m_journal.setStep(rowOf(DualStep::D10), StepStatus::Running,
                      QStringLiteral("not automated: give every instance its own replica again"));
    m_journal.addCheck(
        QStringLiteral("D10"), QStringLiteral("high availability"), true,
        QStringLiteral("the old pairing is gone; set up a replica for each of the %1 instances")
            .arg(2 * m_pairs.size()));
    return Outcome::Done;
}

// --- check, rollback ---------------------------------------------------------------------------------

Outcome DualRun::verify()
{
    QString why;
    if (!restartInterrupted(rowOf(DualStep::D6), &why)) {
        m_error = why;
        return Outcome::Error;
    }
    const bool ok = gates(rowOf(DualStep::D7), true, &why);
    for (const PairReplication &r : storedReplication(m_journal.values()))
        say(r.describe());
    // The rows too, while replication runs and the config is not switched; nothing is repaired.
    Outcome compared = Outcome::Done;
    if (m_journal.step(rowOf(DualStep::D3)).status == StepStatus::Done && !m_ctx.switched())
        compared = compareRows(rowOf(DualStep::D6), false);
    if (!ok) {
        m_error = why;
        return Outcome::GateFailed;
    }
    return compared;
}

Outcome DualRun::rollback(bool dropTargets, QString *summary)
{
    const QList<StepState> st = m_journal.steps();
    QString why;
    if (!m_journal.value(keys::writeStopStart).isEmpty()) {
        if (!setReadOnly(rowOf(DualStep::D7), false, &why)) {
            m_error = why;
            return Outcome::Error;
        }
        say(QStringLiteral("writes resumed on the old instances (read_only=0)"));
    }
    if (st.at(int(rowOf(DualStep::D3))).status != StepStatus::Pending) {
        if (!cutBack(rowOf(DualStep::D3), false, &why) || !restoreDomains(rowOf(DualStep::D3), &why) ||
            !cutReplication(rowOf(DualStep::D3), &why)) {
            m_error = why;
            return Outcome::Error;
        }
        // The new instances' replication position goes back to what it was.
        for (const Pair &p : std::as_const(m_pairs)) {
            const QJsonObject orig =
                QJsonDocument::fromJson(m_journal.value(keys::dualOrig(p.b.instance)).toUtf8()).object();
            Connection b;
            if (connect(p.b, &b, &why)) {
                b.setWarningPolicy({});
                audited(rowOf(DualStep::D3), QStringLiteral("rollback: replication position"), b,
                        QStringLiteral("SET GLOBAL gtid_slave_pos = %1")
                            .arg(sqlString(orig.value(QStringLiteral("slavePos")).toString())));
            }
        }
        for (const Pair &p : std::as_const(m_pairs))
            m_journal.setValue(keys::dualCompareStopped(p.newDs), QString());
        say(QStringLiteral("replication stopped and removed"));
    }
    if (!restoreSettings(rowOf(DualStep::D5), &why)) {
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
            if (m_journal.value(keys::dualCreatedSchema(p.newDs)) == QLatin1String("1")) {
                if (!audited(rowOf(DualStep::D2), QStringLiteral("rollback: drop seeded schema"), b,
                             QStringLiteral("DROP DATABASE IF EXISTS ") +
                                 Connection::quoteIdentifier(p.b.schema))) {
                    m_error = b.lastError();
                    return Outcome::Error;
                }
                continue;
            }
            if (m_journal.value(keys::dualSeed(p.newDs)).isEmpty())
                continue; // nothing was seeded there
            auto tables = b.query(
                QStringLiteral(
                    "SELECT TABLE_NAME, TABLE_TYPE FROM information_schema.TABLES WHERE TABLE_SCHEMA = ") +
                b.quoteString(p.b.schema));
            if (!tables) {
                m_error = b.lastError();
                return Outcome::Error;
            }
            for (const auto &row : tables->rows)
                if (!audited(rowOf(DualStep::D2), QStringLiteral("rollback: drop seeded table"), b,
                             QStringLiteral("DROP %1 IF EXISTS %2.%3")
                                 .arg(row.at(1).toString() == QLatin1String("VIEW") ? QStringLiteral("VIEW")
                                                                                    : QStringLiteral("TABLE"),
                                      Connection::quoteIdentifier(p.b.schema),
                                      Connection::quoteIdentifier(row.at(0).toString())))) {
                    m_error = b.lastError();
                    return Outcome::Error;
                }
        }
        say(QStringLiteral("seeded data dropped on the new instances"));
    }
    *summary = dropTargets ? QStringLiteral("seeded data dropped") : QStringLiteral("seeded data kept");
    return Outcome::Done;
}

} // namespace sp::migration
