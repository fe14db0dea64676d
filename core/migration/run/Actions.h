#pragma once
// What every run kind does the same way, written once: the config switch and its undo, read_only on
// and off, and one thread per server.
#include "core/migration/run/RunContext.h"

#include <functional>

namespace sp::migration {

// Replaces the run's config with the plan's new one (the old file kept next to it, audited), then
// runs the reload command. One rule on resume (docs/migration.md, "The reload command"): the reload
// command runs until it has ended well once after the config was replaced (keys::reloaded) - a switch
// killed between the write and the reload, or whose reload failed, runs it again; one that reloaded
// never reloads twice. A config that changed since the plan was made is never replaced.
bool switchConfig(RunContext &ctx, Step s, QString *error);

// Rollback: puts the config back from the switch's backup (audited); nothing to do before a switch.
bool restoreConfig(RunContext &ctx, QString *error);

// A rollback after the switch, once the old config is back: runs the reload command if the run has
// one (audited under `s`, its time journaled as rollback.reloadMs and put in *ms, 0 without one).
// False when it failed: the caller keeps the new servers read-only and says so.
bool runRollbackReload(RunContext &ctx, Step s, qint64 *ms);

// SET GLOBAL read_only = on|off on each instance (audited, in the order given).
bool setReadOnly(RunContext &ctx, Step s, const QStringList &instances, bool on, QString *error);

// Runs job(i) for i in [0, count) on one thread each (one per server); while they run, tick(false) is
// called on the calling thread every `tickMs` (progress, stop requests), and tick(true) once after
// every job ended. The one fan-out of the copy's workers, the target servers' set-ups and the
// verification.
void forEachServer(int count, const std::function<void(int)> &job, const std::function<void(bool)> &tick = {},
                   int tickMs = 10);

} // namespace sp::migration
