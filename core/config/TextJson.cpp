#include "core/config/TextJson.h"

#include <QJsonArray>

namespace sp {

QJsonObject textToJson(const Text &t)
{
    QJsonObject o{{QStringLiteral("text"), t.text}};
    if (!t.source.isEmpty())
        o.insert(QStringLiteral("source"), t.source);
    if (!t.args.isEmpty()) {
        QJsonArray args;
        for (const Text &a : t.args)
            args.append(textToJson(a));
        o.insert(QStringLiteral("args"), args);
    }
    return o;
}

Text textFromJson(const QJsonObject &o)
{
    Text t(o.value(QStringLiteral("text")).toString());
    t.source = o.value(QStringLiteral("source")).toString();
    const QJsonArray args = o.value(QStringLiteral("args")).toArray();
    for (const QJsonValue &a : args)
        t.args.append(textFromJson(a.toObject()));
    return t;
}

} // namespace sp
