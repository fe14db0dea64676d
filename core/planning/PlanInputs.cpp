#include "core/planning/PlanInputs.h"

#include "core/planning/KeyStats.h"

#include <QFile>

namespace sp::planning {

std::optional<PlanInput> buildPlanInput(const QString &configPath, const ShardingConfig &config,
                                        const std::optional<ClusterSnapshot> &snapshot,
                                        const PlanRequest &request, const PlanInputOptions &options,
                                        QString *error, QStringList *notes)
{
    QFile f(configPath);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = configPath + QStringLiteral(": ") + f.errorString();
        return std::nullopt;
    }
    PlanInput in;
    in.configPath = configPath;
    in.configText = f.readAll();
    in.config = config;
    in.snapshot = snapshot;
    in.request = request;
    if (options.liveKeyStats && snapshot) {
        const KeyStatsResult k = KeyStats::collect(config, *snapshot, options.inspect);
        in.rowsPerKey = k.rowsPerKey;
        if (notes)
            *notes += k.notes;
    }
    return in;
}

} // namespace sp::planning
