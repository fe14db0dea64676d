#pragma once
// What a dual-master run keeps besides its steps, read without taking the run's lock (`migrate
// status`, the console): the replication of each old -> new pair and the last row comparison.
#include "core/migration/MoveSet.h"
#include "core/migration/Replication.h"

#include <QDateTime>
#include <QJsonObject>
#include <QMap>

#include <optional>

namespace sp::planning {
struct ExpansionPlan;
}

namespace sp::migration {

// One old data source and the new one that takes half of its rows.
struct DualPair
{
    QString oldDs, newDs;
    Endpoint a, b; // admin endpoints of the old and the new instance
    QString aHost; // how the new instance reaches the old one (the config's url)
    int aPort = 0;
    QString bHost;
    int bPort = 0;
};

// The pairs of a dual-master plan: every old data source moves rows to exactly one new one, each on
// an instance of its own.
bool buildPairs(const planning::ExpansionPlan &plan, const ShardingConfig &newConfig,
                const Endpoints &endpoints, QList<DualPair> *out, QString *error);
// Both directions' replica status and GTID positions of one pair, read now.
PairReplication probePair(const DualPair &p);

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

} // namespace sp::migration
