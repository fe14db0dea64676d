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

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    bool m_problemsOnly = false;
};

} // namespace sp::ui
