#include "ui/models/RouteModel.h"

#include <QBrush>
#include <QColor>

namespace sp::ui {

RouteModel::RouteModel(QObject *parent) : QAbstractTableModel(parent) {}

QString RouteModel::displayKey(const QString &key)
{
    // Leading or trailing blanks are part of the key: quote it so they can be seen.
    if (!key.isEmpty() && (key.front().isSpace() || key.back().isSpace()))
        return QLatin1Char('"') + key + QLatin1Char('"');
    return key;
}

void RouteModel::resetData(const RouteTable &table)
{
    beginResetModel();
    m_table = table;
    endResetModel();
}

int RouteModel::movedCount() const
{
    int n = 0;
    for (const RouteRow &r : m_table.rows)
        n += r.moved() ? 1 : 0;
    return n;
}

int RouteModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_table.rows.size());
}

int RouteModel::columnCount(const QModelIndex &parent) const
{
    if (parent.isValid())
        return 0;
    return m_table.compared ? ColumnCount : AfterColumn;
}

QVariant RouteModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const RouteRow &r = m_table.rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (index.column()) {
        case KeyColumn:
            return displayKey(r.key);
        case TargetColumn: return r.target.isEmpty() ? tr("error: %1").arg(r.error) : r.target;
        case AfterColumn:
            return r.afterTarget.isEmpty() ? tr("error: %1").arg(r.afterError) : r.afterTarget;
        }
        return {};
    case Qt::ForegroundRole:
        if ((index.column() == TargetColumn && r.target.isEmpty())
            || (index.column() == AfterColumn && r.afterTarget.isEmpty()))
            return QBrush(QColor(0xb0, 0x00, 0x00));
        return {};
    case Qt::BackgroundRole:
        if (r.moved())
            return QBrush(QColor(0xff, 0xe8, 0xa0));
        return {};
    case MovedRole: return r.moved();
    case ErrorRole: return index.column() == AfterColumn ? r.afterError : r.error;
    case TargetRole: return r.target;
    case AfterTargetRole: return r.afterTarget;
    }
    return {};
}

QVariant RouteModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KeyColumn: return tr("Key");
    case TargetColumn: return m_table.compared ? tr("Data node (before)") : tr("Data node");
    case AfterColumn: return tr("Data node (after)");
    }
    return {};
}

} // namespace sp::ui
