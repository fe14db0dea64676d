// Capacity forecast against hand-computed least-squares fits (comments show the arithmetic).
#include "core/analysis/Forecast.h"

#include <QtTest>

using namespace sp;

Q_DECLARE_METATYPE(ForecastStatus)

namespace {
const QDateTime kT0(QDate(2026, 1, 1), QTime(0, 0), Qt::UTC);

// (day offset, rows) pairs -> points; fractional days allowed.
QList<SeriesPoint> pts(std::initializer_list<std::pair<double, qint64>> list)
{
    QList<SeriesPoint> out;
    for (const auto &p : list)
        out.append(SeriesPoint{kT0.addMSecs(qint64(p.first * 86400000.0)), p.second, -1});
    return out;
}
QDateTime at(int y, int m, int d, int h = 0, int min = 0)
{
    return QDateTime(QDate(y, m, d), QTime(h, min), Qt::UTC);
}
} // namespace

class TestForecast final : public QObject
{
    Q_OBJECT
private slots:
    void fit_data();
    void fit();
    void clusterForecast();
    void describe_data();
    void describe();
};

void TestForecast::fit_data()
{
    QTest::addColumn<QList<SeriesPoint>>("points");
    QTest::addColumn<qint64>("limit");
    QTest::addColumn<ForecastStatus>("status");
    QTest::addColumn<double>("rowsPerDay");
    QTest::addColumn<QDateTime>("crossing"); // invalid: none expected
    QTest::addColumn<int>("usable");

    // slope 100/10 = 10/day; (1000 - 100) / 10 = 90 days after day 10 -> day 100 = Apr 11.
    QTest::addRow("two-points") << pts({{0, 0}, {10, 100}}) << qint64(1000)
                                << ForecastStatus::WillCross << 10.0 << at(2026, 4, 11) << 2;
    // x̄ 1.5, ȳ 25; sxy = 37.5+2.5-2.5+52.5 = 90, sxx = 5 -> 18/day.
    // (1000 - 60) / 18 = 52.222 days after day 3 = day 55 + 5h20m -> Feb 25 05:20.
    QTest::addRow("noisy-least-squares") << pts({{0, 0}, {1, 20}, {2, 20}, {3, 60}}) << qint64(1000)
                                         << ForecastStatus::WillCross << 18.0
                                         << at(2026, 2, 25, 5, 20) << 4;
    QTest::addRow("one-point") << pts({{0, 10}}) << qint64(1000)
                               << ForecastStatus::InsufficientData << 0.0 << QDateTime() << 1;
    QTest::addRow("no-points") << QList<SeriesPoint>{} << qint64(1000)
                               << ForecastStatus::InsufficientData << 0.0 << QDateTime() << 0;
    QTest::addRow("same-time") << pts({{5, 10}, {5, 20}}) << qint64(1000)
                               << ForecastStatus::InsufficientData << 0.0 << QDateTime() << 2;
    // Growing fast, but over half a day only: below minSpanDays (1) no forecast is made.
    QTest::addRow("span-too-short") << pts({{0, 0}, {0.5, 400}}) << qint64(1000)
                                    << ForecastStatus::InsufficientData << 0.0 << QDateTime() << 2;
    QTest::addRow("flat") << pts({{0, 500}, {10, 500}}) << qint64(1000)
                          << ForecastStatus::NotGrowing << 0.0 << QDateTime() << 2;
    QTest::addRow("shrinking") << pts({{0, 500}, {10, 400}}) << qint64(1000)
                               << ForecastStatus::NotGrowing << -10.0 << QDateTime() << 2;
    // latest 1200 >= 1000: crossing is "now" (the latest observation); slope still 30/day.
    QTest::addRow("already-above") << pts({{0, 900}, {10, 1200}}) << qint64(1000)
                                   << ForecastStatus::AlreadyAbove << 30.0 << at(2026, 1, 11) << 2;
    QTest::addRow("above-single-point") << pts({{2, 5000}}) << qint64(1000)
                                        << ForecastStatus::AlreadyAbove << 0.0 << at(2026, 1, 3)
                                        << 1;
    QTest::addRow("exactly-at-limit") << pts({{0, 10}, {1, 1000}}) << qint64(1000)
                                      << ForecastStatus::AlreadyAbove << 990.0 << at(2026, 1, 2)
                                      << 2;
    // unknown counts are ignored; the rest is the "two-points" case.
    QTest::addRow("unknown-skipped") << pts({{0, -1}, {0, 0}, {10, 100}}) << qint64(1000)
                                     << ForecastStatus::WillCross << 10.0 << at(2026, 4, 11) << 2;
    QTest::addRow("unsorted-input") << pts({{10, 100}, {0, 0}}) << qint64(1000)
                                    << ForecastStatus::WillCross << 10.0 << at(2026, 4, 11) << 2;
    // 1 row/day needs 30M days: far beyond 100 years.
    QTest::addRow("beyond-horizon") << pts({{0, 0}, {1, 1}}) << qint64(30000000)
                                    << ForecastStatus::BeyondHorizon << 1.0 << QDateTime() << 2;
    // 100k/day; (30M - 25M) / 100k = 50 days after day 50 -> day 100 = Apr 11.
    QTest::addRow("reference-limit") << pts({{0, 20000000}, {50, 25000000}}) << qint64(30000000)
                                     << ForecastStatus::WillCross << 100000.0 << at(2026, 4, 11)
                                     << 2;
}

