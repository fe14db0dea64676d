#include "core/migration/NullKeys.h"

#include <QLocale>

namespace sp::migration {

std::optional<qint64> countNullKeys(Connection &c, const MoveUnit &u, QString *error)
{
    if (u.broadcast || u.shardingColumn.isEmpty())
        return 0;
    auto nullable =
        c.queryValue(QStringLiteral("SELECT IS_NULLABLE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = "
                                    "%1 AND TABLE_NAME = %2 AND COLUMN_NAME = %3")
                         .arg(c.quoteString(u.sourceSchema), c.quoteString(u.source.table),
                              c.quoteString(u.shardingColumn)));
    if (!nullable) {
        *error = c.lastError();
        return std::nullopt;
    }
    if (nullable->toString() != QLatin1String("YES"))
        return 0;
    auto n = c.queryValue(QStringLiteral("SELECT COUNT(*) FROM ") + u.qualifiedSource() +
                          QStringLiteral(" WHERE ") + Connection::quoteIdentifier(u.shardingColumn) +
                          QStringLiteral(" IS NULL"));
    if (!n) {
        *error = c.lastError();
        return std::nullopt;
    }
    return n->toLongLong();
}

QString nullKeysWarning(const MoveUnit &u, qint64 rows)
{
    return QStringLiteral(
               "warning: %1: %2 rows have a NULL %3, which no config routes: they do not move and stay on "
               "%1 (also after T9, where the new config does not look for them); give them a key and run "
               "again if they belong elsewhere")
        .arg(u.source.toString(), QLocale(QLocale::English).toString(rows), u.shardingColumn);
}

} // namespace sp::migration
