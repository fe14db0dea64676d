#include "ui/planning/MovePairModel.h"

#include "ui/CoreText.h"

#include <QLocale>

namespace sp::ui {

using namespace sp::planning;

MovePairModel::MovePairModel(QObject *parent) : QAbstractTableModel(parent) {}

void MovePairModel::resetData(const ExpansionPlan &plan)
{
    beginResetModel();
    m_rows.clear();
    for (const TablePlan &t : plan.tables)
        for (const MovePair &p : t.pairs)
            m_rows.append(Row{t.logicTable, p});
    endResetModel();
}

void MovePairModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

int MovePairModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int MovePairModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

qint64 MovePairModel::rowsOf(const MovePair &p)
{
    return p.rows();
}

QVariant MovePairModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size() || index.column() >= ColumnCount)
        return {};
    const Row &r = m_rows.at(index.row());
    const MovePair &p = r.pair;
    const QLocale locale;
    if (role == LogicTableRole)
        return r.logicTable;
    if (role == SortRole) {
        switch (index.column()) {
        case ShareColumn:
            return p.share;
        case EstimateColumn:
            return p.estimatedRows;
        case ExactColumn:
            return p.exactRows ? *p.exactRows : qint64(-1);
        default:
            break;
        }
        role = Qt::DisplayRole;
    }
    if (role == Qt::TextAlignmentRole && index.column() >= ShareColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == EstimateColumn && p.estimatedRows >= 0) {
        if (p.errorRows < 0)
            return tr("The key share of the source's rows. No bound: rows sharing a sharding key move together and "
                      "nothing tells how many rows the busiest keys hold. Estimate from a row sample, or count "
                      "exactly.");
        return p.basis == EstimateBasis::KeySample
                   ? tr("From the row sample: the pair's sampled rows over the sampling rate; ± is a 3-sigma bound "
                        "from the sample size.")
                   : tr("The key share of the source's rows; ± is a 3-sigma bound (every key holds one row).");
    }
    if (role == Qt::ToolTipRole && index.column() == PredicateColumn)
        return p.predicate.kind == MovePredicate::Kind::Client
                   ? CoreText::render(p.predicate.clientNote, p.predicate.clientNoteText)
                   : p.predicate.sql();
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case TableColumn:
        return r.logicTable;
    case SourceColumn:
        return p.source.toString();
    case TargetColumn:
        return p.target.toString();
    case PredicateColumn:
        if (p.predicate.kind == MovePredicate::Kind::Client)
            return tr("client-side filter");
        if (p.predicate.kind == MovePredicate::Kind::All)
            return tr("all rows");
        return p.predicate.sql();
    case ShareColumn:
        return QString(locale.toString(p.share * 100.0, 'f', 1) + QLatin1Char('%'));
    case EstimateColumn:
        if (p.estimatedRows < 0)
            return tr("unknown");
        if (p.errorRows > 0)
            return tr("%1 ± %2").arg(locale.toString(p.estimatedRows), locale.toString(p.errorRows));
        if (p.errorRows < 0)
            return tr("≈ %1").arg(locale.toString(p.estimatedRows)); // no bound can be stated
        return locale.toString(p.estimatedRows);
    case ExactColumn:
        return p.exactRows ? locale.toString(*p.exactRows) : QString();
    default:
        return {};
    }
}

QVariant MovePairModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case TableColumn:
        return tr("Logic table");
    case SourceColumn:
        return tr("Source node");
    case TargetColumn:
        return tr("Target node");
    case PredicateColumn:
        return tr("Rows that move");
    case ShareColumn:
        return tr("Share");
    case EstimateColumn:
        return tr("Estimated rows");
    case ExactColumn:
        return tr("Exact rows");
    default:
        return {};
    }
}

} // namespace sp::ui