void TestForecast::fit()
{
    QFETCH(QList<SeriesPoint>, points);
    QFETCH(qint64, limit);
    QFETCH(ForecastStatus, status);
    QFETCH(double, rowsPerDay);
    QFETCH(QDateTime, crossing);
    QFETCH(int, usable);

    ForecastOptions o;
    o.rowLimit = limit;
    const TableForecast f = Forecast::fit(QStringLiteral("db0.t"), points, o);
    QCOMPARE(f.key, QStringLiteral("db0.t"));
    QCOMPARE(f.status, status);
    QCOMPARE(f.points, usable);
    QVERIFY2(qAbs(f.rowsPerDay - rowsPerDay) < 1e-6, qPrintable(QString::number(f.rowsPerDay)));
    QCOMPARE(f.crossing.has_value(), crossing.isValid());
    if (crossing.isValid())
        QCOMPARE(f.crossing->toUTC(), crossing);
}

void TestForecast::clusterForecast()
{
    ForecastOptions o;
    o.rowLimit = 1000;
    o.leadDays = 30;
    const QMap<QString, QList<SeriesPoint>> series{
        {QStringLiteral("db0.a"), pts({{0, 0}, {10, 100}})},                   // Apr 11
        {QStringLiteral("db1.b"), pts({{0, 0}, {1, 20}, {2, 20}, {3, 60}})},   // Feb 25 05:20
        {QStringLiteral("db2.c"), pts({{0, 500}, {10, 500}})},                 // flat
    };
    o.now = at(2026, 1, 5);
    ClusterForecast c = Forecast::forecast(series, o);
    QCOMPARE(c.tables.size(), 3);
    QCOMPARE(c.earliestKey, QStringLiteral("db1.b"));
    QCOMPARE(c.earliestCrossing->toUTC(), at(2026, 2, 25, 5, 20));
    QCOMPARE(c.expandBy->toUTC(), at(2026, 1, 26, 5, 20)); // 30 days earlier
    QVERIFY(!c.overdue);

    o.now = at(2026, 2, 1);
    c = Forecast::forecast(series, o);
    QVERIFY(c.overdue);

    // Nothing crosses: no dates at all.
    const QMap<QString, QList<SeriesPoint>> flat{{QStringLiteral("x"), pts({{0, 5}, {1, 5}})}};
    c = Forecast::forecast(flat, o);
    QVERIFY(!c.earliestCrossing);
    QVERIFY(!c.expandBy);
    QVERIFY(!c.overdue);
}

void TestForecast::describe_data()
{
    QTest::addColumn<QList<SeriesPoint>>("points");
    QTest::addColumn<QString>("text");
    QTest::addRow("crossing") << pts({{0, 0}, {10, 100}})
                              << QStringLiteral("db0.t: 10 rows/day, crosses 1,000 on 2026-04-11");
    QTest::addRow("flat") << pts({{0, 5}, {1, 5}}) << QStringLiteral("db0.t: not growing (0 rows/day)");
    QTest::addRow("above") << pts({{0, 1500}})
                           << QStringLiteral("db0.t: already above 1,000 rows (1,500)");
    QTest::addRow("one") << pts({{0, 5}})
                         << QStringLiteral("db0.t: insufficient data (1 point(s); needs refreshes at least 1 day(s) apart)");
}

void TestForecast::describe()
{
    QFETCH(QList<SeriesPoint>, points);
    QFETCH(QString, text);
    ForecastOptions o;
    o.rowLimit = 1000;
    QCOMPARE(Forecast::describe(Forecast::fit(QStringLiteral("db0.t"), points, o), o), text);
}

QTEST_GUILESS_MAIN(TestForecast)
#include "tst_forecast.moc"
