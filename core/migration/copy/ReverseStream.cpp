#include "core/migration/copy/ReverseStream.h"

#include "core/cluster/BinlogReader.h"
#include "core/cluster/InsertBuilder.h"
#include "core/cluster/Transaction.h"
#include "core/migration/ExactRows.h"
#include "core/migration/KeySql.h"
#include "core/migration/SqlParts.h"
#include "core/migration/StaleWrites.h"
#include "core/migration/TargetMeta.h"

#include <QHash>
#include <QSet>

namespace sp::migration {

QString reverseSourceKey(const QString &instance)
{
    return QStringLiteral("reverse:") + instance;
}

namespace {

struct Change
{
    const MoveUnit *unit = nullptr;
    QList<QVariant> before, after; // binlog images (TableInfo::columns order); empty: none
};

// What one source transaction did to one key: the row before its first change and after its last
// (a DELETE and INSERT of one key, as REPLACE or forward-stale write it, is one change).
struct KeyChange
{
    const MoveUnit *unit = nullptr;
    Key key;
    bool hasBefore = false, hasAfter = false;
    QList<QVariant> before, after;
};

// The changes of one transaction per key, in the order each key was first changed.
bool netChanges(const QList<Change> &changes, QList<KeyChange> *out, QString *error)
{
    QHash<QByteArray, qsizetype> at; // unit id + key id -> index in out
    auto add = [&](const MoveUnit *u, const Key &key, const QList<QVariant> *b, const QList<QVariant> *a) {
        const QByteArray id = QByteArray::number(u->id) + ':' + keyId(key);
        const auto it = at.constFind(id);
        if (it == at.constEnd()) {
            KeyChange k{u, key, b != nullptr, a != nullptr, b ? *b : QList<QVariant>(), a ? *a : QList<QVariant>()};
            at.insert(id, out->size());
            out->append(k);
            return;
        }
        KeyChange &k = (*out)[*it];
        k.hasAfter = a != nullptr;
        k.after = a ? *a : QList<QVariant>();
    };
    for (const Change &ch : changes) {
        const MoveUnit &u = *ch.unit;
        Key kb, ka;
        const bool hasB = !ch.before.isEmpty(), hasA = !ch.after.isEmpty();
        if ((hasB && !keyOf(u.info, ch.before, &kb)) || (hasA && !keyOf(u.info, ch.after, &ka))) {
            *error = QStringLiteral("%1: a row without a key").arg(u.source.toString());
            return false;
        }
        if (hasB && hasA && keyId(kb) == keyId(ka)) {
            add(&u, kb, &ch.before, &ch.after);
        } else {
            if (hasB)
                add(&u, kb, &ch.before, nullptr);
            if (hasA)
                add(&u, ka, nullptr, &ch.after);
        }
    }
    return true;
}

} // namespace

struct ReverseStream::Feed
{
    QString instance;
    // schema \0 table on this target -> the units feeding it: one, or several (a ring node added takes
    // arcs of several source tables; the old config's routing says which a row belongs to)
    QHash<QString, QList<const MoveUnit *>> tables;
    // Tables that were live data nodes before the plan (ring drains, remaps into live nodes): the old
    // config's routing tells the moved rows from the table's own, which are not carried back.
    QSet<QString> existing;
    QStringList sources;                     // source instances fed from here
    Connection target;                       // for the binlog head
    std::map<QString, std::unique_ptr<Connection>> sourceConns;
    std::map<QString, BinlogPosition> stored; // per source: applied up to (from its capture_state)
    std::unique_ptr<BinlogReader> reader;
    BinlogPosition applied;
    BinlogPosition head;
    qint64 changes = 0;
    qint64 conflicts = 0;
    qint64 streamed = 0; // transactions applied in pieces (ReverseStream::streamRows)
};

qsizetype ReverseStream::streamRows()
{
    static const qsizetype n = [] {
        const int v = qEnvironmentVariableIntValue("SP_REVERSE_STREAM_ROWS");
        return v > 0 ? qsizetype(v) : qsizetype(10000);
    }();
    return n;
}

ReverseStream::ReverseStream(const MoveSet &moves, const Endpoints &endpoints, QString runId, quint32 serverIdBase)
    : m_moves(moves), m_endpoints(endpoints), m_runId(std::move(runId)), m_serverIdBase(serverIdBase)
{
    for (const MoveUnit &u : m_moves.units()) {
        if (u.broadcast)
            continue;
        for (int t = 0; t < u.targets.size(); ++t) {
            const MoveTarget &mt = u.targets.at(t);
            if (mt.existing && !m_moves.hasOldRouting()) {
                // A live data node: its own rows are not the old shards', and without the old
                // config's routing they cannot be told from the moved ones.
                m_unsupported.append(mt.node.toString());
                continue;
            }
            auto &f = m_feeds[mt.instance];
            if (!f) {
                f = std::make_unique<Feed>();
                f->instance = mt.instance;
            }
            const QString key = mt.schema + QChar(0) + mt.node.table;
            if (mt.existing)
                f->existing.insert(key);
            QList<const MoveUnit *> &feeding = f->tables[key];
            if (!feeding.contains(&u))
                feeding.append(&u);
        }
    }
    for (auto &[inst, f] : m_feeds) {
        for (auto it = f->tables.begin(); it != f->tables.end();) {
            if (it.value().size() > 1 && !m_moves.hasOldRouting()) {
                // Which source table a new row belongs to needs the old config's routing, which this
                // run does not have: not carried back at all - never to the wrong source.
                for (const MoveUnit *u : it.value())
                    for (const MoveTarget &mt : u->targets)
                        if (mt.instance == inst && mt.schema + QChar(0) + mt.node.table == it.key())
                            m_unsupported.append(mt.node.toString());
                it = f->tables.erase(it);
                continue;
            }
            ++it;
        }
        for (const QList<const MoveUnit *> &units : std::as_const(f->tables))
            for (const MoveUnit *u : units)
                if (!f->sources.contains(u->sourceInstance))
                    f->sources.append(u->sourceInstance);
    }
    m_unsupported.removeDuplicates();
}

ReverseStream::~ReverseStream() = default;

QStringList ReverseStream::targetInstances() const
{
    QStringList out;
    for (const auto &[inst, f] : m_feeds)
        if (!f->tables.isEmpty())
            out.append(inst);
    return out;
}

QList<ReverseStream::Lag> ReverseStream::lag() const
{
    QList<Lag> out;
    for (const auto &[inst, f] : m_feeds)
        out.append(Lag{inst, f->applied, f->head, f->changes, f->conflicts, f->streamed});
    return out;
}

QStringList ReverseStream::takeConflicts()
{
    QStringList out;
    out.swap(m_conflicts);
    return out;
}

bool ReverseStream::catchUp(QString *error)
{
    for (auto &[inst, f] : m_feeds)
        if (!catchUpOne(*f, error)) {
            // What was read but not written is read again from the sources' positions next time.
            f->reader.reset();
            f->stored.clear();
            *error = QStringLiteral("reverse stream from %1: %2").arg(inst, *error);
            return false;
        }
    return true;
}

// Makes the source row of one key what the target's change made it, when the source row is what the
// target's row was before the change (or already the result). `b`/`a`: the images for this key.
static bool applyKey(Connection &src, const MoveUnit &u, const Key &key, const QList<QVariant> *b,
                     const QList<QVariant> *a, bool *conflict, QString *detail, QString *error)
{
    *conflict = false;
    auto r = src.query(QStringLiteral("SELECT ") + exactSelectList(u.info) + QStringLiteral(" FROM ") +
                       u.qualifiedSource() + QStringLiteral(" WHERE ") + keyEquals(u.info, key) +
                       QStringLiteral(" FOR UPDATE"));
    if (!r) {
        *error = src.lastError();
        return false;
    }
    std::optional<QList<QVariant>> now;
    if (!r->rows.isEmpty()) {
        QList<QVariant> row = r->rows.first();
        if (!normalizeExactRow(u.info, &row, error))
            return false;
        now = row;
    }
    const QString nowState = rowState(u.info, now ? &*now : nullptr);
    if (nowState == rowState(u.info, a))
        return true; // already there (the engine's own change, or applied before)
    if (nowState != rowState(u.info, b)) {
        *conflict = true;
        *detail = QStringLiteral("%1 key %2: the old shard's row (%3) is not what the new node's was before its "
                                 "change (%4); left as it is")
                      .arg(u.source.toString(), keyText(u.info, key),
                           now ? rowForPeople(u.info, *now) : QStringLiteral("no row"),
                           b ? rowForPeople(u.info, *b) : QStringLiteral("no row"));
        return true;
    }
    if (now && !src.exec(QStringLiteral("DELETE FROM ") + u.qualifiedSource() + QStringLiteral(" WHERE ") +
                         keyEquals(u.info, key))) {
        *error = src.lastError();
        return false;
    }
    if (a) {
        MultiRowInsert spec;
        spec.table = u.qualifiedSource();
        spec.columns = writableColumns(u.info);
        if (!InsertBuilder::execute(src, spec, {writableValues(u.info, *a)})) {
            *error = src.lastError();
            return false;
        }
    }
    return true;
}

bool ReverseStream::catchUpOne(Feed &f, QString *error)
{
    if (!f.target.isOpen() && !f.target.open(m_endpoints.adminOfInstance(f.instance))) {
        *error = f.target.lastError();
        return false;
    }
    auto conn = [&](const QString &inst) -> Connection * {
        auto &c = f.sourceConns[inst];
        if (!c) {
            c = std::make_unique<Connection>();
            if (!c->open(m_endpoints.adminOfInstance(inst)) || !prepareExactSession(*c, true)) {
                *error = QStringLiteral("%1: %2").arg(inst, c->lastError());
                c.reset();
                return nullptr;
            }
        }
        return c.get();
    };
    const auto head = masterStatus(f.target, error);
    if (!head)
        return false;
    f.head = *head;
    if (!f.reader) {
        // Where each source stands; the stream starts at the earliest.
        std::optional<BinlogPosition> from;
        for (const QString &s : std::as_const(f.sources)) {
            Connection *c = conn(s);
            if (!c)
                return false;
            auto p = meta::loadCapture(*c, m_runId, reverseSourceKey(f.instance), error);
            if (p && p->file.isEmpty()) {
                const auto st = m_starts.find(f.instance);
                if (st != m_starts.end() && !st->second.file.isEmpty())
                    p = st->second;
            }
            if (!p || p->file.isEmpty()) {
                if (error->isEmpty())
                    *error = QStringLiteral("%1 has no position of the reverse stream (a run created before the "
                                            "reverse stream existed, or T6 did not record the targets' heads)")
                                 .arg(s);
                return false;
            }
            f.stored[s] = *p;
            if (!from || *p < *from)
                from = *p;
        }
        if (!from)
            return true;
        BinlogReaderOptions o;
        o.connection = m_endpoints.adminOfInstance(f.instance);
        o.start = *from;
        o.serverId = m_serverIdBase + quint32(std::distance(m_feeds.begin(), m_feeds.find(f.instance)));
        o.heartbeatSec = 1;
        const QHash<QString, QList<const MoveUnit *>> tables = f.tables;
        o.includeTable = [tables](const QString &s, const QString &t) { return tables.contains(s + QChar(0) + t); };
        f.reader = std::make_unique<BinlogReader>(o);
        if (!f.reader->open()) {
            *error = f.reader->error();
            f.reader.reset();
            return false;
        }
        f.applied = *from;
    }
    // One key's change on source `s` (counted as applied or as a conflict).
    auto apply = [&](Connection &c, const QString &s, const KeyChange &k) -> bool {
        bool conflict = false;
        QString detail;
        if (!applyKey(c, *k.unit, k.key, k.hasBefore ? &k.before : nullptr, k.hasAfter ? &k.after : nullptr, &conflict,
                      &detail, error)) {
            *error = QStringLiteral("%1: %2").arg(s, *error);
            return false;
        }
        if (conflict) {
            ++f.conflicts;
            m_conflicts.append(detail);
        } else {
            ++f.changes;
        }
        return true;
    };
    std::map<QString, QList<KeyChange>> batch; // per source, in stream order
    qsizetype batched = 0;
    // Writes each source's batch with the position read up to, one transaction per source.
    auto flush = [&]() -> bool {
        for (const QString &s : std::as_const(f.sources)) {
            const QList<KeyChange> &changes = batch[s];
            if (changes.isEmpty() && !(f.stored[s] < f.applied))
                continue;
            Connection *c = conn(s);
            if (!c)
                return false;
            Transaction tx(*c);
            if (!tx.ok()) {
                *error = QStringLiteral("%1: %2").arg(s, c->lastError());
                return false;
            }
            for (const KeyChange &k : changes)
                if (!apply(*c, s, k))
                    return false;
            if (!meta::saveCapture(*c, m_runId, reverseSourceKey(f.instance), f.applied) || !tx.commit()) {
                *error = QStringLiteral("%1: %2").arg(s, c->lastError());
                return false;
            }
            f.stored[s] = f.applied;
        }
        batch.clear();
        batched = 0;
        return true;
    };
    QList<Change> pending; // of the transaction being read
    // A transaction of more than streamRows() row changes is not held whole: its changes are applied
    // piece by piece inside one open transaction per source, committed with the position at its end
    // (all or nothing, as any other); a return before its end rolls them back (the stream reads it again).
    std::map<QString, std::unique_ptr<Transaction>> open;
    BinlogPosition txStart = f.applied; // where the transaction being read begins
    auto applyPiece = [&]() -> bool {
        if (open.empty() && !flush()) // what was read before it is committed first
            return false;
        QList<KeyChange> net;
        if (!netChanges(pending, &net, error))
            return false;
        pending.clear();
        for (const KeyChange &k : std::as_const(net)) {
            const QString &s = k.unit->sourceInstance;
            if (txStart < f.stored[s])
                continue; // applied there before a restart
            Connection *c = conn(s);
            if (!c)
                return false;
            std::unique_ptr<Transaction> &tx = open[s];
            if (!tx) {
                tx = std::make_unique<Transaction>(*c);
                if (!tx->ok()) {
                    *error = QStringLiteral("%1: %2").arg(s, tx->error());
                    return false;
                }
            }
            if (!apply(*c, s, k))
                return false;
        }
        return true;
    };
    BinlogEvent ev;
    while (f.applied < f.head) {
        if (!f.reader->next(&ev)) {
            *error = f.reader->error();
            f.reader.reset(); // read again from the stored positions next time
            return false;
        }
        if (ev.kind == BinlogEventKind::Reconnected) {
            pending.clear();
            open.clear(); // rolled back: the transaction is read again from its start
        }
        if (ev.kind == BinlogEventKind::Rows && ev.table) {
            const QString tableKey = ev.table->schema + QChar(0) + ev.table->table;
            const QList<const MoveUnit *> units = f.tables.value(tableKey);
            const bool live = f.existing.contains(tableKey);
            for (const MoveUnit *u : units)
                if (ev.table->columns.size() != u->info.columns.size()) {
                    *error = QStringLiteral("%1.%2 has %3 columns in the binlog, its source %4 has %5")
                                 .arg(ev.table->schema, ev.table->table)
                                 .arg(ev.table->columns.size())
                                 .arg(u->source.toString())
                                 .arg(u->info.columns.size());
                    return false;
                }
            for (const BinlogRow &row : ev.rows) {
                if (units.size() == 1 && !live) {
                    pending.append(Change{units.first(), row.before, row.after});
                    continue;
                }
                // Fed by several source tables, or a live table: each image goes to the source the old
                // config routes it to (none: the live table's own row); a change of the sharding value
                // across them is a delete there and an insert here.
                const MoveUnit *ub = nullptr, *ua = nullptr;
                bool ownB = false, ownA = false;
                if (!row.before.isEmpty() && !(ub = m_moves.oldUnitFor(units, row.before, error, live ? &ownB : nullptr)) &&
                    !ownB)
                    return false;
                if (!row.after.isEmpty() && !(ua = m_moves.oldUnitFor(units, row.after, error, live ? &ownA : nullptr)) &&
                    !ownA)
                    return false;
                if (ub && ua && ub == ua) {
                    pending.append(Change{ub, row.before, row.after});
                } else {
                    if (ub)
                        pending.append(Change{ub, row.before, {}});
                    if (ua)
                        pending.append(Change{ua, {}, row.after});
                }
            }
        }
        if (!ev.endsTransaction && pending.size() >= streamRows() && !applyPiece())
            return false;
        if (ev.endsTransaction) {
            const bool rolledBack = ev.kind == BinlogEventKind::Query &&
                                    ev.query.trimmed().compare(QLatin1String("ROLLBACK"), Qt::CaseInsensitive) == 0;
            const BinlogPosition end = f.reader->committedPosition();
            if (!open.empty()) {
                // The rest of a transaction applied in pieces, and its commit with its end.
                if (rolledBack) {
                    pending.clear();
                    open.clear();
                } else {
                    if (!applyPiece())
                        return false;
                    for (auto &[src, tx] : open) {
                        Connection *c = conn(src);
                        if (!c || !meta::saveCapture(*c, m_runId, reverseSourceKey(f.instance), end) || !tx->commit()) {
                            *error = QStringLiteral("%1: %2").arg(src, c ? c->lastError() : *error);
                            return false;
                        }
                        f.stored[src] = end;
                    }
                    open.clear();
                    ++f.streamed;
                }
            }
            txStart = end;
            QList<KeyChange> net;
            if (!rolledBack && !netChanges(pending, &net, error))
                return false;
            for (const KeyChange &k : std::as_const(net))
                if (f.stored[k.unit->sourceInstance] < end) {
                    batch[k.unit->sourceInstance].append(k);
                    ++batched;
                }
            pending.clear();
        }
        if (ev.endsTransaction || ev.kind == BinlogEventKind::Heartbeat || ev.kind == BinlogEventKind::Rotate) {
            const BinlogPosition c = f.reader->committedPosition();
            if (f.applied < c)
                f.applied = c;
            if (batched >= 500 && !flush())
                return false;
        }
    }
    return flush();
}

} // namespace sp::migration
