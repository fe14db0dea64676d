#include "core/routing/Router.h"

#include "core/routing/Algorithm.h"
#include "core/routing/Hash.h"
#include "core/routing/TableRoute.h"

#include <QHash>
#include <QSet>

#include "core/routing/Crc32Short.h"

#include <cstring>

namespace sp {

namespace {

// A compiled table plus the router's own shortcut: both levels CRC32_MOD with one count/divisor
// for every data source give one CRC and one lookup in [db remainder][table remainder] -> node
// index (-1 when that pair names no node).
struct RoutedTable
{
    TableRoute route;
    bool allCrc32Mod = false;
    std::vector<int> crcNodes;
    uint32_t crcTableCount = 0;

    explicit RoutedTable(TableRoute r);
};

RoutedTable::RoutedTable(TableRoute r) : route(std::move(r))
{
    const TableRoute &t = route;
    allCrc32Mod = t.db.isCrc32Mod() && !t.table.empty() &&
                  std::all_of(t.table.begin(), t.table.end(),
                              [&t](const RouteLevel &l) {
                                  return l.isCrc32Mod() &&
                                         l.remainderCount() == t.table.front().remainderCount() &&
                                         l.divisor() == t.table.front().divisor();
                              }) &&
                  uint64_t(t.db.remainderCount()) * t.table.front().remainderCount() <= (1u << 16);
    if (!allCrc32Mod)
        return;
    crcTableCount = t.table.front().remainderCount();
    crcNodes.assign(size_t(t.db.remainderCount()) * crcTableCount, -1);
    for (uint32_t rd = 0; rd < t.db.remainderCount(); ++rd) {
        const int ds = t.db.targetForRemainder(rd);
        for (uint32_t rt = 0; ds >= 0 && rt < crcTableCount; ++rt)
            crcNodes[rd * crcTableCount + rt] = t.nodeIndex(ds, t.table[size_t(ds)].targetForRemainder(rt));
    }
}

} // namespace

struct Router::Impl
{
    std::vector<RoutedTable> tables;
    QHash<QString, int> byName;      // exact logic table name
    QHash<QString, int> byLowerName; // case-insensitive fallback
    QSet<QString> broadcast;         // lower-cased

    const RoutedTable *find(const QString &logicTable) const
    {
        if (tables.size() <= 8) { // a few tables: comparing beats hashing the name
            for (const RoutedTable &t : tables)
                if (t.route.logicTable.size() == logicTable.size() &&
                    std::memcmp(t.route.logicTable.constData(), logicTable.constData(),
                                size_t(logicTable.size()) * sizeof(QChar)) == 0)
                    return &t;
        }
        auto it = byName.constFind(logicTable);
        if (it != byName.constEnd())
            return &tables[size_t(*it)];
        it = byLowerName.constFind(logicTable.toLower());
        return it == byLowerName.constEnd() ? nullptr : &tables[size_t(*it)];
    }

