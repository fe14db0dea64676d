#include "core/analysis/ConfigExport.h"

#include "core/config/JdbcUrl.h"
#include "core/config/Redaction.h"
#include "core/routing/AlgorithmDefaults.h"
#include "core/routing/HashRing.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QJsonObject>

namespace sp::exporting {

namespace {

QString strategyKindName(StrategyKind k)
{
    switch (k) {
    case StrategyKind::Unset: return QStringLiteral("unset");
    case StrategyKind::None: return QStringLiteral("none");
    case StrategyKind::Standard: return QStringLiteral("standard");
    case StrategyKind::Complex: return QStringLiteral("complex");
    case StrategyKind::Hint: return QStringLiteral("hint");
    }
    return {};
}

QJsonObject strategyJson(const ShardingConfig &config, const StrategyDef &s,
                         const QStringList &targets)
{
    QJsonObject o;
    o.insert(QStringLiteral("kind"), strategyKindName(s.kind));
    if (s.kind == StrategyKind::Unset || s.kind == StrategyKind::None)
        return o;
    o.insert(QStringLiteral("columns"), QJsonArray::fromStringList(s.columns));
    o.insert(QStringLiteral("algorithm"), s.algorithmName);
    o.insert(QStringLiteral("targets"), QJsonArray::fromStringList(targets));
    const AlgorithmDef *def = config.algorithm(s.algorithmName);
    if (!def) {
        o.insert(QStringLiteral("error"), QStringLiteral("algorithm is not defined"));
        return o;
    }
    o.insert(QStringLiteral("type"), def->type);
    QJsonObject props;
    for (auto it = def->props.constBegin(); it != def->props.constEnd(); ++it)
        props.insert(it.key(), it.value());
    o.insert(QStringLiteral("props"), props);
    if (def->type == QLatin1String("CONSISTENT_HASH") && !targets.isEmpty()) {
        const HashRing ring(targets, defaults::virtualNodesOf(*def));
        QJsonArray points;
        for (const HashRing::Point &p : ring.points()) {
            QJsonObject po;
            po.insert(QStringLiteral("hash"), qint64(p.hash));
            po.insert(QStringLiteral("node"), ring.nodes().at(p.node));
            points.append(po);
        }
        QJsonObject ringObj;
        ringObj.insert(QStringLiteral("virtualNodes"), ring.virtualNodes());
        ringObj.insert(QStringLiteral("points"), points);
        o.insert(QStringLiteral("ring"), ringObj);
    }
    return o;
}

} // namespace

QByteArray redactConfigText(const QByteArray &yaml)
{
    const QString stars = QLatin1String(kRedacted);
    return redactPasswords(yaml, QLatin1Char('"') + stars + QLatin1Char('"'), stars);
}

int countSecrets(const QByteArray &yaml)
{
    int count = 0;
    redactPasswords(yaml, QStringLiteral("\"x\""), QStringLiteral("x"), &count);
    return count;
}

QByteArray routingTableJson(const ShardingConfig &config)
{
    QJsonArray tables;
    for (const TableRule &t : config.tables) {
        QJsonObject to;
        to.insert(QStringLiteral("logicTable"), t.logicTable);
        if (!t.actualDataNodesExpr.isEmpty())
            to.insert(QStringLiteral("actualDataNodes"), t.actualDataNodesExpr);
        QJsonArray nodes;
        QStringList sources;
        QStringList tableNames;
        QSet<QString> sourceSet, tableSet; // hashed: a table may have a million data nodes
        for (const DataNode &n : t.dataNodes) {
            QJsonObject no;
            no.insert(QStringLiteral("dataSource"), n.dataSource);
            no.insert(QStringLiteral("table"), n.table);
            nodes.append(no);
            if (!sourceSet.contains(n.dataSource)) {
                sourceSet.insert(n.dataSource);
                sources << n.dataSource;
            }
            if (!tableSet.contains(n.table)) {
                tableSet.insert(n.table);
                tableNames << n.table;
            }
        }
        to.insert(QStringLiteral("dataNodes"), nodes);
        to.insert(QStringLiteral("databaseStrategy"),
                  strategyJson(config, config.effectiveDatabaseStrategy(t), sources));
        to.insert(QStringLiteral("tableStrategy"),
                  strategyJson(config, config.effectiveTableStrategy(t), tableNames));
        tables.append(to);
    }
    QJsonArray broadcast;
    for (const BroadcastTable &b : config.broadcastTables)
        broadcast.append(b.name);
    QJsonArray binding;
    for (const BindingGroup &g : config.bindingGroups)
        binding.append(QJsonArray::fromStringList(g.tables));
    QJsonObject root;
    root.insert(QStringLiteral("format"), QStringLiteral("shardpilot-routing-table/1"));
    root.insert(QStringLiteral("tables"), tables);
    root.insert(QStringLiteral("bindingTables"), binding);
    root.insert(QStringLiteral("broadcastTables"), broadcast);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace sp::exporting
