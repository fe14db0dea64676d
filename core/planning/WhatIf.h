#pragma once
#include "core/planning/ExpansionStrategy.h"
#include "core/planning/RingBalance.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace sp::planning {

// One strategy of the what-if table (the GUI shows rows as a table and a bar chart).
struct WhatIfRow
{
    StrategyId strategy = StrategyId::ModDouble;
    bool feasible = false;
    QString reason;              // why not feasible
    QString description;
    int nodesBefore = 0;
    int nodesAfter = 0;
    double shareMoved = 0;       // fraction of rows that change node
    double shareCopied = 0;      // fraction of rows physically copied (dual-master: all of them)
    qint64 rowsMoved = -1;       // with a snapshot
    qint64 bytesMoved = -1;
    qint64 rowsCopied = -1;
    double skewAfter = 0;        // expected max/mean per data source after (worst table)
    bool skewFromRows = false;   // every table's skew is of rows; false: of key shares (offline, tiny
                                 // tables, or a source without a row count)
    QStringList skewWithoutRows; // with a snapshot: sources whose missing row counts made a table's
                                 // skew fall back to key shares (an instance down), sorted
    double writeStopSeconds = 0;
    QString writeStopAssumption;
    int steps = 0;
    QStringList risks;
    // With a snapshot that lacks some sources' rows (an instance down): the row figures count the
    // sources that have them only, and these name the others.
    bool partial = false;
    QStringList sourcesWithoutRows;
    // reason, description, writeStopAssumption and risks as templates and arguments, for the console
    Text reasonText;
    Text descriptionText;
    Text writeStopText;
    QList<Text> riskTexts;

    void addRisk(const Text &t)
    {
        risks << t.text;
        riskTexts << t;
    }
};

struct WhatIfReport
{
    QString configPath;
    QString basis;               // where the numbers come from
    Text basisText;              // `basis` as template and arguments
    QList<WhatIfRow> rows;       // mod-double, dual-master, ring
    QList<BalancePoint> ringBalance; // max/mean of the ring after, per virtual-node count

    QJsonObject toJson() const;
    QString toText() const;      // aligned table for the terminal
};

struct WhatIfOptions
{
    double verifyRowsPerSecond = 2000000; // COUNT(*) with a CRC32 predicate, per instance
    double cutoverSeconds = 5;            // drain capture + flip read_only + reload config
    double reloadSeconds = 2;             // dual-master: config reload only
    // Write stops measured by `migrate_bench --dual-vs-copy` (seconds; negative: none), with what
    // they were measured on; they replace cutoverSeconds + the verify scan (mod-double) and
    // reloadSeconds (dual-master). See core/live/MeasuredFigures.h.
    double measuredCopyWriteStopSec = -1;
    double measuredDualWriteStopSec = -1;
    QString measuredOn; // "100000 messages, 4 -> 8, load 200 ops/s, 2026-12-01"
    int balanceMaxVirtualNodes = 1024;
    int balanceStep = 1;
};

class WhatIf final
{
public:
    // Same capacity for every strategy: N -> 2N databases (the ring gets N more nodes).
    static WhatIfReport compare(const PlanInput &input, const WhatIfOptions &options = {});
    static WhatIfRow summarize(const PlanInput &input, const PlanOutcome &outcome, StrategyId id,
                               const WhatIfOptions &options);
};

} // namespace sp::planning
