#pragma once
#include "core/cluster/BinlogEvent.h"

#include <QByteArray>
#include <QHash>

#include <functional>

namespace sp {

// Decodes TABLE_MAP and row events (WRITE/UPDATE/DELETE, v1 and v2, zlib-compressed too) from their raw
// bytes. Pure: no connection, so it is unit-tested with hand-made events. BinlogReader feeds it.
//
// libmariadb 3.3's mariadb_rpl_extract_rows() is not used: on MariaDB 10.11 it fails ("Malformed row
// data packet stream") on rows with a CHAR or ENUM column and on plain UPDATEs, and it ignores
// signedness and charsets. This decoder gives every value in the exact representation of
// core/cluster/ExactValue.h, for every column type MariaDB 10.11 logs: TINYINT..BIGINT (signed and
// unsigned), YEAR, FLOAT (the stored float), DOUBLE, DECIMAL, DATE, DATETIME2, TIMESTAMP2, TIME2, BIT,
// ENUM, SET, CHAR/VARCHAR/TEXT in any character set (the stored bytes), BINARY, VARBINARY, BLOB, JSON
// (a LONGTEXT), GEOMETRY, and INET4/INET6/UUID (logged as BINARY(4)/BINARY(16): their bytes). It
// fails, naming the column and type, on a table with a column of any other type - the old temporal
// formats of tables made with mysql56_temporal_format=OFF, pre-5.0 DECIMAL, MySQL's binary JSON -
// even where the row holds NULL: never a guessed value. It needs binlog_row_image=FULL (a partial
// image is an error, not NULLs) and binlog_row_metadata=FULL (column names, charsets: BINARY(n) is
// padded back to n bytes, CHAR is not).
class BinlogDecoder final
{
public:
    using TableFilter = std::function<bool(const QString &schema, const QString &table)>;

    // Row events of tables the filter rejects are not decoded (decodeRows returns Skipped), so a table
    // with unsupported types does not stop a stream that does not need it. Empty: all tables.
    void setTableFilter(TableFilter filter) { m_filter = std::move(filter); }
    void clear() { m_tables.clear(); }

    // `event`: the 19-byte header and the body, without the trailing checksum. `postHeaderLength`: from
    // the format description event for this event type (8 for TABLE_MAP and v1 rows, 10 for v2 rows).
    bool addTableMap(const QByteArray &event, int postHeaderLength, QString *error);

    enum class Outcome
    {
        Decoded,
        Skipped,
        Failed
    };
    Outcome decodeRows(const QByteArray &event, int postHeaderLength, BinlogEvent *out, QString *error);

    std::shared_ptr<const BinlogTable> table(quint64 tableId) const;

    static bool isRowsEvent(int type);

private:
    struct Entry
    {
        std::shared_ptr<BinlogTable> table;
        bool included = true;
        QString refusal; // why its rows cannot be decoded (a column of an unsupported type); empty: they can
        QByteArray body; // the map event after its header: an identical map for the id is not decoded again
    };
    QHash<quint64, Entry> m_tables;
    TableFilter m_filter;
};

} // namespace sp
