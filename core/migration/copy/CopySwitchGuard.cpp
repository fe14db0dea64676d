// The switch's write-loss guarantee (docs/migration.md): the comparison after a drain (T5, and again
// when something was written since), the gate on the latest comparison, and the guard before T6 and
// T7 that compares each source's binlog head with the position the capture drained and verified.
#include "core/migration/CaptureGuard.h"
#include "core/migration/SqlParts.h"
#include "core/migration/SwitchGuard.h"
#include "core/migration/copy/CopyRun.h"
#include "core/migration/copy/SourceWorker.h"

#include <QDateTime>
#include <QLocale>

#include <map>

namespace sp::migration {

static const int kGuardRounds = 3;

void CopyRun::recordComparison(const QString &origin, const QList<RowDifference> &differences)
{
    m_journal->setDifferences(differences);
    m_journal->setValue(keys::comparisonLast, origin);
    m_journal->setValue(keys::comparisonAt, QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
}

QString CopyRun::latestComparisonRefusal(Step s)
{
    const qint64 n = m_journal->differenceCount();
    if (n <= 0)
        return {};
    const QString origin = m_journal->value(keys::comparisonLast, QStringLiteral("T5"));
    const QString at = m_journal->value(keys::comparisonAt);
    return QStringLiteral(
               "the latest comparison (%1%2) found %3 rows that differ between the sources and the targets; "
               "%4 is refused while it does: repair them ('shardctl migrate repair --yes' verifies again) "
               "or, once the cause is fixed, compare again ('shardctl migrate verify')")
        .arg(origin, at.isEmpty() ? QString() : QStringLiteral(" at ") + at)
        .arg(n)
        .arg(stepId(s));
}

Outcome CopyRun::compareDrained(Step s, const QString &origin)
{
    QString why;
    VerifyScopes scopes;
    if (!m_spec.fullVerify && !pvScopes(&scopes, &why, s))
        return fail(s, QStringLiteral("reading what changed since the pre-verification: ") + why,
                    Outcome::Error);
    const VerifyResult vr =
        verifyMoves(m_moves, m_endpoints, m_options.say, &m_stop, m_spec.fullVerify ? nullptr : &scopes,
                    m_spec.strongHash ? RowHashKind::Strong : RowHashKind::Crc);
    if (!vr.ok)
        return fail(s, vr.error, Outcome::Error);
    recordComparison(origin, vr.differences);
    for (const QString &l : vr.lines)
        m_journal->addCheck(stepId(s), QStringLiteral("rows"), !l.contains(QLatin1String("differences")), l);
    if (!vr.differences.isEmpty()) {
        if (s == Step::T5)
            return fail(
                s, QStringLiteral("%1 rows differ between sources and targets; see 'shardctl migrate status' "
                                  "for each with its repair SQL; T6 is refused until T5 is clean")
                       .arg(vr.differences.size()));
        return fail(s,
                    QStringLiteral(
                        "%1 rows differ between sources and targets after the writes made while writes "
                        "were stopped (see the %2 checks 'writes after the write stop'); %2 is refused: "
                        "'shardctl migrate status' lists each with its repair SQL ('migrate repair --yes'), "
                        "or roll back")
                        .arg(vr.differences.size())
                        .arg(stepId(s)));
    }
    const QString identical =
        QStringLiteral("%1 rows identical").arg(QLocale(QLocale::English).toString(vr.rowsCompared));
    if (s == Step::T5)
        m_journal->setStep(s, StepStatus::Running, identical);
    else
        m_journal->addCheck(stepId(s), QStringLiteral("compared again"), true, identical);
    return Outcome::Done;
}

bool CopyRun::checkBinlogSettings(Step s, QString *error)
{
    QStringList bad;
    for (const QString &src : m_moves.sourceInstances()) {
        Connection c;
        if (!c.open(m_endpoints.adminOfInstance(src))) {
            *error = c.lastError();
            return false;
        }
        QString why;
        const QString problem = binlogSettingsProblem(c, &why);
        if (!why.isEmpty() || !problem.isEmpty())
            bad.append(QStringLiteral("%1: %2").arg(src, why.isEmpty() ? problem : why));
    }
    if (bad.isEmpty())
        return true;
    *error = QStringLiteral(
                 "the binlog settings the capture relies on changed: %1; changes made in that format cannot "
                 "be carried: set them back (SET GLOBAL) before %2")
                 .arg(bad.join(QStringLiteral("; ")), stepId(s));
    return false;
}

bool CopyRun::recordWrites(Step s, const QString &instance, const BinlogPosition &from,
                           const BinlogPosition &to, qint64 *movingRowChanges, QString *error)
{
    if (!loadTableInfo(error))
        return false;
    BinlogWritesRequest r;
    r.connection = m_endpoints.adminOfInstance(instance);
    r.readerServerId = 0x53700000u | (quint32(m_spec.runId.left(4).toUInt(nullptr, 16)) << 4) |
                       quint32(m_moves.sourceInstances().indexOf(instance) & 0xf);
    r.from = from;
    r.to = to;
    const MoveSet &moves = m_moves;
    r.moving = [&moves, instance](const QString &schema, const QString &table) {
        return moves.unitFor(instance, schema, table) != nullptr;
    };
    for (const MoveUnit &u : m_moves.units())
        if (u.sourceInstance == instance)
            r.movingTableNames.append(u.source.table);
    const auto writes = readBinlogWrites(r, error);
    if (!writes) {
        *error = QStringLiteral("%1: reading what was written since %2: %3")
                     .arg(instance, from.toString(), *error);
        return false;
    }
    if (!writes->stop.isEmpty()) {
        *error = instance + QStringLiteral(": ") + writes->stop;
        return false;
    }
    *movingRowChanges = writes->movingRowChanges;
    if (!writes->anyOutsideEngine())
        return true; // only the engine's own metadata (a source server that is also a target)
    const QString line =
        QStringLiteral("%1: written between %2 and %3 while writes were stopped (by accounts read_only "
                       "does not stop, or replicated into this server): %4")
            .arg(instance, from.toString(), to.toString(), writes->lines().join(QStringLiteral("; ")));
    m_journal->addCheck(stepId(s), QStringLiteral("writes after the write stop"), true, line);
    say(line);
    return true;
}

Outcome CopyRun::guardSwitch(Step s)
{
    QString why;
    if (!checkBinlogSettings(s, &why))
        return fail(s, why);
    if (!loadTableInfo(&why))
        return fail(s, why, Outcome::Error);
    for (int round = 0;; ++round) {
        // Each source's binlog end against the position drained and verified last.
        std::map<QString, std::pair<BinlogPosition, BinlogPosition>> moved; // instance -> (verified, head)
        std::map<QString, BinlogPosition> targetOf;                         // where each worker drains to
        QStringList same;
        for (const QString &src : m_moves.sourceInstances()) {
            Connection c;
            if (!c.open(m_endpoints.adminOfInstance(src)))
                return fail(s, c.lastError(), Outcome::Error);
            const auto head = masterStatus(c, &why);
            if (!head)
                return fail(s, QStringLiteral("%1: %2").arg(src, why), Outcome::Error);
            // (final.<instance>: T4 of a run that began before drained.<instance> was kept)
            const auto verified = BinlogPosition::parse(
                m_journal->value(keys::drained(src), m_journal->value(keys::final(src))));
            if (!verified)
                return fail(s,
                            QStringLiteral("%1: no drained position in the journal (T4 records it)").arg(src),
                            Outcome::Error);
            if (*head < *verified)
                return fail(s, QStringLiteral(
                                   "%1: its binlog ends at %2, before %3 where the capture drained it (RESET "
                                   "MASTER, or another server at this address): the run cannot tell what "
                                   "was written")
                                   .arg(src, head->toString(), verified->toString()));
            targetOf[src] = *head;
            if (*head == *verified)
                same.append(QStringLiteral("%1 at %2").arg(src, head->toString()));
            else
                moved[src] = {*verified, *head};
        }
        if (moved.empty()) {
            m_journal->addCheck(
                stepId(s), QStringLiteral("write-loss guard"), true,
                QStringLiteral("every source server's binlog ends where the capture drained and "
                               "verified it: %1")
                    .arg(same.join(QStringLiteral(", "))));
            return Outcome::Done;
        }
        if (round == kGuardRounds)
            return fail(s, QStringLiteral(
                               "the source servers' binlogs kept moving through %1 rounds of drain and "
                               "compare while writes are stopped (see the %2 checks 'writes after the write "
                               "stop': accounts read_only does not stop, or replication into a source); stop "
                               "those writes, then run again")
                               .arg(kGuardRounds)
                               .arg(stepId(s)));
        // Who wrote since, from the binlog itself; then drain and compare again what changed.
        qint64 movingRows = 0;
        for (const auto &[src, span] : moved) {
            qint64 rows = 0;
            if (!recordWrites(s, src, span.first, span.second, &rows, &why))
                return fail(s, why);
            movingRows += rows;
        }
        // After T6 the application may write moved rows on their new shards already: a change of the
        // old shard applied over them could replace a newer write, and the comparison would then find
        // them equal. Only the operator can tell.
        if (movingRows > 0 && s == Step::T7 && !m_journal->value(keys::configBackup).isEmpty()) {
            if (m_options.carryAfterSwitch.trimmed().isEmpty())
                return fail(s,
                            QStringLiteral(
                                "%1 row changes of moving tables were written on the old shards after T6's "
                                "check, and the config is switched since (see the T7 checks 'writes after "
                                "the write stop'): the application may already write those rows on their "
                                "new shards, so the engine does not apply them over what is there. Check "
                                "them ('shardctl migrate verify' lists how each target differs), then run "
                                "T7 again with --carry-after-switch REASON to apply and compare them "
                                "(audited), or roll back")
                                .arg(movingRows));
            m_journal->audit(stepId(s), QStringLiteral("carry writes made after the switch"), QString(),
                             QString(), QStringLiteral("override: ") + m_options.carryAfterSwitch);
        }
        if (movingRows > 0) {
            say(QStringLiteral(
                    "%1: %2 row changes of moving tables arrived after the last drain; draining and "
                    "comparing again")
                    .arg(stepId(s))
                    .arg(movingRows));
            if (!startWorkers(&why))
                return fail(s, why, Outcome::Error);
            const bool drained = runWorkers(
                [&targetOf](SourceWorker &w) {
                    const BinlogPosition to = targetOf.at(w.instance());
                    return w.catchUpTo(to) && w.settleAt(to);
                },
                &why);
            if (!drained)
                return fail(s, QStringLiteral("draining what was written after the write stop: ") + why,
                            Outcome::Error);
            const Outcome o =
                compareDrained(s, stepId(s) + QStringLiteral(" (after writes during the write stop)"));
            if (o != Outcome::Done)
                return o;
        }
        for (const auto &[src, span] : moved)
            m_journal->setValue(keys::drained(src), span.second.toString());
    }
}

} // namespace sp::migration
