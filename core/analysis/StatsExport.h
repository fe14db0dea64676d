#pragma once
#include "core/cluster/ClusterStats.h"
#include "core/config/Text.h"

#include <QByteArray>
#include <QString>

#include <functional>

namespace sp::exporting {

// Pure statistics exporters shared by the console and the CLI (config exporters are in
// core/analysis/ConfigExport.h). No I/O.

inline constexpr qint64 kDefaultRowLimit = 30000000; // comfort limit per physical table

// CSV (RFC 4180, header row, UTF-8, CRLF line ends) of one snapshot: one row per physical table.
QByteArray statsCsv(const ClusterSnapshot &snapshot);
// One CSV field: control and bidi characters as \xNN (sp::printableName), quoted when it holds a
// comma or quote, and a leading = + - @ neutralised with an apostrophe (formula injection).
QString csvField(const QString &value);

struct ReportOptions
{
    qint64 rowLimit = kDefaultRowLimit;
    QString title; // empty: "ShardPilot report"
    // How a sentence or label of the report is written: its English text unless given (the console
    // passes its CoreText, so the report is in the console's language).
    std::function<QString(const Text &)> render;
};

// Self-contained HTML (no scripts, no external resources, so QTextDocument can print it): config
// summary, per logic table a heatmap (data source x table, cell colour by rows), the skew figures
// and capacity against the row limit. Without a snapshot it says so and lists the topology only.
// Each section's heading is the first row of its table's header (<thead>), so a printed page never
// ends with a heading whose table starts on the next one (QTextDocument keeps a table's header rows
// with its first row, and repeats them on every page the table continues on).
QString htmlReport(const ShardingConfig &config, const ClusterSnapshot *snapshot,
                   const ReportOptions &options = {});

// Background colour (#rrggbb) of a heatmap cell from its rows over the mean of its logic table's
// known cells (`ratio`): one scale for every table of the report, so a colour means the same in a
// table of 100 rows and one of 10M. White at 1 (even), deepening blue down to 0 (empty), deepening
// red up to 2 and above (twice the mean); light grey for an unknown count (NaN or negative).
QString heatColor(double ratio);

} // namespace sp::exporting
