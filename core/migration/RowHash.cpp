#include "core/migration/RowHash.h"

namespace sp::migration {

static QString exactForm(const ColumnInfo &c)
{
    const QString q = Connection::quoteIdentifier(c.name);
    switch (c.kind) {
    case ColumnKind::Float:
        return QStringLiteral("CAST(") + q + QStringLiteral(" AS DOUBLE)");
    case ColumnKind::Enum:
    case ColumnKind::Set:
        return QStringLiteral("CAST(") + q + QStringLiteral("+0 AS UNSIGNED)");
    case ColumnKind::Text:
    case ColumnKind::Binary:
    case ColumnKind::Bit:
    case ColumnKind::Geometry:
    case ColumnKind::Unsupported:
        return QStringLiteral("CAST(") + q + QStringLiteral(" AS BINARY)");
    default: // integers, DOUBLE (printed shortest round-trip), DECIMAL, temporal: exact text
        return q;
    }
}

QString rowSql(const TableInfo &info)
{
    QStringList cols, nulls, lengths;
    for (const ColumnInfo &c : info.cols) {
        const QString e = exactForm(c);
        cols.append(e);
        nulls.append(QStringLiteral("ISNULL(") + Connection::quoteIdentifier(c.name) + QLatin1Char(')'));
        lengths.append(QStringLiteral("LENGTH(") + e + QLatin1Char(')'));
    }
    // Every part binary, so CONCAT_WS never converts between character sets.
    return QStringLiteral("CONCAT_WS(_binary'#',") + cols.join(QLatin1Char(',')) + QStringLiteral(",CONCAT(") +
           nulls.join(QLatin1Char(',')) + QStringLiteral("),CONCAT_WS(_binary',',") + lengths.join(QLatin1Char(',')) +
           QStringLiteral("))");
}

static QStringList hashParts(const TableInfo &info, RowHashKind kind)
{
    const QString row = rowSql(info);
    if (kind == RowHashKind::Strong) {
        const QString sha = QStringLiteral("SHA2(") + row + QStringLiteral(", 256)");
        return {QStringLiteral("CAST(CONV(LEFT(") + sha + QStringLiteral(", 16), 16, 10) AS UNSIGNED)"),
                QStringLiteral("CAST(CONV(SUBSTRING(") + sha + QStringLiteral(", 17, 16), 16, 10) AS UNSIGNED)")};
    }
    return {QStringLiteral("CRC32(") + row + QLatin1Char(')'), QStringLiteral("CRC32C(") + row + QLatin1Char(')')};
}

QString rowHashSql(const TableInfo &info, RowHashKind kind)
{
    return hashParts(info, kind).join(QStringLiteral(", "));
}

QString sumsSql(const TableInfo &info, RowHashKind kind)
{
    const QStringList p = hashParts(info, kind);
    return QStringLiteral("SELECT COUNT(*), COALESCE(SUM(%1), 0), COALESCE(SUM(%2), 0) FROM ").arg(p.at(0), p.at(1));
}

QString addDecimal(const QString &a, const QString &b)
{
    QString out;
    int carry = 0;
    for (int i = int(a.size()) - 1, j = int(b.size()) - 1; i >= 0 || j >= 0 || carry; --i, --j) {
        const int x = i >= 0 ? a.at(i).digitValue() : 0;
        const int y = j >= 0 ? b.at(j).digitValue() : 0;
        const int s = qMax(0, x) + qMax(0, y) + carry;
        out.prepend(QChar(u'0' + s % 10));
        carry = s / 10;
    }
    while (out.size() > 1 && out.startsWith(QLatin1Char('0')))
        out.remove(0, 1);
    return out.isEmpty() ? QStringLiteral("0") : out;
}

} // namespace sp::migration
