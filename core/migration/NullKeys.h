#pragma once
#include "core/cluster/Connection.h"
#include "core/migration/MoveSet.h"

#include <optional>

namespace sp::migration {

// Rows whose sharding column is NULL: neither config routes them (ShardingSphere cannot either), so
// they stay on their source table, through T9, and nothing would say so. T0 counts them per moving
// source table (a column declared NOT NULL is not scanned; one that allows NULL is counted with a
// scan) and reports each table that has any as a warning check.
// nullopt: the server could not be asked (*error). 0 for broadcast tables.
std::optional<qint64> countNullKeys(Connection &c, const MoveUnit &u, QString *error);
// "db1.t_messages_1: 3 rows have a NULL _target ..."
QString nullKeysWarning(const MoveUnit &u, qint64 rows);

} // namespace sp::migration
