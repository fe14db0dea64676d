#pragma once
#include "core/planning/WhatIf.h"

#include <QAbstractTableModel>
#include <QList>

namespace sp::ui {

// The what-if comparison as a table: one row per strategy (mod-double, dual-master, ring), filled
// from a WhatIfReport. Display text is formatted ("—" for unknown values); SortRole gives numbers.
class WhatIfModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WhatIfModel)
public:
    enum Column
    {
        StrategyColumn,
        FeasibleColumn,
        NodesColumn,
        RowsMovedColumn,
        BytesMovedColumn,
        ShareMovedColumn,
        ShareCopiedColumn,
        RowsCopiedColumn,
        SkewAfterColumn,
        WriteStopColumn,
        StepsColumn,
        RisksColumn,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole, // numbers (unknown: -1), or text
        StrategyRole,            // int(StrategyId)
    };

    explicit WhatIfModel(QObject *parent = nullptr);

    void resetData(const QList<planning::WhatIfRow> &rows);
    const QList<planning::WhatIfRow> &rows() const { return m_rows; }

    static QString strategyTitle(planning::StrategyId id); // translated display name
    static QString unknownText();                          // "—"

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString displayText(const planning::WhatIfRow &r, int column) const;
    QVariant sortValue(const planning::WhatIfRow &r, int column) const;
    QString toolTip(const planning::WhatIfRow &r, int column) const;

    QList<planning::WhatIfRow> m_rows;
};

} // namespace sp::ui
