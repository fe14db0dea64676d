#include "core/planning/PlanInputs.h"

#include <QFile>

namespace sp::planning {

std::optional<PlanInput> buildPlanInput(const QString &configPath, const ShardingConfig &config,
                                        const std::optional<ClusterSnapshot> &snapshot,
                                        const PlanRequest &request, const PlanInputOptions &options,
                                        QString *error)
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
    Q_UNUSED(options) // liveKeyStats: rows-per-key from index statistics (to do)
    return in;
}

} // namespace sp::planning
