// The capture's writes (SourceWorker, docs/design.md "Copy correctness"): consecutive applied source
// transactions are written to each target in one transaction that also stores the capture position -
// the end of the batch's last source transaction - so a kill leaves either the whole batch with its
// position or neither, and a restart reads the stream again from the stored position.
#include "core/migration/copy/SourceWorker.h"

#include "core/cluster/InsertBuilder.h"
#include "core/cluster/Transaction.h"
#include "core/migration/ExactRows.h"
#include "core/migration/TargetMeta.h"

namespace sp::migration {

namespace {

// One statement of a batch and what it must do.
struct Stmt
{
    QByteArray sql;
    quint64 expected = 1; // rows it must insert, update or delete
    QString what;         // "capture insert into db4.t_x keys 1 .. 7" for errors
};

} // namespace

bool SourceWorker::flushBatch()
{
    if (m_batch.isEmpty())
        return true;
    const QList<PendingGroup> batch = std::move(m_batch);
    m_batch.clear();
    m_batchOps = 0;
    const BinlogPosition end = batch.last().end;
    m_batchEnd = end;
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
    if (m_applied < end)
        m_applied = end;
    QMutexLocker lock(&m_mutex);
    m_progress.eventsApplied += applied;
    m_progress.applied = m_applied;
    return true;
}

bool SourceWorker::execOps(Connection &c, const QList<const RowOp *> &ops, bool together, bool *warned)
{
    // The statements, in binlog order: runs of inserts into one table as multi-row INSERTs.
    QList<Stmt> stmts;
    for (qsizetype i = 0; i < ops.size();) {
        const RowOp &op = *ops.at(i);
        const MoveUnit &u = *op.unit;
        const QString table = u.qualifiedTarget(op.target);
        const QString node = u.targets.at(op.target).node.toString();
        qsizetype j = i + 1;
        switch (op.kind) {
        case RowOp::Insert: {
            while (j < ops.size() && ops.at(j)->kind == RowOp::Insert && ops.at(j)->unit == op.unit &&
                   ops.at(j)->target == op.target)
                ++j;
            QList<QList<QVariant>> rows;
            rows.reserve(j - i);
            for (qsizetype k = i; k < j; ++k)
                rows.append(writableValues(u.info, ops.at(k)->row));
            MultiRowInsert spec;
            spec.table = table;
            spec.columns = writableColumns(u.info);
            QString why;
            const auto built = InsertBuilder::build(c, spec, rows, &why);
            const QString what = QStringLiteral("capture insert into %1 key %2").arg(node, keyText(u.info, op.pk)) +
                                 (j - i > 1 ? QStringLiteral(" .. ") + keyText(u.info, ops.at(j - 1)->pk) : QString());
            if (!built)
                return fail(what + QStringLiteral(": ") + why);
            for (qsizetype k = 0; k < built->statements.size(); ++k)
                stmts.append(Stmt{built->statements.at(k), quint64(built->rowCounts.at(k)), what});
            break;
        }
        case RowOp::Update: {
            QStringList sets;
            for (int col : u.info.writable()) {
                QString why;
                const auto lit = c.sqlLiteral(op.row.value(col), &why);
                if (!lit)
                    return fail(QStringLiteral("capture update of %1 key %2: column %3: %4")
                                    .arg(node, keyText(u.info, op.pk), u.info.columns.at(col), why));
                sets.append(Connection::quoteIdentifier(u.info.columns.at(col)) + QStringLiteral(" = ") + QString::fromUtf8(*lit));
            }
            stmts.append(Stmt{(QStringLiteral("UPDATE ") + table + QStringLiteral(" SET ") + sets.join(QLatin1Char(',')) +
                               QStringLiteral(" WHERE ") + keyEquals(u.info, op.pk)).toUtf8(),
                              1, QStringLiteral("capture update of %1 key %2").arg(node, keyText(u.info, op.pk))});
            break;
        }
        case RowOp::Delete:
            stmts.append(Stmt{(QStringLiteral("DELETE FROM ") + table + QStringLiteral(" WHERE ") + keyEquals(u.info, op.pk)).toUtf8(),
                              1, QStringLiteral("capture delete of %1 key %2").arg(node, keyText(u.info, op.pk))});
            break;
        }
        i = j;
    }
    auto check = [&](const Stmt &st, const ExecResult &r) {
        if (r.affectedRows == st.expected)
            return true;
        return fail(st.expected == 1 && !st.sql.startsWith("INSERT")
                        ? QStringLiteral("%1: the row is missing on the target (%2 rows matched)").arg(st.what).arg(r.affectedRows)
                        : QStringLiteral("%1: %2 rows sent, %3 inserted").arg(st.what).arg(st.expected).arg(r.affectedRows));
    };
    Transaction tx(c);
    if (!tx.ok())
        return fail(tx.error());
    if (together) {
        QList<QByteArray> sqls;
        sqls.reserve(stmts.size());
        for (const Stmt &st : std::as_const(stmts))
            sqls.append(st.sql);
        QList<ExecResult> results;
        if (!c.execMulti(sqls, &results, warned)) {
            const QString e = c.lastError();
            tx.rollback();
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
    if (!meta::saveCapture(c, m_spec.runId, m_instance, m_batchEnd))
        return fail(c.lastError());
    if (!tx.commit())
        return fail(QStringLiteral("commit: %1").arg(tx.error()));
    return true;
}

} // namespace sp::migration
