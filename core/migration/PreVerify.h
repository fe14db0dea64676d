#pragma once
#include "core/cluster/BinlogPosition.h"
#include "core/cluster/Connection.h"
#include "core/migration/MoveSet.h"

#include <QList>
#include <QPair>

#include <map>
#include <optional>
#include <set>
#include <vector>

// Pre-verification (docs/migration.md, "Verification ahead of the write stop"): T3 compares the
// copied rows range by range while writes continue, each range at a consistent point of its source;
// T5 then re-checks only what may have changed since:
//  - keys a source binlog transaction touched after the range's point (derived from the source's
//    binlog, which is durable: after a restart the stream is read again from the oldest point);
//  - keys a session other than the engine's capture touched on the target: triggers on the target
//    table write them to `_shardpilot`.`touched`, in that session's transaction, whether or not it
//    writes a binlog (sql_log_bin=0 too);
//  - ranges never verified, or with too many changed keys.
// A target table whose triggers are gone or whose InnoDB table id changed (TRUNCATE, a rebuild, a
// swapped table) is compared whole, like every table that is not eligible.
namespace sp::migration {

struct PvRange
{
    bool ok = false;         // equal at `pos`
    BinlogPosition pos;      // the source's binlog position the range was compared at
    bool overflow = false;   // more changed keys than kept: the whole range is re-checked
    std::set<qint64> keys;   // keys changed after `pos`
};

// One target table's key space cut into ranges: range i is [origin + i*width, origin + (i+1)*width - 1],
// the first one open downwards and the last one open upwards, so the ranges cover every key.
struct PvTable
{
    int unit = 0;
    int target = 0;
    qint64 origin = 0;
    qint64 width = 1;
    qint64 identity = -1; // InnoDB TABLE_ID when the triggers were created
    std::vector<PvRange> ranges;

    int indexOf(qint64 key) const;
    qint64 lo(int i) const;
    qint64 hi(int i) const;
    // A source transaction ending at `end` changed `key`.
    void mark(qint64 key, const BinlogPosition &end, int cap);
    std::optional<BinlogPosition> oldest() const; // the earliest point of a verified range
};

// What T5 compares of one target table: everything, or the listed key ranges and keys.
struct VerifyScope
{
    bool full = true;
    QList<QPair<qint64, qint64>> ranges;
    QList<qint64> keys;
};
using VerifyScopes = std::map<QPair<int, int>, VerifyScope>; // (unit, target)

// Empty when (unit, target) can be pre-verified; otherwise why not (it is then compared whole at T5).
QString pvIneligible(const MoveSet &moves, const MoveUnit &u, int t);

namespace pv {

bool ensure(Connection &c, QString *error);
QString captureMarker(const QString &runId); // the user variable the capture's sessions set
QStringList triggerSql(const QString &runId, const MoveUnit &u, int t);     // CREATE TRIGGER x3
QStringList dropTriggerSql(const QString &runId, const MoveUnit &u, int t); // DROP TRIGGER IF EXISTS x3
QString triggerPrefix(const QString &runId, const MoveUnit &u, int t);
// InnoDB TABLE_ID of schema.table (nullopt with an empty error when it is not found)
std::optional<qint64> identity(Connection &c, const QString &schema, const QString &table, QString *error);

bool saveTable(Connection &c, const QString &runId, const PvTable &t, QString *error);
bool saveRange(Connection &c, const QString &runId, int unit, int target, int index, const BinlogPosition &pos);
bool clearRanges(Connection &c, const QString &runId, int unit, int target);
// The tables of a run on this server with their verified ranges.
std::optional<std::vector<PvTable>> load(Connection &c, const QString &runId, QString *error);
// Keys touched on the target by other sessions; `limit` at most (overflow set when there are more).
std::optional<std::map<QPair<int, int>, QList<qint64>>> touched(Connection &c, const QString &runId, int limit,
                                                                bool *overflow, QString *error);
// The run's triggers present on this server: (schema, name).
std::optional<QList<QPair<QString, QString>>> triggers(Connection &c, const QString &runId, QString *error);
bool forget(Connection &c, const QString &runId, QString *error);

} // namespace pv
} // namespace sp::migration
