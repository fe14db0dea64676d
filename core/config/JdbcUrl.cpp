#include "core/config/JdbcUrl.h"

namespace sp {

JdbcUrl JdbcUrl::parse(const QString &text)
{
    JdbcUrl u;
    const QString url = text.trimmed();
    if (!url.startsWith(QLatin1String("jdbc:"), Qt::CaseInsensitive)) {
        u.error = QStringLiteral("does not start with 'jdbc:'");
        return u;
    }
    const int sep = int(url.indexOf(QLatin1String("://")));
    if (sep < 0) {
        u.error = QStringLiteral("has no '://'");
        return u;
    }
    // "jdbc:mysql:loadbalance://" and similar sub-protocols keep the vendor as the first word.
    const QString protocol = url.mid(5, sep - 5).toLower();
    u.scheme = protocol.section(QLatin1Char(':'), 0, 0);
    if (u.scheme != QLatin1String("mysql") && u.scheme != QLatin1String("mariadb")) {
        u.error = QStringLiteral("is not a MySQL or MariaDB url ('%1')").arg(u.scheme);
        return u;
    }
    QString rest = url.mid(sep + 3);
    const int q = int(rest.indexOf(QLatin1Char('?')));
    if (q >= 0) {
        u.params = rest.mid(q + 1);
        rest.truncate(q);
    }
    const int slash = int(rest.indexOf(QLatin1Char('/')));
    QString hosts = slash >= 0 ? rest.left(slash) : rest;
    u.database = slash >= 0 ? rest.mid(slash + 1) : QString();
    const QString first = hosts.section(QLatin1Char(','), 0, 0).trimmed();
    QString portText;
    if (first.startsWith(QLatin1Char('['))) {
        const int close = int(first.indexOf(QLatin1Char(']')));
        if (close < 0) {
            u.error = QStringLiteral("has an unclosed '[' in the host");
            return u;
        }
        u.host = first.mid(1, close - 1);
        const QString after = first.mid(close + 1);
        if (!after.isEmpty()) {
            if (!after.startsWith(QLatin1Char(':'))) {
                u.error = QStringLiteral("has text after the IPv6 address");
                return u;
            }
            portText = after.mid(1);
        }
    } else {
        const int colon = int(first.lastIndexOf(QLatin1Char(':')));
        u.host = colon >= 0 ? first.left(colon) : first;
        if (colon >= 0)
            portText = first.mid(colon + 1);
        if (u.host.contains(QLatin1Char(':'))) {
            u.error = QStringLiteral("has an IPv6 host without brackets");
            return u;
        }
    }
    if (u.host.isEmpty()) {
        u.error = QStringLiteral("has no host");
        return u;
    }
    if (!portText.isEmpty()) {
        bool ok = false;
        const int port = portText.toInt(&ok);
        if (!ok || port <= 0 || port > 65535) {
            u.error = QStringLiteral("has an invalid port '%1'").arg(portText);
            return u;
        }
        u.port = port;
    }
    u.ok = true;
    return u;
}

} // namespace sp
