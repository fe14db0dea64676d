#pragma once
#include "core/config/Text.h"

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

// One finding of the loader, the expander, the linter or the planner. `code` is stable across
// releases (scripts match on it), `message` is for people, `hint` says what to do about it.
// `messageText` and `hintText` are the same sentences as template and arguments, for the console
// to translate; set both pairs with setMessage/setHint (a message set alone is shown as is).
struct Diagnostic
{
    Severity severity = Severity::Error;
    QString code;
    QString message;
    SourceLocation location;
    QString hint;
    Text messageText;
    Text hintText;

    static Diagnostic make(Severity severity, const QString &code, const Text &message,
                           const SourceLocation &location = {}, const Text &hint = {});
    void setMessage(const Text &t)
    {
        message = t.text;
        messageText = t;
    }
    void setHint(const Text &t)
    {
        hint = t.text;
        hintText = t;
    }

    QString toString() const; // "file:line:col: error: message [code]"
};

using Diagnostics = QList<Diagnostic>;

bool hasErrors(const Diagnostics &diags);

} // namespace sp
