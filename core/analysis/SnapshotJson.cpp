#include "core/analysis/SnapshotJson.h"

#include "core/analysis/Skew.h"
#include "core/cluster/ServerState.h"

namespace sp {

namespace {
QJsonValue num(qint64 v) { return v < 0 ? QJsonValue() : QJsonValue(double(v)); }
} // namespace

QJsonObject instanceJson(const InstanceHealth &h)
{
    QJsonObject o{{QStringLiteral("dataSource"), h.dataSource},
                  {QStringLiteral("host"), h.host},
                  {QStringLiteral("port"), h.port},
                  {QStringLiteral("reachable"), h.reachable},
                  {QStringLiteral("state"), serverStateName(serverStateOf(h))}};
    if (!h.reachable) {
        o.insert(QStringLiteral("error"), h.error);
        if (h.errorCode != 0)
            o.insert(QStringLiteral("errorCode"), double(h.errorCode));
        return o;
    }
    o.insert(QStringLiteral("version"), h.version);
    o.insert(QStringLiteral("uptimeSeconds"), num(h.uptimeSeconds));
    o.insert(QStringLiteral("readOnly"), h.readOnly);
    o.insert(QStringLiteral("logBin"), h.logBin);
    o.insert(QStringLiteral("binlogFormat"), h.binlogFormat);
    o.insert(QStringLiteral("binlogRowImage"), h.binlogRowImage);
    o.insert(QStringLiteral("serverId"), num(h.serverId));
    o.insert(QStringLiteral("isReplica"), h.isReplica);
    o.insert(QStringLiteral("replicaLagSeconds"),
             h.replicaLagSeconds ? QJsonValue(double(*h.replicaLagSeconds)) : QJsonValue());
    o.insert(QStringLiteral("replicaState"), h.replicaState);
    o.insert(QStringLiteral("connections"), num(h.connections));
    o.insert(QStringLiteral("maxConnections"), num(h.maxConnections));
    return o;
}

QJsonObject tableJson(const TableStats &t)
{
    QJsonObject o{{QStringLiteral("node"), t.node.toString()},
                  {QStringLiteral("dataSource"), t.node.dataSource},
                  {QStringLiteral("table"), t.node.table},
                  {QStringLiteral("logicTable"), t.logicTable.isEmpty() ? QJsonValue() : QJsonValue(t.logicTable)},
                  {QStringLiteral("existsOnServer"), t.existsOnServer},
                  {QStringLiteral("knownToConfig"), t.knownToConfig},
                  {QStringLiteral("estimatedRows"), num(t.estimatedRows)},
                  {QStringLiteral("exactRows"), t.exactRows ? QJsonValue(double(*t.exactRows)) : QJsonValue()},
                  {QStringLiteral("rows"), num(t.rows())},
                  {QStringLiteral("dataBytes"), num(t.dataBytes)},
                  {QStringLiteral("indexBytes"), num(t.indexBytes)},
                  {QStringLiteral("autoIncrement"), num(t.autoIncrement)}};
    if (t.broadcast)
        o.insert(QStringLiteral("broadcast"), true);
    if (!t.error.isEmpty())
        o.insert(QStringLiteral("error"), t.error);
    return o;
}

QJsonObject skewJson(const SkewStats &s)
{
    return QJsonObject{{QStringLiteral("logicTable"), s.logicTable},
                       {QStringLiteral("nodes"), s.nodes},
                       {QStringLiteral("unknownNodes"), s.unknownNodes},
                       {QStringLiteral("totalRows"), double(s.totalRows)},
                       {QStringLiteral("mean"), s.mean},
                       {QStringLiteral("max"), double(s.max)},
                       {QStringLiteral("maxNode"), s.maxNode.toString()},
                       {QStringLiteral("min"), double(s.min)},
                       {QStringLiteral("minNode"), s.minNode.toString()},
                       {QStringLiteral("maxOverMean"), s.maxOverMean},
                       {QStringLiteral("coefficientOfVariation"), s.coefficientOfVariation},
                       {QStringLiteral("gini"), s.gini},
                       {QStringLiteral("emptyNodes"), s.emptyNodes},
                       {QStringLiteral("level"), Skew::levelName(Skew::level(s))},
                       {QStringLiteral("verdict"), Skew::verdict(s)}};
}

QJsonObject snapshotJson(const ClusterSnapshot &s)
{
    QJsonArray instances, tables, skew;
    for (const auto &i : s.instances)
        instances.append(instanceJson(i));
    for (const auto &t : s.tables)
        tables.append(tableJson(t));
    for (const auto &k : Skew::forTables(s.tables))
        skew.append(skewJson(k));
    return QJsonObject{{QStringLiteral("config"), s.configPath},
                       {QStringLiteral("takenAt"), s.takenAt.toUTC().toString(Qt::ISODateWithMs)},
                       {QStringLiteral("exact"), s.exact},
                       {QStringLiteral("allReachable"), s.allReachable()},
                       {QStringLiteral("instances"), instances},
                       {QStringLiteral("tables"), tables},
                       {QStringLiteral("skew"), skew}};
}

QString growthBasisName(TableGrowth::Basis b)
{
    switch (b) {
    case TableGrowth::Basis::Exact: return QStringLiteral("exact");
    case TableGrowth::Basis::Estimate: return QStringLiteral("estimate");
    case TableGrowth::Basis::Missing: return QStringLiteral("missing");
    case TableGrowth::Basis::Unknown: return QStringLiteral("unknown");
    case TableGrowth::Basis::SourceChanged: return QStringLiteral("source-changed");
    case TableGrowth::Basis::Restarted: return QStringLiteral("restarted");
    }
    return {};
}

QJsonArray growthJson(const QList<TableGrowth> &growth)
{
    QJsonArray out;
    for (const TableGrowth &g : growth) {
        if (g.comparable()) {
            out.append(QJsonObject{{QStringLiteral("node"), g.node.toString()},
                                   {QStringLiteral("previousRows"), double(g.previousRows)},
                                   {QStringLiteral("currentRows"), double(g.currentRows)},
                                   {QStringLiteral("delta"), double(g.delta())},
                                   {QStringLiteral("basis"), growthBasisName(g.basis)}});
        } else if (g.basis == TableGrowth::Basis::SourceChanged || g.basis == TableGrowth::Basis::Restarted) {
            // Both counts are known but say nothing about growth: listed without a delta.
            out.append(QJsonObject{{QStringLiteral("node"), g.node.toString()},
                                   {QStringLiteral("previousRows"), double(g.previousRows)},
                                   {QStringLiteral("currentRows"), double(g.currentRows)},
                                   {QStringLiteral("comparable"), false},
                                   {QStringLiteral("basis"), growthBasisName(g.basis)}});
        }
    }
    return out;
}

} // namespace sp
