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
    case ColumnKind::Bit:
    case ColumnKind::Geometry:
    case ColumnKind::Unsupported:
        return QStringLiteral("CAST(") + q + QStringLiteral(" AS BINARY)");
    default: // integers, DOUBLE (printed shortest round-trip), DECIMAL, temporal: exact text; strings and
             // BLOBs: their bytes (the form's collation is binary, so a string is copied, never converted)
        return q;
    }
}

// True when the column's exact form is raw bytes (anything, '#' included); false when it is the text of a
// number or a temporal value, which holds only digits, sign, '.', 'e', ':', '-' and ' '.
static bool bytesForm(const ColumnInfo &c)
{
    switch (c.kind) {
    case ColumnKind::Text:
    case ColumnKind::Binary:
    case ColumnKind::Bit:
    case ColumnKind::Geometry:
    case ColumnKind::Unsupported:
        return true;
    default:
        return false;
    }
}

QString rowSql(const TableInfo &info)
{
    // One field per column, joined by '#', then the byte length of every bytes column ('N' for NULL):
    //   number-or-temporal text | NULL as 'N'     (a number's text holds no '#' and never is 'N')
    //   bytes as they are       | NULL left out   (CONCAT_WS skips NULL: no field, no separator)
    //   ... '#' len(bytes 1) | 'N' '#' len(bytes 2) | 'N' ...
    // Read from the right, the last fields (one per bytes column, no '#' in them) say which bytes fields
    // are there and how long each is; read from the left with the columns' kinds, the rest gives back
    // every value: different rows never give the same string. The separator's explicit binary collation
    // makes the whole form binary, so a string of any character set is copied byte for byte.
    QStringList parts, lengths;
    for (const ColumnInfo &c : info.cols) {
        const QString e = exactForm(c);
        if (bytesForm(c)) {
            parts.append(e);
            const QString len = QStringLiteral("LENGTH(") + e + QLatin1Char(')');
            lengths.append(c.nullable ? QStringLiteral("COALESCE(") + len + QStringLiteral(",_binary'N')") : len);
        } else {
            parts.append(c.nullable ? QStringLiteral("COALESCE(") + e + QStringLiteral(",_binary'N')") : e);
        }
    }
    return QStringLiteral("CONCAT_WS(_binary'#' COLLATE `binary`,") + (parts + lengths).join(QLatin1Char(',')) +
           QLatin1Char(')');
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
    if (kind == RowHashKind::Crc) {
        // One 64-bit number per row, CRC32C in the high half: the form is built once and kept in a session
        // variable for the second CRC (the bit-or evaluates its left argument first). The sum is exactly
        // what SUM(CRC32(row) | CRC32C(row) << 32) gives (integration.migrate_hash checks it does).
        const QString row = rowSql(info);
        return QStringLiteral("SELECT COUNT(*), COALESCE(SUM(CRC32(@sp_row:=") + row +
               QStringLiteral(") | CRC32C(@sp_row) << 32), 0) FROM ");
    }
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