    // The slow, exact path: positions of the chosen node, or -1 with `out` filled (its ambiguous
    // candidates only with `ambiguity`).
    int route(const TableRoute &t, const ShardingValue &key, RouteResult *out, bool ambiguity = true) const;
    RouteResult routeTable(const QString &logicTable, const ShardingValue &key, bool ambiguity) const;
};

int Router::Impl::route(const TableRoute &t, const ShardingValue &key, RouteResult *out, bool ambiguity) const
{
    if (!t.error.isEmpty()) {
        out->error = t.error;
        return -1;
    }
    auto fail = [&](const QString &message, bool cannot) {
        out->error = t.logicTable + QStringLiteral(": ") + message;
        out->cannotEvaluate = cannot;
        return -1;
    };
    QString error;
    bool cannot = false;
    if (t.perDataSourceSearch) {
        // No database strategy over several data sources: ShardingSphere routes to all of them and
        // lets the table strategy pick within each; a key must end up in exactly one.
        int found = -1;
        QStringList hits;
        for (size_t ds = 0; ds < t.table.size(); ++ds) {
            QString e;
            bool c = false;
            QStringList amb;
            const int ti = t.table[ds].pick(key, &e, &c, ambiguity ? &amb : nullptr);
            if (c)
                return fail(e, true);
            if (!amb.isEmpty())
                out->ambiguous = amb;
            if (ti >= 0) {
                found = t.nodeAt[ds][size_t(ti)];
                hits << t.nodes.at(found).toString();
            } else if (error.isEmpty()) {
                error = e;
            }
        }
        if (hits.size() == 1)
            return found;
        if (hits.isEmpty())
            return fail(error, false);
        return fail(QStringLiteral("routes to ") + hits.join(QStringLiteral(", "))
                        + QStringLiteral(": needs a database strategy"),
                    false);
    }
    QStringList *ambiguous = ambiguity ? &out->ambiguous : nullptr;
    const int ds = t.db.pick(key, &error, &cannot, ambiguous);
    if (ds < 0)
        return fail(error.isEmpty() ? QStringLiteral("no data source chosen") : error, cannot);
    const int ti = t.table[size_t(ds)].pick(key, &error, &cannot, ambiguous);
    if (ti < 0)
        return fail(error.isEmpty() ? QStringLiteral("no table chosen") : error, cannot);
    return t.nodeAt[size_t(ds)][size_t(ti)];
}

Router::Router(const ShardingConfig &config)
    : d(std::make_unique<Impl>())
{
    for (const BroadcastTable &b : config.broadcastTables)
        d->broadcast.insert(b.name.toLower());
    d->tables.reserve(size_t(config.tables.size()));
    AlgorithmCache algorithms;
    for (const TableRule &rule : config.tables) {
        const int index = int(d->tables.size());
        d->tables.emplace_back(TableRoute::compile(config, rule, &algorithms, &d->broadcast));
        d->byName.insert(rule.logicTable, index);
        if (!d->byLowerName.contains(rule.logicTable.toLower()))
            d->byLowerName.insert(rule.logicTable.toLower(), index);
    }
}

Router::~Router() = default;

RouteResult Router::route(const QString &logicTable, const ShardingValue &key) const
{
    return d->routeTable(logicTable, key, true);
}

RouteResult Router::routeQuietly(const QString &logicTable, const ShardingValue &key) const
{
    return d->routeTable(logicTable, key, false);
}

RouteResult Router::Impl::routeTable(const QString &logicTable, const ShardingValue &key, bool ambiguity) const
{
    RouteResult out;
    if (!broadcast.isEmpty() && broadcast.contains(logicTable.toLower())) {
        out.error = logicTable + QStringLiteral(": broadcast table: every data source holds all rows");
        return out;
    }
    const RoutedTable *t = find(logicTable);
    if (!t) {
        out.error = QStringLiteral("unknown logic table '") + logicTable + QStringLiteral("': no sharding rule names it");
        return out;
    }
    const int index = route(t->route, key, &out, ambiguity);
    if (index >= 0) {
        out.ok = true;
        out.node = t->route.nodes.at(index);
    }
    return out;
}

const TableRoute *Router::table(const QString &logicTable) const
{
    const RoutedTable *t = d->find(logicTable);
    return t ? &t->route : nullptr;
}

int Router::routeIndex(const QString &logicTable, QByteArrayView utf8Key, KeyType type) const
{
    const RoutedTable *rt = d->find(logicTable);
    if (!rt || !rt->route.error.isEmpty() || rt->route.broadcast)
        return -1;
    const TableRoute *t = &rt->route;
    if (rt->allCrc32Mod) {
        const uint32_t crc = utf8Key.size() <= 256
                                 ? hash::detail::crc32Sliced(reinterpret_cast<const unsigned char *>(utf8Key.data()),
                                                             size_t(utf8Key.size()))
                                 : hash::crc32(utf8Key);
        return rt->crcNodes[t->db.crc32ModRemainder(crc) * rt->crcTableCount +
                            t->table.front().crc32ModRemainder(crc)];
    }
    KeyHashes key;
    key.utf8 = utf8Key;
    key.type = type;
    if (!t->perDataSourceSearch) {
        const int ds = t->db.pickFast(key);
        if (ds >= 0) {
            const int ti = t->table[size_t(ds)].pickFast(key);
            if (ti >= 0)
                return t->nodeAt[size_t(ds)][size_t(ti)];
            if (ti == -1)
                return -1;
        } else if (ds == -1) {
            return -1;
        }
    }
    // No fast form for this table or key: the exact path decides.
    RouteResult ignored;
    return d->route(*t, ShardingValue{QString::fromUtf8(utf8Key), type}, &ignored, false);
}

} // namespace sp
