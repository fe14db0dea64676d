#include "core/migration/SqlParts.h"

#include "core/cluster/Transaction.h"

namespace sp::migration {

QString pkCompare(const TableInfo &info, const QList<qint64> &pk, const char *op)
{
    QStringList vals;
    for (qint64 v : pk)
        vals.append(QString::number(v));
    if (info.pk.size() == 1)
        return info.pkList() + QLatin1Char(' ') + QLatin1String(op) + QLatin1Char(' ') + vals.join(QLatin1Char(','));
    return QLatin1Char('(') + info.pkList() + QStringLiteral(") ") + QLatin1String(op) + QStringLiteral(" (") +
           vals.join(QLatin1Char(',')) + QLatin1Char(')');
}

QString pkEquals(const TableInfo &info, const QList<qint64> &pk)
{
    QStringList parts;
    for (int i = 0; i < info.pk.size() && i < pk.size(); ++i)
        parts.append(Connection::quoteIdentifier(info.columns.at(info.pk.at(i))) + QStringLiteral(" = ") +
                     QString::number(pk.at(i)));
    return parts.join(QStringLiteral(" AND "));
}

QString pkBetween(const TableInfo &info, qint64 lo, qint64 hi)
{
    return QStringLiteral("%1 BETWEEN %2 AND %3").arg(info.pkList()).arg(lo).arg(hi);
}

std::optional<QList<qint64>> parsePkText(const QString &text)
{
    if (text.trimmed().isEmpty())
        return std::nullopt;
    QList<qint64> out;
    for (const QString &p : text.split(QLatin1Char(','))) {
        bool ok = false;
        out.append(p.trimmed().toLongLong(&ok));
        if (!ok)
            return std::nullopt;
    }
    return out;
}

std::optional<BinlogPosition> masterStatus(Connection &c, QString *error)
{
    auto r = c.query(QStringLiteral("SHOW MASTER STATUS"));
    if (!r || r->rows.isEmpty()) {
        *error = r ? QStringLiteral("the binary log is off (SHOW MASTER STATUS is empty)") : c.lastError();
        return std::nullopt;
    }
    return BinlogPosition{r->rows.first().at(0).toString(), r->rows.first().at(1).toULongLong()};
}

std::optional<BinlogPosition> snapshotAt(Transaction &tx, QString *error)
{
    if (!tx.ok()) {
        *error = tx.error();
        return std::nullopt;
    }
    const auto p = tx.snapshotPosition();
    if (!p || !p->isValid()) {
        *error = QStringLiteral("no Binlog_snapshot_position for the consistent snapshot (binary log off?)");
        return std::nullopt;
    }
    return p;
}

bool execAll(Connection &c, const QStringList &statements, QString *error)
{
    const WarningPolicy old = c.warningPolicy();
    c.setWarningPolicy({});
    bool ok = true;
    for (const QString &s : statements)
        if (!c.exec(s)) {
            *error = c.lastError();
            ok = false;
            break;
        }
    c.setWarningPolicy(old);
    return ok;
}

} // namespace sp::migration
