#pragma once
#include <QJsonObject>
#include <QTextStream>

namespace sp::cli {

// Writes {"<arrayKey>":[item,item,...],<trailer fields>} one item per line as the items come, so
// a command can stream millions of results and the whole output is still one JSON document.
// Items and the trailer are QJsonObjects (keys sorted, so the output is stable).
class JsonStream final
{
public:
    JsonStream(QTextStream &out, const QString &arrayKey);
    void item(const QJsonObject &object);
    void finish(const QJsonObject &trailer);

private:
    QTextStream &m_out;
    bool m_first = true;
};

} // namespace sp::cli
