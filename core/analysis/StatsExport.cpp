#include "core/analysis/StatsExport.h"
#include "core/analysis/Skew.h"
#include "core/config/Printable.h"

#include <QHash>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace sp::exporting {

namespace {

QString num(qint64 v)
{
    return v < 0 ? QString() : QString::number(v);
}

// Names in HTML: control and bidi characters written as \xNN first (a bidi override would reorder
// what the report shows), then HTML-escaped.
QString esc(const QString &s)
{
    return printableName(s).toHtmlEscaped();
}

QString grouped(qint64 v)
{
    return v < 0 ? QStringLiteral("?") : QLocale::c().toString(v).replace(QLatin1Char(','), QLatin1Char(' '));
}

QString bytesText(qint64 b)
{
    if (b < 0)
        return QStringLiteral("?");
    const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = double(b);
    int u = 0;
    while (v >= 1024.0 && u < 4) {
        v /= 1024.0;
        ++u;
    }
    return QString::number(v, 'f', u == 0 ? 0 : 1) + QLatin1Char(' ') + QLatin1String(units[u]);
}

} // namespace

QString csvField(const QString &value)
{
    // One record per line and nothing a terminal or viewer acts on: control and bidi characters
    // as \xNN. A field starting with = + - @ is a formula to a spreadsheet (=HYPERLINK(...),
    // =cmd|...): a leading apostrophe makes it text, and the field is quoted.
    QString v = printableName(value);
    const bool formula = !v.isEmpty() && QStringView(u"=+-@").contains(v.at(0));
    if (formula)
        v.prepend(QLatin1Char('\''));
    if (!formula && !v.contains(QLatin1Char(',')) && !v.contains(QLatin1Char('"')))
        return v;
    v.replace(QLatin1Char('"'), QLatin1String("\"\""));
    return QLatin1Char('"') + v + QLatin1Char('"');
}

QByteArray statsCsv(const ClusterSnapshot &snapshot)
{
    QString out = QStringLiteral("logic_table,data_source,table,rows,rows_exact,data_bytes,index_bytes,"
                                 "auto_increment,exists_on_server,known_to_config,error\r\n");
    for (const TableStats &t : snapshot.tables) {
        const QStringList fields{
            csvField(t.logicTable),
            csvField(t.node.dataSource),
            csvField(t.node.table),
            num(t.rows()),
            t.exactRows ? QStringLiteral("true") : QStringLiteral("false"),
            num(t.dataBytes),
            num(t.indexBytes),
            num(t.autoIncrement),
            t.existsOnServer ? QStringLiteral("true") : QStringLiteral("false"),
            t.knownToConfig ? QStringLiteral("true") : QStringLiteral("false"),
            csvField(t.error),
        };
        out += fields.join(QLatin1Char(',')) + QLatin1String("\r\n");
    }
    return out.toUtf8();
}

QString heatColor(double ratio)
{
    if (!(ratio >= 0)) // NaN too
        return QStringLiteral("#dddddd");
    // 1 (even) white; below, towards blue (59,111,182) at 0; above, towards deep red (200,30,30) at 2.
    const double f = std::clamp(ratio - 1.0, -1.0, 1.0);
    const auto mix = [f](int blue, int red) {
        return int(std::lround(255 + (f < 0 ? -f * (blue - 255) : f * (red - 255))));
    };
    const int r = mix(59, 200);
    const int g = mix(111, 30);
    const int b = mix(182, 30);
    return QStringLiteral("#%1%2%3")
        .arg(r, 2, 16, QLatin1Char('0'))
        .arg(g, 2, 16, QLatin1Char('0'))
        .arg(b, 2, 16, QLatin1Char('0'));
}

