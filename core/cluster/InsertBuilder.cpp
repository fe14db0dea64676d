#include "core/cluster/InsertBuilder.h"

namespace sp {

namespace {

constexpr qsizetype kDefaultCap = 16 * 1024 * 1024;
constexpr qsizetype kPacketMargin = 1024; // packet header and slack below max_allowed_packet

} // namespace

std::optional<BuiltInserts> InsertBuilder::build(Connection &connection, const MultiRowInsert &spec,
                                                 const QList<QList<QVariant>> &rows, QString *error)
{
    auto bad = [error](const QString &why) -> std::optional<BuiltInserts> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (spec.table.trimmed().isEmpty())
        return bad(QStringLiteral("no table"));
    if (spec.columns.isEmpty())
        return bad(QStringLiteral("no columns"));
    if (!connection.isOpen())
        return bad(QStringLiteral("not connected (values are escaped for the connection's charset)"));

    qsizetype limit = spec.maxStatementBytes;
    if (limit <= 0) {
        const quint64 packet = connection.maxAllowedPacket();
        if (packet == 0)
            return bad(QStringLiteral("cannot read max_allowed_packet: ") + connection.lastError());
        limit = qMin<qsizetype>(qsizetype(packet) - kPacketMargin, kDefaultCap);
    }

    QByteArray head =
        spec.ignore ? QByteArrayLiteral("INSERT IGNORE INTO ") : QByteArrayLiteral("INSERT INTO ");
    head += spec.table.toUtf8() + " (";
    for (qsizetype i = 0; i < spec.columns.size(); ++i) {
        QString why;
        if (!Connection::isValidIdentifier(spec.columns.at(i), &why))
            return bad(QStringLiteral("column %1: %2").arg(i + 1).arg(why));
        head += (i ? ", " : "") + Connection::quoteIdentifier(spec.columns.at(i)).toUtf8();
    }
    head += ") VALUES ";
    if (head.size() >= limit)
        return bad(
            QStringLiteral("the statement limit (%1 bytes) is smaller than the INSERT's head").arg(limit));

    BuiltInserts out;
    QByteArray current;
    int inCurrent = 0;
    auto flush = [&] {
        if (inCurrent > 0) {
            out.statements.append(current);
            out.rowCounts.append(inCurrent);
        }
        current.clear();
        inCurrent = 0;
    };
    for (qsizetype r = 0; r < rows.size(); ++r) {
        const QList<QVariant> &row = rows.at(r);
        if (row.size() != spec.columns.size())
            return bad(QStringLiteral("row %1 has %2 value(s) for %3 column(s)")
                           .arg(r + 1)
                           .arg(row.size())
                           .arg(spec.columns.size()));
        QByteArray tuple = "(";
        for (qsizetype c = 0; c < row.size(); ++c) {
            QString why;
            const std::optional<QByteArray> literal = connection.sqlLiteral(row.at(c), &why);
            if (!literal)
                return bad(QStringLiteral("row %1, column %2: %3").arg(r + 1).arg(spec.columns.at(c), why));
            if (c)
                tuple += ',';
            tuple += *literal;
        }
        tuple += ')';
        if (head.size() + tuple.size() > limit)
            return bad(QStringLiteral("row %1 alone needs %2 bytes, more than the statement limit of %3")
                           .arg(r + 1)
                           .arg(head.size() + tuple.size())
                           .arg(limit));
        if (inCurrent > 0 && current.size() + 1 + tuple.size() > limit)
            flush();
        if (inCurrent == 0)
            current = head + tuple;
        else
            current += ',' + tuple;
        ++inCurrent;
    }
    flush();
    return out;
}

bool InsertBuilder::execute(Connection &connection, const MultiRowInsert &spec,
                            const QList<QList<QVariant>> &rows, ExecResult *total)
{
    QString error;
    const std::optional<BuiltInserts> built = build(connection, spec, rows, &error);
    if (!built) {
        connection.setError(error);
        return false;
    }
    ExecResult sum;
    for (const QByteArray &sql : built->statements) {
        ExecResult r;
        if (!connection.exec(sql, &r))
            return false;
        sum.affectedRows += r.affectedRows;
        sum.warnings += r.warnings;
        if (r.lastInsertId)
            sum.lastInsertId = r.lastInsertId;
    }
    if (total)
        *total = sum;
    return true;
}

} // namespace sp
