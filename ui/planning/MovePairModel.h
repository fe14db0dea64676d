#pragma once
#include "core/planning/ExpansionPlan.h"

#include <QAbstractTableModel>

namespace sp::ui {

// Every (source -> target) move pair of a plan, one row each, all logic tables. Fed with a plan
// snapshot; no I/O.
class MovePairModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MovePairModel)
public:
    enum Columns
    {
        TableColumn,
        SourceColumn,
        TargetColumn,
        PredicateColumn,
        ShareColumn,
        EstimateColumn,
        ExactColumn,
        ColumnCount
    };
    enum Roles
    {
        LogicTableRole = Qt::UserRole + 1,
        SortRole
    };

    explicit MovePairModel(QObject *parent = nullptr);

    void resetData(const planning::ExpansionPlan &plan);
    void clear();

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Row value the chart shows: exact rows, else estimated rows, else -1.
    static qint64 rowsOf(const planning::MovePair &p);

private:
    struct Row
    {
        QString logicTable;
        planning::MovePair pair;
    };
    QList<Row> m_rows;
};

} // namespace sp::ui
