#pragma once
#include "core/cluster/Connection.h"

namespace sp {

struct MultiRowInsert
{
    QString table;       // already quoted, e.g. "`db0`.`t_messages_1`" (Connection::quoteIdentifier)
    QStringList columns; // plain names; quoted here (backticks, embedded backticks doubled)
    bool ignore = false; // INSERT IGNORE (the applier's idempotent insert)
    // Upper bound of one statement in bytes. 0: max_allowed_packet minus 1 KiB, at most 16 MiB.
    qsizetype maxStatementBytes = 0;
};

struct BuiltInserts
{
    QList<QByteArray> statements; // UTF-8 SQL, each below the bound
    QList<int> rowCounts;         // rows in each statement
};

// Multi-row INSERT statements built safely: every value goes through Connection::sqlLiteral
// (strings escaped by mysql_real_escape_string for the connection's charset, QByteArray as X'..' hex,
// NULL distinct from ''), identifiers through Connection::quoteIdentifier, rows split over as many
// statements as the size bound needs. Fails, naming the row, for a value without a literal, a row whose
// value count differs from the columns, or a single row larger than the bound.
class InsertBuilder final
{
public:
    static std::optional<BuiltInserts> build(Connection &connection, const MultiRowInsert &spec,
                                             const QList<QList<QVariant>> &rows, QString *error);
    // build() then exec() each statement; `total` sums their results (affectedRows, warnings).
    // Stops at the first failure (connection.lastError()); run it inside a Transaction to keep all or none.
    static bool execute(Connection &connection, const MultiRowInsert &spec,
                        const QList<QList<QVariant>> &rows, ExecResult *total = nullptr);
};

} // namespace sp
