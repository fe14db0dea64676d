#include "core/cluster/StatsHistory.h"

#include "core/cluster/Inspector.h"

#include <QAtomicInteger>
#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>

#include <algorithm>

namespace sp {

namespace {
QAtomicInteger<quint64> s_connectionCounter;
constexpr int kSchemaVersion = 1;

QVariant nullable(qint64 v) { return v < 0 ? QVariant() : QVariant(v); }
qint64 orMinus(const QVariant &v) { return v.isNull() ? -1 : v.toLongLong(); }
// A null QString binds as SQL NULL; NOT NULL text columns get an empty string instead.
QString text(const QString &s) { return s.isNull() ? QStringLiteral("") : s; }
} // namespace

StatsHistory::StatsHistory(const QString &filePath)
    : m_filePath(filePath)
{
    m_connectionName = QStringLiteral("sp-history-%1").arg(s_connectionCounter.fetchAndAddRelaxed(1));
    const QFileInfo fi(filePath);
    if (!QDir().mkpath(fi.absolutePath())) {
        setError(QStringLiteral("cannot create directory"), fi.absolutePath());
        return;
    }
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connectionName);
    db.setDatabaseName(filePath);
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=5000"));
    if (!db.open()) {
        setError(QStringLiteral("cannot open"), db.lastError().text());
        return;
    }
    m_open = ensureSchema();
}

StatsHistory::~StatsHistory()
{
    {
        QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
        if (db.isOpen())
            db.close();
    }
    QSqlDatabase::removeDatabase(m_connectionName);
}

void StatsHistory::setError(const QString &what, const QString &detail) const
{
    m_lastError = m_filePath + QStringLiteral(": ") + what +
                  (detail.isEmpty() ? QString() : QStringLiteral(": ") + detail);
}

QString StatsHistory::clusterId(const QString &configPath)
{
    const QFileInfo fi(configPath);
    QString path = fi.canonicalFilePath();
    if (path.isEmpty())
        path = fi.absoluteFilePath();
    return QString::fromLatin1(
        QCryptographicHash::hash(path.toUtf8(), QCryptographicHash::Sha1).toHex().left(16));
}

QString StatsHistory::defaultDirectory()
{
    const QString env = qEnvironmentVariable("SHARDPILOT_HISTORY_DIR");
    if (!env.isEmpty())
        return env;
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) +
           QStringLiteral("/history");
}

QString StatsHistory::defaultPathFor(const QString &configPath, const QString &directory)
{
    const QString dir = directory.isEmpty() ? defaultDirectory() : directory;
    return dir + QLatin1Char('/') + clusterId(configPath) + QStringLiteral(".sqlite");
}

bool StatsHistory::ensureSchema()
{
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("PRAGMA user_version")) || !q.next()) {
        setError(QStringLiteral("not a readable history database"), q.lastError().text());
        return false;
    }
    const int version = q.value(0).toInt();
    if (version > kSchemaVersion) {
        setError(QStringLiteral("written by a newer ShardPilot (schema %1)").arg(version), {});
        return false;
    }
    q.exec(QStringLiteral("PRAGMA journal_mode=WAL"));
    q.exec(QStringLiteral("PRAGMA foreign_keys=ON"));
    if (version == kSchemaVersion)
        return true;
    const char *const ddl[] = {
        "CREATE TABLE IF NOT EXISTS snapshots ("
        " id INTEGER PRIMARY KEY AUTOINCREMENT, taken_at INTEGER NOT NULL,"
        " config_path TEXT NOT NULL, exact INTEGER NOT NULL)",
        "CREATE INDEX IF NOT EXISTS snapshots_time ON snapshots(taken_at)",
        "CREATE TABLE IF NOT EXISTS instance_stats ("
        " snapshot_id INTEGER NOT NULL REFERENCES snapshots(id) ON DELETE CASCADE,"
        " data_source TEXT NOT NULL, host TEXT, port INTEGER, reachable INTEGER NOT NULL,"
        " error TEXT, version TEXT, uptime INTEGER, read_only INTEGER, log_bin INTEGER,"
        " binlog_format TEXT, binlog_row_image TEXT, server_id INTEGER, is_replica INTEGER,"
        " replica_lag INTEGER, replica_state TEXT, connections INTEGER, max_connections INTEGER,"
        " PRIMARY KEY (snapshot_id, data_source))",
        "CREATE TABLE IF NOT EXISTS table_stats ("
        " snapshot_id INTEGER NOT NULL REFERENCES snapshots(id) ON DELETE CASCADE,"
        " data_source TEXT NOT NULL, table_name TEXT NOT NULL, logic_table TEXT NOT NULL,"
        " exists_on_server INTEGER NOT NULL, known_to_config INTEGER NOT NULL,"
        " estimated_rows INTEGER, exact_rows INTEGER, data_bytes INTEGER, index_bytes INTEGER,"
        " auto_increment INTEGER, error TEXT, broadcast INTEGER NOT NULL DEFAULT 0,"
        " PRIMARY KEY (snapshot_id, data_source, table_name))",
        "CREATE INDEX IF NOT EXISTS table_stats_node ON table_stats(data_source, table_name)",
        "CREATE INDEX IF NOT EXISTS table_stats_logic ON table_stats(logic_table)",
    };
    db.transaction();
    for (const char *sql : ddl) {
        if (!q.exec(QString::fromLatin1(sql))) {
            setError(QStringLiteral("cannot create schema"), q.lastError().text());
            db.rollback();
            return false;
        }
    }
    q.exec(QStringLiteral("PRAGMA user_version = %1").arg(kSchemaVersion));
    if (!db.commit()) {
        setError(QStringLiteral("cannot create schema"), db.lastError().text());
        return false;
    }
    return true;
}

