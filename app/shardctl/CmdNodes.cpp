#include "CmdNodes.h"

#include "ConfigInput.h"

#include "core/config/Printable.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace sp::cli {

void CmdNodes::addOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        QStringLiteral("shardctl nodes --config FILE [--table LOGIC] [--json]\n") + summary() +
        QStringLiteral(
            "\nPrints one data node per line, in ShardingSphere order, for every table rule (or only "
            "--table). A broadcast table named with --table is listed on every data source.\n"
            "Exit codes: 0 ok, 2 bad usage, unknown table, or a configuration that does not load."));
    parser.addOption(ConfigInput::option());
    parser.addOption(QCommandLineOption(QStringList{QStringLiteral("t"), QStringLiteral("table")},
                                        QStringLiteral("Only this logic table."), QStringLiteral("LOGIC")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("json"),
        QStringLiteral("JSON: {\"tables\":[{\"logicTable\",\"broadcast\",\"dataNodes\":[...]}]}.")));
}

int CmdNodes::run(const QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QString prefix = QStringLiteral("shardctl nodes: ");
    if (!parser.isSet(QStringLiteral("config"))) {
        err << prefix << "missing --config FILE\n";
        return Usage;
    }
    const ConfigInput::Loaded loaded = ConfigInput::load(parser.value(QStringLiteral("config")), err);
    if (loaded.status != ConfigInput::Status::Ok)
        return Usage;
    const ShardingConfig &cfg = loaded.result.config;

    struct Entry
    {
        QString logicTable;
        bool broadcast = false;
        QList<DataNode> nodes;
    };
    QList<Entry> entries;
    if (parser.isSet(QStringLiteral("table"))) {
        const QString wanted = parser.value(QStringLiteral("table"));
        if (const TableRule *t = cfg.table(wanted)) {
            entries.append({t->logicTable, false, t->dataNodes});
        } else if (cfg.isBroadcast(wanted)) {
            Entry e{wanted, true, {}};
            for (const DataSourceDef &ds : cfg.dataSources)
                e.nodes.append(DataNode{ds.name, wanted});
            entries.append(e);
        } else {
            QStringList known;
            for (const TableRule &t : cfg.tables)
                known << t.logicTable;
            err << prefix << "no table rule or broadcast table named '" << wanted << "' in " << cfg.filePath
                << " (tables: " << known.join(QStringLiteral(", ")) << ")\n";
            return Usage;
        }
    } else {
        for (const TableRule &t : cfg.tables)
            entries.append({t.logicTable, false, t.dataNodes});
    }

    if (parser.isSet(QStringLiteral("json"))) {
        QJsonArray tables;
        for (const Entry &e : entries) {
            QJsonArray nodes;
            for (const DataNode &n : e.nodes)
                nodes.append(n.toString());
            tables.append(QJsonObject{{QStringLiteral("logicTable"), e.logicTable},
                                      {QStringLiteral("broadcast"), e.broadcast},
                                      {QStringLiteral("dataNodes"), nodes}});
        }
        out << QString::fromUtf8(
            QJsonDocument(QJsonObject{{QStringLiteral("tables"), tables}}).toJson(QJsonDocument::Indented));
        return Ok;
    }
    for (const Entry &e : entries)
        for (const DataNode &n : e.nodes)
            out << printableName(n.toString()) << '\n'; // one line per node, whatever the name holds
    return Ok;
}

SHARDCTL_REGISTER_COMMAND(CmdNodes);

} // namespace sp::cli
