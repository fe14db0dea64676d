#pragma once
// libmariadb result-column helpers shared by Connection and PreparedStatement (includes <mysql.h>; not
// for headers outside core/cluster).
#include <QVariant>

#include <mysql.h>

namespace sp::mysqlfields {

// How a column's value becomes a QVariant (see QueryResult): signed/unsigned integers, double, binary
// strings as QByteArray, everything else (text, DECIMAL, dates) as QString.
enum Kind
{
    KindText,
    KindBytes,
    KindSigned,
    KindUnsigned,
    KindDouble
};

// rawStrings: every character column as QByteArray, its bytes unconverted (Connection::setRawStrings).
inline Kind kindOf(const MYSQL_FIELD &f, bool rawStrings = false)
{
    const bool isUnsigned = (f.flags & UNSIGNED_FLAG) != 0;
    switch (f.type) {
    case MYSQL_TYPE_TINY:
    case MYSQL_TYPE_SHORT:
    case MYSQL_TYPE_LONG:
    case MYSQL_TYPE_INT24:
    case MYSQL_TYPE_LONGLONG:
    case MYSQL_TYPE_YEAR:
        return isUnsigned ? KindUnsigned : KindSigned;
    case MYSQL_TYPE_FLOAT:
    case MYSQL_TYPE_DOUBLE:
        return KindDouble;
    case MYSQL_TYPE_BIT:
    case MYSQL_TYPE_GEOMETRY:
        return KindBytes;
    case MYSQL_TYPE_TINY_BLOB:
    case MYSQL_TYPE_MEDIUM_BLOB:
    case MYSQL_TYPE_LONG_BLOB:
    case MYSQL_TYPE_BLOB:
    case MYSQL_TYPE_STRING:
    case MYSQL_TYPE_VAR_STRING:
    case MYSQL_TYPE_VARCHAR:
        return f.charsetnr == 63 || rawStrings ? KindBytes : KindText; // 63 = binary
    case MYSQL_TYPE_ENUM:
    case MYSQL_TYPE_SET:
    case MYSQL_TYPE_JSON:
        return rawStrings ? KindBytes : KindText;
    default:
        return KindText; // DECIMAL, dates, JSON, ENUM ...
    }
}

// One non-NULL text-protocol value as QueryResult holds it (see Kind).
inline QVariant toVariant(int kind, const char *p, qsizetype n)
{
    switch (kind) {
    case KindSigned:
        return QVariant(QByteArray::fromRawData(p, n).toLongLong());
    case KindUnsigned:
        return QVariant(QByteArray::fromRawData(p, n).toULongLong());
    case KindDouble:
        return QVariant(QByteArray::fromRawData(p, n).toDouble());
    case KindBytes:
        return QVariant(QByteArray(p, n));
    default:
        return QVariant(QString::fromUtf8(p, n));
    }
}

} // namespace sp::mysqlfields
