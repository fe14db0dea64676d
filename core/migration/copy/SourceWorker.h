#pragma once
#include "core/cluster/BinlogReader.h"
#include "core/cluster/Connection.h"
#include "core/cluster/RawResult.h"
#include "core/cluster/Transaction.h"
#include "core/migration/CaptureGuard.h"
#include "core/migration/ExactBulk.h"
#include "core/migration/KeySql.h"
#include "core/migration/MoveSet.h"
#include "core/migration/PreVerify.h"
#include "core/migration/TargetMeta.h"
#include "core/migration/run/RunContext.h"
#include "core/migration/run/Throttle.h"

#include <QDeadlineTimer>
#include <QHash>
#include <QMutex>

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <thread>

namespace sp::migration {

struct WorkerProgress
{
    QString instance;
    QHash<QPair<int, int>, CopyState> copy; // (unit, target) -> checkpoint
    BinlogPosition applied;                 // capture: everything up to here is applied
    BinlogPosition head;                    // the source's binlog end when last asked
    qint64 eventsApplied = 0;               // row changes applied to targets by capture
    qint64 chunks = 0;
    qint64 streamed = 0;                    // capture: transactions too large to hold, applied in pieces
    qint64 lastEventTime = 0;               // when the last change the capture read was written (epoch s)
};

// Change capture and backfill for every moving table of one source server (docs/design.md, "Copy
// correctness"). One binlog stream per source server; every chunk is read in a consistent snapshot
// whose binlog position P is known, capture is brought to exactly P before the chunk is written, and
// the chunk's rows, its lastpk and the capture position P go to the target in one transaction.
// Capture applies a row change to a target only when the row's key is at or below that target's
// lastpk (later keys arrive through the copy with their newest state). Nothing is skipped quietly:
// an event it cannot use, a schema change on a moving table, a missing or duplicate row on a target,
// a warning - each stops the worker with the reason.
//
// Driven by one thread at a time; stop() may be called from any thread. backfill() reads the next
// chunk on a thread of its own while the current one is written; that thread uses m_reading, the
// throttle, m_nextUnit and m_progress (under m_mutex) only. During a catch-up a full capture batch is
// written by an apply thread of its own while the driving thread reads the next (flushBatch); catchUpTo joins it before returning, so outside catchUpTo the targets' sessions are
// the driving thread's alone.
class SourceWorker final
{
public:
    SourceWorker(const RunSpec &spec, const MoveSet &moves, const Endpoints &endpoints, const QString &instance,
                 quint32 readerServerId);
    ~SourceWorker();

    bool open(); // connections, checkpoints, capture positions, the binlog stream
    QString error() const
    {
        QMutexLocker lock(&m_errorMutex);
        return m_error;
    }
    QString instance() const { return m_instance; }
    unsigned long sourceSession() const { return m_source.threadId(); } // its session on the source server

    // The run's throttle (Throttle.h), shared by the source servers working at once: the copy, the
    // catch-up and the pre-verification ask it before each chunk, transaction or batch (null: none,
    // e.g. inside the write stop). Set between jobs.
    void setThrottle(Throttle *throttle) { m_throttle = throttle; }
    // Copies chunks (round robin over the tables) until every copy is done, or stop()/pause. Each
    // chunk reserves its rows with the throttle before it is read and is no larger than its burst.
    bool backfill(const std::function<bool()> &paused);
    // Units (ids) whose rows outside the predicate the copy checks itself: every row of each chunk's key
    // range is read in one scan with the predicate's verdict, the rows outside without their strings
    // (a table of wide rows: a second scan of the range's keys and sharding values right after the chunk,
    // checkOutsidePredicate). Those whose copy starts in this process. Set before backfill; the rows
    // outside read for it are counted in outsideChecked().
    void setCheckOutside(const QSet<int> &units) { m_checkOutside = units; }
    qint64 outsideChecked() const { return m_outsideChecked.load(); }
    // What that check found (empty: nothing); the backfill failed with it.
    QString predicateProblems() const
    {
        QMutexLocker lock(&m_errorMutex);
        return m_predicateProblems;
    }
    // Applies captured changes until everything up to `target` is applied (or the deadline passes:
    // false with error "deadline"). `throttled`: each applied transaction asks the throttle (T3's
    // catch-up while the application writes; never inside the write stop).
    bool catchUpTo(const BinlogPosition &target,
                   QDeadlineTimer deadline = QDeadlineTimer(QDeadlineTimer::Forever), bool throttled = false);
    std::optional<BinlogPosition> head(); // SHOW MASTER STATUS
    // After a drain: records `pos` as the capture position on every target server (nothing left to
    // apply below it).
    bool settleAt(const BinlogPosition &pos);
    bool allCopied() const;

