#pragma once
#include "core/migration/RunState.h"

#include <QCoreApplication>
#include <QString>

namespace sp::ui {

// The sentences the migration page adds around the switch and a comparison, from a RunState alone:
// who tells the applications' services about the new config (the reload command, or nobody), what
// the reload command did, and where a Verify's differences are listed. Pure, like RunGate.
struct RunNotes
{
    Q_DECLARE_TR_FUNCTIONS(sp::ui::RunNotes)

public:
    // For the confirmation of Continue up to `until`: when the steps it runs switch the config or
    // resume writes on it (T6, T7; dual-master's D7) and the run has no reload command, who must
    // tell the services. Empty when a reload command is set or those steps are not run.
    static QString reloadWarning(const migration::RunState &s, migration::Step until);

    // Once the config was switched (and not rolled back): when, and what the reload command did
    // (time, duration, exit code and output), or that none was set.
    struct Switch
    {
        QString text;    // empty: the config was not switched
        QString details; // the reload command's whole output (tooltip)
        bool warning = false;
    };
    static Switch afterSwitch(const migration::RunState &s);

    // For the rollback's confirmation: the rollback puts the old config back but runs no reload
    // command. Empty when the config was not switched.
    static QString rollbackReload(const migration::RunState &s);

    // After a Verify of this console: what it found, and where the differences are listed (rich
    // text; the link "#differences" names the Differences tab).
    static QString verifyResult(const migration::RunState &s);
};

} // namespace sp::ui
