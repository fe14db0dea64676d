#include "core/migration/ExactLoad.h"

#include "core/cluster/Connection.h"

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

// Bytes as one field: backslash, tab, newline and NUL escaped (the input is read byte by byte as
// CHARACTER SET binary, so a multi-byte character's 0x5C byte is escaped too and restored).
static void appendEscaped(const char *p, qsizetype n, QByteArray *out)
{
    qsizetype start = 0;
    for (qsizetype i = 0; i < n; ++i) {
        const char c = p[i];
        if (c != '\\' && c != '\t' && c != '\n' && c != '\0')
            continue;
        out->append(p + start, i - start);
        out->append('\\');
        out->append(c == '\t' ? 't' : c == '\n' ? 'n' : c == '\0' ? '0' : '\\');
        start = i + 1;
    }
    out->append(p + start, n - start);
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
    for (qsizetype k = 0; k < writable.size(); ++k) {
        const int i = writable.at(k);
        if (k)
            out->append('\t');
        if (rows.isNull(r, i)) {
            out->append("\\N", 2);
            continue;
        }
        const QByteArrayView v = rows.value(r, i);
        const ColumnInfo &c = info.cols.at(i);
        if (c.kind == ColumnKind::Float || c.kind == ColumnKind::Double) {
            bool ok = false;
            const double d = v.toDouble(&ok);
            if (!ok || !std::isfinite(d) || (c.kind == ColumnKind::Float && double(float(d)) != d)) {
                *error = QStringLiteral("column %1: %2 is not a %3 value that can be stored")
                             .arg(c.name, QString::fromLatin1(v.first(qMin<qsizetype>(40, v.size()))),
                                  c.kind == ColumnKind::Float ? QStringLiteral("FLOAT") : QStringLiteral("DOUBLE"));
                return false;
            }
            out->append(QByteArray::number(d, 'e', 16));
            continue;
        }
        appendEscaped(v.data(), v.size(), out);
    }
    out->append('\n');
    return true;
}

} // namespace sp::migration