    // Pre-verification (PreVerify.h): compares every range of the pre-verified target tables that is
    // not verified (or has too many changed keys), each batch at a consistent point P of the source
    // with capture brought to exactly P. Ranges that differ stay unverified (T5 compares them).
    struct PvStats
    {
        qint64 verified = 0;
        qint64 differing = 0;
    };
    bool preverify(const std::function<bool()> &paused, PvStats *stats);
    // What T5 must compare of (unit, target) after a drain; full when it was not pre-verified.
    // Call between jobs (not while the worker runs one).
    VerifyScope scopeFor(int unit, int target) const;

    // Capture lag in events: the row changes of moving tables between the applied position and
    // `head` (the server's end at `at`) are known once the capture reaches `head`.
    void expectHead(const QDateTime &at, const BinlogPosition &head);
    QList<QPair<QDateTime, qint64>> takeResolvedLag(); // (sample time, events), as they become known

    void stop();
    bool stopped() const { return m_stop.load(); }
    // Stopped: the last job ended because stop() was called (its error says "stopped"), not on an
    // error of its own.
    StopReason stopReason() const { return m_stopReason; }
    WorkerProgress progress() const;
    // What the worker decided on its own that the journal should keep (e.g. pre-verified ranges
    // forgotten because their binlog was purged), since the last call.
    QStringList takeNotes();

private:
    struct TargetConn
    {
        QString instance;
        Connection conn;
        BinlogPosition stored; // capture position saved on this server
        bool loadData = false; // copy chunks with LOAD DATA LOCAL from memory (the server allows it)
        bool bulk = true;      // copy chunks with one INSERT over arrays of parameters (ExactBulk.h)
        // The copy's prepared INSERT per target table (declared after `conn`: closed before it).
        std::map<QString, std::unique_ptr<ExactBulkInsert>> inserts;
    };
    struct RowOp
    {
        enum Kind { Insert, Update, Delete } kind;
        const MoveUnit *unit;
        int target;
        QList<QVariant> pk;  // Update/Delete: the before key (KeySql.h)
        QList<QVariant> row; // Insert/Update: the after image
    };

