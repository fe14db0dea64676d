#include "core/config/DataSourceReader.h"

#include "core/config/JdbcUrl.h"
#include "core/config/Redaction.h"

namespace sp::detail {

namespace {
// `${DB_PASSWORD}` (Spring placeholder) and `ENC(...)` (jasypt) are references, not the secret itself.
bool isPlainSecret(const QString &value)
{
    const QString v = value.trimmed();
    if (v.isEmpty())
        return false;
    if (v.startsWith(QLatin1String("${")) && v.endsWith(QLatin1Char('}')))
        return false;
    if (v.startsWith(QLatin1String("ENC(")) && v.endsWith(QLatin1Char(')')))
        return false;
    return true;
}
} // namespace

DataSourceDef readDataSource(YamlContext &ctx, const YamlEntry &entry)
{
    DataSourceDef ds;
    ds.name = entry.rawKey.trimmed();
    ds.location = ctx.location(entry.keyNode);
    const Text owner = msg("data source '%1'", {ds.name});
    const YamlEntries props = ctx.entries(entry.value, owner);
    YAML::Node urlNode;
    for (const YamlEntry &p : props) {
        if (p.key == QLatin1String("url") || p.key == QLatin1String("jdbcUrl")) {
            if (const auto v = ctx.scalar(p.value, p.rawKey)) {
                ds.url = v->trimmed();
                urlNode = p.value;
            }
        } else if (p.key == QLatin1String("username")) {
            if (const auto v = ctx.scalar(p.value, p.rawKey))
                ds.username = v->trimmed();
        } else if (p.key == QLatin1String("password")) {
            // Never echo the value: only its presence matters to the loader.
            if (p.value.IsScalar() && ctx.take(qint64(p.value.Scalar().size()), p.value)) {
                const QString value = QString::fromStdString(p.value.Scalar());
                if (isPasswordPlaceholder(value)) {
                    ds.passwordPlaceholder = true; // an export's placeholder is never a password
                } else {
                    ds.password = value;
                    ds.passwordInFile = isPlainSecret(ds.password);
                }
            }
        }
    }
    if (ds.url.isEmpty()) {
        ctx.error(QStringLiteral("missing-field"), msg("%1 has no url", {owner}), ds.location,
                  msg("Add %1: jdbc:mysql://host:3306/schema", {ctx.keyName(QStringLiteral("url"))}));
        return ds;
    }
    const JdbcUrl u = JdbcUrl::parse(ds.url);
    if (u.password && isPasswordPlaceholder(*u.password)) {
        ds.passwordPlaceholder = true;
    } else if (u.password) {
        // A password inside the url is a secret in the file like a password: key. It is used
        // (unless the password: key gives one), flagged by the linter and never printed.
        ds.passwordInUrl = true;
        if (ds.password.isEmpty()) {
            ds.password = *u.password;
            ds.passwordInFile = isPlainSecret(ds.password);
        }
    }
    if (ds.username.isEmpty() && !u.user.isEmpty())
        ds.username = u.user;
    if (u.ok) {
        ds.host = u.host;
        ds.port = u.port;
        ds.database = u.database;
    } else {
        ctx.warning(QStringLiteral("bad-url"), msg("the url of %1 %2", {owner, u.errorText}),
                    ctx.scalarLocation(urlNode),
                    msg("ShardPilot connects with jdbc:mysql://host:port/schema or jdbc:mariadb://..."));
    }
    return ds;
}

} // namespace sp::detail