qint64 StatsHistory::record(const ClusterSnapshot &s)
{
    if (!m_open)
        return -1;
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    if (!db.transaction()) {
        setError(QStringLiteral("cannot start a transaction"), db.lastError().text());
        return -1;
    }
    auto failed = [&](const QSqlQuery &q) {
        setError(QStringLiteral("cannot record the snapshot"), q.lastError().text());
        db.rollback();
        return qint64(-1);
    };
    QSqlQuery q(db);
    q.prepare(QStringLiteral("INSERT INTO snapshots (taken_at, config_path, exact) VALUES (?, ?, ?)"));
    const QDateTime taken = s.takenAt.isValid() ? s.takenAt : QDateTime::currentDateTimeUtc();
    q.addBindValue(taken.toMSecsSinceEpoch());
    q.addBindValue(text(s.configPath));
    q.addBindValue(s.exact ? 1 : 0);
    if (!q.exec())
        return failed(q);
    const qint64 id = q.lastInsertId().toLongLong();

    q.prepare(QStringLiteral(
        "INSERT INTO instance_stats (snapshot_id, data_source, host, port, reachable, error, version,"
        " uptime, read_only, log_bin, binlog_format, binlog_row_image, server_id, is_replica,"
        " replica_lag, replica_state, connections, max_connections)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    for (const InstanceHealth &i : s.instances) {
        q.addBindValue(id);
        q.addBindValue(text(i.dataSource));
        q.addBindValue(i.host);
        q.addBindValue(i.port);
        q.addBindValue(i.reachable ? 1 : 0);
        q.addBindValue(i.error);
        q.addBindValue(i.version);
        q.addBindValue(nullable(i.uptimeSeconds));
        q.addBindValue(i.readOnly ? 1 : 0);
        q.addBindValue(i.logBin ? 1 : 0);
        q.addBindValue(i.binlogFormat);
        q.addBindValue(i.binlogRowImage);
        q.addBindValue(nullable(i.serverId));
        q.addBindValue(i.isReplica ? 1 : 0);
        q.addBindValue(i.replicaLagSeconds ? QVariant(*i.replicaLagSeconds) : QVariant());
        q.addBindValue(i.replicaState);
        q.addBindValue(i.connections);
        q.addBindValue(i.maxConnections);
        if (!q.exec())
            return failed(q);
    }

    q.prepare(QStringLiteral(
        "INSERT OR REPLACE INTO table_stats (snapshot_id, data_source, table_name, logic_table,"
        " exists_on_server, known_to_config, estimated_rows, exact_rows, data_bytes, index_bytes,"
        " auto_increment, error, broadcast) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    for (const TableStats &t : s.tables) {
        q.addBindValue(id);
        q.addBindValue(text(t.node.dataSource));
        q.addBindValue(text(t.node.table));
        q.addBindValue(text(t.logicTable));
        q.addBindValue(t.existsOnServer ? 1 : 0);
        q.addBindValue(t.knownToConfig ? 1 : 0);
        q.addBindValue(nullable(t.estimatedRows));
        q.addBindValue(t.exactRows ? QVariant(*t.exactRows) : QVariant());
        q.addBindValue(nullable(t.dataBytes));
        q.addBindValue(nullable(t.indexBytes));
        q.addBindValue(nullable(t.autoIncrement));
        q.addBindValue(t.error);
        q.addBindValue(t.broadcast ? 1 : 0);
        if (!q.exec())
            return failed(q);
    }
    if (!db.commit()) {
        setError(QStringLiteral("cannot commit the snapshot"), db.lastError().text());
        db.rollback();
        return -1;
    }
    return id;
}

QList<SnapshotInfo> StatsHistory::snapshots() const
{
    QList<SnapshotInfo> out;
    if (!m_open)
        return out;
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    if (!q.exec(QStringLiteral(
            "SELECT s.id, s.taken_at, s.exact,"
            " (SELECT COUNT(*) FROM instance_stats i WHERE i.snapshot_id = s.id),"
            " (SELECT COUNT(*) FROM instance_stats i WHERE i.snapshot_id = s.id AND i.reachable),"
            " (SELECT COUNT(*) FROM table_stats t WHERE t.snapshot_id = s.id)"
            " FROM snapshots s ORDER BY s.taken_at, s.id"))) {
        setError(QStringLiteral("cannot list snapshots"), q.lastError().text());
        return out;
    }
    while (q.next()) {
        SnapshotInfo i;
        i.id = q.value(0).toLongLong();
        i.takenAt = QDateTime::fromMSecsSinceEpoch(q.value(1).toLongLong(), Qt::UTC);
        i.exact = q.value(2).toInt() != 0;
        i.instances = q.value(3).toInt();
        i.reachable = q.value(4).toInt();
        i.tables = q.value(5).toInt();
        out.append(i);
    }
    return out;
}

std::optional<ClusterSnapshot> StatsHistory::snapshot(qint64 id) const
{
    if (!m_open)
        return std::nullopt;
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    QSqlQuery q(db);
    q.prepare(QStringLiteral("SELECT taken_at, config_path, exact FROM snapshots WHERE id = ?"));
    q.addBindValue(id);
    if (!q.exec() || !q.next())
        return std::nullopt;
    ClusterSnapshot s;
    s.takenAt = QDateTime::fromMSecsSinceEpoch(q.value(0).toLongLong(), Qt::UTC);
    s.configPath = q.value(1).toString();
    s.exact = q.value(2).toInt() != 0;

    q.prepare(QStringLiteral(
        "SELECT data_source, host, port, reachable, error, version, uptime, read_only, log_bin,"
        " binlog_format, binlog_row_image, server_id, is_replica, replica_lag, replica_state,"
        " connections, max_connections FROM instance_stats WHERE snapshot_id = ? ORDER BY rowid"));
    q.addBindValue(id);
    if (!q.exec()) {
        setError(QStringLiteral("cannot read the snapshot"), q.lastError().text());
        return std::nullopt;
    }
    while (q.next()) {
        InstanceHealth i;
        i.dataSource = q.value(0).toString();
        i.host = q.value(1).toString();
        i.port = q.value(2).toInt();
        i.reachable = q.value(3).toInt() != 0;
        i.error = q.value(4).toString();
        i.version = q.value(5).toString();
        i.uptimeSeconds = orMinus(q.value(6));
        i.readOnly = q.value(7).toInt() != 0;
        i.logBin = q.value(8).toInt() != 0;
        i.binlogFormat = q.value(9).toString();
        i.binlogRowImage = q.value(10).toString();
        i.serverId = orMinus(q.value(11));
        i.isReplica = q.value(12).toInt() != 0;
        if (!q.value(13).isNull())
            i.replicaLagSeconds = q.value(13).toLongLong();
        i.replicaState = q.value(14).toString();
        i.connections = q.value(15).toInt();
        i.maxConnections = q.value(16).toInt();
        s.instances.append(i);
    }

    q.prepare(QStringLiteral(
        "SELECT data_source, table_name, logic_table, exists_on_server, known_to_config,"
        " estimated_rows, exact_rows, data_bytes, index_bytes, auto_increment, error, broadcast"
        " FROM table_stats WHERE snapshot_id = ? ORDER BY rowid"));
    q.addBindValue(id);
    if (!q.exec()) {
        setError(QStringLiteral("cannot read the snapshot"), q.lastError().text());
        return std::nullopt;
    }
    while (q.next()) {
        TableStats t;
        t.node = DataNode{q.value(0).toString(), q.value(1).toString()};
        t.logicTable = q.value(2).toString();
        t.existsOnServer = q.value(3).toInt() != 0;
        t.knownToConfig = q.value(4).toInt() != 0;
        t.estimatedRows = orMinus(q.value(5));
        if (!q.value(6).isNull())
            t.exactRows = q.value(6).toLongLong();
        t.dataBytes = orMinus(q.value(7));
        t.indexBytes = orMinus(q.value(8));
        t.autoIncrement = orMinus(q.value(9));
        t.error = q.value(10).toString();
        t.broadcast = q.value(11).toInt() != 0;
        s.tables.append(t);
    }
    return s;
}

std::optional<ClusterSnapshot> StatsHistory::latest() const
{
    const QList<SnapshotInfo> all = snapshots();
    if (all.isEmpty())
        return std::nullopt;
    return snapshot(all.constLast().id);
}

std::optional<ClusterSnapshot> StatsHistory::previous() const
{
    const QList<SnapshotInfo> all = snapshots();
    if (all.size() < 2)
        return std::nullopt;
    return snapshot(all.at(all.size() - 2).id);
}

QList<CountPoint> StatsHistory::counts(const QString &where, const QVariantList &binds) const
{
    QList<CountPoint> out;
    if (!m_open)
        return out;
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    // One row per table of the set and snapshot; summed below, per kind of count.
    q.prepare(QStringLiteral("SELECT s.id, s.taken_at, t.data_source, t.exact_rows, t.estimated_rows,"
                             " t.data_bytes, t.index_bytes"
                             " FROM table_stats t JOIN snapshots s ON s.id = t.snapshot_id"
                             " WHERE t.exists_on_server = 1 AND ") +
              where + QStringLiteral(" ORDER BY s.taken_at, s.id"));
    for (const QVariant &b : binds)
        q.addBindValue(b);
    if (!q.exec()) {
        setError(QStringLiteral("cannot read the history"), q.lastError().text());
        return out;
    }
    qint64 snapshot = -1;
    CountPoint p;
    bool allExact = true, allEstimated = true, allBytes = true;
    const auto flush = [&] {
        if (snapshot < 0)
            return;
        if (!allExact)
            p.exactRows = -1;
        if (!allEstimated)
            p.estimatedRows = -1;
        if (!allBytes)
            p.bytes = -1;
        std::sort(p.unknownSources.begin(), p.unknownSources.end());
        out.append(p);
    };
    while (q.next()) {
        const qint64 id = q.value(0).toLongLong();
        if (id != snapshot) {
            flush();
            snapshot = id;
            p = CountPoint{};
            p.time = QDateTime::fromMSecsSinceEpoch(q.value(1).toLongLong(), Qt::UTC);
            p.exactRows = p.estimatedRows = p.bytes = 0;
            allExact = allEstimated = allBytes = true;
        }
        ++p.tables;
        const QVariant exact = q.value(3), estimated = q.value(4), data = q.value(5), index = q.value(6);
        if (exact.isNull())
            allExact = false;
        else
            p.exactRows += exact.toLongLong();
        if (estimated.isNull())
            allEstimated = false;
        else
            p.estimatedRows += estimated.toLongLong();
        if (data.isNull())
            allBytes = false;
        else
            p.bytes += data.toLongLong() + qMax<qint64>(0, orMinus(index));
        const QString ds = q.value(2).toString();
        if (exact.isNull() && estimated.isNull() && !p.unknownSources.contains(ds))
            p.unknownSources.append(ds);
    }
    flush();
    return out;
}

QList<CountPoint> StatsHistory::countsForNode(const DataNode &node) const
{
    return counts(QStringLiteral("t.data_source = ? AND t.table_name = ?"), {node.dataSource, node.table});
}

QList<CountPoint> StatsHistory::countsForLogicTable(const QString &logicTable) const
{
    return counts(QStringLiteral("t.logic_table = ? AND t.known_to_config = 1"), {logicTable});
}

QList<CountPoint> StatsHistory::countsForDataSource(const QString &dataSource) const
{
    return counts(QStringLiteral("t.data_source = ?"), {dataSource});
}

QMap<QString, QList<SeriesPoint>> StatsHistory::allNodeSeries() const
{
    QMap<QString, QList<SeriesPoint>> out;
    if (!m_open)
        return out;
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    if (!q.exec(QStringLiteral(
            "SELECT t.data_source, t.table_name, s.taken_at, t.exact_rows, t.estimated_rows,"
            " t.data_bytes, t.index_bytes FROM table_stats t JOIN snapshots s ON s.id = t.snapshot_id"
            " WHERE t.exists_on_server = 1 AND COALESCE(t.exact_rows, t.estimated_rows) IS NOT NULL"
            " ORDER BY s.taken_at, s.id"))) {
        setError(QStringLiteral("cannot read the history"), q.lastError().text());
        return out;
    }
    // Per node two series, exact counts and estimates; the exact one is used when it has two
    // points, so a fit never mixes the two kinds.
    QMap<QString, QList<SeriesPoint>> exact, estimated;
    while (q.next()) {
        const QString key = q.value(0).toString() + QLatin1Char('.') + q.value(1).toString();
        SeriesPoint p;
        p.time = QDateTime::fromMSecsSinceEpoch(q.value(2).toLongLong(), Qt::UTC);
        p.bytes = q.value(5).isNull() ? -1 : q.value(5).toLongLong() + q.value(6).toLongLong();
        if (!q.value(3).isNull()) {
            p.rows = q.value(3).toLongLong();
            exact[key].append(p);
        }
        if (!q.value(4).isNull()) {
            p.rows = q.value(4).toLongLong();
            estimated[key].append(p);
        }
        out.insert(key, {});
    }
    for (auto it = out.begin(); it != out.end(); ++it) {
        const QList<SeriesPoint> &e = exact.value(it.key());
        it.value() = e.size() >= 2 || !estimated.contains(it.key()) ? e : estimated.value(it.key());
    }
    return out;
}

int StatsHistory::prune(const QDateTime &olderThan)
{
    if (!m_open)
        return 0;
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    q.prepare(QStringLiteral("DELETE FROM snapshots WHERE taken_at < ?"));
    q.addBindValue(olderThan.toMSecsSinceEpoch());
    if (!q.exec()) {
        setError(QStringLiteral("cannot prune"), q.lastError().text());
        return 0;
    }
    return q.numRowsAffected();
}

bool StatsHistory::restartedBetween(const ClusterSnapshot &previous, const ClusterSnapshot &current,
                                    const QString &dataSource)
{
    const InstanceHealth *now = nullptr;
    for (const InstanceHealth &h : current.instances)
        if (h.dataSource == dataSource)
            now = &h;
    if (!now || now->uptimeSeconds < 0 || !previous.takenAt.isValid() || !current.takenAt.isValid())
        return false;
    // Uptime counts whole seconds: a second of slack for the rounding of both clocks.
    const qint64 between = previous.takenAt.secsTo(current.takenAt);
    return now->uptimeSeconds + 1 < between;
}

QList<TableGrowth> StatsHistory::growth(const ClusterSnapshot &previous, const ClusterSnapshot &current)
{
    QMap<DataNode, const TableStats *> before;
    for (const TableStats &t : previous.tables)
        if (t.existsOnServer)
            before.insert(t.node, &t);
    QHash<QString, bool> restarted; // per data source, computed once
    QList<TableGrowth> out;
    for (const TableStats &t : current.tables) {
        TableGrowth g;
        g.node = t.node;
        g.logicTable = t.logicTable;
        const TableStats *b = before.value(t.node, nullptr);
        if (!t.existsOnServer) {
            out.append(g);
            continue;
        }
        g.currentRows = t.rows();
        if (!b) {
            out.append(g); // Missing: not in the baseline
            continue;
        }
        g.previousRows = b->rows();
        if (g.previousRows < 0 || g.currentRows < 0) {
            g.basis = TableGrowth::Basis::Unknown;
        } else if (b->exactRows.has_value() != t.exactRows.has_value()) {
            // What each snapshot shows comes from different sources (an estimate is off by far
            // more than a refresh's growth, and a failed count falls back to it).
            g.basis = TableGrowth::Basis::SourceChanged;
        } else if (t.exactRows) {
            g.basis = TableGrowth::Basis::Exact;
            g.exact = true;
        } else {
            const auto it = restarted.constFind(t.node.dataSource);
            const bool again = it != restarted.cend()
                                   ? *it
                                   : *restarted.insert(t.node.dataSource,
                                                       restartedBetween(previous, current, t.node.dataSource));
            g.basis = again ? TableGrowth::Basis::Restarted : TableGrowth::Basis::Estimate;
        }
        out.append(g);
    }
    return out;
}

} // namespace sp
