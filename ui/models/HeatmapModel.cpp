#include "ui/models/HeatmapModel.h"

#include "ui/TimeFormat.h"

#include <QHash>
#include <QLocale>

#include <cmath>
#include <limits>

namespace sp::ui {

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();

QString shortTableLabel(const QString &logicTable, const QString &table)
{
    const QString prefix = logicTable + QLatin1Char('_');
    if (table.startsWith(prefix, Qt::CaseInsensitive) && table.size() > prefix.size())
        return table.mid(prefix.size());
    return table;
}

} // namespace

HeatmapModel::HeatmapModel(QObject *parent) : QAbstractTableModel(parent) {}

void HeatmapModel::resetData(const ShardingConfig &config, const std::optional<ClusterSnapshot> &current,
                             const std::optional<ClusterSnapshot> &baseline, const QString &logicTable)
{
    beginResetModel();
    m_logicTable = logicTable;
    m_baselineAt = baseline ? baseline->takenAt : QDateTime();
    m_rowLabels.clear();
    m_columnLabels.clear();
    m_rowTables.clear();
    m_cells.clear();
    m_groupStarts.clear();

    QHash<QString, const TableStats *> cur;
    QHash<QString, TableGrowth> growth;
    if (current)
        for (const TableStats &t : current->tables)
            cur.insert(t.node.toString(), &t);
    if (current && baseline)
        for (const TableGrowth &g : StatsHistory::growth(*baseline, *current))
            growth.insert(g.node.toString(), g);

    QList<const TableRule *> rules;
    if (logicTable.isEmpty()) {
        for (const TableRule &t : config.tables)
            if (!t.dataNodes.isEmpty() && !config.isBroadcast(t.logicTable))
                rules.append(&t);
    } else if (const TableRule *t = config.table(logicTable)) {
        rules.append(t);
    }

    struct RowDef
    {
        QString table;
        QString dataSource;
        QList<DataNode> nodes;
    };
    QList<RowDef> defs;
    int columns = 0;
    for (const TableRule *rule : std::as_const(rules)) {
        m_groupStarts.append(int(defs.size()));
        QStringList order;
        QHash<QString, QList<DataNode>> byDs;
        for (const DataNode &n : rule->dataNodes) {
            if (!byDs.contains(n.dataSource))
                order.append(n.dataSource);
            byDs[n.dataSource].append(n);
        }
        for (const QString &ds : std::as_const(order)) {
            defs.append({rule->logicTable, ds, byDs.value(ds)});
            columns = std::max(columns, int(byDs.value(ds).size()));
        }
    }
    if (m_groupStarts.isEmpty())
        m_groupStarts.append(0);

    const bool compact = logicTable.isEmpty();
    for (const RowDef &d : std::as_const(defs)) {
        m_rowLabels.append(compact ? d.table + QStringLiteral(" · ") + d.dataSource : d.dataSource);
        m_rowTables.append(d.table);
    }
    for (int c = 0; c < columns; ++c) {
        QString label;
        bool uniform = !compact;
        for (const RowDef &d : std::as_const(defs)) {
            if (c >= d.nodes.size())
                continue;
            const QString l = shortTableLabel(d.table, d.nodes.at(c).table);
            if (label.isEmpty())
                label = l;
            else if (label != l)
                uniform = false;
        }
        m_columnLabels.append(uniform && !label.isEmpty() ? label : QStringLiteral("#%1").arg(c));
    }
    m_cells.resize(qsizetype(defs.size()) * columns);
    for (int r = 0; r < defs.size(); ++r) {
        const RowDef &d = defs.at(r);
        for (int c = 0; c < d.nodes.size(); ++c) {
            Cell &cell = m_cells[r * columns + c];
            cell.node = d.nodes.at(c);
            cell.present = true;
            const QString key = cell.node.toString();
            if (const TableStats *t = cur.value(key)) {
                if (t->existsOnServer && t->error.isEmpty()) {
                    cell.rows = t->rows();
                    if (t->dataBytes >= 0)
                        cell.bytes = t->dataBytes + std::max<qint64>(0, t->indexBytes);
                } else if (t->existsOnServer) {
                    cell.rows = t->rows(); // estimate still known although the count failed
                }
            }
            const auto g = growth.constFind(key);
            if (g != growth.cend()) {
                cell.previousRows = g->previousRows;
                cell.growth = g->basis;
            }
        }
    }
    recomputeRange();
    endResetModel();
}

