#pragma once
#include "core/migration/RunState.h"
#include "ui/migration/RunGate.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QObject>
#include <QString>

#include <memory>
#include <optional>

class QTimer;

namespace sp {
class JobRunner;
}

namespace sp::ui {

// The migration page's link to one run directory. Reads the run (RunState: spec, plan, journal,
// lock, pause request) on a timer, off the UI thread (JobRunner), whether the engine runs in this
// console, in a `shardctl migrate run` elsewhere, or nowhere; keeps the rows-copied history the
// journal does not (rates and ETA); and runs the engine's actions (continue, verify, rollback) on a
// worker, one at a time, each holding the run's lock only while it runs, so the console and
// `shardctl migrate` can take turns. The engine's `say` lines arrive as engineLine().
class RunController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunController)
public:
    explicit RunController(QObject *parent = nullptr);
    ~RunController() override; // a running engine is asked to pause and stopped

    // Follows `dir` ("" lets go). Refused (false) while an engine action of this console runs.
    bool attach(const QString &dir);
    QString dir() const { return m_dir; }
    // The latest read (std::nullopt before the first one succeeds).
    const std::optional<migration::RunState> &state() const { return m_state; }
    QString readError() const { return m_readError; }
    bool isReading() const;
    // Reads now; while a read runs, once more after it (so a read begins after this call). The timer
    // reads every pollInterval() ms.
    void refresh();
    // When the read state() shows began (UTC): what happened before it is in the state.
    QDateTime stateReadSince() const { return m_stateSince; }
    void setPollInterval(int ms);
    int pollInterval() const { return m_pollMs; }

    bool engineRunning() const { return m_action != EngineAction::None; }
    EngineAction engineAction() const { return m_action; }
    RunGate gate() const;

    // Engine actions; false with `error` when the gate refuses (the engine checks again).
    bool continueTo(migration::Step until, bool confirmed, const QString &overrideReason, QString *error);
    // strongHash: this comparison hashes rows with SHA2-256 (RunOptions::strongHash).
    bool verify(QString *error, bool strongHash = false);
    bool rollback(bool dropTargets, QString *error);
    // `migrate forward-stale --yes`; conflicts: "", "keep-new" or "take-old" (RunOptions::staleConflicts).
    bool forwardStale(const QString &conflicts, QString *error);
    // Writes DIR/pause: the engine (here or elsewhere) stops after its current chunk.
    bool pause(QString *error);

    // Rows copied per pair and in total, measured by the reads made while the copy runs: T2 running
    // and a process holding the run's lock (here or a `shardctl migrate run`), plus the read that
    // sees it end. A run read while nothing copies (paused, interrupted, rolled back, reopened after
    // a restart) adds none. A copy that stops and goes on later starts a new segment: a chart draws
    // no line across the time nothing was measured.
    struct Sample
    {
        QDateTime at; // UTC
        qint64 total = 0;
        QHash<QString, qint64> byPair; // pairKey() -> rows copied
        int segment = 0;               // samples of one stretch of copying share it
    };
    const QList<Sample> &samples() const { return m_samples; }
    static QString pairKey(const migration::CopyProgress &p);
    // Rows per second over the last samples of the current segment (up to 20 s), -1 while unknown.
    double pairRate(const QString &key) const;
    double totalRate() const;

signals:
    void stateChanged();
    void readFailed(const QString &error);
    void engineStarted(sp::ui::EngineAction action);
    void engineLine(const QString &line);
    void engineProgress(const QString &line);
    // outcome: migration::Outcome as int; error: the engine's English message (empty when done).
    void engineFinished(sp::ui::EngineAction action, int outcome, const QString &error);

private:
    struct Mailbox;
    struct EngineResult
    {
        int outcome = 0;
        QString error;
    };
    void applyRead(const migration::RunState &read, const QString &dir, bool withPlan,
                   const QDateTime &since);
    void drainMailbox();
    bool startEngine(EngineAction action, std::optional<migration::Step> until, bool yes,
                     const QString &reason, bool dropTargets, QString *error);

    QString m_dir;
    std::optional<migration::RunState> m_state;
    QString m_readError;
    qint64 m_lastAuditId = 0;
    QDateTime m_stateSince;
    bool m_readAgain = false;
    QList<Sample> m_samples;
    bool m_copying = false; // the last read saw the copy running
    int m_segment = 0;
    JobRunner *m_reader = nullptr;
    JobRunner *m_engine = nullptr;
    QTimer *m_poll = nullptr;
    QTimer *m_drain = nullptr;
    int m_pollMs = 1000;
    EngineAction m_action = EngineAction::None;
    bool m_strongVerify = false; // the next Verify hashes rows with SHA2-256
    std::shared_ptr<Mailbox> m_mailbox;
};

} // namespace sp::ui
