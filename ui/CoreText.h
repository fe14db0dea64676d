#pragma once
#include "core/config/Diagnostic.h"

#include <QCoreApplication>
#include <QObject>
#include <QStringList>

namespace sp::ui {

// The console's words for the sentences core builds (loader diagnostics, lint findings, plan
// steps, warnings, assumptions, strategy verdicts). Core keeps each as an English template with
// arguments (sp::Text); the template is looked up in this class's table, shown through tr() in
// this context, and its arguments rendered the same way. A template missing from the table, or a
// Text that does not state the English field it was stored with, is shown in English as core
// wrote it. Every console view of a core text goes through here.
class CoreText final
{
    Q_GADGET
    Q_DECLARE_TR_FUNCTIONS(sp::ui::CoreText)

public:
    static QString render(const Text &text);
    // An English field and the Text stored beside it (message/messageText, title/titleText, ...).
    static QString render(const QString &english, const Text &text);
    static QStringList render(const QStringList &english, const QList<Text> &texts);

    static QString message(const Diagnostic &d);
    static QString hint(const Diagnostic &d);
    static QString severity(Severity s); // "error", "warning", "info"
    // "file:line:col: error: message [code]" like Diagnostic::toString(), in the console's language.
    static QString line(const Diagnostic &d);

    // The templates of the table (tests check that core uses none that is missing). A template of
    // placeholders and punctuation only ("%1, %2" of a list, "%1 -> %2") needs no entry.
    static QStringList templates();
    // An argument as a sentence shows it: an ISO 8601 instant as the console shows times
    // (timestampText), anything else as it is.
    static QString timeOrText(const QString &argument);
    static bool needsEntry(const QString &source);
};

} // namespace sp::ui
