#include "CmdStats.h"

#include "InspectInput.h"
#include "TextTable.h"

#include "core/analysis/Forecast.h"
#include "core/analysis/Skew.h"
#include "core/analysis/SnapshotJson.h"
#include "core/cluster/ServerState.h"
#include "core/cluster/StatsHistory.h"
#include "core/config/Printable.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

namespace sp::cli {

void CmdStats::addOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        summary() +
        QStringLiteral("\nPer physical table: rows (estimates from information_schema, or exact COUNT(*) with "
                       "--exact, run in parallel, --concurrency per server), data and index bytes, AUTO_INCREMENT, and "
                       "whether the table is missing on the server or unknown to the config. Per logic table: skew "
                       "(max/mean, coefficient of variation, Gini) with a verdict. The snapshot is recorded in the "
                       "cluster's history (one SQLite file per config path) unless --no-history; with history, "
                       "growth since the previous refresh and the date each table crosses --limit are shown.\n"
                       "Exit codes: 0 every server answered; 1 at least one did not; 2 bad usage or unreadable config."));
    InspectInput::addOptions(parser);
    parser.addOption(QCommandLineOption(QStringLiteral("exact"), QStringLiteral("Exact SELECT COUNT(*) per table.")));
    parser.addOption(QCommandLineOption(QStringLiteral("no-history"), QStringLiteral("Do not record the snapshot.")));
    parser.addOption(QCommandLineOption(QStringLiteral("history"),
                                        QStringLiteral("History file (default: per config under the app data dir, "
                                                       "or $SHARDPILOT_HISTORY_DIR)."),
                                        QStringLiteral("FILE")));
    parser.addOption(QCommandLineOption(QStringLiteral("limit"),
                                        QStringLiteral("Rows per physical table to forecast against (default 30000000)."),
                                        QStringLiteral("ROWS"), QStringLiteral("30000000")));
}

namespace {

QString status(const TableStats &t)
{
    if (!t.knownToConfig)
        return QStringLiteral("not in config");
    if (!t.existsOnServer)
        return QStringLiteral("MISSING on server");
    if (!t.error.isEmpty())
        return QStringLiteral("error: ") + t.error;
    return t.broadcast ? QStringLiteral("ok (broadcast)") : QStringLiteral("ok");
}

QString rowsText(const TableStats &t)
{
    if (t.exactRows)
        return InspectInput::number(*t.exactRows);
    if (t.estimatedRows >= 0)
        return QLatin1Char('~') + InspectInput::number(t.estimatedRows);
    return QStringLiteral("-");
}

} // namespace

