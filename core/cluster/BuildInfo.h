#pragma once
#include <QString>
#include <QStringList>

namespace sp {

// What a bug report needs to know about this build: shared by `shardctl --version`, the console's
// About box and Help > Copy diagnostics, so they never disagree.
struct BuildInfo
{
    QString version;          // ShardPilot's own version (CMake project version)
    QString qtRuntime;        // qVersion(): the Qt libraries actually loaded
    QString qtBuilt;          // QT_VERSION_STR: the Qt headers this build was compiled against
    QString mariadbClient;    // mysql_get_client_info(): the MariaDB Connector/C library loaded
    QString yamlCpp;          // yaml-cpp version the build was configured with
};

BuildInfo buildInfo();

// "ShardPilot 0.1.0", "Qt 6.4.2 (built with 6.4.2)", "MariaDB Connector/C 3.3.8", "yaml-cpp 0.7.0".
QStringList versionLines(const BuildInfo &info);

} // namespace sp
