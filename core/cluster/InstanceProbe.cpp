#include "core/cluster/InstanceProbe.h"

namespace sp::inspection {

namespace {

QMap<QString, QString> nameValueRows(const QueryResult &r)
{
    QMap<QString, QString> out;
    for (const auto &row : r.rows)
        if (row.size() >= 2)
            out.insert(row.at(0).toString().toLower(), row.at(1).toString());
    return out;
}

bool isOn(const QString &v)
{
    return v.compare(QLatin1String("ON"), Qt::CaseInsensitive) == 0 || v == QLatin1String("1");
}

qint64 toInt64(const QVariant &v)
{
    if (!v.isValid() || v.isNull())
        return -1;
    bool ok = false;
    const qint64 n = v.toLongLong(&ok);
    return ok ? n : -1;
}

QString column(const QueryResult &r, int row, std::initializer_list<const char *> names)
{
    for (const char *n : names) {
        const int i = r.columnIndex(QString::fromLatin1(n));
        if (i >= 0)
            return r.rows.at(row).at(i).toString();
    }
    return QString();
}

} // namespace

bool isConnectionError(unsigned mysqlErrno)
{
    return mysqlErrno >= 2000 && mysqlErrno < 3000;
}

bool probeHealth(Connection &c, InstanceHealth &h, QStringList *notes)
{
    h.reachable = true;
    h.error.clear();
    h.errorCode = 0;
    h.version = c.serverVersion();

    const auto vars = c.query(QStringLiteral(
        "SHOW GLOBAL VARIABLES WHERE Variable_name IN ('read_only', 'log_bin', 'binlog_format',"
        " 'binlog_row_image', 'server_id', 'max_connections', 'version')"));
    if (!vars) {
        if (isConnectionError(c.lastErrno()))
            return false;
        if (notes)
            notes->append(c.lastError());
    } else {
        const auto v = nameValueRows(*vars);
        if (v.contains(QStringLiteral("version")))
            h.version = v.value(QStringLiteral("version"));
        h.readOnly = isOn(v.value(QStringLiteral("read_only")));
        h.logBin = isOn(v.value(QStringLiteral("log_bin")));
        h.binlogFormat = h.logBin ? v.value(QStringLiteral("binlog_format")) : QString();
        h.binlogRowImage = v.value(QStringLiteral("binlog_row_image"));
        h.serverId = v.contains(QStringLiteral("server_id"))
                         ? v.value(QStringLiteral("server_id")).toLongLong()
                         : -1;
        h.maxConnections = v.contains(QStringLiteral("max_connections"))
                               ? v.value(QStringLiteral("max_connections")).toInt()
                               : -1;
    }

    const auto status = c.query(QStringLiteral(
        "SHOW GLOBAL STATUS WHERE Variable_name IN ('Uptime', 'Threads_connected')"));
    if (!status) {
        if (isConnectionError(c.lastErrno()))
            return false;
        if (notes)
            notes->append(c.lastError());
    } else {
        const auto s = nameValueRows(*status);
        h.uptimeSeconds = s.contains(QStringLiteral("uptime"))
                              ? s.value(QStringLiteral("uptime")).toLongLong()
                              : -1;
        h.connections = s.contains(QStringLiteral("threads_connected"))
                            ? s.value(QStringLiteral("threads_connected")).toInt()
                            : -1;
    }

    // MariaDB >= 10.5 and MySQL >= 8.0.22 know REPLICA; older servers only SLAVE.
    auto replica = c.query(QStringLiteral("SHOW REPLICA STATUS"));
    if (!replica && !isConnectionError(c.lastErrno()))
        replica = c.query(QStringLiteral("SHOW SLAVE STATUS"));
    if (!replica) {
        if (isConnectionError(c.lastErrno()))
            return false;
        // 1227: the account lacks SLAVE MONITOR / REPLICA MONITOR (REPLICATION CLIENT on MySQL).
        // Said once per inspection by the caller, not once per server.
        const bool noPrivilege = c.lastErrno() == 1227 || c.lastErrno() == 1044 || c.lastErrno() == 1142;
        h.replicaState = noPrivilege ? QString::fromLatin1(kNoPrivilege) : QStringLiteral("unknown");
        if (notes && !noPrivilege)
            notes->append(QStringLiteral("replica status: ") + c.lastError());
    } else if (replica->rows.isEmpty()) {
        h.isReplica = false;
    } else {
        h.isReplica = true;
        const QString io = column(*replica, 0, {"Slave_IO_Running", "Replica_IO_Running"});
        const QString sql = column(*replica, 0, {"Slave_SQL_Running", "Replica_SQL_Running"});
        h.replicaState = QStringLiteral("IO: %1, SQL: %2").arg(io, sql);
        int lagCol = replica->columnIndex(QStringLiteral("Seconds_Behind_Master"));
        if (lagCol < 0)
            lagCol = replica->columnIndex(QStringLiteral("Seconds_Behind_Source"));
        if (lagCol >= 0 && !replica->isNull(0, lagCol))
            h.replicaLagSeconds = replica->rows.at(0).at(lagCol).toLongLong();
        const QString lastError = column(*replica, 0, {"Last_Error", "Last_SQL_Error"});
        if (!lastError.isEmpty())
            h.replicaState += QStringLiteral(" (") + lastError.simplified() + QLatin1Char(')');
    }
    return true;
}

std::optional<QList<SchemaTable>> listSchemaTables(Connection &c, const QString &schema,
                                                   QString *error)
{
    const QString quoted = c.quoteString(schema);
    if (quoted.isEmpty()) {
        if (error)
            *error = QStringLiteral("cannot quote the schema name (connection closed)");
        return std::nullopt;
    }
    const auto r = c.query(
        QStringLiteral("SELECT TABLE_NAME, TABLE_ROWS, DATA_LENGTH, INDEX_LENGTH, AUTO_INCREMENT"
                       " FROM information_schema.TABLES WHERE TABLE_SCHEMA = ") +
        quoted + QStringLiteral(" AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME"));
    if (!r) {
        if (error)
            *error = c.lastError();
        return std::nullopt;
    }
    QList<SchemaTable> out;
    out.reserve(r->rows.size());
    for (const auto &row : r->rows) {
        SchemaTable t;
        t.name = row.at(0).toString();
        t.estimatedRows = toInt64(row.at(1));
        t.dataBytes = toInt64(row.at(2));
        t.indexBytes = toInt64(row.at(3));
        t.autoIncrement = toInt64(row.at(4));
        out.append(t);
    }
    return out;
}

QString countStatement(const QString &schema, const QString &table, int timeoutSec, bool mariadb)
{
    const QString s = Connection::quoteIdentifier(schema);
    const QString t = Connection::quoteIdentifier(table);
    if (s.isEmpty() || t.isEmpty())
        return QString();
    const QString from = s + QLatin1Char('.') + t;
    if (timeoutSec <= 0)
        return QStringLiteral("SELECT COUNT(*) FROM ") + from;
    if (mariadb)
        return QStringLiteral("SET STATEMENT max_statement_time=%1 FOR SELECT COUNT(*) FROM ")
                   .arg(timeoutSec) +
               from;
    return QStringLiteral("SELECT /*+ MAX_EXECUTION_TIME(%1) */ COUNT(*) FROM ")
               .arg(qint64(timeoutSec) * 1000) +
           from;
}

std::optional<qint64> countRows(Connection &c, const QString &schema, const QString &table,
                                int timeoutSec, QString *error)
{
    const bool mariadb = c.serverVersion().contains(QLatin1String("MariaDB"), Qt::CaseInsensitive);
    const QString sql = countStatement(schema, table, timeoutSec, mariadb);
    if (sql.isEmpty()) {
        QString why;
        if (!Connection::isValidIdentifier(schema, &why))
            why = QStringLiteral("schema: ") + why;
        else
            Connection::isValidIdentifier(table, &why);
        if (error)
            *error = QStringLiteral("invalid name: ") + why;
        return std::nullopt;
    }
    const auto v = c.queryValue(sql);
    if (!v || !v->isValid()) {
        if (error)
            *error = c.lastError().isEmpty() ? QStringLiteral("COUNT(*) returned no row") : c.lastError();
        return std::nullopt;
    }
    return v->toLongLong();
}

} // namespace sp::inspection
