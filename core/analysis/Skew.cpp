#include "core/analysis/Skew.h"

#include <algorithm>
#include <cmath>

namespace sp {

SkewStats Skew::compute(const QString &logicTable, const QList<NodeRows> &nodes)
{
    SkewStats s;
    s.logicTable = logicTable;
    QList<qint64> known;
    known.reserve(nodes.size());
    bool first = true;
    for (const NodeRows &n : nodes) {
        if (n.rows < 0) {
            ++s.unknownNodes;
            continue;
        }
        known.append(n.rows);
        s.totalRows += n.rows;
        if (n.rows == 0)
            ++s.emptyNodes;
        if (first || n.rows > s.max) {
            s.max = n.rows;
            s.maxNode = n.node;
        }
        if (first || n.rows < s.min) {
            s.min = n.rows;
            s.minNode = n.node;
        }
        first = false;
    }
    s.nodes = int(known.size());
    if (known.isEmpty())
        return s;

    const double n = double(known.size());
    s.mean = double(s.totalRows) / n;
    if (s.totalRows == 0)
        return s; // all empty: ratios are undefined, reported as 0

    s.maxOverMean = double(s.max) / s.mean;

    double sq = 0;
    for (qint64 v : known) {
        const double d = double(v) - s.mean;
        sq += d * d;
    }
    s.coefficientOfVariation = std::sqrt(sq / n) / s.mean;

    // Gini over the sorted values: G = 2 * sum(i * x_i) / (n * sum x) - (n + 1) / n, i = 1..n.
    std::sort(known.begin(), known.end());
    double weighted = 0;
    for (int i = 0; i < known.size(); ++i)
        weighted += double(i + 1) * double(known.at(i));
    s.gini = 2.0 * weighted / (n * double(s.totalRows)) - (n + 1.0) / n;
    if (s.gini < 0 && s.gini > -1e-12)
        s.gini = 0; // rounding on perfectly even input
    return s;
}

SkewStats Skew::compute(const QString &logicTable, const QList<qint64> &rows)
{
    QList<NodeRows> nodes;
    nodes.reserve(rows.size());
    for (qint64 r : rows)
        nodes.append(NodeRows{DataNode{}, r});
    return compute(logicTable, nodes);
}

SkewLevel Skew::level(const SkewStats &s, const SkewThresholds &t)
{
    if (s.nodes == 0)
        return SkewLevel::Unknown;
    if (s.totalRows == 0)
        return SkewLevel::Empty;
    if (s.maxOverMean >= t.severeFrom)
        return SkewLevel::Severe;
    if (s.maxOverMean >= t.balancedBelow || s.emptyNodes > 0)
        return SkewLevel::Mild;
    return SkewLevel::Balanced;
}

QString Skew::levelName(SkewLevel level)
{
    switch (level) {
    case SkewLevel::Unknown: return QStringLiteral("unknown");
    case SkewLevel::Empty: return QStringLiteral("empty");
    case SkewLevel::Balanced: return QStringLiteral("balanced");
    case SkewLevel::Mild: return QStringLiteral("mild skew");
    case SkewLevel::Severe: return QStringLiteral("severe skew");
    }
    return QString();
}

QString Skew::verdict(const SkewStats &s, const SkewThresholds &t)
{
    const SkewLevel l = level(s, t);
    QString text = levelName(l);
    switch (l) {
    case SkewLevel::Unknown:
        text += QStringLiteral(": no row counts");
        break;
    case SkewLevel::Empty:
        text += QStringLiteral(": no rows yet");
        break;
    case SkewLevel::Balanced:
        text += QStringLiteral(": max is %1x the mean").arg(s.maxOverMean, 0, 'f', 2);
        break;
    case SkewLevel::Mild:
    case SkewLevel::Severe: {
        const QString who = s.maxNode.table.isEmpty() ? QStringLiteral("the largest node")
                                                      : s.maxNode.toString();
        text += QStringLiteral(": %1 holds %2x the mean").arg(who).arg(s.maxOverMean, 0, 'f', 1);
        break;
    }
    }
    if (s.emptyNodes > 0 && s.totalRows > 0)
        text += QStringLiteral("; %1 of %2 nodes empty").arg(s.emptyNodes).arg(s.nodes);
    if (s.unknownNodes > 0)
        text += QStringLiteral("; %1 node(s) without a count").arg(s.unknownNodes);
    return text;
}

QList<SkewStats> Skew::forTables(const QList<TableStats> &tables)
{
    QStringList order;
    QHash<QString, QList<NodeRows>> byLogic;
    for (const TableStats &t : tables) {
        if (!t.knownToConfig || t.broadcast || t.logicTable.isEmpty())
            continue;
        if (!byLogic.contains(t.logicTable))
            order.append(t.logicTable);
        byLogic[t.logicTable].append(NodeRows{t.node, t.existsOnServer ? t.rows() : -1});
    }
    QList<SkewStats> out;
    for (const QString &logic : order)
        out.append(Skew::compute(logic, byLogic.value(logic)));
    return out;
}

} // namespace sp
