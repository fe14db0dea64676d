#pragma once
#include "core/analysis/Forecast.h"
#include "core/cluster/StatsHistory.h"
#include "core/health/HealthHistory.h"

#include <QHash>

#include <QWidget>

class QChartView;
class QComboBox;
class QLabel;
class QStandardItemModel;
class QTableView;

namespace sp {
class JobRunner;
}

namespace sp::ui {

class AppContext;
class RedStretches;

// History & capacity: growth over time of a logic table or data source (from StatsHistory), the
// forecast date each physical table crosses the row limit, sorted by urgency, and a plain answer
// ("Expand before … (… reaches 30M rows first)" / "No table is growing toward the limit").
// Exact counts and InnoDB estimates are two lines (never one: a refresh with exact counts after
// estimates is not growth); a snapshot without a count of every table (a server unreachable) is a
// marked gap, never 0. For a data source, its load (QPS from the health page's samples) is drawn
// next to its rows, with a gap where the server was down.
class HistoryPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HistoryPage)
public:
    enum Columns { TableColumn, RowsColumn, PerDayColumn, CrossingColumn, DaysLeftColumn, StatusColumn, ColumnCount };

    explicit HistoryPage(AppContext *ctx, QWidget *parent = nullptr);
    ~HistoryPage() override;

    // The sentence shown on top, from a forecast (pure; used by the page and its test).
    static QString answerText(const ClusterForecast &forecast, qint64 rowLimit);
    static QString shortCount(qint64 n); // 30000000 -> "30M"
    // A forecast's status in the console's language (Forecast::statusName is the CLI's English).
    static QString statusText(ForecastStatus s);

    RedStretches *redStretches() const { return m_red; }

public slots:
    void reload();

signals:
    // A red stretch of a data source's health was clicked: its verdict changes (the Health page).
    void eventsRequested(const QString &dataSource, const QDateTime &from, const QDateTime &to);

private:
    void updateChart();
    void fillForecast(const ClusterForecast &forecast, const ForecastOptions &options);
    // What reload()'s job reads from the cluster's StatsHistory.
    struct HistoryData
    {
        QString error;
        QList<SnapshotInfo> snapshots;
        ClusterForecast forecast;
        QHash<QString, QList<CountPoint>> series;      // per scope ("t:<logic table>", "d:<data source>")
        QHash<QString, QList<health::LoadPoint>> load; // per data source scope: the health page's samples
    };
    void showHistory(const HistoryData &data, const ForecastOptions &options);

    AppContext *m_ctx;
    JobRunner *m_runner;
    QHash<QString, QList<CountPoint>> m_series;
    QHash<QString, QList<health::LoadPoint>> m_load;
    QComboBox *m_scope = nullptr;
    QChartView *m_chart = nullptr;
    QLabel *m_answer = nullptr;
    QLabel *m_detail = nullptr;
    QLabel *m_chartNote = nullptr; // what the chart leaves out: unknown counts, two kinds of count
    QTableView *m_table = nullptr;
    QStandardItemModel *m_model = nullptr;
    RedStretches *m_red = nullptr;
};

} // namespace sp::ui
