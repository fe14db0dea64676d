// The reverse stream's part in the copy run's steps (ReverseStream.h, docs/migration.md "The rollback
// window"): where it starts (T6), keeping it applied with its lag in the journal (T8, T9).
#include "core/migration/SqlParts.h"
#include "core/migration/copy/CopyRun.h"
#include "core/migration/copy/ReverseStream.h"

#include <QDateTime>

namespace sp::migration {

static quint32 reverseServerIdBase(const QString &runId)
{
    return 0x53700000u | (quint32(runId.left(4).toUInt(nullptr, 16)) << 4);
}

bool CopyRun::recordReverseStarts(QString *error)
{
    Q_UNUSED(error)
    const ReverseStream probe(m_moves, m_endpoints, m_spec.runId, 0);
    for (const QString &inst : probe.targetInstances()) {
        if (!m_journal->value(keys::reverseFrom(inst)).isEmpty())
            continue; // a T6 run again keeps the first record
        Connection c;
        QString why;
        std::optional<BinlogPosition> head;
        if (c.open(m_endpoints.adminOfInstance(inst)))
            head = masterStatus(c, &why);
        else
            why = c.lastError();
        if (!head) {
            // Not a reason to stop the switch: the run goes on without a way back after T7.
            m_journal->addCheck(stepId(Step::T6), QStringLiteral("reverse stream"), true,
                                QStringLiteral("warning: %1 has no binary log position (%2): the changes made there "
                                               "after the switch cannot be carried back to the old shards")
                                    .arg(inst, why));
            continue;
        }
        m_journal->setValue(keys::reverseFrom(inst), head->toString());
        m_journal->addCheck(stepId(Step::T6), QStringLiteral("reverse stream"), true,
                            QStringLiteral("%1: changes after the switch are carried back to the old shards from %2")
                                .arg(inst, head->toString()));
    }
    return true;
}

bool CopyRun::reverseCatchUp(QString *error)
{
    if (m_journal->value(keys::reverseEnded) == QLatin1String("1"))
        return true;
    if (!m_reverse) {
        auto r = std::make_unique<ReverseStream>(m_moves, m_endpoints, m_spec.runId, reverseServerIdBase(m_spec.runId));
        std::map<QString, BinlogPosition> starts;
        for (const QString &inst : r->targetInstances())
            if (const auto p = BinlogPosition::parse(m_journal->value(keys::reverseFrom(inst))))
                starts[inst] = *p;
        if (starts.empty())
            return true; // a run from before the reverse stream, or targets without a binary log
        r->setStarts(starts);
        m_reverse = std::move(r);
    }
    const qint64 changesBefore = m_journal->value(keys::reverseChanges, QStringLiteral("0")).toLongLong();
    const qint64 conflictsBefore = m_journal->value(keys::reverseConflicts, QStringLiteral("0")).toLongLong();
    qint64 changes0 = 0, conflicts0 = 0;
    for (const ReverseStream::Lag &l : m_reverse->lag()) {
        changes0 += l.changes;
        conflicts0 += l.conflicts;
    }
    const bool ok = m_reverse->catchUp(error);
    qint64 changes = 0, conflicts = 0;
    for (const ReverseStream::Lag &l : m_reverse->lag()) {
        changes += l.changes;
        conflicts += l.conflicts;
        if (!l.applied.file.isEmpty())
            m_journal->setValue(keys::reverseApplied(l.instance), l.applied.toString());
        if (!l.head.file.isEmpty())
            m_journal->setValue(keys::reverseHead(l.instance), l.head.toString());
    }
    m_journal->setValue(keys::reverseChanges, QString::number(changesBefore + changes - changes0));
    m_journal->setValue(keys::reverseConflicts, QString::number(conflictsBefore + conflicts - conflicts0));
    m_journal->setValue(keys::reverseAt, QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    for (const QString &line : m_reverse->takeConflicts()) {
        m_journal->addCheck(QStringLiteral("T8"), QStringLiteral("reverse conflict"), true, QStringLiteral("warning: ") + line);
        say(QStringLiteral("reverse stream: ") + line);
    }
    if (!ok)
        m_reverse.reset(); // read again from the sources' stored positions
    return ok;
}

} // namespace sp::migration
