#include "core/config/JdbcUrl.h"

#include "core/config/Printable.h"

#include <QRegularExpression>
#include <QUrl>

namespace sp {

namespace {

QString decode(const QString &s)
{
    return QUrl::fromPercentEncoding(s.toUtf8());
}

// user=... and password=... in the parameter list (';' or '&' separated, keys case-insensitive).
void readCredentialParams(const QString &params, JdbcUrl &u)
{
    const QStringList pairs = params.split(QRegularExpression(QStringLiteral("[&;]")), Qt::SkipEmptyParts);
    for (const QString &pair : pairs) {
        const int eq = int(pair.indexOf(QLatin1Char('=')));
        if (eq < 0)
            continue;
        const QString key = pair.left(eq).trimmed().toLower();
        if (key == QLatin1String("password") || key == QLatin1String("pwd"))
            u.password = decode(pair.mid(eq + 1));
        else if (key == QLatin1String("user") && u.user.isEmpty())
            u.user = decode(pair.mid(eq + 1));
    }
}

} // namespace

QString JdbcUrl::redactCredentials(const QString &text, int *count, const QString &replacement)
{
    const QString secret = replacement.isEmpty() ? QStringLiteral("******") : replacement;
    // userinfo: scheme://user:secret@host -> scheme://user:******@host (up to the last '@' before
    // the path, since a password may itself contain '@').
    static const QRegularExpression userinfo(QStringLiteral("(://[^/?#:@\\s]*:)[^/?#\\s]*(@)"));
    static const QRegularExpression param(QStringLiteral("([?&;](?:password|pwd)=)[^&;#\\s\"']+"),
                                          QRegularExpression::CaseInsensitiveOption);
    QString out = text;
    int n = 0;
    for (const QRegularExpression *re : {&userinfo, &param}) {
        QString result;
        qsizetype last = 0;
        auto it = re->globalMatch(out);
        while (it.hasNext()) {
            const auto m = it.next();
            result += QStringView(out).mid(last, m.capturedEnd(1) - last) + secret;
            last = re == &userinfo ? m.capturedStart(2) : m.capturedEnd(0);
            ++n;
        }
        if (last > 0)
            out = result + QStringView(out).mid(last);
    }
    if (count)
        *count += n;
    return out;
}

QString JdbcUrl::redacted(const QString &url)
{
    return printableName(redactCredentials(url));
}

static void fail(JdbcUrl &u, const Text &why)
{
    u.error = why.text;
    u.errorText = why;
}

JdbcUrl JdbcUrl::parse(const QString &text)
{
    JdbcUrl u;
    const QString url = text.trimmed();
    if (!url.startsWith(QLatin1String("jdbc:"), Qt::CaseInsensitive)) {
        fail(u, msg("does not start with 'jdbc:'"));
        return u;
    }
    const int sep = int(url.indexOf(QLatin1String("://")));
    if (sep < 0) {
        fail(u, msg("has no '://'"));
        return u;
    }
    // "jdbc:mysql:loadbalance://" and similar sub-protocols keep the vendor as the first word.
    const QString protocol = url.mid(5, sep - 5).toLower();
    u.scheme = protocol.section(QLatin1Char(':'), 0, 0);
    if (u.scheme != QLatin1String("mysql") && u.scheme != QLatin1String("mariadb")) {
        fail(u, msg("is not a MySQL or MariaDB url ('%1')", {u.scheme}));
        return u;
    }
    QString rest = url.mid(sep + 3);
    const int q = int(rest.indexOf(QLatin1Char('?')));
    if (q >= 0) {
        u.params = rest.mid(q + 1);
        rest.truncate(q);
    }
    readCredentialParams(u.params, u);
    const int slash = int(rest.indexOf(QLatin1Char('/')));
    QString hosts = slash >= 0 ? rest.left(slash) : rest;
    u.database = slash >= 0 ? rest.mid(slash + 1) : QString();
    // user[:password]@ before the host list (the last '@': a password may contain one).
    const int at = int(hosts.lastIndexOf(QLatin1Char('@')));
    if (at >= 0) {
        const QString info = hosts.left(at);
        hosts = hosts.mid(at + 1);
        const int colon = int(info.indexOf(QLatin1Char(':')));
        u.user = decode(colon >= 0 ? info.left(colon) : info);
        if (colon >= 0)
            u.password = decode(info.mid(colon + 1));
    }
    const QString first = hosts.section(QLatin1Char(','), 0, 0).trimmed();
    QString portText;
    if (first.startsWith(QLatin1Char('['))) {
        const int close = int(first.indexOf(QLatin1Char(']')));
        if (close < 0) {
            fail(u, msg("has an unclosed '[' in the host"));
            return u;
        }
        u.host = first.mid(1, close - 1);
        const QString after = first.mid(close + 1);
        if (!after.isEmpty()) {
            if (!after.startsWith(QLatin1Char(':'))) {
                fail(u, msg("has text after the IPv6 address"));
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
            fail(u, msg("has an IPv6 host without brackets"));
            return u;
        }
    }
    if (u.host.isEmpty()) {
        fail(u, msg("has no host"));
        return u;
    }
    if (!portText.isEmpty()) {
        bool ok = false;
        const int port = portText.toInt(&ok);
        if (!ok || port <= 0 || port > 65535) {
            fail(u, msg("has an invalid port '%1'", {portText}));
            return u;
        }
        u.port = port;
    }
    u.ok = true;
    return u;
}

} // namespace sp
