#include "core/health/HealthHistory.h"


#include <QAtomicInteger>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>
#include <limits>

namespace sp::health {

namespace {
QAtomicInteger<quint64> s_counter;
QVariant nullableRate(double v) { return v < 0 ? QVariant() : QVariant(v); }
QVariant nullableInt(qint64 v) { return v < 0 ? QVariant() : QVariant(v); }
} // namespace

QList<VerdictStretch> verdictStretches(const QList<LoadPoint> &points, Verdict verdict)
{
    QList<VerdictStretch> out;
    for (int i = 0; i < points.size(); ++i) {
        if (points.at(i).verdict != verdict)
            continue;
        VerdictStretch s;
        s.from = points.at(i).time;
        int j = i;
        while (j + 1 < points.size() && points.at(j + 1).verdict == verdict)
            ++j;
        s.samples = j - i + 1;
        s.to = j + 1 < points.size() ? points.at(j + 1).time : points.at(j).time;
        out.append(s);
        i = j;
    }
    return out;
}

HealthHistory::HealthHistory(const QString &filePath)
{
    m_connectionName = QStringLiteral("sp-health-history-%1").arg(s_counter.fetchAndAddRelaxed(1));
    const QFileInfo fi(filePath);
    if (!QDir().mkpath(fi.absolutePath())) {
        m_lastError = fi.absolutePath() + QStringLiteral(": cannot create directory");
        return;
    }
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connectionName);
    db.setDatabaseName(filePath);
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=5000"));
    if (!db.open()) {
        m_lastError = filePath + QStringLiteral(": cannot open: ") + db.lastError().text();
        return;
    }
    QSqlQuery q(db);
    q.exec(QStringLiteral("PRAGMA journal_mode=WAL"));
    if (!q.exec(QStringLiteral("CREATE TABLE IF NOT EXISTS health_samples ("
                               " taken_at INTEGER NOT NULL, data_source TEXT NOT NULL, up INTEGER NOT NULL,"
                               " qps REAL, tps REAL, threads_running INTEGER, threads_connected INTEGER,"
                               " lag INTEGER, verdict INTEGER NOT NULL)")) ||
        !q.exec(
            QStringLiteral("CREATE INDEX IF NOT EXISTS health_samples_ds_time ON health_samples(data_source, "
                           "taken_at)")) ||
        // Pruning by age reads this index, not the whole table.
        !q.exec(
            QStringLiteral("CREATE INDEX IF NOT EXISTS health_samples_time ON health_samples(taken_at)")) ||
        // Verdict changes: the reason as English text and as the console's template with arguments.
        !q.exec(QStringLiteral(
            "CREATE TABLE IF NOT EXISTS health_events ("
            " at INTEGER NOT NULL, data_source TEXT NOT NULL, from_verdict INTEGER NOT NULL,"
            " to_verdict INTEGER NOT NULL, reason TEXT NOT NULL, reason_text TEXT, run_id TEXT)")) ||
        !q.exec(QStringLiteral("CREATE INDEX IF NOT EXISTS health_events_time ON health_events(at)"))) {
        m_lastError = filePath + QStringLiteral(": ") + q.lastError().text();
        return;
    }
    m_open = true;
}

HealthHistory::~HealthHistory()
{
    {
        QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
        if (db.isOpen())
            db.close();
    }
    QSqlDatabase::removeDatabase(m_connectionName);
}

