#include "ui/models/TopologyModel.h"

#include "core/cluster/ServerState.h"

#include <QApplication>
#include <QHash>
#include <QLocale>
#include <QStyle>

#include <set>

namespace sp::ui {

TopologyModel::Node TopologyModel::makeNode(Kind kind, const QString &name, const QString &dataSource,
                                           const QString &logicTable, Status status)
{
    Node n;
    n.kind = kind;
    n.name = name;
    n.dataSource = dataSource;
    n.logicTable = logicTable;
    n.status = status;
    return n;
}

TopologyModel::TopologyModel(QObject *parent) : QAbstractItemModel(parent) {}

TopologyModel::~TopologyModel() = default;

QString TopologyModel::statusText(Status s)
{
    switch (s) {
    case Status::NotInspected: return tr("not inspected yet");
    case Status::Ok: return tr("ok");
    case Status::Unreachable: return tr("unreachable");
    case Status::AccessDenied: return tr("access denied");
    case Status::ReadOnly: return tr("read-only");
    case Status::MissingTable: return tr("missing table");
    case Status::UnknownTable: return tr("unknown table");
    case Status::Mixed: return tr("has problems");
    }
    return {};
}

bool TopologyModel::isProblem(Status s)
{
    return s == Status::Unreachable || s == Status::AccessDenied || s == Status::ReadOnly || s == Status::MissingTable
        || s == Status::UnknownTable || s == Status::Mixed;
}

int TopologyModel::addNode(Node n)
{
    const int id = int(m_nodes.size());
    if (n.parent >= 0) {
        n.row = int(m_nodes[size_t(n.parent)].children.size());
        m_nodes[size_t(n.parent)].children.push_back(id);
    } else {
        n.row = int(m_roots.size());
        m_roots.push_back(id);
    }
    m_nodes.push_back(std::move(n));
    return id;
}

QString TopologyModel::rowsText(qint64 rows, bool partial)
{
    if (rows < 0)
        return {};
    return partial ? tr("≥ %1").arg(QLocale().toString(rows)) : QLocale().toString(rows);
}

QString TopologyModel::sizeText(qint64 bytes, bool partial)
{
    if (bytes < 0)
        return {};
    return partial ? tr("≥ %1").arg(QLocale().formattedDataSize(bytes)) : QLocale().formattedDataSize(bytes);
}

// Parents sum their children's rows and bytes and turn Mixed when a child has a problem. A sum that
// leaves out an inspected table without a count (instance down, count failed) is partial; a table
// missing on its server holds no rows and leaves nothing out.
void TopologyModel::aggregate(int id)
{
    Node &n = m_nodes[size_t(id)];
    if (n.children.empty())
        return;
    qint64 rows = 0;
    qint64 bytes = 0;
    bool rowsKnown = false;
    bool bytesKnown = false;
    bool problem = false;
    bool inspected = false;
    bool leftOut = false;
    for (int c : n.children) {
        aggregate(c);
        const Node &child = m_nodes[size_t(c)];
        leftOut =
            leftOut || child.partial ||
            (child.rows < 0 && child.status != Status::NotInspected && child.status != Status::MissingTable);
        if (child.rows >= 0) {
            rows += child.rows;
            rowsKnown = true;
        }
        if (child.bytes >= 0) {
            bytes += child.bytes;
            bytesKnown = true;
        }
        problem = problem || isProblem(child.status);
        inspected = inspected || child.status != Status::NotInspected;
    }
    Node &self = m_nodes[size_t(id)]; // children may not reallocate, but keep it obvious
    self.rows = rowsKnown ? rows : -1;
    self.bytes = bytesKnown ? bytes : -1;
    self.partial = rowsKnown && leftOut;
    if (self.kind == Kind::DataSource && self.status != Status::Ok)
        return; // unreachable / read-only / not inspected says more than the children
    if (problem)
        self.status = Status::Mixed;
    else if (inspected && self.status == Status::NotInspected)
        self.status = Status::Ok;
}

void TopologyModel::resetData(const ShardingConfig &config,
                              const std::optional<ClusterSnapshot> &snapshot)
{
    beginResetModel();
    m_nodes.clear();
    m_roots.clear();
    m_estimated = snapshot && !snapshot->exact;

    QHash<QString, const TableStats *> stats;
    QHash<QString, const InstanceHealth *> health;
    if (snapshot) {
        for (const TableStats &t : snapshot->tables)
            stats.insert(t.node.toString(), &t);
        for (const InstanceHealth &h : snapshot->instances)
            health.insert(h.dataSource, &h);
    }
    // Which logic table owns each physical table.
    QHash<QString, QString> owner;
    for (const TableRule &t : config.tables)
        for (const DataNode &n : t.dataNodes)
            owner.insert(n.toString(), t.logicTable);

    auto fillTable = [&](Node &n, const DataNode &dn) {
        n.dataSource = dn.dataSource;
        n.table = dn.table;
        const TableStats *s = stats.value(dn.toString());
        if (!snapshot) {
            n.status = Status::NotInspected;
            return;
        }
        const InstanceHealth *h = health.value(dn.dataSource);
        if (h && !h->reachable) {
            n.status = serverStateOf(*h) == ServerState::AccessDenied ? Status::AccessDenied : Status::Unreachable;
            n.error = h->error;
            return;
        }
        if (!s) {
            n.status = h ? Status::MissingTable : Status::NotInspected;
            return;
        }
        n.rows = s->rows();
        n.bytes = s->dataBytes >= 0 ? s->dataBytes + std::max<qint64>(0, s->indexBytes) : -1;
        n.error = s->error;
        n.status = !s->existsOnServer ? Status::MissingTable
            : !s->knownToConfig       ? Status::UnknownTable
                                      : Status::Ok;
    };

    // Section 1: data sources -> schema -> physical tables.
    const int dsRoot = addNode(makeNode(Kind::Section, tr("Data sources"), QString(), QString(), Status::NotInspected));
    QSet<QString> declared;
    for (const DataSourceDef &ds : config.dataSources) {
        declared.insert(ds.name);
        Node dn = makeNode(Kind::DataSource, ds.name, ds.name, QString(), Status::NotInspected);
        dn.parent = dsRoot;
        if (const InstanceHealth *h = health.value(ds.name)) {
            dn.status = !h->reachable ? (serverStateOf(*h) == ServerState::AccessDenied ? Status::AccessDenied
                                                                                       : Status::Unreachable)
                : h->readOnly         ? Status::ReadOnly
                                      : Status::Ok;
            dn.error = h->error;
        }
        const int dsId = addNode(dn);
        Node schema = makeNode(Kind::Schema, ds.database.isEmpty() ? tr("(default schema)") : ds.database,
                               ds.name, QString(), Status::NotInspected);
        schema.parent = dsId;
        const int schemaId = addNode(schema);
        // Physical tables: those the config names (in config order), then unknown ones found.
        std::set<QString> seen;
        for (const TableRule &t : config.tables) {
            for (const DataNode &n : t.dataNodes) {
                if (n.dataSource != ds.name || !seen.insert(n.table).second)
                    continue;
                Node pt = makeNode(Kind::PhysicalTable, n.table, QString(), t.logicTable, Status::NotInspected);
                pt.parent = schemaId;
                fillTable(pt, n);
                addNode(pt);
            }
        }
        if (snapshot) {
            for (const TableStats &s : snapshot->tables) {
                if (s.node.dataSource != ds.name || !seen.insert(s.node.table).second)
                    continue;
                Node pt = makeNode(Kind::PhysicalTable, s.node.table, QString(), s.logicTable, Status::NotInspected);
                pt.parent = schemaId;
                fillTable(pt, s.node);
                if (config.isBroadcast(s.node.table)) {
                    pt.logicTable = s.node.table; // a broadcast table lives in full on every source
                    if (pt.status == Status::UnknownTable)
                        pt.status = Status::Ok;
                } else if (pt.status == Status::Ok) {
                    pt.status = Status::UnknownTable; // found on the server, not in the config
                }
                addNode(pt);
            }
        }
    }
    // Data nodes naming a data source that is not declared still appear, flagged.
    for (const TableRule &t : config.tables)
        for (const DataNode &n : t.dataNodes)
            if (!declared.contains(n.dataSource)) {
                declared.insert(n.dataSource);
                Node dn = makeNode(Kind::DataSource, n.dataSource, n.dataSource, QString(), Status::Unreachable);
                dn.error = tr("data source is not declared in the config");
                dn.parent = dsRoot;
                addNode(dn);
            }

    // Section 2: logic tables -> data nodes.
    const int ltRoot = addNode(makeNode(Kind::Section, tr("Logic tables"), QString(), QString(), Status::NotInspected));
    for (const TableRule &t : config.tables) {
        Node lt = makeNode(Kind::LogicTable, t.logicTable, QString(), t.logicTable, Status::NotInspected);
        lt.parent = ltRoot;
        const int ltId = addNode(lt);
        for (const DataNode &n : t.dataNodes) {
            Node dn = makeNode(Kind::DataNode, n.toString(), QString(), t.logicTable, Status::NotInspected);
            dn.parent = ltId;
            fillTable(dn, n);
            addNode(dn);
        }
    }
    for (int r : m_roots)
        aggregate(r);
    endResetModel();
}

const TopologyModel::Node *TopologyModel::nodeFor(const QModelIndex &index) const
{
    if (!index.isValid() || index.internalId() >= m_nodes.size())
        return nullptr;
    return &m_nodes[size_t(index.internalId())];
}

QModelIndex TopologyModel::index(int row, int column, const QModelIndex &parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    if (!parent.isValid()) {
        if (size_t(row) >= m_roots.size())
            return {};
        return createIndex(row, column, quintptr(m_roots[size_t(row)]));
    }
    if (parent.column() != 0)
        return {};
    const Node *p = nodeFor(parent);
    if (!p || size_t(row) >= p->children.size())
        return {};
    return createIndex(row, column, quintptr(p->children[size_t(row)]));
}

QModelIndex TopologyModel::parent(const QModelIndex &child) const
{
    const Node *n = nodeFor(child);
    if (!n || n->parent < 0)
        return {};
    const Node &p = m_nodes[size_t(n->parent)];
    return createIndex(p.row, 0, quintptr(n->parent));
}

int TopologyModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_roots.size());
    if (parent.column() != 0)
        return 0;
    const Node *n = nodeFor(parent);
    return n ? int(n->children.size()) : 0;
}

int TopologyModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

static QIcon statusIcon(TopologyModel::Status s)
{
    QStyle *st = QApplication::style();
    switch (s) {
    case TopologyModel::Status::NotInspected: return st->standardIcon(QStyle::SP_MessageBoxQuestion);
    case TopologyModel::Status::Ok: return st->standardIcon(QStyle::SP_DialogApplyButton);
    case TopologyModel::Status::Unreachable: return st->standardIcon(QStyle::SP_MessageBoxCritical);
    case TopologyModel::Status::AccessDenied: return st->standardIcon(QStyle::SP_MessageBoxCritical);
    case TopologyModel::Status::ReadOnly: return st->standardIcon(QStyle::SP_FileDialogInfoView);
    case TopologyModel::Status::MissingTable: return st->standardIcon(QStyle::SP_MessageBoxCritical);
    case TopologyModel::Status::UnknownTable: return st->standardIcon(QStyle::SP_MessageBoxWarning);
    case TopologyModel::Status::Mixed: return st->standardIcon(QStyle::SP_MessageBoxWarning);
    }
    return {};
}

static QIcon kindIcon(TopologyModel::Kind k)
{
    QStyle *st = QApplication::style();
    switch (k) {
    case TopologyModel::Kind::Section: return st->standardIcon(QStyle::SP_DirIcon);
    case TopologyModel::Kind::DataSource: return st->standardIcon(QStyle::SP_DriveHDIcon);
    case TopologyModel::Kind::Schema: return st->standardIcon(QStyle::SP_DirClosedIcon);
    case TopologyModel::Kind::LogicTable: return st->standardIcon(QStyle::SP_FileDialogDetailedView);
    case TopologyModel::Kind::PhysicalTable:
    case TopologyModel::Kind::DataNode: return st->standardIcon(QStyle::SP_FileIcon);
    }
    return {};
}

