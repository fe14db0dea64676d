#pragma once
#include <QSortFilterProxyModel>

namespace sp::ui {

// Filter for TopologyModel: case-insensitive text on the name column, recursive (a match keeps its
// ancestors, a matching parent keeps its children), and optionally "problems only".
class TopologyFilterModel final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TopologyFilterModel)
public:
    explicit TopologyFilterModel(QObject *parent = nullptr);

    void setProblemsOnly(bool on);
    bool problemsOnly() const { return m_problemsOnly; }
    bool isFiltering() const;

    // Under a filter, a parent's rows and size are the sums of what the filter shows below it.
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    struct Sum
    {
        qint64 rows = -1;
        qint64 bytes = -1;
        bool partial = false;
    };
    Sum visibleSum(const QModelIndex &proxyParent) const;

    bool m_problemsOnly = false;
};

} // namespace sp::ui
