#include "core/live/PlanInputs.h"

#include "core/live/KeyStats.h"
#include "core/live/TableDdl.h"
#include "core/sandbox/SandboxState.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include "core/config/ConfigLoader.h"
#include "core/config/TextFile.h"

namespace sp::planning {

std::optional<PlanInput> buildPlanInput(const QString &configPath, const ShardingConfig &config,
                                        const std::optional<ClusterSnapshot> &snapshot,
                                        const PlanRequest &request, const PlanInputOptions &options,
                                        QString *error, QStringList *notes, QList<Text> *noteTexts)
{
    auto note = [notes, noteTexts](const Text &t) {
        if (notes)
            *notes << t.text;
        if (noteTexts)
            *noteTexts << t;
    };
    const TextFileResult file = readTextFile(configPath, LoadOptions{}.maxFileBytes);
    if (!file.ok()) {
        if (error)
            *error = configPath + QStringLiteral(": ") + file.error;
        return std::nullopt;
    }
    PlanInput in;
    in.configPath = configPath;
    in.configText = file.bytes;
    in.config = config;
    in.snapshot = snapshot;
    in.request = request;
    // A sandbox config: its spare instances are where new data sources go (a guessed url would
    // point at an existing instance). Urls the caller gave win.
    sandbox::SandboxState box;
    QString sandboxError;
    const QFileInfo info(configPath);
    if (QFileInfo::exists(info.dir().filePath(QStringLiteral("sandbox.json")))
        && sandbox::SandboxState::load(info.absolutePath(), &box, &sandboxError)
        && QFileInfo(box.clusterYaml()).canonicalFilePath() == info.canonicalFilePath()) {
        const QString last = config.dataSources.isEmpty() ? QString() : config.dataSources.last().url;
        const qsizetype q = last.indexOf(QLatin1Char('?'));
        const QString query = q >= 0 ? last.mid(q) : QString();
        QStringList used;
        for (const sandbox::SandboxDataSource &ds : std::as_const(box.dataSources)) {
            if (!ds.spare || config.dataSource(ds.name) || in.request.newUrls.contains(ds.name)
                || ds.instance < 0 || ds.instance >= box.instances.size())
                continue;
            in.request.newUrls.insert(ds.name, QStringLiteral("jdbc:mysql://127.0.0.1:%1/%2%3")
                                                   .arg(box.instances.at(ds.instance).spec.port)
                                                   .arg(ds.schema, query));
            used << ds.name;
        }
        if (!used.isEmpty())
            note(msg("sandbox: new data sources %1 use the sandbox's spare instances", {used.join(QStringLiteral(", "))}));
    }
    if (options.liveKeyStats && snapshot) {
        const KeyStatsResult k = KeyStats::collect(config, *snapshot, options.inspect);
        // Only what is exact goes into the plan: a unique key holds one row. The mean rows per key
        // of the others is in the notes, for the reader.
        for (const QString &table : k.uniqueKeys)
            in.rowsPerKey.insert(table, 1.0);
        for (const Text &t : k.noteTexts)
            note(t);
    }
    if (options.liveTableDdl && snapshot) {
        const TableDdlResult d = TableDdl::collect(config, *snapshot, options.inspect);
        in.tableDdl = d.ddl;
        if (notes)
            *notes += d.notes;
    }
    return in;
}

} // namespace sp::planning
