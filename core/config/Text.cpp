#include "core/config/Text.h"

#include <QJsonArray>
#include <QJsonObject>

namespace sp {

QStringList Text::templates() const
{
    QStringList out;
    if (!source.isEmpty())
        out << source;
    for (const Text &a : args)
        out += a.templates();
    return out;
}

Text msg(const char *source, QList<Text> args)
{
    Text t;
    t.source = QString::fromUtf8(source);
    QStringList texts;
    texts.reserve(args.size());
    for (const Text &a : std::as_const(args))
        texts << a.text;
    t.text = substituteArgs(t.source, texts);
    t.args = std::move(args);
    return t;
}

Text joined(const QList<Text> &items, const QString &separator)
{
    // A template made only of placeholders and the separator: the console renders each item.
    QString source;
    QStringList texts;
    for (int i = 0; i < items.size(); ++i) {
        if (i > 0)
            source += separator;
        source += QLatin1Char('%') + QString::number(i + 1);
        texts << items.at(i).text;
    }
    Text t;
    t.text = texts.join(separator);
    bool translatable = false;
    for (const Text &i : items)
        translatable = translatable || i.isTranslatable();
    if (translatable && items.size() <= 99) {
        t.source = source;
        t.args = items;
    }
    return t;
}

QJsonValue textToJson(const Text &t)
{
    if (!t.isTranslatable())
        return t.text;
    QJsonArray args;
    for (const Text &a : t.args)
        args.append(textToJson(a));
    return QJsonObject{{QStringLiteral("template"), t.source}, {QStringLiteral("args"), args}};
}

static Text textFromJson(const QJsonValue &v, int depth)
{
    if (!v.isObject() || depth > 8)
        return Text(v.toString());
    const QJsonObject o = v.toObject();
    Text t;
    t.source = o.value(QStringLiteral("template")).toString();
    QStringList texts;
    for (const QJsonValue &a : o.value(QStringLiteral("args")).toArray()) {
        t.args << textFromJson(a, depth + 1);
        texts << t.args.constLast().text;
    }
    t.text = substituteArgs(t.source, texts);
    return t;
}

Text textFromJson(const QJsonValue &v)
{
    return textFromJson(v, 0);
}

Text textOf(const QString &english, const Text &text)
{
    return text.text == english ? text : Text(english);
}

static int digit(QChar c)
{
    return c >= QLatin1Char('0') && c <= QLatin1Char('9') ? c.unicode() - '0' : -1;
}

QString substituteArgs(QStringView source, const QStringList &args)
{
    QString out;
    out.reserve(source.size() + 16 * args.size());
    const qsizetype n = source.size();
    qsizetype i = 0;
    while (i < n) {
        const QChar c = source.at(i);
        if (c == QLatin1Char('%') && i + 1 < n && digit(source.at(i + 1)) > 0) {
            int number = digit(source.at(i + 1));
            qsizetype end = i + 2;
            if (end < n && digit(source.at(end)) >= 0 && number * 10 + digit(source.at(end)) <= args.size()) {
                number = number * 10 + digit(source.at(end));
                ++end;
            }
            if (number <= args.size()) {
                out += args.at(number - 1);
                i = end;
                continue;
            }
        }
        out += c;
        ++i;
    }
    return out;
}

} // namespace sp
