#pragma once
#include <QString>

namespace sp {

// The parts of a MySQL/MariaDB JDBC url ShardPilot needs to connect:
// `jdbc:mysql://host:port/db?params`, `jdbc:mariadb://...`, IPv6 `[::1]:3307`, port defaults to 3306.
// With several hosts (failover lists) the first one is used.
struct JdbcUrl
{
    bool ok = false;
    QString error;  // why parsing failed, when !ok
    QString scheme; // "mysql" or "mariadb"
    QString host;
    int port = 3306;
    QString database;
    QString params; // the text after '?', as written

    static JdbcUrl parse(const QString &url);
};

} // namespace sp
