#include "core/migration/ExactLoad.h"

#include "core/cluster/Connection.h"

#include <array>
#include <cmath>
#include <cstring>

namespace sp::migration {

QByteArray exactLoadStatement(const TableInfo &info, const QString &qualifiedTable)
{
    QStringList targets, sets;
    for (int i : info.writable()) {
        const ColumnInfo &c = info.cols.at(i);
        const QString q = Connection::quoteIdentifier(c.name);
        if (c.kind == ColumnKind::Enum || c.kind == ColumnKind::Set || c.kind == ColumnKind::Year) {
            const QString var = QStringLiteral("@sp_v") + QString::number(i);
            targets.append(var);
            sets.append(q + QStringLiteral(" = CAST(") + var +
                        (c.kind == ColumnKind::Year ? QStringLiteral(" AS SIGNED)") : QStringLiteral(" AS UNSIGNED)")));
        } else {
            targets.append(q);
        }
    }
    QString sql = QStringLiteral("LOAD DATA LOCAL INFILE '") + QLatin1String(Connection::memoryInfileName()) +
                  QStringLiteral("' INTO TABLE ") + qualifiedTable +
                  QStringLiteral(" CHARACTER SET binary FIELDS TERMINATED BY '\\t' ENCLOSED BY '' ESCAPED BY '\\\\' "
                                 "LINES STARTING BY '' TERMINATED BY '\\n' (") +
                  targets.join(QLatin1Char(',')) + QLatin1Char(')');
    if (!sets.isEmpty())
        sql += QStringLiteral(" SET ") + sets.join(QLatin1Char(','));
    return sql.toUtf8();
}

// A field's bytes go in escaped: backslash, tab, newline and NUL (the input is read byte by byte as
// CHARACTER SET binary, so a multi-byte character's 0x5C byte is escaped too and restored).
static constexpr std::array<bool, 256> kEscapes = [] {
    std::array<bool, 256> e{};
    e[0] = e[uchar('\t')] = e[uchar('\n')] = e[uchar('\\')] = true;
    return e;
}();

// Whether any of the 8 bytes in `v` is one appendEscaped escapes (NUL, tab, newline, backslash): a byte
// b equals c exactly when (v ^ c-in-every-byte) has a zero byte there, and (x - 0x01..) & ~x & 0x80..
// is non-zero exactly when x has a zero byte.
static inline bool escapesIn8(quint64 v)
{
    constexpr quint64 ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    const auto zeroByte = [](quint64 x) { return (x - ones) & ~x & highs; };
    return (zeroByte(v) | zeroByte(v ^ (ones * 0x09)) | zeroByte(v ^ (ones * 0x0A)) | zeroByte(v ^ (ones * 0x5C))) != 0;
}

// Escapes into memory the caller made room for (2 * n bytes): runs without an escape go in one
// copy, found 8 bytes at a time. Returns the end of what it wrote.
static char *escapeInto(const char *p, qsizetype n, char *w)
{
    const auto *u = reinterpret_cast<const unsigned char *>(p);
    qsizetype start = 0, i = 0;
    while (i < n) {
        if (n - i >= 8) {
            quint64 v;
            std::memcpy(&v, p + i, 8);
            if (!escapesIn8(v)) {
                i += 8;
                continue;
            }
        }
        const qsizetype end = qMin(n, i + 8);
        for (; i < end; ++i) {
            if (Q_LIKELY(!kEscapes[u[i]]))
                continue;
            std::memcpy(w, p + start, size_t(i - start));
            w += i - start;
            *w++ = '\\';
            *w++ = p[i] == '\t' ? 't' : p[i] == '\n' ? 'n' : p[i] == '\0' ? '0' : '\\';
            start = i + 1;
        }
    }
    std::memcpy(w, p + start, size_t(n - start));
    return w + (n - start);
}

static void appendEscaped(const char *p, qsizetype n, QByteArray *out)
{
    const qsizetype start = out->size();
    out->resize(start + 2 * n);
    char *const end = escapeInto(p, n, out->data() + start);
    out->resize(end - out->constData());
}

bool appendExactLoadRow(const QList<QVariant> &row, QByteArray *out, QString *error)
{
    for (qsizetype i = 0; i < row.size(); ++i) {
        if (i)
            out->append('\t');
        const QVariant &v = row.at(i);
        if (!v.isValid() || v.isNull()) {
            out->append("\\N", 2);
            continue;
        }
        switch (v.typeId()) {
        case QMetaType::LongLong:
        case QMetaType::Int:
            out->append(QByteArray::number(v.toLongLong()));
            break;
        case QMetaType::ULongLong:
        case QMetaType::UInt:
            out->append(QByteArray::number(v.toULongLong()));
            break;
        case QMetaType::Float:
        case QMetaType::Double: {
            const double d = v.toDouble(); // a float widens exactly
            if (!std::isfinite(d)) {
                *error = QStringLiteral("column %1: a NaN or infinite number cannot be stored").arg(i + 1);
                return false;
            }
            out->append(QByteArray::number(d, 'e', 16)); // 17 significant digits: the same double back
            break;
        }
        case QMetaType::QByteArray: {
            const QByteArray b = v.toByteArray();
            appendEscaped(b.constData(), b.size(), out);
            break;
        }
        case QMetaType::QString: {
            const QByteArray b = v.toString().toUtf8();
            appendEscaped(b.constData(), b.size(), out);
            break;
        }
        default:
            *error = QStringLiteral("column %1: no exact text form for a value of type %2")
                         .arg(i + 1)
                         .arg(QString::fromLatin1(v.typeName()));
            return false;
        }
    }
    out->append('\n');
    return true;
}

bool appendExactLoadRow(const TableInfo &info, const QList<int> &writable, const RawResult &rows, qsizetype r,
                        QByteArray *out, QString *error)
{
    // Room for the row with every byte escaped, made once; the row is written in place and the
    // array cut to what was written. 32 bytes a field: a separator, \N, a DOUBLE's 24 characters.
    qsizetype room = 1;
    for (int i : writable)
        room += 2 * rows.value(r, i).size() + 32;
    const qsizetype start = out->size();
    out->resize(start + room);
    char *const begin = out->data();
    char *w = begin + start;
    for (qsizetype k = 0; k < writable.size(); ++k) {
        const int i = writable.at(k);
        if (k)
            *w++ = '\t';
        if (rows.isNull(r, i)) {
            *w++ = '\\';
            *w++ = 'N';
            continue;
        }
        const QByteArrayView v = rows.value(r, i);
        const ColumnInfo &c = info.cols.at(i);
        if (c.kind == ColumnKind::Float || c.kind == ColumnKind::Double) {
            bool ok = false;
            const double d = v.toDouble(&ok);
            if (!ok || !std::isfinite(d) || (c.kind == ColumnKind::Float && double(float(d)) != d)) {
                out->resize(start);
                *error = QStringLiteral("column %1: %2 is not a %3 value that can be stored")
                             .arg(c.name, QString::fromLatin1(v.first(qMin<qsizetype>(40, v.size()))),
                                  c.kind == ColumnKind::Float ? QStringLiteral("FLOAT") : QStringLiteral("DOUBLE"));
                return false;
            }
            const QByteArray digits = QByteArray::number(d, 'e', 16);
            std::memcpy(w, digits.constData(), size_t(digits.size()));
            w += digits.size();
            continue;
        }
        w = escapeInto(v.data(), v.size(), w);
    }
    *w++ = '\n';
    out->resize(w - begin);
    return true;
}

} // namespace sp::migration
