#include "core/routing/Router.h"

#include "core/routing/Algorithm.h"
#include "core/routing/Hash.h"
#include "core/routing/RouteLevel.h"

#include <QHash>

#include "core/routing/Crc32Short.h"

#include <cstring>

namespace sp {

namespace {

struct TableRoute
{
    QString logicTable;
    QList<DataNode> nodes;
    QStringList dataSources;              // distinct, in node order
    std::vector<QStringList> tables;      // per data source, in node order
    std::vector<std::vector<int>> nodeAt; // [data source][table] -> index into nodes
    RouteLevel db;
    std::vector<RouteLevel> table;        // per data source
    bool perDataSourceSearch = false;     // no database strategy: try every data source (autoTables)
    bool broadcast = false;               // also listed as a broadcast table
    // Both levels CRC32_MOD with one count/divisor for every data source: one CRC and one lookup
    // in [db remainder][table remainder] -> node index (-1 when that pair names no node).
    bool allCrc32Mod = false;
    std::vector<int> crcNodes;
    uint32_t crcTableCount = 0;
    QString error;                        // the table cannot be routed at all
};

QString strategyText(const StrategyDef &s)
{
    return s.columns.join(QStringLiteral(", "));
}

} // namespace

struct Router::Impl
{
    std::vector<TableRoute> tables;
    QHash<QString, int> byName;      // exact logic table name
    QHash<QString, int> byLowerName; // case-insensitive fallback
    QStringList broadcast;           // lower-cased
    std::vector<std::unique_ptr<ShardingAlgorithm>> algorithms;
    QHash<QString, const ShardingAlgorithm *> algorithmByName;

    const ShardingAlgorithm *algorithm(const ShardingConfig &config, const QString &name)
    {
        if (const auto *a = algorithmByName.value(name))
            return a;
        const AlgorithmDef *def = config.algorithm(name);
        if (!def)
            return nullptr;
        algorithms.push_back(createAlgorithm(*def));
        algorithmByName.insert(name, algorithms.back().get());
        return algorithms.back().get();
    }

    RouteLevel compile(const ShardingConfig &config, const StrategyDef &s, const QString &level,
                       const QStringList &targets, const TargetNaming &naming, bool *none)
    {
        *none = false;
        switch (s.kind) {
        case StrategyKind::Unset:
        case StrategyKind::None:
            *none = true;
            if (targets.size() == 1)
                return RouteLevel::single();
            return RouteLevel::error(QStringLiteral("spans ") + QString::number(targets.size()) + QLatin1Char(' ')
                                         + (level == QLatin1String("database") ? QStringLiteral("data sources")
                                                                               : QStringLiteral("tables"))
                                         + QStringLiteral(" but has no ") + level
                                         + QStringLiteral(" strategy: needs a ") + level + QStringLiteral(" strategy"),
                                     false);
        case StrategyKind::Complex:
            return RouteLevel::error(QStringLiteral("cannot evaluate the complex ") + level
                                         + QStringLiteral(" strategy (columns ") + strategyText(s)
                                         + QStringLiteral(") with one key"),
                                     true);
        case StrategyKind::Hint:
            return RouteLevel::error(QStringLiteral("cannot evaluate the hint ") + level
                                         + QStringLiteral(" strategy: it routes by hint values, not by a column"),
                                     true);
        case StrategyKind::Standard:
            break;
        }
        if (s.columns.isEmpty())
            return RouteLevel::error(QStringLiteral("the ") + level + QStringLiteral(" strategy has no sharding column"), false);
        const ShardingAlgorithm *a = algorithm(config, s.algorithmName);
        if (!a)
            return RouteLevel::error(QStringLiteral("the ") + level + QStringLiteral(" strategy names algorithm '")
                                         + s.algorithmName + QStringLiteral("' which is not defined"),
                                     false);
        return RouteLevel::evaluate(a, s.columns.first(), targets, naming);
    }

    const TableRoute *find(const QString &logicTable) const
    {
        if (tables.size() <= 8) { // a few tables: comparing beats hashing the name
            for (const TableRoute &t : tables)
                if (t.logicTable.size() == logicTable.size()
                    && std::memcmp(t.logicTable.constData(), logicTable.constData(),
                                   size_t(logicTable.size()) * sizeof(QChar)) == 0)
                    return &t;
        }
        auto it = byName.constFind(logicTable);
        if (it != byName.constEnd())
            return &tables[size_t(*it)];
        it = byLowerName.constFind(logicTable.toLower());
        return it == byLowerName.constEnd() ? nullptr : &tables[size_t(*it)];
    }

    // The slow, exact path: positions of the chosen node, or -1 with `out` filled.
    int route(const TableRoute &t, const ShardingValue &key, RouteResult *out) const;
};

int Router::Impl::route(const TableRoute &t, const ShardingValue &key, RouteResult *out) const
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
            const int ti = t.table[ds].pick(key, &e, &c, &amb);
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
    const int ds = t.db.pick(key, &error, &cannot, &out->ambiguous);
    if (ds < 0)
        return fail(error.isEmpty() ? QStringLiteral("no data source chosen") : error, cannot);
    const int ti = t.table[size_t(ds)].pick(key, &error, &cannot, &out->ambiguous);
    if (ti < 0)
        return fail(error.isEmpty() ? QStringLiteral("no table chosen") : error, cannot);
    return t.nodeAt[size_t(ds)][size_t(ti)];
}

