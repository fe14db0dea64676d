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
