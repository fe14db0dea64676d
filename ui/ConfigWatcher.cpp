#include "ui/ConfigWatcher.h"

#include "ui/AppContext.h"
#include "ui/ConfigReader.h"
#include "ui/migration/RunController.h"

#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QTimer>

namespace sp::ui {

ConfigWatcher::ConfigWatcher(AppContext *ctx, QObject *parent)
    : QObject(parent), m_ctx(ctx), m_watcher(new QFileSystemWatcher(this)), m_debounce(new QTimer(this))
{
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(debounceMs());
    // A rename over the file drops the file's watch: the folder's change brings it back (watch()).
    connect(m_watcher, &QFileSystemWatcher::fileChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_debounce, &QTimer::timeout, this, [this] {
        watch();
        reloadIfChanged();
    });
    connect(m_ctx, &AppContext::configChanged, this, &ConfigWatcher::watch);
    watch();
}

void ConfigWatcher::followRun(RunController *controller)
{
    connect(controller, &RunController::stateChanged, this, [this, controller] {
        const auto &st = controller->state();
        if (!st || st->configSha256.isEmpty() || !m_ctx->hasConfig() ||
            st->configSha256 == m_ctx->configSha256())
            return;
        if (QFileInfo(st->spec.configPath).absoluteFilePath() !=
            QFileInfo(m_ctx->configPath()).absoluteFilePath())
            return;
        reloadIfChanged();
    });
}

void ConfigWatcher::watch()
{
    const QString path = m_ctx->hasConfig() ? QFileInfo(m_ctx->configPath()).absoluteFilePath() : QString();
    const QString dir = path.isEmpty() ? QString() : QFileInfo(path).absolutePath();
    QStringList drop;
    for (const QString &p : m_watcher->files() + m_watcher->directories())
        if (p != path && p != dir)
            drop << p;
    if (!drop.isEmpty())
        m_watcher->removePaths(drop);
    if (path.isEmpty() || path.startsWith(QLatin1Char(':')))
        return;
    if (!m_watcher->directories().contains(dir) && QFileInfo(dir).isDir())
        m_watcher->addPath(dir);
    if (!m_watcher->files().contains(path) && QFileInfo::exists(path))
        m_watcher->addPath(path);
}

bool ConfigWatcher::reloadIfChanged()
{
    if (!m_ctx->hasConfig() || !QFileInfo::exists(m_ctx->configPath()))
        return false; // removed: the console keeps what it shows until a file is there again
    const ConfigRead read = readConfigFile(m_ctx->configPath());
    if (read.sha256.isEmpty() || read.sha256 == m_ctx->configSha256())
        return false;
    const int before = int(m_ctx->config().dataSources.size());
    m_ctx->reloadConfig(read.load, read.lint, read.sha256);
    emit reloaded(m_ctx->configPath(), before, int(m_ctx->config().dataSources.size()));
    return true;
}

} // namespace sp::ui