Router::Router(const ShardingConfig &config)
    : d(std::make_unique<Impl>())
{
    for (const BroadcastTable &b : config.broadcastTables)
        d->broadcast << b.name.toLower();
    d->tables.reserve(size_t(config.tables.size()));
    for (const TableRule &rule : config.tables) {
        TableRoute t;
        t.logicTable = rule.logicTable;
        t.nodes = rule.dataNodes;
        for (int i = 0; i < t.nodes.size(); ++i) {
            const DataNode &n = t.nodes.at(i);
            qsizetype ds = t.dataSources.indexOf(n.dataSource);
            if (ds < 0) {
                ds = t.dataSources.size();
                t.dataSources << n.dataSource;
                t.tables.emplace_back();
                t.nodeAt.emplace_back();
            }
            if (!t.tables[size_t(ds)].contains(n.table)) {
                t.tables[size_t(ds)] << n.table;
                t.nodeAt[size_t(ds)].push_back(i);
            }
        }
        if (t.nodes.isEmpty())
            t.error = rule.logicTable + QStringLiteral(": has no data nodes");

        // ShardingSphere derives the suffix naming from all data nodes of the table.
        QStringList allDs, allTables;
        for (const DataNode &n : t.nodes) {
            allDs << n.dataSource;
            allTables << n.table;
        }
        const TargetNaming dsNaming = TargetNaming::fromTargets(allDs);
        TargetNaming tableNaming = TargetNaming::fromTargets(allTables, rule.logicTable);

        bool dbNone = false, tableNone = false;
        t.db = d->compile(config, config.effectiveDatabaseStrategy(rule), QStringLiteral("database"),
                          t.dataSources, dsNaming, &dbNone);
        const StrategyDef tableStrategy = config.effectiveTableStrategy(rule);
        for (const QStringList &tables : t.tables)
            t.table.push_back(d->compile(config, tableStrategy, QStringLiteral("table"), tables,
                                         tableNaming, &tableNone));
        t.broadcast = d->broadcast.contains(rule.logicTable.toLower());
        t.allCrc32Mod = t.db.isCrc32Mod() && !t.table.empty()
                        && std::all_of(t.table.begin(), t.table.end(), [&t](const RouteLevel &l) {
                               return l.isCrc32Mod() && l.remainderCount() == t.table.front().remainderCount()
                                      && l.divisor() == t.table.front().divisor();
                           })
                        && uint64_t(t.db.remainderCount()) * t.table.front().remainderCount() <= (1u << 16);
        if (t.allCrc32Mod) {
            t.crcTableCount = t.table.front().remainderCount();
            t.crcNodes.assign(size_t(t.db.remainderCount()) * t.crcTableCount, -1);
            for (uint32_t rd = 0; rd < t.db.remainderCount(); ++rd) {
                const int ds = t.db.targetForRemainder(rd);
                for (uint32_t rt = 0; ds >= 0 && rt < t.crcTableCount; ++rt) {
                    const int ti = t.table[size_t(ds)].targetForRemainder(rt);
                    if (ti >= 0)
                        t.crcNodes[rd * t.crcTableCount + rt] = t.nodeAt[size_t(ds)][size_t(ti)];
                }
            }
        }
        t.perDataSourceSearch = dbNone && t.dataSources.size() > 1 && rule.autoTable;

        const int index = int(d->tables.size());
        d->tables.push_back(std::move(t));
        d->byName.insert(rule.logicTable, index);
        if (!d->byLowerName.contains(rule.logicTable.toLower()))
            d->byLowerName.insert(rule.logicTable.toLower(), index);
    }
}

Router::~Router() = default;

RouteResult Router::route(const QString &logicTable, const ShardingValue &key) const
{
    RouteResult out;
    if (d->broadcast.contains(logicTable.toLower())) {
        out.error = logicTable + QStringLiteral(": broadcast table: every data source holds all rows");
        return out;
    }
    const TableRoute *t = d->find(logicTable);
    if (!t) {
        out.error = QStringLiteral("unknown logic table '") + logicTable + QStringLiteral("': no sharding rule names it");
        return out;
    }
    const int index = d->route(*t, key, &out);
    if (index >= 0) {
        out.ok = true;
        out.node = t->nodes.at(index);
    }
    return out;
}

int Router::routeIndex(const QString &logicTable, QByteArrayView utf8Key) const
{
    const TableRoute *t = d->find(logicTable);
    if (!t || !t->error.isEmpty() || t->broadcast)
        return -1;
    if (t->allCrc32Mod) {
        const uint32_t crc = utf8Key.size() <= 256
                                 ? hash::detail::crc32Sliced(reinterpret_cast<const unsigned char *>(utf8Key.data()),
                                                             size_t(utf8Key.size()))
                                 : hash::crc32(utf8Key);
        return t->crcNodes[t->db.crc32ModRemainder(crc) * t->crcTableCount
                           + t->table.front().crc32ModRemainder(crc)];
    }
    KeyHashes key;
    key.utf8 = utf8Key;
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
    return d->route(*t, ShardingValue{QString::fromUtf8(utf8Key), KeyType::Auto}, &ignored);
}

} // namespace sp
