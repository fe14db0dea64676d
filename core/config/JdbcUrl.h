#pragma once
#include "core/config/Text.h"

#include <QString>

#include <optional>

namespace sp {

// The parts of a MySQL/MariaDB JDBC url ShardPilot needs to connect:
// `jdbc:mysql://host:port/db?params`, `jdbc:mariadb://...`, IPv6 `[::1]:3307`, port defaults to 3306.
// With several hosts (failover lists) the first one is used. Credentials in the url
// (`jdbc:mysql://user:secret@host/db`, `?user=...&password=...`) are parsed so they can be used,
// flagged and redacted; nothing prints a url without redacted() first.
struct JdbcUrl
{
    bool ok = false;
    QString error;  // why parsing failed, when !ok ("has no host": follows "the url of ...")
    Text errorText; // `error` as template and arguments
    QString scheme; // "mysql" or "mariadb"
    QString host;
    int port = 3306;
    QString database;
    QString params; // the text after '?', as written
    QString user;   // from "user@" / "user:pw@" or a user= parameter (percent-decoded)
    std::optional<QString> password; // from "user:pw@" or a password= parameter (percent-decoded)

    static JdbcUrl parse(const QString &url);
    // The url with any password replaced by "******" (userinfo and password= parameters), also
    // when the url does not parse. Unsafe characters are shown as \xNN (sp::printableName).
    static QString redacted(const QString &url);
    // The same replacement in any text (a YAML line, a message), without the escaping; returns
    // how many passwords were replaced through `count` (optional). `replacement` empty: "******".
    static QString redactCredentials(const QString &text, int *count = nullptr, const QString &replacement = {});
};

} // namespace sp
