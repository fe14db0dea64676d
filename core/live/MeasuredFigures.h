#pragma once
#include "core/planning/WhatIf.h"

#include <QString>

namespace sp::planning {

// Where `migrate_bench --dual-vs-copy` keeps the write stops it measured:
// <generic data dir>/ShardPilot/measured/migrate-bench.json (SHARDPILOT_MEASURED_FILE overrides).
QString measuredFiguresFile();
// Fills options' measured write stops from that file; false (options unchanged) when there is
// none or it does not parse. Bounded: a file over 64 KiB is ignored.
bool loadMeasuredFigures(WhatIfOptions *options, const QString &file = measuredFiguresFile());
// Writes the file (0644, atomically).
bool saveMeasuredFigures(double copyWriteStopSec, double dualWriteStopSec, const QString &measuredOn,
                         const QString &file, QString *error);

} // namespace sp::planning
