#pragma once
#include <QList>
#include <QString>

namespace sp {

// 1-based line and column; 0 means "unknown".
struct SourceLocation
{
    QString file;
    int line = 0;
    int column = 0;

    bool isValid() const { return line > 0; }
    QString toString() const; // "file:line:column" (parts omitted when unknown)
};

enum class Severity { Info, Warning, Error };

QString severityName(Severity s); // "info", "warning", "error"

// One finding of the loader, the expander or the linter. `code` is stable across releases
// (scripts match on it), `message` is for people, `hint` says what to do about it.
struct Diagnostic
{
    Severity severity = Severity::Error;
    QString code;
    QString message;
    SourceLocation location;
    QString hint;

    QString toString() const; // "file:line:col: error: message [code]"
};

using Diagnostics = QList<Diagnostic>;

bool hasErrors(const Diagnostics &diags);

} // namespace sp
