#include "ui/SandboxLauncher.h"

#include "core/job/Job.h"

#include <QDir>
#include <QFileInfo>

namespace sp::ui {

SandboxLauncher::SandboxLauncher(QObject *parent) : QObject(parent), m_runner(new JobRunner(this))
{
    connect(m_runner, &JobRunner::progress, this,
            [this](qint64, qint64, const QString &line) { emit progress(line); });
    connect(m_runner, &JobRunner::failed, this, [this](const QString &error) {
        emit failed(tr("The sandbox did not start: %1").arg(error));
    });
    connect(m_runner, &JobRunner::cancelled, this, [this] { emit failed(tr("Cancelled.")); });
}

SandboxLauncher::~SandboxLauncher() = default;

bool SandboxLauncher::isRunning() const
{
    return m_runner->isRunning();
}

void SandboxLauncher::start(const QString &dir)
{
    if (isRunning())
        return;
    if (!QDir().mkpath(dir)) {
        emit failed(tr("Cannot create the sandbox directory %1.").arg(dir));
        return;
    }
    const SandboxOptions base = m_options;
    m_runner->start(
        [dir, base](JobControl &control) {
            SandboxOptions options = base;
            options.dieWithParent = false; // worker threads come and go; the servers must not follow them
            // Every progress line reaches the operator (the sink throttles, so lines are reported as
            // done/total = step/step: each is a "last" report and always goes through).
            int step = 0;
            options.progress = [&control, &step](const QString &line) {
                ++step;
                control.progress(step, step, line);
            };
            options.cancelled = [&control] { return control.isCancelled(); };
            Sandbox sandbox(dir);
            const SandboxUpResult r = sandbox.up(options);
            if (!r.ok)
                throw JobError(r.error);
            const QString config = sandbox.state().clusterYaml();
            if (!QFileInfo::exists(config))
                throw JobError(QStringLiteral("the sandbox started but %1 does not exist").arg(config));
            return config;
        },
        [this](const QString &config) { emit finished(config); });
}

void SandboxLauncher::cancel()
{
    // Returns at once; the job stops at its next step and stops the servers it started.
    m_runner->cancel();
}

} // namespace sp::ui
