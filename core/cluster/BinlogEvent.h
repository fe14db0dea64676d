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
    int realType = 0; // differs from `type` for CHAR/ENUM/SET (all logged as 254 STRING)
    QString typeName; // "int", "varchar", "blob", "datetime2" ...
    quint16 meta = 0; // type metadata: max length, precision << 8 | scale, fractional digits ...
    bool isUnsigned = false;
    int collation = 0; // character columns: collation id (63 = binary); 0 otherwise
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

// One row of a rows event. Insert: `after`; Delete: `before`; Update: both. Values per column of
// BinlogEvent::table: SQL NULL is an invalid QVariant, '' an empty QString/QByteArray. Types: signed and
// unsigned integers (qlonglong/qulonglong), YEAR (qlonglong), FLOAT (double of the float's shortest
// text: 3.14f gives 3.14, and converts back to the same float), DOUBLE (double), DECIMAL
// (QString, exact digits), DATE/DATETIME (QString "YYYY-MM-DD[ HH:MM:SS[.ffffff]]"), TIMESTAMP (same
// text in UTC), text columns (QString, decoded from their charset), binary columns and BLOBs (QByteArray).
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