void HeatmapModel::setMatrix(const QStringList &rowLabels, const QStringList &columnLabels,
                             const QList<double> &values)
{
    beginResetModel();
    m_logicTable.clear();
    m_rowLabels = rowLabels;
    m_columnLabels = columnLabels;
    m_rowTables = QStringList();
    for (int i = 0; i < rowLabels.size(); ++i)
        m_rowTables.append(QString());
    m_groupStarts = {0};
    m_cells.clear();
    m_cells.resize(qsizetype(rowLabels.size()) * columnLabels.size());
    for (qsizetype i = 0; i < m_cells.size() && i < values.size(); ++i) {
        Cell &cell = m_cells[i];
        cell.present = true;
        cell.node = {m_rowLabels.at(int(i / columnLabels.size())),
                     m_columnLabels.at(int(i % columnLabels.size()))};
        cell.useOverride = true;
        cell.override = values.at(i);
    }
    recomputeRange();
    endResetModel();
}

void HeatmapModel::setMetric(Metric metric)
{
    if (metric == m_metric)
        return;
    beginResetModel();
    m_metric = metric;
    recomputeRange();
    endResetModel();
}

void HeatmapModel::setColourScale(ColourScale scale)
{
    if (scale == m_colourScale)
        return;
    beginResetModel();
    m_colourScale = scale;
    recomputeRange();
    endResetModel();
}

double HeatmapModel::cellValue(const Cell &cell) const
{
    if (!cell.present)
        return kNaN;
    if (cell.useOverride)
        return cell.override;
    switch (m_metric) {
    case Metric::Rows:
        return cell.rows >= 0 ? double(cell.rows) : kNaN;
    case Metric::Bytes:
        return cell.bytes >= 0 ? double(cell.bytes) : kNaN;
    case Metric::Growth: {
        TableGrowth g;
        g.basis = cell.growth;
        g.previousRows = cell.previousRows;
        g.currentRows = cell.rows;
        return g.comparable() ? double(g.delta()) : kNaN;
    }
    }
    return kNaN;
}

bool HeatmapModel::notComparable(int r, int c) const
{
    const Cell &cell = m_cells.at(r * columns() + c);
    return cell.present && !cell.useOverride
        && (cell.growth == TableGrowth::Basis::SourceChanged || cell.growth == TableGrowth::Basis::Restarted);
}

void HeatmapModel::recomputeRange()
{
    m_values.resize(m_cells.size());
    m_known = 0;
    m_min = std::numeric_limits<double>::max();
    m_max = std::numeric_limits<double>::lowest();
    for (qsizetype i = 0; i < m_cells.size(); ++i) {
        const double v = cellValue(m_cells.at(i));
        m_values[i] = v;
        if (std::isnan(v))
            continue;
        ++m_known;
        m_min = std::min(m_min, v);
        m_max = std::max(m_max, v);
    }
    if (m_known == 0)
        m_min = m_max = 0;

    // Colours: relative to the mean of the row's logic table over its known cells.
    m_colours = m_values;
    if (relativeToTableMean()) {
        QHash<QString, std::pair<double, int>> sums; // logic table -> (sum, known cells)
        const int cols = columns();
        for (qsizetype i = 0; i < m_values.size(); ++i) {
            if (std::isnan(m_values.at(i)))
                continue;
            auto &sum = sums[m_rowTables.value(int(i / cols))];
            sum.first += m_values.at(i);
            ++sum.second;
        }
        for (qsizetype i = 0; i < m_colours.size(); ++i) {
            const double v = m_values.at(i);
            if (std::isnan(v))
                continue;
            const auto sum = sums.value(m_rowTables.value(int(i / cols)));
            const double mean = sum.second > 0 ? sum.first / sum.second : 0;
            m_colours[i] = mean > 0 ? v / mean : 1.0; // an empty table is balanced
        }
    }
    m_colourMin = std::numeric_limits<double>::max();
    m_colourMax = std::numeric_limits<double>::lowest();
    for (double v : std::as_const(m_colours)) {
        if (std::isnan(v))
            continue;
        m_colourMin = std::min(m_colourMin, v);
        m_colourMax = std::max(m_colourMax, v);
    }
    if (m_known == 0)
        m_colourMin = m_colourMax = 0;
}

double HeatmapModel::value(int r, int c) const
{
    return m_values.at(r * columns() + c);
}

int HeatmapModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : rows();
}

int HeatmapModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : columns();
}

