#include "ui/models/TopologyFilterModel.h"

#include "ui/models/TopologyModel.h"

#include <QCollator>

namespace sp::ui {

TopologyFilterModel::TopologyFilterModel(QObject *parent) : QSortFilterProxyModel(parent)
{
    setRecursiveFilteringEnabled(true);
    setAutoAcceptChildRows(true);
    setFilterCaseSensitivity(Qt::CaseInsensitive);
    setFilterKeyColumn(TopologyModel::NameColumn);
}

void TopologyFilterModel::setProblemsOnly(bool on)
{
    if (on == m_problemsOnly)
        return;
    m_problemsOnly = on;
    // A parent with problems should not drag in its healthy children.
    setAutoAcceptChildRows(!on);
    invalidateFilter();
}

bool TopologyFilterModel::isFiltering() const
{
    return m_problemsOnly || !filterRegularExpression().pattern().isEmpty();
}

TopologyFilterModel::Sum TopologyFilterModel::visibleSum(const QModelIndex &proxyParent) const
{
    Sum sum;
    for (int r = 0; r < rowCount(proxyParent); ++r) {
        const QModelIndex child = index(r, 0, proxyParent);
        Sum part;
        if (hasChildren(child)) {
            part = visibleSum(child);
        } else {
            const QModelIndex src = mapToSource(child);
            part.rows = src.data(TopologyModel::RowsRole).toLongLong();
            part.bytes = src.data(TopologyModel::BytesRole).toLongLong();
            const auto status = src.data(TopologyModel::StatusRole).value<TopologyModel::Status>();
            part.partial = part.rows < 0 && status != TopologyModel::Status::NotInspected &&
                           status != TopologyModel::Status::MissingTable;
        }
        if (part.rows >= 0)
            sum.rows = std::max<qint64>(0, sum.rows) + part.rows;
        if (part.bytes >= 0)
            sum.bytes = std::max<qint64>(0, sum.bytes) + part.bytes;
        sum.partial = sum.partial || part.partial;
    }
    return sum;
}

QVariant TopologyFilterModel::data(const QModelIndex &index, int role) const
{
    const int column = index.column();
    const bool figures = column == TopologyModel::RowsColumn || column == TopologyModel::SizeColumn;
    if (!isFiltering() || !index.isValid() ||
        !(role == TopologyModel::RowsRole || role == TopologyModel::BytesRole ||
          role == TopologyModel::RowsPartialRole || (role == Qt::DisplayRole && figures)))
        return QSortFilterProxyModel::data(index, role);
    const QModelIndex first = index.siblingAtColumn(0);
    if (!hasChildren(first))
        return QSortFilterProxyModel::data(index, role);
    const Sum sum = visibleSum(first);
    const bool partial = sum.rows >= 0 && sum.partial;
    switch (role) {
    case TopologyModel::RowsRole:
        return sum.rows;
    case TopologyModel::BytesRole:
        return sum.bytes;
    case TopologyModel::RowsPartialRole:
        return partial;
    default:
        return column == TopologyModel::RowsColumn ? TopologyModel::rowsText(sum.rows, partial)
                                                   : TopologyModel::sizeText(sum.bytes, partial);
    }
}

bool TopologyFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (m_problemsOnly) {
        const QModelIndex idx = sourceModel()->index(sourceRow, 0, sourceParent);
        const auto status = idx.data(TopologyModel::StatusRole).value<TopologyModel::Status>();
        if (!TopologyModel::isProblem(status))
            return false;
    }
    return QSortFilterProxyModel::filterAcceptsRow(sourceRow, sourceParent);
}

bool TopologyFilterModel::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    if (left.column() == TopologyModel::RowsColumn || left.column() == TopologyModel::SizeColumn) {
        const int role = left.column() == TopologyModel::RowsColumn ? TopologyModel::RowsRole
                                                                     : TopologyModel::BytesRole;
        return left.data(role).toLongLong() < right.data(role).toLongLong();
    }
    // Natural order so t_2 sorts before t_10.
    static const QCollator collator = [] {
        QCollator c;
        c.setNumericMode(true);
        c.setCaseSensitivity(Qt::CaseInsensitive);
        return c;
    }();
    return collator.compare(left.data().toString(), right.data().toString()) < 0;
}

} // namespace sp::ui
