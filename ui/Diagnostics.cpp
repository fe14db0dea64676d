#include "ui/Diagnostics.h"

#include "core/cluster/BuildInfo.h"
#include "core/config/AppPaths.h"
#include "ui/AppContext.h"
#include "ui/Settings.h"

#include <QCoreApplication>
#include <QGuiApplication>
#include <QLocale>
#include <QSysInfo>

namespace sp::ui {

QStringList serverVersionLines(const AppContext *ctx)
{
    QStringList out;
    if (!ctx || !ctx->snapshot())
        return out;
    for (const InstanceHealth &h : ctx->snapshot()->instances) {
        const QString where = h.dataSource + QLatin1Char(' ') + h.host + QLatin1Char(':') + QString::number(h.port);
        out << where + QStringLiteral(" — ") +
                (h.reachable ? (h.version.isEmpty() ? QStringLiteral("version unknown") : h.version)
                             : QStringLiteral("unreachable"));
    }
    return out;
}

QString diagnosticsText(const AppContext *ctx, const Settings *settings)
{
    QStringList l;
    l << versionLines(buildInfo());
    const QStringList servers = serverVersionLines(ctx);
    if (servers.isEmpty())
        l << QStringLiteral("Servers: not connected");
    else {
        l << QStringLiteral("Servers (last refresh):");
        for (const QString &s : servers)
            l << QStringLiteral("  ") + s;
    }
    l << QString() << QStringLiteral("Paths:");
    l << QStringLiteral("  program: ") + QCoreApplication::applicationFilePath();
    l << QStringLiteral("  data: ") + AppPaths::dataDir();
    l << QStringLiteral("  examples: ") + AppPaths::examplesDir();
    l << QStringLiteral("  translations: ") + AppPaths::translationsDir();
    if (settings) {
        l << QStringLiteral("  settings: ") + settings->fileName();
        l << QStringLiteral("  sandbox: ") + settings->sandboxDir();
    }
    if (ctx && ctx->hasConfig())
        l << QStringLiteral("  config: ") + ctx->configPath();
    l << QString() << QStringLiteral("Platform: ") + QSysInfo::prettyProductName() + QStringLiteral(", ") +
            QSysInfo::currentCpuArchitecture() + QStringLiteral(", Qt platform ") + QGuiApplication::platformName();
    l << QStringLiteral("Locale: ") + QLocale().name();
    return l.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace sp::ui
