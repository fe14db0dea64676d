#include "ui/models/WhatIfModel.h"

#include "ui/CoreText.h"

#include <QBrush>
#include <QColor>
#include <QLocale>

namespace sp::ui {

using planning::StrategyId;
using planning::WhatIfRow;

WhatIfModel::WhatIfModel(QObject *parent) : QAbstractTableModel(parent) {}

void WhatIfModel::resetData(const QList<WhatIfRow> &rows)
{
    beginResetModel();
    m_rows = rows;
    endResetModel();
}

QString WhatIfModel::strategyTitle(StrategyId id)
{
    switch (id) {
    case StrategyId::ModDouble:
        return tr("Modulo doubling");
    case StrategyId::Remap:
        return tr("Modulo remap");
    case StrategyId::DualMaster:
        return tr("Dual-master doubling");
    case StrategyId::Ring:
        return tr("Consistent-hash ring");
    }
    return planning::strategyName(id);
}

QString WhatIfModel::unknownText()
{
    return QStringLiteral("\u2014");
}

int WhatIfModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int WhatIfModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString WhatIfModel::displayText(const WhatIfRow &r, int column) const
{
    const QLocale locale;
    const QString unknown = unknownText();
    if (column == StrategyColumn)
        return strategyTitle(r.strategy);
    if (column == FeasibleColumn) {
        if (!r.feasible)
            return tr("no: %1").arg(CoreText::render(r.reason, r.reasonText));
        return r.partial ? tr("yes (partial: no counts from %1)")
                               .arg(r.sourcesWithoutRows.join(QStringLiteral(", ")))
                         : tr("yes");
    }
    if (!r.feasible)
        return unknown;
    // Partial counts leave out the sources without rows: the figures are lower bounds.
    auto count = [&](qint64 v) {
        if (v < 0)
            return unknown;
        return r.partial ? tr("≥ %1").arg(locale.toString(v)) : locale.toString(v);
    };
    switch (column) {
    case NodesColumn:
        return QStringLiteral("%1 \u2192 %2").arg(r.nodesBefore).arg(r.nodesAfter);
    case RowsMovedColumn:
        return count(r.rowsMoved);
    case BytesMovedColumn:
        if (r.bytesMoved < 0)
            return unknown;
        return r.partial ? tr("≥ %1").arg(locale.formattedDataSize(r.bytesMoved, 1))
                         : locale.formattedDataSize(r.bytesMoved, 1);
    case ShareMovedColumn:
        return locale.toString(100.0 * r.shareMoved, 'f', 1) + QStringLiteral(" %");
    case ShareCopiedColumn:
        return locale.toString(100.0 * r.shareCopied, 'f', 1) + QStringLiteral(" %");
    case RowsCopiedColumn:
        return count(r.rowsCopied);
    case SkewAfterColumn:
        if (!(r.skewAfter > 0))
            return unknown;
        // Of key shares, not rows: a source without a count (an instance down) or no snapshot.
        return r.skewFromRows ? locale.toString(r.skewAfter, 'f', 3)
                              : tr("%1 (key shares)").arg(locale.toString(r.skewAfter, 'f', 3));
    case WriteStopColumn:
        return tr("%1 s").arg(locale.toString(r.writeStopSeconds, 'f', 1));
    case StepsColumn:
        return locale.toString(r.steps);
    case RisksColumn:
        return CoreText::render(r.risks, r.riskTexts).join(QStringLiteral("; "));
    default:
        break;
    }
    return {};
}

QVariant WhatIfModel::sortValue(const WhatIfRow &r, int column) const
{
    switch (column) {
    case StrategyColumn:
        return strategyTitle(r.strategy);
    case FeasibleColumn:
        return r.feasible ? 1 : 0;
    case NodesColumn:
        return r.feasible ? r.nodesAfter : -1;
    case RowsMovedColumn:
        return r.feasible ? r.rowsMoved : qint64(-1);
    case BytesMovedColumn:
        return r.feasible ? r.bytesMoved : qint64(-1);
    case ShareMovedColumn:
        return r.feasible ? r.shareMoved : -1.0;
    case ShareCopiedColumn:
        return r.feasible ? r.shareCopied : -1.0;
    case RowsCopiedColumn:
        return r.feasible ? r.rowsCopied : qint64(-1);
    case SkewAfterColumn:
        return r.feasible ? r.skewAfter : -1.0;
    case WriteStopColumn:
        return r.feasible ? r.writeStopSeconds : -1.0;
    case StepsColumn:
        return r.feasible ? r.steps : -1;
    case RisksColumn:
        return r.feasible ? int(r.risks.size()) : -1;
    default:
        break;
    }
    return {};
}

QString WhatIfModel::toolTip(const WhatIfRow &r, int column) const
{
    switch (column) {
    case StrategyColumn:
        return r.description.isEmpty() ? planning::strategyName(r.strategy)
                                       : planning::strategyName(r.strategy) + QStringLiteral(": ") +
                                             CoreText::render(r.description, r.descriptionText);
    case FeasibleColumn:
        if (r.feasible && r.partial)
            return tr("Row figures count only the sources the snapshot has rows for; no counts from %1.")
                .arg(r.sourcesWithoutRows.join(QStringLiteral(", ")));
        return r.feasible ? QString() : CoreText::render(r.reason, r.reasonText);
    case WriteStopColumn:
        return r.feasible ? CoreText::render(r.writeStopAssumption, r.writeStopText) : QString();
    case RisksColumn:
        return r.feasible && !r.risks.isEmpty()
                   ? QStringLiteral("\u2022 ") +
                         CoreText::render(r.risks, r.riskTexts).join(QStringLiteral("\n\u2022 "))
                   : QString();
    case ShareMovedColumn:
        return tr("Fraction of the rows whose data node changes");
    case ShareCopiedColumn:
        return tr("Fraction of the rows physically copied (dual-master copies every instance)");
    case SkewAfterColumn:
        if (!r.skewWithoutRows.isEmpty())
            return tr("Of key shares, not rows: no row count from %1 (an instance down or a count that "
                      "failed), so "
                      "hot keys and uneven tables do not show. With every count it is of rows.")
                .arg(r.skewWithoutRows.join(QStringLiteral(", ")));
        if (!r.skewFromRows)
            return tr(
                "Of key shares (uniform keys): without row counts, or with fewer than 1,000 rows per data "
                "source, rows would only add noise");
        return tr("Expected rows of the fullest data source / mean, after the change (worst table)");
    case RowsMovedColumn:
    case BytesMovedColumn:
    case RowsCopiedColumn:
        return tr("Needs row counts: inspect the cluster on the Dashboard (F5)");
    default:
        break;
    }
    return {};
}

QVariant WhatIfModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size() || index.column() >= ColumnCount)
        return {};
    const WhatIfRow &r = m_rows.at(index.row());
    const int c = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return displayText(r, c);
    case SortRole:
        return sortValue(r, c);
    case StrategyRole:
        return int(r.strategy);
    case Qt::ToolTipRole: {
        const QString tip = toolTip(r, c);
        return tip.isEmpty() ? QVariant() : QVariant(tip);
    }
    case Qt::TextAlignmentRole:
        if (c == StrategyColumn || c == FeasibleColumn || c == RisksColumn)
            return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        if (!r.feasible)
            return QBrush(QColor(0x80, 0x80, 0x80));
        return {};
    default:
        break;
    }
    return {};
}

QVariant WhatIfModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case StrategyColumn:
            return tr("Strategy");
        case FeasibleColumn:
            return tr("Feasible");
        case NodesColumn:
            return tr("Nodes");
        case RowsMovedColumn:
            return tr("Rows moved");
        case BytesMovedColumn:
            return tr("Bytes moved");
        case ShareMovedColumn:
            return tr("Share moved");
        case ShareCopiedColumn:
            return tr("Share copied");
        case RowsCopiedColumn:
            return tr("Rows copied");
        case SkewAfterColumn:
            return tr("Skew after");
        case WriteStopColumn:
            return tr("Write stop");
        case StepsColumn:
            return tr("Steps");
        case RisksColumn:
            return tr("Risks");
        default:
            break;
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case NodesColumn:
            return tr("Sharded data sources before \u2192 after");
        case SkewAfterColumn:
            return tr("max/mean rows per data source after the change (1.000 = even)");
        case WriteStopColumn:
            return tr("Expected time writes are stopped (hover a cell for the assumption)");
        case StepsColumn:
            return tr("Operator steps of the runbook");
        default:
            break;
        }
    }
    return {};
}

} // namespace sp::ui
