#pragma once
// Stale-route writes after the switch (docs/migration.md, "T8"): a service still on the old config
// writes a moved key on its old shard. T8 records each such key with the state the new node's row had
// before (what T7 left there); `migrate forward-stale` carries the old shard's row to the new node
// where the new node still holds that state, and lists a key written on both sides with both versions.
#include "core/migration/Journal.h"
#include "core/migration/MoveSet.h"

namespace sp::migration {

// "-" for no row; else "r:" and the SHA-256 of the values an INSERT sets (writableValues), each with
// its type and length: two states are equal exactly when the stored values are.
QString rowState(const TableInfo &info, const QList<QVariant> *row);

// The sightings of one row change of unit `u` (binlog images in TableInfo::columns order; either may
// be empty): for each key and each target an image routes to, the target row's state before and
// after the change. `at` is left for the caller (the transaction's commit). False: a key is NULL or
// the router failed (`error`).
bool staleSightings(const MoveSet &moves, const MoveUnit &u, const QList<QVariant> &before,
                    const QList<QVariant> &after, QList<StaleSighting> *out, QString *error);

// A row for people: "col=value, ..." (long values shortened, bytes that are not text in hex).
QString rowForPeople(const TableInfo &info, const QList<QVariant> &row);

} // namespace sp::migration
