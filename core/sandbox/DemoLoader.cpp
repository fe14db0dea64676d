#include "core/sandbox/DemoLoader.h"

#include "core/cluster/Connection.h"
#include "core/routing/Router.h"
#include "core/sandbox/DemoSchema.h"

#include <QElapsedTimer>

#include <atomic>
#include <functional>
#include <mutex>
#include <thread>

namespace sp::sandbox {

namespace {

enum class KeySource { Sender, Target, Uid, Mid, Seq, Users, Groups };

struct TablePlan
{
    DemoTable table;
    const TableRule *rule = nullptr;
    KeySource key = KeySource::Target;
    std::vector<int> nodeInstance;      // per data node; -1 when not in the sandbox
    std::vector<QByteArray> nodeName;   // `schema`.`table`
    std::vector<QString> nodeSchema, nodeTable;
    std::vector<int> userRoute, groupRoute;
    // Generic tables: the key of each of its rows (a user or group id, or a number when the
    // algorithms need one) and where it routes.
    std::vector<QByteArray> genericKeys;
    std::vector<int> genericRoute;
};

struct RowRef
{
    qint64 k = 0;       // message index, or user/group index for generic tables
    int uid = -1;       // user index for t_user_messages rows
};

struct Plan
{
    QList<TablePlan> tables;
    QString error;
};

void appendQuoted(QByteArray &out, const QByteArray &v)
{
    out += '\'';
    for (const char c : v) {
        switch (c) {
        case '\0': out += "\\0"; break;
        case '\'': out += "\\'"; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\x1a': out += "\\Z"; break;
        default: out += c; break;
        }
    }
    out += '\'';
}

Plan makePlan(const ShardingConfig &config, const SandboxState *state, const Router &router, const DemoData &data)
{
    Plan plan;
    for (const DemoTable &t : DemoSchema::tables(config)) {
        if (t.kind == DemoTableKind::Broadcast)
            continue;
        TablePlan p;
        p.table = t;
        p.rule = config.table(t.logicTable);
        const QString col = t.shardingColumn;
        auto is = [&col](const char *name) { return col.compare(QLatin1String(name), Qt::CaseInsensitive) == 0; };
        if (t.kind == DemoTableKind::Messages) {
            if (is("_target"))
                p.key = KeySource::Target;
            else if (is("_from"))
                p.key = KeySource::Sender;
            else if (is("_mid"))
                p.key = KeySource::Mid;
            else
                plan.error = t.logicTable + QStringLiteral(": the demo data cannot shard on column '") + col +
                    QStringLiteral("' (use _target, _from or _mid)");
        } else if (t.kind == DemoTableKind::UserMessages) {
            if (is("_uid"))
                p.key = KeySource::Uid;
            else if (is("_mid"))
                p.key = KeySource::Mid;
            else if (is("_seq"))
                p.key = KeySource::Seq;
            else
                plan.error = t.logicTable + QStringLiteral(": the demo data cannot shard on column '") + col +
                    QStringLiteral("' (use _uid, _mid or _seq)");
        } else {
            p.key = (col.contains(QLatin1String("gid"), Qt::CaseInsensitive) ||
                     col.contains(QLatin1String("group"), Qt::CaseInsensitive))
                ? KeySource::Groups
                : KeySource::Users;
        }
        for (const DataNode &n : p.rule->dataNodes) {
            const SandboxDataSource *ds = state ? state->dataSource(n.dataSource) : nullptr;
            p.nodeInstance.push_back(state ? (ds ? ds->instance : -1) : 0);
            p.nodeSchema.push_back(ds ? ds->schema : n.dataSource);
            p.nodeTable.push_back(n.table);
            p.nodeName.push_back(
                (Connection::quoteIdentifier(ds ? ds->schema : n.dataSource) + QLatin1Char('.') +
                 Connection::quoteIdentifier(n.table)).toUtf8());
            if (state && !ds && plan.error.isEmpty())
                plan.error = n.toString() + QStringLiteral(": data source not in the sandbox");
        }
        auto routeAll = [&](int count, const std::function<const QByteArray &(int)> &id, std::vector<int> &out) {
            out.resize(size_t(count));
            for (int i = 0; i < count; ++i) {
                out[size_t(i)] = router.routeIndex(t.logicTable, QByteArrayView(id(i)));
                if (out[size_t(i)] < 0 && plan.error.isEmpty()) {
                    const RouteResult rr = router.route(t.logicTable, ShardingValue{QString::fromUtf8(id(i)), KeyType::String});
                    plan.error = t.logicTable + QStringLiteral(": cannot route key '") + QString::fromUtf8(id(i)) +
                        QStringLiteral("': ") + (rr.error.isEmpty() ? QStringLiteral("no data node") : rr.error);
                }
            }
        };
        if (t.kind == DemoTableKind::Generic) {
            // One row per user (or group): ids as they are, or numbers from 100001 on.
            const bool groups = p.key == KeySource::Groups;
            const int n = groups ? data.groupCount() : data.userCount();
            p.genericKeys.reserve(size_t(n));
            for (int i = 0; i < n; ++i)
                p.genericKeys.push_back(t.numericKey ? QByteArray::number(100001 + i)
                                                     : groups ? data.groupId(i) : data.userId(i));
            routeAll(n, [&](int i) -> const QByteArray & { return p.genericKeys[size_t(i)]; }, p.genericRoute);
        } else {
            routeAll(data.userCount(), [&](int i) -> const QByteArray & { return data.userId(i); }, p.userRoute);
            if (p.key == KeySource::Target)
                routeAll(data.groupCount(), [&](int i) -> const QByteArray & { return data.groupId(i); }, p.groupRoute);
        }
        plan.tables.append(p);
    }
    return plan;
}

int routeNumber(const Router &router, const TablePlan &p, qint64 v)
{
    return router.routeIndex(p.table.logicTable, QByteArrayView(QByteArray::number(v)));
}

// Calls onRow(node, row) for every row of table `p`; `instance` (>= 0) skips other instances' rows
// as early as possible.
bool visitRows(const Router &router, const TablePlan &p, const DemoData &data, int instance,
               const std::atomic<bool> &stop, const std::function<bool(int, const RowRef &)> &onRow)
{
    auto mine = [&](int node) { return node >= 0 && (instance < 0 || p.nodeInstance[size_t(node)] == instance); };
    switch (p.table.kind) {
    case DemoTableKind::Messages:
        for (qint64 k = 0; k < data.messageCount(); ++k) {
            if ((k & 0xFFF) == 0 && stop.load(std::memory_order_relaxed))
                return false;
            int s, t, type;
            data.keyIndices(k, &s, &t, &type);
            int node;
            if (p.key == KeySource::Sender)
                node = p.userRoute[size_t(s)];
            else if (p.key == KeySource::Mid)
                node = routeNumber(router, p, 1000000000000LL + k);
            else
                node = type == 1 ? p.groupRoute[size_t(t)] : p.userRoute[size_t(t)];
            if (mine(node) && !onRow(node, RowRef{k, -1}))
                return false;
        }
        return true;
    case DemoTableKind::UserMessages:
        for (qint64 k = 0; k < data.messageCount(); ++k) {
            if ((k & 0xFFF) == 0 && stop.load(std::memory_order_relaxed))
                return false;
            int s, t, type;
            data.keyIndices(k, &s, &t, &type);
            const int uids[2] = {s, t};
            for (int r = 0; r < DemoData::userRowsFor(type); ++r) {
                int node;
                if (p.key == KeySource::Uid)
                    node = p.userRoute[size_t(uids[r])];
                else if (p.key == KeySource::Mid)
                    node = routeNumber(router, p, 1000000000000LL + k);
                else
                    node = routeNumber(router, p, k);
                if (mine(node) && !onRow(node, RowRef{k, uids[r]}))
                    return false;
            }
        }
        return true;
    case DemoTableKind::Generic:
        for (size_t i = 0; i < p.genericKeys.size(); ++i) {
            const int node = p.genericRoute[i];
            if (mine(node) && !onRow(node, RowRef{qint64(i), -1}))
                return false;
        }
        return true;
    case DemoTableKind::Broadcast:
        return true;
    }
    return true;
}

QByteArray insertPrefix(const DemoTable &t, const QByteArray &name)
{
    switch (t.kind) {
    case DemoTableKind::Messages:
        return "INSERT INTO " + name + " (`_mid`,`_from`,`_type`,`_target`,`_line`,`_data`,`_searchable_key`,`_dt`) VALUES ";
    case DemoTableKind::UserMessages:
        return "INSERT INTO " + name + " (`_mid`,`_uid`,`_seq`,`_dt`) VALUES ";
    case DemoTableKind::Generic: {
        QStringList columns;
        for (const QString &c : t.keyColumns)
            columns << Connection::quoteIdentifier(c);
        columns << Connection::quoteIdentifier(t.payloadColumn) << Connection::quoteIdentifier(t.timeColumn);
        return "INSERT INTO " + name + " (" + columns.join(QLatin1Char(',')).toUtf8() + ") VALUES ";
    }
    case DemoTableKind::Broadcast:
        return "INSERT INTO " + name + " (`id`,`name`,`payload`) VALUES ";
    }
    return {};
}

void appendRow(QByteArray &sql, const TablePlan &p, const DemoData &data, const RowRef &row)
{
    switch (p.table.kind) {
    case DemoTableKind::Messages: {
        const DemoMessage m = data.message(row.k);
        sql += '(' + QByteArray::number(m.mid) + ',';
        appendQuoted(sql, m.from);
        sql += ',' + QByteArray::number(m.type) + ',';
        appendQuoted(sql, m.target);
        sql += ',' + QByteArray::number(m.line) + ',';
        appendQuoted(sql, m.data);
        sql += ',';
        if (m.searchableNull)
            sql += "NULL";
        else
            appendQuoted(sql, m.searchable);
        sql += ",'" + m.dt + "')";
        break;
    }
    case DemoTableKind::UserMessages:
        sql += '(' + QByteArray::number(1000000000000LL + row.k) + ',';
        appendQuoted(sql, data.userId(row.uid));
        sql += ',' + QByteArray::number(row.k) + ",'" + data.dateTime(row.k) + "')";
        break;
    case DemoTableKind::Generic: {
        const QByteArray &key = p.genericKeys[size_t(row.k)];
        sql += '(';
        for (qsizetype c = 0; c < p.table.keyColumns.size(); ++c) {
            if (p.table.numericKey)
                sql += key; // digits only
            else
                appendQuoted(sql, key);
            sql += ',';
        }
        appendQuoted(sql, "demo " + p.table.logicTable.toUtf8() + ' ' + key);
        sql += ",'" + data.dateTime(row.k) + "')";
        break;
    }
    case DemoTableKind::Broadcast:
        break;
    }
}

} // namespace

DemoLoadResult DemoLoader::expectedCounts(const ShardingConfig &config, const DemoData &data)
{
    DemoLoadResult result;
    const Router router(config);
    const Plan plan = makePlan(config, nullptr, router, data);
    if (!plan.error.isEmpty()) {
        result.error = plan.error;
        return result;
    }
    const std::atomic<bool> stop{false};
    for (const TablePlan &p : plan.tables) {
        std::vector<qint64> counts(p.rule->dataNodes.size(), 0);
        visitRows(router, p, data, -1, stop, [&](int node, const RowRef &) {
            ++counts[size_t(node)];
            return true;
        });
        for (int i = 0; i < p.rule->dataNodes.size(); ++i) {
            result.rowsPerNode.insert(p.rule->dataNodes.at(i), counts[size_t(i)]);
            result.totalRows += counts[size_t(i)];
            if (p.table.kind == DemoTableKind::Messages)
                result.messages += counts[size_t(i)];
        }
    }
    result.ok = true;
    return result;
}

DemoLoadResult DemoLoader::load(const ShardingConfig &config, const SandboxState &state, const DemoData &data,
                                int rowsPerStatement, bool addKeys)
{
    DemoLoadResult result;
    QElapsedTimer timer;
    timer.start();
    const Router router(config);
    const Plan plan = makePlan(config, &state, router, data);
    if (!plan.error.isEmpty()) {
        result.error = plan.error;
        return result;
    }
    const QList<DemoTable> broadcast = [&] {
        QList<DemoTable> b;
        for (const DemoTable &t : DemoSchema::tables(config))
            if (t.kind == DemoTableKind::Broadcast)
                b.append(t);
        return b;
    }();

    std::atomic<bool> stop{false};
    std::mutex mutex;
    QString firstError;
    // counts[table][node]
    std::vector<std::vector<qint64>> counts;
    for (const TablePlan &p : plan.tables)
        counts.emplace_back(p.rule->dataNodes.size(), 0);
    qint64 broadcastRows = 0;

    auto worker = [&](int instance) {
        auto failWith = [&](const QString &e) {
            std::lock_guard<std::mutex> lock(mutex);
            if (firstError.isEmpty())
                firstError = e;
            stop = true;
        };
        Connection c;
        ConnectionParams params = InstanceManager::rootParams(state.instances.at(instance).spec);
        params.readTimeoutSec = 600;
        params.writeTimeoutSec = 600;
        if (!c.open(params)) {
            failWith(c.lastError());
            return;
        }
        if (!c.exec(QStringLiteral("SET SESSION sql_log_bin=0, unique_checks=0, foreign_key_checks=0"))) {
            failWith(c.lastError());
            return;
        }
        for (int ti = 0; ti < plan.tables.size() && !stop; ++ti) {
            const TablePlan &p = plan.tables.at(ti);
            const size_t nodes = p.nodeName.size();
            std::vector<QByteArray> sql(nodes);
            std::vector<int> pending(nodes, 0);
            std::vector<qint64> local(nodes, 0);
            auto flush = [&](int node) {
                if (pending[size_t(node)] == 0)
                    return true;
                if (!c.exec(sql[size_t(node)])) {
                    failWith(c.lastError());
                    return false;
                }
                local[size_t(node)] += pending[size_t(node)];
                pending[size_t(node)] = 0;
                sql[size_t(node)].clear();
                return true;
            };
            const bool ok = visitRows(router, p, data, instance, stop, [&](int node, const RowRef &row) {
                QByteArray &s = sql[size_t(node)];
                if (pending[size_t(node)] == 0) {
                    s.reserve(rowsPerStatement * 300);
                    s = insertPrefix(p.table, p.nodeName[size_t(node)]);
                } else {
                    s += ',';
                }
                appendRow(s, p, data, row);
                if (++pending[size_t(node)] >= rowsPerStatement)
                    return flush(node);
                return true;
            });
            for (size_t n = 0; ok && n < nodes; ++n)
                if (!flush(int(n)))
                    break;
            // Secondary keys are built once, sorted, after the rows are in (if the table lacks them).
            for (size_t n = 0; ok && addKeys && !stop && n < nodes; ++n) {
                if (p.nodeInstance[n] != instance)
                    continue;
                const QString sql = DemoSchema::addSecondaryKeysSql(p.table, p.nodeSchema[n], p.nodeTable[n]);
                if (!sql.isEmpty() && !c.exec(sql)) {
                    failWith(c.lastError());
                    break;
                }
            }
            std::lock_guard<std::mutex> lock(mutex);
            for (size_t n = 0; n < nodes; ++n)
                counts[size_t(ti)][n] += local[n];
        }
        // Broadcast tables: the same three rows on every data source of this instance, ids included
        // (each instance's AUTO_INCREMENT has its own residue).
        for (const SandboxDataSource &ds : state.dataSources) {
            if (ds.instance != instance || ds.spare || stop)
                continue;
            for (const DemoTable &t : broadcast) {
                const QByteArray name = (Connection::quoteIdentifier(ds.schema) + QLatin1Char('.') +
                                         Connection::quoteIdentifier(t.logicTable)).toUtf8();
                const QByteArray s = insertPrefix(t, name) + "(1,'demo-1','first'),(2,'demo-2','second'),(3,'demo-3','third')";
                if (!c.exec(s)) {
                    failWith(c.lastError());
                    return;
                }
                std::lock_guard<std::mutex> lock(mutex);
                broadcastRows += 3;
            }
        }
    };

    std::vector<std::thread> threads;
    for (int i = 0; i < state.instances.size(); ++i) {
        bool carriesData = false;
        for (const SandboxDataSource &ds : state.dataSources)
            carriesData = carriesData || (ds.instance == i && !ds.spare);
        if (carriesData)
            threads.emplace_back(worker, i);
    }
    for (auto &t : threads)
        t.join();

    for (int ti = 0; ti < plan.tables.size(); ++ti) {
        const TablePlan &p = plan.tables.at(ti);
        for (int n = 0; n < p.rule->dataNodes.size(); ++n) {
            const qint64 v = counts[size_t(ti)][size_t(n)];
            result.rowsPerNode.insert(p.rule->dataNodes.at(n), v);
            result.totalRows += v;
            if (p.table.kind == DemoTableKind::Messages)
                result.messages += v;
        }
    }
    result.totalRows += broadcastRows;
    result.seconds = double(timer.nsecsElapsed()) / 1e9;
    result.error = firstError;
    result.ok = firstError.isEmpty();
    return result;
}

} // namespace sp::sandbox
