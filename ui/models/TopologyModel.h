#pragma once
#include "core/cluster/ClusterStats.h"
#include "core/config/ShardingConfig.h"

#include <QAbstractItemModel>

#include <optional>
#include <vector>

namespace sp::ui {

// Read-only tree of the loaded topology, fed with value snapshots (no I/O):
//   Data sources -> data source -> schema -> physical table
//   Logic tables -> logic table -> data node
// Status comes from the latest cluster snapshot, "not inspected" without one.
class TopologyModel final : public QAbstractItemModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TopologyModel)
public:
    enum Columns { NameColumn, StatusColumn, RowsColumn, SizeColumn, ColumnCount };
    enum Roles
    {
        KindRole = Qt::UserRole + 1, // Kind
        StatusRole,                  // Status
        DataSourceRole,              // data source name (data sources, schemas, tables, data nodes)
        TableRole,                   // physical table name
        LogicTableRole,              // logic table the node belongs to (may be empty)
        RowsRole,                    // qint64, -1 unknown
        BytesRole,                   // qint64 data + index bytes, -1 unknown
        ErrorRole,                   // one line, empty when none
        RowsPartialRole,             // bool: some table below has no count (instance down, count failed)
    };
    enum class Kind { Section, DataSource, Schema, PhysicalTable, LogicTable, DataNode };
    enum class Status {
        NotInspected, // no snapshot yet
        Ok,           // reachable / table exists
        Unreachable,
        AccessDenied, // the server refused the account (wrong password, missing grant)
        ReadOnly,
        MissingTable, // the config names it, the server lacks it
        UnknownTable, // the server has it, the config does not name it
        Mixed,        // a parent whose children are not all Ok
    };
    Q_ENUM(Columns)
    Q_ENUM(Kind)
    Q_ENUM(Status)

    explicit TopologyModel(QObject *parent = nullptr);
    ~TopologyModel() override;

    void resetData(const ShardingConfig &config, const std::optional<ClusterSnapshot> &snapshot);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    static QString statusText(Status s);
    static bool isProblem(Status s);
    // The Rows column's text: "≥ n" when the count is partial, empty when unknown.
    static QString rowsText(qint64 rows, bool partial);
    static QString sizeText(qint64 bytes, bool partial);
    // True when the row counts come from TABLE_ROWS estimates (the header says so).
    bool estimated() const { return m_estimated; }

private:
    struct Node
    {
        Kind kind = Kind::Section;
        QString name;
        QString dataSource;
        QString table;
        QString logicTable;
        Status status = Status::NotInspected;
        qint64 rows = -1;
        qint64 bytes = -1;
        QString error;
        bool partial = false; // rows/bytes leave out a table below without a count
        int parent = -1;
        int row = 0; // position under the parent
        std::vector<int> children;
    };
    static Node makeNode(Kind kind, const QString &name, const QString &dataSource,
                         const QString &logicTable, Status status);
    int addNode(Node n);
    void aggregate(int node);
    const Node *nodeFor(const QModelIndex &index) const;

    std::vector<Node> m_nodes;
    std::vector<int> m_roots;
    bool m_estimated = false;
};

} // namespace sp::ui
