#include "core/cluster/BinlogDecoder.h"

#include "core/cluster/BinlogRowImage.h"

#include <mysql.h>
// after mysql.h, which it needs
#include <mariadb_rpl.h>

#include <zlib.h>

namespace sp {

using namespace binlog;

namespace {

constexpr int kHeaderSize = 19;

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
    const quint64 tableId = c.le(postHeaderLength == 6 ? 4 : 6);
    // Every transaction repeats the maps of the tables it changes: a map whose bytes (after the header,
    // which holds the time and position) equal the last one for its id describes the same table.
    const QByteArrayView body = QByteArrayView(event).sliced(kHeaderSize);
    if (const auto known = m_tables.constFind(tableId); known != m_tables.cend() && known->body == body)
        return true;
    auto t = std::make_shared<BinlogTable>();
    t->tableId = tableId;
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
    entry.body = body.toByteArray();
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
    bool haveNames = false, haveSigns = false, haveCharsets = false;
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
            haveCharsets = true;
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
            haveCharsets = true;
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
    // A column the decoder cannot read makes every row of the table undecodable, NULL there or not.
    for (const BinlogColumn &col : t->columns) {
        if (const std::optional<QString> why = unsupported(col)) {
            entry.refusal = QStringLiteral("`%1`: column `%2` (%3): %4")
                                .arg(t->qualifiedName(), col.name, col.typeName, *why);
            break;
        }
        if (col.realType == MYSQL_TYPE_STRING && !haveCharsets) { // BINARY(n) is padded, CHAR is not
            entry.refusal = QStringLiteral("`%1`: column `%2` (%3) has no charset metadata: the server needs "
                                           "binlog_row_metadata=FULL")
                                .arg(t->qualifiedName(), col.name, col.typeName);
            break;
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
    if (!it->refusal.isEmpty()) {
        *error = it->refusal;
        return Outcome::Failed;
    }
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
