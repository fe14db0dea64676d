#include "core/migration/dual/DualCompare.h"

#include "core/cluster/Transaction.h"
#include "core/migration/ExactRows.h"
#include "core/migration/KeySql.h"
#include "core/migration/Replication.h"
#include "core/migration/SqlParts.h"
#include "core/migration/Verifier.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QHash>
#include <QLocale>
#include <QThread>

#include <list>
#include <memory>

namespace sp::migration {

namespace {

const int kRangesPerBatch = 16; // key ranges compared per stop of replication, at most
const int kBatchMs = 2000;      // and about this long
const int kRepairKeys = 200;    // rows repaired per transaction
const int kUntilTimeoutMs = 300000;

struct Range
{
    std::optional<Key> after, upTo; // key > after, key <= upTo
};

// One table the new instance will own rows of: the unit with the old instance's table as its source
// and the new instance's as its only target (broadcast tables too, each new instance against its own
// old one).
struct Table
{
    MoveUnit unit;
    QString owned; // the new instance's rows: "(predicate)"; empty: all of them (broadcast)
    QString label; // "db2.t_types_0"
    QList<Range> ranges;
    qint64 rows = 0, repaired = 0, differences = 0;
    QString skipped; // why its rows were not compared
};

struct HashedRow
{
    Key key;
    QString h1, h2;
};

QString whereOf(const QStringList &conds)
{
    return conds.isEmpty() ? QString() : QStringLiteral(" WHERE ") + conds.join(QStringLiteral(" AND "));
}

class PairCompare
{
public:
    PairCompare(const MoveSet &moves, const Endpoint &a, const Endpoint &b, const DualCompareOptions &o)
        : m_moves(moves), m_a(a), m_b(b), m_o(o)
    {}

    DualCompareResult run();

private:
    bool fail(const QString &why)
    {
        m_out.error = why;
        return false;
    }
    void audit(const QString &action, Connection &c, const QString &sql, const QString &outcome)
    {
        if (m_o.audit)
            m_o.audit(action, c.params().describe(), sql, outcome);
    }
    bool stopRequested() const
    {
        return (m_o.stop && m_o.stop->load()) || (m_o.pauseRequested && m_o.pauseRequested());
    }
    bool open();
    bool collectTables();
    bool cutRanges(Table &t);
    bool batch(QList<QPair<Table *, Range>> *work);
    bool replicateUntil(const QString &gtid);
    bool compareRange(Table &t, const Range &r);
    bool readHashes(Connection &c, const Table &t, const QString &table, const QStringList &conds,
                    QHash<QByteArray, HashedRow> *out, QList<QByteArray> *order);
    bool repair(Table &t, const QList<Key> &keys, QString *why);
    QStringList rangeConds(const Table &t, const Range &r) const;

