#pragma once
#include "core/cluster/ClusterStats.h"
#include "core/cluster/StatsHistory.h"
#include "core/config/ShardingConfig.h"

#include <QAbstractTableModel>
#include <QList>
#include <QStringList>

#include <optional>

namespace sp::ui {

// A matrix of one metric per data node: rows = data sources, columns = the n-th physical table of
// that data source, for one logic table; or, for the compact all-tables view, rows = "table · ds".
// Built from the config, the latest snapshot and the baseline growth is measured from; no I/O. Cells
// without a data node are "absent"; nodes without a known value are "unknown" (NaN); a growth whose
// counts are not comparable (exact vs estimate, estimates across a restart) is NaN too and says why.
class HeatmapModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HeatmapModel)
public:
    enum class Metric { Rows, Bytes, Growth };
    Q_ENUM(Metric)
    // How a cell is coloured: its value over the mean of its logic table (tables of every size show
    // their skew side by side), or the value itself on one scale for all. Growth is always absolute.
    enum class ColourScale
    {
        TableMean,
        Absolute
    };
    Q_ENUM(ColourScale)
    enum Roles {
        ValueRole = Qt::UserRole + 1, // double; invalid QVariant when unknown or absent
        NodeRole,                     // "ds.table"; invalid when absent
        LogicTableRole,               // the row's logic table
        ComparableRole                // Growth: false when the counts cannot be compared (see GrowthBasis)
    };

    explicit HeatmapModel(QObject *parent = nullptr);

    // logicTable empty: every sharded logic table (compact view). Growth is measured from `baseline`.
    void resetData(const ShardingConfig &config, const std::optional<ClusterSnapshot> &current,
                   const std::optional<ClusterSnapshot> &baseline, const QString &logicTable);
    void setMetric(Metric metric);
    Metric metric() const { return m_metric; }
    void setColourScale(ColourScale scale);
    ColourScale colourScale() const { return m_colourScale; }
    // The scale in effect: TableMean unless Absolute was chosen or the metric is Growth.
    bool relativeToTableMean() const
    {
        return m_colourScale == ColourScale::TableMean && m_metric != Metric::Growth;
    }
    QString logicTable() const { return m_logicTable; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // Fast matrix access for the painter (no QVariant).
    int rows() const { return m_rowLabels.size(); }
    int columns() const { return m_columnLabels.size(); }
    bool hasNode(int r, int c) const { return m_cells.at(r * columns() + c).present; }
    double value(int r, int c) const; // NaN when unknown or absent
    DataNode node(int r, int c) const { return m_cells.at(r * columns() + c).node; }
    // Growth of a node whose counts are both known but not comparable (a change of count source,
    // or estimates across a restart): shown as such, never as a drop.
    bool notComparable(int r, int c) const;
    QDateTime baselineTime() const { return m_baselineAt; }
    const QString &rowLabel(int r) const { return m_rowLabels.at(r); }
    const QString &columnLabel(int c) const { return m_columnLabels.at(c); }
    // First row of each logic table in the compact view (for separators); {0} otherwise.
    const QList<int> &groupStarts() const { return m_groupStarts; }
    double minValue() const { return m_min; } // over known values; 0 when none
    double maxValue() const { return m_max; }
    int knownCells() const { return m_known; }
    // What the colour shows: value(r, c), or value over its logic table's mean (NaN when unknown).
    double colourValue(int r, int c) const { return m_colours.at(r * columns() + c); }
    double colourMin() const { return m_colourMin; } // over known colour values; 0 when none
    double colourMax() const { return m_colourMax; }

    // Exact numbers for a tooltip or a details panel.
    QString describeCell(int r, int c) const;
    static QString formatValue(Metric metric, double v);

    // For benchmarks and tests: fill directly (values NaN = unknown).
    void setMatrix(const QStringList &rowLabels, const QStringList &columnLabels,
                   const QList<double> &values);

private:
    struct Cell
    {
        DataNode node;
        bool present = false;
        qint64 rows = -1;
        qint64 bytes = -1;
        qint64 previousRows = -1;
        TableGrowth::Basis growth = TableGrowth::Basis::Missing;
        double override = 0; // setMatrix() values
        bool useOverride = false;
    };
    void recomputeRange();
    double cellValue(const Cell &cell) const;

    Metric m_metric = Metric::Rows;
    ColourScale m_colourScale = ColourScale::TableMean;
    QString m_logicTable;
    QDateTime m_baselineAt;
    QStringList m_rowLabels;
    QStringList m_columnLabels;
    QStringList m_rowTables;
    QList<Cell> m_cells;
    QList<double> m_values;  // cached per metric
    QList<double> m_colours; // cached per metric and colour scale
    QList<int> m_groupStarts{0};
    double m_min = 0;
    double m_max = 0;
    double m_colourMin = 0;
    double m_colourMax = 0;
    int m_known = 0;
};

} // namespace sp::ui
