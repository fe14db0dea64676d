#pragma once
// Writing rows in exact form (core/cluster/ExactValue.h) with LOAD DATA LOCAL INFILE served from memory
// (Connection::loadFromMemory) instead of multi-row INSERTs: the server stores each field with the same
// Field::store call an INSERT's literal reaches (bytes as CHARACTER SET binary, numbers as their digits),
// without parsing a statement per row. ENUM, SET and YEAR columns go through a user variable and
// CAST(.. AS UNSIGNED/SIGNED), as their INSERT literal is a number (a digit string would be read as an
// ENUM member's name, or YEAR '0' as 2000).
//
// LOAD DATA LOCAL treats errors as IGNORE does (the server cannot stop the client's stream): a caller
// runs it on a session whose warnings are errors and checks that the affected rows equal the rows sent.
#include "core/cluster/RawResult.h"
#include "core/migration/MoveSet.h"

#include <QByteArray>

namespace sp::migration {

// The statement for the writable columns of `info` (writableColumns order) into `qualifiedTable`.
QByteArray exactLoadStatement(const TableInfo &info, const QString &qualifiedTable);
// Appends one row (writableValues order) as a line of the statement's input. False with `error` for a
// value that has no exact text form (NaN, infinity, a type the exact reader never produces).
bool appendExactLoadRow(const QList<QVariant> &writableRow, QByteArray *out, QString *error);
// The same from row `r` of a result read with exactSelectList(info) on an exact session, without going
// through QVariant: values as the server sent them (digits, temporal and DECIMAL text, bytes), FLOAT and
// DOUBLE parsed and written back as appendExactLoadRow writes them (a FLOAT that is no float value fails).
// `writable` is info.writable() (read once per chunk, not per row).
bool appendExactLoadRow(const TableInfo &info, const QList<int> &writable, const RawResult &rows, qsizetype r,
                        QByteArray *out, QString *error);

} // namespace sp::migration