    const MoveSet &m_moves;
    const Endpoint &m_a;
    const Endpoint &m_b;
    const DualCompareOptions &m_o;
    Connection m_ac, m_bc, m_ctl; // old instance (snapshots), new instance (reads, repairs), its replication
    std::unique_ptr<Transaction> m_snapshot;
    std::list<Table> m_tables;
    DualCompareResult m_out;
};

bool PairCompare::open()
{
    if (!m_ac.open(m_a.admin) || !prepareSession(m_ac, false))
        return fail(m_ac.lastError());
    if (!m_bc.open(m_b.admin) || !prepareSession(m_bc, false))
        return fail(m_bc.lastError());
    if (!m_ctl.open(m_b.admin) || !prepareSession(m_ctl, false))
        return fail(m_ctl.lastError());
    m_ctl.setWarningPolicy({});
    return true;
}

// The tables, their definitions on both sides, and their TableInfo (read on the old instance).
bool PairCompare::collectTables()
{
    QStringList broadcastSeen;
    for (const MoveUnit &u : m_moves.units()) {
        Table t;
        t.unit = u;
        if (u.broadcast) {
            if (broadcastSeen.contains(u.source.table))
                continue;
            broadcastSeen.append(u.source.table);
            t.unit.source.dataSource = m_a.dataSource;
            t.unit.sourceSchema = m_a.schema;
            t.unit.sourceInstance = m_a.instance;
            MoveTarget whole;
            whole.node = DataNode{m_b.dataSource, u.source.table};
            whole.schema = m_b.schema;
            whole.instance = m_b.instance;
            t.unit.targets = {whole};
            t.unit.info = TableInfo();
        } else {
            if (u.source.dataSource != m_a.dataSource)
                continue;
            int target = -1;
            for (int i = 0; i < u.targets.size(); ++i)
                if (u.targets.at(i).node.dataSource == m_b.dataSource)
                    target = i;
            if (target < 0)
                continue;
            if (u.targets.at(target).predicateSql.isEmpty())
                return fail(
                    QStringLiteral(
                        "%1 -> %2 has no SQL predicate: the comparison selects the rows %3 owns in SQL")
                        .arg(u.source.toString(), u.targets.at(target).node.toString(), m_b.dataSource));
            t.unit.targets = {u.targets.at(target)};
            t.owned = QLatin1Char('(') + u.targets.at(target).predicateSql + QLatin1Char(')');
        }
        t.label = t.unit.targets.first().node.toString();
        QString why;
        if (t.unit.info.columns.isEmpty() && !readTableInfo(m_ac, t.unit.sourceSchema, t.unit.source.table,
                                                            t.unit.shardingColumn, &t.unit.info, &why))
            return fail(why);
        // The same definition on both sides, or the rows cannot be compared (nor repaired).
        const QString show = QStringLiteral("SHOW CREATE TABLE %1");
        auto ca = m_ac.query(show.arg(t.unit.qualifiedSource()));
        auto cb = m_bc.query(show.arg(t.unit.qualifiedTarget(0)));
        if (!ca || ca->rows.isEmpty())
            return fail(m_ac.lastError());
        if (!cb || cb->rows.isEmpty())
            t.skipped = QStringLiteral("%1 cannot be read: %2").arg(t.label, m_bc.lastError());
        else if (normalizedCreate(ca->rows.first().at(1).toString()) !=
                 normalizedCreate(cb->rows.first().at(1).toString()))
            t.skipped = QStringLiteral("the definition of %1 differs from %2's:\n%3\n---\n%4")
                            .arg(t.label, t.unit.source.toString(),
                                 normalizedCreate(cb->rows.first().at(1).toString()),
                                 normalizedCreate(ca->rows.first().at(1).toString()));
        m_tables.push_back(std::move(t));
    }
    // Rows read as their stored bytes from here on.
    for (Connection *c : {&m_ac, &m_bc})
        if (!prepareExactSession(*c, false))
            return fail(c->lastError());
    if (!m_bc.exec(QStringLiteral("SET SESSION sql_log_bin = 0")))
        return fail(m_bc.lastError());
    return true;
}

// Ranges cut at every rangeRows-th key of the old instance's table (the first open downwards, the last
// upwards, so every key of either side is in one), found by the server in key order.
bool PairCompare::cutRanges(Table &t)
{
    const TableInfo &info = t.unit.info;
    const QString keySel = exactKeyList(info);
    std::optional<Key> prev;
    const int step = qMax(1, m_o.rangeRows);
    for (;;) {
        if (stopRequested()) {
            m_out.stopped = true;
            return false;
        }
        QStringList c;
        if (prev)
            c.append(keyCompare(info, *prev, ">"));
        auto r = m_ac.query(QStringLiteral("SELECT ") + keySel + QStringLiteral(" FROM ") +
                            t.unit.qualifiedSource() + whereOf(c) + QStringLiteral(" ORDER BY ") +
                            info.pkList() + QStringLiteral(" LIMIT 1 OFFSET ") + QString::number(step - 1));
        if (!r)
            return fail(m_ac.lastError());
        Range x;
        x.after = prev;
        if (r->rows.isEmpty()) {
            t.ranges.append(x);
            return true;
        }
        Key k;
        QString why;
        if (!exactKeyOf(info, r->rows.first(), 0, &k, &why))
            return fail(why);
        x.upTo = k;
        t.ranges.append(x);
        prev = k;
    }
}

QStringList PairCompare::rangeConds(const Table &t, const Range &r) const
{
    QStringList c;
    if (r.after)
        c.append(keyCompare(t.unit.info, *r.after, ">"));
    if (r.upTo)
        c.append(keyCompare(t.unit.info, *r.upTo, "<="));
    if (!t.owned.isEmpty())
        c.append(t.owned);
    return c;
}

// The new instance's SQL thread runs exactly up to `gtid` (its replication was stopped below it).
bool PairCompare::replicateUntil(const QString &gtid)
{
    QString why;
    const auto want = parseGtidList(gtid, &why);
    if (!want)
        return fail(why);
    const QString sql = QStringLiteral("START SLAVE UNTIL master_gtid_pos = %1").arg(m_ctl.quoteString(gtid));
    const bool started = m_ctl.exec(sql);
    audit(QStringLiteral("replicate up to the comparison's snapshot"), m_ctl, sql,
          started ? QStringLiteral("ok") : m_ctl.lastError());
    if (!started)
        return fail(m_ctl.lastError());
    QDeadlineTimer deadline(kUntilTimeoutMs);
    QElapsedTimer sinceStart;
    sinceStart.start();
    int sleepMs = 5;
    while (true) {
        const auto st = readReplicaStatus(m_ctl, &why);
        if (!st)
            return fail(why);
        if (!st->lastSqlError.isEmpty())
            return fail(QStringLiteral("%1's replication stopped with an error before %2: %3")
                            .arg(m_b.dataSource, gtid, st->lastSqlError.left(400)));
        if (st->sqlRunning != QLatin1String("Yes")) {
            const auto pos = m_ctl.queryValue(QStringLiteral("SELECT @@gtid_slave_pos"));
            if (!pos)
                return fail(m_ctl.lastError());
            const auto have = parseGtidList(pos->toString(), &why);
            if (!have)
                return fail(why);
            // Exactly there in every domain of the snapshot: not below (it stopped early), not above.
            QMap<quint32, quint64> at;
            for (const Gtid &g : *have)
                at[g.domain] = qMax(at.value(g.domain), g.seq);
            bool exact = true;
            for (const Gtid &g : *want)
                exact = exact && at.contains(g.domain) && at.value(g.domain) == g.seq;
            if (exact)
                return true;
            // Not started yet, or stopped below the snapshot (then it stays there).
            if (sinceStart.elapsed() > 2000)
                return fail(
                    QStringLiteral("%1's replication stopped at %2, not at the comparison's snapshot %3")
                        .arg(m_b.dataSource, pos->toString(), gtid));
        }
        if (deadline.hasExpired())
            return fail(QStringLiteral("%1 did not replicate up to %2 within %3 s")
                            .arg(m_b.dataSource, gtid)
                            .arg(kUntilTimeoutMs / 1000));
        if (m_o.stop && m_o.stop->load()) {
            m_out.stopped = true;
            return false;
        }
        QThread::msleep(quint64(sleepMs));
        sleepMs = qMin(100, sleepMs * 2);
    }
}

bool PairCompare::readHashes(Connection &c, const Table &t, const QString &table, const QStringList &conds,
                             QHash<QByteArray, HashedRow> *out, QList<QByteArray> *order)
{
    const TableInfo &info = t.unit.info;
    auto r = c.query(QStringLiteral("SELECT ") + exactKeyList(info) + QStringLiteral(", ") +
                     rowHashSql(info, m_o.hash) + QStringLiteral(" FROM ") + table + whereOf(conds) +
                     QStringLiteral(" ORDER BY ") + info.pkList());
    if (!r)
        return fail(c.lastError());
    const int npk = int(info.pk.size());
    for (const auto &row : r->rows) {
        HashedRow h;
        QString why;
        if (!exactKeyOf(info, row, 0, &h.key, &why))
            return fail(why);
        h.h1 = row.at(npk).toString();
        h.h2 = row.at(npk + 1).toString();
        const QByteArray id = keyId(h.key);
        if (order)
            order->append(id);
        out->insert(id, std::move(h));
    }
    return true;
}

// Makes the new instance's rows with `keys` what the old instance's snapshot holds, in one transaction.
bool PairCompare::repair(Table &t, const QList<Key> &keys, QString *why)
{
    const auto statements = repairStatements(m_ac, t.unit, 0, keys, why);
    if (!statements)
        return false;
    const WarningPolicy old = m_bc.warningPolicy();
    WarningPolicy strict;
    strict.asErrors = true;
    m_bc.setWarningPolicy(strict);
    Transaction tx(m_bc);
    bool ok = tx.ok();
    qint64 deleted = 0, inserted = 0;
    for (int i = 0; ok && i < statements->size(); ++i) {
        ExecResult er;
        ok = m_bc.exec(statements->at(i), &er);
        (i == 0 ? deleted : inserted) += qint64(er.affectedRows);
    }
    ok = ok && tx.commit();
    m_bc.setWarningPolicy(old);
    const QString shown =
        QStringLiteral(
            "DELETE FROM %1 WHERE <%2 keys: %3 .. %4>; INSERT INTO %1 <the rows %5 holds for them>")
            .arg(t.unit.qualifiedTarget(0))
            .arg(keys.size())
            .arg(keyText(t.unit.info, keys.first()), keyText(t.unit.info, keys.last()),
                 t.unit.source.toString());
    audit(QStringLiteral("repair rows that differ from %1").arg(t.unit.source.toString()), m_bc, shown,
          ok ? QStringLiteral("ok: %1 rows deleted, %2 inserted").arg(deleted).arg(inserted)
             : m_bc.lastError() + tx.error());
    if (!ok)
        *why = m_bc.lastError() + tx.error();
    return ok;
}

bool PairCompare::compareRange(Table &t, const Range &r)
{
    const TableInfo &info = t.unit.info;
    const QStringList conds = rangeConds(t, r);
    const QString sums = sumsSql(info, m_o.hash);
    auto sa = m_ac.query(sums + t.unit.qualifiedSource() + whereOf(conds));
    if (!sa || sa->rows.isEmpty())
        return fail(m_ac.lastError());
    auto sb = m_bc.query(sums + t.unit.qualifiedTarget(0) + whereOf(conds));
    if (!sb || sb->rows.isEmpty())
        return fail(m_bc.lastError());
    bool same = sa->rows.first().size() == sb->rows.first().size();
    for (int k = 0; same && k < sa->rows.first().size(); ++k)
        same = addDecimal(sa->rows.first().at(k).toString(), QStringLiteral("0")) ==
               addDecimal(sb->rows.first().at(k).toString(), QStringLiteral("0"));
    if (same) {
        t.rows += sa->rows.first().at(0).toLongLong();
        return true;
    }
    // Row by row.
    QHash<QByteArray, HashedRow> ra, rb;
    QList<QByteArray> orderA, orderB;
    if (!readHashes(m_ac, t, t.unit.qualifiedSource(), conds, &ra, &orderA) ||
        !readHashes(m_bc, t, t.unit.qualifiedTarget(0), conds, &rb, &orderB))
        return false;
    t.rows += ra.size();
    struct Diff
    {
        Key key;
        QString kind;
    };
    QList<Diff> diffs;
    for (const QByteArray &id : std::as_const(orderA)) {
        const HashedRow &x = ra[id];
        const auto it = rb.constFind(id);
        if (it == rb.constEnd())
            diffs.append({x.key, QStringLiteral("missing")});
        else if (it->h1 != x.h1 || it->h2 != x.h2)
            diffs.append({x.key, QStringLiteral("different")});
    }
    for (const QByteArray &id : std::as_const(orderB))
        if (!ra.contains(id))
            diffs.append({rb[id].key, QStringLiteral("extra")});
    QList<Diff> remaining = diffs;
    QString repairError;
    if (m_o.repair && !diffs.isEmpty()) {
        remaining.clear();
        for (qsizetype from = 0; from < diffs.size(); from += kRepairKeys) {
            const QList<Diff> part = diffs.mid(from, kRepairKeys);
            QList<Key> keys;
            for (const Diff &d : part)
                keys.append(d.key);
            QString why;
            if (!repair(t, keys, &why)) {
                if (repairError.isEmpty())
                    repairError = why;
                remaining += part;
                continue;
            }
            // Compared again: the new instance's rows now hash as the old instance's (or are gone with them).
            QHash<QByteArray, HashedRow> now;
            if (!readHashes(m_bc, t, t.unit.qualifiedTarget(0), QStringList(conds) << keyIn(info, keys), &now,
                            nullptr))
                return false;
            for (const Diff &d : part) {
                const QByteArray id = keyId(d.key);
                const auto want = ra.constFind(id);
                const auto have = now.constFind(id);
                const bool fixed = want == ra.constEnd() ? have == now.constEnd()
                                                         : have != now.constEnd() && have->h1 == want->h1 &&
                                                               have->h2 == want->h2;
                if (fixed)
                    ++t.repaired;
                else
                    remaining.append(d);
            }
        }
    }
    for (const Diff &d : std::as_const(remaining)) {
        QString why;
        const auto sql = repairSql(m_ac, t.unit, 0, d.key, true, &why);
        if (!sql)
            return fail(why);
        const QString shown =
            repairError.isEmpty()
                ? *sql
                : QStringLiteral("-- repairing it failed: %1\n%2")
                      .arg(QString(repairError.left(300)).replace(QLatin1Char('\n'), QLatin1Char(' ')), *sql);
        m_out.differences.append(
            RowDifference{t.label, t.unit.source.toString(), keyText(info, d.key), d.kind, shown});
        ++t.differences;
    }
    return true;
}

// One stop of the new instance's replication: both sides at one point, some ranges compared there.
bool PairCompare::batch(QList<QPair<Table *, Range>> *work)
{
    QElapsedTimer stoppedFor;
    stoppedFor.start();
    const bool stopped = m_ctl.exec(QStringLiteral("STOP SLAVE"));
    audit(QStringLiteral("stop replication for a comparison"), m_ctl, QStringLiteral("STOP SLAVE"),
          stopped ? QStringLiteral("ok") : m_ctl.lastError());
    if (!stopped)
        return fail(m_ctl.lastError());
    auto restart = [&](bool ok) {
        m_snapshot.reset();
        QString why;
        const bool started = startReplication(m_ctl, 30000, &why);
        audit(QStringLiteral("replication resumed after a comparison"), m_ctl, QStringLiteral("START SLAVE"),
              started ? QStringLiteral("ok") : why);
        m_out.replicationStoppedMs += stoppedFor.elapsed();
        if (!started) {
            m_out.error =
                m_out.error.isEmpty()
                    ? why
                    : m_out.error + QStringLiteral("; replication could not be started again: ") + why;
            return false;
        }
        return ok;
    };
    // The old instance's snapshot, taken after the new instance stopped: its position is at or above
    // what the new instance applied.
    TransactionOptions to;
    to.consistentSnapshot = true;
    to.readOnly = true;
    m_snapshot = std::make_unique<Transaction>(m_ac, to);
    QString why;
    const auto pos = snapshotAt(*m_snapshot, &why);
    if (!pos)
        return restart(fail(why));
    const auto gtid = m_ac.queryValue(
        QStringLiteral("SELECT BINLOG_GTID_POS(%1, %2)").arg(m_ac.quoteString(pos->file)).arg(pos->position));
    if (!gtid || !gtid->isValid())
        return restart(
            fail(gtid ? QStringLiteral("%1 has no GTID position for %2").arg(m_a.dataSource, pos->toString())
                      : m_ac.lastError()));
    m_out.gtid = gtid->toString();
    if (!m_out.gtid.isEmpty() && !replicateUntil(m_out.gtid))
        return restart(false);
    QElapsedTimer busy;
    busy.start();
    int done = 0;
    while (!work->isEmpty() && done < kRangesPerBatch && (done == 0 || busy.elapsed() < kBatchMs)) {
        const auto item = work->takeFirst();
        if (!compareRange(*item.first, item.second))
            return restart(false);
        ++done;
    }
    if (!m_snapshot->rollback())
        return restart(fail(m_snapshot->error()));
    ++m_out.batches;
    return restart(true);
}

DualCompareResult PairCompare::run()
{
    if (!open() || !collectTables())
        return m_out;
    QList<QPair<Table *, Range>> work;
    for (Table &t : m_tables) {
        if (!t.skipped.isEmpty()) {
            m_out.differences.append(
                RowDifference{t.label, t.unit.source.toString(), QString(), QStringLiteral("definition"),
                              QStringLiteral("-- ") +
                                  QString(t.skipped).replace(QLatin1Char('\n'), QStringLiteral("\n-- "))});
            continue;
        }
        if (!cutRanges(t))
            return m_out;
        for (const Range &r : std::as_const(t.ranges))
            work.append({&t, r});
    }
    const auto st = readReplicaStatus(m_ctl, &m_out.error);
    if (!st)
        return m_out;
    if (!st->configured) {
        m_out.error = QStringLiteral("%1 does not replicate (D3)").arg(m_b.dataSource);
        return m_out;
    }
    const qsizetype total = work.size();
    qint64 admitted = 0;
    const QLocale en(QLocale::English);
    while (!work.isEmpty()) {
        if (stopRequested()) {
            m_out.stopped = true;
            return m_out;
        }
        if (!batch(&work))
            return m_out;
        qint64 rows = 0, repaired = 0;
        for (const Table &t : m_tables) {
            rows += t.rows;
            repaired += t.repaired;
        }
        m_out.rowsCompared = rows;
        m_out.repaired = repaired;
        if (m_o.progress)
            m_o.progress(QStringLiteral("%1 -> %2: %3 of %4 key ranges compared at %5, %6 rows, %7 repaired")
                             .arg(m_a.dataSource, m_b.dataSource)
                             .arg(total - work.size())
                             .arg(total)
                             .arg(m_out.gtid, en.toString(rows), en.toString(repaired)));
        // Throttled with replication running.
        if (m_o.admit) {
            QString why;
            if (!m_o.admit(rows - admitted, &why)) {
                if (why.isEmpty()) {
                    m_out.stopped = true;
                    return m_out;
                }
                m_out.error = why;
                return m_out;
            }
            admitted = rows;
        }
    }
    for (const Table &t : m_tables) {
        if (!t.skipped.isEmpty()) {
            m_out.lines.append(QStringLiteral("%1: not compared: %2")
                                   .arg(t.label, t.skipped.section(QLatin1Char('\n'), 0, 0)));
            continue;
        }
        QString line = t.differences == 0 ? QStringLiteral("%1: %2 rows identical to %3")
                                                .arg(t.label, en.toString(t.rows), t.unit.source.toString())
                                          : QStringLiteral("%1: %2 rows compared with %3, %4 differences")
                                                .arg(t.label, en.toString(t.rows), t.unit.source.toString(),
                                                     en.toString(t.differences));
        if (t.repaired > 0)
            line += QStringLiteral(" (%1 repaired with %2's exact values)")
                        .arg(en.toString(t.repaired), m_a.dataSource);
        m_out.lines.append(line);
    }
    m_out.ok = true;
    return m_out;
}

} // namespace

DualCompareResult compareDualPair(const MoveSet &moves, const Endpoint &a, const Endpoint &b,
                                  const DualCompareOptions &o)
{
    PairCompare pc(moves, a, b, o);
    return pc.run();
}

bool startReplication(Connection &c, int timeoutMs, QString *error)
{
    const WarningPolicy old = c.warningPolicy();
    c.setWarningPolicy({});
    const bool ok = c.exec(QStringLiteral("START SLAVE"));
    c.setWarningPolicy(old);
    if (!ok && c.lastErrno() != 1254) { // 1254: already running
        *error = c.lastError();
        return false;
    }
    QDeadlineTimer deadline(timeoutMs);
    while (true) {
        const auto st = readReplicaStatus(c, error);
        if (!st)
            return false;
        if (st->running())
            return true;
        if (!st->lastSqlError.isEmpty() || deadline.hasExpired()) {
            *error = QStringLiteral("replication does not run (IO %1, SQL %2) %3 %4")
                         .arg(st->ioRunning, st->sqlRunning, st->lastIoError.left(200),
                              st->lastSqlError.left(200));
            return false;
        }
        QThread::msleep(50);
    }
}

} // namespace sp::migration
