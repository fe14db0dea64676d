#include "core/migration/SwitchGuard.h"

#include "core/cluster/BinlogReader.h"
#include "core/migration/CaptureGuard.h"

#include <QElapsedTimer>

#include <memory>

namespace sp::migration {

static const QString kEngineSchema = QStringLiteral("_shardpilot");

bool BinlogWrites::anyOutsideEngine() const
{
    for (const Transaction &t : transactions) {
        if (!t.movingRows.isEmpty() || !t.statements.isEmpty())
            return true;
        for (const QString &table : t.otherTables)
            if (!table.startsWith(kEngineSchema + QLatin1Char('.')))
                return true;
    }
    return false;
}

QStringList BinlogWrites::lines(int max) const
{
    QStringList out;
    int shown = 0, skipped = 0;
    for (const Transaction &t : transactions) {
        QStringList what;
        for (auto it = t.movingRows.cbegin(); it != t.movingRows.cend(); ++it)
            what.append(QStringLiteral("%1: %2 row changes").arg(it.key()).arg(it.value()));
        QStringList others;
        for (const QString &table : t.otherTables)
            if (!table.startsWith(kEngineSchema + QLatin1Char('.')))
                others.append(table);
        if (!others.isEmpty())
            what.append(QStringLiteral("tables that do not move: %1").arg(others.join(QStringLiteral(", "))));
        for (const QString &s : t.statements)
            what.append(QStringLiteral("statement %1").arg(s));
        if (what.isEmpty())
            continue; // only the engine's own metadata
        if (shown >= max) {
            ++skipped;
            continue;
        }
        ++shown;
        out.append(
            QStringLiteral("GTID %1 (server_id %2, %3, at %4): %5")
                .arg(t.gtid.isEmpty() ? QStringLiteral("?") : t.gtid)
                .arg(t.serverId)
                .arg(t.at.toString(Qt::ISODate), t.position.toString(), what.join(QStringLiteral("; "))));
    }
    if (skipped > 0)
        out.append(QStringLiteral("... %1 more transactions").arg(skipped));
    return out;
}

std::optional<BinlogWrites> readBinlogWrites(const BinlogWritesRequest &request, QString *error)
{
    BinlogWrites out;
    // The current transaction, also reached by the table filter (called at each table map).
    auto current = std::make_shared<BinlogWrites::Transaction>();
    auto moving = request.moving;
    BinlogReaderOptions o;
    o.connection = request.connection;
    o.start = request.from;
    o.serverId = request.readerServerId;
    o.heartbeatSec = 1;
    o.reconnectTimeoutSec = 10;
    o.includeTable = [current, moving](const QString &schema, const QString &table) {
        if (moving(schema, table))
            return true;
        const QString name = schema + QLatin1Char('.') + table;
        if (!current->otherTables.contains(name))
            current->otherTables.append(name);
        return false; // rows of tables that do not move are not decoded: their types do not matter
    };
    BinlogReader reader(o);
    if (!reader.open()) {
        *error = QStringLiteral("binlog from %1: %2").arg(request.from.toString(), reader.error());
        return std::nullopt;
    }
    auto flush = [&] {
        if (!current->gtid.isEmpty() || !current->movingRows.isEmpty() || !current->otherTables.isEmpty() ||
            !current->statements.isEmpty())
            out.transactions.append(*current);
        *current = BinlogWrites::Transaction{};
    };
    QElapsedTimer clock;
    clock.start();
    BinlogEvent ev;
    while (reader.position() < request.to) {
        if (clock.elapsed() > qint64(request.timeoutSec) * 1000) {
            *error = QStringLiteral("reading the binlog from %1 to %2 took more than %3 s")
                         .arg(request.from.toString(), request.to.toString())
                         .arg(request.timeoutSec);
            return std::nullopt;
        }
        if (!reader.next(&ev)) {
            *error = reader.error();
            return std::nullopt;
        }
        switch (ev.kind) {
        case BinlogEventKind::Gtid:
            flush();
            current->gtid = ev.gtid();
            current->serverId = ev.serverId;
            current->at = QDateTime::fromSecsSinceEpoch(ev.timestamp, Qt::UTC);
            current->position = ev.position;
            break;
        case BinlogEventKind::Rows:
            if (ev.table) {
                current->movingRows[ev.table->schema + QLatin1Char('.') + ev.table->table] += ev.rows.size();
                out.movingRowChanges += ev.rows.size();
            }
            break;
        case BinlogEventKind::Query: {
            const QString q = ev.query.trimmed();
            const StatementKind kind = classifyStatement(q);
            if (kind == StatementKind::TransactionControl)
                break;
            const QString text = ev.position.toString() + QStringLiteral(": ") + q.left(300);
            current->statements.append(text);
            if (kind == StatementKind::Dml && out.stop.isEmpty())
                out.stop = statementDmlStop({text});
            for (const QString &t : request.movingTableNames)
                if (kind == StatementKind::Other && out.stop.isEmpty() && statementNamesTable(q, t))
                    out.stop =
                        QStringLiteral("a statement on the moving table %1 at %2 (a schema change cannot be "
                                       "carried over): %3")
                            .arg(t, ev.position.toString(), q.left(300));
            break;
        }
        default:
            break;
        }
        if (ev.endsTransaction)
            flush();
    }
    flush();
    return out;
}

} // namespace sp::migration
