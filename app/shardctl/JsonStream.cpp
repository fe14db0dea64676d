#include "JsonStream.h"

#include <QJsonDocument>
#include <QJsonValue>

namespace sp::cli {

JsonStream::JsonStream(QTextStream &out, const QString &arrayKey) : m_out(out)
{
    // The key through QJsonDocument too, so it is escaped like everything else.
    const QByteArray key =
        QJsonDocument(QJsonObject{{arrayKey, QJsonValue()}}).toJson(QJsonDocument::Compact);
    // key is {"name":null}; keep {"name":
    m_out << QString::fromUtf8(key.left(key.size() - 5)) << '[';
}

void JsonStream::item(const QJsonObject &object)
{
    m_out << (m_first ? "\n" : ",\n")
          << QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
    m_first = false;
}

void JsonStream::finish(const QJsonObject &trailer)
{
    m_out << "\n]";
    const QByteArray rest = QJsonDocument(trailer).toJson(QJsonDocument::Compact);
    if (trailer.isEmpty())
        m_out << "}\n";
    else
        m_out << ',' << QString::fromUtf8(rest.mid(1)) << '\n'; // drop the trailer's '{'
}

} // namespace sp::cli
