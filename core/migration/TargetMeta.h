#pragma once
#include "core/cluster/BinlogPosition.h"
#include "core/cluster/Connection.h"

#include <QHash>
#include <QList>
#include <QPair>
#include <QString>

#include <functional>

#include <optional>

namespace sp::migration {

// A copy checkpoint: rows of the unit with a primary key up to lastPk are on the target (and kept
// current by capture from then on); done: all of them are.
struct CopyState
{
    std::optional<QList<QVariant>> lastPk; // the last key copied (KeySql.h); nullopt: nothing copied yet
    bool done = false;
    qint64 copied = 0;
};

// The metadata schema `_shardpilot` on every target instance. Copy checkpoints and the capture
// position of each source server live there and are written in the same transaction as the rows they
// describe, so a process killed at any instant resumes with nothing lost and nothing applied twice.
namespace meta {

inline QString schema() { return QStringLiteral("`_shardpilot`"); }

bool ensure(Connection &c, QString *error);

// Creates the checkpoint rows of a run if missing (never resets existing ones).
bool initCopy(Connection &c, const QString &runId, int unit, int target, QString *error);
bool initCapture(Connection &c, const QString &runId, const QString &source, const BinlogPosition &pos,
                 QString *error);

// All checkpoints of a run on this instance: (unit, target) -> state.
std::optional<QHash<QPair<int, int>, CopyState>> loadCopy(Connection &c, const QString &runId, QString *error);
// Capture position of `source` on this instance (nullopt with an empty error when there is none).
std::optional<BinlogPosition> loadCapture(Connection &c, const QString &runId, const QString &source,
                                          QString *error);

// Inside the caller's transaction:
bool saveCopy(Connection &c, const QString &runId, int unit, int target, const CopyState &s);
bool saveCapture(Connection &c, const QString &runId, const QString &source, const BinlogPosition &pos);
// Both of a copied chunk (its pair's checkpoint, its source's capture position) in one round trip
// where the session allows multi-statement queries (ConnectionParams::multiStatements); fails, as
// those do, when a row is missing.
bool saveChunk(Connection &c, const QString &runId, int unit, int target, const CopyState &s, const QString &source,
               const BinlogPosition &pos);

// Removes the run's rows (rollback with --drop-targets, after T9).
bool forget(Connection &c, const QString &runId, QString *error);

// After forget(): drops the schema when no table in it holds a row of any run (another run still
// working on this server keeps it). `run` executes the DROP (the caller audits it). false: an error
// (*error); *dropped says whether it went.
bool dropIfUnused(Connection &c, const std::function<bool(const QString &sql)> &run, bool *dropped, QString *error);

} // namespace meta
} // namespace sp::migration
