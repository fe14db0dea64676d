#pragma once
#include "core/cluster/BinlogPosition.h"

#include <QList>
#include <QString>
#include <QVariant>

#include <memory>

namespace sp {

// One column of a table as its TABLE_MAP event describes it (binlog_row_metadata=FULL gives the names).
struct BinlogColumn
{
    QString name;
    int type = 0;     // binlog type code (enum_field_types): 3 LONG, 15 VARCHAR, 252 BLOB/TEXT ...
    int realType = 0; // differs from `type` for CHAR/BINARY/ENUM/SET (all logged as 254 STRING)
    QString typeName; // "int", "varchar", "blob", "datetime2" ...
    // type metadata: max length, precision << 8 | scale, fractional digits, BIT (bytes << 8 | bits % 8),
    // STRING (real type << 8 | length; ENUM/SET: their size in bytes) ...
    quint16 meta = 0;
    bool isUnsigned = false;
    int collation = 0; // character columns (GEOMETRY too): collation id (63 = binary); 0 otherwise
    bool nullable = true;
};

struct BinlogTable
{
    quint64 tableId = 0;
    QString schema;
    QString table;
    QList<BinlogColumn> columns;
    QList<int> primaryKey; // column indexes, in key order

    QString qualifiedName() const { return schema + QLatin1Char('.') + table; }
    int columnIndex(const QString &name) const
    {
        for (int i = 0; i < columns.size(); ++i)
            if (columns.at(i).name == name)
                return i;
        return -1;
    }
};

enum class BinlogEventKind
{
    Rows,       // WRITE/UPDATE/DELETE rows of one table, decoded
    Query,      // statement text: DDL, BEGIN/COMMIT/ROLLBACK of non-transactional groups, statement-based DML
    Gtid,       // a transaction (or a standalone DDL) starts
    Xid,        // a transaction commits
    Rotate,     // the stream moves to another file (nextPosition)
    Heartbeat,  // the server is alive and has nothing new; `position` is where the server says it is
    Reconnected // the stream was lost and resumed at `nextPosition` (the last transaction boundary):
                // drop a transaction whose Xid has not arrived, its events come again
};

enum class RowChange
{
    Insert,
    Update,
    Delete
};

// One row of a rows event. Insert: `after`; Delete: `before`; Update: both. One value per column of
// BinlogEvent::table, in table order, each in the exact representation core/cluster/ExactValue.h defines
// (the copy's reader gives the same QVariant for the same stored value, Connection::sqlLiteral writes it
// back): SQL NULL is an invalid QVariant, '' an empty QByteArray; integers qlonglong/qulonglong, FLOAT a
// float, DECIMAL and temporal types the server's text (TIMESTAMP in UTC), ENUM/SET qulonglong, BIT and
// every string, BLOB, JSON and GEOMETRY value its stored bytes (QByteArray, never converted from its
// character set).
//
// Generated columns are in the image like any other: with binlog_row_image=FULL MariaDB 10.11 logs the
// value of every VIRTUAL and STORED/PERSISTENT column (computed for the row, indexed or not), and the
// table map does not mark them (information_schema.COLUMNS.IS_GENERATED does). They are values to
// compare, never to write: an applier must leave them out (the target computes them; writing one is
// error 1906).
struct BinlogRow
{
    QList<QVariant> before;
    QList<QVariant> after;
};

struct BinlogEvent
{
    BinlogEventKind kind = BinlogEventKind::Heartbeat;
    int type = 0;                 // binlog event type code, e.g. 23 WRITE_ROWS_EVENT_V1
    QString typeName;             // e.g. "WRITE_ROWS_EVENT_V1"
    quint32 serverId = 0;         // server that wrote it
    quint32 timestamp = 0;        // when the statement ran (seconds since the epoch)
    BinlogPosition position;      // where the event starts in the server's binlog
    BinlogPosition nextPosition;  // where the next one starts
    bool endsTransaction = false; // Xid, COMMIT/ROLLBACK, or a statement outside a transaction (DDL)

    // Rows
    RowChange change = RowChange::Insert;
    std::shared_ptr<const BinlogTable> table;
    QList<BinlogRow> rows;

    // Query
    QString schema; // default schema of the statement
    QString query;

    // Gtid
    quint32 gtidDomain = 0;
    quint64 gtidSequence = 0;
    bool standalone = false; // no COMMIT/Xid follows (a DDL, or a statement on a non-transactional table)
    QString gtid() const
    {
        return QString::number(gtidDomain) + QLatin1Char('-') + QString::number(serverId) + QLatin1Char('-') +
               QString::number(gtidSequence);
    }

    // Xid
    quint64 xid = 0;
};

// "WRITE_ROWS_EVENT_V1" for 23, ...; "event type <n>" for codes it does not know.
QString binlogEventTypeName(int type);

} // namespace sp
