#pragma once
#include "core/health/HealthVerdict.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QSortFilterProxyModel>

namespace sp::ui {

// The verdict changes the Health page lists (time, data source, from -> to, why), fed with a
// snapshot of the history's events and the controller's new ones; no I/O here.
class HealthEventModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HealthEventModel)
public:
    enum Columns
    {
        TimeColumn,
        DataSourceColumn,
        ChangeColumn,
        ReasonColumn,
        ColumnCount
    };
    enum Roles
    {
        TimeRole = Qt::UserRole,
        DataSourceRole,
        ToVerdictRole,
        RunIdRole
    };
    static constexpr int kMaxEvents = 5000; // the newest are kept

    explicit HealthEventModel(QObject *parent = nullptr);

    void resetData(const QList<health::HealthEvent> &events);
    void append(const health::HealthEvent &event);
    const QList<health::HealthEvent> &events() const { return m_events; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString timeText(const QDateTime &t); // local time to the second

private:
    QList<health::HealthEvent> m_events;
};

// The events of one data source in a time window (the History page's red stretch), or all of them.
class HealthEventFilter final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HealthEventFilter)
public:
    explicit HealthEventFilter(QObject *parent = nullptr);
    // Empty data source: every one; an invalid bound leaves that side open.
    void setScope(const QString &dataSource, const QDateTime &from, const QDateTime &to);
    void clearScope() { setScope({}, {}, {}); }
    bool isScoped() const { return !m_dataSource.isEmpty() || m_from.isValid() || m_to.isValid(); }
    const QString &dataSource() const { return m_dataSource; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_dataSource;
    QDateTime m_from;
    QDateTime m_to;
};

} // namespace sp::ui
