// The dual-master window (docs/migration-dual-master.md, D4): from the switch (D7) until D8 every old
// instance replicates its new instance's binary log, so both sides of each pair carry every write and a
// rollback between D7 and D8 keeps what the new side took. D4 decides per pair and gives the new
// instance a GTID domain of its own (its writes never share sequence numbers with the old side's);
// D7 starts new -> old replication at the new instance's binlog head while writes are stopped (file and
// position: nothing before it is the application's); D8 and both rollbacks cut it.
#include "core/migration/dual/DualRun.h"

#include "core/migration/SqlParts.h"
#include "core/migration/run/Actions.h"
#include "core/migration/run/RunKeys.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QThread>

namespace sp::migration {

bool DualRun::twoWay(const Pair &p) const
{
    return m_journal.value(keys::dualBack(p.newDs)) == QLatin1String("two-way");
}

Outcome DualRun::stepD4()
{
    const Step s = rowOf(DualStep::D4);
    QString why;
    // Keys both sides may make: AUTO_INCREMENT ones are kept apart by D5's interleaving; others are
    // the application's, and a key made on both sides of a pair stops replication (loudly).
    if (!loadTableInfo(&why))
        return fail(s, why, Outcome::Error);
    QStringList ownKeys;
    for (const MoveUnit &u : m_moves.units()) {
        if (u.broadcast || u.info.createSql.contains(QLatin1String(" AUTO_INCREMENT"), Qt::CaseInsensitive))
            continue;
        const QString name = u.logicTable.isEmpty() ? u.source.table : u.logicTable;
        if (!ownKeys.contains(name))
            ownKeys.append(name);
    }
    if (!ownKeys.isEmpty())
        m_journal.addCheck(QStringLiteral("D4"), QStringLiteral("dual master"), true,
                           QStringLiteral("warning: %1 have no AUTO_INCREMENT column: between D7 and D8 a key the application "
                                          "makes on both sides of a pair collides in replication, which then stops (its "
                                          "error shows in status) and with it the way back")
                               .arg(ownKeys.join(QStringLiteral(", "))));
    for (const Pair &p : std::as_const(m_pairs)) {
        if (!m_journal.value(keys::dualBack(p.newDs)).isEmpty())
            continue; // decided by an earlier run of the step
        Connection a, b;
        if (!connect(p.a, &a, &why) || !connect(p.b, &b, &why))
            return fail(s, why, Outcome::Error);
        b.setWarningPolicy({});
        QString oneWay;
        const auto rs = readReplicaStatus(a, &why);
        if (!rs)
            return fail(s, why, Outcome::Error);
        if (rs->configured)
            oneWay = QStringLiteral("%1 already replicates from %2:%3").arg(p.oldDs, rs->masterHost).arg(rs->masterPort);
        // A domain no server of the pair has used: the new side's own transactions never interleave
        // with the old side's sequence numbers (gtid_strict_mode, replicas of the old instance).
        const auto states = a.queryValue(QStringLiteral("SELECT CONCAT_WS(',', @@gtid_binlog_state, @@gtid_slave_pos)"));
        const auto statesB = b.queryValue(QStringLiteral("SELECT CONCAT_WS(',', @@gtid_binlog_state, @@gtid_slave_pos)"));
        const auto domainB = b.queryValue(QStringLiteral("SELECT @@gtid_domain_id"));
        const auto domainA = a.queryValue(QStringLiteral("SELECT @@gtid_domain_id"));
        if (!states || !statesB || !domainB || !domainA)
            return fail(s, a.lastError() + b.lastError(), Outcome::Error);
        quint32 top = qMax(domainA->toUInt(), domainB->toUInt());
        for (const QString &text : {states->toString(), statesB->toString()}) {
            const auto list = parseGtidList(text.split(QLatin1Char(','), Qt::SkipEmptyParts).join(QLatin1Char(',')), &why);
            if (!list)
                return fail(s, why, Outcome::Error);
            for (const Gtid &g : *list)
                top = qMax(top, g.domain);
        }
        if (!oneWay.isEmpty()) {
            m_journal.setValue(keys::dualBack(p.newDs), QStringLiteral("one-way: ") + oneWay);
            m_journal.addCheck(QStringLiteral("D4"), QStringLiteral("dual master"), true,
                               QStringLiteral("warning: %1 -> %2 stays one-way (%3): a rollback after D7 is not possible")
                                   .arg(p.newDs, p.oldDs, oneWay));
            continue;
        }
        if (m_journal.value(keys::dualDomain(p.newDs)).isEmpty())
            m_journal.setValue(keys::dualDomain(p.newDs), domainB->toString());
        if (!audited(s, QStringLiteral("GTID domain of the new instance"), b,
                     QStringLiteral("SET GLOBAL gtid_domain_id = %1").arg(top + 1)))
            return fail(s, b.lastError(), Outcome::Error);
        m_journal.setValue(keys::dualBack(p.newDs), QStringLiteral("two-way"));
        m_journal.addCheck(QStringLiteral("D4"), QStringLiteral("dual master"), true,
                           QStringLiteral("%1 -> %2 from the switch (D7) until D8; the new instance writes in GTID domain %3")
                               .arg(p.newDs, p.oldDs)
                               .arg(top + 1));
    }
    return Outcome::Done;
}

bool DualRun::startBack(Step s, QString *error)
{
    for (const Pair &p : std::as_const(m_pairs)) {
        if (!twoWay(p))
            continue;
        Connection a, b;
        if (!connect(p.a, &a, error) || !connect(p.b, &b, error))
            return false;
        a.setWarningPolicy({});
        const auto st = readReplicaStatus(a, error);
        if (!st)
            return false;
        if (!st->configured) {
            // Writes are stopped on the old side and the new side has applied all of it: from its
            // head on, its binary log is its own clients' writes (and the old side's, which the old
            // instance skips as its own).
            const auto head = masterStatus(b, error);
            if (!head)
                return false;
            QString password;
            if (!ensureReplUser(s, p.b, &password, error))
                return false;
            if (!audited(s, QStringLiteral("replication filter"), a,
                         QStringLiteral("SET GLOBAL replicate_do_db = %1").arg(sqlString(p.a.schema))) ||
                (p.a.schema != p.b.schema &&
                 !audited(s, QStringLiteral("replication filter"), a,
                          QStringLiteral("SET GLOBAL replicate_rewrite_db = %1")
                              .arg(sqlString(p.b.schema + QStringLiteral("->") + p.a.schema))))) {
                *error = a.lastError();
                return false;
            }
            if (!audited(s, QStringLiteral("replicate new -> old"), a,
                         QStringLiteral("CHANGE MASTER TO MASTER_HOST = %1, MASTER_PORT = %2, MASTER_USER = %3, "
                                        "MASTER_PASSWORD = %4, MASTER_LOG_FILE = %5, MASTER_LOG_POS = %6, "
                                        "MASTER_USE_GTID = no, MASTER_CONNECT_RETRY = 2")
                             .arg(sqlString(p.bHost))
                             .arg(p.bPort)
                             .arg(sqlString(replUser()), sqlString(password), sqlString(head->file))
                             .arg(head->position),
                         password)) {
                *error = QStringLiteral("CHANGE MASTER on %1 failed: %2").arg(p.a.instance, a.lastError().replace(password, QStringLiteral("<redacted>")));
                return false;
            }
            m_journal.setValue(keys::dualBackFrom(p.newDs), head->toString());
        }
        if (!audited(s, QStringLiteral("start replica"), a, QStringLiteral("START SLAVE"))) {
            *error = a.lastError();
            return false;
        }
        QDeadlineTimer deadline(20000);
        std::optional<ReplicaStatus> now;
        while (!deadline.hasExpired()) {
            now = readReplicaStatus(a, error);
            if (!now || now->running() || !now->lastSqlError.isEmpty())
                break;
            QThread::msleep(100);
        }
        if (!now || !now->running()) {
            *error = QStringLiteral("%1 -> %2: replication does not run (IO %3, SQL %4) %5 %6")
                         .arg(p.newDs, p.oldDs, now ? now->ioRunning : QString(), now ? now->sqlRunning : QString(),
                              now ? now->lastIoError : *error, now ? now->lastSqlError : QString());
            return false;
        }
        m_journal.addCheck(stepId(s), QStringLiteral("dual master"), true,
                           QStringLiteral("%1 -> %2 replicates from %3 (until D8)")
                               .arg(p.newDs, p.oldDs, m_journal.value(keys::dualBackFrom(p.newDs))));
    }
    return true;
}

bool DualRun::cutBack(Step s, bool drain, QString *error)
{
    for (const Pair &p : std::as_const(m_pairs)) {
        if (m_journal.value(keys::dualBack(p.newDs)).isEmpty())
            continue;
        Connection a, b;
        if (!connect(p.a, &a, error) || !connect(p.b, &b, error))
            return false;
        a.setWarningPolicy({});
        b.setWarningPolicy({});
        const auto st = readReplicaStatus(a, error);
        if (!st)
            return false;
        const bool ours = st->configured && st->masterHost == p.bHost && st->masterPort == p.bPort;
        if (ours && drain) {
            // Everything the new instance holds reaches the old one before it is cut.
            const auto head = masterStatus(b, error);
            if (!head)
                return false;
            if (!st->lastSqlError.isEmpty() || !st->lastIoError.isEmpty()) {
                *error = QStringLiteral("%1 -> %2 stopped: %3").arg(p.newDs, p.oldDs, st->lastSqlError + st->lastIoError);
                return false;
            }
            const auto w = a.queryValue(QStringLiteral("SELECT MASTER_POS_WAIT(%1, %2, %3)")
                                            .arg(sqlString(head->file))
                                            .arg(head->position)
                                            .arg(qMax(1, m_spec.writeStopBudgetSec)));
            if (!w || w->isNull() || w->toLongLong() < 0) {
                *error = QStringLiteral("%1 did not apply %2's binary log up to %3 within %4 s")
                             .arg(p.oldDs, p.newDs, head->toString())
                             .arg(m_spec.writeStopBudgetSec);
                return false;
            }
        }
        if (ours) {
            const QJsonObject orig =
                QJsonDocument::fromJson(m_journal.value(keys::dualOrig(p.a.instance)).toUtf8()).object();
            if (!audited(s, QStringLiteral("stop replica"), a, QStringLiteral("STOP SLAVE")) ||
                !audited(s, QStringLiteral("remove replication"), a, QStringLiteral("RESET SLAVE ALL")) ||
                !audited(s, QStringLiteral("replication filter"), a,
                         QStringLiteral("SET GLOBAL replicate_do_db = %1")
                             .arg(sqlString(orig.value(QStringLiteral("doDb")).toString())))) {
                *error = a.lastError();
                return false;
            }
            if (p.a.schema != p.b.schema)
                audited(s, QStringLiteral("replication filter"), a, QStringLiteral("SET GLOBAL replicate_rewrite_db = ''"));
        }
        if (!b.exec(QStringLiteral("SET SESSION sql_log_bin = 0")) ||
            !audited(s, QStringLiteral("drop replication account"), b,
                     QStringLiteral("DROP USER IF EXISTS %1@'%'").arg(b.quoteString(replUser())))) {
            *error = b.lastError();
            return false;
        }
    }
    return true;
}

bool DualRun::restoreDomains(Step s, QString *error)
{
    for (const Pair &p : std::as_const(m_pairs)) {
        const QString orig = m_journal.value(keys::dualDomain(p.newDs));
        if (orig.isEmpty())
            continue;
        Connection b;
        if (!connect(p.b, &b, error))
            return false;
        if (!audited(s, QStringLiteral("GTID domain restored"), b, QStringLiteral("SET GLOBAL gtid_domain_id = %1").arg(orig.toUInt()))) {
            *error = b.lastError();
            return false;
        }
    }
    return true;
}

Outcome DualRun::rollbackAfterSwitch(bool dropTargets, QString *summary)
{
    if (m_journal.step(rowOf(DualStep::D8)).status != StepStatus::Pending) {
        m_error = QStringLiteral("D8 has cut replication: the old instances no longer follow the new ones");
        return Outcome::GateFailed;
    }
    QStringList newInstances;
    for (const Pair &p : std::as_const(m_pairs)) {
        if (!twoWay(p) || m_journal.value(keys::dualBackFrom(p.newDs)).isEmpty()) {
            const QString d = m_journal.value(keys::dualBack(p.newDs));
            m_error = QStringLiteral("%1 -> %2 is not replicated back (%3): the writes %1 took since the switch would be "
                                     "lost, so this run cannot be rolled back after D7")
                          .arg(p.newDs, p.oldDs, d.isEmpty() ? QStringLiteral("a run from before the dual-master window") : d);
            return Outcome::GateFailed;
        }
        newInstances.append(p.b.instance);
    }
    const Step s = rowOf(DualStep::D7);
    QString why;
    QElapsedTimer window;
    window.start();
    m_journal.setValue(keys::rollbackStopStart, QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    say(QStringLiteral("rollback: stopping writes on %1").arg(newInstances.join(QStringLiteral(", "))));
    auto resume = [&](const QString &message, Outcome o) {
        QString w;
        const bool lifted = migration::setReadOnly(m_ctx, s, newInstances, false, &w);
        m_error = message + (lifted ? QStringLiteral("; writes resumed on the new instances, nothing rolled back")
                                    : QStringLiteral("; lifting read_only on the new instances failed too: ") + w);
        return o;
    };
    if (!migration::setReadOnly(m_ctx, s, newInstances, true, &why))
        return resume(QStringLiteral("setting read_only on the new instances: ") + why, Outcome::Error);
    // Everything the new instances took reaches the old ones; then replication is cut both ways.
    if (!cutBack(s, true, &why))
        return resume(QStringLiteral("the old instances could not apply the new ones' writes: ") + why, Outcome::Error);
    if (!restoreConfig(m_ctx, &why))
        return resume(QStringLiteral("putting the old config back: ") + why, Outcome::Error);
    qint64 reloadMs = 0;
    if (!runRollbackReload(m_ctx, s, &reloadMs)) {
        m_error = QStringLiteral("the old config is back, but the reload command failed (%1): the new instances stay "
                                 "read-only until the services route with the old config")
                      .arg(m_spec.reloadCommand);
        return Outcome::Error;
    }
    if (!cutReplication(s, &why) || !restoreSettings(s, &why) || !restoreDomains(s, &why)) {
        m_error = QStringLiteral("the old config is back; cutting replication: ") + why;
        return Outcome::Error;
    }
    if (!migration::setReadOnly(m_ctx, s, newInstances, false, &why)) {
        m_error = QStringLiteral("the old config is back; lifting read_only on the new instances failed: ") + why;
        return Outcome::Error;
    }
    const qint64 ms = window.elapsed();
    m_journal.setValue(keys::rollbackWriteStopMs, QString::number(ms));
    say(QStringLiteral("rollback: writes to the new instances were stopped for %1 s; the old config routes again")
            .arg(double(ms) / 1000.0, 0, 'f', 2));
    QString dropped;
    const Outcome o = rollback(dropTargets, &dropped); // what is left: settings are restored already, the seed
    if (o != Outcome::Done)
        return o;
    *summary = QStringLiteral("rolled back after the switch, writes to the new instances stopped %1 ms; %2").arg(ms).arg(dropped);
    return Outcome::Done;
}

} // namespace sp::migration
