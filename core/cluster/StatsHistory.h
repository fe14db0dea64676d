#pragma once
#include "core/cluster/ClusterStats.h"

#include <QDateTime>
#include <QList>
#include <QMap>
#include <QString>

#include <optional>

namespace sp {

struct SnapshotInfo
{
    qint64 id = -1;
    QDateTime takenAt; // UTC
    bool exact = false;
    int instances = 0;
    int reachable = 0;
    int tables = 0;
};

// Row change of one physical table between two snapshots ("growth since last refresh"), exact
// counts compared with exact counts, otherwise estimates with estimates.
struct TableGrowth
{
    DataNode node;
    QString logicTable;
    qint64 previousRows = -1; // -1: not in the previous snapshot / unknown
    qint64 currentRows = -1;
    bool exact = false;       // both are exact counts (else both are estimates)
    qint64 delta() const { return previousRows >= 0 && currentRows >= 0 ? currentRows - previousRows : 0; }
    bool comparable() const { return previousRows >= 0 && currentRows >= 0; }
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

    // Rows and bytes over time (oldest first), exact count where there is one, else the estimate.
    // Unknown counts and missing tables are left out; the sums for a logic table or data source
    // add up the physical tables counted in each snapshot.
    QList<SeriesPoint> seriesForNode(const DataNode &node) const;
    QList<SeriesPoint> seriesForLogicTable(const QString &logicTable) const;
    QList<SeriesPoint> seriesForDataSource(const QString &dataSource) const;
    // Every physical table the history knows, keyed "ds.table" (input for Forecast::forecast): its
    // exact counts when there are at least two, otherwise its estimates (never a mix).
    QMap<QString, QList<SeriesPoint>> allNodeSeries() const;

    int prune(const QDateTime &olderThan); // deletes older snapshots; returns how many

    static QList<TableGrowth> growth(const ClusterSnapshot &previous, const ClusterSnapshot &current);

private:
    bool ensureSchema();
    QList<SeriesPoint> series(const QString &where, const QVariantList &binds) const;
    void setError(const QString &what, const QString &detail) const;

    QString m_filePath;
    QString m_connectionName;
    bool m_open = false;
    mutable QString m_lastError;
};

} // namespace sp
