#include "CmdRing.h"

#include "JsonStream.h"
#include "KeyReader.h"

#include "core/config/Printable.h"
#include "core/routing/AlgorithmDefaults.h"
#include "core/routing/HashRing.h"

#include <QJsonArray>
#include <QJsonObject>

#include <optional>

namespace sp::cli {

static constexpr int kMaxVirtualNodes = 100000;
static constexpr qint64 kMaxPoints = 10000000; // nodes x virtual nodes, bounds memory (~80 MB)

void CmdRing::addOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        QStringLiteral(
            "shardctl ring --nodes a,b,c [--virtual-nodes N] (--key K ... | --keys-file FILE|-) [--json]\n") +
        summary() +
        QStringLiteral(
            "\nEach node owns the points CRC32(\"name#i\") for i < --virtual-nodes; a key goes to the "
            "first point >= CRC32(key), wrapping to the first. Prints the node of each key, one per "
            "line, in input order.\n"
            "--json streams {\"routes\":[{\"key\",\"line\",\"node\"},...],\"nodes\",\"virtualNodes\"}.\n"
            "Exit codes: 0 ok, 2 bad usage or unreadable keys file."));
    parser.addOption(QCommandLineOption(
        QStringLiteral("nodes"), QStringLiteral("Comma-separated node names."), QStringLiteral("a,b,c")));
    parser.addOption(QCommandLineOption(QStringLiteral("virtual-nodes"),
                                        QStringLiteral("Virtual nodes per node (default %1, at most %2).")
                                            .arg(defaults::kVirtualNodes)
                                            .arg(kMaxVirtualNodes),
                                        QStringLiteral("N"), QString::number(defaults::kVirtualNodes)));
    KeyReader::addOptions(parser);
    parser.addOption(QCommandLineOption(QStringLiteral("json"), QStringLiteral("JSON output (streamed).")));
}

int CmdRing::run(const QCommandLineParser &parser, QTextStream &out, QTextStream &err)
{
    const QString prefix = QStringLiteral("shardctl ring: ");
    if (!parser.isSet(QStringLiteral("nodes"))) {
        err << prefix << "missing --nodes a,b,c\n";
        return Usage;
    }
    QStringList nodes;
    for (const QString &n : parser.value(QStringLiteral("nodes")).split(QLatin1Char(','))) {
        const QString name = n.trimmed();
        if (name.isEmpty()) {
            err << prefix << "--nodes has an empty node name\n";
            return Usage;
        }
        if (nodes.contains(name)) {
            err << prefix << "--nodes names '" << name << "' twice\n";
            return Usage;
        }
        nodes << name;
    }
    bool ok = false;
    const int vnodes = parser.value(QStringLiteral("virtual-nodes")).toInt(&ok);
    if (!ok || vnodes < 1 || vnodes > kMaxVirtualNodes) {
        err << prefix << "--virtual-nodes must be an integer from 1 to " << kMaxVirtualNodes << ", not '"
            << parser.value(QStringLiteral("virtual-nodes")) << "'\n";
        return Usage;
    }
    if (qint64(vnodes) * nodes.size() > kMaxPoints) {
        err << prefix << nodes.size() << " nodes x " << vnodes << " virtual nodes exceed " << kMaxPoints
            << " ring points\n";
        return Usage;
    }
    KeyReader keys;
    QString error;
    bool usage = true;
    if (!keys.open(parser, &error, &usage)) {
        err << prefix << error << '\n';
        return Usage;
    }
    const HashRing ring(nodes, vnodes);
    const bool json = parser.isSet(QStringLiteral("json"));
    std::optional<JsonStream> stream;
    if (json)
        stream.emplace(out, QStringLiteral("routes"));
    bool skippedAny = false;
    QByteArrayView key;
    qint64 line = 0;
    for (;;) {
        const KeyReader::Next next = keys.next(&key, &line);
        if (next == KeyReader::Next::End)
            break;
        if (next == KeyReader::Next::TooLong) {
            skippedAny = true;
            err << prefix << keys.sourceName() << ':' << line << ": key longer than "
                << KeyReader::maxKeyBytes << " bytes, skipped\n";
            if (json)
                stream->item(QJsonObject{{QStringLiteral("line"), line},
                                         {QStringLiteral("error"), QStringLiteral("key too long, skipped")}});
            else
                out << '\n';
            continue;
        }
        const QString node = ring.nodeFor(key);
        if (json)
            stream->item(QJsonObject{{QStringLiteral("key"), QString::fromUtf8(key)},
                                     {QStringLiteral("line"), line},
                                     {QStringLiteral("node"), node}});
        else
            out << printableName(node) << '\n';
    }
    if (json)
        stream->finish(QJsonObject{{QStringLiteral("nodes"), QJsonArray::fromStringList(nodes)},
                                   {QStringLiteral("virtualNodes"), vnodes}});
    if (!keys.readError().isEmpty()) {
        err << prefix << keys.readError() << '\n';
        return Usage;
    }
    return skippedAny ? Findings : Ok;
}

SHARDCTL_REGISTER_COMMAND(CmdRing);

} // namespace sp::cli
