#include "core/analysis/Forecast.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace sp {

namespace {
constexpr double kMsPerDay = 86400000.0;
}

TableForecast Forecast::fit(const QString &key, const QList<SeriesPoint> &points,
                            const ForecastOptions &options)
{
    TableForecast f;
    f.key = key;

    QList<SeriesPoint> usable;
    usable.reserve(points.size());
    for (const SeriesPoint &p : points)
        if (p.rows >= 0 && p.time.isValid())
            usable.append(p);
    std::stable_sort(usable.begin(), usable.end(),
                     [](const SeriesPoint &a, const SeriesPoint &b) { return a.time < b.time; });
    f.points = int(usable.size());
    if (usable.isEmpty())
        return f;

    const SeriesPoint &last = usable.constLast();
    f.latestRows = last.rows;
    f.latestTime = last.time.toUTC();

    // Least squares over x = days since the first point, y = rows.
    const QDateTime t0 = usable.constFirst().time;
    const double n = double(usable.size());
    double sx = 0, sy = 0;
    for (const SeriesPoint &p : usable) {
        sx += double(t0.msecsTo(p.time)) / kMsPerDay;
        sy += double(p.rows);
    }
    const double mx = sx / n, my = sy / n;
    double sxx = 0, sxy = 0;
    for (const SeriesPoint &p : usable) {
        const double dx = double(t0.msecsTo(p.time)) / kMsPerDay - mx;
        sxx += dx * dx;
        sxy += dx * (double(p.rows) - my);
    }

    if (f.latestRows >= options.rowLimit) {
        f.status = ForecastStatus::AlreadyAbove;
        f.crossing = f.latestTime;
        if (sxx > 0) {
            f.rowsPerDay = sxy / sxx;
            f.interceptRows = my - f.rowsPerDay * mx;
        }
        return f;
    }
    const double spanDays = double(t0.msecsTo(last.time)) / kMsPerDay;
    if (usable.size() < 2 || sxx <= 0 || spanDays < options.minSpanDays) {
        f.status = ForecastStatus::InsufficientData;
        return f;
    }
    f.rowsPerDay = sxy / sxx;
    f.interceptRows = my - f.rowsPerDay * mx;
    if (!(f.rowsPerDay > 0)) {
        f.status = ForecastStatus::NotGrowing;
        return f;
    }
    f.daysToCrossing = double(options.rowLimit - f.latestRows) / f.rowsPerDay;
    if (f.daysToCrossing > 365.25 * options.horizonYears) {
        f.status = ForecastStatus::BeyondHorizon;
        return f;
    }
    f.status = ForecastStatus::WillCross;
    f.crossing = f.latestTime.addMSecs(qint64(std::llround(f.daysToCrossing * kMsPerDay)));
    return f;
}

ClusterForecast Forecast::forecast(const QMap<QString, QList<SeriesPoint>> &series,
                                   const ForecastOptions &options)
{
    ClusterForecast out;
    for (auto it = series.cbegin(); it != series.cend(); ++it) {
        TableForecast f = fit(it.key(), it.value(), options);
        if (f.crossing && (!out.earliestCrossing || *f.crossing < *out.earliestCrossing)) {
            out.earliestCrossing = f.crossing;
            out.earliestKey = f.key;
        }
        out.tables.append(std::move(f));
    }
    if (out.earliestCrossing) {
        out.expandBy = out.earliestCrossing->addDays(-options.leadDays);
        const QDateTime now =
            options.now.isValid() ? options.now.toUTC() : QDateTime::currentDateTimeUtc();
        out.overdue = *out.expandBy <= now;
    }
    return out;
}

QString Forecast::statusName(ForecastStatus s)
{
    switch (s) {
    case ForecastStatus::InsufficientData: return QStringLiteral("insufficient data");
    case ForecastStatus::NotGrowing: return QStringLiteral("not growing");
    case ForecastStatus::BeyondHorizon: return QStringLiteral("beyond horizon");
    case ForecastStatus::AlreadyAbove: return QStringLiteral("already above the limit");
    case ForecastStatus::WillCross: return QStringLiteral("will cross");
    }
    return QString();
}

QString Forecast::describe(const TableForecast &f, const ForecastOptions &options)
{
    const QString limit = QLocale(QLocale::English).toString(options.rowLimit);
    const QString rate = QLocale(QLocale::English).toString(qint64(std::llround(f.rowsPerDay)));
    switch (f.status) {
    case ForecastStatus::InsufficientData:
        return f.key + QStringLiteral(": insufficient data (%1 point(s); needs refreshes at least %2 day(s) apart)")
                           .arg(f.points)
                           .arg(options.minSpanDays);
    case ForecastStatus::NotGrowing:
        return f.key + QStringLiteral(": not growing (%1 rows/day)").arg(rate);
    case ForecastStatus::BeyondHorizon:
        return f.key + QStringLiteral(": %1 rows/day, would cross %2 in more than %3 years")
                           .arg(rate, limit)
                           .arg(options.horizonYears);
    case ForecastStatus::AlreadyAbove:
        return f.key + QStringLiteral(": already above %1 rows (%2)")
                           .arg(limit, QLocale(QLocale::English).toString(f.latestRows));
    case ForecastStatus::WillCross:
        return f.key + QStringLiteral(": %1 rows/day, crosses %2 on %3")
                           .arg(rate, limit, f.crossing->toUTC().date().toString(Qt::ISODate));
    }
    return f.key;
}

} // namespace sp
