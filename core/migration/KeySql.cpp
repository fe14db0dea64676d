#include "core/migration/KeySql.h"

#include "core/migration/ExactRows.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QStringDecoder>

#include <cstring>

namespace sp::migration {

bool keyOf(const TableInfo &info, const QList<QVariant> &row, Key *out)
{
    out->clear();
    out->reserve(info.pk.size());
    for (int i : info.pk) {
        if (i < 0 || i >= row.size() || !row.at(i).isValid())
            return false;
        out->append(row.at(i));
    }
    return true;
}

bool exactKeyOf(const TableInfo &info, const QList<QVariant> &row, int first, Key *out, QString *error)
{
    out->clear();
    out->reserve(info.pk.size());
    for (int k = 0; k < info.pk.size(); ++k) {
        QVariant v = row.value(first + k);
        if (!normalizeExactValue(info.cols.at(info.pk.at(k)), &v, error))
            return false;
        out->append(v);
    }
    return true;
}

static QByteArray exactDouble(double d)
{
    // 17 significant digits in exponent form: the server parses it as the same double (an approximate
    // literal, never a DECIMAL that would be converted twice).
    return QByteArray::number(d, 'e', 16);
}

QString keyLiteral(const ColumnInfo &c, const QVariant &v)
{
    if (!v.isValid())
        return QStringLiteral("NULL");
    switch (c.kind) {
    case ColumnKind::Int:
    case ColumnKind::UInt:
    case ColumnKind::Year:
    case ColumnKind::Enum: // compared with a number, an ENUM compares its index (its sort order)
    case ColumnKind::Set:
        return v.toString();
    case ColumnKind::Float:
    case ColumnKind::Double:
        return QString::fromLatin1(exactDouble(v.toDouble()));
    case ColumnKind::Decimal:
        return v.toString();
    case ColumnKind::Date:
        return QStringLiteral("CAST('") + v.toString() + QStringLiteral("' AS DATE)");
    case ColumnKind::DateTime:
    case ColumnKind::Timestamp: // a TIMESTAMP compares as DATETIME in the session's zone (UTC)
        return QStringLiteral("CAST('") + v.toString() + QStringLiteral("' AS DATETIME(6))");
    case ColumnKind::Time:
        return QStringLiteral("CAST('") + v.toString() + QStringLiteral("' AS TIME(6))");
    case ColumnKind::Text: {
        const QByteArray bytes = v.typeId() == QMetaType::QByteArray ? v.toByteArray() : v.toString().toUtf8();
        return QLatin1Char('_') + c.charset + QStringLiteral(" X'") + QString::fromLatin1(bytes.toHex()) +
               QStringLiteral("' COLLATE ") + c.collation;
    }
    case ColumnKind::Binary:
    case ColumnKind::Bit:
    case ColumnKind::Geometry:
    case ColumnKind::Unsupported:
        return QStringLiteral("X'") + QString::fromLatin1(v.toByteArray().toHex()) + QLatin1Char('\'');
    }
    return QStringLiteral("NULL");
}

// The lexicographic comparison of two lists of SQL operands, spelled out.
static QString lexicographic(const QStringList &lhs, const QStringList &rhs, const QString &op)
{
    if (lhs.size() == 1)
        return lhs.first() + QLatin1Char(' ') + op + QLatin1Char(' ') + rhs.first();
    const bool orEqual = op.endsWith(QLatin1Char('='));
    const QString strict = orEqual ? op.left(1) : op;
    QStringList terms;
    for (int i = 0; i < lhs.size(); ++i) {
        QStringList parts;
        for (int j = 0; j < i; ++j)
            parts.append(lhs.at(j) + QStringLiteral(" = ") + rhs.at(j));
        parts.append(lhs.at(i) + QLatin1Char(' ') + strict + QLatin1Char(' ') + rhs.at(i));
        terms.append(QLatin1Char('(') + parts.join(QStringLiteral(" AND ")) + QLatin1Char(')'));
    }
    if (orEqual) {
        QStringList parts;
        for (int j = 0; j < lhs.size(); ++j)
            parts.append(lhs.at(j) + QStringLiteral(" = ") + rhs.at(j));
        terms.append(QLatin1Char('(') + parts.join(QStringLiteral(" AND ")) + QLatin1Char(')'));
    }
    return QLatin1Char('(') + terms.join(QStringLiteral(" OR ")) + QLatin1Char(')');
}

static QStringList keyColumns(const TableInfo &info)
{
    QStringList out;
    for (int i : info.pk)
        out.append(Connection::quoteIdentifier(info.columns.at(i)));
    return out;
}

static QStringList keyLiterals(const TableInfo &info, const Key &key)
{
    QStringList out;
    for (int k = 0; k < info.pk.size(); ++k)
        out.append(keyLiteral(info.cols.at(info.pk.at(k)), key.value(k)));
    return out;
}

QString keyCompare(const TableInfo &info, const Key &key, const char *op)
{
    return lexicographic(keyColumns(info), keyLiterals(info, key), QLatin1String(op));
}

QString keyEquals(const TableInfo &info, const Key &key)
{
    const QStringList cols = keyColumns(info), lits = keyLiterals(info, key);
    QStringList parts;
    for (int i = 0; i < cols.size(); ++i)
        parts.append(cols.at(i) + QStringLiteral(" = ") + lits.at(i));
    return parts.join(QStringLiteral(" AND "));
}

QString keyIn(const TableInfo &info, const QList<Key> &keys)
{
    QStringList tuples;
    for (const Key &k : keys) {
        const QStringList lits = keyLiterals(info, k);
        tuples.append(info.pk.size() == 1 ? lits.first() : QLatin1Char('(') + lits.join(QLatin1Char(',')) + QLatin1Char(')'));
    }
    const QString cols = info.pk.size() == 1 ? keyColumns(info).first()
                                             : QLatin1Char('(') + keyColumns(info).join(QLatin1Char(',')) + QLatin1Char(')');
    return cols + QStringLiteral(" IN (") + tuples.join(QLatin1Char(',')) + QLatin1Char(')');
}

static int compareInteger(const QVariant &a, const QVariant &b)
{
    const bool ua = a.typeId() == QMetaType::ULongLong, ub = b.typeId() == QMetaType::ULongLong;
    if (ua || ub) {
        // An unsigned value above 2^63 is above every signed one; otherwise compare as signed.
        const bool negA = !ua && a.toLongLong() < 0, negB = !ub && b.toLongLong() < 0;
        if (negA != negB)
            return negA ? -1 : 1;
        const quint64 x = ua ? a.toULongLong() : quint64(a.toLongLong());
        const quint64 y = ub ? b.toULongLong() : quint64(b.toLongLong());
        return x < y ? -1 : (x > y ? 1 : 0);
    }
    const qint64 x = a.toLongLong(), y = b.toLongLong();
    return x < y ? -1 : (x > y ? 1 : 0);
}

int KeyOrder::compare(const Key &a, const Key &b) const
{
    for (int i = 0; i < qMin(a.size(), b.size()); ++i)
        if (const int c = compareInteger(a.at(i), b.at(i)))
            return c;
    return a.size() == b.size() ? 0 : (a.size() < b.size() ? -1 : 1);
}

std::optional<QList<bool>> KeyOrder::atOrBelow(Connection &c, const QList<Key> &keys, const Key &bound) const
{
    QList<bool> out;
    out.reserve(keys.size());
    if (clientSide()) {
        for (const Key &k : keys)
            out.append(compare(k, bound) <= 0);
        return out;
    }
    const QStringList rhs = keyLiterals(*m_info, bound);
    const int batch = 200;
    for (int from = 0; from < keys.size(); from += batch) {
        QStringList exprs;
        for (int i = from; i < qMin<qsizetype>(keys.size(), from + batch); ++i)
            exprs.append(QStringLiteral("(") + lexicographic(keyLiterals(*m_info, keys.at(i)), rhs, QStringLiteral("<=")) +
                         QStringLiteral(") IS TRUE"));
        auto r = c.query(QStringLiteral("SELECT ") + exprs.join(QLatin1Char(',')));
        if (!r || r->rows.size() != 1 || r->rows.first().size() != exprs.size()) {
            if (r)
                c.setError(QStringLiteral("comparing keys: unexpected result"));
            return std::nullopt;
        }
        for (const QVariant &v : r->rows.first())
            out.append(v.toInt() != 0);
    }
    return out;
}

std::optional<Key> KeyOrder::min(Connection &c, const Key &a, const Key &b) const
{
    const auto le = atOrBelow(c, {a}, b);
    if (!le)
        return std::nullopt;
    return le->first() ? a : b;
}

QByteArray keyId(const Key &key)
{
    QByteArray out;
    for (const QVariant &v : key) {
        QByteArray part;
        char tag = 's';
        switch (v.typeId()) {
        case QMetaType::LongLong:
        case QMetaType::Int:
            tag = 'i';
            part = QByteArray::number(v.toLongLong());
            break;
        case QMetaType::ULongLong:
        case QMetaType::UInt:
            tag = 'i'; // 5 signed and 5 unsigned are the same key value
            part = QByteArray::number(v.toULongLong());
            break;
        case QMetaType::Float: {
            const float f = v.toFloat();
            tag = 'f';
            part = QByteArray(reinterpret_cast<const char *>(&f), sizeof f);
            break;
        }
        case QMetaType::Double: {
            const double d = v.toDouble();
            tag = 'd';
            part = QByteArray(reinterpret_cast<const char *>(&d), sizeof d);
            break;
        }
        case QMetaType::QByteArray:
            tag = 'x';
            part = v.toByteArray();
            break;
        default:
            part = v.toString().toUtf8();
            break;
        }
        out += tag;
        out += QByteArray::number(part.size());
        out += ':';
        out += part;
    }
    return out;
}

static bool isUtf8(const QByteArray &bytes)
{
    QStringDecoder d(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString s = d(bytes);
    return !d.hasError() && !s.contains(QChar(0));
}

QString keyText(const TableInfo &info, const Key &key)
{
    QStringList parts;
    for (int k = 0; k < key.size(); ++k) {
        const QVariant &v = key.at(k);
        const ColumnKind kind = k < info.pk.size() ? info.cols.value(info.pk.at(k)).kind : ColumnKind::Unsupported;
        switch (kind) {
        case ColumnKind::Int:
        case ColumnKind::UInt:
        case ColumnKind::Year:
        case ColumnKind::Enum:
        case ColumnKind::Set:
        case ColumnKind::Decimal:
            parts.append(v.toString());
            break;
        case ColumnKind::Float:
        case ColumnKind::Double:
            parts.append(QString::number(v.toDouble(), 'g', 17));
            break;
        case ColumnKind::Text: {
            const QByteArray b = v.toByteArray();
            const QString cs = info.cols.at(info.pk.at(k)).charset;
            if ((cs.startsWith(QLatin1String("utf8")) || cs == QLatin1String("ascii")) && isUtf8(b)) {
                QString s = QString::fromUtf8(b);
                s.replace(QLatin1Char('\''), QStringLiteral("''"));
                parts.append(QLatin1Char('\'') + s + QLatin1Char('\''));
            } else {
                parts.append(QStringLiteral("0x") + QString::fromLatin1(b.toHex().toUpper()));
            }
            break;
        }
        case ColumnKind::Date:
        case ColumnKind::DateTime:
        case ColumnKind::Timestamp:
        case ColumnKind::Time:
            parts.append(QLatin1Char('\'') + v.toString() + QLatin1Char('\''));
            break;
        default:
            parts.append(QStringLiteral("0x") + QString::fromLatin1(v.toByteArray().toHex().toUpper()));
            break;
        }
    }
    return parts.join(QLatin1Char(','));
}

QString encodeKey(const Key &key)
{
    QJsonArray a;
    for (const QVariant &v : key) {
        switch (v.typeId()) {
        case QMetaType::LongLong:
        case QMetaType::Int:
            a.append(QString(QStringLiteral("i:") + QString::number(v.toLongLong())));
            break;
        case QMetaType::ULongLong:
        case QMetaType::UInt:
            a.append(QString(QStringLiteral("u:") + QString::number(v.toULongLong())));
            break;
        case QMetaType::Float: {
            const float f = v.toFloat();
            quint32 bits = 0;
            std::memcpy(&bits, &f, sizeof bits);
            a.append(QString(QStringLiteral("f:") + QString::number(bits, 16)));
            break;
        }
        case QMetaType::Double: {
            const double d = v.toDouble();
            quint64 bits = 0;
            std::memcpy(&bits, &d, sizeof bits);
            a.append(QString(QStringLiteral("d:") + QString::number(bits, 16)));
            break;
        }
        case QMetaType::QByteArray:
            a.append(QString(QStringLiteral("x:") + QString::fromLatin1(v.toByteArray().toHex())));
            break;
        default:
            a.append(QString(QStringLiteral("s:") + v.toString()));
            break;
        }
    }
    return QString::fromUtf8(QJsonDocument(a).toJson(QJsonDocument::Compact));
}

std::optional<Key> decodeKey(const QString &text)
{
    const QString t = text.trimmed();
    if (t.isEmpty())
        return std::nullopt;
    Key out;
    if (!t.startsWith(QLatin1Char('['))) { // integers, as earlier versions stored them
        for (const QString &p : t.split(QLatin1Char(','))) {
            bool ok = false;
            out.append(QVariant(qlonglong(p.trimmed().toLongLong(&ok))));
            if (!ok)
                return std::nullopt;
        }
        return out;
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(t.toUtf8(), &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isArray() || doc.array().isEmpty())
        return std::nullopt;
    for (const QJsonValue &jv : doc.array()) {
        const QString s = jv.toString();
        if (s.size() < 2 || s.at(1) != QLatin1Char(':'))
            return std::nullopt;
        const QString body = s.mid(2);
        bool ok = true;
        switch (s.at(0).unicode()) {
        case 'i':
            out.append(QVariant(qlonglong(body.toLongLong(&ok))));
            break;
        case 'u':
            out.append(QVariant(qulonglong(body.toULongLong(&ok))));
            break;
        case 'f': {
            const quint32 bits = body.toUInt(&ok, 16);
            float f = 0;
            std::memcpy(&f, &bits, sizeof f);
            out.append(QVariant(f));
            break;
        }
        case 'd': {
            const quint64 bits = body.toULongLong(&ok, 16);
            double d = 0;
            std::memcpy(&d, &bits, sizeof d);
            out.append(QVariant(d));
            break;
        }
        case 'x':
            out.append(QVariant(QByteArray::fromHex(body.toLatin1())));
            break;
        case 's':
            out.append(QVariant(body));
            break;
        default:
            return std::nullopt;
        }
        if (!ok)
            return std::nullopt;
    }
    return out;
}

} // namespace sp::migration
