#pragma once
#include "core/health/HealthVerdict.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QScrollArea;
class QTabWidget;
class QTableView;
class QTimer;

namespace sp {
class JobRunner;
}

namespace sp::ui {

class AppContext;
class HealthChart;
class HealthController;
class HealthEventFilter;
class HealthEventModel;
class HealthGrid;
class Settings;

// Shard health: one row per data source with its verdict, sparklines of the last 15 minutes (QPS,
// threads running, lag) and the numbers now; below, the selected data source's details (every
// metric, the findings in words, its largest tables' growth) and full charts. Sampling starts when
// the page is first shown for a config and goes on in the background (the window title and the
// navigation show the worst verdict), also after another config is opened or the config is
// reloaded; Pause freezes the picture for reading while the samples are still taken and stored in
// the history database. The migration run the console follows (AppContext::runDir) is said on top
// and taken into the verdicts (a write stop is yellow, the run's load is named as the run's); every
// verdict change is listed under "Verdict changes" (the history's events, also `shardctl health
// --events`), which the History page's red stretches open.
class HealthPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HealthPage)
public:
    explicit HealthPage(AppContext *ctx, QWidget *parent = nullptr);
    ~HealthPage() override;

    // The settings the page reads and writes (thresholds, interval, monitor account); may be null
    // (defaults, nothing stored).
    void setSettings(Settings *settings);
    // Samples go to the cluster's history database. Default on.
    void setRecordHistory(bool on) { m_recordHistory = on; }

    HealthController *controller() const { return m_controller; }
    HealthGrid *grid() const { return m_grid; }
    HealthChart *chart() const { return m_chart; }
    bool isPaused() const { return m_paused; }
    health::Verdict worst() const;
    QString selectedDataSource() const;
    HealthEventModel *eventModel() const { return m_events; }
    HealthEventFilter *eventFilter() const { return m_eventFilter; }
    QTableView *eventView() const { return m_eventView; }
    // The events read from the history file last (tests wait for it).
    bool eventsLoaded() const { return m_eventsLoaded; }

public slots:
    void startMonitoring();
    void stopMonitoring();
    void setPaused(bool paused);
    void selectDataSource(const QString &dataSource);
    void showSettingsDialog();
    // The verdict changes of `dataSource` between `from` and `to` (a red stretch of the History
    // page), on the "Verdict changes" tab; an empty data source: all of them.
    void showEvents(const QString &dataSource, const QDateTime &from = {}, const QDateTime &to = {});

signals:
    void worstChanged(sp::health::Verdict worst);
    void heatmapRequested(const QString &dataSource);
    void storeMonitorPasswordRequested(const QString &user);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void onConfigChanged();
    void scheduleRefresh();
    void refreshView();
    void updateDetails();
    void updateStatus();
    void updateRun();
    void loadEvents();
    void updateEventScope();

    AppContext *m_ctx;
    Settings *m_settings = nullptr;
    HealthController *m_controller;
    HealthGrid *m_grid = nullptr;
    HealthChart *m_chart = nullptr;
    QScrollArea *m_gridScroll = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_notes = nullptr;
    QLabel *m_details = nullptr;
    QPushButton *m_pause = nullptr;
    QPushButton *m_start = nullptr;
    QPushButton *m_heatmap = nullptr;
    QLabel *m_run = nullptr;
    QTabWidget *m_tabs = nullptr;
    HealthEventModel *m_events = nullptr;
    HealthEventFilter *m_eventFilter = nullptr;
    QTableView *m_eventView = nullptr;
    QLabel *m_eventScope = nullptr;
    QPushButton *m_eventsAll = nullptr;
    JobRunner *m_eventReader = nullptr;
    bool m_eventsLoaded = false;
    QString m_configPath; // the config the rows and events are of
    QTimer *m_coalesce = nullptr;
    bool m_paused = false;
    bool m_recordHistory = true;
    bool m_startedForConfig = false;
};

} // namespace sp::ui
