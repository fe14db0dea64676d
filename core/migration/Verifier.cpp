#include "core/migration/Verifier.h"

#include "core/cluster/InsertBuilder.h"
#include "core/migration/SqlParts.h"

#include <QLocale>
#include <QMap>

#include <limits>
#include <map>
#include <thread>

#include <QMutex>

namespace sp::migration {

QString rowHashSql(const TableInfo &info)
{
    const QString row = rowSql(info);
    return QStringLiteral("CRC32(") + row + QStringLiteral("), CRC32C(") + row + QLatin1Char(')');
}

QString sumsSql(const TableInfo &info)
{
    return QStringLiteral("SELECT COUNT(*), COALESCE(SUM(CRC32(%1)), 0), COALESCE(SUM(CRC32C(%1)), 0) FROM ").arg(rowSql(info));
}

QString rowSql(const TableInfo &info)
{
    QStringList cols, nulls, lengths;
    for (const QString &c : info.columns) {
        const QString q = Connection::quoteIdentifier(c);
        cols.append(q);
        nulls.append(QStringLiteral("ISNULL(") + q + QLatin1Char(')'));
        lengths.append(QStringLiteral("LENGTH(") + q + QLatin1Char(')'));
    }
    return QStringLiteral("CONCAT_WS('#',") + cols.join(QLatin1Char(',')) + QStringLiteral(",CONCAT(") +
           nulls.join(QLatin1Char(',')) + QStringLiteral("),CONCAT_WS(',',") + lengths.join(QLatin1Char(',')) +
           QStringLiteral("))");
}

namespace {

struct Feed
{
    const MoveUnit *unit = nullptr; // nullptr: the target table itself
    int target = -1;
    Connection *conn = nullptr;
    QString table; // qualified
};

struct Hashed
{
    quint64 hash = 0;
    const MoveUnit *unit = nullptr;
};

QString pkSelect(const TableInfo &info)
{
    return info.pkList();
}

} // namespace

static std::optional<QString> repairSql(Connection &source, const MoveUnit &u, int t, const QList<qint64> &pk,
                                        bool insert, QString *error)
{
    const QString where = pkEquals(u.info, pk);
    QString sql = QStringLiteral("DELETE FROM ") + u.qualifiedTarget(t) + QStringLiteral(" WHERE ") + where + QLatin1Char(';');
    if (!insert)
        return sql;
    QStringList cols;
    for (const QString &c : u.info.columns)
        cols.append(Connection::quoteIdentifier(c));
    auto r = source.query(QStringLiteral("SELECT ") + cols.join(QLatin1Char(',')) + QStringLiteral(" FROM ") +
                          u.qualifiedSource() + QStringLiteral(" WHERE ") + where);
    if (!r) {
        *error = source.lastError();
        return std::nullopt;
    }
    if (r->rows.isEmpty())
        return sql; // gone from the source meanwhile
    MultiRowInsert spec;
    spec.table = u.qualifiedTarget(t);
    spec.columns = u.info.columns;
    auto built = InsertBuilder::build(source, spec, r->rows, error);
    if (!built)
        return std::nullopt;
    for (const QByteArray &s : built->statements)
        sql += QLatin1Char('\n') + QString::fromUtf8(s) + QLatin1Char(';');
    return sql;
}

using Feeds = std::map<QString, QList<QPair<const MoveUnit *, int>>>;

// The target tables of one target server (`byTarget`), compared one after the other.
static VerifyResult verifyTables(const Feeds &byTarget, const MoveSet &moves, const Endpoints &endpoints,
                                 const std::function<void(const QString &)> &say, const std::atomic<bool> *stop,
                                 const VerifyScopes *scopes)
{
    VerifyResult out;

    std::map<QString, std::unique_ptr<Connection>> conns;
    auto connTo = [&](const QString &instance) -> Connection * {
        auto it = conns.find(instance);
        if (it != conns.end())
            return it->second.get();
        auto c = std::make_unique<Connection>();
        if (!c->open(endpoints.adminOfInstance(instance)) || !prepareSession(*c, false)) {
            out.error = c->lastError();
            return nullptr;
        }
        Connection *raw = c.get();
        conns.emplace(instance, std::move(c));
        return raw;
    };
    const int window = 20000;
    const QLocale en(QLocale::English);

    for (const auto &entry : byTarget) {
        const auto &feeds = entry.second; // not a structured binding: lambdas below use it (C++17)
        const MoveUnit &first = *feeds.first().first;
        const int ft = feeds.first().second;
        const TableInfo &info = first.info;
        Connection *tconn = connTo(first.targets.at(ft).instance);
        if (!tconn)
            return out;
        QList<Connection *> sconns;
        for (const auto &f : feeds) {
            Connection *c = connTo(f.first->sourceInstance);
            if (!c)
                return out;
            sconns.append(c);
        }
        const QString hash = rowHashSql(info);
        const QString targetLabel = first.targets.at(ft).node.toString();
        // A live data node keeps rows of its own: only the rows of the pairs' predicates are the run's.
        const QString ownScope = moves.targetScope(first.targets.at(ft).instance, first.targets.at(ft).schema,
                                                   first.targets.at(ft).node.table);
        auto inScope = [&ownScope](const QString &where) {
            if (ownScope.isEmpty())
                return where;
            return where.isEmpty() ? QString(QStringLiteral(" WHERE ") + ownScope)
                                   : QString(where + QStringLiteral(" AND ") + ownScope);
        };
        qint64 rows = 0, diffsHere = 0;

        // Aggregates first (DESIGN.md, "Checksums"): per primary-key range, COUNT and the sums of
        // CRC32 and CRC32C of each row on the target against the same of the rows the plan's SQL
        // predicate selects on each source. Only ranges that differ are compared row by row. Needs a
        // one-column key and an SQL predicate (or a broadcast table) on every source.
        QList<QPair<qint64, qint64>> ranges;
        bool aggregate = info.pk.size() == 1;
        for (const auto &f : feeds)
            aggregate = aggregate && (f.first->broadcast || !f.first->targets.at(f.second).predicateSql.isEmpty());
        // Pre-verified (T3): only the scope's ranges and keys.
        const VerifyScope *scope = nullptr;
        if (scopes && feeds.size() == 1 && aggregate) {
            auto it = scopes->find({feeds.first().first->id, feeds.first().second});
            if (it != scopes->end() && !it->second.full)
                scope = &it->second;
        }
        QList<qint64> scopeKeys;
        if (aggregate) {
            const QString pk = pkSelect(info);
            const QString sums = sumsSql(info);
            auto bounds = [&](Connection *c, const QString &from, const QString &cond, qint64 *lo, qint64 *hi) {
                auto r = c->query(QStringLiteral("SELECT MIN(") + pk + QStringLiteral("), MAX(") + pk + QStringLiteral(") FROM ") +
                                  from + cond);
                if (!r) {
                    out.error = c->lastError();
                    return false;
                }
                if (r->rows.first().at(0).isValid()) {
                    *lo = qMin(*lo, r->rows.first().at(0).toLongLong());
                    *hi = qMax(*hi, r->rows.first().at(1).toLongLong());
                }
                return true;
            };
            auto feedCond = [&](int i) {
                const MoveUnit &u = *feeds.at(i).first;
                return u.broadcast ? QString()
                                   : QStringLiteral(" AND (") + u.targets.at(feeds.at(i).second).predicateSql + QLatin1Char(')');
            };
            QList<QPair<qint64, qint64>> candidates;
            if (scope) {
                candidates = scope->ranges;
                for (qint64 k : scope->keys) {
                    bool inRange = false;
                    for (const auto &r : std::as_const(candidates))
                        inRange = inRange || (k >= r.first && k <= r.second);
                    if (!inRange)
                        scopeKeys.append(k);
                }
            } else {
                qint64 lo = std::numeric_limits<qint64>::max(), hi = std::numeric_limits<qint64>::min();
                if (!bounds(tconn, first.qualifiedTarget(ft), inScope(QString()), &lo, &hi))
                    return out;
                for (int i = 0; i < feeds.size(); ++i) {
                    const MoveUnit &u = *feeds.at(i).first;
                    if (!bounds(sconns.at(i), u.qualifiedSource(), QStringLiteral(" WHERE 1=1") + feedCond(i), &lo, &hi))
                        return out;
                }
                const qint64 step = 200000;
                for (qint64 a = lo; lo <= hi && a <= hi; a += step)
                    candidates.append({a, qMin(hi, a + step - 1)});
            }
            for (const auto &cand : std::as_const(candidates)) {
                if (stop && stop->load()) {
                    out.error = QStringLiteral("stopped");
                    return out;
                }
                const qint64 a = cand.first, b = cand.second;
                const QString range = QStringLiteral(" WHERE ") + pkBetween(info, a, b);
                auto t = tconn->query(sums + first.qualifiedTarget(ft) + inScope(range));
                if (!t) {
                    out.error = tconn->lastError();
                    return out;
                }
                QList<qint64> total = {0, 0, 0};
                for (int i = 0; i < feeds.size(); ++i) {
                    const MoveUnit &u = *feeds.at(i).first;
                    auto sr = sconns.at(i)->query(sums + u.qualifiedSource() + range + feedCond(i));
                    if (!sr) {
                        out.error = sconns.at(i)->lastError();
                        return out;
                    }
                    for (int k = 0; k < 3; ++k)
                        total[k] += sr->rows.first().at(k).toLongLong();
                }
                bool same = true;
                for (int k = 0; k < 3; ++k)
                    same = same && t->rows.first().at(k).toLongLong() == total.at(k);
                if (same)
                    rows += total.at(0);
                else
                    ranges.append({a, b});
            }
        } else {
            ranges.append({std::numeric_limits<qint64>::min(), std::numeric_limits<qint64>::max()});
        }

        // Row by row: the ranges that differ, then the scope's keys in batches.
        struct Pass
        {
            qint64 lo = 0, hi = 0;
            QList<qint64> keys; // non-empty: these keys only
        };
        QList<Pass> passes;
        for (const auto &r : std::as_const(ranges))
            passes.append(Pass{r.first, r.second, {}});
        for (int k = 0; k < scopeKeys.size(); k += 1000)
            passes.append(Pass{0, 0, scopeKeys.mid(k, 1000)});
        for (const Pass &pass : std::as_const(passes)) {
        std::optional<QList<qint64>> last;
        for (;;) {
            if (stop && stop->load()) {
                out.error = QStringLiteral("stopped");
                return out;
            }
            auto pkWhere = [&]() -> QString {
                QStringList conds;
                if (!pass.keys.isEmpty()) {
                    QStringList vals;
                    for (qint64 v : pass.keys)
                        vals.append(QString::number(v));
                    conds.append(pkSelect(info) + QStringLiteral(" IN (") + vals.join(QLatin1Char(',')) + QLatin1Char(')'));
                } else if (aggregate) {
                    conds.append(pkBetween(info, pass.lo, pass.hi));
                }
                if (last)
                    conds.append(pkCompare(info, *last, ">"));
                return conds.isEmpty() ? QString() : QStringLiteral(" WHERE ") + conds.join(QStringLiteral(" AND "));
            };
            std::optional<QList<qint64>> windowEnd;
            bool finalWindow = true;
            auto noteFull = [&](const QList<QList<QVariant>> &rs, int pkCount) {
                if (rs.size() < window)
                    return;
                finalWindow = false;
                QList<qint64> lastPk;
                for (int i = 0; i < pkCount; ++i)
                    lastPk.append(rs.last().at(i).toLongLong());
                if (!windowEnd || comparePk(lastPk, *windowEnd) < 0)
                    windowEnd = lastPk;
            };
            const QString order = QStringLiteral(" ORDER BY ") + pkSelect(info) + QStringLiteral(" LIMIT ") +
                                  QString::number(window);
            auto trows = tconn->query(QStringLiteral("SELECT ") + pkSelect(info) + QStringLiteral(", ") + hash +
                                      QStringLiteral(" FROM ") + first.qualifiedTarget(ft) + inScope(pkWhere()) + order);
            if (!trows) {
                out.error = tconn->lastError();
                return out;
            }
            const int npk = int(info.pk.size());
            noteFull(trows->rows, npk);
            QList<QueryResult> srows;
            for (int i = 0; i < feeds.size(); ++i) {
                const MoveUnit &u = *feeds.at(i).first;
                QString sel = QStringLiteral("SELECT ") + pkSelect(info) + QStringLiteral(", ") + hash;
                if (u.info.shardColumn >= 0) // only what routing needs
                    sel += QLatin1Char(',') + Connection::quoteIdentifier(u.info.columns.at(u.info.shardColumn));
                auto r = sconns.at(i)->query(sel + QStringLiteral(" FROM ") + u.qualifiedSource() + pkWhere() + order);
                if (!r) {
                    out.error = sconns.at(i)->lastError();
                    return out;
                }
                noteFull(r->rows, npk);
                srows.append(std::move(*r));
            }
            auto inWindow = [&](const QList<qint64> &pk) { return finalWindow || comparePk(pk, *windowEnd) <= 0; };
            auto hashOf = [&](const QList<QVariant> &r) {
                return (r.at(npk).toULongLong() << 32) | (r.at(npk + 1).toULongLong() & 0xffffffffu);
            };
            std::map<QList<qint64>, Hashed> expected;
            for (int i = 0; i < feeds.size(); ++i) {
                const MoveUnit &u = *feeds.at(i).first;
                for (const auto &r : std::as_const(srows.at(i).rows)) {
                    QList<qint64> pk;
                    for (int k = 0; k < npk; ++k)
                        pk.append(r.at(k).toLongLong());
                    if (!inWindow(pk))
                        break;
                    QList<QVariant> routable(u.info.columns.size());
                    if (u.info.shardColumn >= 0)
                        routable[u.info.shardColumn] = r.value(npk + 2);
                    const RowRoute rr = moves.route(u, routable);
                    if (!rr.ok) {
                        out.error = rr.error;
                        return out;
                    }
                    if (!rr.targets.contains(feeds.at(i).second))
                        continue;
                    if (expected.count(pk)) {
                        out.differences.append(RowDifference{targetLabel, u.sourceLabel(), pkText(pk),
                                                             QStringLiteral("conflict"),
                                                             QStringLiteral("-- two sources route key %1 here")
                                                                 .arg(pkText(pk))});
                        continue;
                    }
                    expected[pk] = Hashed{hashOf(r), &u};
                }
            }
            std::map<QList<qint64>, quint64> actual;
            for (const auto &r : std::as_const(trows->rows)) {
                QList<qint64> pk;
                for (int k = 0; k < npk; ++k)
                    pk.append(r.at(k).toLongLong());
                if (!inWindow(pk))
                    break;
                actual[pk] = hashOf(r);
            }
            rows += qint64(expected.size());
            auto feedIndex = [&](const MoveUnit *u) {
                for (int i = 0; i < feeds.size(); ++i)
                    if (feeds.at(i).first == u)
                        return i;
                return 0;
            };
            for (const auto &[pk, h] : expected) {
                auto it = actual.find(pk);
                if (it != actual.end() && it->second == h.hash)
                    continue;
                const int fi = feedIndex(h.unit);
                QString why;
                auto repair = repairSql(*sconns.at(fi), *h.unit, feeds.at(fi).second, pk, true, &why);
                if (!repair) {
                    out.error = why;
                    return out;
                }
                out.differences.append(RowDifference{targetLabel, h.unit->sourceLabel(), pkText(pk),
                                                     it == actual.end() ? QStringLiteral("missing")
                                                                        : QStringLiteral("different"),
                                                     *repair});
                ++diffsHere;
            }
            for (const auto &[pk, h] : actual) {
                if (expected.count(pk))
                    continue;
                QString why;
                auto repair = repairSql(*sconns.first(), first, ft, pk, false, &why);
                out.differences.append(RowDifference{targetLabel, QString(), pkText(pk), QStringLiteral("extra"),
                                                     repair.value_or(QString())});
                ++diffsHere;
            }
            if (finalWindow)
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
                         const VerifyScopes *scopes)
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
    std::vector<VerifyResult> parts(byInstance.size());
    std::vector<std::thread> threads;
    size_t i = 0;
    for (const auto &[instance, feeds] : byInstance) {
        threads.emplace_back(
            [&, i, feedsPtr = &feeds] { parts[i] = verifyTables(*feedsPtr, moves, endpoints, saySafe, stop, scopes); });
        ++i;
    }
    for (auto &t : threads)
        t.join();
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

} // namespace sp::migration

namespace sp::migration {

static QString checkUnitPredicates(const MoveSet &moves, const MoveUnit &u, Connection &c, const std::atomic<bool> *stop,
                                   qint64 *rows)
{
    QStringList preds;
    for (const MoveTarget &t : u.targets) {
        if (t.predicateSql.isEmpty())
            return {}; // routed client-side only: nothing to compare
        preds.append(QStringLiteral("(") + t.predicateSql + QStringLiteral(") IS TRUE"));
    }
    const int npk = int(u.info.pk.size());
    const QString sel = QStringLiteral("SELECT ") + u.info.pkList() + QLatin1Char(',') +
                        Connection::quoteIdentifier(u.info.columns.at(u.info.shardColumn)) + QLatin1Char(',') +
                        preds.join(QLatin1Char(',')) + QStringLiteral(" FROM ") + u.qualifiedSource();
    std::optional<QList<qint64>> last;
    QStringList problems;
    const int window = 50000;
    for (;;) {
        if (stop && stop->load())
            return QStringLiteral("stopped");
        QString where;
        if (last)
            where = QStringLiteral(" WHERE ") + pkCompare(u.info, *last, ">");
        auto r = c.query(sel + where + QStringLiteral(" ORDER BY ") + u.info.pkList() + QStringLiteral(" LIMIT ") +
                         QString::number(window));
        if (!r)
            return c.lastError();
        for (const auto &row : std::as_const(r->rows)) {
            QList<QVariant> routable(u.info.columns.size());
            routable[u.info.shardColumn] = row.at(npk);
            const RowRoute rr = moves.route(u, routable);
            if (!rr.ok)
                return rr.error;
            for (int t = 0; t < u.targets.size(); ++t) {
                const bool sql = row.at(npk + 1 + t).toInt() != 0;
                if (sql != rr.targets.contains(t) && problems.size() < 20)
                    problems.append(QStringLiteral("%1 key %2 (%3): the router says %4, the predicate %5 says %6")
                                        .arg(u.source.toString(), row.at(0).toString(), row.at(npk).toString().left(40),
                                             rr.targets.contains(t) ? QStringLiteral("moves to ") + u.targets.at(t).node.toString()
                                                                    : QStringLiteral("does not move to ") + u.targets.at(t).node.toString(),
                                             u.targets.at(t).predicateSql, sql ? QStringLiteral("it does") : QStringLiteral("it does not")));
            }
            ++*rows;
        }
        if (r->rows.size() < window)
            break;
        QList<qint64> lp;
        for (int k = 0; k < npk; ++k)
            lp.append(r->rows.last().at(k).toLongLong());
        last = lp;
    }
    return problems.join(QLatin1Char('\n'));
}

QString checkPredicates(const MoveSet &moves, const Endpoints &endpoints, const std::atomic<bool> *stop, qint64 *rowsChecked)
{
    const QStringList instances = moves.sourceInstances();
    std::vector<QString> results(size_t(instances.size()));
    std::vector<qint64> counts(size_t(instances.size()), 0);
    std::vector<std::thread> threads;
    for (int i = 0; i < instances.size(); ++i) {
        threads.emplace_back([&, i] {
            Connection c;
            if (!c.open(endpoints.adminOfInstance(instances.at(i))) || !prepareSession(c, false)) {
                results[size_t(i)] = c.lastError();
                return;
            }
            QStringList problems;
            for (const MoveUnit &u : moves.units()) {
                if (u.sourceInstance != instances.at(i) || u.broadcast)
                    continue;
                const QString p = checkUnitPredicates(moves, u, c, stop, &counts[size_t(i)]);
                if (!p.isEmpty())
                    problems.append(p);
            }
            results[size_t(i)] = problems.join(QLatin1Char('\n'));
        });
    }
    for (auto &t : threads)
        t.join();
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
