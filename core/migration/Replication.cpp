#include "core/migration/Replication.h"

#include <QJsonArray>
#include <QMap>
#include <QRegularExpression>

namespace sp::migration {

std::optional<QList<Gtid>> parseGtidList(const QString &text, QString *error)
{
    QList<Gtid> out;
    const QString t = text.trimmed();
    if (t.isEmpty())
        return out;
    if (t.size() > 1000000) {
        if (error)
            *error = QStringLiteral("GTID list longer than 1,000,000 characters");
        return std::nullopt;
    }
    static const QRegularExpression one(QStringLiteral("^(\\d{1,10})-(\\d{1,10})-(\\d{1,20})$"));
    const QStringList parts = t.split(QLatin1Char(','));
    if (parts.size() > 10000) {
        if (error)
            *error = QStringLiteral("more than 10,000 GTIDs");
        return std::nullopt;
    }
    for (const QString &p : parts) {
        const QRegularExpressionMatch m = one.match(p.trimmed());
        bool ok1 = false, ok2 = false, ok3 = false;
        Gtid g;
        if (m.hasMatch()) {
            g.domain = m.captured(1).toUInt(&ok1);
            g.server = m.captured(2).toUInt(&ok2);
            g.seq = m.captured(3).toULongLong(&ok3);
        }
        if (!ok1 || !ok2 || !ok3) {
            if (error)
                *error = QStringLiteral("not a GTID: '%1'").arg(p.trimmed().left(60));
            return std::nullopt;
        }
        out.append(g);
    }
    return out;
}

QString gtidText(const QList<Gtid> &list)
{
    QStringList s;
    for (const Gtid &g : list)
        s.append(QStringLiteral("%1-%2-%3").arg(g.domain).arg(g.server).arg(g.seq));
    return s.join(QLatin1Char(','));
}

bool gtidCovers(const QList<Gtid> &have, const QList<Gtid> &want, QString *behind)
{
    QMap<quint32, quint64> seqOf;
    for (const Gtid &g : have)
        seqOf[g.domain] = qMax(seqOf.value(g.domain), g.seq);
    QStringList lag;
    for (const Gtid &w : want) {
        if (!seqOf.contains(w.domain) || seqOf.value(w.domain) < w.seq)
            lag.append(QStringLiteral("domain %1: %2 < %3")
                           .arg(w.domain)
                           .arg(seqOf.contains(w.domain) ? QString::number(seqOf.value(w.domain)) : QStringLiteral("none"))
                           .arg(w.seq));
    }
    if (behind)
        *behind = lag.join(QStringLiteral("; "));
    return lag.isEmpty();
}

QList<Gtid> errantGtids(const QList<Gtid> &before, const QList<Gtid> &now, quint32 serverId)
{
    QList<Gtid> out;
    for (const Gtid &n : now) {
        if (n.server != serverId)
            continue;
        bool seen = false;
        for (const Gtid &b : before)
            if (b.domain == n.domain && b.server == n.server && b.seq >= n.seq)
                seen = true;
        if (!seen)
            out.append(n);
    }
    return out;
}

std::optional<ReplicaStatus> readReplicaStatus(Connection &c, QString *error)
{
    auto r = c.query(QStringLiteral("SHOW SLAVE STATUS"));
    if (!r) {
        if (error)
            *error = c.lastError();
        return std::nullopt;
    }
    ReplicaStatus s;
    if (r->rows.isEmpty())
        return s;
    const auto &row = r->rows.first();
    auto col = [&](const char *name) {
        const int i = r->columnIndex(QString::fromLatin1(name));
        return i >= 0 && row.at(i).isValid() ? row.at(i).toString() : QString();
    };
    s.masterHost = col("Master_Host");
    s.configured = !s.masterHost.isEmpty();
    s.masterPort = col("Master_Port").toInt();
    s.ioRunning = col("Slave_IO_Running");
    s.sqlRunning = col("Slave_SQL_Running");
    const QString lag = col("Seconds_Behind_Master");
    s.lagSec = lag.isEmpty() ? -1 : lag.toLongLong();
    s.usingGtid = col("Using_Gtid");
    s.lastIoError = col("Last_IO_Error");
    s.lastSqlError = col("Last_SQL_Error");
    return s;
}

static QJsonObject statusJson(const ReplicaStatus &s)
{
    return QJsonObject{{QStringLiteral("configured"), s.configured},
                       {QStringLiteral("masterHost"), s.masterHost},
                       {QStringLiteral("masterPort"), s.masterPort},
                       {QStringLiteral("ioRunning"), s.ioRunning},
                       {QStringLiteral("sqlRunning"), s.sqlRunning},
                       {QStringLiteral("lagSec"), s.lagSec},
                       {QStringLiteral("usingGtid"), s.usingGtid},
                       {QStringLiteral("lastIoError"), s.lastIoError},
                       {QStringLiteral("lastSqlError"), s.lastSqlError}};
}

static ReplicaStatus statusFromJson(const QJsonObject &o)
{
    ReplicaStatus s;
    s.configured = o.value(QStringLiteral("configured")).toBool();
    s.masterHost = o.value(QStringLiteral("masterHost")).toString();
    s.masterPort = o.value(QStringLiteral("masterPort")).toInt();
    s.ioRunning = o.value(QStringLiteral("ioRunning")).toString();
    s.sqlRunning = o.value(QStringLiteral("sqlRunning")).toString();
    s.lagSec = o.value(QStringLiteral("lagSec")).toInteger(-1);
    s.usingGtid = o.value(QStringLiteral("usingGtid")).toString();
    s.lastIoError = o.value(QStringLiteral("lastIoError")).toString();
    s.lastSqlError = o.value(QStringLiteral("lastSqlError")).toString();
    return s;
}

QJsonObject PairReplication::toJson() const
{
    QJsonObject o{{QStringLiteral("old"), oldDs},
                  {QStringLiteral("new"), newDs},
                  {QStringLiteral("oldInstance"), oldInstance},
                  {QStringLiteral("newInstance"), newInstance},
                  {QStringLiteral("error"), error},
                  {QStringLiteral("forward"), statusJson(forward)},
                  {QStringLiteral("sourceGtid"), sourcePos},
                  {QStringLiteral("replicaGtid"), replicaPos},
                  {QStringLiteral("caughtUp"), caughtUp},
                  {QStringLiteral("at"), at.toString(Qt::ISODateWithMs)}};
    if (reverseConfigured)
        o.insert(QStringLiteral("reverse"), statusJson(reverse));
    return o;
}

PairReplication PairReplication::fromJson(const QJsonObject &o)
{
    PairReplication p;
    p.oldDs = o.value(QStringLiteral("old")).toString();
    p.newDs = o.value(QStringLiteral("new")).toString();
    p.oldInstance = o.value(QStringLiteral("oldInstance")).toString();
    p.newInstance = o.value(QStringLiteral("newInstance")).toString();
    p.error = o.value(QStringLiteral("error")).toString();
    p.forward = statusFromJson(o.value(QStringLiteral("forward")).toObject());
    p.reverseConfigured = o.contains(QStringLiteral("reverse"));
    p.reverse = statusFromJson(o.value(QStringLiteral("reverse")).toObject());
    p.sourcePos = o.value(QStringLiteral("sourceGtid")).toString();
    p.replicaPos = o.value(QStringLiteral("replicaGtid")).toString();
    p.caughtUp = o.value(QStringLiteral("caughtUp")).toBool();
    p.at = QDateTime::fromString(o.value(QStringLiteral("at")).toString(), Qt::ISODateWithMs);
    return p;
}

QString PairReplication::describe() const
{
    if (!error.isEmpty())
        return QStringLiteral("%1 -> %2: %3").arg(oldDs, newDs, error);
    if (!forward.configured)
        return QStringLiteral("%1 -> %2: no replication").arg(oldDs, newDs);
    QString s = QStringLiteral("%1 -> %2: IO %3, SQL %4, lag %5, source GTID %6, replica GTID %7%8")
                    .arg(oldDs, newDs, forward.ioRunning, forward.sqlRunning,
                         forward.lagSec < 0 ? QStringLiteral("-") : QStringLiteral("%1 s").arg(forward.lagSec),
                         sourcePos.isEmpty() ? QStringLiteral("-") : sourcePos,
                         replicaPos.isEmpty() ? QStringLiteral("-") : replicaPos,
                         caughtUp ? QStringLiteral(" (caught up)") : QString());
    if (!forward.lastIoError.isEmpty())
        s += QStringLiteral("; IO error: ") + forward.lastIoError.left(200);
    if (!forward.lastSqlError.isEmpty())
        s += QStringLiteral("; SQL error: ") + forward.lastSqlError.left(200);
    if (reverseConfigured)
        s += QStringLiteral("; back %1 -> %2: IO %3, SQL %4").arg(newDs, oldDs, reverse.ioRunning, reverse.sqlRunning);
    return s;
}

} // namespace sp::migration
