// The reverse stream's part in the copy run's steps (ReverseStream.h, docs/migration.md "The rollback
// window"): where it starts (T6), keeping it applied with its lag in the journal (T8, T9).
#include "core/migration/ReloadCommand.h"
#include "core/migration/ExactRows.h"
#include "core/migration/KeySql.h"
#include "core/migration/SqlParts.h"
#include "core/migration/StaleWrites.h"
#include "core/migration/run/Actions.h"
#include "core/migration/copy/CopyRun.h"
#include "core/migration/copy/ReverseStream.h"

#include "core/config/ConfigLoader.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QHash>

namespace sp::migration {

static quint32 reverseServerIdBase(const QString &runId)
{
    return 0x53700000u | (quint32(runId.left(4).toUInt(nullptr, 16)) << 4);
}

void CopyRun::loadOldRouting()
{
    if (m_oldRoutingTried)
        return;
    m_oldRoutingTried = true;
    QString path = m_journal->value(keys::configBackup);
    if (path.isEmpty() || !QFileInfo::exists(path))
        path = m_spec.configPath;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return;
    const QByteArray text = f.read(16 * 1024 * 1024);
    if (m_spec.configSha256.isEmpty() ||
        QString::fromLatin1(QCryptographicHash::hash(text, QCryptographicHash::Sha256).toHex()) != m_spec.configSha256)
        return; // not the config the plan was made from: its routing is not the old one
    const LoadResult r = ConfigLoader::loadText(text, path);
    if (r.ok())
        m_moves.setOldConfig(r.config);
}

bool CopyRun::recordReverseStarts(QString *error)
{
    Q_UNUSED(error)
    loadOldRouting();
    const ReverseStream probe(m_moves, m_endpoints, m_spec.runId, 0);
    if (!probe.unsupported().isEmpty())
        m_journal->addCheck(stepId(Step::T6), QStringLiteral("reverse stream"), true,
                            QStringLiteral("warning: %1 receive rows of several source tables or were live data "
                                           "nodes before the plan, and the plan's old config file is not there "
                                           "unchanged: the changes made there after the switch are not carried back "
                                           "to the old shards, and this run cannot be rolled back after T7")
                                .arg(probe.unsupported().join(QStringLiteral(", "))));
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
        loadOldRouting();
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
    qint64 changes0 = 0, conflicts0 = 0, streamed0 = 0;
    for (const ReverseStream::Lag &l : m_reverse->lag()) {
        changes0 += l.changes;
        conflicts0 += l.conflicts;
        streamed0 += l.streamed;
    }
    const bool ok = m_reverse->catchUp(error);
    qint64 changes = 0, conflicts = 0, streamed = 0;
    for (const ReverseStream::Lag &l : m_reverse->lag()) {
        changes += l.changes;
        conflicts += l.conflicts;
        streamed += l.streamed;
        if (!l.applied.file.isEmpty())
            m_journal->setValue(keys::reverseApplied(l.instance), l.applied.toString());
        if (!l.head.file.isEmpty())
            m_journal->setValue(keys::reverseHead(l.instance), l.head.toString());
    }
    m_journal->setValue(keys::reverseChanges, QString::number(changesBefore + changes - changes0));
    m_journal->setValue(keys::reverseConflicts, QString::number(conflictsBefore + conflicts - conflicts0));
    m_journal->setValue(keys::reverseAt, QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    if (streamed > streamed0)
        say(QStringLiteral("reverse stream: %1 large transaction(s) of the new nodes applied in pieces, each committed "
                           "whole with its position")
                .arg(streamed - streamed0));
    for (const QString &line : m_reverse->takeConflicts()) {
        m_journal->addCheck(QStringLiteral("T8"), QStringLiteral("reverse conflict"), true, QStringLiteral("warning: ") + line);
        say(QStringLiteral("reverse stream: ") + line);
    }
    if (!ok)
        m_reverse.reset(); // read again from the sources' stored positions
    return ok;
}

// After a comparison with differences: whether each is a key T8 recorded as written by a stale route on
// its old shard, open, whose new node still holds what T7 left there. `left` says what is not.
bool CopyRun::staleDifferencesOnly(int *kept, QString *left)
{
    *kept = 0;
    QHash<QString, StaleWrite> stale;
    for (const StaleWrite &w : m_journal->staleWrites())
        if (w.status == QLatin1String("open"))
            stale.insert(w.targetNode + QChar(0) + w.keyText, w);
    std::map<QString, std::unique_ptr<Connection>> conns;
    QStringList others;
    for (const RowDifference &d : m_journal->differences()) {
        const auto it = stale.constFind(d.targetNode + QChar(0) + d.key);
        bool fine = false;
        if (it != stale.constEnd() && it->unit >= 0 && it->unit < m_moves.units().size()) {
            const MoveUnit &u = m_moves.units().at(it->unit);
            const auto key = decodeKey(it->key);
            auto &c = conns[u.targets.at(it->target).instance];
            if (!c) {
                c = std::make_unique<Connection>();
                if (!c->open(m_endpoints.adminOfInstance(u.targets.at(it->target).instance)) ||
                    !prepareExactSession(*c, true)) {
                    *left = c->lastError();
                    return false;
                }
            }
            if (key) {
                auto r = c->query(QStringLiteral("SELECT ") + exactSelectList(u.info) + QStringLiteral(" FROM ") +
                                  u.qualifiedTarget(it->target) + QStringLiteral(" WHERE ") + keyEquals(u.info, *key));
                if (!r) {
                    *left = c->lastError();
                    return false;
                }
                QString why;
                QList<QVariant> row;
                if (!r->rows.isEmpty()) {
                    row = r->rows.first();
                    if (!normalizeExactRow(u.info, &row, &why)) {
                        *left = why;
                        return false;
                    }
                }
                fine = rowState(u.info, r->rows.isEmpty() ? nullptr : &row) == it->before;
            }
        }
        if (fine)
            ++*kept;
        else
            others.append(QStringLiteral("%1 key %2 (%3)").arg(d.targetNode, d.key, d.kind));
    }
    if (others.isEmpty())
        return true;
    *left = QStringLiteral("%1 rows differ that no open stale-route write explains (T8 records those: run it once "
                           "first if a service still routes with the old config): %2")
                .arg(others.size())
                .arg(others.mid(0, 10).join(QStringLiteral(", ")));
    return false;
}

Outcome CopyRun::rollbackAfterSwitch(bool dropTargets, QString *summary)
{
    QString why;
    if (m_journal->step(Step::T9).status != StepStatus::Pending) {
        m_error = QStringLiteral("T9 has begun removing the moved rows from the old shards: the run cannot go back "
                                 "any more");
        return Outcome::GateFailed;
    }
    if (m_journal->value(keys::reverseEnded) == QLatin1String("1")) {
        if (!m_journal->value(keys::rollbackWriteStopMs).isEmpty()) {
            // A rollback killed after writes resumed on the old config: only what the run made is left.
            if (dropTargets && !dropTargetTables())
                return Outcome::Error;
            *summary = QStringLiteral("rolled back after the switch (resumed); %1")
                           .arg(dropTargets ? QStringLiteral("targets dropped") : QStringLiteral("targets kept"));
            return Outcome::Done;
        }
        m_error = QStringLiteral("the reverse stream has ended (T9): the old shards no longer follow the new nodes");
        return Outcome::GateFailed;
    }
    if (!loadTableInfo(&why)) {
        m_error = why;
        return Outcome::Error;
    }
    loadOldRouting();
    // Every moved row must come back through the reverse stream (on a live data node, told from the
    // node's own rows by the old config's routing: without it, unsupported() names the node).
    const ReverseStream probe(m_moves, m_endpoints, m_spec.runId, 0);
    if (!probe.unsupported().isEmpty()) {
        m_error = QStringLiteral("%1 receive rows of several source tables or were live data nodes before the plan, "
                                 "and the old config's routing is not known: the changes made there since the switch "
                                 "are not carried back, so this run cannot be rolled back after T7")
                      .arg(probe.unsupported().join(QStringLiteral(", ")));
        return Outcome::GateFailed;
    }
    const QStringList targets = probe.targetInstances();
    for (const QString &inst : targets)
        if (m_journal->value(keys::reverseFrom(inst)).isEmpty()) {
            m_error = QStringLiteral("no reverse stream from %1 (T6 recorded no binary log position there): the "
                                     "changes made there since the switch cannot be carried back")
                          .arg(inst);
            return Outcome::GateFailed;
        }
    // 1. Writes stop on the new nodes (the old shards take the old config's writes all along).
    QElapsedTimer window;
    window.start();
    m_journal->setValue(keys::rollbackStopStart, QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    say(QStringLiteral("rollback: stopping writes on %1").arg(targets.join(QStringLiteral(", "))));
    auto resume = [&](const QString &message, Outcome o) {
        QString w;
        const bool lifted = migration::setReadOnly(m_ctx, Step::T8, targets, false, &w);
        m_error = message + (lifted ? QStringLiteral("; writes resumed on the new nodes, nothing rolled back")
                                    : QStringLiteral("; lifting read_only on the new nodes failed too: ") + w);
        return o;
    };
    if (!migration::setReadOnly(m_ctx, Step::T8, targets, true, &why))
        return resume(QStringLiteral("setting read_only on the new nodes: ") + why, Outcome::Error);
    // 2. Everything they hold reaches the old shards.
    if (!reverseCatchUp(&why))
        return resume(QStringLiteral("the reverse stream could not catch up: ") + why, Outcome::Error);
    // 3. The old shards hold exactly what the new nodes hold (T5's comparison; it is symmetric) - but
    //    for keys a stale route wrote on the old shard while the new node kept what T7 left there: the
    //    old shard's version is the newer one, and stays.
    const Outcome v = verify();
    int staleKept = 0;
    if (v == Outcome::GateFailed) {
        QString left;
        if (!staleDifferencesOnly(&staleKept, &left))
            return resume(QStringLiteral("the old shards do not hold what the new nodes hold (%1; 'shardctl migrate "
                                         "status' lists the rows)")
                              .arg(left),
                          Outcome::GateFailed);
        say(QStringLiteral("rollback: %1 keys written on the old shards by stale routes keep the old shards' version "
                           "(their new nodes were not written since the switch)")
                .arg(staleKept));
    } else if (v != Outcome::Done) {
        return resume(QStringLiteral("comparing the old shards with the new nodes: ") + m_error, v);
    }
    // 4. The old config back, and the services told.
    if (!restoreConfig(m_ctx, &why))
        return resume(QStringLiteral("putting the old config back: ") + why, Outcome::Error);
    qint64 reloadMs = 0;
    if (!runRollbackReload(m_ctx, Step::T8, &reloadMs)) {
        // The services may still route with the new config: the new nodes stay read-only, so no write
        // lands where it would be lost.
        m_error = QStringLiteral("the old config is back, but the reload command failed (%1): the new nodes stay "
                                 "read-only until the services route with the old config; then lift read_only "
                                 "on %2 and drop the targets by hand")
                      .arg(m_spec.reloadCommand, targets.join(QStringLiteral(", ")));
        return Outcome::Error;
    }
    // 5. Writes resume: the new nodes are not written any more under the old config.
    if (!migration::setReadOnly(m_ctx, Step::T8, targets, false, &why)) {
        m_error = QStringLiteral("the old config is back; lifting read_only on the new nodes failed: ") + why;
        return Outcome::Error;
    }
    const qint64 ms = window.elapsed();
    m_journal->setValue(keys::rollbackWriteStopMs, QString::number(ms));
    m_journal->setValue(keys::reverseEnded, QStringLiteral("1"));
    m_reverse.reset();
    say(QStringLiteral("rollback: writes to moved rows were stopped for %1 s%2; the old config routes again")
            .arg(double(ms) / 1000.0, 0, 'f', 1)
            .arg(m_spec.reloadCommand.isEmpty()
                     ? QStringLiteral(" (no reload command: the services were not told)")
                     : QStringLiteral(", %1 s of it the reload command").arg(double(reloadMs) / 1000.0, 0, 'f', 1)));
    // 6. What the run made.
    if (dropTargets && !dropTargetTables())
        return Outcome::Error;
    *summary = QStringLiteral("rolled back after the switch, writes to moved rows stopped %1 ms; %2")
                   .arg(ms)
                   .arg(dropTargets ? QStringLiteral("targets dropped") : QStringLiteral("targets kept"));
    return Outcome::Done;
}

} // namespace sp::migration
