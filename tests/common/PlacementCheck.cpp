#include "PlacementCheck.h"

#include "core/cluster/Connection.h"

namespace sp::test {

QString exactColumnSql(const QString &dataType, const QString &column)
{
    const QString q = Connection::quoteIdentifier(column);
    const QString t = dataType.toLower();
    if (t == QLatin1String("float")) // the text protocol prints 6 digits; as DOUBLE its exact value
        return QStringLiteral("CAST(CAST(%1 AS DOUBLE) AS CHAR)").arg(q);
    if (t == QLatin1String("double") || t == QLatin1String("decimal") || t.contains(QLatin1String("int")) ||
        t == QLatin1String("year") || t == QLatin1String("date") || t == QLatin1String("datetime") ||
        t == QLatin1String("timestamp") || t == QLatin1String("time"))
        return QStringLiteral("CAST(%1 AS CHAR)").arg(q); // shortest round-trip DOUBLE text, full digits
    if (t == QLatin1String("enum") || t == QLatin1String("set"))
        return QStringLiteral("CAST(%1+0 AS UNSIGNED)").arg(q);
    if (t == QLatin1String("bit"))
        return QStringLiteral("HEX(CAST(%1 AS BINARY))").arg(q);
    return QStringLiteral("HEX(%1)").arg(q); // the stored bytes of strings, BLOBs, JSON, geometry, INET6, UUID
}

bool rowFingerprintSql(Connection &c, const QString &schema, const QString &table, QString *expr,
                       QString *error)
{
    expr->clear();
    auto cols = c.query(QStringLiteral("SELECT COLUMN_NAME, DATA_TYPE FROM information_schema.COLUMNS WHERE "
                                       "TABLE_SCHEMA = %1 AND TABLE_NAME = %2 ORDER BY ORDINAL_POSITION")
                            .arg(c.quoteString(schema), c.quoteString(table)));
    if (!cols) {
        *error = c.lastError();
        return false;
    }
    if (cols->rows.isEmpty())
        return true;
    QStringList hex, nulls;
    for (const auto &r : cols->rows) {
        const QString q = Connection::quoteIdentifier(r.at(0).toString());
        hex.append(exactColumnSql(r.at(1).toString(), r.at(0).toString()));
        nulls.append(QStringLiteral("ISNULL(") + q + QLatin1Char(')'));
    }
    *expr = QStringLiteral("SHA2(CONCAT_WS(',', %1, CONCAT(%2)), 256)")
                .arg(hex.join(QLatin1Char(',')), nulls.join(QLatin1Char(',')));
    return true;
}

bool readPlacement(SandboxFixture &fx, const QStringList &dataSources, const std::map<QString, QString> &tables,
                   int dbCount, int tablesPerDb, Placement *out, QString *error)
{
    for (const QString &ds : dataSources) {
        Connection c;
        if (!c.open(fx.rootParams(fx.instanceOf(ds))) || !c.exec(QStringLiteral("SET SESSION sql_log_bin = 0"))) {
            *error = c.lastError();
            return false;
        }
        const QString schema = fx.schema(ds);
        for (const auto &[logic, column] : tables) {
            QStringList physical;
            if (column.isEmpty())
                physical.append(logic);
            else
                for (int t = 0; t < tablesPerDb; ++t)
                    physical.append(logic + QLatin1Char('_') + QString::number(t));
            for (const QString &table : physical) {
                QString fingerprint;
                if (!rowFingerprintSql(c, schema, table, &fingerprint, error))
                    return false;
                if (fingerprint.isEmpty())
                    continue; // not created (yet)
                const QString key = Connection::quoteIdentifier(column);
                const QString route = column.isEmpty() ? QStringLiteral("-1, -1")
                                                       : QStringLiteral("CRC32(%1) MOD %2, (CRC32(%1) DIV 65536) MOD %3")
                                                             .arg(key)
                                                             .arg(dbCount)
                                                             .arg(tablesPerDb);
                auto rows = c.query(QStringLiteral("SELECT id, %1, %2 FROM %3.%4")
                                        .arg(route, fingerprint, Connection::quoteIdentifier(schema),
                                             Connection::quoteIdentifier(table)));
                if (!rows) {
                    *error = c.lastError();
                    return false;
                }
                const QString here = ds + QLatin1Char('.') + table;
                auto &mine = out->actual[here];
                for (const auto &r : rows->rows) {
                    const qint64 id = r.at(0).toLongLong();
                    const QByteArray fp = r.at(3).toByteArray();
                    mine[id] = fp;
                    if (column.isEmpty()) {
                        if (ds == QLatin1String("db0"))
                            for (int d = 0; d < dbCount; ++d)
                                out->routed[QStringLiteral("db%1.%2").arg(d).arg(table)][id] = fp;
                    } else {
                        out->routed[QStringLiteral("db%1.%2_%3").arg(r.at(1).toInt()).arg(logic).arg(r.at(2).toInt())][id] = fp;
                    }
                }
            }
        }
    }
    return true;
}

QString compareNodes(const Placement &p, const QStringList &dataSources, qint64 *rowsCompared)
{
    QStringList problems;
    qint64 compared = 0;
    static const std::map<qint64, QByteArray> none;
    auto inScope = [&](const QString &node) { return dataSources.contains(node.section(QLatin1Char('.'), 0, 0)); };
    for (const auto &[node, want] : p.routed) {
        if (!inScope(node))
            continue;
        const auto it = p.actual.find(node);
        const auto &rows = it == p.actual.end() ? none : it->second;
        for (const auto &[id, fp] : want) {
            auto r = rows.find(id);
            if (r == rows.end())
                problems.append(QStringLiteral("%1 id %2 missing").arg(node).arg(id));
            else if (r->second != fp)
                problems.append(QStringLiteral("%1 id %2 differs").arg(node).arg(id));
            ++compared;
        }
    }
    for (const auto &[node, rows] : p.actual) {
        if (!inScope(node))
            continue;
        const auto it = p.routed.find(node);
        for (const auto &[id, fp] : rows)
            if (it == p.routed.end() || !it->second.count(id))
                problems.append(QStringLiteral("%1 id %2 extra").arg(node).arg(id));
    }
    if (rowsCompared)
        *rowsCompared = compared;
    return problems.mid(0, 20).join(QLatin1Char('\n'));
}

} // namespace sp::test
