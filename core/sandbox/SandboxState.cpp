#include "core/sandbox/SandboxState.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace sp::sandbox {

const SandboxDataSource *SandboxState::dataSource(const QString &name) const
{
    for (const auto &ds : dataSources)
        if (ds.name == name)
            return &ds;
    return nullptr;
}

QList<int> SandboxState::replicasOf(int primary) const
{
    QList<int> out;
    for (const auto &i : instances)
        if (i.spec.replicaOf == primary)
            out.append(i.spec.index);
    return out;
}

QByteArray SandboxState::toJson() const
{
    QJsonObject root;
    root.insert(QStringLiteral("format"), 1);
    root.insert(QStringLiteral("dir"), dir);
    root.insert(QStringLiteral("sourceConfig"), sourceConfig);
    root.insert(QStringLiteral("clusterYaml"), clusterYaml());
    root.insert(QStringLiteral("appOptionFile"), appOptionFile());
    root.insert(QStringLiteral("appUser"), appUser);
    root.insert(QStringLiteral("seed"), QString::number(seed));
    root.insert(QStringLiteral("messages"), messages);
    root.insert(QStringLiteral("totalRows"), totalRows);
    root.insert(QStringLiteral("createdAt"), createdAt.toString(Qt::ISODate));
    QJsonArray inst;
    for (const auto &i : instances) {
        QJsonObject o;
        o.insert(QStringLiteral("index"), i.spec.index);
        o.insert(QStringLiteral("name"), i.spec.name);
        o.insert(QStringLiteral("dir"), i.spec.dir);
        o.insert(QStringLiteral("host"), QStringLiteral("127.0.0.1"));
        o.insert(QStringLiteral("port"), i.spec.port);
        o.insert(QStringLiteral("serverId"), i.spec.serverId);
        if (i.spec.idStride > 1)
            o.insert(QStringLiteral("autoIncrementIncrement"), i.spec.idStride);
        o.insert(QStringLiteral("socket"), i.spec.socketPath());
        if (i.spec.replicaOf >= 0)
            o.insert(QStringLiteral("replicaOf"), i.spec.replicaOf);
        o.insert(QStringLiteral("pid"), i.pid);
        inst.append(o);
    }
    root.insert(QStringLiteral("instances"), inst);
    QJsonArray dss;
    for (const auto &d : dataSources) {
        QJsonObject o;
        o.insert(QStringLiteral("name"), d.name);
        o.insert(QStringLiteral("schema"), d.schema);
        o.insert(QStringLiteral("instance"), d.instance);
        o.insert(QStringLiteral("spare"), d.spare);
        if (d.instance >= 0 && d.instance < instances.size())
            o.insert(QStringLiteral("port"), instances.at(d.instance).spec.port);
        dss.append(o);
    }
    root.insert(QStringLiteral("dataSources"), dss);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

bool SandboxState::fromJson(const QByteArray &json, SandboxState *out, QString *error)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (!doc.isObject()) {
        if (error)
            *error = QStringLiteral("not a sandbox state file: ") + pe.errorString();
        return false;
    }
    const QJsonObject root = doc.object();
    SandboxState s;
    s.dir = root.value(QStringLiteral("dir")).toString();
    s.sourceConfig = root.value(QStringLiteral("sourceConfig")).toString();
    s.appUser = root.value(QStringLiteral("appUser")).toString(s.appUser);
    s.seed = root.value(QStringLiteral("seed")).toString().toULongLong();
    s.messages = qint64(root.value(QStringLiteral("messages")).toDouble());
    s.totalRows = qint64(root.value(QStringLiteral("totalRows")).toDouble());
    s.createdAt = QDateTime::fromString(root.value(QStringLiteral("createdAt")).toString(), Qt::ISODate);
    for (const auto &v : root.value(QStringLiteral("instances")).toArray()) {
        const QJsonObject o = v.toObject();
        SandboxInstance i;
        i.spec.index = o.value(QStringLiteral("index")).toInt();
        i.spec.name = o.value(QStringLiteral("name")).toString();
        i.spec.dir = o.value(QStringLiteral("dir")).toString();
        i.spec.port = o.value(QStringLiteral("port")).toInt();
        i.spec.serverId = o.value(QStringLiteral("serverId")).toInt(1);
        i.spec.idStride = o.value(QStringLiteral("autoIncrementIncrement")).toInt(0);
        i.spec.replicaOf = o.value(QStringLiteral("replicaOf")).toInt(-1);
        i.pid = qint64(o.value(QStringLiteral("pid")).toDouble(-1));
        if (i.spec.name.isEmpty() || i.spec.dir.isEmpty() || i.spec.port <= 0) {
            if (error)
                *error = QStringLiteral("sandbox.json: instance without name, dir or port");
            return false;
        }
        s.instances.append(i);
    }
    for (const auto &v : root.value(QStringLiteral("dataSources")).toArray()) {
        const QJsonObject o = v.toObject();
        SandboxDataSource d;
        d.name = o.value(QStringLiteral("name")).toString();
        d.schema = o.value(QStringLiteral("schema")).toString();
        d.instance = o.value(QStringLiteral("instance")).toInt(-1);
        d.spare = o.value(QStringLiteral("spare")).toBool();
        if (d.instance < 0 || d.instance >= s.instances.size()) {
            if (error)
                *error = QStringLiteral("sandbox.json: data source ") + d.name + QStringLiteral(" names no instance");
            return false;
        }
        s.dataSources.append(d);
    }
    if (s.instances.isEmpty()) {
        if (error)
            *error = QStringLiteral("sandbox.json: no instances");
        return false;
    }
    *out = s;
    return true;
}

