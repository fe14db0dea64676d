// The capture's writes (SourceWorker, docs/design.md "Copy correctness"): consecutive applied source
// transactions are written to each target in one transaction that also stores the capture position -
// the end of the batch's last source transaction - so a kill leaves either the whole batch with its
// position or neither, and a restart reads the stream again from the stored position.
#include "core/migration/copy/SourceWorker.h"

#include "core/cluster/InsertBuilder.h"
#include "core/cluster/Transaction.h"
#include "core/migration/ExactRows.h"
#include "core/migration/TargetMeta.h"

#include <memory>

namespace sp::migration {

// One statement of a batch and what it must do.
struct SourceWorker::Stmt
{
    QByteArray sql;
    quint64 expected = 1; // rows it must insert, update or delete
    QString what;         // "capture insert into db4.t_x keys 1 .. 7" for errors
};

qsizetype SourceWorker::batchOps()
{
    static const qsizetype n = [] {
        const int v = qEnvironmentVariableIntValue("SP_CAPTURE_BATCH_OPS");
        return v > 0 ? qsizetype(v) : qsizetype(2000);
    }();
    return n;
}

qsizetype SourceWorker::streamRows()
{
    static const qsizetype n = [] {
        const int v = qEnvironmentVariableIntValue("SP_CAPTURE_STREAM_ROWS");
        return v > 0 ? qsizetype(v) : qsizetype(10000);
    }();
    return n;
}

bool SourceWorker::streamPiece()
{
    if (!m_stream.active) {
        // Everything read before this transaction is committed first: until it ends, the targets'
        // sessions hold its open transactions and nothing else.
        if (!flushBatch(true))
            return false;
        m_stream.active = true;
        m_stream.start = m_groupStart;
    }
    // A point strictly inside the transaction: a range verified at a transaction boundary before it
    // sees these changes as later, one verified after it does not (PvTable::mark).
    BinlogPosition inside = m_stream.start;
    inside.position += 1;
    QHash<QString, QList<RowOp>> ops;
    qsizetype n = 0;
    if (!groupOps(inside, &ops, &n))
        return false;
    qint64 applied = 0;
    for (auto it = ops.cbegin(); it != ops.cend(); ++it) {
        if (it.value().isEmpty())
            continue;
        TargetConn *tc = targetConn(it.key());
        if (!tc)
            return false;
        if (m_stream.start < tc->stored)
            continue; // committed there before a restart
        std::unique_ptr<Transaction> &tx = m_stream.open[it.key()];
        if (!tx) {
            tx = std::make_unique<Transaction>(tc->conn);
            if (!tx->ok())
                return fail(QStringLiteral("target %1: %2").arg(it.key(), tx->error()));
        }
        QList<const RowOp *> list;
        list.reserve(it.value().size());
        for (const RowOp &op : it.value())
            list.append(&op);
        QList<Stmt> stmts;
        if (!buildStmts(tc->conn, list, &stmts))
            return false;
        if (!tc->conn.exec(QStringLiteral("SAVEPOINT shardpilot_piece")))
            return fail(QStringLiteral("target %1: %2").arg(it.key(), tc->conn.lastError()));
        bool warned = false;
        if (!runStmts(tc->conn, stmts, true, &warned)) {
            if (!warned)
                return false;
            if (!tc->conn.exec(QStringLiteral("ROLLBACK TO SAVEPOINT shardpilot_piece")))
                return fail(QStringLiteral("target %1: %2").arg(it.key(), tc->conn.lastError()));
            if (!runStmts(tc->conn, stmts, false, nullptr))
                return false;
        }
        applied += list.size();
    }
    ++m_stream.pieces;
    QMutexLocker lock(&m_mutex);
    m_progress.eventsApplied += applied;
    return true;
}

bool SourceWorker::finishStream(const BinlogPosition &end)
{
    if (!m_group.isEmpty() && !streamPiece())
        return false;
    for (auto &[instance, tx] : m_stream.open) {
        TargetConn *tc = targetConn(instance);
        if (!tc)
            return false;
        if (!meta::saveCapture(tc->conn, m_spec.runId, m_instance, end))
            return fail(QStringLiteral("target %1: %2").arg(instance, tc->conn.lastError()));
        if (!tx->commit())
            return fail(QStringLiteral("target %1: commit: %2").arg(instance, tx->error()));
        tc->stored = end;
    }
    m_stream = Stream{};
    QMutexLocker lock(&m_mutex);
    ++m_progress.streamed;
    return true;
}

void SourceWorker::abandonStream()
{
    m_stream = Stream{}; // the open transactions roll back
}

bool SourceWorker::flushBatch(bool wait)
{
    if (!joinApply())
        return false;
    if (m_batch.isEmpty())
        return true;
    auto batch = std::make_shared<const QList<PendingGroup>>(std::move(m_batch));
    m_batch.clear();
    m_batchOps = 0;
    m_applyEnd = batch->last().end;
    m_batchEnd = m_applyEnd;
    static const bool sync = qEnvironmentVariableIntValue("SP_CAPTURE_APPLY_INLINE") == 1; // for A/B runs
    if (wait || sync) {
        m_applyOk = writeBatch(*batch);
        return joinApply();
    }
    m_applyOk = false;
    m_applyThread = std::thread([this, batch] { m_applyOk = writeBatch(*batch); });
    return true;
}

bool SourceWorker::joinApply()
{
    if (m_applyThread.joinable())
        m_applyThread.join();
    if (!m_applyOk)
        return false; // writeBatch said why (fail())
    if (!m_applyEnd.file.isEmpty() && m_applied < m_applyEnd)
        m_applied = m_applyEnd;
    QMutexLocker lock(&m_mutex);
    m_progress.applied = m_applied;
    return true;
}

bool SourceWorker::writeBatch(const QList<PendingGroup> &batch)
{
    const BinlogPosition end = batch.last().end;
    QStringList instances; // in the order the batch first names them
    for (const PendingGroup &g : batch)
        for (auto it = g.ops.cbegin(); it != g.ops.cend(); ++it)
            if (!it.value().isEmpty() && !instances.contains(it.key()))
                instances.append(it.key());
    qint64 applied = 0;
    for (const QString &instance : std::as_const(instances)) {
        TargetConn *tc = targetConn(instance);
        if (!tc)
            return false;
        QList<const RowOp *> ops;
        for (const PendingGroup &g : batch) {
            if (!(tc->stored < g.end))
                continue; // applied before a restart: the stored position is already past it
            const auto it = g.ops.constFind(instance);
            if (it != g.ops.cend())
                for (const RowOp &op : it.value())
                    ops.append(&op);
        }
        if (ops.isEmpty())
            continue;
        // Sent together; a statement with warnings makes the batch go again one statement at a time,
        // where SHOW WARNINGS judges each (the warning policy's exceptions apply).
        bool warned = false;
        if (!execOps(tc->conn, ops, true, &warned) && !warned)
            return false;
        if (warned && !execOps(tc->conn, ops, false, nullptr))
            return false;
        tc->stored = end;
        applied += ops.size();
    }
    QMutexLocker lock(&m_mutex);
    m_progress.eventsApplied += applied;
    return true;
}

bool SourceWorker::execOps(Connection &c, const QList<const RowOp *> &ops, bool together, bool *warned)
{
    QList<Stmt> stmts;
    if (!buildStmts(c, ops, &stmts))
        return false;
    Transaction tx(c);
    if (!tx.ok())
        return fail(tx.error());
    if (!runStmts(c, stmts, together, warned))
        return false; // rolled back (tx)
    if (!meta::saveCapture(c, m_spec.runId, m_instance, m_batchEnd))
        return fail(c.lastError());
    if (!tx.commit())
        return fail(QStringLiteral("commit: %1").arg(tx.error()));
    return true;
}

bool SourceWorker::buildStmts(Connection &c, const QList<const RowOp *> &ops, QList<Stmt> *out)
{
    // The statements per target table (the batch is one transaction, and tables with foreign keys or
    // triggers of their own do not move - TableChecks - so changes of different tables commute), each
    // table's in binlog order except that its inserts are gathered into multi-row INSERTs: an update or
    // delete of another row goes ahead of the inserts read before it. That is safe: it touches none of
    // their rows, and a unique value it sets was not held by them on the source either (they existed
    // when it ran there), so it cannot clash with them here. A change to a gathered row's key first
    // writes the inserts. Keys that are not all integers are compared by exact value only, so for them
    // nothing is moved ahead (a collation may call different bytes equal). Runs of deletes are one
    // DELETE .. IN with the count checked.
    QList<QList<const RowOp *>> tables;
    QHash<QPair<const MoveUnit *, int>, qsizetype> tableIndex;
    for (const RowOp *op : ops) {
        const auto key = qMakePair(op->unit, op->target);
        auto it = tableIndex.constFind(key);
        if (it == tableIndex.cend()) {
            it = tableIndex.insert(key, tables.size());
            tables.append(QList<const RowOp *>());
        }
        tables[it.value()].append(op);
    }
    QList<Stmt> &stmts = *out;
    for (const QList<const RowOp *> &tops : std::as_const(tables)) {
        const MoveUnit &u = *tops.first()->unit;
        const int target = tops.first()->target;
        const QString table = u.qualifiedTarget(target);
        const QString node = u.targets.at(target).node.toString();
        const bool ahead = u.info.integerKey();
        auto keyId = [](const QList<QVariant> &k) {
            QString id;
            for (const QVariant &v : k)
                id += v.toString() + QLatin1Char(',');
            return id;
        };
        QList<const RowOp *> inserts, deletes;
        QSet<QString> inserted; // keys of the gathered inserts
        auto writeDeletes = [&]() {
            if (deletes.isEmpty())
                return;
            QList<Key> keys;
            for (const RowOp *d : std::as_const(deletes))
                keys.append(d->pk);
            stmts.append(Stmt{(QStringLiteral("DELETE FROM ") + table + QStringLiteral(" WHERE ") +
                               (keys.size() == 1 ? keyEquals(u.info, keys.first()) : keyIn(u.info, keys))).toUtf8(),
                              quint64(keys.size()),
                              QStringLiteral("capture delete of %1 key %2").arg(node, keyText(u.info, keys.first())) +
                                  (keys.size() > 1 ? QStringLiteral(" .. ") + keyText(u.info, keys.last()) +
                                                         QStringLiteral(" (%1 keys)").arg(keys.size())
                                                   : QString())});
            deletes.clear();
        };
        auto writeInserts = [&]() -> bool {
            writeDeletes();
            if (inserts.isEmpty())
                return true;
            QList<QList<QVariant>> rows;
            rows.reserve(inserts.size());
            for (const RowOp *op : std::as_const(inserts))
                rows.append(writableValues(u.info, op->row));
            MultiRowInsert spec;
            spec.table = table;
            spec.columns = writableColumns(u.info);
            QString why;
            const auto built = InsertBuilder::build(c, spec, rows, &why);
            const QString what = QStringLiteral("capture insert into %1 key %2").arg(node, keyText(u.info, inserts.first()->pk)) +
                                 (inserts.size() > 1 ? QStringLiteral(" .. ") + keyText(u.info, inserts.last()->pk) : QString());
            if (!built)
                return fail(what + QStringLiteral(": ") + why);
            for (qsizetype k = 0; k < built->statements.size(); ++k)
                stmts.append(Stmt{built->statements.at(k), quint64(built->rowCounts.at(k)), what});
            inserts.clear();
            inserted.clear();
            return true;
        };
        for (const RowOp *op : tops) {
            switch (op->kind) {
            case RowOp::Insert:
                if (!deletes.isEmpty() && (!ahead || inserts.isEmpty()))
                    writeDeletes(); // (deletes stay ahead of inserts read after them)
                if (inserted.contains(keyId(op->pk)) && !writeInserts())
                    return false;
                inserts.append(op);
                inserted.insert(keyId(op->pk));
                break;
            case RowOp::Update: {
                Key after;
                for (int col : u.info.pk)
                    after.append(op->row.value(col));
                if ((!ahead || inserted.contains(keyId(op->pk)) || inserted.contains(keyId(after))) && !writeInserts())
                    return false;
                writeDeletes();
                QStringList sets;
                for (int col : u.info.writable()) {
                    QString why;
                    const auto lit = c.sqlLiteral(op->row.value(col), &why);
                    if (!lit)
                        return fail(QStringLiteral("capture update of %1 key %2: column %3: %4")
                                        .arg(node, keyText(u.info, op->pk), u.info.columns.at(col), why));
                    sets.append(Connection::quoteIdentifier(u.info.columns.at(col)) + QStringLiteral(" = ") + QString::fromUtf8(*lit));
                }
                stmts.append(Stmt{(QStringLiteral("UPDATE ") + table + QStringLiteral(" SET ") + sets.join(QLatin1Char(',')) +
                                   QStringLiteral(" WHERE ") + keyEquals(u.info, op->pk)).toUtf8(),
                                  1, QStringLiteral("capture update of %1 key %2").arg(node, keyText(u.info, op->pk))});
                break;
            }
            case RowOp::Delete:
                if ((!ahead || inserted.contains(keyId(op->pk))) && !writeInserts())
                    return false;
                deletes.append(op);
                break;
            }
        }
        if (!writeInserts())
            return false;
    }
    return true;
}

bool SourceWorker::runStmts(Connection &c, const QList<Stmt> &stmts, bool together, bool *warned)
{
    auto check = [&](const Stmt &st, const ExecResult &r) {
        if (r.affectedRows == st.expected)
            return true;
        return fail(st.expected == 1 && !st.sql.startsWith("INSERT")
                        ? QStringLiteral("%1: the row is missing on the target (%2 rows matched)").arg(st.what).arg(r.affectedRows)
                        : QStringLiteral("%1: %2 rows sent, %3 inserted").arg(st.what).arg(st.expected).arg(r.affectedRows));
    };
    if (together) {
        QList<QByteArray> sqls;
        sqls.reserve(stmts.size());
        for (const Stmt &st : std::as_const(stmts))
            sqls.append(st.sql);
        QList<ExecResult> results;
        if (!c.execMulti(sqls, &results, warned)) {
            const QString e = c.lastError();
            if (warned && *warned)
                return false; // the caller runs them one by one
            // The failing statement is the first without a result.
            const qsizetype k = results.size();
            return fail((k < stmts.size() ? stmts.at(k).what + QStringLiteral(": ") : QString()) + e);
        }
        for (qsizetype k = 0; k < stmts.size(); ++k)
            if (!check(stmts.at(k), results.at(k)))
                return false;
    } else {
        for (const Stmt &st : std::as_const(stmts)) {
            ExecResult r;
            if (!c.exec(st.sql, &r))
                return fail(st.what + QStringLiteral(": ") + c.lastError());
            if (!check(st, r))
                return false;
        }
    }
    return true;
}

} // namespace sp::migration
