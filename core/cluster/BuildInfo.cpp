#include "core/cluster/BuildInfo.h"

#include <mysql.h>

#ifndef SHARDPILOT_VERSION
#error "SHARDPILOT_VERSION is set by core/CMakeLists.txt"
#endif
#ifndef SHARDPILOT_YAMLCPP_VERSION
#define SHARDPILOT_YAMLCPP_VERSION "unknown"
#endif

namespace sp {

BuildInfo buildInfo()
{
    BuildInfo b;
    b.version = QStringLiteral(SHARDPILOT_VERSION);
    b.qtRuntime = QString::fromLatin1(qVersion());
    b.qtBuilt = QStringLiteral(QT_VERSION_STR);
    b.mariadbClient = QString::fromLatin1(mysql_get_client_info());
    b.yamlCpp = QStringLiteral(SHARDPILOT_YAMLCPP_VERSION);
    return b;
}

QStringList versionLines(const BuildInfo &info)
{
    QString qt = QStringLiteral("Qt ") + info.qtRuntime;
    if (info.qtBuilt != info.qtRuntime)
        qt += QStringLiteral(" (built with ") + info.qtBuilt + QLatin1Char(')');
    return {QStringLiteral("ShardPilot ") + info.version, qt,
            QStringLiteral("MariaDB Connector/C ") + info.mariadbClient, QStringLiteral("yaml-cpp ") + info.yamlCpp};
}

} // namespace sp
