#include "core/migration/SqlParts.h"

#include "core/cluster/Transaction.h"

namespace sp::migration {

QString pkBetween(const TableInfo &info, qint64 lo, qint64 hi)
{
    return QStringLiteral("%1 BETWEEN %2 AND %3").arg(info.pkList()).arg(lo).arg(hi);
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
