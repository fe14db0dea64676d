#pragma once
#include "core/cluster/BinlogPosition.h"
#include "core/cluster/Connection.h"

#include <optional>

namespace sp {

struct TransactionOptions
{
    // START TRANSACTION WITH CONSISTENT SNAPSHOT: the snapshot is taken at once (not at the first read)
    // and MariaDB reports the binlog position it corresponds to (snapshotPosition()).
    bool consistentSnapshot = false;
    bool readOnly = false; // START TRANSACTION READ ONLY
};

// RAII guard over one transaction on one Connection. Begins on construction (check ok()), commit()
// makes it durable, and the destructor rolls back whatever was not committed - an early return, an
// exception or a failed statement leave nothing behind.
//
//   Transaction tx(conn, {true});
//   if (!tx.ok()) return fail(tx.error());
//   auto pos = tx.snapshotPosition();
//   ... reads and writes ...
//   if (!tx.commit()) return fail(tx.error());
//
// Refuses to begin when the session already has a transaction open (START TRANSACTION would silently
// commit it). commit() refuses when the transaction is gone: the connection was reopened, or the server
// rolled it back (deadlock) - so a COMMIT on an empty session is never mistaken for a durable one.
class Transaction final
{
public:
    explicit Transaction(Connection &connection, const TransactionOptions &options = {});
    ~Transaction();
    Transaction(const Transaction &) = delete;
    Transaction &operator=(const Transaction &) = delete;

    bool ok() const { return m_open; } // begun, and neither committed nor rolled back yet
    bool isCommitted() const { return m_committed; }
    QString error() const { return m_error; }

    bool commit();
    bool rollback();

    // MariaDB's Binlog_snapshot_file / Binlog_snapshot_position: the binlog position that matches what
    // this transaction's consistent snapshot sees. Only with TransactionOptions::consistentSnapshot.
    std::optional<BinlogPosition> snapshotPosition();

private:
    bool stillOurs(const QString &action);

    Connection &m_connection;
    TransactionOptions m_options;
    // The snapshot position's status rows, read with START TRANSACTION in one round trip where the
    // session allows multi-statement queries (the position is the snapshot's: fixed for the transaction).
    std::optional<QueryResult> m_snapshotStatus;
    unsigned long m_threadId = 0;
    bool m_open = false;
    bool m_committed = false;
    QString m_error;
};

} // namespace sp
