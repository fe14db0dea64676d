#pragma once
#include "core/cluster/ClusterStats.h"

#include <QDateTime>
#include <QList>
#include <QMap>
#include <QString>

#include <optional>

namespace sp {

// One snapshot's rows of a set of physical tables (one table, a logic table, a data source), by
// kind of count: a sum of exact counts and a sum of estimates, each only when every table of the
// set has one. A set is never summed over part of its tables (an unreachable server's tables are
// not 0), and exact counts and estimates are never mixed (a refresh with Exact counts after one
// without is not growth).
struct CountPoint
{
    QDateTime time;             // UTC
    qint64 exactRows = -1;      // COUNT(*) of every table of the set, summed; -1 when one lacks it
    qint64 estimatedRows = -1;  // InnoDB estimates (TABLE_ROWS) of every table, summed; -1 likewise
    qint64 bytes = -1;          // data + index of every table; -1 when one is unknown
    int tables = 0;             // tables of the set the server has (or had, when unreachable)
    QStringList unknownSources; // data sources with a table of the set without any count
                                // (unreachable, failed), sorted
    bool known() const { return exactRows >= 0 || estimatedRows >= 0; }
};

struct SnapshotInfo
{
    qint64 id = -1;
    QDateTime takenAt; // UTC
    bool exact = false;
    int instances = 0;
    int reachable = 0;
    int tables = 0;
};

// Row change of one physical table between two snapshots (a baseline and a later one). Counts of
// the same kind only: exact with exact, estimate with estimate. A change of source (an exact
// count against an estimate, or a count that fell back to its estimate) is not comparable, and
// neither are estimates across a restart of the instance: InnoDB re-reads its persistent
// statistics then, so TABLE_ROWS may jump back to an old value. Such a drop is not shrinkage.
struct TableGrowth
{
    enum class Basis
    {
        Exact,         // both exact counts
        Estimate,      // both InnoDB estimates, no restart in between
        Missing,       // not on the server (or not in the baseline)
        Unknown,       // a count is unknown (error, unreachable)
        SourceChanged, // exact count on one side, estimate on the other
        Restarted      // estimates on both sides, the instance restarted in between
    };
    DataNode node;
    QString logicTable;
    qint64 previousRows = -1; // the baseline's count (-1: not in the baseline / unknown)
    qint64 currentRows = -1;
    Basis basis = Basis::Missing;
    bool exact = false;       // both are exact counts
    qint64 delta() const { return comparable() ? currentRows - previousRows : 0; }
    bool comparable() const { return basis == Basis::Exact || basis == Basis::Estimate; }
};

// Statistics history of one cluster in a SQLite file (Qt Sql, QSQLITE). One file per cluster: the
// cluster id is a hash of the config's absolute path. Each instance owns a uniquely named Qt Sql
// connection, so it must be used on the thread that created it (QSqlDatabase's rule); open another
// StatsHistory on another thread. The file holds no secrets (no passwords, no connection strings).
class StatsHistory final
{
public:
    explicit StatsHistory(const QString &filePath);
    ~StatsHistory();
    StatsHistory(const StatsHistory &) = delete;
    StatsHistory &operator=(const StatsHistory &) = delete;

    bool isOpen() const { return m_open; }
    QString lastError() const { return m_lastError; }
    QString filePath() const { return m_filePath; }

    // 16 hex digits of SHA-1 over the absolute (canonical when it exists) config path.
    static QString clusterId(const QString &configPath);
    // QStandardPaths::AppLocalDataLocation + "/history"; $SHARDPILOT_HISTORY_DIR overrides it.
    static QString defaultDirectory();
    static QString defaultPathFor(const QString &configPath, const QString &directory = {});

    // Stores a snapshot (instances and tables; skew is recomputed on load). Returns its id or -1.
    qint64 record(const ClusterSnapshot &snapshot);

    QList<SnapshotInfo> snapshots() const; // oldest first
    std::optional<ClusterSnapshot> snapshot(qint64 id) const; // skew recomputed
    std::optional<ClusterSnapshot> latest() const;
    std::optional<ClusterSnapshot> previous() const; // the one before latest()

    // Rows and bytes over time (oldest first), one point per snapshot that has the set's tables
    // (see CountPoint). A front end draws exact counts and estimates as separate lines and a
    // point that is not known() as a gap, never as 0.
    QList<CountPoint> countsForNode(const DataNode &node) const;
    QList<CountPoint> countsForLogicTable(const QString &logicTable) const;
    QList<CountPoint> countsForDataSource(const QString &dataSource) const;
    // Every physical table the history knows, keyed "ds.table" (input for Forecast::forecast): its
    // exact counts when there are at least two, otherwise its estimates (never a mix).
    QMap<QString, QList<SeriesPoint>> allNodeSeries() const;

    int prune(const QDateTime &olderThan); // deletes older snapshots; returns how many

    // Per physical table of `current`, its change since `previous` (see TableGrowth).
    static QList<TableGrowth> growth(const ClusterSnapshot &previous, const ClusterSnapshot &current);
    // True when the data source's instance restarted between the two snapshots: its uptime in
    // `current` is shorter than the time between them. False when an uptime is unknown.
    static bool restartedBetween(const ClusterSnapshot &previous, const ClusterSnapshot &current,
                                 const QString &dataSource);

private:
    bool ensureSchema();
    QList<CountPoint> counts(const QString &where, const QVariantList &binds) const;
    void setError(const QString &what, const QString &detail) const;

    QString m_filePath;
    QString m_connectionName;
    bool m_open = false;
    mutable QString m_lastError;
};

} // namespace sp
