#include "core/analysis/LintRules.h"

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