QVariant HeatmapModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int r = index.row();
    const int c = index.column();
    const Cell &cell = m_cells.at(r * columns() + c);
    const double v = value(r, c);
    switch (role) {
    case Qt::DisplayRole:
        if (!cell.present)
            return {};
        if (std::isnan(v) && m_metric == Metric::Growth && notComparable(r, c))
            return tr("not comparable");
        return std::isnan(v) ? tr("unknown") : formatValue(m_metric, v);
    case Qt::ToolTipRole:
        return cell.present ? describeCell(r, c) : QVariant();
    case ValueRole:
        return std::isnan(v) ? QVariant() : QVariant(v);
    case NodeRole:
        return cell.present ? QVariant(cell.node.toString()) : QVariant();
    case LogicTableRole:
        return m_rowTables.value(r);
    case ComparableRole:
        return !notComparable(r, c);
    default:
        return {};
    }
}

QVariant HeatmapModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || section < 0)
        return {};
    if (orientation == Qt::Horizontal)
        return section < columns() ? QVariant(m_columnLabels.at(section)) : QVariant();
    return section < rows() ? QVariant(m_rowLabels.at(section)) : QVariant();
}

QString HeatmapModel::formatValue(Metric metric, double v)
{
    const QLocale locale;
    switch (metric) {
    case Metric::Rows:
        return locale.toString(qint64(std::llround(v)));
    case Metric::Bytes:
        return locale.formattedDataSize(qint64(std::llround(v)));
    case Metric::Growth: {
        const QString n = locale.toString(qint64(std::llround(v)));
        return v > 0 ? QLatin1Char('+') + n : n;
    }
    }
    return {};
}

QString HeatmapModel::describeCell(int r, int c) const
{
    const Cell &cell = m_cells.at(r * columns() + c);
    if (!cell.present)
        return {};
    const QLocale locale;
    QStringList lines{QStringLiteral("<b>%1</b>").arg(cell.node.toString().toHtmlEscaped())};
    if (cell.useOverride) {
        lines.append(tr("Value: %1").arg(locale.toString(cell.override, 'f', 0)));
        return lines.join(QStringLiteral("<br>"));
    }
    lines.append(cell.rows >= 0 ? tr("Rows: %1").arg(locale.toString(cell.rows))
                                : tr("Rows: unknown (table missing, instance down or not inspected)"));
    if (cell.bytes >= 0)
        lines.append(tr("Size: %1 (%2 bytes)")
                         .arg(locale.formattedDataSize(cell.bytes), locale.toString(cell.bytes)));
    const QString since = timestampText(m_baselineAt);
    switch (cell.growth) {
    case TableGrowth::Basis::Exact:
    case TableGrowth::Basis::Estimate:
        lines.append(tr("Growth since %1 (baseline): %2")
                         .arg(since, formatValue(Metric::Growth, double(cell.rows - cell.previousRows))));
        break;
    case TableGrowth::Basis::SourceChanged:
        lines.append(tr("Growth since %1 (baseline): not comparable, one count is exact and the other an "
                        "InnoDB estimate (%2 then, %3 now)")
                         .arg(since, locale.toString(cell.previousRows), locale.toString(cell.rows)));
        break;
    case TableGrowth::Basis::Restarted:
        lines.append(tr("Growth since %1 (baseline): not comparable, the instance restarted since and InnoDB "
                        "re-read its estimates (%2 then, %3 now); count exactly or set a new baseline")
                         .arg(since, locale.toString(cell.previousRows), locale.toString(cell.rows)));
        break;
    case TableGrowth::Basis::Missing:
    case TableGrowth::Basis::Unknown:
        break;
    }
    if (m_metric == Metric::Rows && cell.rows >= 0 && m_known > 0) {
        double total = 0;
        for (int cc = 0; cc < columns(); ++cc)
            for (int rr = 0; rr < rows(); ++rr)
                if (m_rowTables.value(rr) == m_rowTables.value(r) && !std::isnan(value(rr, cc)))
                    total += value(rr, cc);
        if (total > 0)
            lines.append(tr("Share of the logic table: %1 %").arg(locale.toString(100.0 * cell.rows / total, 'f', 1)));
    }
    if (relativeToTableMean() && !std::isnan(colourValue(r, c)))
        lines.append(tr("%1 × the mean of its logic table").arg(locale.toString(colourValue(r, c), 'f', 2)));
    return lines.join(QStringLiteral("<br>"));
}

} // namespace sp::ui
