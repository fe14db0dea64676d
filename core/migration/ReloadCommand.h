#pragma once
#include "core/migration/Journal.h"

#include <QDateTime>
#include <QString>

namespace sp::migration {

// What the reload command did (the command the operator gave a run to tell the applications' services
// that the config was switched: T6, dual-master's D7).
struct ReloadOutcome
{
    bool ok = false;    // exited normally with 0 within the time allowed
    int exitCode = -1;  // -1: did not start, crashed or timed out
    QDateTime started;  // UTC
    QDateTime finished; // UTC
    QString output;     // what it printed (stdout and stderr merged), the last 2,000 characters
    QString error;      // why it failed, when it failed before or without an exit code
};

// Runs `command` with /bin/sh -c and waits at most timeoutMs. Both engines run it this way.
ReloadOutcome runReloadCommand(const QString &command, int timeoutMs = 120000);

// Writes what the reload command did to the journal: the audit entry "reload command" (outcome "ok"
// or "failed: ..."), and the values the console shows (reload.at, reload.ms, reload.exit,
// reload.output).
void recordReload(Journal &journal, const QString &step, const QString &command, const ReloadOutcome &o);

} // namespace sp::migration
