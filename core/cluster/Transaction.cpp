#include "core/cluster/Transaction.h"

namespace sp {

Transaction::Transaction(Connection &connection, const TransactionOptions &options)
    : m_connection(connection), m_options(options)
{
    if (!m_connection.isOpen()) {
        m_error = QStringLiteral("cannot begin a transaction: not connected");
        return;
    }
    if (m_connection.inTransaction()) {
        m_error = m_connection.params().describe() +
                  QStringLiteral(": cannot begin a transaction: one is already open on this connection");
        return;
    }
    QString sql = QStringLiteral("START TRANSACTION");
    if (options.consistentSnapshot)
        sql += QStringLiteral(" WITH CONSISTENT SNAPSHOT");
    if (options.readOnly)
        sql += options.consistentSnapshot ? QStringLiteral(", READ ONLY") : QStringLiteral(" READ ONLY");
    if (options.consistentSnapshot && m_connection.params().multiStatements) {
        QList<QueryResult> r;
        const bool ok = m_connection.queryMulti(
            {sql.toUtf8(), QByteArrayLiteral("SHOW SESSION STATUS LIKE 'Binlog_snapshot_%'")}, &r);
        if (r.isEmpty()) { // START TRANSACTION failed
            m_error = m_connection.lastError();
            return;
        }
        if (ok && r.size() == 2)
            m_snapshotStatus = std::move(r[1]); // else snapshotPosition() asks again
    } else if (!m_connection.exec(sql)) {
        m_error = m_connection.lastError();
        return;
    }
    m_threadId = m_connection.threadId();
    m_open = true;
}

Transaction::~Transaction()
{
    if (m_open)
        rollback(); // a lost connection rolls back on the server anyway
}

bool Transaction::stillOurs(const QString &action)
{
    if (!m_open) {
        m_error = QStringLiteral("cannot ") + action + QStringLiteral(": the transaction is not open") +
                  (m_error.isEmpty() ? QString() : QStringLiteral(" (") + m_error + QLatin1Char(')'));
        return false;
    }
    if (!m_connection.isOpen() || m_connection.threadId() != m_threadId) {
        m_open = false;
        m_error = QStringLiteral("cannot ") + action +
                  QStringLiteral(": the connection was closed or reopened, the transaction is lost");
        return false;
    }
    if (!m_connection.inTransaction()) {
        m_open = false;
        m_error =
            m_connection.params().describe() + QStringLiteral(": cannot ") + action +
            QStringLiteral(
                ": the server ended the transaction (rolled back after a deadlock or an implicit commit)");
        return false;
    }
    return true;
}

bool Transaction::commit()
{
    if (!stillOurs(QStringLiteral("commit")))
        return false;
    m_open = false;
    if (!m_connection.exec(QStringLiteral("COMMIT"))) {
        m_error = m_connection.lastError();
        return false;
    }
    m_committed = true;
    return true;
}

bool Transaction::rollback()
{
    if (!m_open)
        return false;
    m_open = false;
    if (!m_connection.isOpen() || m_connection.threadId() != m_threadId)
        return true; // nothing of it is left on the server
    if (!m_connection.exec(QStringLiteral("ROLLBACK"))) {
        m_error = m_connection.lastError();
        return false;
    }
    return true;
}

std::optional<BinlogPosition> Transaction::snapshotPosition()
{
    if (!m_options.consistentSnapshot) {
        m_error = QStringLiteral("snapshotPosition() needs a transaction WITH CONSISTENT SNAPSHOT");
        return std::nullopt;
    }
    if (!stillOurs(QStringLiteral("read the snapshot position")))
        return std::nullopt;
    const auto r = m_snapshotStatus ? m_snapshotStatus
                                    : m_connection.query(QStringLiteral("SHOW SESSION STATUS LIKE 'Binlog_snapshot_%'"));
    if (!r) {
        m_error = m_connection.lastError();
        return std::nullopt;
    }
    BinlogPosition pos;
    for (const QList<QVariant> &row : r->rows) {
        const QString name = row.value(0).toString();
        if (name.compare(QLatin1String("Binlog_snapshot_file"), Qt::CaseInsensitive) == 0)
            pos.file = row.value(1).toString();
        else if (name.compare(QLatin1String("Binlog_snapshot_position"), Qt::CaseInsensitive) == 0)
            pos.position = row.value(1).toString().toULongLong();
    }
    if (!pos.isValid()) {
        m_error = m_connection.params().describe() +
                  QStringLiteral(": no Binlog_snapshot_file/position (is the binary log enabled?)");
        return std::nullopt;
    }
    return pos;
}

} // namespace sp
