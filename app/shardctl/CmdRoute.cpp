#include "CmdRoute.h"

#include "ConfigInput.h"
#include "JsonStream.h"
#include "KeyReader.h"

#include "core/config/Printable.h"
#include "core/routing/Router.h"

#include <QJsonObject>

#include <optional>

namespace sp::cli {

namespace {

struct Routed
{
    bool ok = false;
    DataNode node;
    QString error;
    int index = -1; // into the table's data nodes, when known
};

// One routing context: a config, its router and the table.
class TableRouter final
{
public:
    TableRouter(const ShardingConfig &config, const TableRule &table, KeyType type)
        : m_router(config), m_table(table), m_type(type)
    {
        for (const DataNode &n : table.dataNodes)
            m_names << n.toString();
    }

    // "ds.table" of a routed key, built once per node rather than once per key.
    QString name(const Routed &r) const
    {
        return r.index >= 0 && r.index < m_names.size() ? m_names.at(r.index) : r.node.toString();
    }

    Routed route(QByteArrayView utf8) const
    {
        Routed r;
        if (m_type == KeyType::Auto) {
            // Allocation-light path; the exact path below only runs to explain a failure.
            const int i = m_router.routeIndex(m_table.logicTable, utf8);
            if (i >= 0 && i < m_table.dataNodes.size()) {
                r.ok = true;
                r.node = m_table.dataNodes.at(i);
                r.index = i;
                return r;
            }
        }
        const RouteResult res =
            m_router.route(m_table.logicTable, ShardingValue{QString::fromUtf8(utf8), m_type});
        r.ok = res.ok;
        r.node = res.node;
        r.error = res.error.isEmpty() ? QStringLiteral("cannot be routed") : res.error;
        return r;
    }

private:
    Router m_router;
    const TableRule &m_table;
    QStringList m_names;
    KeyType m_type;
};

std::optional<KeyType> parseKeyType(const QString &s)
{
    if (s == QLatin1String("auto"))
        return KeyType::Auto;
    if (s == QLatin1String("string"))
        return KeyType::String;
    if (s == QLatin1String("integer"))
        return KeyType::Integer;
    return std::nullopt;
}

QJsonObject nodeJson(const Routed &r)
{
    if (!r.ok)
        return QJsonObject{{QStringLiteral("error"), r.error}};
    return QJsonObject{{QStringLiteral("node"), r.node.toString()},
                       {QStringLiteral("dataSource"), r.node.dataSource},
                       {QStringLiteral("table"), r.node.table}};
}

} // namespace

void CmdRoute::addOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        QStringLiteral("shardctl route --config FILE --table LOGIC (--key VALUE ... | --keys-file FILE|-) "
                       "[--key-type auto|string|integer] [--compare-config FILE2] [--json]\n") +
        summary() +
        QStringLiteral(
            "\nPrints one line per key, in input order: the data node ds.table. A key that cannot be "
            "routed prints an empty line on stdout (so line N still belongs to key N) and one error line "
            "on stderr naming the key; all keys are processed. With --compare-config each line is "
            "'old -> new' followed by a summary line '# moved M of N keys (P%)'.\n"
            "--key-type: auto (a String unless the algorithm needs a number), string (Java String), "
            "integer (Java Long).\n"
            "--json streams one document: {\"routes\":[{\"key\",\"line\",\"node\",\"dataSource\",\"table\"} "
            "or "
            "{\"key\",\"line\",\"error\"}, ...],\"failed\",\"routed\",\"table\",...}.\n"
            "Exit codes: 0 every key routed, 1 some key could not be routed, 2 bad usage, unknown table, "
            "unreadable keys file or a configuration that does not load."));
    parser.addOption(ConfigInput::option());
    parser.addOption(QCommandLineOption(QStringList{QStringLiteral("t"), QStringLiteral("table")},
                                        QStringLiteral("Logic table to route (required)."),
                                        QStringLiteral("LOGIC")));
    KeyReader::addOptions(parser);
    parser.addOption(
        QCommandLineOption(QStringLiteral("key-type"),
                           QStringLiteral("How the application passes the key: auto, string or integer "
                                          "(default auto)."),
                           QStringLiteral("TYPE"), QStringLiteral("auto")));
    parser.addOption(
        QCommandLineOption(QStringLiteral("compare-config"),
                           QStringLiteral("Also route with FILE2 and print 'old -> new' per key plus how "
                                          "many keys move."),
                           QStringLiteral("FILE2")));
    parser.addOption(QCommandLineOption(QStringLiteral("json"), QStringLiteral("JSON output (streamed).")));
}

