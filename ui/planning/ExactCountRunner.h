#pragma once
#include "core/config/ShardingConfig.h"
#include "core/live/ExactCounter.h"
#include "core/planning/ExpansionPlan.h"

#include <QObject>

#include <atomic>
#include <memory>

namespace sp {
class JobRunner;
}

namespace sp::ui {

// Runs planning::ExactCounter on a copy of a plan off the UI thread, as a job (sp::JobRunner):
// throttled progress, cancel() sets the counter's flag and drops the result at once, without
// waiting.
class ExactCountRunner final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExactCountRunner)
public:
    explicit ExactCountRunner(QObject *parent = nullptr);
    ~ExactCountRunner() override;

    void start(const planning::ExpansionPlan &plan, const ShardingConfig &oldConfig,
               const InspectionOptions &options);
    void cancel();
    bool isRunning() const;

signals:
    void progress(int done, int total);
    void finished(const sp::planning::ExpansionPlan &counted, const sp::planning::ExactCountResult &result);
    void cancelled();

private:
    JobRunner *m_runner;
};

} // namespace sp::ui
