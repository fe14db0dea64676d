#pragma once
#include "core/cluster/ClusterStats.h" // SeriesPoint: what the stats history stores

#include <QDateTime>
#include <QList>
#include <QMap>
#include <QString>

#include <optional>

namespace sp {


struct ForecastOptions
{
    qint64 rowLimit = 30000000; // comfort limit per physical table (reference article 000)
    int leadDays = 30;          // expand this long before the earliest crossing
    int horizonYears = 100;     // crossings later than this are reported as "beyond horizon"
    double minSpanDays = 1.0;   // points spanning less time are "insufficient data" (a fit over
                                // minutes extrapolated to months is noise)
    QDateTime now;              // invalid: QDateTime::currentDateTimeUtc()
};

enum class ForecastStatus {
    InsufficientData, // fewer than two points, or they span less than minSpanDays
    NotGrowing,       // slope <= 0
    BeyondHorizon,    // growing, but would cross after horizonYears
    AlreadyAbove,     // the latest observation is at or above the limit
    WillCross
};

struct TableForecast
{
    QString key;                  // e.g. "db0.t_messages_1", as given by the caller
    ForecastStatus status = ForecastStatus::InsufficientData;
    int points = 0;               // usable points
    qint64 latestRows = -1;
    QDateTime latestTime;
    double rowsPerDay = 0;        // least-squares slope
    double interceptRows = 0;     // fitted rows at the first point's time
    std::optional<QDateTime> crossing; // WillCross and AlreadyAbove (= latestTime)
    double daysToCrossing = 0;    // from latestTime; 0 when already above
};

struct ClusterForecast
{
    QList<TableForecast> tables;  // in the order of the input keys
    std::optional<QDateTime> earliestCrossing;
    QString earliestKey;
    std::optional<QDateTime> expandBy; // earliest crossing minus the lead time
    bool overdue = false;              // expandBy is already in the past (or a table is above)
};

// Capacity forecast: a least-squares line of rows over time per physical table. The growth rate is
// the slope over all points; the crossing is projected from the latest observation (not from the
// line's intercept) so an old, noisy start cannot put the date before what the table holds today.
class Forecast final
{
public:
    static TableForecast fit(const QString &key, const QList<SeriesPoint> &points,
                             const ForecastOptions &options = {});
    static ClusterForecast forecast(const QMap<QString, QList<SeriesPoint>> &series,
                                    const ForecastOptions &options = {});
    static QString statusName(ForecastStatus s); // "insufficient data", "not growing", ...
    // One line, e.g. "db0.t_messages_1: 12,000 rows/day, crosses 30,000,000 on 2027-03-02".
    static QString describe(const TableForecast &f, const ForecastOptions &options = {});
};

} // namespace sp
