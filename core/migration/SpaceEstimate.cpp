#include "core/migration/SpaceEstimate.h"

namespace sp::migration {

std::optional<qint64> tablespaceBytes(Connection &c, const QString &schema, const QString &table)
{
    // The name as InnoDB keeps it, as PreVerify's table identity reads it.
    auto r = c.query(
        QStringLiteral("SELECT FILE_SIZE FROM information_schema.INNODB_SYS_TABLESPACES WHERE NAME = %1")
            .arg(c.quoteString(schema + QLatin1Char('/') + table)));
    if (!r || r->rows.size() != 1 || r->rows.first().at(0).isNull())
        return std::nullopt;
    return r->rows.first().at(0).toLongLong();
}

} // namespace sp::migration
