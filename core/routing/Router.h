#pragma once
#include "core/config/ShardingConfig.h"
#include "core/routing/ShardingValue.h"

#include <QStringList>

namespace sp {

struct TableRoute;

struct RouteResult
{
    bool ok = false;
    DataNode node;
    QString error;         // one line, for people
    QStringList ambiguous; // candidate targets when the suffix match was ambiguous
    bool cannotEvaluate = false;
};

// Maps (logic table, key) to a data node the way ShardingSphere does: the database strategy picks a
// data source among the table's data nodes, the table strategy picks an actual table among that data
// source's nodes. Build once per config; route() is thread-safe and allocation-light.
class Router final
{
public:
    explicit Router(const ShardingConfig &config);
    ~Router();
    Router(const Router &) = delete;
    Router &operator=(const Router &) = delete;

    RouteResult route(const QString &logicTable, const ShardingValue &key) const;
    // The same without RouteResult::ambiguous (left empty): for bulk routing that does not read it.
    RouteResult routeQuietly(const QString &logicTable, const ShardingValue &key) const;
    // Fast path for benchmarks and bulk routing: returns the index into the table's dataNodes, or -1.
    // `type` as ShardingValue::type; the answer is always the one route() gives for that key.
    int routeIndex(const QString &logicTable, QByteArrayView utf8Key, KeyType type = KeyType::Auto) const;
    // The compiled routing of a table (found as route() finds it), null when no rule names it.
    const TableRoute *table(const QString &logicTable) const;

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace sp
