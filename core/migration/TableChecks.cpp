#include "core/migration/TableChecks.h"

namespace sp::migration {

QStringList checkTable(Connection &c, const MoveUnit &u)
{
    QStringList out;
    const TableInfo &info = u.info;
    const QString name = u.source.toString() + QStringLiteral(" (") + u.sourceSchema + QLatin1Char('.') +
                         u.source.table + QLatin1Char(')');
    for (const ColumnInfo &col : info.cols)
        if (col.kind == ColumnKind::Unsupported)
            out.append(QStringLiteral("%1 column %2: %3").arg(name, col.name, col.why));
    for (int i : info.pk) {
        const ColumnInfo &col = info.cols.at(i);
        switch (col.kind) {
        case ColumnKind::Bit:
        case ColumnKind::Set:
        case ColumnKind::Geometry:
            out.append(QStringLiteral("%1: key %2 has a %3 column (%4), which the engine cannot order and compare "
                                      "as the server does")
                           .arg(name, info.keyName, col.dataType.toUpper(), col.name));
            break;
        default:
            break;
        }
    }
    if (!u.broadcast && info.shardColumn >= 0) {
        const ColumnInfo &sc = info.cols.at(info.shardColumn);
        const bool utf8 = sc.charset.startsWith(QLatin1String("utf8")) || sc.charset == QLatin1String("ascii");
        if (sc.kind == ColumnKind::Text && !utf8)
            out.append(QStringLiteral("%1: the sharding column %2 is in the character set %3; the engine routes string "
                                      "keys as UTF-8 text (as the application's driver hands them to the algorithm) "
                                      "and supports utf8mb3, utf8mb4 and ascii sharding columns only")
                           .arg(name, sc.name, sc.charset));
        if (sc.kind == ColumnKind::Binary || sc.kind == ColumnKind::Bit || sc.kind == ColumnKind::Geometry ||
            sc.kind == ColumnKind::Set)
            out.append(QStringLiteral("%1: the sharding column %2 is %3; the engine routes integer and text keys only")
                           .arg(name, sc.name, sc.columnType));
    }
    if (info.engine.compare(QLatin1String("InnoDB"), Qt::CaseInsensitive) != 0)
        out.append(QStringLiteral("%1 uses the %2 engine: the copy writes each chunk and its checkpoint in one "
                                  "transaction and reads in consistent snapshots, which need InnoDB")
                       .arg(name, info.engine.isEmpty() ? QStringLiteral("?") : info.engine));
    const QString schema = c.quoteString(u.sourceSchema), table = c.quoteString(u.source.table);
    auto list = [&](const QString &sql) -> QStringList {
        QStringList names;
        auto r = c.query(sql);
        if (!r) {
            out.append(QStringLiteral("%1: cannot check its features: %2").arg(name, c.lastError()));
            return names;
        }
        for (const auto &row : r->rows)
            names.append(row.at(0).toString());
        return names;
    };
    const QStringList versioned = list(
        QStringLiteral("SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = %1 AND TABLE_NAME = %2 "
                       "AND TABLE_TYPE = 'SYSTEM VERSIONED'")
            .arg(schema, table));
    if (!versioned.isEmpty())
        out.append(QStringLiteral("%1 is system-versioned: a copy would give every row a new history (row_start), "
                                  "and the history rows are not carried")
                       .arg(name));
    for (const QString &t : list(QStringLiteral("SELECT CONCAT(TRIGGER_SCHEMA, '.', TRIGGER_NAME) FROM "
                                                "information_schema.TRIGGERS WHERE EVENT_OBJECT_SCHEMA = %1 AND "
                                                "EVENT_OBJECT_TABLE = %2")
                                     .arg(schema, table)))
        out.append(QStringLiteral("%1 has the trigger %2: the targets are created without triggers, so after the "
                                  "switch the application's writes would skip it; move the trigger's logic or drop "
                                  "it first")
                       .arg(name, t));
    const QString qualified = QLatin1Char('`') + QString(u.sourceSchema).replace(QLatin1Char('`'), QStringLiteral("``")) +
                              QStringLiteral("`.`") + QString(u.source.table).replace(QLatin1Char('`'), QStringLiteral("``")) +
                              QLatin1Char('`');
    for (const QString &v : list(QStringLiteral("SELECT CONCAT(TABLE_SCHEMA, '.', TABLE_NAME) FROM information_schema.VIEWS "
                                                "WHERE LOCATE(%1, VIEW_DEFINITION) > 0")
                                     .arg(c.quoteString(qualified))))
        out.append(QStringLiteral("%1 is read by the view %2: after the switch the view would still read the old "
                                  "table, and writes through it can be logged as statements; drop or redefine it "
                                  "first")
                       .arg(name, v));
    for (const QString &fk : list(QStringLiteral("SELECT CONCAT(CONSTRAINT_SCHEMA, '.', TABLE_NAME, '.', CONSTRAINT_NAME) "
                                                 "FROM information_schema.REFERENTIAL_CONSTRAINTS WHERE "
                                                 "(CONSTRAINT_SCHEMA = %1 AND TABLE_NAME = %2) OR "
                                                 "(UNIQUE_CONSTRAINT_SCHEMA = %1 AND REFERENCED_TABLE_NAME = %2)")
                                      .arg(schema, table)))
        out.append(QStringLiteral("%1 takes part in the foreign key %2: changes InnoDB cascades are not in the "
                                  "binlog, so the capture would miss them, and rows of two sharded tables do not "
                                  "move together")
                       .arg(name, fk));
    return out;
}

} // namespace sp::migration
