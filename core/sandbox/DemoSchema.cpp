#include "core/sandbox/DemoSchema.h"

#include "core/cluster/Connection.h"
#include "core/routing/TableRoute.h"

namespace sp::sandbox {

namespace {
const QString kTableOptions = QStringLiteral(" ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci");
}

DemoTableKind DemoSchema::kindOf(const QString &logicTable)
{
    if (logicTable.compare(QLatin1String("t_messages"), Qt::CaseInsensitive) == 0)
        return DemoTableKind::Messages;
    if (logicTable.compare(QLatin1String("t_user_messages"), Qt::CaseInsensitive) == 0)
        return DemoTableKind::UserMessages;
    return DemoTableKind::Generic;
}

QList<DemoTable> DemoSchema::tables(const ShardingConfig &config)
{
    QList<DemoTable> out;
    for (const TableRule &rule : config.tables) {
        DemoTable t;
        t.logicTable = rule.logicTable;
        t.kind = kindOf(rule.logicTable);
        t.shardingColumn = shardingColumn(config, rule);
        if (t.shardingColumn.isEmpty())
            t.shardingColumn = t.kind == DemoTableKind::Messages ? QStringLiteral("_target") : QStringLiteral("_uid");
        out.append(t);
    }
    for (const BroadcastTable &b : config.broadcastTables) {
        if (config.table(b.name))
            continue;
        out.append(DemoTable{b.name, DemoTableKind::Broadcast, {}});
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
    case DemoTableKind::Generic:
        return QStringLiteral("KEY ") + Connection::quoteIdentifier(QStringLiteral("idx_") + table.shardingColumn.left(40)) +
            QStringLiteral(" (") + Connection::quoteIdentifier(table.shardingColumn) + QLatin1Char(')');
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
    case DemoTableKind::Generic:
        return QStringLiteral("CREATE TABLE IF NOT EXISTS ") + name + QStringLiteral(" (`id` INT NOT NULL AUTO_INCREMENT, ") +
            Connection::quoteIdentifier(table.shardingColumn) +
            QStringLiteral(" VARCHAR(64) NOT NULL, `payload` VARCHAR(255) NULL, `_dt` DATETIME NULL, PRIMARY KEY (`id`)") +
            (withKeys ? QStringLiteral(", ") + secondaryKeys(table) : QString()) + QLatin1Char(')') + kTableOptions;
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
