#pragma once
// What T0 checks of every moving table before anything is created (docs/migration.md, "What is carried,
// what is refused"): column types the engine cannot read and write exactly, a sharding column whose
// character set the router cannot read, and table features a copy would not carry (triggers, views
// reading the table, foreign keys, system versioning, non-transactional engines). Each problem names
// the table, the column or object, and the reason.
#include "core/cluster/Connection.h"
#include "core/migration/MoveSet.h"

namespace sp::migration {

// `c` is a session on the table's (source) server; `u.info` is read already.
QStringList checkTable(Connection &c, const MoveUnit &u);

} // namespace sp::migration
