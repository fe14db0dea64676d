#pragma once
// Dual-master doubling executed (reference 002, plan steps D1..D10): seed each new instance from its
// old one with a consistent dump, replicate old -> new by GTID, interleave AUTO_INCREMENT, wait for
// zero lag, stop writes only for the config switch, cut replication, purge each side's other half.
// Same run directory, journal, lock and audit log as copy runs: the journal's ten step rows hold
// D1..D10 (row i is D(i+1)).
#include "core/migration/run/Runner.h"
#include "core/migration/Replication.h"

namespace sp::migration {

QString dualStepName(Step s);                            // "D1".."D10"
QString dualStepTitle(Step s);                           // "Check the servers", ...
std::optional<Step> dualStepFromName(const QString &name); // "D3" or "d3"
bool isDualMasterPlan(const planning::ExpansionPlan &plan);

// The journal's last replication snapshot of every pair (written by the engine whenever it looks).
QList<PairReplication> storedReplication(const QMap<QString, QString> &journalValues);
// Reads the replication of every pair of the run in DIR from the servers now (no lock taken).
bool probeReplication(const QString &runDir, QList<PairReplication> *out, QString *error);

// The journal's last row comparison of a dual-master run (D6, or `migrate verify`): the rows each new
// instance will own against its old instance (DualCompare.h).
struct DualComparison
{
    QDateTime at;           // UTC, when it ended
    QString by;             // "D6" or "verify"
    bool clean = false;     // nothing differs (after repairs)
    qint64 rows = 0;        // rows compared
    qint64 repaired = 0;    // rows repaired on the new instances
    qint64 differences = 0; // rows that still differ (listed with repair SQL in the journal's differences)
    QString token;          // the engine process that made it (D7 wants one of its own process)
    QJsonObject toJson() const;
    static DualComparison fromJson(const QJsonObject &o);
};
std::optional<DualComparison> storedComparison(const QMap<QString, QString> &journalValues);
// New data sources whose replication a comparison stopped and a killed process did not start again
// (the next run starts it).
QStringList interruptedComparisons(const QMap<QString, QString> &journalValues);

class DualMasterEngine final
{
public:
    DualMasterEngine(const QString &dir, const RunSpec &spec, const planning::ExpansionPlan &plan,
                     const ShardingConfig &newConfig, Journal &journal);
    ~DualMasterEngine();

    bool open(QString *error); // resolves the servers and the pairs
    Outcome run(const RunOptions &options);
    Outcome rollback(bool dropTargets, const RunOptions &options);
    Outcome check(const RunOptions &options); // the replication gates, read-only
    void requestStop() { m_stop.store(true); }
    QString error() const { return m_error; }
    QList<PairReplication> probe();

    struct Pair
    {
        QString oldDs, newDs;
        Endpoint a, b; // admin endpoints of the old and the new instance
        QString aHost; // how the new instance reaches the old one (the config's url)
        int aPort = 0;
        QString bHost;
        int bPort = 0;
    };

private:
    Outcome fail(Step s, const QString &message, Outcome o = Outcome::GateFailed);
    void say(const QString &line);
    bool audited(Step s, const QString &action, Connection &c, const QString &sql, const QString &secret = {});
    bool connect(const Endpoint &e, Connection *c, QString *error);
    QString replUser() const;
    bool ensureReplUser(Step s, const Pair &p, QString *password, QString *error);
    bool seed(const Pair &p, QString *error);
    bool copyGrants(const Pair &p, QString *error);
    bool gates(Step s, bool beforeSwitch, QString *error);
    void storeProbe(const QList<PairReplication> &list);
    bool cutReplication(Step s, QString *error);
    bool restoreSettings(Step s, QString *error);
    bool purgeSide(const MoveUnit &u, bool oldSide, QStringList *kept, QString *error);
    bool switchConfig(QString *error);
    bool setReadOnly(Step s, bool on, QString *error);
    bool loadTableInfo(QString *error);
    bool switched() const;
    // Starts the replication a killed comparison left stopped (journal markers), clears the markers.
    bool restartInterrupted(Step s, QString *error);
    Outcome waitCaughtUp(Step s);
    // Compares every pair's rows (DualCompare.h), records the result; repair: D6, not verify.
    Outcome compareRows(Step s, bool repair);
    bool comparisonGate(QString *error);

    Outcome stepD1();
    Outcome stepD2();
    Outcome stepD3();
    Outcome stepD4();
    Outcome stepD5();
    Outcome stepD6();
    Outcome stepD7();
    Outcome stepD8();
    Outcome stepD9();
    Outcome stepD10();

    QString m_dir;
    const RunSpec &m_spec;
    const planning::ExpansionPlan &m_plan;
    const ShardingConfig &m_newConfig;
    Journal &m_journal;
    Endpoints m_endpoints;
    MoveSet m_moves;
    QList<Pair> m_pairs;
    RunOptions m_options;
    std::atomic<bool> m_stop{false};
    QString m_error;
    QString m_token; // this engine process, in the comparisons it records
};

} // namespace sp::migration
