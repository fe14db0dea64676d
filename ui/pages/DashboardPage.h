#pragma once
#include "core/analysis/SkewStats.h"
#include "core/config/ShardingConfig.h"
#include "core/cluster/ClusterStats.h"
#include "core/cluster/Inspector.h"
#include "core/job/Job.h"

#include <QWidget>

class QCheckBox;
class QChartView;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSlider;
class QTimer;

namespace sp::ui {

class AppContext;
class HeatmapModel;
class HeatmapWidget;
class SkewPanel;

// The inspection a refresh runs on a worker thread (replaceable in tests): must honour
// job.isCancelled() and may report job.progress().
using InspectFn = std::function<ClusterSnapshot(const ShardingConfig &config, const QString &configPath,
                                                const InspectionOptions &options, JobControl &job)>;

// Shard dashboard: heatmap of one logic table (or all), rows per data source as a bar chart, skew
// figures with verdicts, and Refresh (F5) / auto-refresh running the inspection off the UI thread.
class DashboardPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DashboardPage)
public:
    explicit DashboardPage(AppContext *ctx, QWidget *parent = nullptr);
    ~DashboardPage() override;

    JobRunner *runner() const { return m_runner; }
    void setInspectFunction(InspectFn fn) { m_inspect = std::move(fn); }
    // Store each snapshot in the cluster's StatsHistory (on the worker thread). Default on.
    void setRecordHistory(bool on) { m_recordHistory = on; }
    HeatmapModel *heatmapModel() const { return m_model; }
    // Skew of one logic table over its configured data nodes (unknown counts included as such).
    static SkewStats skewFor(const ShardingConfig &config, const ClusterSnapshot &snapshot,
                             const QString &logicTable);

public slots:
    void refresh();
    void cancelRefresh();
    // The health page's link: the data source's rows and growth in the details panel.
    void focusDataSource(const QString &dataSource);

signals:
    // "Health of this data source": the selected node's data source on the health page.
    void healthRequested(const QString &dataSource);

private:
    void onConfigChanged();
    void onSnapshotChanged();
    void updateView();
    void updateChart();
    void updateSkew();
    void updateStatus();
    void updateNodeDetails();
    void updateBaseline();
    void applyPreferences();
    void showNode(const sp::DataNode &node);
    QString currentTable() const;

    AppContext *m_ctx;
    JobRunner *m_runner;
    InspectFn m_inspect;
    bool m_recordHistory = true;
    HeatmapModel *m_model;
    QComboBox *m_tableCombo = nullptr;
    QComboBox *m_metricCombo = nullptr;
    QComboBox *m_colourScale = nullptr;
    QCheckBox *m_logScale = nullptr;
    QSlider *m_brightness = nullptr;
    QSlider *m_contrast = nullptr;
    HeatmapWidget *m_heatmap = nullptr;
    QChartView *m_chart = nullptr;
    SkewPanel *m_skew = nullptr;
    QLabel *m_nodeDetails = nullptr;
    QPushButton *m_healthLink = nullptr;
    QString m_focusDataSource;
    bool m_dataSourceFocused = false; // shown by focusDataSource() rather than a clicked cell
    QLabel *m_status = nullptr;
    QLabel *m_instances = nullptr;
    QLabel *m_baseline = nullptr;
    QPushButton *m_setBaseline = nullptr;
    QPushButton *m_refresh = nullptr;
    QPushButton *m_cancel = nullptr;
    QCheckBox *m_exact = nullptr;
    QProgressBar *m_progress = nullptr;
    QTimer *m_autoRefresh = nullptr;
    std::function<void()> m_idle;
};

} // namespace sp::ui
