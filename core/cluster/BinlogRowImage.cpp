#include "core/cluster/BinlogRowImage.h"

#include <QDateTime>
#include <QHash>
#include <QStringDecoder>

#include <mysql.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <string>

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

// Text of a character column's bytes in its charset; nullopt for charsets it cannot convert.
std::optional<QVariant> textValue(const QByteArray &bytes, int collation, QString *why)
{
    if (collation == 63)
        return QVariant(bytes);
    const MARIADB_CHARSET_INFO *cs = mariadb_get_charset_by_nr(unsigned(collation));
    const QByteArray name = cs && cs->csname ? QByteArray(cs->csname) : QByteArray();
    if (name.startsWith("utf8"))
        return QVariant(QString::fromUtf8(bytes));
    if (name == "ascii")
        return QVariant(QString::fromLatin1(bytes));
    if (name == "latin1") { // MariaDB's latin1 is windows-1252
        QStringDecoder decoder("windows-1252");
        if (decoder.isValid())
            return QVariant(QString(decoder(bytes)));
    }
    *why = QStringLiteral("character set %1 (collation %2) is not supported")
               .arg(name.isEmpty() ? QStringLiteral("?") : QString::fromLatin1(name))
               .arg(collation);
    return std::nullopt;
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

bool isNumeric(int type)
{
    switch (type) {
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

// The columns the charset metadata counts (ENUM/SET have their own list).
bool isCharacter(const BinlogColumn &c)
{
    switch (c.realType) {
    case MYSQL_TYPE_STRING:
    case MYSQL_TYPE_VAR_STRING:
    case MYSQL_TYPE_VARCHAR:
    case MYSQL_TYPE_BLOB:
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

// One column value. Returns nullopt with `why` for types it does not decode or a truncated image.
std::optional<QVariant> decodeValue(Cursor &c, const BinlogColumn &col, QString *why)
{
    const bool u = col.isUnsigned;
    auto integer = [&](int n) -> QVariant {
        const quint64 raw = c.le(n);
        if (u)
            return QVariant(qulonglong(raw));
        const int shift = 64 - 8 * n;
        return QVariant(qlonglong(qint64(raw << shift) >> shift)); // sign-extend
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
        return QVariant(y == 0 ? 0 : y + 1900);
    }
    case MYSQL_TYPE_FLOAT: {
        const quint32 bits = quint32(c.le(4));
        float f;
        std::memcpy(&f, &bits, sizeof f);
        // As the double nearest to the float's shortest decimal text: 3.14f gives 3.14 (not
        // 3.1400001049), which converts back to the same float, so an applier writes identical bits.
        char text[32];
        const auto r = std::to_chars(text, text + sizeof text, f);
        return QVariant(std::strtod(std::string(text, r.ptr).c_str(), nullptr));
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
    case MYSQL_TYPE_VARCHAR:
    case MYSQL_TYPE_VAR_STRING: {
        const qsizetype n = qsizetype(c.le(col.meta < 256 ? 1 : 2));
        return textValue(c.bytes(n), col.collation, why);
    }
    case MYSQL_TYPE_STRING: {
        int realType = 0, maxLength = 0;
        splitStringMeta(col.meta, &realType, &maxLength);
        const qsizetype n = qsizetype(c.le(maxLength < 256 ? 1 : 2));
        QByteArray bytes = c.bytes(n);
        // The server logs BINARY(n) without its trailing 0x00 bytes and pads them back when it applies
        // the row (text CHAR loses trailing spaces, which SELECT drops as well).
        if (col.collation == 63 && bytes.size() < maxLength)
            bytes.append(QByteArray(maxLength - bytes.size(), '\0'));
        return textValue(bytes, col.collation, why);
    }
    case MYSQL_TYPE_BLOB: {
        const int lengthBytes = col.meta;
        if (lengthBytes < 1 || lengthBytes > 4) {
            *why = QStringLiteral("invalid blob length size %1").arg(lengthBytes);
            return std::nullopt;
        }
        const qsizetype n = qsizetype(c.le(lengthBytes));
        return textValue(c.bytes(n), col.collation, why);
    }
    default:
        *why = QStringLiteral("type %1 is not supported by the decoder").arg(col.typeName);
        return std::nullopt;
    }
}

} // namespace sp::binlog
