#include "core/config/Diagnostic.h"

#include "core/config/Printable.h"

#include <algorithm>

namespace sp {

QString SourceLocation::toString() const
{
    QString out = file.isEmpty() ? QStringLiteral("<input>") : file;
    if (line > 0) {
        out += QLatin1Char(':') + QString::number(line);
        if (column > 0)
            out += QLatin1Char(':') + QString::number(column);
    }
    return out;
}

QString severityName(Severity s)
{
    switch (s) {
    case Severity::Info:
        return QStringLiteral("info");
    case Severity::Warning:
        return QStringLiteral("warning");
    case Severity::Error:
        return QStringLiteral("error");
    }
    return QString();
}

Diagnostic Diagnostic::make(Severity severity, const QString &code, const Text &message,
                            const SourceLocation &location, const Text &hint)
{
    Diagnostic d;
    d.severity = severity;
    d.code = code;
    d.location = location;
    d.setMessage(message);
    d.setHint(hint);
    return d;
}

QString Diagnostic::toString() const
{
    // One line whatever the names in it hold (a file name or a config name with a line break).
    QString out = printableName(location.toString()) + QStringLiteral(": ") + severityName(severity) +
                  QStringLiteral(": ") + printableName(message);
    if (!code.isEmpty())
        out += QStringLiteral(" [") + printableName(code) + QLatin1Char(']');
    return out;
}

bool hasErrors(const Diagnostics &diags)
{
    return std::any_of(diags.begin(), diags.end(),
                       [](const Diagnostic &d) { return d.severity == Severity::Error; });
}

} // namespace sp
