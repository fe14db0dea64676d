#pragma once
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include <type_traits>

namespace sp {

// A sentence for people, kept as an English template with numbered placeholders (%1..%n) and its
// arguments besides the English text they make. Core fills the English fields its front ends
// print (messages, hints, step titles: the CLI, JSON and exports) from `text`, and keeps the Text
// beside them so the console can show the same sentence through tr() (ui/CoreText). An argument
// is itself a Text: a name, number or SQL fragment (no template: shown as is) or a phrase with a
// template of its own ("table '%1'"), which the console translates too.
struct Text
{
    QString text;     // the English sentence
    QString source;   // its template; empty when `text` is not translatable
    QList<Text> args; // what %1..%n stand for

    // Implicit, so arguments are written as they are: names, SQL fragments, counts.
    Text() = default;
    Text(const QString &plain) : text(plain) {}
    template <typename N, std::enable_if_t<std::is_integral_v<N> && !std::is_same_v<N, bool>, int> = 0>
    Text(N number) : text(QString::number(number)) {}

    bool isEmpty() const { return text.isEmpty(); }
    bool isTranslatable() const { return !source.isEmpty(); }
    // Every template in this text and its arguments, depth first (the console's table must hold each).
    QStringList templates() const;
};

// The one way core builds a translatable sentence: `source` is an English template (a string
// literal, also listed in the console's table in ui/CoreText.cpp); the text is the template with
// the arguments' texts in place of %1..%n.
Text msg(const char *source, QList<Text> args = {});
// `items` joined by `separator`: a list argument whose items may be phrases themselves (its
// template has placeholders and punctuation only, which the console does not translate).
Text joined(const QList<Text> &items, const QString &separator);

// `text` when it states `english` (the English field it was set with), else `english` as it is:
// a field changed without its Text, or read back from JSON, is never shown out of date.
Text textOf(const QString &english, const Text &text);

// A Text as JSON, so a saved plan is shown in the console's language when it is read back: a text
// without a template is a string, a sentence {"template": "...", "args": [...]}. Read back, the
// English text is made again from the template and arguments (at most 8 levels deep; deeper or
// malformed parts are plain text); a reader keeps it only where it states the English field stored
// beside it (textOf).
QJsonValue textToJson(const Text &t);
Text textFromJson(const QJsonValue &v);

// Replaces %1..%n (n up to 99) by args[n-1] in one pass, so an argument that itself contains
// "%2" stays as it is. A '%' not followed by the number of an argument is kept.
QString substituteArgs(QStringView source, const QStringList &args);

} // namespace sp
