#pragma once
#include "core/cluster/ClusterStats.h"
#include "core/planning/WhatIf.h"

#include <QWidget>

#include <optional>

class QLabel;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QSpinBox;
class QSplitter;
class QStackedWidget;
class QTableView;
class QTimer;

namespace sp {
class JobRunner;
}

namespace sp::ui {

class AppContext;
class RingBalanceChart;
class StrategyBarChart;
class WhatIfModel;

// Planning: the what-if comparison of the three strategies for the loaded cluster (table + bar
// chart: rows/bytes and share moved, skew after, write-stop, steps, risks; real counts when a
// snapshot is loaded) and the ring balance chart (max/mean load vs virtual nodes). Its
// "Plan expansion…" button asks the main window to open the expansion wizard.
// WhatIf::compare runs on a worker thread; a newer request makes older results stale.
class PlanningPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PlanningPage)
public:
    explicit PlanningPage(AppContext *ctx, QWidget *parent = nullptr);
    ~PlanningPage() override;

    // What a worker hands back.
    struct Outcome
    {
        std::optional<planning::WhatIfReport> report;
        QString error;
        QStringList ringNodes; // the ring after the expansion (of the balance series)
        QStringList ringNodesBefore;                       // the ring today (sharded data sources)
        QList<planning::BalancePoint> ringBalanceBefore;   // its balance series (same range)
    };
    // Pure: builds the plan input exactly as `shardctl plan` does and compares the strategies.
    static Outcome compute(const QString &configPath, const ShardingConfig &config,
                           const std::optional<ClusterSnapshot> &snapshot, qint64 rowLimit,
                           int maxVirtualNodes);
    // Virtual nodes per node of the config's CONSISTENT_HASH ring used by a sharded table; 0 if none.
    static int currentVirtualNodes(const ShardingConfig &config);

    WhatIfModel *model() const { return m_model; }
    RingBalanceChart *ringChart() const { return m_ring; }
    StrategyBarChart *barChart() const { return m_bars; }
    bool isBusy() const { return m_busy || m_ringBusy; }
    const std::optional<planning::WhatIfReport> &report() const { return m_report; }
    bool exportJson(const QString &path, QString *error) const;

public slots:
    void recompute();
    void copyAsText();

signals:
    void wizardRequested();
    void computed(); // a new result is shown

protected:
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void scheduleRecompute();
    void showOutcome(const Outcome &outcome, const std::optional<ClusterSnapshot> &snapshot);
    // Where the numbers come from: offline, the snapshot's counts (exact or estimates), or partial
    // counts naming the sources without them.
    static QString basisText(const planning::WhatIfReport &report,
                             const std::optional<ClusterSnapshot> &snapshot);
    void showNoConfig();
    void setBusy(bool busy);
    void updateBusyIndicator();
    void recomputeRing(); // only the balance series, for a new virtual-node range
    void showRing(const QList<planning::BalancePoint> &series, const QList<planning::BalancePoint> &before);
    void chooseExportFile();

    AppContext *m_ctx;
    WhatIfModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QStackedWidget *m_stack = nullptr;
    QLabel *m_basis = nullptr;
    QLabel *m_error = nullptr;
    QProgressBar *m_busyBar = nullptr;
    QPushButton *m_recomputeButton = nullptr;
    QPushButton *m_copyButton = nullptr;
    QPushButton *m_exportButton = nullptr;
    QSpinBox *m_maxVirtualNodes = nullptr;
    QTableView *m_view = nullptr;
    StrategyBarChart *m_bars = nullptr;
    RingBalanceChart *m_ring = nullptr;
    QSplitter *m_charts = nullptr; // the charts: side by side on a wide page, stacked on a narrow one
    QTimer *m_debounce = nullptr;
    std::optional<planning::WhatIfReport> m_report;
    QStringList m_ringNodes;
    QStringList m_ringNodesBefore;
    QList<planning::BalancePoint> m_ringBalanceBefore;
    JobRunner *m_compareRunner;
    JobRunner *m_ringRunner;
    bool m_busy = false;
    bool m_ringBusy = false;
    bool m_dirty = true; // a change arrived while the page was hidden
};

} // namespace sp::ui