bool SandboxState::save(QString *error) const
{
    QSaveFile f(stateFile());
    if (!f.open(QIODevice::WriteOnly) || f.write(toJson()) < 0 || !f.commit()) {
        if (error)
            *error = stateFile() + QStringLiteral(": cannot write: ") + f.errorString();
        return false;
    }
    return true;
}

bool SandboxState::load(const QString &dir, SandboxState *out, QString *error)
{
    QFile f(dir + QStringLiteral("/sandbox.json"));
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = f.fileName() + QStringLiteral(": no sandbox here (") + f.errorString() +
                QStringLiteral("); run 'shardctl sandbox up' first");
        return false;
    }
    if (f.size() > 4 * 1024 * 1024) {
        if (error)
            *error = f.fileName() + QStringLiteral(": too large for a sandbox state file");
        return false;
    }
    if (!fromJson(f.readAll(), out, error)) {
        if (error)
            *error = f.fileName() + QStringLiteral(": ") + *error;
        return false;
    }
    out->dir = dir; // the directory may have been moved
    for (auto &i : out->instances)
        i.spec.dir = dir + QLatin1Char('/') + i.spec.name;
    return true;
}

QByteArray rewriteDataSources(const QByteArray &sourceYaml, const SandboxState &state, QString *error)
{
    const QList<QByteArray> lines = sourceYaml.split('\n');
    int begin = -1, end = lines.size();
    for (int i = 0; i < lines.size(); ++i) {
        const QByteArray &l = lines.at(i);
        const bool topLevelKey = !l.isEmpty() && l.at(0) != ' ' && l.at(0) != '\t' && l.at(0) != '#' &&
            l.at(0) != '-' && l.contains(':');
        if (begin < 0) {
            if (topLevelKey && l.startsWith("dataSources:"))
                begin = i;
        } else if (topLevelKey) {
            end = i;
            break;
        }
    }
    if (begin < 0) {
        if (error)
            *error = QStringLiteral("the config has no top-level 'dataSources:' (the sandbox needs the native "
                                    "ShardingSphere YAML form)");
        return {};
    }
    // Keep trailing blank/comment lines of the block with what follows.
    while (end - 1 > begin && (lines.at(end - 1).trimmed().isEmpty() || lines.at(end - 1).trimmed().startsWith('#')))
        --end;
    QByteArray block = "dataSources:\n";
    block += "  # Written by 'shardctl sandbox up': local MariaDB instances on 127.0.0.1. No password here;\n";
    block += "  # it is in app.cnf next to this file (use --defaults-file or SHARDPILOT_DEFAULTS_FILE).\n";
    for (const auto &ds : state.dataSources) {
        if (ds.spare)
            continue;
        const int port = state.instances.at(ds.instance).spec.port;
        block += "  " + ds.name.toUtf8() + ":\n";
        block += "    dataSourceClassName: com.zaxxer.hikari.HikariDataSource\n";
        block += "    driverClassName: com.mysql.cj.jdbc.Driver\n";
        block += "    url: jdbc:mysql://127.0.0.1:" + QByteArray::number(port) + '/' + ds.schema.toUtf8() +
            "?useSSL=false&characterEncoding=utf8\n";
        block += "    username: " + state.appUser.toUtf8() + '\n';
    }
    QByteArray out;
    for (int i = 0; i < begin; ++i)
        out += lines.at(i) + '\n';
    out += block;
    for (int i = end; i < lines.size(); ++i) {
        out += lines.at(i);
        if (i + 1 < lines.size())
            out += '\n';
    }
    return out;
}

} // namespace sp::sandbox
