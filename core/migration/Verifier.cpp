#include "core/migration/Verifier.h"

#include "core/migration/run/Actions.h"

#include "core/cluster/InsertBuilder.h"
#include "core/cluster/RawResult.h"
#include "core/migration/ExactRows.h"
#include "core/migration/KeySql.h"
#include "core/migration/SqlParts.h"

#include <QLocale>
#include <QMutex>

#include <condition_variable>
#include <mutex>

#include <limits>
#include <map>
#include <thread>

namespace sp::migration {

namespace {

// Aggregate ranges: about 50,000 rows of the target each (SP_VERIFY_RANGE_ROWS sets another size, for
// tests that need several ranges in a small table).
int rangeRowsSetting()
{
    const int v = qEnvironmentVariableIntValue("SP_VERIFY_RANGE_ROWS");
    return v > 0 ? v : 50000;
}
const int kRangeRows = rangeRowsSetting();

struct Range
{
    std::optional<Key> after, from, upTo; // key > after, key >= from, key <= upTo
};

QStringList rangeConds(const TableInfo &info, const Range &r)
{
    QStringList c;
    if (r.after)
        c.append(keyCompare(info, *r.after, ">"));
    if (r.from)
        c.append(keyCompare(info, *r.from, ">="));
    if (r.upTo)
        c.append(keyCompare(info, *r.upTo, "<="));
    return c;
}

QString whereOf(const QStringList &conds)
{
    return conds.isEmpty() ? QString() : QStringLiteral(" WHERE ") + conds.join(QStringLiteral(" AND "));
}

// The key of a row read with exactKeyList (its first columns), in exact form.
bool readKeyOf(const TableInfo &info, const QList<QVariant> &row, Key *k, QString *error)
{
    k->clear();
    for (int i = 0; i < info.pk.size(); ++i) {
        QVariant v = row.at(i);
        if (!normalizeExactValue(info.cols.at(info.pk.at(i)), &v, error))
            return false;
        k->append(v);
    }
    return true;
}

// Source i's condition: its pair's SQL predicate (none for a broadcast table).
QString feedCond(const QList<QPair<const MoveUnit *, int>> &feeds, int i)
{
    const MoveUnit &u = *feeds.at(i).first;
    return u.broadcast ? QString() : QLatin1Char('(') + u.targets.at(feeds.at(i).second).predicateSql + QLatin1Char(')');
}

// Ranges for the aggregates of a table with one integer key column and no scope of its own: the span
// MIN..MAX of the key (both ends of the index) cut into equal parts, about kRangeRows rows each by the
// estimate - no scan to find boundaries (the probes of a LIMIT .. OFFSET read every row they skip). The
// first range is open downwards and the last upwards, so every key of every side is in one, whatever
// the estimate or the keys' spread. Leaves *out empty when this does not apply.
bool splitByKeySpan(Connection &c, const QString &table, const TableInfo &info, const QString &ownScope, qint64 estimate,
                    QList<Range> *out, QString *error)
{
    if (info.pk.size() != 1 || !info.integerKey() || !ownScope.isEmpty() || estimate <= 0 ||
        estimate == std::numeric_limits<qint64>::max())
        return true;
    const QString k = Connection::quoteIdentifier(info.columns.at(info.pk.first()));
    auto r = c.query(QStringLiteral("SELECT CAST(MIN(%1) AS CHAR), CAST(MAX(%1) AS CHAR) FROM %2").arg(k, table));
    if (!r || r->rows.isEmpty()) {
        *error = c.lastError();
        return false;
    }
    bool okLo = false, okHi = false;
    const qint64 lo = r->rows.first().at(0).toString().toLongLong(&okLo);
    const qint64 hi = r->rows.first().at(1).toString().toLongLong(&okHi);
    if (!okLo || !okHi || hi <= lo)
        return true; // empty, one key, or beyond a signed 64-bit key: the boundary probes decide
    const qint64 parts = qMin<qint64>((estimate + kRangeRows - 1) / kRangeRows, 10000);
    if (parts < 2) {
        out->append(Range{});
        return true;
    }
    const __int128 span = __int128(hi) - __int128(lo);
    std::optional<Key> prev;
    for (qint64 i = 1; i < parts; ++i) {
        const qint64 cut = qint64(__int128(lo) + span * i / parts);
        if (prev && prev->first().toLongLong() >= cut)
            continue;
        Range x;
        x.after = prev;
        x.upTo = Key{QVariant(qlonglong(cut))};
        out->append(x);
        prev = x.upTo;
    }
    Range last;
    last.after = prev;
    out->append(last);
    return true;
}

struct Hashed
{
    Key key;
    QString h1, h2;
    const MoveUnit *unit = nullptr;
};

// A window of rows read for comparison: the key (exact), the two hash values, and for sources the
// sharding column (to route the row).
struct SideRow
{
    Key key;
    QByteArray id;
    QString h1, h2;
    QVariant shard;
};

bool readSide(Connection &c, const TableInfo &info, const QString &sql, bool withShard, QList<SideRow> *out,
              QString *error)
{
    auto r = c.query(sql);
    if (!r) {
        *error = c.lastError();
        return false;
    }
    const int npk = int(info.pk.size());
    out->clear();
    out->reserve(r->rows.size());
    for (auto &row : r->rows) {
        SideRow s;
        for (int k = 0; k < npk; ++k) {
            QVariant v = row.at(k);
            if (!normalizeExactValue(info.cols.at(info.pk.at(k)), &v, error))
                return false;
            s.key.append(v);
        }
        s.id = keyId(s.key);
        s.h1 = row.at(npk).toString();
        s.h2 = row.at(npk + 1).toString();
        if (withShard && info.shardColumn >= 0) {
            s.shard = row.value(npk + 2);
            if (!normalizeExactValue(info.cols.at(info.shardColumn), &s.shard, error))
                return false;
        }
        out->append(std::move(s));
    }
    return true;
}

} // namespace

std::optional<QStringList> repairStatements(Connection &source, const MoveUnit &u, int t,
                                            const QList<Key> &keys, QString *error)
{
    if (keys.isEmpty())
        return QStringList();
    const QString where = keys.size() == 1 ? keyEquals(u.info, keys.first()) : keyIn(u.info, keys);
    QStringList out{QStringLiteral("DELETE FROM ") + u.qualifiedTarget(t) + QStringLiteral(" WHERE ") +
                    where};
    auto r = source.query(QStringLiteral("SELECT ") + exactSelectList(u.info) + QStringLiteral(" FROM ") +
                          u.qualifiedSource() + QStringLiteral(" WHERE ") + where);
    if (!r) {
        *error = source.lastError();
        return std::nullopt;
    }
    if (r->rows.isEmpty())
        return out; // gone from the source meanwhile
    QList<QList<QVariant>> rows;
    for (auto row : r->rows) {
        if (!normalizeExactRow(u.info, &row, error))
            return std::nullopt;
        rows.append(writableValues(u.info, row));
    }
    MultiRowInsert spec;
    spec.table = u.qualifiedTarget(t);
    spec.columns = writableColumns(u.info);
    auto built = InsertBuilder::build(source, spec, rows, error);
    if (!built)
        return std::nullopt;
    for (const QByteArray &s : built->statements)
        out.append(QString::fromUtf8(s));
    return out;
}

std::optional<QString> repairSql(Connection &source, const MoveUnit &u, int t, const Key &key, bool insert,
                                 QString *error)
{
    if (!insert)
        return QStringLiteral("DELETE FROM ") + u.qualifiedTarget(t) + QStringLiteral(" WHERE ") +
               keyEquals(u.info, key) + QLatin1Char(';');
    const auto statements = repairStatements(source, u, t, {key}, error);
    if (!statements)
        return std::nullopt;
    return statements->join(QStringLiteral(";\n")) + QLatin1Char(';');
}

using Feeds = std::map<QString, QList<QPair<const MoveUnit *, int>>>;

// The target tables of one target server (`byTarget`), compared one after the other.
static VerifyResult verifyTables(const Feeds &byTarget, const MoveSet &moves, const Endpoints &endpoints,
                                 const std::function<void(const QString &)> &say, const std::atomic<bool> *stop,
                                 const VerifyScopes *scopes, RowHashKind hashKind, const VerifyAdmit &admit)
{
    VerifyResult out;
    qint64 compared = 0, charged = 0; // rows compared on this server, and how many the throttle took

    std::map<QString, std::unique_ptr<Connection>> conns;
    auto connTo = [&](const QString &instance) -> Connection * {
        auto it = conns.find(instance);
        if (it != conns.end())
            return it->second.get();
        auto c = std::make_unique<Connection>();
        if (!c->open(endpoints.adminOfInstance(instance)) || !prepareExactSession(*c, false)) {
            out.error = c->lastError();
            return nullptr;
        }
        Connection *raw = c.get();
        conns.emplace(instance, std::move(c));
        return raw;
    };
    const int window = 20000;
    const QLocale en(QLocale::English);
    // InnoDB's row estimates of this server's target tables, read once: a table estimated well below a
    // range is compared as one range (the estimate only decides where ranges are cut; every key of
    // every side is in one range however it is cut).
    QHash<QString, qint64> estimates;
    bool estimatesRead = false;
    auto estimatedRows = [&](const QString &schema, const QString &table) -> qint64 {
        if (!estimatesRead && !byTarget.empty()) {
            estimatesRead = true;
            const auto &f = byTarget.begin()->second.first();
            if (Connection *c = connTo(f.first->targets.at(f.second).instance)) {
                QStringList schemas;
                for (const auto &entry : byTarget)
                    for (const auto &g : entry.second)
                        if (!schemas.contains(g.first->targets.at(g.second).schema))
                            schemas.append(g.first->targets.at(g.second).schema);
                QStringList quoted;
                for (const QString &sc : std::as_const(schemas))
                    quoted.append(c->quoteString(sc));
                if (auto r = c->query(QStringLiteral("SELECT TABLE_SCHEMA, TABLE_NAME, TABLE_ROWS FROM information_schema.TABLES "
                                                     "WHERE TABLE_SCHEMA IN (") + quoted.join(QLatin1Char(',')) + QLatin1Char(')')))
                    for (const auto &row : std::as_const(r->rows))
                        estimates.insert(QString::fromUtf8(row.at(0).toByteArray()) + QLatin1Char('.') +
                                             QString::fromUtf8(row.at(1).toByteArray()),
                                         row.at(2).isValid() ? row.at(2).toLongLong() : std::numeric_limits<qint64>::max());
            }
        }
        return estimates.value(schema + QLatin1Char('.') + table, std::numeric_limits<qint64>::max());
    };
    // Between ranges and windows: the stop flag, then the throttle (docs/design.md, "The throttle"),
    // which takes the rows compared since it was asked last.
    auto stopped = [&] {
        if (stop && stop->load()) {
            out.error = QStringLiteral("stopped");
            return true;
        }
        if (admit) {
            QString why;
            const qint64 n = compared - charged;
            charged = compared;
            if (!admit(n, &why)) {
                out.error = why.isEmpty() ? QStringLiteral("stopped") : why;
                return true;
            }
        }
        return false;
    };

    // The target tables of this server, each with what the phases below need.
    struct Table
    {
        const QList<QPair<const MoveUnit *, int>> *feeds = nullptr;
        Connection *tconn = nullptr;
        QList<Connection *> sconns;
        QString ownScope;              // a live data node's own rows are not the run's
        bool aggregate = true;         // SQL predicates (or broadcast) on every source: sums per range
        const VerifyScope *scope = nullptr;
        QList<qint64> scopeKeys;       // changed keys outside the scope's ranges
        QList<Range> differing;        // ranges whose sums differ (row by row next)
        qint64 rows = 0;               // rows of the ranges whose sums agree
    };
    // One range's sums: the target's query and each source's, answered in two streams (below).
    struct SumsJob
    {
        size_t table = 0;
        Range range;
        QString targetSql;
        QList<QPair<Connection *, QString>> sources;
        QStringList target, total; // the target's answer; the sources' added
    };
    std::vector<Table> tables;
    std::vector<SumsJob> jobs;

    // 1. Every table's ranges (cut where the estimate says; every key of every side is in one range).
    for (const auto &entry : byTarget) {
        const auto &feeds = entry.second; // not a structured binding: lambdas below use it (C++17)
        const MoveUnit &first = *feeds.first().first;
        const int ft = feeds.first().second;
        const TableInfo &info = first.info;
        Table tb;
        tb.feeds = &feeds;
        tb.tconn = connTo(first.targets.at(ft).instance);
        if (!tb.tconn)
            return out;
        for (const auto &f : feeds) {
            Connection *c = connTo(f.first->sourceInstance);
            if (!c)
                return out;
            tb.sconns.append(c);
        }
        Connection *tconn = tb.tconn;
        // A live data node keeps rows of its own: only the rows of the pairs' predicates are the run's.
        tb.ownScope = moves.targetScope(first.targets.at(ft).instance, first.targets.at(ft).schema,
                                        first.targets.at(ft).node.table);
        const QString &ownScope = tb.ownScope;
        for (const auto &f : feeds)
            tb.aggregate = tb.aggregate && (f.first->broadcast || !f.first->targets.at(f.second).predicateSql.isEmpty());
        // Pre-verified (T3, one-column integer keys): only the scope's ranges and keys.
        if (scopes && feeds.size() == 1 && tb.aggregate && info.pk.size() == 1 && info.integerKey()) {
            auto it = scopes->find({feeds.first().first->id, feeds.first().second});
            if (it != scopes->end() && !it->second.full)
                tb.scope = &it->second;
        }
        const size_t tableIndex = tables.size();
        tables.push_back(tb);
        if (!tb.aggregate) {
            tables.back().differing.append(Range{});
            continue;
        }
        // Aggregates first (docs/design.md, "Checksums"): per key range, COUNT and the sums of the row hash
        // on the target against the same of the rows the plan's SQL predicate selects on each source. Only
        // ranges that differ are compared row by row.
        QList<Range> candidates;
        if (tb.scope) {
            for (const auto &r : tb.scope->ranges) {
                Range x;
                if (r.first != std::numeric_limits<qint64>::min())
                    x.from = Key{QVariant(qlonglong(r.first))};
                if (r.second != std::numeric_limits<qint64>::max())
                    x.upTo = Key{QVariant(qlonglong(r.second))};
                candidates.append(x);
            }
            for (qint64 k : tb.scope->keys) {
                bool inRange = false;
                for (const auto &r : std::as_const(tb.scope->ranges))
                    inRange = inRange || (k >= r.first && k <= r.second);
                if (!inRange)
                    tables.back().scopeKeys.append(k);
            }
        } else if (estimatedRows(first.targets.at(ft).schema, first.targets.at(ft).node.table) < kRangeRows / 2) {
            candidates.append(Range{}); // a small table is one range: no boundaries to look for
        } else if (!splitByKeySpan(*tconn, first.qualifiedTarget(ft), info, ownScope,
                                   estimatedRows(first.targets.at(ft).schema, first.targets.at(ft).node.table),
                                   &candidates, &out.error)) {
            return out;
        } else if (!candidates.isEmpty()) {
            // cut by the key span (one integer key column, no scope): no boundary scans
        } else {
            // Boundaries at every kRangeRows-th key of the target (the first range open downwards, the
            // last upwards).
            std::optional<Key> prev;
            for (;;) {
                if (stopped())
                    return out;
                QStringList c;
                if (!ownScope.isEmpty())
                    c.append(ownScope);
                if (prev)
                    c.append(keyCompare(info, *prev, ">"));
                auto r = tconn->query(QStringLiteral("SELECT ") + exactKeyList(info) + QStringLiteral(" FROM ") +
                                      first.qualifiedTarget(ft) + whereOf(c) + QStringLiteral(" ORDER BY ") + info.pkList() +
                                      QStringLiteral(" LIMIT 1 OFFSET ") + QString::number(kRangeRows - 1));
                if (!r) {
                    out.error = tconn->lastError();
                    return out;
                }
                Range x;
                x.after = prev;
                if (r->rows.isEmpty()) {
                    candidates.append(x);
                    break;
                }
                Key k;
                if (!readKeyOf(info, r->rows.first(), &k, &out.error))
                    return out;
                x.upTo = k;
                candidates.append(x);
                prev = k;
            }
        }
        const QString sumsOf = sumsSql(info, hashKind);
        for (const Range &cand : std::as_const(candidates)) {
            SumsJob j;
            j.table = tableIndex;
            j.range = cand;
            QStringList tc = rangeConds(info, cand);
            if (!ownScope.isEmpty())
                tc.append(ownScope);
            j.targetSql = sumsOf + first.qualifiedTarget(ft) + whereOf(tc);
            for (int i = 0; i < feeds.size(); ++i) {
                QStringList sc = rangeConds(info, cand);
                const QString fc = feedCond(feeds, i);
                if (!fc.isEmpty())
                    sc.append(fc);
                j.sources.append({tb.sconns.at(i), sumsOf + feeds.at(i).first->qualifiedSource() + whereOf(sc)});
            }
            jobs.push_back(std::move(j));
        }
    }

    // 2. The sums: the targets' in this thread, the sources' in one more (both sides at once, neither
    // waiting for the other's range to end; the sources never ahead of the throttle's admission). A
    // server that is also a source of these tables: one after the other, one session.
    {
        bool shared = false;
        for (const Table &tb : tables)
            shared = shared || tb.sconns.contains(tb.tconn);
        std::mutex lock;
        std::condition_variable admittedChanged;
        size_t admitted = 0;
        bool abandon = false;
        std::atomic<bool> sourceFailed{false};
        QString sourceError;
        auto sourceSums = [&](SumsJob &j) {
            for (const auto &[conn, sql] : std::as_const(j.sources)) {
                auto sr = conn->query(sql);
                if (!sr || sr->rows.isEmpty()) {
                    sourceError = conn->lastError();
                    sourceFailed = true;
                    return false;
                }
                const auto &row = sr->rows.first();
                for (int k = 0; k < row.size(); ++k) {
                    if (j.total.size() <= k)
                        j.total.append(QStringLiteral("0"));
                    j.total[k] = addDecimal(j.total.at(k), row.at(k).toString());
                }
            }
            return true;
        };
        std::thread sourceThread;
        if (!shared && !jobs.empty())
            sourceThread = std::thread([&] {
                for (size_t i = 0; i < jobs.size(); ++i) {
                    {
                        std::unique_lock<std::mutex> l(lock);
                        admittedChanged.wait(l, [&] { return abandon || admitted > i; });
                        if (abandon)
                            return;
                    }
                    if (!sourceSums(jobs[i]))
                        return;
                }
            });
        for (size_t i = 0; i < jobs.size(); ++i) {
            if (stopped() || sourceFailed.load())
                break;
            {
                std::lock_guard<std::mutex> l(lock);
                admitted = i + 1;
            }
            admittedChanged.notify_all();
            if (shared && !sourceSums(jobs[i]))
                break;
            auto t = tables[jobs[i].table].tconn->query(jobs[i].targetSql);
            if (!t || t->rows.isEmpty()) {
                out.error = tables[jobs[i].table].tconn->lastError();
                break;
            }
            for (const QVariant &v : t->rows.first())
                jobs[i].target.append(v.toString());
            compared += t->rows.first().at(0).toLongLong();
        }
        if (sourceThread.joinable()) {
            if (!out.error.isEmpty()) { // stopped, or the target failed: the sources' thread ends at its next range
                {
                    std::lock_guard<std::mutex> l(lock);
                    abandon = true;
                }
                admittedChanged.notify_all();
            }
            sourceThread.join(); // otherwise every range is admitted: it ends after the last
        }
        if (out.error.isEmpty() && sourceFailed.load())
            out.error = sourceError;
        if (!out.error.isEmpty())
            return out;
        for (const SumsJob &j : jobs) {
            bool same = j.target.size() == j.total.size();
            for (int k = 0; same && k < j.target.size(); ++k)
                same = addDecimal(j.target.at(k), QStringLiteral("0")) == j.total.at(k);
            if (same)
                tables[j.table].rows += j.total.at(0).toLongLong();
            else
                tables[j.table].differing.append(j.range);
        }
    }

    // 3. Row by row: the ranges that differ (or the whole table), then the scope's keys in batches.
    for (Table &tb : tables) {
        const auto &feeds = *tb.feeds;
        const MoveUnit &first = *feeds.first().first;
        const int ft = feeds.first().second;
        const TableInfo &info = first.info;
        const KeyOrder order(info);
        Connection *tconn = tb.tconn;
        const QList<Connection *> &sconns = tb.sconns;
        const QString &ownScope = tb.ownScope;
        const QString hash = rowHashSql(info, hashKind);
        const QString targetLabel = first.targets.at(ft).node.toString();
        const QString keySel = exactKeyList(info);
        const QString orderBy = QStringLiteral(" ORDER BY ") + info.pkList();
        const VerifyScope *scope = tb.scope;
        const QList<qint64> &scopeKeys = tb.scopeKeys;
        qint64 rows = tb.rows, diffsHere = 0;
        struct Pass
        {
            Range range;
            QList<Key> keys; // non-empty: these keys only
        };
        QList<Pass> passes;
        for (const Range &r : std::as_const(tb.differing))
            passes.append(Pass{r, {}});
        for (int k = 0; k < scopeKeys.size(); k += 1000) {
            Pass p;
            for (qint64 v : scopeKeys.mid(k, 1000))
                p.keys.append(Key{QVariant(qlonglong(v))});
            passes.append(p);
        }
        auto feedIndex = [&](const MoveUnit *u) {
            for (int i = 0; i < feeds.size(); ++i)
                if (feeds.at(i).first == u)
                    return i;
            return 0;
        };
        for (const Pass &pass : std::as_const(passes)) {
            std::optional<Key> last;
            for (;;) {
                if (stopped())
                    return out;
                // Conditions of this window on every side (the target adds its own scope).
                QStringList conds;
                if (!pass.keys.isEmpty())
                    conds.append(keyIn(info, pass.keys));
                else
                    conds += rangeConds(info, pass.range);
                if (last)
                    conds.append(keyCompare(info, *last, ">"));
                QStringList tconds = conds;
                if (!ownScope.isEmpty())
                    tconds.append(ownScope);
                // The window ends at the smallest of the sides' window-th keys, found by the servers
                // (index only); every side then reads exactly the keys up to there.
                std::optional<Key> windowEnd;
                if (pass.keys.isEmpty()) {
                    auto nth = [&](Connection *c, const QString &table, const QStringList &cs) -> bool {
                        auto r = c->query(QStringLiteral("SELECT ") + keySel + QStringLiteral(" FROM ") + table +
                                          whereOf(cs) + orderBy + QStringLiteral(" LIMIT 1 OFFSET ") +
                                          QString::number(window - 1));
                        if (!r) {
                            out.error = c->lastError();
                            return false;
                        }
                        if (r->rows.isEmpty())
                            return true;
                        Key k;
                        if (!readKeyOf(info, r->rows.first(), &k, &out.error))
                            return false;
                        if (!windowEnd) {
                            windowEnd = k;
                        } else {
                            const auto m = order.min(*tconn, *windowEnd, k);
                            if (!m) {
                                out.error = tconn->lastError();
                                return false;
                            }
                            windowEnd = *m;
                        }
                        return true;
                    };
                    if (!nth(tconn, first.qualifiedTarget(ft), tconds))
                        return out;
                    for (int i = 0; i < feeds.size(); ++i)
                        if (!nth(sconns.at(i), feeds.at(i).first->qualifiedSource(), conds))
                            return out;
                }
                if (windowEnd) {
                    conds.append(keyCompare(info, *windowEnd, "<="));
                    tconds.append(keyCompare(info, *windowEnd, "<="));
                }
                QList<SideRow> trows;
                if (!readSide(*tconn, info,
                              QStringLiteral("SELECT ") + keySel + QStringLiteral(", ") + hash + QStringLiteral(" FROM ") +
                                  first.qualifiedTarget(ft) + whereOf(tconds) + orderBy,
                              false, &trows, &out.error))
                    return out;
                // Expected: every source row the new config routes to this target.
                QHash<QByteArray, Hashed> expected;
                QList<QByteArray> expectedOrder;
                for (int i = 0; i < feeds.size(); ++i) {
                    const MoveUnit &u = *feeds.at(i).first;
                    QString sel = QStringLiteral("SELECT ") + keySel + QStringLiteral(", ") + hash;
                    if (u.info.shardColumn >= 0) // only what routing needs
                        sel += QLatin1Char(',') + exactExpr(u.info.cols.at(u.info.shardColumn));
                    QList<SideRow> srows;
                    if (!readSide(*sconns.at(i), info, sel + QStringLiteral(" FROM ") + u.qualifiedSource() + whereOf(conds) + orderBy,
                                  true, &srows, &out.error))
                        return out;
                    for (const SideRow &r : std::as_const(srows)) {
                        QList<QVariant> routable(u.info.columns.size());
                        if (u.info.shardColumn >= 0)
                            routable[u.info.shardColumn] = r.shard;
                        const RowRoute rr = moves.route(u, routable);
                        if (!rr.ok) {
                            out.error = rr.error;
                            return out;
                        }
                        if (!rr.targets.contains(feeds.at(i).second))
                            continue;
                        if (expected.contains(r.id)) {
                            out.differences.append(RowDifference{targetLabel, u.sourceLabel(), keyText(info, r.key),
                                                                 QStringLiteral("conflict"),
                                                                 QStringLiteral("-- two sources route key %1 here")
                                                                     .arg(keyText(info, r.key))});
                            continue;
                        }
                        expected.insert(r.id, Hashed{r.key, r.h1, r.h2, &u});
                        expectedOrder.append(r.id);
                    }
                }
                QHash<QByteArray, const SideRow *> actual;
                for (const SideRow &r : std::as_const(trows))
                    actual.insert(r.id, &r);
                rows += qint64(expected.size());
                compared += qint64(trows.size());
                for (const QByteArray &id : std::as_const(expectedOrder)) {
                    const Hashed &h = expected[id];
                    const SideRow *a = actual.value(id);
                    if (a && a->h1 == h.h1 && a->h2 == h.h2)
                        continue;
                    const int fi = feedIndex(h.unit);
                    QString why;
                    auto repair = repairSql(*sconns.at(fi), *h.unit, feeds.at(fi).second, h.key, true, &why);
                    if (!repair) {
                        out.error = why;
                        return out;
                    }
                    out.differences.append(RowDifference{targetLabel, h.unit->sourceLabel(), keyText(info, h.key),
                                                         a ? QStringLiteral("different") : QStringLiteral("missing"),
                                                         *repair});
                    ++diffsHere;
                }
                for (const SideRow &r : std::as_const(trows)) {
                    if (expected.contains(r.id))
                        continue;
                    QString why;
                    auto repair = repairSql(*sconns.first(), first, ft, r.key, false, &why);
                    out.differences.append(RowDifference{targetLabel, QString(), keyText(info, r.key),
                                                         QStringLiteral("extra"), repair.value_or(QString())});
                    ++diffsHere;
                }
                if (!windowEnd)
                    break;
                last = windowEnd;
            }
        }
        out.rowsCompared += rows;
        const QString line = diffsHere == 0
                                 ? (scope ? QStringLiteral("%1: pre-verified in T3; %2 rows in %3 ranges and %4 changed "
                                                           "keys compared again, identical")
                                                .arg(targetLabel, en.toString(rows))
                                                .arg(scope->ranges.size())
                                                .arg(scopeKeys.size())
                                          : QStringLiteral("%1: %2 rows identical").arg(targetLabel, en.toString(rows)))
                                 : QStringLiteral("%1: %2 rows expected, %3 differences")
                                       .arg(targetLabel, en.toString(rows), en.toString(diffsHere));
        out.lines.append(line);
        if (say && diffsHere > 0)
            say(line);
    }
    out.ok = true;
    return out;
}

VerifyResult verifyMoves(const MoveSet &moves, const Endpoints &endpoints,
                         const std::function<void(const QString &)> &say, const std::atomic<bool> *stop,
                         const VerifyScopes *scopes, RowHashKind hash, const VerifyAdmit &admit)
{
    // Target tables and what feeds them, grouped by target server: one thread per server.
    std::map<QString, Feeds> byInstance;
    for (const MoveUnit &u : moves.units())
        for (int t = 0; t < u.targets.size(); ++t)
            byInstance[u.targets.at(t).instance][u.targets.at(t).instance + QLatin1Char('|') + u.qualifiedTarget(t)]
                .append({&u, t});
    QMutex sayMutex;
    auto saySafe = [&](const QString &line) {
        QMutexLocker lock(&sayMutex);
        if (say)
            say(line);
    };
    std::vector<const Feeds *> servers;
    for (const auto &[instance, feeds] : byInstance)
        servers.push_back(&feeds);
    std::vector<VerifyResult> parts(servers.size());
    forEachServer(int(servers.size()), [&](int i) {
        parts[size_t(i)] = verifyTables(*servers[size_t(i)], moves, endpoints, saySafe, stop, scopes, hash, admit);
    });
    VerifyResult out;
    out.ok = true;
    for (VerifyResult &p : parts) {
        if (!p.ok && out.error.isEmpty())
            out.error = p.error;
        out.ok = out.ok && p.ok;
        out.rowsCompared += p.rowsCompared;
        out.differences += p.differences;
        out.lines += p.lines;
    }
    const QLocale en(QLocale::English);
    if (say && out.ok)
        say(QStringLiteral("verified %1 target tables: %2 rows expected, %3 differences")
                .arg(out.lines.size())
                .arg(en.toString(out.rowsCompared), en.toString(qint64(out.differences.size()))));
    return out;
}

// --- predicates ------------------------------------------------------------------------------------

bool copyChecksPredicate(const MoveUnit &u)
{
    return !u.broadcast && u.targets.size() == 1 && u.info.shardColumn >= 0 && !u.pushdownSql.isEmpty() &&
           !u.targets.first().predicateSql.isEmpty();
}

// The rows of `u` with keys in (lo, hi] (an absent bound: open), every row (`whole`) or, for a unit the
// copy checks inside its predicate, only those outside it.
static QString checkUnitPredicates(const MoveSet &moves, const MoveUnit &u, Connection &c, RawResult &windowRows,
                                   const std::atomic<bool> *stop, qint64 *rows, bool whole,
                                   const std::optional<Key> &lo = std::nullopt, const std::optional<Key> &hi = std::nullopt)
{
    QStringList preds;
    for (const MoveTarget &t : u.targets) {
        if (t.predicateSql.isEmpty())
            return {}; // routed client-side only: nothing to compare
        preds.append(QStringLiteral("(") + t.predicateSql + QStringLiteral(") IS TRUE"));
    }
    const int npk = int(u.info.pk.size());
    // Outside the predicate only (the copy checks the rows inside): the predicate is false on every row
    // read, so it is not read again.
    const bool outside = !whole && copyChecksPredicate(u);
    const QString sel = QStringLiteral("SELECT ") + exactKeyList(u.info) + QLatin1Char(',') +
                        exactExpr(u.info.cols.at(u.info.shardColumn)) +
                        (outside ? QString() : QLatin1Char(',') + preds.join(QLatin1Char(','))) +
                        QStringLiteral(" FROM ") + u.qualifiedSource();
    std::optional<Key> last = lo;
    QStringList problems;
    const int window = 50000;
    for (;;) {
        if (stop && stop->load())
            return QStringLiteral("stopped");
        QStringList conds;
        if (outside) // the rows inside are the copy's to check
            conds.append(QStringLiteral("NOT ((") + u.pushdownSql + QStringLiteral(") IS TRUE)"));
        if (last)
            conds.append(keyCompare(u.info, *last, ">"));
        if (hi)
            conds.append(keyCompare(u.info, *hi, "<="));
        RawResult *r = &windowRows;
        if (!c.queryRaw(sel + whereOf(conds) + QStringLiteral(" ORDER BY ") + u.info.pkList() + QStringLiteral(" LIMIT ") +
                            QString::number(window),
                        r))
            return c.lastError();
        QString why;
        // The key of row i (exact form): for the next window and for naming a row.
        auto keyAt = [&](qsizetype i, Key *key) {
            const QList<QVariant> raw = r->row(i);
            key->clear();
            for (int k = 0; k < npk; ++k) {
                QVariant v = raw.at(k);
                if (!normalizeExactValue(u.info.cols.at(u.info.pk.at(k)), &v, &why))
                    return false;
                key->append(v);
            }
            return true;
        };
        const qsizetype nrows = r->rowCount();
        for (qsizetype i = 0; i < nrows; ++i) {
            // Where the router sends the row: its fast form on the bytes read, else route() on the value.
            int routed = -1;
            if (!r->isNull(i, npk) && !moves.routeFast(u, r->value(i, npk), &routed)) {
                QList<QVariant> routable(u.info.columns.size());
                routable[u.info.shardColumn] = r->row(i).at(npk);
                if (!normalizeExactValue(u.info.cols.at(u.info.shardColumn), &routable[u.info.shardColumn], &why))
                    return why;
                const RowRoute rr = moves.route(u, routable);
                if (!rr.ok)
                    return rr.error;
                routed = rr.targets.isEmpty() ? -1 : rr.targets.first();
            }
            for (int t = 0; t < u.targets.size(); ++t) {
                const bool sql = !outside && r->value(i, npk + 1 + t) == QByteArrayView("1");
                if (sql == (routed == t) || problems.size() >= 20)
                    continue;
                Key key;
                if (!keyAt(i, &key))
                    return why;
                problems.append(QStringLiteral("%1 key %2 (%3): the router says %4, the predicate %5 says %6")
                                    .arg(u.source.toString(), keyText(u.info, key),
                                         QString::fromUtf8(r->value(i, npk).first(qMin<qsizetype>(40, r->value(i, npk).size()))),
                                         routed == t ? QStringLiteral("moves to ") + u.targets.at(t).node.toString()
                                                     : QStringLiteral("does not move to ") + u.targets.at(t).node.toString(),
                                         u.targets.at(t).predicateSql, sql ? QStringLiteral("it does") : QStringLiteral("it does not")));
            }
            ++*rows;
        }
        if (nrows > 0) {
            Key key;
            if (!keyAt(nrows - 1, &key))
                return why;
            last = key;
        }
        if (r->rowCount() < window)
            break;
    }
    return problems.join(QLatin1Char('\n'));
}

QString checkOutsidePredicate(const MoveSet &moves, const MoveUnit &u, Connection &c, RawResult &windowRows,
                              const std::optional<Key> &lo, const std::optional<Key> &hi, const std::atomic<bool> *stop,
                              qint64 *rows)
{
    if (!copyChecksPredicate(u))
        return QStringLiteral("internal: %1 is not checked outside its predicate").arg(u.source.toString());
    return checkUnitPredicates(moves, u, c, windowRows, stop, rows, false, lo, hi);
}

QString checkPredicates(const MoveSet &moves, const Endpoints &endpoints, const std::atomic<bool> *stop, qint64 *rowsChecked,
                        const QSet<int> &readWhole, const QSet<int> &checkedByCopy)
{
    const QStringList instances = moves.sourceInstances();
    std::vector<QString> results(size_t(instances.size()));
    std::vector<qint64> counts(size_t(instances.size()), 0);
    forEachServer(int(instances.size()), [&](int i) {
        Connection c;
        if (!c.open(endpoints.adminOfInstance(instances.at(i))) || !prepareExactSession(c, false)) {
            results[size_t(i)] = c.lastError();
            return;
        }
        QStringList problems;
        RawResult windowRows; // filled again for each window of each table, its memory reused
        for (const MoveUnit &u : moves.units()) {
            if (u.sourceInstance != instances.at(i) || u.broadcast || checkedByCopy.contains(u.id))
                continue;
            const QString p = checkUnitPredicates(moves, u, c, windowRows, stop, &counts[size_t(i)], readWhole.contains(u.id));
            if (!p.isEmpty())
                problems.append(p);
        }
        results[size_t(i)] = problems.join(QLatin1Char('\n'));
    });
    QStringList all;
    for (const QString &r : results)
        if (!r.isEmpty())
            all.append(r);
    if (rowsChecked) {
        *rowsChecked = 0;
        for (qint64 n : counts)
            *rowsChecked += n;
    }
    return all.join(QLatin1Char('\n'));
}

} // namespace sp::migration
