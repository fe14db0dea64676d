#include "core/cluster/BinlogDecoder.h"

#include <QDateTime>
#include <QStringDecoder>

#include <mysql.h>
// after mysql.h, which it needs
#include <mariadb_rpl.h>

#include <zlib.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <string>

namespace sp {

namespace {

constexpr int kHeaderSize = 19;

// Bounds-checked little/big-endian reader over one event. A read past the end sets !ok and returns 0.
class Cursor
{
public:
    Cursor(const uchar *begin, const uchar *end) : m_p(begin), m_end(end) {}
    bool ok() const { return m_ok; }
    bool atEnd() const { return m_p >= m_end; }
    qsizetype left() const { return m_end - m_p; }
    const uchar *pos() const { return m_p; }
    bool need(qsizetype n)
    {
        if (n < 0 || m_end - m_p < n)
            m_ok = false;
        return m_ok;
    }
    void skip(qsizetype n)
    {
        if (need(n))
            m_p += n;
    }
    quint64 le(int n)
    {
        if (!need(n))
            return 0;
        quint64 v = 0;
        for (int i = n - 1; i >= 0; --i)
            v = (v << 8) | m_p[i];
        m_p += n;
        return v;
    }
    quint64 be(int n)
    {
        if (!need(n))
            return 0;
        quint64 v = 0;
        for (int i = 0; i < n; ++i)
            v = (v << 8) | m_p[i];
        m_p += n;
        return v;
    }
    quint64 lenenc()
    {
        const quint64 first = le(1);
        if (first < 251)
            return first;
        if (first == 252)
            return le(2);
        if (first == 253)
            return le(3);
        if (first == 254)
            return le(8);
        m_ok = false; // 251 is NULL, 255 invalid: neither belongs in an event
        return 0;
    }
    QByteArray bytes(qsizetype n)
    {
        if (!need(n))
            return {};
        QByteArray out(reinterpret_cast<const char *>(m_p), n);
        m_p += n;
        return out;
    }

private:
    const uchar *m_p;
    const uchar *m_end;
    bool m_ok = true;
};

QString typeName(int type, int realType)
{
    switch (realType ? realType : type) {
    case MYSQL_TYPE_DECIMAL:
        return QStringLiteral("decimal(old)");
    case MYSQL_TYPE_TINY:
        return QStringLiteral("tinyint");
    case MYSQL_TYPE_SHORT:
        return QStringLiteral("smallint");
    case MYSQL_TYPE_LONG:
        return QStringLiteral("int");
    case MYSQL_TYPE_FLOAT:
        return QStringLiteral("float");
    case MYSQL_TYPE_DOUBLE:
        return QStringLiteral("double");
    case MYSQL_TYPE_NULL:
        return QStringLiteral("null");
    case MYSQL_TYPE_TIMESTAMP:
        return QStringLiteral("timestamp(old)");
    case MYSQL_TYPE_LONGLONG:
        return QStringLiteral("bigint");
    case MYSQL_TYPE_INT24:
        return QStringLiteral("mediumint");
    case MYSQL_TYPE_DATE:
        return QStringLiteral("date");
    case MYSQL_TYPE_TIME:
        return QStringLiteral("time(old)");
    case MYSQL_TYPE_DATETIME:
        return QStringLiteral("datetime(old)");
    case MYSQL_TYPE_YEAR:
        return QStringLiteral("year");
    case MYSQL_TYPE_NEWDATE:
        return QStringLiteral("date");
    case MYSQL_TYPE_VARCHAR:
        return QStringLiteral("varchar");
    case MYSQL_TYPE_BIT:
        return QStringLiteral("bit");
    case MYSQL_TYPE_TIMESTAMP2:
        return QStringLiteral("timestamp2");
    case MYSQL_TYPE_DATETIME2:
        return QStringLiteral("datetime2");
    case MYSQL_TYPE_TIME2:
        return QStringLiteral("time2");
    case MYSQL_TYPE_JSON:
        return QStringLiteral("json");
    case MYSQL_TYPE_NEWDECIMAL:
        return QStringLiteral("decimal");
    case MYSQL_TYPE_ENUM:
        return QStringLiteral("enum");
    case MYSQL_TYPE_SET:
        return QStringLiteral("set");
    case MYSQL_TYPE_TINY_BLOB:
    case MYSQL_TYPE_MEDIUM_BLOB:
    case MYSQL_TYPE_LONG_BLOB:
    case MYSQL_TYPE_BLOB:
        return QStringLiteral("blob");
    case MYSQL_TYPE_VAR_STRING:
        return QStringLiteral("var_string");
    case MYSQL_TYPE_STRING:
        return QStringLiteral("char");
    case MYSQL_TYPE_GEOMETRY:
        return QStringLiteral("geometry");
    default:
        return QStringLiteral("type ") + QString::number(realType ? realType : type);
    }
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

bool bit(const uchar *bitmap, int i)
{
    return (bitmap[i / 8] >> (i % 8)) & 1;
}

} // namespace

bool BinlogDecoder::isRowsEvent(int type)
{
    return (type >= WRITE_ROWS_EVENT_V1 && type <= DELETE_ROWS_EVENT_V1) ||
           (type >= WRITE_ROWS_EVENT && type <= DELETE_ROWS_EVENT) ||
           (type >= WRITE_ROWS_COMPRESSED_EVENT_V1 && type <= DELETE_ROWS_COMPRESSED_EVENT);
}

std::shared_ptr<const BinlogTable> BinlogDecoder::table(quint64 tableId) const
{
    return m_tables.value(tableId).table;
}

bool BinlogDecoder::addTableMap(const QByteArray &event, int postHeaderLength, QString *error)
{
    const auto *begin = reinterpret_cast<const uchar *>(event.constData());
    Cursor c(begin + kHeaderSize, begin + event.size());
    if (event.size() < kHeaderSize || (postHeaderLength != 6 && postHeaderLength != 8)) {
        *error = QStringLiteral("truncated event or unexpected post-header length %1").arg(postHeaderLength);
        return false;
    }
    auto t = std::make_shared<BinlogTable>();
    t->tableId = c.le(postHeaderLength == 6 ? 4 : 6);
    c.skip(2); // flags
    const qsizetype schemaLength = qsizetype(c.le(1));
    t->schema = QString::fromUtf8(c.bytes(schemaLength));
    c.skip(1);
    const qsizetype tableLength = qsizetype(c.le(1));
    t->table = QString::fromUtf8(c.bytes(tableLength));
    c.skip(1);
    if (!c.ok()) {
        *error = QStringLiteral("truncated table name");
        return false;
    }
    Entry entry;
    entry.included = !m_filter || m_filter(t->schema, t->table);
    entry.table = t;
    if (!entry.included) { // not decoded further: its types do not matter to this stream
        m_tables.insert(t->tableId, entry);
        return true;
    }
    const qsizetype count = qsizetype(c.lenenc());
    if (!c.ok() || count > 4096 || !c.need(count)) {
        *error = QStringLiteral("invalid column count");
        return false;
    }
    const QByteArray types = c.bytes(count);
    const qsizetype metaLength = qsizetype(c.lenenc());
    const QByteArray metaBlock = c.bytes(metaLength);
    const QByteArray nullBits = c.bytes((count + 7) / 8);
    if (!c.ok()) {
        *error = QStringLiteral("truncated column metadata");
        return false;
    }
    Cursor m(reinterpret_cast<const uchar *>(metaBlock.constData()),
             reinterpret_cast<const uchar *>(metaBlock.constData()) + metaBlock.size());
    for (qsizetype i = 0; i < count; ++i) {
        BinlogColumn col;
        col.type = col.realType = uchar(types.at(i));
        const int size = metaSize(col.type);
        if (size == 1)
            col.meta = quint16(m.le(1));
        else if (size == 2 &&
                 (col.type == MYSQL_TYPE_STRING || col.type == MYSQL_TYPE_ENUM || col.type == MYSQL_TYPE_SET))
            col.meta = quint16(m.be(2)); // real type, then length
        else if (size == 2 && col.type == MYSQL_TYPE_NEWDECIMAL)
            col.meta = quint16(m.be(2)); // precision, then scale
        else if (size == 2)
            col.meta = quint16(m.le(2));
        if (col.type == MYSQL_TYPE_STRING) {
            int length = 0;
            splitStringMeta(col.meta, &col.realType, &length);
        }
        col.typeName = typeName(col.type, col.realType);
        col.nullable = bit(reinterpret_cast<const uchar *>(nullBits.constData()), int(i));
        t->columns.append(col);
    }
    if (!m.ok()) {
        *error = QStringLiteral("column metadata shorter than the column types need");
        return false;
    }

    // Optional metadata (binlog_row_metadata): type, length, value.
    bool haveNames = false, haveSigns = false;
    QList<int> charCols;
    for (int i = 0; i < t->columns.size(); ++i)
        if (isCharacter(t->columns.at(i)))
            charCols.append(i);
    while (c.ok() && !c.atEnd()) {
        const int fieldType = int(c.le(1));
        const qsizetype length = qsizetype(c.lenenc());
        const QByteArray value = c.bytes(length);
        if (!c.ok())
            break;
        Cursor v(reinterpret_cast<const uchar *>(value.constData()),
                 reinterpret_cast<const uchar *>(value.constData()) + value.size());
        switch (fieldType) {
        case SIGNEDNESS: {
            int k = 0;
            for (BinlogColumn &col : t->columns) {
                if (!isNumeric(col.type))
                    continue;
                if (k / 8 < value.size())
                    col.isUnsigned =
                        (uchar(value.at(k / 8)) >> (7 - k % 8)) & 1; // most significant bit first
                ++k;
            }
            haveSigns = true;
            break;
        }
        case DEFAULT_CHARSET: {
            const int def = int(v.lenenc());
            for (int i : charCols)
                t->columns[i].collation = def;
            while (v.ok() && !v.atEnd()) {
                const qsizetype index = qsizetype(v.lenenc());
                const int collation = int(v.lenenc());
                if (v.ok() && index < charCols.size())
                    t->columns[charCols.at(index)].collation = collation;
            }
            break;
        }
        case COLUMN_CHARSET:
            for (int i : charCols)
                t->columns[i].collation = int(v.lenenc());
            break;
        case COLUMN_NAME:
            for (BinlogColumn &col : t->columns)
                col.name = QString::fromUtf8(v.bytes(qsizetype(v.lenenc())));
            haveNames = v.ok();
            break;
        case SIMPLE_PRIMARY_KEY:
            while (v.ok() && !v.atEnd())
                t->primaryKey.append(int(v.lenenc()));
            break;
        case PRIMARY_KEY_WITH_PREFIX:
            while (v.ok() && !v.atEnd()) {
                t->primaryKey.append(int(v.lenenc()));
                v.lenenc(); // prefix length
            }
            break;
        default:
            break; // ENUM/SET values, geometry types, later additions
        }
        if (!v.ok()) {
            *error = QStringLiteral("malformed optional metadata field %1").arg(fieldType);
            return false;
        }
    }
    if (!c.ok()) {
        *error = QStringLiteral("truncated optional metadata");
        return false;
    }
    if (!haveNames) {
        *error = QStringLiteral(
                     "`%1` has no column names in its table map: the server needs binlog_row_metadata=FULL")
                     .arg(t->qualifiedName());
        return false;
    }
    if (!haveSigns) {
        for (const BinlogColumn &col : t->columns)
            if (isNumeric(col.type)) {
                *error = QStringLiteral("`%1` has no signedness metadata").arg(t->qualifiedName());
                return false;
            }
    }
    m_tables.insert(t->tableId, entry);
    return true;
}

BinlogDecoder::Outcome BinlogDecoder::decodeRows(const QByteArray &event, int postHeaderLength,
                                                 BinlogEvent *out, QString *error)
{
    const auto *begin = reinterpret_cast<const uchar *>(event.constData());
    if (event.size() < kHeaderSize) {
        *error = QStringLiteral("truncated event");
        return Outcome::Failed;
    }
    const int type = begin[4];
    const bool v2 = (type >= WRITE_ROWS_EVENT && type <= DELETE_ROWS_EVENT) ||
                    (type >= WRITE_ROWS_COMPRESSED_EVENT && type <= DELETE_ROWS_COMPRESSED_EVENT);
    const bool compressed = type >= WRITE_ROWS_COMPRESSED_EVENT_V1 && type <= DELETE_ROWS_COMPRESSED_EVENT;
    const int base = type >= WRITE_ROWS_COMPRESSED_EVENT      ? WRITE_ROWS_COMPRESSED_EVENT
                     : type >= WRITE_ROWS_COMPRESSED_EVENT_V1 ? WRITE_ROWS_COMPRESSED_EVENT_V1
                     : type >= WRITE_ROWS_EVENT               ? WRITE_ROWS_EVENT
                                                              : WRITE_ROWS_EVENT_V1;
    const int which = type - base; // 0 write, 1 update, 2 delete
    Cursor c(begin + kHeaderSize, begin + event.size());
    const int idBytes = postHeaderLength == 6 ? 4 : 6;
    const quint64 tableId = c.le(idBytes);
    c.skip(2); // flags
    if (v2) {
        const qsizetype extra = qsizetype(c.le(2));
        if (extra < 2) {
            *error = QStringLiteral("invalid extra-data length %1").arg(extra);
            return Outcome::Failed;
        }
        c.skip(extra - 2);
    }
    const auto it = m_tables.constFind(tableId);
    if (it == m_tables.constEnd()) {
        *error = QStringLiteral("no TABLE_MAP for table id %1 before it").arg(tableId);
        return Outcome::Failed;
    }
    if (!it->included)
        return Outcome::Skipped;
    const std::shared_ptr<BinlogTable> table = it->table;
    const int count = int(c.lenenc());
    if (!c.ok() || count != table->columns.size()) {
        *error = QStringLiteral("`%1`: the row event has %2 column(s), its table map %3")
                     .arg(table->qualifiedName())
                     .arg(count)
                     .arg(table->columns.size());
        return Outcome::Failed;
    }
    const qsizetype bitmapBytes = (count + 7) / 8;
    const QByteArray present1 = c.bytes(bitmapBytes);
    const QByteArray present2 = which == 1 ? c.bytes(bitmapBytes) : present1;
    if (!c.ok()) {
        *error = QStringLiteral("truncated column bitmaps");
        return Outcome::Failed;
    }
    for (int i = 0; i < count; ++i) {
        if (!bit(reinterpret_cast<const uchar *>(present1.constData()), i) ||
            !bit(reinterpret_cast<const uchar *>(present2.constData()), i)) {
            *error = QStringLiteral("`%1`: column `%2` is missing from the row image: the server needs "
                                    "binlog_row_image=FULL")
                         .arg(table->qualifiedName(), table->columns.at(i).name);
            return Outcome::Failed;
        }
    }

    QByteArray inflated;
    Cursor rows = c;
    if (compressed) {
        const int head = int(c.le(1));
        const int lengthBytes = head & 0x07;
        if ((head & 0xE0) != 0x80 || lengthBytes < 1 || lengthBytes > 4) {
            *error = QStringLiteral("unknown compression header 0x%1").arg(head, 2, 16, QLatin1Char('0'));
            return Outcome::Failed;
        }
        const quint64 size = c.be(lengthBytes);
        if (!c.ok() || size == 0 || size > 1024ULL * 1024 * 1024) {
            *error = QStringLiteral("invalid uncompressed size");
            return Outcome::Failed;
        }
        inflated.resize(qsizetype(size));
        uLongf outLength = uLongf(size);
        if (uncompress(reinterpret_cast<Bytef *>(inflated.data()), &outLength, c.pos(), uLong(c.left())) !=
                Z_OK ||
            outLength != size) {
            *error = QStringLiteral("zlib could not inflate the rows");
            return Outcome::Failed;
        }
        const auto *p = reinterpret_cast<const uchar *>(inflated.constData());
        rows = Cursor(p, p + inflated.size());
    }

    out->kind = BinlogEventKind::Rows;
    out->change = which == 0 ? RowChange::Insert : which == 1 ? RowChange::Update : RowChange::Delete;
    out->table = table;
    out->rows.clear();
    auto readImage = [&](QList<QVariant> *values) -> bool {
        const QByteArray nulls = rows.bytes(bitmapBytes);
        if (!rows.ok()) {
            *error = QStringLiteral("`%1`: truncated row image").arg(table->qualifiedName());
            return false;
        }
        values->clear();
        values->reserve(count);
        for (int i = 0; i < count; ++i) {
            const BinlogColumn &col = table->columns.at(i);
            if (bit(reinterpret_cast<const uchar *>(nulls.constData()), i)) {
                values->append(QVariant());
                continue;
            }
            QString why;
            const std::optional<QVariant> v = decodeValue(rows, col, &why);
            if (!v || !rows.ok()) {
                *error = QStringLiteral("`%1`: column `%2` (%3): %4")
                             .arg(table->qualifiedName(), col.name, col.typeName,
                                  why.isEmpty() ? QStringLiteral("row image ends early") : why);
                return false;
            }
            values->append(*v);
        }
        return true;
    };
    while (!rows.atEnd()) {
        BinlogRow row;
        if (which == 0 && !readImage(&row.after))
            return Outcome::Failed;
        if (which != 0 && !readImage(&row.before))
            return Outcome::Failed;
        if (which == 1 && !readImage(&row.after))
            return Outcome::Failed;
        out->rows.append(row);
    }
    return Outcome::Decoded;
}

} // namespace sp
