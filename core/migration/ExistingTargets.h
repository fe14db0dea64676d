#pragma once
#include "core/migration/MoveSet.h"

#include <functional>

namespace sp::migration {

// Targets that are live data nodes (MoveTarget::existing: a ring node drained into the nodes that
// stay, a remap into data nodes of the old config). The run owns only the rows of the pairs'
// predicates there (MoveSet::targetScope).

// T0: the existing table may hold rows of its own, but none the pairs move there (those would be
// rows placed against the old config, indistinguishable from copied ones).
bool checkExistingTarget(Connection &c, const MoveSet &moves, const MoveUnit &u, int t, QString *error);

// Rollback: deletes the run's rows from an existing target in chunks of at most `chunk` rows; every
// statement goes through `exec` (the engine audits it). False with `error` when one fails.
bool deleteRunRows(Connection &c, const MoveSet &moves, const MoveUnit &u, int t,
                   const std::function<bool(const QString &sql, quint64 *affected)> &exec, QString *error,
                   int chunk = 5000);

} // namespace sp::migration
