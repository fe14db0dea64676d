#include "core/sandbox/DemoSchema.h"

#include "core/cluster/Connection.h"
#include "core/routing/Router.h"
#include "core/routing/TableRoute.h"

#include <initializer_list>

namespace sp::sandbox {

namespace {
const QString kTableOptions = QStringLiteral(" ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci");

// Column names compare without case in MariaDB.
bool sameName(const QString &a, const QString &b)
{
    return a.compare(b, Qt::CaseInsensitive) == 0;
}

bool taken(const QStringList &names, const QString &name)
{
    for (const QString &n : names)
        if (sameName(n, name))
            return true;
    return false;
}

// The first candidate no routing column uses, else the last one with a number appended.
QString freeName(const QStringList &used, const QStringList &candidates)
{
    for (const QString &c : candidates)
        if (!taken(used, c))
            return c;
    for (int i = 2;; ++i) {
        const QString c = candidates.last() + QLatin1Char('_') + QString::number(i);
        if (!taken(used, c))
            return c;
    }
}

// The columns the table's database and table strategies read, sharding column first.
QStringList routingColumns(const ShardingConfig &config, const TableRule &rule)
{
    QStringList out;
    for (const StrategyDef &s : {config.effectiveDatabaseStrategy(rule), config.effectiveTableStrategy(rule)})
        for (const QString &c : s.columns)
            if (!c.isEmpty() && !taken(out, c))
                out << c;
    return out;
}

// True when the table's algorithms route a number but not a text id (MOD, INLINE arithmetic).
bool routesNumbersOnly(const Router &router, const QString &logicTable)
{
    if (router.route(logicTable, ShardingValue{QStringLiteral("u0demo"), KeyType::Auto}).ok)
        return false;
    return router.route(logicTable, ShardingValue{QStringLiteral("100001"), KeyType::Auto}).ok;
}
} // namespace

DemoTableKind DemoSchema::kindOf(const QString &logicTable, const QString &column)
{
    auto oneOf = [&column](std::initializer_list<const char *> names) {
        if (column.isEmpty())
            return true;
        for (const char *n : names)
            if (sameName(column, QLatin1String(n)))
                return true;
        return false;
    };
    if (sameName(logicTable, QStringLiteral("t_messages")) && oneOf({"_target", "_from", "_mid"}))
        return DemoTableKind::Messages;
    if (sameName(logicTable, QStringLiteral("t_user_messages")) && oneOf({"_uid", "_mid", "_seq"}))
        return DemoTableKind::UserMessages;
    return DemoTableKind::Generic;
}

QList<DemoTable> DemoSchema::tables(const ShardingConfig &config)
{
    QList<DemoTable> out;
    const Router router(config);
    for (const TableRule &rule : config.tables) {
        DemoTable t;
        t.logicTable = rule.logicTable;
        t.shardingColumn = shardingColumn(config, rule);
        const QStringList columns = routingColumns(config, rule);
        // The fsharechat shapes route on one of their own columns; two routing columns (or another
        // column) get the generic shape, which carries every one of them.
        t.kind = columns.size() <= 1 ? kindOf(rule.logicTable, t.shardingColumn) : DemoTableKind::Generic;
        if (t.shardingColumn.isEmpty())
            t.shardingColumn = t.kind == DemoTableKind::Messages ? QStringLiteral("_target") : QStringLiteral("_uid");
        if (t.kind == DemoTableKind::Generic) {
            t.keyColumns = columns.isEmpty() ? QStringList{t.shardingColumn} : columns;
            t.idColumn = freeName(t.keyColumns, {QStringLiteral("id"), QStringLiteral("demo_id")});
            t.payloadColumn = freeName(t.keyColumns, {QStringLiteral("payload"), QStringLiteral("demo_payload")});
            t.timeColumn = freeName(t.keyColumns, {QStringLiteral("_dt"), QStringLiteral("demo_dt")});
            t.numericKey = routesNumbersOnly(router, rule.logicTable);
        }
        out.append(t);
    }
    for (const BroadcastTable &b : config.broadcastTables) {
        if (config.table(b.name))
            continue;
        DemoTable t;
        t.logicTable = b.name;
        t.kind = DemoTableKind::Broadcast;
        out.append(t);
    }
    return out;
}

QString DemoSchema::createDatabaseSql(const QString &schema)
{
    return QStringLiteral("CREATE DATABASE IF NOT EXISTS ") + Connection::quoteIdentifier(schema) +
        QStringLiteral(" DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci");
}

namespace {
QString secondaryKeys(const DemoTable &table)
{
    switch (table.kind) {
    case DemoTableKind::Messages:
        return QStringLiteral("KEY `message_mid_index` (`_mid`)");
    case DemoTableKind::UserMessages:
        return QStringLiteral("KEY `message_uid_seq_index` (`_uid`, `_seq`)");
    case DemoTableKind::Generic: {
        // One row per key: unique, so index statistics can tell that every key holds one row.
        const QString column = table.keyColumns.value(0, table.shardingColumn);
        return QStringLiteral("UNIQUE KEY ") + Connection::quoteIdentifier(QStringLiteral("idx_") + column.left(40)) +
            QStringLiteral(" (") + Connection::quoteIdentifier(column) + QLatin1Char(')');
    }
    case DemoTableKind::Broadcast:
        break;
    }
    return {};
}
} // namespace

QString DemoSchema::addSecondaryKeysSql(const DemoTable &table, const QString &schema, const QString &physicalTable)
{
    const QString keys = secondaryKeys(table);
    if (keys.isEmpty())
        return {};
    return QStringLiteral("ALTER TABLE ") + Connection::quoteIdentifier(schema) + QLatin1Char('.') +
        Connection::quoteIdentifier(physicalTable) + QStringLiteral(" ADD ") + QString(keys).replace(QStringLiteral("KEY "), QStringLiteral("KEY IF NOT EXISTS "));
}

QString DemoSchema::createTableSql(const DemoTable &table, const QString &schema, const QString &physicalTable,
                                   bool withKeys)
{
    const QString name = Connection::quoteIdentifier(schema) + QLatin1Char('.') + Connection::quoteIdentifier(physicalTable);
    switch (table.kind) {
    case DemoTableKind::Messages:
        return QStringLiteral("CREATE TABLE IF NOT EXISTS ") + name +
            QStringLiteral(" (`id` INT NOT NULL AUTO_INCREMENT, `_mid` BIGINT NOT NULL, `_from` VARCHAR(64) NOT NULL,"
                           " `_type` TINYINT NOT NULL DEFAULT 0, `_target` VARCHAR(64) NOT NULL,"
                           " `_line` INT NOT NULL DEFAULT 0, `_data` BLOB, `_searchable_key` TEXT NULL,"
                           " `_dt` DATETIME NOT NULL, PRIMARY KEY (`id`)") +
            (withKeys ? QStringLiteral(", ") + secondaryKeys(table) : QString()) + QLatin1Char(')') + kTableOptions;
    case DemoTableKind::UserMessages:
        return QStringLiteral("CREATE TABLE IF NOT EXISTS ") + name +
            QStringLiteral(" (`id` INT NOT NULL AUTO_INCREMENT, `_mid` BIGINT NOT NULL, `_uid` VARCHAR(64) NOT NULL,"
                           " `_seq` BIGINT NOT NULL, `_dt` DATETIME NOT NULL, PRIMARY KEY (`id`)") +
            (withKeys ? QStringLiteral(", ") + secondaryKeys(table) : QString()) + QLatin1Char(')') + kTableOptions;
    case DemoTableKind::Generic: {
        const QString id = Connection::quoteIdentifier(table.idColumn);
        QString columns = id + QStringLiteral(" INT NOT NULL AUTO_INCREMENT, ");
        for (const QString &c : table.keyColumns)
            columns += Connection::quoteIdentifier(c) +
                (table.numericKey ? QStringLiteral(" BIGINT NOT NULL, ") : QStringLiteral(" VARCHAR(64) NOT NULL, "));
        columns += Connection::quoteIdentifier(table.payloadColumn) + QStringLiteral(" VARCHAR(255) NULL, ") +
            Connection::quoteIdentifier(table.timeColumn) + QStringLiteral(" DATETIME NULL, PRIMARY KEY (") + id +
            QLatin1Char(')');
        return QStringLiteral("CREATE TABLE IF NOT EXISTS ") + name + QStringLiteral(" (") + columns +
            (withKeys ? QStringLiteral(", ") + secondaryKeys(table) : QString()) + QLatin1Char(')') + kTableOptions;
    }
    case DemoTableKind::Broadcast:
        return QStringLiteral("CREATE TABLE IF NOT EXISTS ") + name +
            QStringLiteral(" (`id` INT NOT NULL AUTO_INCREMENT, `name` VARCHAR(64) NOT NULL, `payload` VARCHAR(255) NULL,"
                           " PRIMARY KEY (`id`))") +
            kTableOptions;
    }
    return {};
}

QStringList DemoSchema::statementsFor(const ShardingConfig &config, const QString &dataSource, const QString &schema,
                                      bool secondaryKeys)
{
    QStringList out{createDatabaseSql(schema)};
    for (const DemoTable &t : tables(config)) {
        if (t.kind == DemoTableKind::Broadcast) {
            out.append(createTableSql(t, schema, t.logicTable));
            continue;
        }
        const TableRule *rule = config.table(t.logicTable);
        for (const DataNode &n : rule->dataNodes)
            if (n.dataSource == dataSource)
                out.append(createTableSql(t, schema, n.table, secondaryKeys));
    }
    return out;
}

} // namespace sp::sandbox
