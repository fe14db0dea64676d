#include "core/analysis/Linter.h"

#include "core/analysis/LintRules.h"

#include <QSet>

#include <limits>

namespace sp {

Diagnostics Linter::lint(const ShardingConfig &config, const LintOptions &options)
{
    lint::LintContext ctx(config, options);
    lint::checkReferences(ctx);
    lint::checkTableGroups(ctx);
    lint::checkAlgorithms(ctx);
    lint::checkTargets(ctx);
    lint::checkReachability(ctx);
    lint::checkSecrets(ctx);
    lint::checkNames(ctx);
    Diagnostics out = ctx.takeDiagnostics();
    // File order, so the output reads top to bottom; findings without a line go last.
    auto line = [](const Diagnostic &d) {
        return d.location.line > 0 ? d.location.line : std::numeric_limits<int>::max();
    };
    std::stable_sort(out.begin(), out.end(), [&](const Diagnostic &a, const Diagnostic &b) {
        if (line(a) != line(b))
            return line(a) < line(b);
        return a.location.column < b.location.column;
    });
    return out;
}

Diagnostics Linter::withoutLoaderDuplicates(const Diagnostics &lint, const Diagnostics &loader)
{
    auto canonical = [](const QString &code) {
        if (code == QLatin1String("unknown-data-source"))
            return QStringLiteral("undefined-data-source");
        if (code == QLatin1String("unknown-algorithm"))
            return QStringLiteral("undefined-algorithm");
        return code;
    };
    QSet<QString> seen;
    for (const Diagnostic &d : loader)
        seen.insert(canonical(d.code) + QLatin1Char('@') + d.location.file + QLatin1Char(':') +
                    QString::number(d.location.line));
    Diagnostics out;
    for (const Diagnostic &d : lint) {
        if (d.location.line > 0 && seen.contains(canonical(d.code) + QLatin1Char('@') + d.location.file +
                                                 QLatin1Char(':') + QString::number(d.location.line)))
            continue;
        out.append(d);
    }
    return out;
}

QStringList Linter::codes()
{
    return {QStringLiteral("unreachable-nodes"),       QStringLiteral("hash-mod-no-sql"),
            QStringLiteral("binding-no-rule"),         QStringLiteral("binding-mismatch"),
            QStringLiteral("broadcast-has-rule"),      QStringLiteral("broadcast-table"),
            QStringLiteral("undefined-data-source"),   QStringLiteral("unused-data-source"),
            QStringLiteral("duplicate-data-node"),     QStringLiteral("undefined-algorithm"),
            QStringLiteral("unused-algorithm"),        QStringLiteral("missing-strategy"),
            QStringLiteral("sharding-count-mismatch"), QStringLiteral("suffix-ambiguous"),
            QStringLiteral("cannot-evaluate"),         QStringLiteral("needs-class-based"),
            QStringLiteral("invalid-algorithm"),       QStringLiteral("plain-text-password"),
            QStringLiteral("simulation-budget")};
}

} // namespace sp
