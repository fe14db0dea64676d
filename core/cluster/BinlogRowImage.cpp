#include "core/cluster/BinlogRowImage.h"

#include <QDateTime>
#include <QHash>

#include <mysql.h>

#include <algorithm>
#include <cstring>

namespace sp::binlog {

namespace {

QString decodeDecimal(Cursor &c, int precision, int scale, bool *ok)
{
    static const int dig2bytes[10] = {0, 1, 1, 2, 2, 3, 3, 4, 4, 4};
    *ok = false;
    if (precision < 1 || precision > 65 || scale < 0 || scale > 38 || scale > precision)
        return {};
    const int intg = precision - scale, intg0 = intg / 9, intg0x = intg % 9;
    const int frac0 = scale / 9, frac0x = scale % 9;
    const int size = intg0 * 4 + dig2bytes[intg0x] + frac0 * 4 + dig2bytes[frac0x];
    QByteArray raw = c.bytes(size);
    if (!c.ok() || raw.isEmpty())
        return {};
    const bool negative = (uchar(raw[0]) & 0x80) == 0;
    raw[0] = char(uchar(raw[0]) ^ 0x80);
    if (negative)
        for (char &b : raw)
            b = char(~uchar(b));
    Cursor d(reinterpret_cast<const uchar *>(raw.constData()),
             reinterpret_cast<const uchar *>(raw.constData()) + size);
    QString intPart;
    if (intg0x)
        intPart += QString::number(d.be(dig2bytes[intg0x]));
    for (int i = 0; i < intg0; ++i)
        intPart += QStringLiteral("%1").arg(d.be(4), 9, 10, QLatin1Char('0'));
    while (intPart.size() > 1 && intPart.startsWith(QLatin1Char('0')))
        intPart.remove(0, 1);
    if (intPart.isEmpty())
        intPart = QStringLiteral("0");
    QString fracPart;
    for (int i = 0; i < frac0; ++i)
        fracPart += QStringLiteral("%1").arg(d.be(4), 9, 10, QLatin1Char('0'));
    if (frac0x)
        fracPart += QStringLiteral("%1").arg(d.be(dig2bytes[frac0x]), frac0x, 10, QLatin1Char('0'));
    const bool zero =
        intPart == QLatin1String("0") &&
        std::all_of(fracPart.cbegin(), fracPart.cend(), [](QChar ch) { return ch == QLatin1Char('0'); });
    *ok = d.ok();
    return (negative && !zero ? QStringLiteral("-") : QString()) + intPart +
           (scale > 0 ? QLatin1Char('.') + fracPart : QString());
}

// Fractional seconds of DATETIME2/TIMESTAMP2 (big-endian, (fsp + 1) / 2 bytes) in microseconds.
qint64 readFraction(Cursor &c, int fsp)
{
    switch (fsp) {
    case 1:
    case 2:
        return qint64(c.be(1)) * 10000;
    case 3:
    case 4:
        return qint64(c.be(2)) * 100;
    case 5:
    case 6:
        return qint64(c.be(3));
    default:
        return 0;
    }
}

QString fractionText(qint64 micros, int fsp)
{
    if (fsp <= 0)
        return {};
    qint64 v = micros;
    for (int i = fsp; i < 6; ++i)
        v /= 10;
    return QLatin1Char('.') + QStringLiteral("%1").arg(v, fsp, 10, QLatin1Char('0'));
}

QString two(int v)
{
    return QStringLiteral("%1").arg(v, 2, 10, QLatin1Char('0'));
}

QString dateText(int year, int month, int day)
{
    return QStringLiteral("%1").arg(year, 4, 10, QLatin1Char('0')) + QLatin1Char('-') + two(month) +
           QLatin1Char('-') + two(day);
}

QString timeText(bool negative, qint64 hms, qint64 micros, int fsp)
{
    const int hours = int((hms >> 12) & 0x3FF), minutes = int((hms >> 6) & 63), seconds = int(hms & 63);
    return (negative ? QStringLiteral("-") : QString()) + two(hours) + QLatin1Char(':') + two(minutes) +
           QLatin1Char(':') + two(seconds) + fractionText(micros, fsp);
}

// TIME2 (MySQL 5.6's format, which MariaDB 10.x writes): a packed value, intpart << 24 | microseconds,
// signed, stored with an offset so that the bytes sort like the values. Negative values with 1..4 digits
// keep the integer part one lower and the fraction reversed (0x100 - f or 0x10000 - f), so the bytes
// sort too: '-00:00:00.5' (TIME(1)) is 7F FF FF CE, '-00:00:01.01' (TIME(2)) 7F FF FE FF.
QString decodeTime2(Cursor &c, int fsp)
{
    qint64 packed = 0;
    if (fsp >= 5) {
        packed = qint64(c.be(6)) - 0x800000000000LL;
    } else {
        qint64 intpart = qint64(c.be(3)) - 0x800000;
        qint64 frac = 0; // in units of the stored digits, signed
        qint64 unit = 0; // microseconds per unit
        if (fsp >= 3) {
            frac = qint64(c.be(2));
            unit = 100;
            if (intpart < 0 && frac) {
                ++intpart;
                frac -= 0x10000;
            }
        } else if (fsp >= 1) {
            frac = qint64(c.be(1));
            unit = 10000;
            if (intpart < 0 && frac) {
                ++intpart;
                frac -= 0x100;
            }
        }
        packed = intpart * (qint64(1) << 24) + frac * unit;
    }
    const bool negative = packed < 0;
    const qint64 magnitude = negative ? -packed : packed;
    return timeText(negative, magnitude >> 24, magnitude & 0xFFFFFF, fsp);
}

} // namespace

QString typeName(int type, int realType)
{
    static const QHash<int, QString> names{{MYSQL_TYPE_DECIMAL, QStringLiteral("decimal(old)")},
                                           {MYSQL_TYPE_TINY, QStringLiteral("tinyint")},
                                           {MYSQL_TYPE_SHORT, QStringLiteral("smallint")},
                                           {MYSQL_TYPE_LONG, QStringLiteral("int")},
                                           {MYSQL_TYPE_FLOAT, QStringLiteral("float")},
                                           {MYSQL_TYPE_DOUBLE, QStringLiteral("double")},
                                           {MYSQL_TYPE_NULL, QStringLiteral("null")},
                                           {MYSQL_TYPE_TIMESTAMP, QStringLiteral("timestamp(old)")},
                                           {MYSQL_TYPE_LONGLONG, QStringLiteral("bigint")},
                                           {MYSQL_TYPE_INT24, QStringLiteral("mediumint")},
                                           {MYSQL_TYPE_DATE, QStringLiteral("date")},
                                           {MYSQL_TYPE_TIME, QStringLiteral("time(old)")},
                                           {MYSQL_TYPE_DATETIME, QStringLiteral("datetime(old)")},
                                           {MYSQL_TYPE_YEAR, QStringLiteral("year")},
                                           {MYSQL_TYPE_NEWDATE, QStringLiteral("date")},
                                           {MYSQL_TYPE_VARCHAR, QStringLiteral("varchar")},
                                           {MYSQL_TYPE_BIT, QStringLiteral("bit")},
                                           {MYSQL_TYPE_TIMESTAMP2, QStringLiteral("timestamp2")},
                                           {MYSQL_TYPE_DATETIME2, QStringLiteral("datetime2")},
                                           {MYSQL_TYPE_TIME2, QStringLiteral("time2")},
                                           {MYSQL_TYPE_JSON, QStringLiteral("json")},
                                           {MYSQL_TYPE_NEWDECIMAL, QStringLiteral("decimal")},
                                           {MYSQL_TYPE_ENUM, QStringLiteral("enum")},
                                           {MYSQL_TYPE_SET, QStringLiteral("set")},
                                           {MYSQL_TYPE_TINY_BLOB, QStringLiteral("blob")},
                                           {MYSQL_TYPE_MEDIUM_BLOB, QStringLiteral("blob")},
                                           {MYSQL_TYPE_LONG_BLOB, QStringLiteral("blob")},
                                           {MYSQL_TYPE_BLOB, QStringLiteral("blob")},
                                           {MYSQL_TYPE_VAR_STRING, QStringLiteral("var_string")},
                                           {MYSQL_TYPE_STRING, QStringLiteral("char")},
                                           {MYSQL_TYPE_GEOMETRY, QStringLiteral("geometry")}};
    const int t = realType ? realType : type;
    return names.value(t, QStringLiteral("type ") + QString::number(t));
}

// Bytes of type metadata each column type has in the TABLE_MAP event.
int metaSize(int type)
{
    switch (type) {
    case MYSQL_TYPE_FLOAT:
    case MYSQL_TYPE_DOUBLE:
    case MYSQL_TYPE_BLOB:
    case MYSQL_TYPE_GEOMETRY:
    case MYSQL_TYPE_JSON:
    case MYSQL_TYPE_TIMESTAMP2:
    case MYSQL_TYPE_DATETIME2:
    case MYSQL_TYPE_TIME2:
        return 1;
    case MYSQL_TYPE_VARCHAR:
    case MYSQL_TYPE_VAR_STRING:
    case MYSQL_TYPE_BIT:
    case MYSQL_TYPE_NEWDECIMAL:
    case MYSQL_TYPE_STRING:
    case MYSQL_TYPE_ENUM:
    case MYSQL_TYPE_SET:
        return 2;
    default:
        return 0;
    }
}

// MariaDB gives every Field_num a signedness bit: the integers, YEAR (a Field_tiny), FLOAT, DOUBLE and
// both DECIMALs; BIT and the temporal types have none (YEAR, BIT and TIME2 checked against 10.11).
bool isNumeric(int type)
{
    switch (type) {
    case MYSQL_TYPE_DECIMAL:
    case MYSQL_TYPE_YEAR:
    case MYSQL_TYPE_TINY:
    case MYSQL_TYPE_SHORT:
    case MYSQL_TYPE_INT24:
    case MYSQL_TYPE_LONG:
    case MYSQL_TYPE_LONGLONG:
    case MYSQL_TYPE_NEWDECIMAL:
    case MYSQL_TYPE_FLOAT:
    case MYSQL_TYPE_DOUBLE:
        return true;
    default:
        return false;
    }
}

// The columns the charset metadata counts (ENUM/SET have their own list). MariaDB counts every field
// with a character set in its binlog type info, which includes GEOMETRY (binary) and the fixed binary
// types INET4/INET6/UUID (logged as BINARY(n)); MySQL's list has no GEOMETRY.
bool isCharacter(const BinlogColumn &c)
{
    switch (c.realType) {
    case MYSQL_TYPE_STRING:
    case MYSQL_TYPE_VAR_STRING:
    case MYSQL_TYPE_VARCHAR:
    case MYSQL_TYPE_BLOB:
    case MYSQL_TYPE_GEOMETRY:
        return true;
    default:
        return false;
    }
}

// Maximum byte length of a CHAR column from its two metadata bytes (the length's high bits hide in
// the first byte for lengths above 255).
void splitStringMeta(quint16 meta, int *realType, int *length)
{
    const int byte0 = meta >> 8, byte1 = meta & 0xFF;
    if ((byte0 & 0x30) != 0x30) {
        *length = byte1 | (((byte0 & 0x30) ^ 0x30) << 4);
        *realType = byte0 | 0x30;
    } else {
        *length = byte1;
        *realType = byte0;
    }
}

static int bitBytes(quint16 meta)
{
    return (meta >> 8) + ((meta & 0xFF) ? 1 : 0);
}

std::optional<QString> unsupported(const BinlogColumn &col)
{
    if (col.type == MYSQL_TYPE_STRING && col.realType != MYSQL_TYPE_STRING &&
        col.realType != MYSQL_TYPE_ENUM && col.realType != MYSQL_TYPE_SET)
        return QStringLiteral("a STRING column of real type %1 is not supported by the decoder")
            .arg(col.realType);
    switch (col.realType) {
    case MYSQL_TYPE_TINY:
    case MYSQL_TYPE_SHORT:
    case MYSQL_TYPE_INT24:
    case MYSQL_TYPE_LONG:
    case MYSQL_TYPE_LONGLONG:
    case MYSQL_TYPE_YEAR:
    case MYSQL_TYPE_DATE:
    case MYSQL_TYPE_NEWDATE:
    case MYSQL_TYPE_VARCHAR:
    case MYSQL_TYPE_VAR_STRING:
        return std::nullopt;
    case MYSQL_TYPE_FLOAT:
    case MYSQL_TYPE_DOUBLE: {
        const int size = col.realType == MYSQL_TYPE_FLOAT ? 4 : 8;
        if (col.meta != size)
            return QStringLiteral("a %1 stored in %2 bytes (expected %3)")
                .arg(col.typeName)
                .arg(col.meta)
                .arg(size);
        return std::nullopt;
    }
    case MYSQL_TYPE_NEWDECIMAL: {
        const int precision = col.meta >> 8, scale = col.meta & 0xFF;
        if (precision < 1 || precision > 65 || scale > 38 || scale > precision)
            return QStringLiteral("invalid precision %1 and scale %2").arg(precision).arg(scale);
        return std::nullopt;
    }
    case MYSQL_TYPE_TIME2:
    case MYSQL_TYPE_DATETIME2:
    case MYSQL_TYPE_TIMESTAMP2:
        if (col.meta > 6)
            return QStringLiteral("invalid fractional digits %1").arg(col.meta);
        return std::nullopt;
    case MYSQL_TYPE_BIT:
        if ((col.meta & 0xFF) > 7 || bitBytes(col.meta) < 1 || bitBytes(col.meta) > 8)
            return QStringLiteral("invalid BIT length metadata 0x%1").arg(col.meta, 4, 16, QLatin1Char('0'));
        return std::nullopt;
    case MYSQL_TYPE_ENUM:
    case MYSQL_TYPE_SET: {
        const int size = col.meta & 0xFF;
        if (col.realType == MYSQL_TYPE_ENUM ? (size != 1 && size != 2) : (size < 1 || size > 8))
            return QStringLiteral("invalid %1 size %2").arg(col.typeName).arg(size);
        return std::nullopt;
    }
    case MYSQL_TYPE_STRING:
        return std::nullopt;
    case MYSQL_TYPE_BLOB:
    case MYSQL_TYPE_GEOMETRY:
        if (col.meta < 1 || col.meta > 4)
            return QStringLiteral("invalid length size %1").arg(col.meta);
        return std::nullopt;
    case MYSQL_TYPE_TIME:
    case MYSQL_TYPE_DATETIME:
    case MYSQL_TYPE_TIMESTAMP:
        return QStringLiteral(
            "the old temporal format (MariaDB 5.3 / MySQL 5.5, kept by tables created with "
            "mysql56_temporal_format=OFF or copied from an old server) is not decoded: rebuild the table "
            "with mysql56_temporal_format=ON (ALTER TABLE ... FORCE)");
    case MYSQL_TYPE_DECIMAL:
        return QStringLiteral(
            "the pre-5.0 DECIMAL format is not decoded: rebuild the table (ALTER TABLE ... FORCE)");
    case MYSQL_TYPE_JSON:
        return QStringLiteral(
            "MySQL's binary JSON is not decoded (MariaDB logs JSON as LONGTEXT): a MySQL source "
            "is not supported");
    default:
        return QStringLiteral("type %1 is not supported by the decoder").arg(col.typeName);
    }
}

// One column value as ExactValue.h defines it. Returns nullopt with `why` for types it does not decode or
// a truncated image.
std::optional<QVariant> decodeValue(Cursor &c, const BinlogColumn &col, QString *why)
{
    if (const std::optional<QString> refused = unsupported(col)) {
        *why = *refused;
        return std::nullopt;
    }
    const bool u = col.isUnsigned;
    auto integer = [&](int n) -> QVariant {
        const quint64 raw = c.le(n);
        if (u)
            return QVariant(qulonglong(raw));
        const int shift = 64 - 8 * n;
        return QVariant(qlonglong(qint64(raw << shift) >> shift)); // sign-extend
    };
    auto lengthPrefixed = [&](int lengthBytes) -> QVariant {
        const qsizetype n = qsizetype(c.le(lengthBytes)); // at most 4 bytes: never negative
        return QVariant(c.bytes(n));                      // bounds-checked
    };
    switch (col.realType) {
    case MYSQL_TYPE_TINY:
        return integer(1);
    case MYSQL_TYPE_SHORT:
        return integer(2);
    case MYSQL_TYPE_INT24:
        return integer(3);
    case MYSQL_TYPE_LONG:
        return integer(4);
    case MYSQL_TYPE_LONGLONG:
        return integer(8);
    case MYSQL_TYPE_YEAR: {
        const qlonglong y = qlonglong(c.le(1));
        return QVariant(y == 0 ? qlonglong(0) : y + 1900);
    }
    case MYSQL_TYPE_FLOAT: { // the stored 32 bits, as a float (no widening, no text)
        const quint32 bits = quint32(c.le(4));
        float f;
        std::memcpy(&f, &bits, sizeof f);
        return QVariant(f);
    }
    case MYSQL_TYPE_DOUBLE: {
        const quint64 bits = c.le(8);
        double d;
        std::memcpy(&d, &bits, sizeof d);
        return QVariant(d);
    }
    case MYSQL_TYPE_NEWDECIMAL: {
        bool ok = false;
        const QString text = decodeDecimal(c, col.meta >> 8, col.meta & 0xFF, &ok);
        if (!ok) {
            *why = QStringLiteral("invalid decimal");
            return std::nullopt;
        }
        return QVariant(text);
    }
    case MYSQL_TYPE_DATE:
    case MYSQL_TYPE_NEWDATE: {
        const quint32 v = quint32(c.le(3));
        return QVariant(dateText(int(v >> 9), int((v >> 5) & 15), int(v & 31)));
    }
    case MYSQL_TYPE_TIME2:
        return QVariant(decodeTime2(c, col.meta));
    case MYSQL_TYPE_DATETIME2: {
        const qint64 packed = qint64(c.be(5)) - 0x8000000000LL;
        const qint64 micros = readFraction(c, col.meta);
        const qint64 ymd = packed >> 17, hms = packed % (1 << 17);
        const int ym = int(ymd >> 5);
        return QVariant(dateText(ym / 13, ym % 13, int(ymd % 32)) + QLatin1Char(' ') + two(int(hms >> 12)) +
                        QLatin1Char(':') + two(int((hms >> 6) % 64)) + QLatin1Char(':') + two(int(hms % 64)) +
                        fractionText(micros, col.meta));
    }
    case MYSQL_TYPE_TIMESTAMP2: {
        const qint64 secs = qint64(c.be(4));
        const qint64 micros = readFraction(c, col.meta);
        const QString base = secs == 0 ? QStringLiteral("0000-00-00 00:00:00")
                                       : QDateTime::fromSecsSinceEpoch(secs, Qt::UTC)
                                             .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
        return QVariant(base + fractionText(micros, col.meta));
    }
    case MYSQL_TYPE_BIT: // (n + 7) / 8 bytes, big-endian, the uneven bits in the first
        return QVariant(c.bytes(bitBytes(col.meta)));
    case MYSQL_TYPE_ENUM: // the index, in the 1 or 2 bytes the STRING metadata names
    case MYSQL_TYPE_SET:  // the bitmask, 1..8 bytes
        return QVariant(qulonglong(c.le(col.meta & 0xFF)));
    case MYSQL_TYPE_VARCHAR:
    case MYSQL_TYPE_VAR_STRING:
        return lengthPrefixed(col.meta < 256 ? 1 : 2);
    case MYSQL_TYPE_STRING: {
        int realType = 0, maxLength = 0;
        splitStringMeta(col.meta, &realType, &maxLength);
        QVariant v = lengthPrefixed(maxLength < 256 ? 1 : 2);
        // The server logs CHAR without its trailing spaces (SELECT drops them too) and BINARY(n) without
        // its trailing 0x00 bytes, which it pads back when it applies the row: so do we.
        if (col.collation == 63 && c.ok()) {
            QByteArray bytes = v.toByteArray();
            if (bytes.size() < maxLength)
                bytes.append(QByteArray(maxLength - bytes.size(), '\0'));
            v = QVariant(bytes);
        }
        return v;
    }
    case MYSQL_TYPE_BLOB:     // BLOB/TEXT of every size (the metadata gives the length's bytes), JSON
    case MYSQL_TYPE_GEOMETRY: // 4-byte SRID, then WKB
        return lengthPrefixed(col.meta);
    default:
        *why = QStringLiteral("type %1 is not supported by the decoder").arg(col.typeName);
        return std::nullopt;
    }
}

} // namespace sp::binlog
