#include "ui/health/HealthEventModel.h"

#include "ui/CoreText.h"
#include "ui/health/HealthGrid.h"

namespace sp::ui {

using namespace sp::health;

HealthEventModel::HealthEventModel(QObject *parent) : QAbstractTableModel(parent) {}

QString HealthEventModel::timeText(const QDateTime &t)
{
    return t.isValid() ? t.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) : QString();
}

void HealthEventModel::resetData(const QList<HealthEvent> &events)
{
    beginResetModel();
    m_events = events.size() > kMaxEvents ? events.mid(events.size() - kMaxEvents) : events;
    endResetModel();
}

void HealthEventModel::append(const HealthEvent &event)
{
    if (m_events.size() >= kMaxEvents) {
        beginRemoveRows({}, 0, 0);
        m_events.removeFirst();
        endRemoveRows();
    }
    const int row = int(m_events.size());
    beginInsertRows({}, row, row);
    m_events.append(event);
    endInsertRows();
}

int HealthEventModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_events.size());
}

int HealthEventModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HealthEventModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_events.size())
        return {};
    const HealthEvent &e = m_events.at(index.row());
    switch (role) {
    case TimeRole:
        return e.at;
    case DataSourceRole:
        return e.dataSource;
    case ToVerdictRole:
        return int(e.to);
    case RunIdRole:
        return e.runId;
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (index.column()) {
        case TimeColumn:
            return timeText(e.at);
        case DataSourceColumn:
            return e.dataSource;
        case ChangeColumn:
            return tr("%1 → %2").arg(HealthGrid::verdictText(e.from), HealthGrid::verdictText(e.to));
        case ReasonColumn:
            return CoreText::render(e.reason);
        }
        break;
    case Qt::ForegroundRole:
        if (index.column() == ChangeColumn && e.to != Verdict::Green)
            return HealthGrid::verdictColor(e.to).darker(130);
        break;
    case Qt::DecorationRole:
        if (index.column() == ChangeColumn)
            return HealthGrid::verdictColor(e.to);
        break;
    }
    return {};
}

QVariant HealthEventModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn:
        return tr("Time");
    case DataSourceColumn:
        return tr("Data source");
    case ChangeColumn:
        return tr("Change");
    case ReasonColumn:
        return tr("Why");
    }
    return {};
}

HealthEventFilter::HealthEventFilter(QObject *parent) : QSortFilterProxyModel(parent) {}

void HealthEventFilter::setScope(const QString &dataSource, const QDateTime &from, const QDateTime &to)
{
    m_dataSource = dataSource;
    m_from = from;
    m_to = to;
    invalidateRowsFilter();
}

bool HealthEventFilter::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex i = sourceModel()->index(sourceRow, 0, sourceParent);
    if (!m_dataSource.isEmpty() && i.data(HealthEventModel::DataSourceRole).toString() != m_dataSource)
        return false;
    const QDateTime at = i.data(HealthEventModel::TimeRole).toDateTime();
    if (m_from.isValid() && at < m_from)
        return false;
    if (m_to.isValid() && at > m_to)
        return false;
    return true;
}

} // namespace sp::ui
