#include "CmdHealth.h"

#include "InspectInput.h"
#include "TextTable.h"

#include "core/config/Printable.h"
#include "core/analysis/SnapshotJson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace sp::cli {

void CmdHealth::addOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        summary() +
        QStringLiteral("\nConnects to every data source of the config in parallel (a dead server costs at most "
                       "--connect-timeout) and reports version, uptime, read_only, binlog settings, server_id, "
                       "replica state and lag, and connections.\n"
                       "Exit codes: 0 every server answered; 1 at least one did not; 2 bad usage or unreadable config."));
    InspectInput::addOptions(parser);
}

static QString uptime(qint64 s)
{
    if (s < 0)
        return QStringLiteral("-");
    if (s < 3600)
        return QStringLiteral("%1m%2s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    if (s < 86400)
        return QStringLiteral("%1h%2m").arg(s / 3600).arg((s % 3600) / 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1d%2h").arg(s / 86400).arg((s % 86400) / 3600);
}

int CmdHealth::run(const QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    InspectInput::Prepared p = InspectInput::prepare(parser, name(), err);
    if (p.exitCode >= 0)
        return p.exitCode;
    p.options.tables = false;
    const InspectionResult r =
        Inspector::run(p.config, p.options, nullptr, InspectInput::progressPrinter(name()));
    InspectInput::endProgress();
    const ClusterSnapshot &s = r.snapshot;

    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray instances;
        for (const InstanceHealth &h : s.instances)
            instances.append(instanceJson(h));
        const QJsonObject doc{{QStringLiteral("config"), s.configPath},
                              {QStringLiteral("takenAt"), s.takenAt.toString(Qt::ISODateWithMs)},
                              {QStringLiteral("allReachable"), s.allReachable()},
                              {QStringLiteral("instances"), instances},
                              {QStringLiteral("notes"), QJsonArray::fromStringList(r.notes + r.privilegeNotes)}};
        out << QString::fromUtf8(QJsonDocument(doc).toJson(QJsonDocument::Indented));
    } else {
        TextTable t({QStringLiteral("DATA SOURCE"), QStringLiteral("ADDRESS"), QStringLiteral("STATUS"),
                     QStringLiteral("VERSION"), QStringLiteral("UPTIME"), QStringLiteral("READ_ONLY"),
                     QStringLiteral("BINLOG"), QStringLiteral("SERVER_ID"), QStringLiteral("REPLICA"),
                     QStringLiteral("CONNECTIONS")});
        QStringList problems;
        for (const InstanceHealth &h : s.instances) {
            const QString addr = h.host + QLatin1Char(':') + QString::number(h.port);
            if (!h.reachable) {
                t.add({h.dataSource, addr, QStringLiteral("DOWN")});
                problems.append(h.dataSource + QStringLiteral(": ") + h.error);
                continue;
            }
            QString replica = QStringLiteral("no");
            if (h.isReplica)
                replica = h.replicaState +
                          (h.replicaLagSeconds ? QStringLiteral(", lag %1 s").arg(*h.replicaLagSeconds)
                                               : QStringLiteral(", lag unknown"));
            else if (!h.replicaState.isEmpty())
                replica = h.replicaState;
            const QString binlog = h.logBin ? h.binlogFormat + QLatin1Char('/') + h.binlogRowImage
                                            : QStringLiteral("off");
            t.add({h.dataSource, addr, QStringLiteral("up"), h.version, uptime(h.uptimeSeconds),
                   h.readOnly ? QStringLiteral("ON") : QStringLiteral("off"), binlog,
                   h.serverId < 0 ? QStringLiteral("-") : QString::number(h.serverId), replica,
                   QStringLiteral("%1/%2").arg(h.connections).arg(h.maxConnections)});
        }
        t.print(out);
        for (const QString &line : problems)
            out << "down: " << printableName(line) << '\n';
        for (const QString &n : r.notes + r.privilegeNotes)
            out << "note: " << printableName(n) << '\n';
    }
    return s.allReachable() ? Ok : Findings;
}

SHARDCTL_REGISTER_COMMAND(CmdHealth);

} // namespace sp::cli
