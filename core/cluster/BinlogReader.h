#pragma once
#include "core/cluster/BinlogDecoder.h"
#include "core/cluster/Connection.h"

#include <QMutex>

#include <atomic>

struct st_mariadb_rpl;

namespace sp {

struct BinlogReaderOptions
{
    ConnectionParams connection; // an account with REPLICATION SLAVE (its read timeout is replaced)
    BinlogPosition start;        // file and offset of the first event to read (4: start of the file)
    // This reader's id towards the server, like a replica's server_id: required, and unique among the
    // server's replicas and readers (the server drops an older dump with the same id).
    quint32 serverId = 0;
    int heartbeatSec = 5;         // the server sends a heartbeat after this much idle time; 0: none
    int readTimeoutSec = -1;      // -1: 3 heartbeats + 5 s (none without heartbeats); 0: none
    int reconnectTimeoutSec = 60; // how long next() keeps reconnecting after a lost stream; 0: never
    BinlogDecoder::TableFilter includeTable; // row events of other tables are not decoded; empty: all
};

// Streams one server's binary log through libmariadb's replication API (mariadb_rpl_*) and hands out
// decoded events: row changes with column names, types and before/after images, GTID/XID/QUERY events
// for transaction boundaries and DDL, rotations and heartbeats. Row images are decoded by
// BinlogDecoder (see there for the supported types).
//
// Never skips silently: an event it cannot decode or does not know, an INCIDENT event (lost events
// on the server), an XA transaction or a partial row image makes next() fail with a message naming the
// event type and its position, and the reader stays failed.
//
// Positions: position() is after the last event returned; committedPosition() is after the last
// transaction boundary. A lost stream (server restarted, network) is reopened at committedPosition()
// and next() returns a Reconnected event first - the events of a transaction whose Xid had not
// arrived come again. next() keeps trying for reconnectTimeoutSec, then fails; calling it again
// tries again.
//
// One thread drives it; requestStop() may be called from any thread.
class BinlogReader final
{
public:
    explicit BinlogReader(BinlogReaderOptions options);
    ~BinlogReader();
    BinlogReader(const BinlogReader &) = delete;
    BinlogReader &operator=(const BinlogReader &) = delete;

    bool open();
    // Blocks until the next event (a heartbeat at least every heartbeatSec). false: error() or stopped.
    bool next(BinlogEvent *event);
    void close();
    // Makes a blocked or later next() return false promptly (isStopped() true). Thread-safe.
    void requestStop();

    bool isOpen() const { return m_rpl != nullptr; }
    bool isStopped() const { return m_stopRequested.load(); }
    bool hasFailed() const { return m_failed; }
    QString error() const { return m_error; }
    // The server's error number that failed the stream (e.g. 1236: the binlog to read from was
    // purged), 0 for other failures.
    unsigned serverErrno() const { return m_serverErrno; }
    BinlogPosition position() const { return m_position; }
    BinlogPosition committedPosition() const { return m_committed; }
    int reconnectCount() const { return m_reconnects; }

private:
    enum class Step
    {
        Deliver,
        Skip,
        Fail
    };
    bool openAt(const BinlogPosition &from);
    bool reconnect();
    Step translate(void *rawEvent, BinlogEvent *out);
    bool failHard(const QString &message);
    void closeStream();

    BinlogReaderOptions m_options;
    Connection m_connection;
    st_mariadb_rpl *m_rpl = nullptr;
    BinlogDecoder m_decoder;
    BinlogPosition m_position;
    BinlogPosition m_committed;
    bool m_inGroup = false;
    bool m_groupStandalone = false;
    bool m_failed = false;
    bool m_opened = false; // open() was called (and close() was not): a lost stream is reopened
    int m_reconnects = 0;
    unsigned m_serverErrno = 0;
    QString m_error;
    std::atomic<bool> m_stopRequested{false};
    QMutex m_socketMutex; // guards the socket against requestStop() while it is opened or closed
    int m_socket = -1;
};

} // namespace sp