int CmdStats::run(const QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    InspectInput::Prepared p = InspectInput::prepare(parser, name(), err);
    if (p.exitCode >= 0)
        return p.exitCode;
    const QString prefix = QStringLiteral("shardctl stats: ");
    bool ok = false;
    ForecastOptions fo;
    fo.rowLimit = parser.value(QStringLiteral("limit")).toLongLong(&ok);
    if (!ok || fo.rowLimit < 1) {
        err << prefix << "--limit must be a positive number of rows\n";
        return Usage;
    }
    p.options.exactCounts = parser.isSet(QStringLiteral("exact"));
    const InspectionResult r =
        Inspector::run(p.config, p.options, nullptr, InspectInput::progressPrinter(name()));
    InspectInput::endProgress();
    const ClusterSnapshot &s = r.snapshot;

    // History: previous snapshot first, then record this one.
    std::optional<ClusterSnapshot> previous;
    QList<TableGrowth> growth;
    std::optional<ClusterForecast> forecast;
    QString historyFile;
    qint64 snapshotId = -1;
    if (!parser.isSet(QStringLiteral("no-history"))) {
        historyFile = parser.isSet(QStringLiteral("history")) ? parser.value(QStringLiteral("history"))
                                                              : StatsHistory::defaultPathFor(p.config.filePath);
        StatsHistory history(historyFile);
        if (!history.isOpen()) {
            err << prefix << "history not recorded: " << history.lastError() << '\n';
        } else {
            previous = history.latest();
            snapshotId = history.record(s);
            if (snapshotId < 0)
                err << prefix << "history not recorded: " << history.lastError() << '\n';
            if (previous)
                growth = StatsHistory::growth(*previous, s);
            QSet<QString> known;
            for (const TableStats &t : s.tables)
                if (t.knownToConfig)
                    known.insert(t.node.toString());
            QMap<QString, QList<SeriesPoint>> series = history.allNodeSeries();
            for (auto it = series.begin(); it != series.end();)
                it = known.contains(it.key()) ? std::next(it) : series.erase(it);
            forecast = Forecast::forecast(series, fo);
        }
    }

    if (parser.isSet(QStringLiteral("json"))) {
        QJsonObject doc = snapshotJson(s);
        doc.insert(QStringLiteral("elapsedMs"), double(r.elapsedMs));
        doc.insert(QStringLiteral("notes"), QJsonArray::fromStringList(r.notes));
        if (!historyFile.isEmpty()) {
            doc.insert(QStringLiteral("history"),
                       QJsonObject{{QStringLiteral("file"), historyFile},
                                   {QStringLiteral("snapshotId"), snapshotId >= 0 ? QJsonValue(double(snapshotId)) : QJsonValue()}});
        }
        if (previous) {
            doc.insert(QStringLiteral("previousTakenAt"), previous->takenAt.toString(Qt::ISODateWithMs));
            doc.insert(QStringLiteral("growth"), growthJson(growth));
        }
        if (forecast) {
            QJsonObject f{{QStringLiteral("rowLimit"), double(fo.rowLimit)},
                          {QStringLiteral("leadDays"), fo.leadDays}};
            if (forecast->earliestCrossing) {
                f.insert(QStringLiteral("earliestNode"), forecast->earliestKey);
                f.insert(QStringLiteral("earliestCrossing"), forecast->earliestCrossing->toString(Qt::ISODate));
                f.insert(QStringLiteral("expandBy"), forecast->expandBy->toString(Qt::ISODate));
                f.insert(QStringLiteral("overdue"), forecast->overdue);
            }
            doc.insert(QStringLiteral("forecast"), f);
        }
        out << QString::fromUtf8(QJsonDocument(doc).toJson(QJsonDocument::Indented));
        return s.allReachable() ? Ok : Findings;
    }

    out << "cluster " << s.configPath << " at " << s.takenAt.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))
        << " UTC, " << (s.exact ? "exact counts" : "estimated rows (~; use --exact for COUNT(*))") << ", "
        << r.elapsedMs << " ms\n\n";
    for (const InstanceHealth &h : s.instances)
        if (!h.reachable)
            out << (serverStateOf(h) == ServerState::AccessDenied ? "ACCESS DENIED " : "DOWN ")
                << printableName(h.dataSource) << ": " << printableName(h.error) << '\n';

    TextTable tables({QStringLiteral("NODE"), QStringLiteral("ROWS"), QStringLiteral("DATA"), QStringLiteral("INDEX"),
                      QStringLiteral("AUTO_INC"), QStringLiteral("STATUS")});
    for (const TableStats &t : s.tables)
        tables.add({t.node.toString(), rowsText(t), InspectInput::bytes(t.dataBytes), InspectInput::bytes(t.indexBytes),
                    InspectInput::number(t.autoIncrement), status(t)});
    tables.print(out);

    const QList<SkewStats> skewPerTable = Skew::forTables(s.tables);
    if (!skewPerTable.isEmpty()) {
        out << '\n';
        TextTable skew({QStringLiteral("LOGIC TABLE"), QStringLiteral("NODES"), QStringLiteral("ROWS"),
                        QStringLiteral("MAX/MEAN"), QStringLiteral("CV"), QStringLiteral("GINI"), QStringLiteral("VERDICT")});
        for (const SkewStats &k : skewPerTable)
            skew.add({k.logicTable, QString::number(k.nodes), InspectInput::number(k.totalRows),
                      QString::number(k.maxOverMean, 'f', 2), QString::number(k.coefficientOfVariation, 'f', 2),
                      QString::number(k.gini, 'f', 2), Skew::verdict(k)});
        skew.print(out);
    }

    if (previous) {
        QMap<QString, qint64> perLogic;
        QStringList order;
        bool allExact = true;
        int sourceChanged = 0, restarted = 0;
        for (const TableGrowth &g : growth) {
            sourceChanged += g.basis == TableGrowth::Basis::SourceChanged;
            restarted += g.basis == TableGrowth::Basis::Restarted;
            if (!g.comparable())
                continue;
            allExact = allExact && g.exact;
            const QString key = g.logicTable.isEmpty() ? g.node.toString() : g.logicTable;
            if (!perLogic.contains(key))
                order.append(key);
            perLogic[key] += g.delta();
        }
        QStringList parts;
        for (const QString &k : order) {
            const qint64 d = perLogic.value(k);
            parts.append(k + QLatin1Char(' ') + (d < 0 ? QStringLiteral("-") : QStringLiteral("+")) +
                         InspectInput::number(qAbs(d)));
        }
        out << "\ngrowth since " << previous->takenAt.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) << " UTC"
            << (allExact ? "" : " (estimates)") << ": "
            << (parts.isEmpty() ? QStringLiteral("no comparable tables") : parts.join(QStringLiteral(", "))) << '\n';
        // Left out, not shown as a drop: an estimate against an exact count says nothing about growth,
        // nor does an estimate InnoDB re-read from its persistent statistics after a restart.
        if (sourceChanged > 0)
            out << "  not compared: " << sourceChanged << " table(s) counted exactly one time and estimated the other\n";
        if (restarted > 0)
            out << "  not compared: " << restarted << " table(s) whose instance restarted since (InnoDB estimates reset)\n";
    }
    if (forecast) {
        out << "capacity (" << InspectInput::number(fo.rowLimit) << " rows per table): ";
        if (forecast->earliestCrossing) {
            out << forecast->earliestKey << " crosses first, "
                << forecast->earliestCrossing->toString(QStringLiteral("yyyy-MM-dd")) << "; expand by "
                << forecast->expandBy->toString(QStringLiteral("yyyy-MM-dd")) << (forecast->overdue ? " (OVERDUE)" : "")
                << '\n';
        } else {
            int growing = 0, insufficient = 0;
            for (const TableForecast &f : forecast->tables) {
                growing += f.status == ForecastStatus::BeyondHorizon;
                insufficient += f.status == ForecastStatus::InsufficientData;
            }
            if (insufficient == forecast->tables.size())
                out << "needs refreshes at least a day apart\n";
            else
                out << "no table is on course to cross it" << (growing ? " within 100 years" : "") << '\n';
        }
    }
    if (snapshotId >= 0)
        out << "recorded snapshot " << snapshotId << " in " << historyFile << '\n';
    // Notes (e.g. no privilege for replica status) belong to `shardctl health`; JSON keeps them.
    return s.allReachable() ? Ok : Findings;
}

SHARDCTL_REGISTER_COMMAND(CmdStats);

} // namespace sp::cli