QVariant TopologyModel::data(const QModelIndex &index, int role) const
{
    const Node *n = nodeFor(index);
    if (!n)
        return {};
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn: return n->name;
        case StatusColumn: return n->kind == Kind::Section ? QString() : statusText(n->status);
        case RowsColumn:
            return rowsText(n->rows, n->partial);
        case SizeColumn:
            return sizeText(n->bytes, n->partial);
        }
        return {};
    case Qt::DecorationRole:
        if (index.column() == NameColumn)
            return kindIcon(n->kind);
        if (index.column() == StatusColumn && n->kind != Kind::Section)
            return statusIcon(n->status);
        return {};
    case Qt::ToolTipRole:
        if ((index.column() == RowsColumn || index.column() == SizeColumn) && n->partial)
            return tr("Partial: a table below has no count (instance down or count failed)");
        return n->error.isEmpty() ? statusText(n->status) : n->error;
    case Qt::TextAlignmentRole:
        if (index.column() == RowsColumn || index.column() == SizeColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case KindRole: return QVariant::fromValue(n->kind);
    case StatusRole: return QVariant::fromValue(n->status);
    case DataSourceRole: return n->dataSource;
    case TableRole: return n->table;
    case LogicTableRole: return n->logicTable;
    case RowsRole: return n->rows;
    case BytesRole: return n->bytes;
    case ErrorRole: return n->error;
    case RowsPartialRole:
        return n->partial;
    }
    return {};
}

QVariant TopologyModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn: return tr("Name");
    case StatusColumn: return tr("Status");
    case RowsColumn:
        return m_estimated ? tr("Rows (estimated)") : tr("Rows");
    case SizeColumn: return tr("Size");
    }
    return {};
}

} // namespace sp::ui