bool HealthHistory::record(const QList<HealthSample> &samples, const QList<ShardVerdict> &verdicts)
{
    if (!m_open)
        return false;
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    if (!db.transaction()) {
        m_lastError = db.lastError().text();
        return false;
    }
    QSqlQuery q(db);
    q.prepare(QStringLiteral("INSERT INTO health_samples (taken_at, data_source, up, qps, tps, threads_running,"
                             " threads_connected, lag, verdict) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    for (int i = 0; i < samples.size(); ++i) {
        const HealthSample &s = samples.at(i);
        Verdict v = Verdict::Unknown;
        if (verdicts.size() == samples.size() && verdicts.at(i).dataSource == s.dataSource())
            v = verdicts.at(i).verdict;
        else
            for (const ShardVerdict &sv : verdicts)
                if (sv.dataSource == s.dataSource())
                    v = sv.verdict;
        q.addBindValue(s.at.toMSecsSinceEpoch());
        q.addBindValue(s.dataSource());
        q.addBindValue(s.up() ? 1 : 0);
        q.addBindValue(nullableRate(s.qps));
        q.addBindValue(nullableRate(s.tps));
        q.addBindValue(s.up() ? nullableInt(s.threadsRunning) : QVariant());
        q.addBindValue(s.up() ? nullableInt(s.server.connections) : QVariant());
        q.addBindValue(s.up() && s.server.replicaLagSeconds ? QVariant(*s.server.replicaLagSeconds) : QVariant());
        q.addBindValue(int(v));
        if (!q.exec()) {
            m_lastError = q.lastError().text();
            db.rollback();
            return false;
        }
    }
    if (!db.commit()) {
        m_lastError = db.lastError().text();
        return false;
    }
    return true;
}

QList<LoadPoint> HealthHistory::series(const QString &dataSource, const QDateTime &from, const QDateTime &to,
                                       int limit) const
{
    QList<LoadPoint> out;
    if (!m_open)
        return out;
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    q.prepare(QStringLiteral("SELECT taken_at, up, qps, tps, threads_running, threads_connected, lag, verdict"
                             " FROM health_samples WHERE data_source = ? AND taken_at >= ? AND taken_at <= ?"
                             " ORDER BY taken_at DESC LIMIT ?"));
    q.addBindValue(dataSource);
    q.addBindValue(from.isValid() ? from.toMSecsSinceEpoch() : std::numeric_limits<qint64>::min());
    q.addBindValue(to.isValid() ? to.toMSecsSinceEpoch() : std::numeric_limits<qint64>::max());
    q.addBindValue(qMax(1, limit));
    if (!q.exec()) {
        m_lastError = q.lastError().text();
        return out;
    }
    while (q.next()) {
        LoadPoint p;
        p.time = QDateTime::fromMSecsSinceEpoch(q.value(0).toLongLong(), Qt::UTC);
        p.up = q.value(1).toInt() != 0;
        p.qps = q.value(2).isNull() ? -1 : q.value(2).toDouble();
        p.tps = q.value(3).isNull() ? -1 : q.value(3).toDouble();
        p.threadsRunning = q.value(4).isNull() ? -1 : q.value(4).toInt();
        p.threadsConnected = q.value(5).isNull() ? -1 : q.value(5).toInt();
        p.lagSeconds = q.value(6).isNull() ? -1 : q.value(6).toLongLong();
        p.verdict = Verdict(qBound(0, q.value(7).toInt(), 3));
        out.append(p);
    }
    std::reverse(out.begin(), out.end());
    return out;
}

QStringList HealthHistory::dataSources() const
{
    QStringList out;
    if (!m_open)
        return out;
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    if (q.exec(QStringLiteral("SELECT DISTINCT data_source FROM health_samples ORDER BY data_source")))
        while (q.next())
            out << q.value(0).toString();
    return out;
}

bool HealthHistory::recordEvents(const QList<HealthEvent> &events)
{
    if (!m_open)
        return false;
    if (events.isEmpty())
        return true;
    QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
    if (!db.transaction()) {
        m_lastError = db.lastError().text();
        return false;
    }
    QSqlQuery q(db);
    q.prepare(QStringLiteral("INSERT INTO health_events (at, data_source, from_verdict, to_verdict, reason,"
                             " reason_text, run_id) VALUES (?, ?, ?, ?, ?, ?, ?)"));
    for (const HealthEvent &e : events) {
        q.addBindValue(e.at.toMSecsSinceEpoch());
        q.addBindValue(e.dataSource);
        q.addBindValue(int(e.from));
        q.addBindValue(int(e.to));
        q.addBindValue(e.reason.text);
        q.addBindValue(QString::fromUtf8(
            QJsonDocument(QJsonObject{{QStringLiteral("reason"), textToJson(e.reason)}}).toJson(QJsonDocument::Compact)));
        q.addBindValue(e.runId.isEmpty() ? QVariant() : QVariant(e.runId));
        if (!q.exec()) {
            m_lastError = q.lastError().text();
            db.rollback();
            return false;
        }
    }
    if (!db.commit()) {
        m_lastError = db.lastError().text();
        return false;
    }
    return true;
}

QList<HealthEvent> HealthHistory::events(const QDateTime &from, const QDateTime &to,
                                         const QString &dataSource, int limit) const
{
    QList<HealthEvent> out;
    if (!m_open)
        return out;
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    q.prepare(QStringLiteral("SELECT at, data_source, from_verdict, to_verdict, reason, reason_text, run_id"
                             " FROM health_events WHERE at >= ? AND at <= ? AND (? = '' OR data_source = ?)"
                             " ORDER BY at DESC, rowid DESC LIMIT ?"));
    q.addBindValue(from.isValid() ? from.toMSecsSinceEpoch() : std::numeric_limits<qint64>::min());
    q.addBindValue(to.isValid() ? to.toMSecsSinceEpoch() : std::numeric_limits<qint64>::max());
    q.addBindValue(dataSource.isNull() ? QString(QLatin1String("")) : dataSource);
    q.addBindValue(dataSource.isNull() ? QString(QLatin1String("")) : dataSource);
    q.addBindValue(qMax(1, limit));
    if (!q.exec()) {
        m_lastError = q.lastError().text();
        return out;
    }
    while (q.next()) {
        HealthEvent e;
        e.at = QDateTime::fromMSecsSinceEpoch(q.value(0).toLongLong(), Qt::UTC);
        e.dataSource = q.value(1).toString();
        e.from = Verdict(qBound(0, q.value(2).toInt(), 3));
        e.to = Verdict(qBound(0, q.value(3).toInt(), 3));
        const QString english = q.value(4).toString();
        const QJsonDocument doc = QJsonDocument::fromJson(q.value(5).toString().toUtf8());
        // The stored template only when it states the stored English text (textOf).
        e.reason = doc.isObject() ? textOf(english, textFromJson(doc.object().value(QStringLiteral("reason"))))
                                  : Text(english);
        e.runId = q.value(6).toString();
        out.append(e);
    }
    std::reverse(out.begin(), out.end());
    return out;
}

int HealthHistory::prune(const QDateTime &olderThan)
{
    if (!m_open)
        return 0;
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    q.prepare(QStringLiteral("DELETE FROM health_samples WHERE taken_at < ?"));
    q.addBindValue(olderThan.toMSecsSinceEpoch());
    if (!q.exec())
        return 0;
    return q.numRowsAffected();
}

int HealthHistory::pruneEvents(const QDateTime &olderThan)
{
    if (!m_open)
        return 0;
    QSqlQuery q(QSqlDatabase::database(m_connectionName, false));
    q.prepare(QStringLiteral("DELETE FROM health_events WHERE at < ?"));
    q.addBindValue(olderThan.toMSecsSinceEpoch());
    if (!q.exec())
        return 0;
    return q.numRowsAffected();
}

int HealthHistory::pruneKeeping(int days, const QDateTime &now)
{
    pruneEvents(now.addDays(-std::max(days, kKeepEventDays)));
    return prune(now.addDays(-days));
}

} // namespace sp::health
