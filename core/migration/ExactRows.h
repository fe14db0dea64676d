#pragma once
// Reading and writing whole rows exactly (core/cluster/ExactValue.h): the copy, the capture's writes,
// verification's repair SQL and the purge's reads all go through these, so no value is rounded or
// converted on its way between servers.
#include "core/cluster/Connection.h"
#include "core/migration/MoveSet.h"

namespace sp::migration {

// prepareSession plus results in the columns' own bytes (character_set_results = binary, raw strings).
// For every engine session that reads row values or keys.
bool prepareExactSession(Connection &c, bool warningsAsErrors);

// The SELECT list that reads each column of `info` exactly: FLOAT through CAST(.. AS DOUBLE) (the text
// protocol prints a FLOAT with 6 digits), ENUM and SET as their numbers, everything else as stored.
QString exactSelectList(const TableInfo &info);
// One column's exact form in a SELECT list, and the key columns' (in key order).
QString exactExpr(const ColumnInfo &c);
QString exactKeyList(const TableInfo &info);
// A value read through exactExpr on an exact session, in ExactValue form.
bool normalizeExactValue(const ColumnInfo &c, QVariant *v, QString *error);
// Turns a row read with exactSelectList on an exact session into ExactValue form (FLOAT back to float,
// ENUM/SET indexes unsigned). False when a value cannot be what the column holds.
bool normalizeExactRow(const TableInfo &info, QList<QVariant> *row, QString *error);

// The columns an INSERT or UPDATE sets (generated columns are computed by the target) and a row's values
// for them.
QStringList writableColumns(const TableInfo &info);
QList<QVariant> writableValues(const TableInfo &info, const QList<QVariant> &row);

} // namespace sp::migration
