#pragma once
#include "core/migration/RunState.h"

#include <QCoreApplication>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

namespace sp::ui {

// Who works on a run right now, as the migration page sees it.
enum class RunActivity
{
    None,      // nobody: stopped after a step, at a gate, paused, or interrupted
    Here,      // an engine job of this console
    Elsewhere, // another process holds the run's lock (`shardctl migrate run` ...)
};

// What the engine job of this console does.
enum class EngineAction
{
    None,
    Continue,
    Verify,
    Rollback,
    ForwardStale
};

// The gates of a run as the page presents them: which actions are allowed now, why the others
// are not, and the lines that say what blocks; what Continue and Rollback ask before they act. Pure:
// from a RunState and who runs it. The steps, their names and what each does to the cluster come
// from the run kind's table (core/migration/run/RunKind.h); the kinds' own sentences are in
// CopyRunGate.cpp and DualRunGate.cpp.
struct RunGate
{
    Q_DECLARE_TR_FUNCTIONS(sp::ui::RunGate)

public:
    enum class Level
    {
        None,
        Info,
        Warning,
        Error
    };
    struct Line
    {
        Level level = Level::Info;
        QString text;
    };

    RunActivity activity = RunActivity::None;
    bool canContinue = false;
    QString continueBlocked;             // why Continue is disabled (tooltip)
    QList<migration::Step> untilChoices; // the steps Continue can stop after
    std::optional<migration::Step> defaultUntil;
    bool canPause = false;
    bool canVerify = false;
    QString verifyBlocked;
    bool canRollback = false;
    QString rollbackBlocked;
    // Writes of stale routes after the switch can be carried to the new nodes (T7 done, T9 not begun,
    // open keys in the journal, nobody working on the run).
    bool canForwardStale = false;
    QString forwardStaleBlocked;
    QList<Line> lines; // most important first
    Level level() const;

    static RunGate evaluate(const migration::RunState &s, bool engineHere, EngineAction action);
    // Steps Continue would run up to `until` that change the live cluster (the table's destructive
    // ones), each with what it does ("T4 sets read_only=1 on db0 (127.0.0.1:3306), db1 ..."); empty:
    // no confirmation needed.
    static QStringList destructiveSteps(const migration::RunState &s, migration::Step until);
    // The question Continue to `until` asks first when a step on the way wants a reason (the engine's
    // --override-reason: the table's reasonIfFailed); empty: none.
    static QString reasonQuestion(const migration::RunState &s, migration::Step until);
    // What `forward-stale` does to the open keys of stale routes, one sentence per key (at most 20).
    static QStringList forwardStaleEffects(const migration::RunState &s);
    // A copy run between T7 and T9 whose reverse stream runs: a rollback goes back through it.
    static bool reversible(const migration::RunState &s);
    // What a rollback does to this run now (the started steps' undo flags), one sentence each.
    static QStringList rollbackEffects(const migration::RunState &s);
    // The offer to drop what the run created too (--drop-targets).
    static QString dropTargetsOffer(const migration::RunState &s);
    // "T3", "D4" and the translated title of a step of the run's kind.
    static QString stepName(const migration::RunState &s, migration::Step step);
    static QString stepTitle(migration::RunKindId kind, migration::Step step);
    static QString stepLabel(const migration::RunState &s, migration::Step step); // "T3 Catch up"
    static QString statusText(migration::StepStatus s);
    // An engine message (English, "the switch is refused: ...") as a sentence inside the page's own:
    // a leading lowercase word capitalised (not a name such as db0 or read_only), a full stop added.
    static QString engineSentence(const QString &message);
    // What the engine wrote about a step, when it says more than the step's status (the engine's
    // words are English; a message that only repeats the status, "rolled back", is left out so the
    // console does not show it untranslated next to the translated status).
    static QString engineMessage(const migration::StepState &s);

private:
    // Continue and Pause, the same for every kind of run; returns the "busy" text (who works on the
    // run) that the other actions also show when the run is not idle.
    QString setContinueAndPause(bool idle, bool rolledBack, bool finished, EngineAction action);
    // The kinds' own lines and limits (CopyRunGate.cpp, DualRunGate.cpp).
    void copyLines(const migration::RunState &s, bool idle);
    static QString staleLine(const migration::StaleWrite &w);
    void dualLines(const migration::RunState &s, bool idle);
    static int copyLastAllowed(const migration::RunState &s, int last);
    static QString copyStep(const migration::RunState &s, migration::Step step);
    static QString dualStep(const migration::RunState &s, migration::Step step);
};

} // namespace sp::ui