    bool fail(const QString &message);
    bool failStopped(); // a job ended by stop()
    TargetConn *targetConn(const QString &instance); // opened on first use
    std::unique_ptr<TargetConn> openTarget(const QString &instance, QString *error) const;
    // The copy's prepared INSERT into target t of `u` on tc (prepared once per session); nullptr when
    // the server cannot execute arrays of parameters (tc->bulk turned off), or on failure (`failed`,
    // the worker's error set).
    ExactBulkInsert *bulkInsert(TargetConn *tc, const MoveUnit &u, int t, bool *failed);
    // A chunk as read (readChunk), not yet written: its snapshot, rows, each target's rows and the
    // checkpoints it leaves (the next chunk of the same table is read from those while it is written).
    struct ChunkRead
    {
        MoveUnit *unit = nullptr;
        QHash<int, CopyState> states; // the checkpoints it was read from (target index -> state)
        QHash<int, CopyState> after;  // the checkpoints once it is written
        QHash<int, QList<qsizetype>> mine; // target index -> its rows (above its checkpoint, routed to it)
        BinlogPosition snapshot;
        RawResult rows;
        bool reachedEnd = false;
        bool cut = false;      // ended by chunkBytes() before its limit (never reachedEnd then)
        int limit = 0;         // rows asked for
        bool byBytes = false;  // fewer than the worker's chunk rows: its table's rows are wide (readNext)
        qint64 reserved = 0;   // rows reserved with the throttle
        qint64 readMs = 0;
    };
    struct NextRead
    {
        enum Status { Read, Nothing, Waited, Failed } status = Failed; // Waited: the throttle's wait ended by stop/pause
        std::unique_ptr<ChunkRead> chunk;
        QString error;
    };
    // The next chunk, round robin over the tables, from the checkpoints `pending` (being written) leaves
    // for its table and the targets' for the others; on m_reading. Runs beside writeChunk.
    NextRead readNext(const ChunkRead *pending, int chunkRows);
    bool readChunk(MoveUnit &u, const QHash<int, CopyState> &states, int limit, ChunkRead *c, QString *error);
    bool writeChunk(ChunkRead &c, qint64 *rowsWritten);
    bool handleEvent(const BinlogEvent &ev);
    bool applyGroup(const BinlogPosition &end);
    bool collectOps(const BinlogEvent &ev, QHash<QString, QList<RowOp>> *ops);
    // Applied transactions are batched (CaptureApply.cpp): one target transaction, its capture position
    // the batch's last end, carries up to batchOps() row changes of consecutive source transactions;
    // runs of inserts into one table go as one multi-row INSERT.
    struct PendingGroup
    {
        BinlogPosition end;
        QHash<QString, QList<RowOp>> ops; // target instance -> its changes, in binlog order
    };
    static qsizetype batchOps(); // 2,000; SP_CAPTURE_BATCH_OPS (tests: many batches, the apply thread busy)
    // Writes m_batch. `wait` false: on the apply thread, while this one reads and decodes the next
    // batch (a full batch during a catch-up); true: here, done when it returns. Either way the batch
    // before it is finished first, so batches commit in stream order, one at a time.
    bool flushBatch(bool wait);
    bool joinApply();                                  // the batch on the apply thread, if any, is done
    bool writeBatch(const QList<PendingGroup> &batch); // the targets' transactions (CaptureApply.cpp)
    std::thread m_applyThread; // a batch being written; joined before catchUpTo returns
    bool m_applyOk = true;     // its result (read after the join)
    BinlogPosition m_applyEnd; // its last source transaction's end: m_applied once it is done
    // One target transaction: `ops`, then the capture position m_batchEnd. `together`: in as few round
    // trips as possible (Connection::execMulti; *warned when a statement left warnings).
    bool execOps(Connection &c, const QList<const RowOp *> &ops, bool together, bool *warned);
    struct Stmt; // one statement and the rows it must change (CaptureApply.cpp)
    bool buildStmts(Connection &c, const QList<const RowOp *> &ops, QList<Stmt> *stmts);
    bool runStmts(Connection &c, const QList<Stmt> &stmts, bool together, bool *warned);
    // The ops of the transaction read so far (m_group, then emptied); marks the pre-verified keys it
    // changes as changed at `changedAt`. *n: how many.
    bool groupOps(const BinlogPosition &changedAt, QHash<QString, QList<RowOp>> *ops, qsizetype *n);
    // A source transaction of more than streamRows() row changes is not held whole (memory in
    // proportion to it): once it passes that many, what is read of it is applied piece by piece inside
    // one open transaction per target server (a savepoint per piece, so a piece that leaves warnings
    // goes again statement by statement), and those commit with the capture position at its end -
    // all of it or none on each target, as for any other transaction. Everything read before it is
    // committed first, so the targets' sessions hold nothing else meanwhile. A ROLLBACK, a lost stream
    // or a failed catch-up rolls the open transactions back (the stream reads it again from its start).
    static qsizetype streamRows(); // 10,000; SP_CAPTURE_STREAM_ROWS
    bool streamPiece();
    bool finishStream(const BinlogPosition &end);
    void abandonStream();
    struct Stream
    {
        bool active = false;
        BinlogPosition start; // where the transaction begins (its GTID event): applied on a target that
                              // stored a position after it
        std::map<QString, std::unique_ptr<Transaction>> open; // target instance -> its open transaction
        qint64 pieces = 0;
    };
    Stream m_stream;
    BinlogPosition m_groupStart; // where the transaction being read begins
    qsizetype m_groupRows = 0;   // row changes in m_group
    BinlogPosition m_batchEnd; // the batch being written: its last source transaction's end
    bool loadPv();
    void takePv(const QString &instance, const std::vector<PvTable> &tables); // this worker's pairs of them
    bool forgetPreverified(const BinlogPosition &oldest, const BinlogPosition &capture);
    bool restartAtCapture(); // the binlog of the pre-verified points is gone: read from the capture's
    QString readerError(const BinlogPosition &from) const;
    void markChanged(const BinlogEvent &ev, const BinlogPosition &end);

