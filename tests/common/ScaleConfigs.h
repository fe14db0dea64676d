#pragma once
// Generated sharding configs of a given size, for unit.scale (the documented limits) and
// tests/bench/config_scale_bench (N versus 4N). Header-only: the bench links shardcore alone.
#include <QByteArray>
#include <QString>

namespace sp::test::scale {

inline QByteArray num(qint64 i)
{
    return QByteArray::number(i);
}

inline QByteArray dataSources(int count, int firstPort = 3306)
{
    QByteArray y = "dataSources:\n";
    for (int i = 0; i < count; ++i)
        y += "  ds_" + num(i) + ":\n    url: jdbc:mysql://10.0." + num(i / 250) + '.' + num(i % 250 + 1) + ':' +
             num(firstPort) + "/app\n    username: app\n";
    return y;
}

// Two data sources, logic tables t_order and t_order_item (bound; t_order alone without `bound`)
// with `perSource` actual tables on each: MOD on the database level, HASH_MOD on the table level;
// a few broadcast tables.
inline QByteArray wideTables(int perSource, bool bound = true)
{
    QByteArray y = dataSources(2);
    y += "rules:\n- !SHARDING\n  tables:\n";
    for (const char *t : {"t_order", "t_order_item"}) {
        if (!bound && QByteArray(t) != "t_order")
            continue;
        y += "    " + QByteArray(t) + ":\n      actualDataNodes: ds_${0..1}." + t + "_${0.." + num(perSource - 1) +
             "}\n";
        y += "      databaseStrategy:\n        standard:\n          shardingColumn: order_id\n"
             "          shardingAlgorithmName: db-mod\n";
        y += "      tableStrategy:\n        standard:\n          shardingColumn: order_id\n"
             "          shardingAlgorithmName: table-hash\n";
    }
    if (bound)
        y += "  bindingTables:\n  - t_order,t_order_item\n";
    y += "  shardingAlgorithms:\n    db-mod:\n      type: MOD\n      props:\n        sharding-count: 2\n";
    y += "    table-hash:\n      type: HASH_MOD\n      props:\n        sharding-count: " + num(perSource) + '\n';
    y += "- !BROADCAST\n  tables:\n  - t_dict\n  - t_region\n";
    return y;
}

// `tables` logic tables on 4 data sources (2 actual tables each), each with its own table
// algorithm; bound in pairs; as many broadcast tables as logic tables.
inline QByteArray manyTables(int tables)
{
    QByteArray y = dataSources(4);
    y += "rules:\n- !SHARDING\n  tables:\n";
    for (int i = 0; i < tables; ++i) {
        const QByteArray t = "t" + num(i);
        y += "    " + t + ":\n      actualDataNodes: ds_${0..3}." + t + "_${0..1}\n";
        y += "      tableStrategy:\n        standard:\n          shardingColumn: id\n"
             "          shardingAlgorithmName: tb" + num(i) + '\n';
    }
    y += "  bindingTables:\n";
    for (int i = 0; i + 1 < tables; i += 2)
        y += "  - t" + num(i) + ",t" + num(i + 1) + '\n';
    y += "  defaultDatabaseStrategy:\n    standard:\n      shardingColumn: id\n      shardingAlgorithmName: db-crc\n";
    y += "  shardingAlgorithms:\n    db-crc:\n      type: CRC32_MOD\n      props:\n        sharding-count: 4\n";
    for (int i = 0; i < tables; ++i)
        y += "    tb" + num(i) + ":\n      type: CRC32_MOD\n      props:\n        sharding-count: 2\n        divisor: 4\n";
    y += "- !BROADCAST\n  tables:\n";
    for (int i = 0; i < tables; ++i)
        y += "  - b" + num(i) + '\n';
    return y;
}

// One auto table over 4 data sources, routed by BOUNDARY_RANGE with `boundaries` boundaries
// (boundaries + 1 actual tables).
inline QByteArray boundaryRange(int boundaries)
{
    QByteArray y = dataSources(4);
    y += "rules:\n- !SHARDING\n  autoTables:\n    t_range:\n      actualDataSources: ds_${0..3}\n"
         "      shardingStrategy:\n        standard:\n          shardingColumn: id\n"
         "          shardingAlgorithmName: ranges\n";
    y += "  shardingAlgorithms:\n    ranges:\n      type: BOUNDARY_RANGE\n      props:\n        sharding-ranges: \"";
    y.reserve(y.size() + qsizetype(boundaries) * 9);
    for (int i = 0; i < boundaries; ++i) {
        if (i > 0)
            y += ',';
        y += num(qint64(i + 1) * 100);
    }
    y += "\"\n";
    return y;
}

// `sources` data sources, one logic table with 2 actual tables on each, the database level a
// CONSISTENT_HASH ring (ring plans add ds_<sources>).
inline QByteArray manySourcesRing(int sources)
{
    QByteArray y = dataSources(sources);
    y += "rules:\n- !SHARDING\n  tables:\n    t_msg:\n      actualDataNodes: ds_${0.." + num(sources - 1) +
         "}.t_msg_${0..1}\n";
    y += "      databaseStrategy:\n        standard:\n          shardingColumn: target\n"
         "          shardingAlgorithmName: ring\n";
    y += "      tableStrategy:\n        standard:\n          shardingColumn: target\n"
         "          shardingAlgorithmName: table-crc\n";
    y += "  shardingAlgorithms:\n    ring:\n      type: CONSISTENT_HASH\n      props:\n        virtual-nodes: 16\n";
    y += "    table-crc:\n      type: CRC32_MOD\n      props:\n        sharding-count: 2\n        divisor: 65536\n";
    return y;
}

// `sources` data sources, one logic table with 2 actual tables on each, CRC32_MOD at both levels
// (mod-double and remap plans).
inline QByteArray manySourcesCrc(int sources)
{
    QByteArray y = dataSources(sources);
    y += "rules:\n- !SHARDING\n  tables:\n    t_msg:\n      actualDataNodes: ds_${0.." + num(sources - 1) +
         "}.t_msg_${0..1}\n";
    y += "      databaseStrategy:\n        standard:\n          shardingColumn: target\n"
         "          shardingAlgorithmName: db-crc\n";
    y += "      tableStrategy:\n        standard:\n          shardingColumn: target\n"
         "          shardingAlgorithmName: table-crc\n";
    y += "  shardingAlgorithms:\n    db-crc:\n      type: CRC32_MOD\n      props:\n        sharding-count: " +
         num(sources) + '\n';
    y += "    table-crc:\n      type: CRC32_MOD\n      props:\n        sharding-count: 2\n        divisor: 65536\n";
    return y;
}

} // namespace sp::test::scale