int CmdRoute::run(const QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QString prefix = QStringLiteral("shardctl route: ");
    if (!parser.isSet(QStringLiteral("config")) || !parser.isSet(QStringLiteral("table"))) {
        err << prefix << "--config FILE and --table LOGIC are required\n";
        return Usage;
    }
    const std::optional<KeyType> type = parseKeyType(parser.value(QStringLiteral("key-type")));
    if (!type) {
        err << prefix << "--key-type must be auto, string or integer, not '"
            << parser.value(QStringLiteral("key-type")) << "'\n";
        return Usage;
    }
    const QString logic = parser.value(QStringLiteral("table"));
    const bool compare = parser.isSet(QStringLiteral("compare-config"));
    const bool json = parser.isSet(QStringLiteral("json"));

    auto loadTable = [&](const QString &path, ConfigInput::Loaded &loaded) -> const TableRule * {
        loaded = ConfigInput::load(path, err);
        if (loaded.status != ConfigInput::Status::Ok)
            return nullptr;
        const ShardingConfig &cfg = loaded.result.config;
        if (cfg.isBroadcast(logic)) {
            err << prefix << path << ": " << logic
                << " is a broadcast table: every data source holds all its rows\n";
            return nullptr;
        }
        const TableRule *t = cfg.table(logic);
        if (!t)
            err << prefix << path << ": no table rule named '" << logic << "'\n";
        return t;
    };
    ConfigInput::Loaded oldLoaded, newLoaded;
    const TableRule *oldTable = loadTable(parser.value(QStringLiteral("config")), oldLoaded);
    if (!oldTable)
        return Usage;
    const TableRule *newTable = nullptr;
    if (compare && !(newTable = loadTable(parser.value(QStringLiteral("compare-config")), newLoaded)))
        return Usage;

    KeyReader keys;
    QString error;
    bool usage = true;
    if (!keys.open(parser, &error, &usage)) {
        err << prefix << error << '\n';
        return Usage;
    }

    const TableRouter oldRouter(oldLoaded.result.config, *oldTable, *type);
    std::optional<TableRouter> newRouter;
    if (compare)
        newRouter.emplace(newLoaded.result.config, *newTable, *type);

    std::optional<JsonStream> stream;
    if (json)
        stream.emplace(out, QStringLiteral("routes"));
    qint64 routed = 0, failed = 0, moved = 0;
    QByteArrayView key;
    qint64 line = 0;
    for (;;) {
        const KeyReader::Next next = keys.next(&key, &line);
        if (next == KeyReader::Next::End)
            break;
        if (next == KeyReader::Next::TooLong) {
            ++failed;
            err << prefix << keys.sourceName() << ':' << line << ": key longer than "
                << KeyReader::maxKeyBytes << " bytes, skipped\n";
            if (json)
                stream->item(QJsonObject{{QStringLiteral("line"), line},
                                         {QStringLiteral("error"), QStringLiteral("key too long, skipped")}});
            else
                out << '\n';
            continue;
        }
        const Routed a = oldRouter.route(key);
        const Routed b = compare ? newRouter->route(key) : Routed{};
        const bool ok = a.ok && (!compare || b.ok);
        if (!ok) {
            ++failed;
            const Routed &bad = a.ok ? b : a;
            err << prefix << "key '" << printableName(QString::fromUtf8(key)) << "' (" << keys.sourceName() << ':'
                << line << "): " << printableName(bad.error) << '\n';
        }
        routed += ok ? 1 : 0;
        const bool keyMoved = compare && ok && a.node != b.node;
        moved += keyMoved ? 1 : 0;
        if (json) {
            QJsonObject o{{QStringLiteral("key"), QString::fromUtf8(key)}, {QStringLiteral("line"), line}};
            if (compare) {
                o.insert(QStringLiteral("old"), nodeJson(a));
                o.insert(QStringLiteral("new"), nodeJson(b));
                if (ok)
                    o.insert(QStringLiteral("moved"), keyMoved);
            } else {
                const QJsonObject n = nodeJson(a);
                for (auto it = n.begin(); it != n.end(); ++it)
                    o.insert(it.key(), it.value());
            }
            stream->item(o);
        } else if (!ok) {
            out << '\n';
        } else if (compare) {
            out << printableName(oldRouter.name(a)) << " -> " << printableName(newRouter->name(b)) << '\n';
        } else {
            out << printableName(oldRouter.name(a)) << '\n'; // one line per key
        }
    }
    if (!keys.readError().isEmpty()) {
        err << prefix << keys.readError() << '\n';
        if (stream)
            stream->finish(QJsonObject{});
        return Usage;
    }
    if (json) {
        QJsonObject trailer{{QStringLiteral("table"), oldTable->logicTable},
                            {QStringLiteral("keyType"), parser.value(QStringLiteral("key-type"))},
                            {QStringLiteral("routed"), routed},
                            {QStringLiteral("failed"), failed}};
        if (compare) {
            trailer.insert(QStringLiteral("moved"), moved);
            trailer.insert(QStringLiteral("compared"), routed);
        }
        stream->finish(trailer);
    } else if (compare) {
        const double pct = routed > 0 ? 100.0 * double(moved) / double(routed) : 0.0;
        out << "# moved " << moved << " of " << routed << " keys (" << QString::number(pct, 'f', 2) << "%)\n";
    }
    return failed > 0 ? Findings : Ok;
}

SHARDCTL_REGISTER_COMMAND(CmdRoute);

} // namespace sp::cli