QString htmlReport(const ShardingConfig &config, const ClusterSnapshot *snapshot,
                   const ReportOptions &options)
{
    const auto tr = [&options](const Text &t) -> QString { return esc(options.render ? options.render(t) : t.text); };
    const QString title = options.title.isEmpty() ? msg("ShardPilot report").text : options.title;
    // A section: its heading is the first header row of its table (see the header).
    const auto section = [](const QString &heading, int columns) -> QString {
        return QLatin1String("<table><thead><tr><th class=\"h\" align=\"left\" colspan=\"") + QString::number(columns)
            + QLatin1String("\"><h2>") + heading + QLatin1String("</h2></th></tr>\n");
    };
    QString h;
    h += QLatin1String("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>") + esc(title)
        + QLatin1String("</title>\n<style>body{font-family:sans-serif;font-size:10pt}"
                        "table{border-collapse:collapse;margin-bottom:12px}"
                        "td,th{border:1px solid #999;padding:3px 6px;text-align:right}"
                        "th{background:#eeeeee}th.h{background:#ffffff;border:none;text-align:left;padding:8px 0 4px 0}"
                        "h2{margin:0;text-align:left}td.l{text-align:left}.warn{color:#b00000}</style>"
                        "</head><body>\n");
    h += QLatin1String("<h1>") + esc(title) + QLatin1String("</h1>\n");
    h += QLatin1String("<p>") + tr(msg("Config: %1", {config.filePath})) + QLatin1String("<br>")
        + tr(msg("Data sources: %1, logic tables: %2, row limit per table: %3",
                 {QString::number(config.dataSources.size()), QString::number(config.tables.size()),
                  grouped(options.rowLimit)}))
        + QLatin1String("</p>\n");
    if (!snapshot) {
        h += QLatin1String("<p class=\"warn\">") + tr(msg("No statistics: the cluster has not been inspected."))
            + QLatin1String("</p>\n");
    } else {
        const QString at = snapshot->takenAt.toUTC().toString(Qt::ISODate);
        h +=
            QLatin1String("<p>") +
            tr(snapshot->exact ? msg("Statistics taken at %1 (exact counts)", {at})
                               : msg("Statistics taken at %1 (estimates)", {at})) +
            QLatin1String("<br>") +
            tr(msg(
                "Cell colour: rows over the mean of the cell's logic table, one scale for every table: "
                "white is even, blue down to empty, red up to twice the mean and more; grey has no count.")) +
            QLatin1String("</p>\n");
    }

    QHash<QString, const TableStats *> byNode;
    if (snapshot)
        for (const TableStats &t : snapshot->tables)
            byNode.insert(t.node.toString(), &t);

    for (const TableRule &rule : config.tables) {
        // Heatmap: one row per data source, one column per position of the table in that source.
        QStringList sources;
        QHash<QString, QList<DataNode>> perSource;
        qint64 max = 0;
        qint64 total = 0;
        int overLimit = 0;
        int known = 0;
        for (const DataNode &n : rule.dataNodes) {
            if (!perSource.contains(n.dataSource))
                sources << n.dataSource;
            perSource[n.dataSource] << n;
            if (const TableStats *s = byNode.value(n.toString())) {
                max = std::max(max, s->rows());
                total += std::max<qint64>(0, s->rows());
                known += s->rows() >= 0 ? 1 : 0;
                if (s->rows() > options.rowLimit)
                    ++overLimit;
            }
        }
        // Colours: each cell over the mean of the table's known cells (an empty table is even).
        const double mean = known > 0 ? double(total) / known : 0.0;
        int columns = 0;
        for (const QString &s : std::as_const(sources))
            columns = std::max(columns, int(perSource.value(s).size()));
        h += section(esc(rule.logicTable), columns + 1);
        h += QLatin1String("<tr><th>") + tr(msg("data source")) + QLatin1String("</th>");
        for (int c = 0; c < columns; ++c)
            h += QLatin1String("<th>#") + QString::number(c) + QLatin1String("</th>");
        h += QLatin1String("</tr></thead>\n");
        for (const QString &src : std::as_const(sources)) {
            h += QLatin1String("<tr><th>") + esc(src) + QLatin1String("</th>");
            const QList<DataNode> nodes = perSource.value(src);
            for (int c = 0; c < columns; ++c) {
                if (c >= nodes.size()) {
                    h += QLatin1String("<td></td>");
                    continue;
                }
                const TableStats *s = byNode.value(nodes.at(c).toString());
                const qint64 rows = s ? s->rows() : -1;
                const double ratio = rows < 0 ? std::nan("") : mean > 0 ? double(rows) / mean : 1.0;
                h += QLatin1String("<td bgcolor=\"") + heatColor(ratio) + QLatin1String("\" title=\"") +
                     esc(nodes.at(c).toString()) + QLatin1String("\">") + esc(nodes.at(c).table) +
                     QLatin1String("<br>") + grouped(rows) + QLatin1String("</td>");
            }
            h += QLatin1String("</tr>\n");
        }
        h += QLatin1String("</table>\n");

        if (!snapshot)
            continue;
        const SkewStats *skew = nullptr;
        const QList<SkewStats> perTable = Skew::forTables(snapshot->tables);
        for (const SkewStats &s : perTable)
            if (s.logicTable == rule.logicTable)
                skew = &s;
        h += QLatin1String("<table><thead><tr>");
        for (const Text &label : {msg("total rows"), msg("max / mean"), msg("CV"), msg("Gini"), msg("empty nodes"),
                                  msg("hottest"), msg("fullest vs limit"), msg("over limit")})
            h += QLatin1String("<th>") + tr(label) + QLatin1String("</th>");
        h += QLatin1String("</tr></thead>\n<tr>");
        // A table with a cell without a count (its server unreachable) has no total: at least the rest.
        const int uncounted = int(rule.dataNodes.size()) - known;
        h += QLatin1String("<td>") +
             (uncounted > 0 ? tr(msg("at least %1 (%2 without a count)", {grouped(total), uncounted}))
                            : grouped(total)) +
             QLatin1String("</td>");
        if (skew) {
            h += QLatin1String("<td>") + QString::number(skew->maxOverMean, 'f', 2)
                + QLatin1String("</td><td>") + QString::number(skew->coefficientOfVariation, 'f', 3)
                + QLatin1String("</td><td>") + QString::number(skew->gini, 'f', 3)
                + QLatin1String("</td><td>") + QString::number(skew->emptyNodes)
                + QLatin1String("</td><td class=\"l\">") + esc(skew->maxNode.toString())
                + QLatin1String("</td>");
        } else {
            h += QLatin1String("<td colspan=\"5\" class=\"l\">") + tr(msg("no skew figures"))
                + QLatin1String("</td>");
        }
        const double fill = options.rowLimit > 0 ? 100.0 * double(max) / double(options.rowLimit) : 0;
        h += QLatin1String("<td>") + QString::number(fill, 'f', 1) + QLatin1String(" %</td><td")
            + (overLimit > 0 ? QLatin1String(" class=\"warn\"") : QLatin1String("")) + QLatin1Char('>')
            + QString::number(overLimit) + QLatin1String("</td></tr></table>\n");
    }

    if (snapshot && !snapshot->instances.isEmpty()) {
        h += section(tr(msg("Instances")), 6) + QLatin1String("<tr>");
        for (const Text &label : {msg("data source"), msg("address"), msg("reachable"), msg("version"),
                                  msg("read only"), msg("data size")})
            h += QLatin1String("<th>") + tr(label) + QLatin1String("</th>");
        h += QLatin1String("</tr></thead>\n");
        for (const InstanceHealth &i : snapshot->instances) {
            qint64 bytes = 0;
            for (const TableStats &t : snapshot->tables)
                if (t.node.dataSource == i.dataSource)
                    bytes += std::max<qint64>(0, t.dataBytes) + std::max<qint64>(0, t.indexBytes);
            // The server's own error stays in its words, inside our sentence.
            h += QLatin1String("<tr><td class=\"l\">") + esc(i.dataSource)
                + QLatin1String("</td><td class=\"l\">") + esc(i.host) + QLatin1Char(':')
                + QString::number(i.port) + QLatin1String("</td><td class=\"l\">")
                + (i.reachable ? tr(msg("yes"))
                               : QLatin1String("<span class=\"warn\">") + tr(msg("no: %1", {i.error}))
                                     + QLatin1String("</span>"))
                + QLatin1String("</td><td class=\"l\">") + esc(i.version)
                + QLatin1String("</td><td class=\"l\">") + (i.readOnly ? tr(msg("yes")) : tr(msg("no")))
                + QLatin1String("</td><td>") + bytesText(bytes) + QLatin1String("</td></tr>\n");
        }
        h += QLatin1String("</table>\n");
    }
    h += QLatin1String("</body></html>\n");
    return h;
}

} // namespace sp::exporting
