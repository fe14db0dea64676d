#pragma once
// Every name of the journal's key/value table, in one place: Journal::value() and setValue() take a
// JournalKey, which only this file makes, so a key is never a string literal repeated across files.
#include <QString>

#include <utility>

namespace sp::migration {

struct JournalKey
{
    explicit JournalKey(QString n) : name(std::move(n)) {}
    QString name;
};

namespace keys {

// --- the run --------------------------------------------------------------------------------------
inline const JournalKey rolledBack{QStringLiteral("rolledBack")}; // "1" once rolled back

// --- the write stop (copy T4..T7, dual-master D7) --------------------------------------------------
inline const JournalKey writeStopStart{QStringLiteral("writeStopStart")}; // UTC, ISO with ms
inline const JournalKey writesResumed{QStringLiteral("writesResumed")};
inline const JournalKey writeStopMs{QStringLiteral("writeStopMs")};

// --- the switch (Actions.h) ----------------------------------------------------------------------
// Where the switch kept the old config; set: the config was replaced by the plan's new one.
inline const JournalKey configBackup{QStringLiteral("configBackup")};
// The reload command ended well after the config was replaced (UTC): a resumed switch runs it until
// it has (docs/migration.md, "The reload command").
inline const JournalKey reloaded{QStringLiteral("reloaded")};
// What the last run of the reload command did (ReloadCommand.h; the console's RunNotes shows it): when
// it ended (UTC), how long it took, its exit code, its output, why it failed without an exit code.
inline const JournalKey reloadAt{QStringLiteral("reload.at")};
inline const JournalKey reloadMs{QStringLiteral("reload.ms")};
inline const JournalKey reloadExit{QStringLiteral("reload.exit")};
inline const JournalKey reloadOutput{QStringLiteral("reload.output")};
inline const JournalKey reloadError{QStringLiteral("reload.error")};

// --- the copy kind -------------------------------------------------------------------------------
inline JournalKey captureStart(const QString &instance)
{
    return JournalKey(QStringLiteral("captureStart.") + instance);
}
// Where T4 drained a source server's binlog to (kept for runs made before drained.<instance>).
inline JournalKey final(const QString &instance)
{
    return JournalKey(QStringLiteral("final.") + instance);
}
// What the capture applied up to once writes stopped, verified by the latest comparison.
inline JournalKey drained(const QString &instance)
{
    return JournalKey(QStringLiteral("drained.") + instance);
}
inline JournalKey observeFrom(const QString &instance)
{
    return JournalKey(QStringLiteral("observeFrom.") + instance);
}
inline JournalKey observe(const QString &instance)
{
    return JournalKey(QStringLiteral("observe.") + instance);
}
inline const JournalKey liftingReadOnly{QStringLiteral("liftingReadOnly")};
inline const JournalKey staleWrites{QStringLiteral("staleWrites")};
// The reverse stream (copy/ReverseStream.h): each target server's binlog head at T6 before the switch,
// how far it was applied back (per target server), its totals, and "1" once T9 ended it.
inline JournalKey reverseFrom(const QString &instance)
{
    return JournalKey(QStringLiteral("reverse.from.") + instance);
}
inline JournalKey reverseApplied(const QString &instance)
{
    return JournalKey(QStringLiteral("reverse.applied.") + instance);
}
inline JournalKey reverseHead(const QString &instance)
{
    return JournalKey(QStringLiteral("reverse.head.") + instance);
}
inline const JournalKey reverseAt{QStringLiteral("reverse.at")};
inline const JournalKey reverseChanges{QStringLiteral("reverse.changes")};
inline const JournalKey reverseConflicts{QStringLiteral("reverse.conflicts")};
inline const JournalKey reverseEnded{QStringLiteral("reverse.ended")};
// A rollback after the switch: when writes on the new nodes stopped, how long they were stopped (ms),
// and the reload command's share of it (ms).
inline const JournalKey rollbackStopStart{QStringLiteral("rollback.stopStart")};
inline const JournalKey rollbackWriteStopMs{QStringLiteral("rollback.writeStopMs")};
inline const JournalKey rollbackReloadMs{QStringLiteral("rollback.reloadMs")};
inline const JournalKey comparisonLast{QStringLiteral("comparison.last")}; // "T5", "migrate verify", ...
inline const JournalKey comparisonAt{QStringLiteral("comparison.at")};
inline JournalKey purge(int unit)
{
    return JournalKey(QStringLiteral("purge.%1").arg(unit));
}
// "1": T0 created target t of `unit` (a rollback may drop it; an existing data node only loses rows).
inline JournalKey createdTarget(int unit, int target)
{
    return JournalKey(QStringLiteral("createdTarget.%1.%2").arg(unit).arg(target));
}

// --- the dual-master kind ------------------------------------------------------------------------
inline JournalKey dualOrig(const QString &instance)
{
    return JournalKey(QStringLiteral("dual.orig.") + instance);
}
inline JournalKey dualSeed(const QString &dataSource)
{
    return JournalKey(QStringLiteral("dual.seed.") + dataSource);
}
inline JournalKey dualSeedGtid(const QString &dataSource)
{
    return JournalKey(QStringLiteral("dual.seedGtid.") + dataSource);
}
inline JournalKey dualCreatedSchema(const QString &dataSource)
{
    return JournalKey(QStringLiteral("dual.createdSchema.") + dataSource);
}
// Set before a comparison stops a new instance's replication, cleared once it runs again.
inline const QString dualCompareStoppedPrefix = QStringLiteral("dual.compareStopped.");
inline JournalKey dualCompareStopped(const QString &dataSource)
{
    return JournalKey(dualCompareStoppedPrefix + dataSource);
}
inline const JournalKey dualCompare{QStringLiteral("dual.compare")};
// D4's decision for a pair: "two-way" (new -> old replication from the switch until D8) or "one-way: <why>".
inline JournalKey dualBack(const QString &newDataSource)
{
    return JournalKey(QStringLiteral("dual.back.") + newDataSource);
}
// The new instance's binlog position its old instance replicates from (D7), "file:pos".
inline JournalKey dualBackFrom(const QString &newDataSource)
{
    return JournalKey(QStringLiteral("dual.backFrom.") + newDataSource);
}
// The new instance's gtid_domain_id before D4 gave it a domain of its own.
inline JournalKey dualDomain(const QString &newDataSource)
{
    return JournalKey(QStringLiteral("dual.domain.") + newDataSource);
}
inline JournalKey dualPurge(bool oldSide, int unit)
{
    return JournalKey(QStringLiteral("dual.purge.%1.%2")
                          .arg(oldSide ? QStringLiteral("old") : QStringLiteral("new"))
                          .arg(unit));
}
inline JournalKey dualPurgeKept(bool oldSide, int unit)
{
    return JournalKey(dualPurge(oldSide, unit).name + QStringLiteral(".kept"));
}
inline const JournalKey replication{QStringLiteral("replication")}; // the last look at every pair (JSON)
inline const JournalKey switchedAt{QStringLiteral("switchedAt")};
inline const JournalKey cutAt{QStringLiteral("cutAt")};

// --- the throttle (Throttle.h) -------------------------------------------------------------------
// Seconds the work waited, per reason ("rate", "threads_running", "replica lag", ...): a JSON object.
inline const JournalKey throttled{QStringLiteral("throttled")};
// The replicas the throttle watches and their last lag (JSON array).
inline const JournalKey replicas{QStringLiteral("replicas")};
// What holds the work back right now ("replica 127.0.0.1:3310 lags 4.2 s (at most 1.5 s)"); empty
// while nothing does or no throttled work runs.
inline const JournalKey throttleWaiting{QStringLiteral("throttle.waiting")};

} // namespace keys
} // namespace sp::migration
