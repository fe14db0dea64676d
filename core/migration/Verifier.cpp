#include "core/migration/Verifier.h"

#include "core/cluster/InsertBuilder.h"

#include <QLocale>
#include <QMap>

#include <map>
#include <thread>

#include <QMutex>

namespace sp::migration {

QString rowHashSql(const TableInfo &info)
{
    QStringList cols, nulls, lengths;
    for (const QString &c : info.columns) {
        const QString q = Connection::quoteIdentifier(c);
        cols.append(q);
        nulls.append(QStringLiteral("ISNULL(") + q + QLatin1Char(')'));
        lengths.append(QStringLiteral("LENGTH(") + q + QLatin1Char(')'));
    }
    const QString row = QStringLiteral("CONCAT_WS('#',") + cols.join(QLatin1Char(',')) + QStringLiteral(",CONCAT(") +
                        nulls.join(QLatin1Char(',')) + QStringLiteral("),CONCAT_WS(',',") +
                        lengths.join(QLatin1Char(',')) + QStringLiteral("))");
    return QStringLiteral("CRC32(") + row + QStringLiteral("), CRC32C(") + row + QLatin1Char(')');
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
    QStringList where;
    for (int i = 0; i < u.info.pk.size(); ++i)
        where.append(Connection::quoteIdentifier(u.info.columns.at(u.info.pk.at(i))) + QStringLiteral(" = ") +
                     QString::number(pk.at(i)));
    QString sql = QStringLiteral("DELETE FROM ") + u.qualifiedTarget(t) + QStringLiteral(" WHERE ") +
                  where.join(QStringLiteral(" AND ")) + QLatin1Char(';');
    if (!insert)
        return sql;
    QStringList cols;
    for (const QString &c : u.info.columns)
        cols.append(Connection::quoteIdentifier(c));
    auto r = source.query(QStringLiteral("SELECT ") + cols.join(QLatin1Char(',')) + QStringLiteral(" FROM ") +
                          u.qualifiedSource() + QStringLiteral(" WHERE ") + where.join(QStringLiteral(" AND ")));
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
                                 const std::function<void(const QString &)> &say, const std::atomic<bool> *stop)
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

    for (const auto &[key, feeds] : byTarget) {
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
        std::optional<QList<qint64>> last;
        qint64 rows = 0, diffsHere = 0;
        for (;;) {
            if (stop && stop->load()) {
                out.error = QStringLiteral("stopped");
                return out;
            }
            auto pkWhere = [&]() -> QString {
                if (!last)
                    return QString();
                QStringList vals;
                for (qint64 v : *last)
                    vals.append(QString::number(v));
                return QStringLiteral(" WHERE (") + pkSelect(info) + QStringLiteral(") > (") + vals.join(QLatin1Char(',')) +
                       QLatin1Char(')');
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
                                      QStringLiteral(" FROM ") + first.qualifiedTarget(ft) + pkWhere() + order);
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
        out.rowsCompared += rows;
        const QString line = diffsHere == 0
                                 ? QStringLiteral("%1: %2 rows identical").arg(targetLabel, en.toString(rows))
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
                         const std::function<void(const QString &)> &say, const std::atomic<bool> *stop)
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
        threads.emplace_back([&, i, feedsPtr = &feeds] { parts[i] = verifyTables(*feedsPtr, moves, endpoints, saySafe, stop); });
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
