#pragma once
#include "core/sandbox/Sandbox.h"

#include <QObject>

namespace sp {
class JobRunner;
}

namespace sp::ui {

// Brings up the local sandbox cluster off the UI thread through the core (sp::Sandbox::up, the
// same code `shardctl sandbox up` runs), as a job of the one job model: progress lines from the
// core, cancel between steps (the instances it started are stopped again), the result on the UI
// thread. The servers are separate processes: closing the console does not stop them.
class SandboxLauncher final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SandboxLauncher)
public:
    explicit SandboxLauncher(QObject *parent = nullptr);
    ~SandboxLauncher() override;

    bool isRunning() const;
    // Instances, demo rows, config and seed of the sandboxes it creates (default: SandboxOptions{},
    // as `shardctl sandbox up`). Progress and cancellation are the launcher's own.
    void setOptions(const SandboxOptions &options) { m_options = options; }
    void start(const QString &dir);
    void cancel();

signals:
    void progress(const QString &line);
    void finished(const QString &configPath);
    void failed(const QString &error);

private:
    JobRunner *m_runner;
    SandboxOptions m_options;
};

} // namespace sp::ui
