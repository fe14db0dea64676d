// `migrate forward-stale` (docs/migration.md, "T8"): the keys T8 saw written on their old shards after
// the switch are carried to their new nodes, one key per transaction on the new node, where the new
// node's row is still what T7 left there; a key written on both sides is listed with both versions and
// changed only as the operator chose (--conflicts), each such decision and statement audited.
#include "core/cluster/InsertBuilder.h"
#include "core/cluster/Transaction.h"
#include "core/migration/ExactRows.h"
#include "core/migration/KeySql.h"
#include "core/migration/StaleWrites.h"
#include "core/migration/copy/CopyRun.h"

#include <map>

namespace sp::migration {

namespace {

// The row of `key` in `table` (exact form), or none; false on a read error.
bool readRow(Connection &c, const TableInfo &info, const QString &table, const Key &key, bool lock,
             std::optional<QList<QVariant>> *out, QString *error)
{
    auto r = c.query(QStringLiteral("SELECT ") + exactSelectList(info) + QStringLiteral(" FROM ") + table +
                     QStringLiteral(" WHERE ") + keyEquals(info, key) + (lock ? QStringLiteral(" FOR UPDATE") : QString()));
    if (!r) {
        *error = c.lastError();
        return false;
    }
    out->reset();
    if (r->rows.isEmpty())
        return true;
    QList<QVariant> row = r->rows.first();
    if (!normalizeExactRow(info, &row, error))
        return false;
    *out = row;
    return true;
}

} // namespace

Outcome CopyRun::forwardStale()
{
    const QList<StepState> st = m_journal->steps();
    if (m_journal->value(keys::rolledBack) == QLatin1String("1")) {
        m_error = QStringLiteral("the run was rolled back");
        return Outcome::GateFailed;
    }
    if (st.at(int(Step::T7)).status != StepStatus::Done) {
        m_error = QStringLiteral("writes have not resumed on the new config (T7): nothing can be stale yet");
        return Outcome::GateFailed;
    }
    if (st.at(int(Step::T9)).status != StepStatus::Pending) {
        m_error = QStringLiteral("T9 has begun purging the moved rows from the old shards: what is left there is "
                                 "not the application's any more");
        return Outcome::GateFailed;
    }
    const QString mode = m_options.staleConflicts;
    const QList<StaleWrite> all = m_journal->staleWrites();
    QList<StaleWrite> open;
    for (const StaleWrite &w : all)
        if (w.unresolved())
            open.append(w);
    if (open.isEmpty()) {
        say(QStringLiteral("no stale-route write is open (%1 keys recorded by T8, all resolved)").arg(all.size()));
        return Outcome::Done;
    }
    QString why;
    if (!loadTableInfo(&why)) {
        m_error = why;
        return Outcome::Error;
    }
    std::map<QString, std::unique_ptr<Connection>> conns;
    auto conn = [&](const QString &instance) -> Connection * {
        auto &c = conns[instance];
        if (!c) {
            c = std::make_unique<Connection>();
            if (!c->open(m_endpoints.adminOfInstance(instance)) || !prepareExactSession(*c, true)) {
                m_error = QStringLiteral("%1: %2").arg(instance, c->lastError());
                return nullptr;
            }
        }
        return c.get();
    };
    const bool apply = m_options.yes;
    int carried = 0, conflicts = 0, pending = 0;
    for (const StaleWrite &w : std::as_const(open)) {
        if (w.unit < 0 || w.unit >= m_moves.units().size() || w.target < 0 ||
            w.target >= m_moves.units().at(w.unit).targets.size()) {
            m_error = QStringLiteral("the journal names unit %1 target %2, which this run's plan does not have")
                          .arg(w.unit)
                          .arg(w.target);
            return Outcome::Error;
        }
        const MoveUnit &u = m_moves.units().at(w.unit);
        const int t = w.target;
        const auto key = decodeKey(w.key);
        if (!key) {
            m_error = QStringLiteral("the journal's key %1 of %2 cannot be read").arg(w.key, w.source);
            return Outcome::Error;
        }
        Connection *src = conn(u.sourceInstance);
        Connection *dst = src ? conn(u.targets.at(t).instance) : nullptr;
        if (!dst)
            return Outcome::Error;
        const QString name = QStringLiteral("%1 key %2 -> %3").arg(w.source, w.keyText, w.targetNode);
        // What the new config wants on the new node: the old shard's row, if it still routes there.
        std::optional<QList<QVariant>> oldRow, newRow;
        if (!readRow(*src, u.info, u.qualifiedSource(), *key, false, &oldRow, &why)) {
            m_error = QStringLiteral("%1: %2").arg(name, why);
            return Outcome::Error;
        }
        bool routesHere = false;
        if (oldRow) {
            const RowRoute rr = m_moves.route(u, *oldRow);
            if (!rr.ok) {
                m_error = QStringLiteral("%1: %2").arg(name, rr.error);
                return Outcome::Error;
            }
            routesHere = rr.targets.contains(t);
        }
        const QList<QVariant> *desired = routesHere ? &*oldRow : nullptr;
        const QString desiredState = rowState(u.info, desired);
        // The new node's row, locked until this key is decided: the application may write it meanwhile.
        Transaction tx(*dst);
        if (!tx.ok() || !readRow(*dst, u.info, u.qualifiedTarget(t), *key, true, &newRow, &why)) {
            m_error = QStringLiteral("%1: %2").arg(name, tx.ok() ? why : dst->lastError());
            return Outcome::Error;
        }
        const QString nowState = rowState(u.info, newRow ? &*newRow : nullptr);
        const QString oldText = desired ? rowForPeople(u.info, *desired)
                                        : (oldRow ? QStringLiteral("(its row now routes elsewhere)")
                                                  : QStringLiteral("(no row: deleted)"));
        const QString newText = newRow ? rowForPeople(u.info, *newRow) : QStringLiteral("(no row)");
        if (nowState == desiredState) {
            tx.rollback();
            if (apply && !m_journal->resolveStale(w.id, QStringLiteral("carried"), desiredState,
                                                  QStringLiteral("the new node already holds the old shard's row")))
                return Outcome::Error;
            say(QStringLiteral("same     %1: the new node already holds what the old shard has").arg(name));
            ++carried;
            continue;
        }
        const bool untouched = nowState == w.before; // the new node was not written since the switch
        if (!untouched && mode.isEmpty()) {
            tx.rollback();
            QStringList differ;
            if (desired && newRow)
                for (int c : u.info.writable())
                    if (keyId(Key{desired->value(c)}) != keyId(Key{newRow->value(c)}) ||
                        desired->value(c).isNull() != newRow->value(c).isNull())
                        differ.append(u.info.columns.at(c));
            const QString detail = QStringLiteral("written on both sides since the switch%1; old shard: %2; new node: %3")
                                       .arg(differ.isEmpty() ? QString() : QStringLiteral(" (they differ in ") + differ.join(QStringLiteral(", ")) + QLatin1Char(')'),
                                            oldText, newText);
            if (apply && !m_journal->resolveStale(w.id, QStringLiteral("conflict"), QString(), detail))
                return Outcome::Error;
            say(QStringLiteral("conflict %1: written on both sides since the switch%2, left as it is\n"
                               "           old shard: %3\n           new node:  %4")
                    .arg(name,
                         differ.isEmpty() ? QString() : QStringLiteral(" (they differ in ") + differ.join(QStringLiteral(", ")) + QLatin1Char(')'),
                         oldText, newText));
            ++conflicts;
            continue;
        }
        if (!untouched && mode == QLatin1String("keep-new")) {
            tx.rollback();
            say(QStringLiteral("%1 %2: the new node's row stays; the old shard's write (%3) is dropped at T9")
                    .arg(apply ? QStringLiteral("kept    ") : QStringLiteral("would keep"), name, oldText));
            if (!apply) {
                ++pending;
                continue;
            }
            m_journal->audit(QStringLiteral("T8"), QStringLiteral("stale write on %1: keep the new node's row").arg(name),
                             dst->params().describe(), QString(), QStringLiteral("ok; old shard's row: ") + oldText);
            if (!m_journal->resolveStale(w.id, QStringLiteral("kept-new"), desiredState, QStringLiteral("kept the new node's row")))
                return Outcome::Error;
            ++carried;
            continue;
        }
        // The old shard's row goes to the new node: it was not written there since the switch, or the
        // operator chose the old shard's version (take-old).
        const QString verb = untouched ? QStringLiteral("carry") : QStringLiteral("take-old");
        if (!apply) {
            tx.rollback();
            say(QStringLiteral("would %1 %2: %3 replaces %4").arg(verb, name, oldText, newText));
            ++pending;
            continue;
        }
        QStringList statements{QStringLiteral("DELETE FROM ") + u.qualifiedTarget(t) + QStringLiteral(" WHERE ") +
                               keyEquals(u.info, *key)};
        if (desired) {
            MultiRowInsert spec;
            spec.table = u.qualifiedTarget(t);
            spec.columns = writableColumns(u.info);
            const auto built = InsertBuilder::build(*dst, spec, {writableValues(u.info, *desired)}, &why);
            if (!built) {
                m_error = QStringLiteral("%1: %2").arg(name, why);
                return Outcome::Error;
            }
            for (const QByteArray &s : built->statements)
                statements.append(QString::fromUtf8(s));
        }
        for (const QString &sql : std::as_const(statements))
            if (!audited(Step::T8, QStringLiteral("stale write on %1: %2").arg(name, verb), *dst, sql)) {
                m_error = QStringLiteral("%1: %2").arg(name, dst->lastError());
                return Outcome::Error;
            }
        if (!tx.commit()) {
            m_error = QStringLiteral("%1: %2").arg(name, dst->lastError());
            return Outcome::Error;
        }
        // A kill here leaves the key open; the next forward-stale finds the new node equal ("same").
        if (!m_journal->resolveStale(w.id, untouched ? QStringLiteral("carried") : QStringLiteral("took-old"),
                                     desiredState, QStringLiteral("%1: %2").arg(verb, oldText)))
            return Outcome::Error;
        say(QStringLiteral("%1 %2: %3").arg(untouched ? QStringLiteral("carried ") : QStringLiteral("took old"), name, oldText));
        ++carried;
    }
    say(QStringLiteral("%1 of %2 open keys %3, %4 written on both sides%5")
            .arg(carried)
            .arg(open.size())
            .arg(apply ? QStringLiteral("resolved") : QStringLiteral("already equal"))
            .arg(conflicts)
            .arg(apply ? QString() : QStringLiteral(", %1 to change: run again with --yes to do it").arg(pending)));
    if (conflicts > 0) {
        m_error = QStringLiteral("%1 keys were written on both sides since the switch and are left as they are: keep "
                                 "the new nodes' rows (--conflicts keep-new), take the old shards' (--conflicts "
                                 "take-old), or roll back")
                      .arg(conflicts);
        return Outcome::GateFailed;
    }
    return Outcome::Done;
}

} // namespace sp::migration
