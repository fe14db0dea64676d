#pragma once
#include <QAbstractTableModel>
#include <QList>
#include <QString>

namespace sp::ui {

// One routed key: where it goes under the loaded config and, when comparing, under a second one.
struct RouteRow
{
    QString key;
    QString target;        // "ds.table", or empty when routing failed
    QString error;         // why routing failed
    QString afterTarget;   // compare mode only
    QString afterError;
    bool moved() const { return !afterTarget.isEmpty() && !target.isEmpty() && afterTarget != target; }
};

struct RouteTable
{
    QList<RouteRow> rows;
    bool compared = false; // the "after" column is meaningful
};

// Thin table model over a RouteTable (no routing inside).
class RouteModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RouteModel)
public:
    enum Columns { KeyColumn, TargetColumn, AfterColumn, ColumnCount };
    enum Roles { MovedRole = Qt::UserRole + 1, ErrorRole, TargetRole, AfterTargetRole };
    Q_ENUM(Columns)

    explicit RouteModel(QObject *parent = nullptr);

    void resetData(const RouteTable &table);
    const RouteTable &table() const { return m_table; }
    int movedCount() const;
    // The key as the table shows it: quoted when it starts or ends with a blank.
    static QString displayKey(const QString &key);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    RouteTable m_table;
};

} // namespace sp::ui
