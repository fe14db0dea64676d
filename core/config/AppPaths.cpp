#include "core/config/AppPaths.h"

#include <QCoreApplication>
#include <QDir>

namespace sp::AppPaths {

QString dataDir()
{
    const QString env = qEnvironmentVariable("SHARDPILOT_DATA_DIR");
    if (!env.isEmpty())
        return QDir::cleanPath(env);
    // Without an application object (static initialisers, some tests) fall back to the current
    // directory's view of the same layout; every program here creates one first.
    const QString bin = QCoreApplication::instance() ? QCoreApplication::applicationDirPath() : QDir::currentPath();
    return QDir::cleanPath(bin + QStringLiteral("/../share/shardpilot"));
}

QString examplesDir()
{
    const QString env = qEnvironmentVariable("SHARDPILOT_EXAMPLES_DIR");
    return env.isEmpty() ? dataDir() + QStringLiteral("/examples") : QDir::cleanPath(env);
}

QString translationsDir()
{
    return dataDir() + QStringLiteral("/translations");
}

QString examplePath(const QString &name)
{
    return examplesDir() + QLatin1Char('/') + name;
}

} // namespace sp::AppPaths
