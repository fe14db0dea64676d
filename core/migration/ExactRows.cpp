#include "core/migration/ExactRows.h"

#include <cmath>
#include <limits>

namespace sp::migration {

bool prepareExactSession(Connection &c, bool warningsAsErrors)
{
    if (!prepareSession(c, warningsAsErrors) || !c.exec(QStringLiteral("SET SESSION character_set_results = binary")))
        return false;
    c.setRawStrings(true);
    return true;
}

QString exactExpr(const ColumnInfo &c)
{
    const QString q = Connection::quoteIdentifier(c.name);
    switch (c.kind) {
    case ColumnKind::Float:
        return QStringLiteral("CAST(") + q + QStringLiteral(" AS DOUBLE)");
    case ColumnKind::Enum:
    case ColumnKind::Set: // the number; UNSIGNED: a 64-member SET's +0 is signed
        return QStringLiteral("CAST(") + q + QStringLiteral("+0 AS UNSIGNED)");
    case ColumnKind::Binary:
        // INET6, INET4 and UUID print as text; their stored bytes are what the binlog has
        if (c.dataType == QLatin1String("inet6") || c.dataType == QLatin1String("inet4") ||
            c.dataType == QLatin1String("uuid"))
            return QStringLiteral("CAST(") + q + QStringLiteral(" AS BINARY)");
        return q;
    default:
        return q;
    }
}

QString exactSelectList(const TableInfo &info)
{
    QStringList out;
    for (const ColumnInfo &c : info.cols)
        out.append(exactExpr(c));
    return out.join(QLatin1Char(','));
}

QString exactKeyList(const TableInfo &info)
{
    QStringList out;
    for (int i : info.pk)
        out.append(exactExpr(info.cols.at(i)));
    return out.join(QLatin1Char(','));
}

bool normalizeExactValue(const ColumnInfo &c, QVariant *value, QString *error)
{
    QVariant &v = *value;
    if (!v.isValid())
        return true;
    switch (c.kind) {
    case ColumnKind::Float: {
        const double d = v.toDouble();
        const float f = float(d);
        if (double(f) != d && !std::isnan(d)) {
            *error = QStringLiteral("column %1: %2 is not a FLOAT value").arg(c.name).arg(d, 0, 'g', 17);
            return false;
        }
        v = QVariant(f);
        break;
    }
    case ColumnKind::Double:
        if (v.typeId() != QMetaType::Double)
            v = QVariant(v.toDouble());
        break;
    case ColumnKind::Enum:
    case ColumnKind::Set:
    case ColumnKind::UInt:
        if (v.typeId() != QMetaType::ULongLong)
            v = QVariant(qulonglong(v.toULongLong()));
        break;
    case ColumnKind::Int:
    case ColumnKind::Year:
        if (v.typeId() != QMetaType::LongLong)
            v = QVariant(qlonglong(v.toLongLong()));
        break;
    case ColumnKind::Text:
    case ColumnKind::Binary:
    case ColumnKind::Bit:
    case ColumnKind::Geometry:
        if (v.typeId() != QMetaType::QByteArray) {
            *error = QStringLiteral("column %1 was not read as bytes (not an exact session)").arg(c.name);
            return false;
        }
        break;
    case ColumnKind::Decimal:
    case ColumnKind::Date:
    case ColumnKind::DateTime:
    case ColumnKind::Timestamp:
    case ColumnKind::Time:
        if (v.typeId() != QMetaType::QString)
            v = QVariant(v.toString());
        break;
    case ColumnKind::Unsupported:
        break;
    }
    return true;
}

bool normalizeExactRow(const TableInfo &info, QList<QVariant> *row, QString *error)
{
    if (row->size() != info.cols.size()) {
        *error = QStringLiteral("a row of %1 values for %2 columns").arg(row->size()).arg(info.cols.size());
        return false;
    }
    for (int i = 0; i < row->size(); ++i)
        if (!normalizeExactValue(info.cols.at(i), &(*row)[i], error))
            return false;
    return true;
}

QStringList writableColumns(const TableInfo &info)
{
    QStringList out;
    for (int i : info.writable())
        out.append(info.columns.at(i));
    return out;
}

QList<QVariant> writableValues(const TableInfo &info, const QList<QVariant> &row)
{
    QList<QVariant> out;
    const QList<int> w = info.writable();
    if (w.size() == row.size())
        return row;
    out.reserve(w.size());
    for (int i : w)
        out.append(row.value(i));
    return out;
}

} // namespace sp::migration