    const RunSpec &m_spec;
    const MoveSet &m_moves;
    const Endpoints &m_endpoints;
    QString m_instance;
    quint32 m_serverId;
    QList<MoveUnit *> m_units;
    Connection m_source;
    Connection m_reading; // the copy's chunk reads (open while backfill runs)
    std::map<QString, std::unique_ptr<TargetConn>> m_targets;
    std::unique_ptr<BinlogReader> m_reader;
    QMutex m_readerMutex; // m_reader against stop() from another thread while it is replaced
    BinlogReaderOptions m_readerOptions;
    // Set while the stream starts at a pre-verified point older than the capture's position and has
    // not read yet: where to start instead when that binlog is gone.
    std::optional<BinlogPosition> m_captureStart;
    QStringList m_notes; // guarded by m_mutex
    QList<BinlogEvent> m_group; // rows events of the transaction being read
    QStringList m_statementDml; // statement-logged changes of that transaction ("pos: text"): a stop
    BinlogSettingsWatch m_binlogSettings; // the global binlog settings, polled every 2 s
    bool m_inGroup = false;
    BinlogPosition m_applied; // everything below is applied on the targets (flushed)
    BinlogPosition m_read;    // the stream's last transaction end read (applied or in m_batch)
    QList<PendingGroup> m_batch;
    qsizetype m_batchOps = 0;
    int m_chunkRows = 1000;
    QByteArray m_loadBuffer; // a chunk's LOAD DATA input (writeChunk), kept to reuse its memory
    RawResult m_spareRows;   // a written chunk's rows, whose memory the next read reuses (RawResult.h)
    QHash<int, qint64> m_rowBytes; // unit id -> the widest row of its last chunk (bytes of values); readers' own
    // The bytes of values a chunk keeps (a chunk of narrower rows stops at its row limit first): with
    // the chunk being written and the next one read, a worker holds about twice this. 32 MiB;
    // SP_COPY_CHUNK_BYTES (tests) sets it.
    static qint64 chunkBytes();
    QSet<int> m_checkOutside; // setCheckOutside
    RawResult m_checkRows;    // the second scan's windows of rows outside a predicate, memory reused
    std::atomic<qint64> m_outsideChecked{0};
    QString m_predicateProblems; // guarded by m_errorMutex
    int m_nextUnit = 0;      // readNext's round robin
    QString m_error;             // guarded by m_errorMutex: fail() runs on the apply thread too
    mutable QMutex m_errorMutex;
    std::atomic<bool> m_stop{false};
    StopReason m_stopReason = StopReason::None; // the driving thread's
    mutable QMutex m_mutex;
    WorkerProgress m_progress;
    std::map<QPair<int, int>, PvTable> m_pv; // (unit, target) of this source's pre-verified tables
    struct PendingHead
    {
        QDateTime at;
        BinlogPosition head;
        qint64 changes; // m_changesApplied at the sample
    };
    QList<PendingHead> m_pendingHeads;             // guarded by m_mutex
    QList<QPair<QDateTime, qint64>> m_resolvedLag; // guarded by m_mutex
    qint64 m_changesApplied = 0;                   // row changes of moving tables in applied transactions
    qint64 m_changesAdmitted = 0;                  // of those, the ones the throttle let through
    Throttle *m_throttle = nullptr;
};

} // namespace sp::migration
