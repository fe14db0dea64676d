// T8 (observe) and T9 (purge): the steps after writes resumed on the new config.
#include "core/cluster/BinlogReader.h"
#include "core/cluster/Transaction.h"
#include "core/migration/BinlogRetention.h"
#include "core/migration/ExactRows.h"
#include "core/migration/KeySql.h"
#include "core/migration/PreVerify.h"
#include "core/migration/SqlParts.h"
#include "core/migration/StaleWrites.h"
#include "core/migration/TargetMeta.h"
#include "core/migration/copy/CopyRun.h"
#include "core/migration/copy/ReverseStream.h"
#include "core/migration/run/Throttle.h"

#include <QDateTime>
#include <QFileInfo>
#include <QLocale>
#include <QSet>
#include <QThread>

#include <map>

namespace sp::migration {

static std::optional<BinlogPosition> parsePosition(const QString &text)
{
    const int colon = int(text.lastIndexOf(QLatin1Char(':')));
    if (colon <= 0)
        return std::nullopt;
    bool ok = false;
    const quint64 pos = text.mid(colon + 1).toULongLong(&ok);
    if (!ok)
        return std::nullopt;
    return BinlogPosition{text.left(colon), pos};
}

Outcome CopyRun::stepT8()
{
    const QDateTime resumed = QDateTime::fromString(m_journal->value(keys::writesResumed), Qt::ISODateWithMs);
    if (!resumed.isValid())
        return fail(Step::T8, QStringLiteral("T7 has not resumed writes"));
    const QDateTime until = resumed.addSecs(m_spec.observeSec);
    QString why;
    if (!loadTableInfo(&why))
        return fail(Step::T8, why, Outcome::Error);
    struct StaleLine
    {
        const MoveUnit *unit;
        QString key, typeName, target;
    };
    struct Watch
    {
        std::unique_ptr<BinlogReader> reader;
        Connection conn;
        BinlogPosition applied;
        QList<StaleLine> pending;           // of the transaction being read, listed at its commit
        QList<StaleSighting> pendingKeys;   // the same, per key and target (StaleWrites.h)
        QList<StaleSighting> seen;          // of the committed transactions read in this pass
        QStringList lines;                  // their check lines
        bool reverse = false;               // the open transaction is the reverse stream's (ReverseStream.h)
    };
    std::map<QString, Watch> watches;
    QSet<QString> tables;
    for (const MoveUnit &u : m_moves.units())
        if (!u.broadcast)
            tables.insert(u.sourceSchema + QChar(0) + u.source.table);
    quint32 serverId = 0x53600000u | (quint32(m_spec.runId.left(4).toUInt(nullptr, 16)) << 4);
    for (const QString &inst : m_moves.sourceInstances()) {
        const auto from =
            parsePosition(m_journal->value(keys::observe(inst), m_journal->value(keys::observeFrom(inst))));
        if (!from)
            return fail(Step::T8, QStringLiteral("%1: no position to observe from (T7 records it)").arg(inst));
        Watch &w = watches[inst];
        if (!w.conn.open(m_endpoints.adminOfInstance(inst)))
            return fail(Step::T8, w.conn.lastError(), Outcome::Error);
        BinlogReaderOptions o;
        o.connection = m_endpoints.adminOfInstance(inst);
        o.start = *from;
        o.serverId = serverId++;
        o.heartbeatSec = 1;
        // The reverse stream's transactions on a source carry its position row: they are the new
        // nodes' changes carried back, not writes of stale routes.
        o.includeTable = [tables](const QString &s, const QString &t) {
            return tables.contains(s + QChar(0) + t) ||
                   (s == QLatin1String("_shardpilot") && t == QLatin1String("capture_state"));
        };
        w.reader = std::make_unique<BinlogReader>(o);
        if (!w.reader->open())
            return fail(Step::T8, QStringLiteral("%1: %2").arg(inst, w.reader->error()), Outcome::Error);
        w.applied = *from;
    }
    // Stale writes seen by an earlier T8 pass still count: they are on the old shards.
    qint64 stale = m_journal->value(keys::staleWrites, QStringLiteral("0")).toLongLong();
    for (;;) {
        for (auto &[inst, w] : watches) {
            const auto headAt = masterStatus(w.conn, &why);
            if (!headAt)
                return fail(Step::T8, why, Outcome::Error);
            const BinlogPosition head = *headAt;
            BinlogEvent ev;
            while (w.applied < head) {
                if (!w.reader->next(&ev))
                    return fail(Step::T8,
                                QStringLiteral("%1: %2").arg(inst, isBinlogGoneError(w.reader->serverErrno())
                                                                       ? observeBinlogGone(w.reader->error(), w.applied)
                                                                       : w.reader->error()),
                                Outcome::Error);
                if (ev.kind == BinlogEventKind::Reconnected) {
                    w.pending.clear(); // the open transaction's events come again
                    w.pendingKeys.clear();
                    w.reverse = false;
                }
                if (ev.kind == BinlogEventKind::Rows && ev.table && ev.table->schema == QLatin1String("_shardpilot"))
                    w.reverse = true;
                if (ev.kind == BinlogEventKind::Rows && ev.table) {
                    const MoveUnit *u = m_moves.unitFor(inst, ev.table->schema, ev.table->table);
                    if (u && !u->broadcast) {
                        for (const BinlogRow &row : ev.rows) {
                            const qsizetype before = w.pendingKeys.size();
                            if (!staleSightings(m_moves, *u, row.before, row.after, &w.pendingKeys, &why))
                                return fail(Step::T8, QStringLiteral("%1: %2").arg(inst, why), Outcome::Error);
                            if (w.pendingKeys.size() == before)
                                continue;
                            const QList<QVariant> &img = row.after.isEmpty() ? row.before : row.after;
                            w.pending.append(StaleLine{u, img.value(u->info.shardColumn).toString().left(64), ev.typeName,
                                                       w.pendingKeys.at(before).targetNode});
                        }
                    }
                }
                // A write happened when its transaction committed: the rows of a transaction are listed
                // with the time of its commit event (a rows event carries its statement's start).
                if (ev.endsTransaction) {
                    const bool rolledBack = ev.kind == BinlogEventKind::Query &&
                                            ev.query.trimmed().compare(QLatin1String("ROLLBACK"), Qt::CaseInsensitive) == 0;
                    const QDateTime committed = QDateTime::fromSecsSinceEpoch(ev.timestamp, Qt::UTC);
                    const bool skip = rolledBack || w.reverse;
                    w.reverse = false;
                    for (const StaleLine &sw : std::as_const(w.pending)) {
                        if (skip)
                            break;
                        ++stale;
                        w.lines.append(
                            QStringLiteral("stale route: a write at %1 on %2 to key '%3' (%4), which the new config "
                                           "routes to %5: an application still routes with the old config")
                                .arg(committed.toString(Qt::ISODate), sw.unit->source.toString(), sw.key, sw.typeName,
                                     sw.target));
                    }
                    for (StaleSighting &k : w.pendingKeys) {
                        if (skip)
                            break;
                        k.at = committed;
                        w.seen.append(k);
                    }
                    w.pending.clear();
                    w.pendingKeys.clear();
                }
                if (ev.endsTransaction || ev.kind == BinlogEventKind::Heartbeat || ev.kind == BinlogEventKind::Rotate) {
                    const BinlogPosition c = w.reader->committedPosition();
                    if (w.applied < c)
                        w.applied = c;
                }
            }
            // The keys seen and the position after them in one journal transaction: a kill keeps both or
            // neither, so a resumed T8 starts after what it recorded and records nothing twice.
            if (!m_journal->recordStale(w.seen, keys::observe(inst), w.applied.toString()))
                return fail(Step::T8, m_journal->error(), Outcome::Error);
            m_journal->setValue(keys::staleWrites, QString::number(stale));
            for (const QString &line : std::as_const(w.lines)) {
                m_journal->addCheck(QStringLiteral("T8"), QStringLiteral("stale route"), false, line);
                say(line);
            }
            w.seen.clear();
            w.lines.clear();
        }
        // The new nodes' changes since the last look, carried back to the old shards.
        if (!reverseCatchUp(&why))
            return fail(Step::T8, why, Outcome::Error);
        const QDateTime now = QDateTime::currentDateTimeUtc();
        if (now >= until)
            break;
        if (m_stop.load() || pauseRequested())
            return Outcome::Paused;
        if (m_options.progress)
            m_options.progress(QStringLiteral("observing: %1 s left, %2 writes to moved keys seen")
                                   .arg(now.secsTo(until))
                                   .arg(stale));
        QThread::msleep(1000);
    }
    // Writes seen by any pass count until each key is resolved: they are on the old shards, and T9
    // would delete them. A pass reads on from where the last one stopped.
    if (const qint64 open = m_journal->unresolvedStaleCount(); open > 0)
        return fail(Step::T8,
                    QStringLiteral("%1 keys moved by this run were written on their old shards after the switch (%2 "
                                   "row changes seen, see the T8 checks); T9 would delete those writes. Find the "
                                   "application that still routes with the old config, then carry the writes to "
                                   "the new shards ('shardctl migrate forward-stale' lists what it would do; --yes "
                                   "does it) and run T8 again: it reads on from where it stopped")
                        .arg(open)
                        .arg(stale));
    const qint64 carried = m_journal->staleWrites().size();
    m_journal->addCheck(QStringLiteral("T8"), QStringLiteral("stale routes"), true,
                        carried == 0 ? QStringLiteral("no write to a moved key on the old shards")
                                     : QStringLiteral("every key written on the old shards after the switch (%1) is "
                                                      "resolved (migrate forward-stale)")
                                           .arg(carried));
    return Outcome::Done;
}

Outcome CopyRun::stepT9()
{
    const QList<StepState> st = m_journal->steps();
    if (st.at(int(Step::T8)).status != StepStatus::Done) {
        if (m_options.overrideReason.trimmed().isEmpty())
            return fail(Step::T9, QStringLiteral("T8 (observe) has not ended; purge only after it, or give "
                                                 "--override-reason"));
        m_journal->audit(QStringLiteral("T9"), QStringLiteral("purge before T8 ended"), QString(), QString(),
                         QStringLiteral("override: ") + m_options.overrideReason);
    }
    QString why;
    if (!loadTableInfo(&why))
        return fail(Step::T9, why, Outcome::Error);
    // The purge ends the way back: the reverse stream applies what the new nodes hold beyond it, then
    // stops for good (a T9 that cannot bring it up to date does not purge).
    if (m_journal->value(keys::reverseEnded) != QLatin1String("1")) {
        if (!reverseCatchUp(&why))
            return fail(Step::T9, QStringLiteral("the reverse stream is behind and cannot catch up: %1; T9 purges "
                                                 "only once the old shards hold the new nodes' changes")
                                      .arg(why),
                        Outcome::Error);
        m_journal->setValue(keys::reverseEnded, QStringLiteral("1"));
        m_reverse.reset();
        m_journal->addCheck(QStringLiteral("T9"), QStringLiteral("reverse stream"), true,
                            QStringLiteral("ended: the old shards held the new nodes' changes up to the start of T9 "
                                           "(%1 carried back in all)")
                                .arg(m_journal->value(keys::reverseChanges, QStringLiteral("0"))));
    }
    const QLocale en(QLocale::English);
    std::map<QString, std::unique_ptr<Connection>> conns;
    auto connTo = [&](const QString &inst) -> Connection * {
        auto &c = conns[inst];
        if (!c) {
            c = std::make_unique<Connection>();
            if (!c->open(m_endpoints.adminOfInstance(inst)) || !prepareExactSession(*c, true)) {
                why = c->lastError();
                c.reset();
                return nullptr;
            }
        }
        return c.get();
    };
    qint64 purged = 0;
    // The run's throttle (Throttle.h): each chunk reserves its rows before it is read (no credit is
    // kept over a pause), is no larger than the bucket's burst, and waits for lagging replicas.
    Throttle &throttle = *m_ctx.throttle;
    const int chunk = throttle.maxChunk(qBound(100, m_spec.chunkRows, 5000));
    for (const MoveUnit &u : m_moves.units()) {
        if (u.broadcast)
            continue; // broadcast tables stay whole on every data source
        Connection *src = connTo(u.sourceInstance);
        if (!src)
            return fail(Step::T9, why, Outcome::Error);
        const JournalKey key = keys::purge(u.id);
        QString last = m_journal->value(key);
        if (last == QLatin1String("done"))
            continue;
        qint64 unitPurged = 0;
        for (;;) {
            if (m_stop.load() || pauseRequested())
                return Outcome::Paused;
            StopReason stopped = StopReason::None;
            if (!throttle.admit(chunk, &stopped, &why)) {
                if (stopped != StopReason::None)
                    return Outcome::Paused;
                return fail(Step::T9, why, Outcome::Error);
            }
            throttle.record();
            QStringList where;
            if (const auto after = decodeKey(last))
                where.append(keyCompare(u.info, *after, ">"));
            else if (!last.isEmpty())
                return fail(Step::T9, QStringLiteral("the journal's purge position '%1' is not a key").arg(last), Outcome::Error);
            if (!u.pushdownSql.isEmpty())
                where.append(QLatin1Char('(') + u.pushdownSql + QLatin1Char(')'));
            Transaction tx(*src);
            if (!tx.ok())
                return fail(Step::T9, tx.error(), Outcome::Error);
            auto rows = src->query(QStringLiteral("SELECT ") + exactKeyList(u.info) + QLatin1Char(',') +
                                   exactExpr(u.info.cols.at(u.info.shardColumn)) + QStringLiteral(" FROM ") +
                                   u.qualifiedSource() +
                                   (where.isEmpty() ? QString() : QStringLiteral(" WHERE ") + where.join(QStringLiteral(" AND "))) +
                                   QStringLiteral(" ORDER BY ") + u.info.pkList() + QStringLiteral(" LIMIT ") +
                                   QString::number(chunk) + QStringLiteral(" FOR UPDATE"));
            if (!rows)
                return fail(Step::T9, src->lastError(), Outcome::Error);
            const int npk = int(u.info.pk.size());
            auto keyAt = [&](QList<QVariant> row, Key *k) {
                k->clear();
                for (int i = 0; i < npk; ++i) {
                    if (!normalizeExactValue(u.info.cols.at(u.info.pk.at(i)), &row[i], &why))
                        return false;
                    k->append(row.at(i));
                }
                return true;
            };
            QMap<int, QList<Key>> byTarget; // target -> keys
            QList<Key> moving;
            Key lastKey;
            for (const auto &r : std::as_const(rows->rows)) {
                if (!keyAt(r, &lastKey))
                    return fail(Step::T9, why, Outcome::Error);
                QList<QVariant> full(u.info.columns.size());
                full[u.info.shardColumn] = r.at(npk);
                if (!normalizeExactValue(u.info.cols.at(u.info.shardColumn), &full[u.info.shardColumn], &why))
                    return fail(Step::T9, why, Outcome::Error);
                const RowRoute rr = m_moves.route(u, full);
                if (!rr.ok)
                    return fail(Step::T9, rr.error, Outcome::Error);
                if (rr.targets.isEmpty())
                    continue;
                moving.append(lastKey);
                byTarget[rr.targets.first()].append(lastKey);
            }
            // Each moving row must be on its target right now, or it is not deleted.
            for (auto it = byTarget.cbegin(); it != byTarget.cend(); ++it) {
                Connection *tc = connTo(u.targets.at(it.key()).instance);
                if (!tc)
                    return fail(Step::T9, why, Outcome::Error);
                auto found = tc->query(QStringLiteral("SELECT ") + exactKeyList(u.info) + QStringLiteral(" FROM ") +
                                       u.qualifiedTarget(it.key()) + QStringLiteral(" WHERE ") + keyIn(u.info, it.value()));
                if (!found)
                    return fail(Step::T9, tc->lastError(), Outcome::Error);
                QSet<QByteArray> there;
                for (const auto &r : found->rows) {
                    Key k;
                    if (!keyAt(r, &k))
                        return fail(Step::T9, why, Outcome::Error);
                    there.insert(keyId(k));
                }
                QStringList missing;
                for (const Key &k : it.value())
                    if (!there.contains(keyId(k)))
                        missing.append(keyText(u.info, k));
                if (!missing.isEmpty())
                    return fail(Step::T9, QStringLiteral("%1 moved rows of %2 are not on %3 (keys %4): they are not "
                                                         "deleted; find out why before purging")
                                              .arg(missing.size())
                                              .arg(u.source.toString(), u.targets.at(it.key()).node.toString(),
                                                   missing.mid(0, 50).join(QLatin1Char(' '))));
            }
            if (!moving.isEmpty()) {
                const QString sql = QStringLiteral("DELETE FROM ") + u.qualifiedSource() + QStringLiteral(" WHERE ") +
                                    keyIn(u.info, moving);
                ExecResult er;
                const bool ok = src->exec(sql, &er) && qsizetype(er.affectedRows) == moving.size();
                m_journal->audit(QStringLiteral("T9"), QStringLiteral("purge chunk"), src->params().describe(),
                                 QStringLiteral("DELETE FROM %1 WHERE (%2) IN (%3 keys, %4 .. %5)")
                                     .arg(u.qualifiedSource(), u.info.pkList())
                                     .arg(moving.size())
                                     .arg(keyText(u.info, moving.first()), keyText(u.info, moving.last())),
                                 ok ? QStringLiteral("ok") : src->lastError());
                if (!ok)
                    return fail(Step::T9, src->lastError().isEmpty()
                                              ? QStringLiteral("DELETE removed %1 of %2 rows; rolled back")
                                                    .arg(er.affectedRows)
                                                    .arg(moving.size())
                                              : src->lastError(),
                                Outcome::Error);
            }
            if (!tx.commit())
                return fail(Step::T9, tx.error(), Outcome::Error);
            unitPurged += moving.size();
            purged += moving.size();
            throttle.refund(chunk - moving.size());
            if (rows->rows.size() < chunk) {
                m_journal->setValue(key, QStringLiteral("done"));
                break;
            }
            last = encodeKey(lastKey);
            m_journal->setValue(key, last);
            if (m_options.progress)
                m_options.progress(QStringLiteral("purging %1: %2 rows deleted").arg(u.source.toString(),
                                                                                     en.toString(unitPurged)));
        }
        say(QStringLiteral("%1: %2 moved rows purged").arg(u.source.toString(), en.toString(unitPurged)));
    }
    // The run's metadata rows go, and the schema with them when no other run has rows there (on the
    // sources: the reverse stream's positions).
    QStringList metaInstances = m_moves.targetInstances();
    for (const QString &s : m_moves.sourceInstances())
        if (!metaInstances.contains(s))
            metaInstances.append(s);
    for (const QString &inst : std::as_const(metaInstances))
        if (Connection *c = connTo(inst)) {
            meta::forget(*c, m_spec.runId, &why);
            pv::forget(*c, m_spec.runId, &why);
            bool dropped = false;
            if (!meta::dropIfUnused(
                    *c, [&](const QString &sql) { return audited(Step::T9, QStringLiteral("drop metadata schema"), *c, sql); },
                    &dropped, &why))
                return fail(Step::T9, QStringLiteral("%1: dropping the metadata schema _shardpilot: %2").arg(inst, why),
                            Outcome::Error);
        }
    m_journal->setStep(Step::T9, StepStatus::Running, QStringLiteral("%1 rows purged").arg(en.toString(purged)));
    return Outcome::Done;
}

} // namespace sp::migration
