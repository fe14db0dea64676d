#include "core/analysis/LintRules.h"

#include "core/config/Printable.h"

namespace sp::lint {

// A Spring placeholder (${DB_PASSWORD}) is resolved at run time; it is not a secret in the file.
static bool isPlaceholder(const QString &value)
{
    const QString v = value.trimmed();
    return v.startsWith(QLatin1String("${")) && v.endsWith(QLatin1Char('}'));
}

void checkSecrets(LintContext &ctx)
{
    for (const DataSourceDef &ds : ctx.config().dataSources) {
        if (ds.passwordPlaceholder)
            ctx.add(Severity::Warning, QStringLiteral("placeholder-password"),
                    msg("data source '%1' has the placeholder ShardPilot writes instead of a password; it is "
                        "not used as one",
                        {printableName(ds.name)}),
                    ds.location.isValid() ? ds.location : ctx.fileLocation(),
                    msg("This file came from a plan or config export, which never writes passwords. Put the "
                        "password back from the original config, or remove the placeholder and let the "
                        "keychain, a MySQL option file or SHARDPILOT_PASSWORD_<DS> provide it."));
        if (!ds.passwordInFile || ds.password.isEmpty() || isPlaceholder(ds.password))
            continue;
        // Never echo the value, not even its length.
        ctx.add(Severity::Warning, QStringLiteral("plain-text-password"),
                ds.passwordInUrl ? msg("data source '%1' has its password written in its url", {ds.name})
                                 : msg("data source '%1' has its password written in the file", {ds.name}),
                ds.location.isValid() ? ds.location : ctx.fileLocation(),
                msg("Replace it with a placeholder such as ${DB_PASSWORD} resolved from the "
                    "environment, or keep it in the OS keychain or a MySQL option file; "
                    "ShardPilot redacts it on export."));
    }
}

} // namespace sp::lint

namespace sp::lint {

void checkNames(LintContext &ctx)
{
    for (const UnsafeName &n : unsafeNames(ctx.config()))
        ctx.add(Severity::Error, QStringLiteral("control-character"),
                msg("%1 contains the control or bidi character %2", {n.what, n.codePoint}),
                n.location.isValid() ? n.location : ctx.fileLocation(),
                msg("Rename it. Names are written into generated SQL, scripts, reports and terminal "
                    "output, where a line break, an escape sequence or a bidi override can end a comment "
                    "early, run a statement or hide text; plan refuses such a config."));
}

} // namespace sp::lint
