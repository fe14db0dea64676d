#include "core/migration/copy/SourceWorker.h"

#include "core/migration/copy/ReadAhead.h"

#include "core/migration/ExactLoad.h"
#include "core/cluster/RawResult.h"

#include "core/cluster/InsertBuilder.h"
#include "core/cluster/Transaction.h"
#include "core/migration/ExactRows.h"
#include "core/migration/CaptureGuard.h"
#include "core/migration/BinlogRetention.h"
#include "core/migration/CopyErrors.h"
#include "core/migration/SqlParts.h"
#include "core/migration/Verifier.h"
#include "core/migration/run/Actions.h"

#include <QElapsedTimer>
#include <QRegularExpression>
#include <QSet>
#include <QThread>

#include <limits>
#include <utility>

namespace sp::migration {

SourceWorker::SourceWorker(const RunSpec &spec, const MoveSet &moves, const Endpoints &endpoints,
                           const QString &instance, quint32 readerServerId)
    : m_spec(spec), m_moves(moves), m_endpoints(endpoints), m_instance(instance), m_serverId(readerServerId)
{
    for (const MoveUnit &u : moves.units())
        if (u.sourceInstance == instance)
            m_units.append(const_cast<MoveUnit *>(&u));
    m_chunkRows = spec.chunkRows;
    m_progress.instance = instance;
}

SourceWorker::~SourceWorker()
{
    if (m_applyThread.joinable()) // catchUpTo joins it; a safety net
        m_applyThread.join();
    if (m_reader)
        m_reader->close();
}

bool SourceWorker::fail(const QString &message)
{
    QMutexLocker lock(&m_errorMutex);
    if (m_error.isEmpty())
        m_error = m_instance + QStringLiteral(": ") + message;
    return false;
}

bool SourceWorker::failStopped()
{
    m_stopReason = StopReason::Stopped;
    return fail(QStringLiteral("stopped"));
}

void SourceWorker::stop()
{
    m_stop.store(true);
    QMutexLocker lock(&m_readerMutex); // restartAtCapture() may be replacing the reader
    if (m_reader)
        m_reader->requestStop();
}

std::unique_ptr<SourceWorker::TargetConn> SourceWorker::openTarget(const QString &instance, QString *error) const
{
    auto tc = std::make_unique<TargetConn>();
    tc->instance = instance;
    // The capture's sessions set the marker the pre-verification triggers leave out (their changes
    // are known from the source's binlog); every other session's change is recorded.
    ConnectionParams params = m_endpoints.adminOfInstance(instance);
    params.memoryInfile = true; // chunks go in as LOAD DATA from memory where the server allows it
    params.multiStatements = true; // a chunk's checkpoint in one round trip, a capture batch too
    if (!tc->conn.open(params) || !prepareSession(tc->conn, true) ||
        !tc->conn.exec(QStringLiteral("SET ") + pv::captureMarker(m_spec.runId) + QStringLiteral(" = 1"))) {
        *error = QStringLiteral("target %1: %2").arg(instance, tc->conn.lastError());
        return nullptr;
    }
    const auto infile = tc->conn.queryValue(QStringLiteral("SELECT @@GLOBAL.local_infile"));
    if (!infile) {
        *error = QStringLiteral("target %1: %2").arg(instance, tc->conn.lastError());
        return nullptr;
    }
    tc->loadData = infile->toInt() == 1 && qEnvironmentVariableIntValue("SP_COPY_WITH_INSERT") == 0;
    tc->bulk = qEnvironmentVariableIntValue("SP_COPY_WITH_INSERT") == 0; // off also where the server lacks it
    return tc;
}

SourceWorker::TargetConn *SourceWorker::targetConn(const QString &instance)
{
    auto it = m_targets.find(instance);
    if (it != m_targets.end())
        return it->second.get();
    QString why;
    std::unique_ptr<TargetConn> tc = openTarget(instance, &why);
    if (!tc) {
        fail(why);
        return nullptr;
    }
    TargetConn *raw = tc.get();
    m_targets.emplace(instance, std::move(tc));
    return raw;
}

ExactBulkInsert *SourceWorker::bulkInsert(TargetConn *tc, const MoveUnit &u, int t, bool *failed)
{
    *failed = false;
    const QString table = u.qualifiedTarget(t);
    std::unique_ptr<ExactBulkInsert> &slot = tc->inserts[table];
    if (slot && slot->preparedOn(tc->conn.handle()))
        return slot.get();
    slot = std::make_unique<ExactBulkInsert>(tc->conn);
    bool unsupported = false;
    QString why;
    if (slot->prepare(u.info, table, &unsupported, &why))
        return slot.get();
    slot.reset();
    if (unsupported) {
        tc->bulk = false; // this server: LOAD DATA from now on
        return nullptr;
    }
    *failed = true;
    fail(QStringLiteral("target %1: %2").arg(tc->instance, why));
    return nullptr;
}

bool SourceWorker::open()
{
    // The source's session and every target server's (a connect, a session set-up, then the target's
    // checkpoints, capture position and pre-verification state) at once: one after the other they were
    // most of a worker's start, four targets for a source with broadcast tables.
    QSet<QString> tables;
    QStringList instances;
    for (const MoveUnit *u : std::as_const(m_units)) {
        tables.insert(u->sourceSchema + QChar(0) + u->source.table);
        for (const MoveTarget &t : u->targets)
            if (!instances.contains(t.instance) && !m_targets.count(t.instance))
                instances.append(t.instance);
    }
    struct Opened
    {
        std::unique_ptr<TargetConn> tc;
        std::optional<QHash<QPair<int, int>, CopyState>> copy;
        std::optional<BinlogPosition> pos;
        std::optional<std::vector<PvTable>> pv;
        QString error;
    };
    std::vector<Opened> opened(size_t(instances.size()));
    bool sourceOk = false;
    forEachServer(int(instances.size()) + 1, [&](int i) {
        if (i == int(instances.size())) { // rows and keys are read in their exact form (ExactValue.h)
            sourceOk = m_source.open(m_endpoints.adminOfInstance(m_instance)) && prepareExactSession(m_source, false);
            return;
        }
        Opened &o = opened[size_t(i)];
        const QString &instance = instances.at(i);
        o.tc = openTarget(instance, &o.error);
        if (!o.tc)
            return;
        QString why;
        o.copy = meta::loadCopy(o.tc->conn, m_spec.runId, &why);
        if (o.copy)
            o.pos = meta::loadCapture(o.tc->conn, m_spec.runId, m_instance, &why);
        if (!o.copy || !o.pos) {
            o.error = why.isEmpty() && o.copy
                          ? QStringLiteral("target %1 has no capture position for this source (T1 not run?)").arg(instance)
                          : QStringLiteral("target %1: %2").arg(instance, why);
            return;
        }
        o.pv = pv::load(o.tc->conn, m_spec.runId, &why);
        if (!o.pv)
            o.error = QStringLiteral("target %1: %2").arg(instance, why);
    });
    if (!sourceOk)
        return fail(m_source.lastError());
    for (Opened &o : opened)
        if (!o.error.isEmpty())
            return fail(o.error);
    // Checkpoints and capture positions, as the targets hold them.
    std::optional<BinlogPosition> start;
    for (qsizetype i = 0; i < instances.size(); ++i) {
        Opened &o = opened[size_t(i)];
        const QString &instance = instances.at(i);
        for (const MoveUnit *u : std::as_const(m_units))
            for (int t = 0; t < u->targets.size(); ++t)
                if (u->targets.at(t).instance == instance) {
                    if (!o.copy->contains({u->id, t}))
                        return fail(QStringLiteral("target %1 has no copy checkpoint for %2 -> %3 (T0 not run?)")
                                        .arg(instance, u->source.toString(), u->targets.at(t).node.toString()));
                    m_progress.copy.insert({u->id, t}, o.copy->value({u->id, t}));
                }
        o.tc->stored = *o.pos;
        if (!start || *o.pos < *start)
            start = *o.pos;
        takePv(instance, *o.pv);
        m_targets.emplace(instance, std::move(o.tc));
    }
    if (!start)
        return fail(QStringLiteral("no target"));
    // The stream starts at the oldest point a range was verified at, so the keys changed since are
    // known again after a restart (transactions already applied on a target are not applied twice).
    BinlogPosition from = *start;
    for (const auto &e : m_pv) {
        const auto o = e.second.oldest();
        if (o && *o < from)
            from = *o;
    }
    BinlogReaderOptions o;
    o.connection = m_endpoints.adminOfInstance(m_instance);
    o.start = from;
    o.serverId = m_serverId;
    o.heartbeatSec = 1;
    o.reconnectTimeoutSec = 60;
    o.includeTable = [tables](const QString &schema, const QString &table) {
        return tables.contains(schema + QChar(0) + table);
    };
    m_readerOptions = o;
    if (from != *start) {
        // The binlog of the verified points may be gone while the capture's own is not: then the
        // ranges are forgotten (compared again), the capture starts where it is. Asked here when the
        // account may list the binlogs, and at the first read in any case (catchUpTo).
        QString why;
        const std::optional<bool> kept = binlogFileKept(m_source, from.file, &why);
        if (kept && !*kept) {
            if (!forgetPreverified(from, *start))
                return false;
            from = *start;
        } else {
            m_captureStart = *start;
        }
    }
    m_readerOptions.start = from;
    m_reader = std::make_unique<BinlogReader>(m_readerOptions);
    if (!m_reader->open())
        return fail(readerError(from));
    m_applied = from;
    m_read = from;
    m_batch.clear();
    m_batchOps = 0;
    QMutexLocker lock(&m_mutex);
    m_progress.applied = m_applied;
    return true;
}

bool SourceWorker::forgetPreverified(const BinlogPosition &oldest, const BinlogPosition &capture)
{
    for (auto &e : m_pv) {
        for (PvRange &r : e.second.ranges)
            r = PvRange{};
        TargetConn *tc = targetConn(m_moves.units().at(e.first.first).targets.at(e.first.second).instance);
        if (!tc || !pv::clearRanges(tc->conn, m_spec.runId, e.first.first, e.first.second))
            return fail(QStringLiteral("forgetting pre-verified ranges: %1").arg(tc ? tc->conn.lastError() : m_error));
    }
    QMutexLocker lock(&m_mutex);
    m_notes.append(preverifiedBinlogGone(m_instance, oldest, capture));
    return true;
}

bool SourceWorker::restartAtCapture()
{
    const BinlogPosition capture = *m_captureStart;
    m_captureStart.reset();
    if (!forgetPreverified(m_readerOptions.start, capture))
        return false;
    m_readerOptions.start = capture;
    auto fresh = std::make_unique<BinlogReader>(m_readerOptions);
    {
        QMutexLocker lock(&m_readerMutex);
        std::swap(m_reader, fresh);
    }
    fresh->close(); // the failed stream
    if (m_stop.load())
        m_reader->requestStop();
    if (!m_reader->open())
        return fail(readerError(capture));
    abandonStream();
    m_group.clear();
    m_groupRows = 0;
    m_inGroup = false;
    m_batch.clear(); // nothing was read yet (m_captureStart); re-read from the capture in any case
    m_batchOps = 0;
    m_applied = capture;
    m_read = capture;
    QMutexLocker lock(&m_mutex);
    m_progress.applied = m_applied;
    return true;
}

QString SourceWorker::readerError(const BinlogPosition &from) const
{
    if (isBinlogGoneError(m_reader->serverErrno()))
        return captureBinlogGone(m_reader->error(), from);
    return QStringLiteral("binlog from %1: %2").arg(from.toString(), m_reader->error());
}

QStringList SourceWorker::takeNotes()
{
    QMutexLocker lock(&m_mutex);
    return std::exchange(m_notes, {});
}

std::optional<BinlogPosition> SourceWorker::head()
{
    QString why;
    const auto p = masterStatus(m_source, &why);
    if (!p) {
        fail(why);
        return std::nullopt;
    }
    QMutexLocker lock(&m_mutex);
    m_progress.head = *p;
    return p;
}

bool SourceWorker::allCopied() const
{
    QMutexLocker lock(&m_mutex);
    for (const CopyState &s : m_progress.copy)
        if (!s.done)
            return false;
    return true;
}

WorkerProgress SourceWorker::progress() const
{
    QMutexLocker lock(&m_mutex);
    return m_progress;
}

qint64 SourceWorker::chunkBytes()
{
    static const qint64 bytes = [] {
        bool ok = false;
        const qint64 v = qEnvironmentVariable("SP_COPY_CHUNK_BYTES").toLongLong(&ok);
        return ok && v > 0 ? v : qint64(32) << 20;
    }();
    return bytes;
}

// Tables whose rows average at most this many bytes are copied and checked in one scan (readChunk).
// InnoDB keeps a value in its record's page unless the record passes about half a 16 KiB page. 4,096;
// SP_ONE_SCAN_ROW_BYTES (tests: every table in one scan, BLOBs of megabytes included).
static qint64 oneScanRowBytes()
{
    static const qint64 bytes = [] {
        bool ok = false;
        const qint64 v = qEnvironmentVariable("SP_ONE_SCAN_ROW_BYTES").toLongLong(&ok);
        return ok && v >= 0 ? v : qint64(4096);
    }();
    return bytes;
}

// A read-only transaction on a consistent snapshot whose binlog position the server reports.
static TransactionOptions readSnapshot()
{
    TransactionOptions to;
    to.consistentSnapshot = true;
    to.readOnly = true;
    return to;
}

bool SourceWorker::backfill(const std::function<bool()> &paused)
{
    // Chunks are read on a session of their own (the capture's catch-up asks the source on
    // m_source), open while the copy runs: the next chunk is read while the current one is written.
    struct CloseReading
    {
        Connection &c;
        ~CloseReading() { c.close(); }
    } closeReading{m_reading};
    ConnectionParams reading = m_endpoints.adminOfInstance(m_instance);
    reading.multiStatements = true; // a chunk's snapshot and its binlog position in one round trip
    if (!m_reading.isOpen() && (!m_reading.open(reading) || !prepareExactSession(m_reading, false)))
        return fail(m_reading.lastError());
    std::unique_ptr<ChunkRead> cur;
    ReadAhead readAhead; // the next chunk's read, on one thread for the whole copy (ReadAhead.h)
    auto giveBack = [this](const std::unique_ptr<ChunkRead> &c) {
        if (c && m_throttle && c->reserved > 0)
            m_throttle->refund(c->reserved);
    };
    while (!m_stop.load()) {
        if (paused && paused()) {
            giveBack(cur);
            return true;
        }
        if (!cur) {
            NextRead r = readNext(nullptr, m_chunkRows);
            if (r.status == NextRead::Nothing)
                return true;
            if (r.status == NextRead::Failed)
                return m_stop.load() ? failStopped() : fail(r.error);
            if (r.status == NextRead::Waited)
                continue; // stopped or paused while waiting for the throttle: the loop's head says which
            cur = std::move(r.chunk);
        }
        // The next chunk (by round robin, from the checkpoints this one leaves) is read while this one
        // is written. Its snapshot is taken after this one's, and the capture is brought to it before
        // it is written: the order of snapshots, capture and writes is the one-chunk-at-a-time order.
        static const bool inline_ = qEnvironmentVariableIntValue("SP_COPY_READ_INLINE") == 1; // for A/B runs
        NextRead ahead;
        const int hint = m_chunkRows;
        if (!inline_)
            readAhead.start([&] { ahead = readNext(cur.get(), hint); });
        qint64 written = 0;
        QElapsedTimer timer;
        timer.start();
        const bool ok = writeChunk(*cur, &written);
        const qint64 writeMs = timer.elapsed();
        if (inline_ && ok)
            ahead = readNext(cur.get(), hint);
        readAhead.wait();
        if (m_throttle && cur->reserved > written)
            m_throttle->refund(cur->reserved - written);
        else if (m_throttle && written > cur->reserved) // a broadcast table's rows go to every target
            m_throttle->admit(written - cur->reserved, nullptr, nullptr);
        if (!ok) {
            giveBack(ahead.chunk);
            return false;
        }
        // Chunk size follows the time target (the chunk's reading and writing). A chunk whose rows were
        // limited by their width (byBytes, or cut) says nothing of the worker's other tables' rows: it
        // may only lower the size, when even it took longer than the target.
        if (!cur->reachedEnd) {
            const qint64 ms = qMax<qint64>(1, cur->readMs + writeMs);
            const double factor = qBound(0.5, double(m_spec.chunkTargetMs) / double(ms), 2.0);
            const int rows = qBound(qMin(100, m_spec.maxChunkRows), int(cur->limit * factor), m_spec.maxChunkRows);
            if (!cur->cut && !cur->byBytes)
                m_chunkRows = rows;
            else if (factor < 1.0)
                m_chunkRows = qMin(m_chunkRows, rows);
        }
        // Its rows' memory serves a later read (no reader runs now: this thread owns m_spareRows).
        m_spareRows = std::move(cur->rows);
        if (ahead.status == NextRead::Failed)
            return m_stop.load() ? failStopped() : fail(ahead.error);
        if (ahead.status == NextRead::Nothing)
            return true;
        cur = std::move(ahead.chunk); // null when the throttle's wait was ended by a stop or pause
    }
    giveBack(cur);
    return failStopped();
}

SourceWorker::NextRead SourceWorker::readNext(const ChunkRead *pending, int chunkRows)
{
    NextRead r;
    // A unit's checkpoints: as `pending` leaves them for its unit, as the targets hold them otherwise.
    auto statesOf = [&](const MoveUnit *u) {
        if (pending && pending->unit == u)
            return pending->after;
        QHash<int, CopyState> states;
        QMutexLocker lock(&m_mutex);
        for (int t = 0; t < u->targets.size(); ++t)
            states.insert(t, m_progress.copy.value({u->id, t}));
        return states;
    };
    // The next unit with a target still to copy, round robin.
    MoveUnit *next = nullptr;
    QHash<int, CopyState> states;
    for (int i = 0; i < m_units.size() && !next; ++i) {
        MoveUnit *u = m_units.at((m_nextUnit + i) % m_units.size());
        const QHash<int, CopyState> s = statesOf(u);
        for (int t = 0; t < u->targets.size() && !next; ++t)
            if (!s.value(t).done) {
                next = u;
                states = s;
            }
    }
    if (!next) {
        r.status = NextRead::Nothing;
        return r;
    }
    m_nextUnit = (int(m_units.indexOf(next)) + 1) % int(m_units.size());
    // The throttle (rate, load, replica lag): the chunk's rows are reserved before it is read (it
    // reads at most that many); what it did not copy is given back.
    int limit = chunkRows;
    // Rows within the chunk's bytes at the widest row of the table's last chunk (readChunk cuts a chunk
    // whose rows are wider than that); before the table's first chunk, at its average row length by
    // the server's statistics, so that a table of wide rows is not read far past the budget (the rows
    // of a cut chunk after the budget are read and dropped). Only the LIMIT changes: the cut is what
    // keeps a chunk within the budget either way.
    const qint64 seen = m_rowBytes.value(next->id, 0);
    const qint64 width = seen > 0 ? seen : next->info.avgRowBytes;
    const bool byBytes = width > 0 && chunkBytes() / width < qint64(limit);
    if (byBytes)
        limit = int(qMax(qint64(1), chunkBytes() / width));
    qint64 reserved = 0;
    if (m_throttle) {
        limit = m_throttle->maxChunk(limit);
        reserved = limit;
        StopReason stopped = StopReason::None;
        QString why;
        if (!m_throttle->admit(reserved, &stopped, &why)) {
            r.status = stopped == StopReason::None ? NextRead::Failed : NextRead::Waited;
            r.error = why; // a replica's lag could not be read: fail closed
            return r;
        }
    }
    r.chunk = std::make_unique<ChunkRead>();
    r.chunk->rows = std::move(m_spareRows); // the memory of a chunk written before
    r.chunk->reserved = reserved;
    r.chunk->limit = limit;
    r.chunk->byBytes = byBytes;
    QElapsedTimer timer;
    timer.start();
    if (!readChunk(*next, states, limit, r.chunk.get(), &r.error)) {
        if (m_throttle)
            m_throttle->refund(reserved);
        r.chunk.reset();
        r.status = NextRead::Failed;
        return r;
    }
    r.chunk->readMs = timer.elapsed();
    r.status = NextRead::Read;
    return r;
}

bool SourceWorker::readChunk(MoveUnit &u, const QHash<int, CopyState> &states, int limit, ChunkRead *c, QString *error)
{
    c->unit = &u;
    c->states = states;
    const KeyOrder order(u.info);
    // Resume from the lowest checkpoint among the targets still to copy (the server orders the keys).
    std::optional<Key> lo;
    bool fromStart = false;
    for (int t = 0; t < u.targets.size(); ++t) {
        const CopyState &s = states[t];
        if (s.done)
            continue;
        if (!s.lastPk) {
            fromStart = true;
        } else if (!lo) {
            lo = s.lastPk;
        } else {
            const auto m = order.min(m_reading, *lo, *s.lastPk);
            if (!m) {
                *error = QStringLiteral("ordering the checkpoints of %1: %2").arg(u.source.toString(), m_reading.lastError());
                return false;
            }
            lo = *m;
        }
    }
    if (fromStart)
        lo.reset();
    // A target whose checkpoint is ahead of `lo` takes only the rows above its own: the server says
    // which, in one flag column per such target.
    QList<int> flagged;
    QStringList flags;
    for (int t = 0; t < u.targets.size(); ++t)
        if (!states[t].done && states[t].lastPk) {
            flagged.append(t);
            flags.append(QStringLiteral("(") + keyCompare(u.info, *states[t].lastPk, ">") + QStringLiteral(") IS TRUE"));
        }

    // A table whose copy checks the rows outside its predicate (setCheckOutside) is read in one scan for
    // both: every row of the key range, with a last column saying whether the predicate selects it; the
    // character and byte strings of a row it does not select (other than its key and sharding value,
    // what the check needs) come as NULL through IF(), which gives the same bytes for a row it selects.
    // The server reads each record once instead of twice (copy, then check); the rows outside are
    // never written. Other values are read for every row: each IF() evaluates the predicate again,
    // which costs the server more than sending a number (measured: every column through IF() made the
    // sources' CPU no lower than two scans). Not for a table of wide rows (by its average row length):
    // the server would read the off-page values of the rows outside too, which the second scan of the
    // key and sharding value alone (checkOutsidePredicate, after the chunk) does not.
    const bool checkOutside = m_checkOutside.contains(u.id);
    const bool oneScan = checkOutside && u.info.avgRowBytes <= oneScanRowBytes();
    const QString insideSql = QStringLiteral("((") + u.pushdownSql + QStringLiteral(") IS TRUE)");
    QString selectList;
    if (!oneScan) {
        selectList = exactSelectList(u.info);
    } else {
        QStringList cols;
        for (int k = 0; k < int(u.info.cols.size()); ++k) {
            const ColumnInfo &col = u.info.cols.at(k);
            const bool string = (col.kind == ColumnKind::Text || col.kind == ColumnKind::Binary) &&
                                col.dataType != QLatin1String("inet6") && col.dataType != QLatin1String("inet4") &&
                                col.dataType != QLatin1String("uuid"); // these three are cast (exactExpr)
            if (!string || k == u.info.shardColumn || u.info.pk.contains(k))
                cols.append(exactExpr(col));
            else
                cols.append(QStringLiteral("IF(") + insideSql + QLatin1Char(',') + exactExpr(col) + QStringLiteral(",NULL)"));
        }
        flags.append(insideSql);
        selectList = cols.join(QLatin1Char(','));
    }
    const int insideColumn = int(u.info.columns.size()) + int(flagged.size()); // oneScan: the predicate's flag

    RawResult &rows = c->rows; // as the server sent them: most rows go from here to the targets without QVariants
    {
        Transaction tx(m_reading, readSnapshot());
        const auto p = snapshotAt(tx, error);
        if (!p)
            return false;
        c->snapshot = *p;
        QStringList where;
        if (lo)
            where.append(keyCompare(u.info, *lo, ">"));
        if (!u.pushdownSql.isEmpty() && !oneScan)
            where.append(QLatin1Char('(') + u.pushdownSql + QLatin1Char(')'));
        const QString sql = QStringLiteral("SELECT ") + selectList +
                            (flags.isEmpty() ? QString() : QLatin1Char(',') + flags.join(QLatin1Char(','))) +
                            QStringLiteral(" FROM ") + u.qualifiedSource() +
                            (where.isEmpty() ? QString() : QStringLiteral(" WHERE ") + where.join(QStringLiteral(" AND "))) +
                            QStringLiteral(" ORDER BY ") + u.info.pkList() + QStringLiteral(" LIMIT ") +
                            QString::number(limit);
        // At most chunkBytes() of values kept: a chunk cut there ends at its last row kept, and the rows
        // after it are the next chunk's (they were read and dropped: the unit's rows per chunk follow).
        bool cut = false;
        if (!m_reading.queryRaw(sql, &rows, chunkBytes(), &cut)) {
            *error = QStringLiteral("reading %1: %2").arg(u.source.toString(), m_reading.lastError());
            return false;
        }
        tx.commit();
        c->cut = cut;
    }
    const qsizetype nrows = rows.rowCount();
    c->reachedEnd = !c->cut && nrows < limit;
    // The widest row of the unit's last chunk (its values' bytes) bounds its next chunk's rows (readNext):
    // a chunk of wide rows is followed by a short one, and one of narrow rows by a long one again.
    if (nrows > 0)
        m_rowBytes.insert(u.id, rows.widestRow());
    const int ncols = int(u.info.columns.size());
    // A row in exact form (ExactValue.h) where a path needs one.
    auto exactRow = [&](qsizetype i, QList<QVariant> *row) {
        *row = rows.row(i);
        row->resize(ncols);
        QString why;
        if (!normalizeExactRow(u.info, row, &why)) {
            *error = QStringLiteral("reading %1: %2").arg(u.source.toString(), why);
            return false;
        }
        return true;
    };
    // Where each row goes: a target index, -1 (stays), kAll (a broadcast table's row: every target).
    constexpr int kAll = -2;
    std::vector<int> routeOf(size_t(nrows), -1);
    for (qsizetype i = 0; i < nrows; ++i) {
        if (u.broadcast) {
            routeOf[size_t(i)] = kAll;
            continue;
        }
        if (u.info.shardColumn < 0 || rows.isNull(i, u.info.shardColumn))
            continue; // no key: no config routes it, it stays (as route() says)
        int t = -1;
        if (m_moves.routeFast(u, rows.value(i, u.info.shardColumn), &t)) {
            routeOf[size_t(i)] = t;
            continue;
        }
        QList<QVariant> row;
        if (!exactRow(i, &row))
            return false;
        const RowRoute rr = m_moves.route(u, row);
        if (!rr.ok) {
            *error = rr.error;
            return false;
        }
        if (rr.targets.size() > 1) {
            *error = QStringLiteral("internal: a row of %1 routes to %2 targets").arg(u.source.toString()).arg(rr.targets.size());
            return false;
        }
        if (!rr.targets.isEmpty())
            routeOf[size_t(i)] = rr.targets.first();
    }
    // Row i's key and the start of its sharding value, for naming it.
    auto nameRow = [&](qsizetype i, QString *key, QString *shard) {
        QList<QVariant> row;
        if (!exactRow(i, &row))
            return false;
        Key k;
        *key = keyOf(u.info, row, &k) ? keyText(u.info, k) : QStringLiteral("(NULL)");
        const QByteArrayView v = rows.value(i, u.info.shardColumn);
        *shard = rows.isNull(i, u.info.shardColumn) ? QStringLiteral("NULL")
                                                     : QString::fromUtf8(v.first(qMin<qsizetype>(40, v.size())));
        return true;
    };
    // Whether the predicate selects row i (read with it in one scan; otherwise every row read is inside).
    std::vector<char> insideOf;
    if (oneScan) {
        insideOf.resize(size_t(nrows));
        for (qsizetype i = 0; i < nrows; ++i) {
            const QByteArrayView f = rows.value(i, insideColumn);
            insideOf[size_t(i)] = f.size() == 1 && f.front() == '1';
        }
    }
    auto inside = [&](qsizetype i) { return !oneScan || insideOf[size_t(i)]; };
    // The rows inside the predicate (the pushdown read here) must all be the router's for the target:
    // T2's check reads only the rows outside it (checkPredicates), so a predicate that selects more than
    // the router moves is found here, before any of the chunk is written.
    if (copyChecksPredicate(u))
        for (qsizetype i = 0; i < nrows; ++i) {
            if (routeOf[size_t(i)] == 0 || !inside(i))
                continue;
            QString key, shard;
            if (!nameRow(i, &key, &shard))
                return false;
            *error = QStringLiteral("the plan's SQL predicates disagree with the router (a row would move that the "
                                    "router keeps): %1 key %2 (%3): the predicate %4 selects it, the router says %5")
                         .arg(u.source.toString(), key, shard, u.targets.first().predicateSql,
                              routeOf[size_t(i)] < 0 ? QStringLiteral("it stays") : QStringLiteral("it goes elsewhere"));
            return false;
        }
    std::optional<Key> chunkEnd;
    if (nrows > 0) {
        QList<QVariant> last;
        if (!exactRow(nrows - 1, &last))
            return false;
        Key k;
        if (!keyOf(u.info, last, &k)) {
            *error = QStringLiteral("%1: a row with a NULL key value").arg(u.source.toString());
            return false;
        }
        chunkEnd = k;
    }
    // The rows outside the predicate (read in the same scan, oneScan) must all stay: the router sending
    // one to the target is a row the copy would miss. The chunks' key ranges follow one another from
    // the table's start (this process began its copy), so every row outside is checked once; before
    // any of the chunk is written.
    if (oneScan) {
        QStringList problems;
        qint64 outside = 0;
        for (qsizetype i = 0; i < nrows; ++i) {
            if (inside(i))
                continue;
            ++outside;
            if (routeOf[size_t(i)] != 0 || problems.size() >= 20)
                continue;
            QString key, shard;
            if (!nameRow(i, &key, &shard))
                return false;
            problems.append(QStringLiteral("%1 key %2 (%3): the router says moves to %4, the predicate %5 says it does not")
                                .arg(u.source.toString(), key, shard, u.targets.first().node.toString(),
                                     u.targets.first().predicateSql));
        }
        m_outsideChecked += outside;
        if (!problems.isEmpty()) {
            {
                QMutexLocker lock(&m_errorMutex);
                m_predicateProblems = problems.join(QLatin1Char('\n'));
            }
            *error = QStringLiteral("the plan's SQL predicates disagree with the router (rows would be missed): ") +
                     problems.join(QLatin1Char('\n'));
            return false;
        }
    }
    // A table of wide rows: the rows outside the predicate in the chunk's key range, (lo, chunkEnd]
    // (above lo when the chunk reached the end), must all stay: read now, while the range's pages are
    // in the buffer pool; before any of the chunk is written.
    if (checkOutside && !oneScan) {
        qint64 checked = 0;
        const QString problems = checkOutsidePredicate(m_moves, u, m_reading, m_checkRows, lo,
                                                       c->reachedEnd ? std::nullopt : chunkEnd, &m_stop, &checked);
        m_outsideChecked += checked;
        if (problems == QLatin1String("stopped")) {
            *error = problems;
            return false;
        }
        if (!problems.isEmpty()) {
            {
                QMutexLocker lock(&m_errorMutex);
                m_predicateProblems = problems;
            }
            *error = QStringLiteral("the plan's SQL predicates disagree with the router (rows would be missed): ") + problems;
            return false;
        }
    }
    // Each target's rows (above its own checkpoint, the server's flag, and routed to it) and the
    // checkpoint the chunk leaves it at.
    c->after = states;
    for (int t = 0; t < u.targets.size(); ++t) {
        CopyState s = states.value(t);
        if (s.done)
            continue;
        const int fi = int(flagged.indexOf(t));
        QList<qsizetype> &mine = c->mine[t];
        mine.reserve(nrows);
        bool aboveCheckpoint = false; // some row of the chunk is above this target's checkpoint
        for (qsizetype i = 0; i < nrows; ++i) {
            if (fi >= 0 && rows.value(i, ncols + fi) != QByteArrayView("1"))
                continue;
            aboveCheckpoint = true;
            if ((routeOf[size_t(i)] == t && inside(i)) || routeOf[size_t(i)] == kAll)
                mine.append(i);
        }
        // The checkpoint moves to the chunk's end unless it is already beyond it.
        if (chunkEnd && (!s.lastPk || aboveCheckpoint))
            s.lastPk = chunkEnd;
        s.done = c->reachedEnd;
        s.copied += mine.size();
        c->after.insert(t, s);
    }
    return true;
}

bool SourceWorker::writeChunk(ChunkRead &c, qint64 *rowsWritten)
{
    *rowsWritten = 0;
    MoveUnit &u = *c.unit;
    const RawResult &rows = c.rows;
    const BinlogPosition &snapshot = c.snapshot;
    // Capture to exactly the snapshot: the chunk then joins the stream where it was read.
    if (!catchUpTo(snapshot))
        return false;

    const QStringList columns = writableColumns(u.info);
    const QList<int> writable = u.info.writable();
    for (int t = 0; t < u.targets.size(); ++t) {
        if (c.states.value(t).done)
            continue;
        const QList<qsizetype> &mine = c.mine[t];
        TargetConn *tc = targetConn(u.targets.at(t).instance);
        if (!tc)
            return false;
        if (snapshot < tc->stored)
            return fail(QStringLiteral("internal: snapshot %1 is behind the capture position %2 of %3")
                            .arg(snapshot.toString(), tc->stored.toString(), tc->instance));
        Transaction tx(tc->conn);
        if (!tx.ok())
            return fail(tx.error());
        // One INSERT over arrays of parameters (ExactBulk.h) where the server executes them, else LOAD
        // DATA from memory (ExactLoad.h): any warning fails either, and every row must arrive. A row
        // longer than an INSERT may be goes the row-by-row INSERT way, which names it (the binlog could
        // not carry it).
        const quint64 packet = mine.isEmpty() ? 0 : tc->conn.maxAllowedPacket();
        bool written = false;
        if (tc->bulk && !mine.isEmpty() && packet > 0) {
            bool fits = true;
            for (qsizetype i : std::as_const(mine)) {
                quint64 bytes = 0;
                for (int k : writable)
                    bytes += quint64(rows.value(i, k).size()) + 10;
                if (bytes + 1024 > packet) {
                    fits = false;
                    break;
                }
            }
            bool failed = false;
            ExactBulkInsert *insert = fits ? bulkInsert(tc, u, t, &failed) : nullptr;
            if (failed)
                return false;
            if (insert) {
                quint64 inserted = 0;
                QString why;
                unsigned errNo = 0;
                // Executions of at most 512 KiB of values, and half of what the server takes in one.
                // Connector/C builds each execution's packet in a buffer it grows from 1 KiB by realloc
                // and frees: at 512 KiB that buffer stays in the allocator's heap and the cache (16 MiB
                // before: shardctl's CPU in T2 1.77 s against 2.19 s, medians of 8 interleaved pairs).
                if (!insert->insert(rows, mine, qMin<quint64>(quint64(512) << 10, packet / 2), &inserted, &why, &errNo))
                    return fail(QStringLiteral("copying %1 -> %2: %3%4")
                                    .arg(u.source.toString(), u.targets.at(t).node.toString(), why,
                                         errNo == 1062 ? duplicateKeyHint(why) : QString()));
                if (qsizetype(inserted) != mine.size())
                    return fail(QStringLiteral("copying %1 -> %2: %3 rows sent, %4 inserted")
                                    .arg(u.source.toString(), u.targets.at(t).node.toString())
                                    .arg(mine.size())
                                    .arg(inserted));
                written = true;
            }
        }
        QByteArray &data = m_loadBuffer; // its capacity kept from chunk to chunk
        data.resize(0);
        bool load = !written && tc->loadData && !mine.isEmpty();
        if (load) {
            QString why;
            for (qsizetype i : std::as_const(mine)) {
                const qsizetype before = data.size();
                if (!appendExactLoadRow(u.info, writable, rows, i, &data, &why))
                    return fail(QStringLiteral("copying %1: %2").arg(u.source.toString(), why));
                if (packet == 0 || quint64(data.size() - before) + 1024 > packet) {
                    load = false;
                    break;
                }
            }
        }
        if (load) {
            ExecResult er;
            if (!tc->conn.loadFromMemory(exactLoadStatement(u.info, u.qualifiedTarget(t)), data, &er)) {
                // LOAD DATA LOCAL reports a duplicate key as warning 1062 (IGNORE), an INSERT as error 1062.
                const QString e = tc->conn.lastError();
                const bool duplicate = tc->conn.lastErrno() == 1062 || e.contains(QLatin1String("Warning 1062"));
                return fail(QStringLiteral("copying %1 -> %2: %3%4")
                                .arg(u.source.toString(), u.targets.at(t).node.toString(), e,
                                     duplicate ? duplicateKeyHint(e) : QString()));
            }
            if (qsizetype(er.affectedRows) != mine.size())
                return fail(QStringLiteral("copying %1 -> %2: %3 rows sent, %4 loaded (a key already on the target?)")
                                .arg(u.source.toString(), u.targets.at(t).node.toString())
                                .arg(mine.size())
                                .arg(er.affectedRows));
        } else if (!written && !mine.isEmpty()) {
            QList<QList<QVariant>> subset;
            subset.reserve(mine.size());
            for (qsizetype i : std::as_const(mine)) {
                QList<QVariant> row = rows.row(i);
                row.resize(int(u.info.columns.size()));
                QString why;
                if (!normalizeExactRow(u.info, &row, &why))
                    return fail(QStringLiteral("reading %1: %2").arg(u.source.toString(), why));
                subset.append(writableValues(u.info, row));
            }
            MultiRowInsert spec;
            spec.table = u.qualifiedTarget(t);
            spec.columns = columns;
            ExecResult er;
            if (!InsertBuilder::execute(tc->conn, spec, subset, &er))
                return fail(QStringLiteral("copying %1 -> %2: %3%4")
                                .arg(u.source.toString(), u.targets.at(t).node.toString(), tc->conn.lastError(),
                                     tc->conn.lastErrno() == 1062 ? duplicateKeyHint(tc->conn.lastError()) : QString()));
            if (qsizetype(er.affectedRows) != subset.size())
                return fail(QStringLiteral("copying %1 -> %2: %3 rows sent, %4 inserted")
                                .arg(u.source.toString(), u.targets.at(t).node.toString())
                                .arg(subset.size())
                                .arg(er.affectedRows));
        }
        const CopyState s = c.after.value(t);
        *rowsWritten += mine.size();
        if (!meta::saveChunk(tc->conn, m_spec.runId, u.id, t, s, m_instance, snapshot))
            return fail(QStringLiteral("checkpoint on %1: %2").arg(tc->instance, tc->conn.lastError()));
        if (!tx.commit())
            return fail(QStringLiteral("commit on %1: %2").arg(tc->instance, tx.error()));
        tc->stored = snapshot;
        QMutexLocker lock(&m_mutex);
        m_progress.copy.insert({u.id, t}, s);
    }
    {
        QMutexLocker lock(&m_mutex);
        ++m_progress.chunks;
    }
    return true;
}

bool SourceWorker::catchUpTo(const BinlogPosition &target, QDeadlineTimer deadline, bool throttled)
{
    BinlogEvent ev;
    QString why;
    // A batch on the apply thread is done before this returns, however it returns: the callers write
    // the targets next.
    struct JoinApply
    {
        SourceWorker *w;
        ~JoinApply()
        {
            w->joinApply();
            w->abandonStream(); // returned inside a streamed transaction: a failure (the worker is not reused)
        }
    } joinOnReturn{this};
    m_changesAdmitted = m_changesApplied;
    if (!m_binlogSettings.check(m_source, &why)) // a runtime change of what the capture relies on
        return fail(why);
    while (m_applied < target) {
        if (m_stop.load())
            return failStopped();
        if (deadline.hasExpired())
            return fail(QStringLiteral("deadline"));
        if (!m_binlogSettings.check(m_source, &why))
            return fail(why);
        if (!m_reader->next(&ev)) {
            if (m_reader->isStopped())
                return failStopped();
            // The stream started at a pre-verified point whose binlog is gone: forget the ranges and
            // read from the capture's own position (a purged binlog there still stops the run).
            if (m_captureStart && isBinlogGoneError(m_reader->serverErrno())) {
                if (!joinApply() || !restartAtCapture())
                    return false;
                continue;
            }
            return fail(isBinlogGoneError(m_reader->serverErrno()) ? readerError(m_applied) : m_reader->error());
        }
        if (ev.kind != BinlogEventKind::Rotate && ev.kind != BinlogEventKind::Heartbeat)
            m_captureStart.reset(); // the stream reads from where it started
        if (!handleEvent(ev))
            return false;
        if (throttled && m_throttle && ev.endsTransaction && m_changesApplied > m_changesAdmitted) {
            // Catch-up before the write stop is throttled like the copy; a pause does not stop it
            // (the pass is bounded by the head it was given).
            StopReason stopped = StopReason::None;
            QString why;
            const qint64 n = m_changesApplied - m_changesAdmitted;
            m_changesAdmitted = m_changesApplied;
            if (!m_throttle->admit(n, &stopped, &why)) {
                if (stopped == StopReason::Stopped)
                    return failStopped();
                if (stopped == StopReason::None)
                    return fail(why);
            }
        }
        if (ev.timestamp > 0 && ev.kind != BinlogEventKind::Heartbeat) {
            QMutexLocker lock(&m_mutex);
            m_progress.lastEventTime = qint64(ev.timestamp);
        }
        if (!m_inGroup) {
            const BinlogPosition c = m_reader->committedPosition();
            if (m_read < c)
                m_read = c;
            // Batched changes are applied once the batch is full (applyGroup, on the apply thread) or
            // the stream has read up to the target (here); with none waiting or being written,
            // everything read is applied.
            if (!(m_read < target) && !flushBatch(true))
                return false;
            if (m_batch.isEmpty() && !m_applyThread.joinable() && m_applied < m_read)
                m_applied = m_read;
        }
        QMutexLocker lock(&m_mutex);
        m_progress.applied = m_applied;
        while (!m_pendingHeads.isEmpty() && !(m_applied < m_pendingHeads.first().head)) {
            m_resolvedLag.append({m_pendingHeads.first().at, m_changesApplied - m_pendingHeads.first().changes});
            m_pendingHeads.removeFirst();
        }
    }
    return true;
}

void SourceWorker::expectHead(const QDateTime &at, const BinlogPosition &head)
{
    QMutexLocker lock(&m_mutex);
    if (!(m_progress.applied < head)) // m_applied is the worker thread's; its copy is guarded
        m_resolvedLag.append({at, 0});
    else if (m_pendingHeads.size() < 10000)
        m_pendingHeads.append(PendingHead{at, head, m_changesApplied});
}

QList<QPair<QDateTime, qint64>> SourceWorker::takeResolvedLag()
{
    QMutexLocker lock(&m_mutex);
    return std::exchange(m_resolvedLag, {});
}

bool SourceWorker::handleEvent(const BinlogEvent &ev)
{
    switch (ev.kind) {
    case BinlogEventKind::Gtid:
        abandonStream(); // (a transaction that never ended: none is open here)
        m_group.clear();
        m_groupRows = 0;
        m_groupStart = ev.position;
        m_inGroup = true;
        return true;
    case BinlogEventKind::Rows:
        m_group.append(ev);
        m_groupRows += ev.rows.size();
        return m_groupRows < streamRows() || streamPiece();
    case BinlogEventKind::Xid:
        // Statement-logged changes stop the run before anything of their transaction is applied
        // (applied, its position would be saved and the statements never seen again).
        if (!m_statementDml.isEmpty())
            return fail(statementDmlStop(m_statementDml));
        return applyGroup(ev.nextPosition);
    case BinlogEventKind::Query: {
        const QString q = ev.query.trimmed();
        const QString word = q.section(QLatin1Char(' '), 0, 0).toUpper();
        const StatementKind kind = classifyStatement(q);
        if (kind == StatementKind::Dml) // collected: the stop names every one of its transaction
            m_statementDml.append(ev.position.toString() + QStringLiteral(": ") + q.left(300));
        if (!m_statementDml.isEmpty() && (ev.endsTransaction || word == QLatin1String("ROLLBACK")))
            return fail(statementDmlStop(m_statementDml));
        if (word == QLatin1String("BEGIN")) {
            if (!m_inGroup)
                m_groupStart = ev.position;
            m_inGroup = true;
            return true;
        }
        if (word == QLatin1String("ROLLBACK")) {
            abandonStream();
            m_group.clear();
            m_groupRows = 0;
            m_inGroup = false;
            return true;
        }
        if (kind == StatementKind::Other) {
            for (const MoveUnit *u : std::as_const(m_units))
                if (statementNamesTable(q, u->source.table))
                    return fail(QStringLiteral("a statement on the moving table %1 at %2 stops the run (a schema "
                                               "change or statement-based change cannot be carried over): %3")
                                    .arg(u->source.toString(), ev.position.toString(), q.left(300)));
        }
        if (ev.endsTransaction)
            return applyGroup(ev.nextPosition);
        return true;
    }
    case BinlogEventKind::Reconnected: // read again from the transaction's start
        abandonStream();
        m_group.clear();
        m_groupRows = 0;
        m_statementDml.clear();
        m_inGroup = false;
        return true;
    case BinlogEventKind::Rotate:
    case BinlogEventKind::Heartbeat:
        return true;
    }
    return true;
}

bool SourceWorker::collectOps(const BinlogEvent &ev, QHash<QString, QList<RowOp>> *ops)
{
    if (!ev.table)
        return fail(QStringLiteral("a rows event without its table map at %1").arg(ev.position.toString()));
    const MoveUnit *u = m_moves.unitFor(m_instance, ev.table->schema, ev.table->table);
    if (!u)
        return true; // a table that does not move
    // The table must still be the one whose rows were copied.
    if (ev.table->columns.size() != u->info.columns.size())
        return fail(QStringLiteral("%1 changed: the binlog at %2 has %3 columns, the copy %4")
                        .arg(u->source.toString(), ev.position.toString())
                        .arg(ev.table->columns.size())
                        .arg(u->info.columns.size()));
    for (int i = 0; i < u->info.columns.size(); ++i)
        if (!ev.table->columns.at(i).name.isEmpty() && ev.table->columns.at(i).name != u->info.columns.at(i))
            return fail(QStringLiteral("%1 changed: column %2 is '%3' in the binlog at %4, '%5' in the copy "
                                       "(binlog_row_metadata=FULL needed)")
                            .arg(u->source.toString())
                            .arg(i + 1)
                            .arg(ev.table->columns.at(i).name, ev.position.toString(), u->info.columns.at(i)));
    QHash<QPair<int, int>, CopyState> copy;
    {
        QMutexLocker lock(&m_mutex);
        copy = m_progress.copy;
    }
    // Routes and keys of every row image.
    struct Image
    {
        RowRoute route;
        Key key;
    };
    const bool hasBefore = ev.change != RowChange::Insert;
    const bool hasAfter = ev.change != RowChange::Delete;
    QList<Image> before, after;
    for (const BinlogRow &r : ev.rows) {
        for (int side = 0; side < 2; ++side) {
            if ((side == 0 && !hasBefore) || (side == 1 && !hasAfter)) {
                (side == 0 ? before : after).append(Image{});
                continue;
            }
            const QList<QVariant> &img = side == 0 ? r.before : r.after;
            Image im;
            im.route = m_moves.route(*u, img);
            if (!im.route.ok)
                return fail(im.route.error);
            if (!keyOf(u->info, img, &im.key))
                return fail(QStringLiteral("%1: a row at %2 has a NULL value in its key %3")
                                .arg(u->source.toString(), ev.position.toString(), u->info.keyName));
            (side == 0 ? before : after).append(im);
        }
    }
    // Whether capture keeps a key current on a target: the copy is done, or the key is at or below the
    // target's checkpoint (decided by the server for keys that are not integers).
    const KeyOrder order(u->info);
    std::map<int, std::pair<QList<bool>, QList<bool>>> covered; // target -> (before, after)
    for (int t = 0; t < u->targets.size(); ++t) {
        const CopyState s = copy.value({u->id, t});
        auto &[cb, ca] = covered[t];
        if (s.done || !s.lastPk) {
            cb = QList<bool>(ev.rows.size(), s.done);
            ca = cb;
            continue;
        }
        QList<Key> keys;
        for (int i = 0; i < ev.rows.size(); ++i)
            keys << before.at(i).key << after.at(i).key;
        const auto le = order.atOrBelow(m_source, keys, *s.lastPk);
        if (!le)
            return fail(QStringLiteral("comparing keys of %1 with its checkpoint: %2").arg(u->source.toString(),
                                                                                        m_source.lastError()));
        for (int i = 0; i < ev.rows.size(); ++i) {
            cb.append(hasBefore && le->at(2 * i));
            ca.append(hasAfter && le->at(2 * i + 1));
        }
    }
    for (int i = 0; i < ev.rows.size(); ++i) {
        const BinlogRow &r = ev.rows.at(i);
        for (int t = 0; t < u->targets.size(); ++t) {
            const bool del = hasBefore && before.at(i).route.targets.contains(t) && covered[t].first.at(i);
            const bool ins = hasAfter && after.at(i).route.targets.contains(t) && covered[t].second.at(i);
            auto &list = (*ops)[u->targets.at(t).instance];
            if (del && ins && before.at(i).key == after.at(i).key) {
                list.append(RowOp{RowOp::Update, u, t, before.at(i).key, r.after});
            } else {
                if (del)
                    list.append(RowOp{RowOp::Delete, u, t, before.at(i).key, {}});
                if (ins)
                    list.append(RowOp{RowOp::Insert, u, t, after.at(i).key, r.after});
            }
        }
    }
    return true;
}

bool SourceWorker::groupOps(const BinlogPosition &changedAt, QHash<QString, QList<RowOp>> *ops, qsizetype *n)
{
    const QList<BinlogEvent> group = std::move(m_group);
    m_group.clear();
    m_groupRows = 0;
    if (!m_pv.empty())
        for (const BinlogEvent &ev : group)
            markChanged(ev, changedAt);
    {
        qint64 changes = 0;
        for (const BinlogEvent &ev : group)
            if (ev.table && m_moves.unitFor(m_instance, ev.table->schema, ev.table->table))
                changes += ev.rows.size();
        QMutexLocker lock(&m_mutex);
        m_changesApplied += changes;
    }
    for (const BinlogEvent &ev : group)
        if (!collectOps(ev, ops))
            return false;
    *n = 0;
    for (auto it = ops->cbegin(); it != ops->cend(); ++it)
        *n += it.value().size();
    return true;
}

bool SourceWorker::applyGroup(const BinlogPosition &end)
{
    m_inGroup = false;
    if (m_stream.active)
        return finishStream(end);
    if (m_group.isEmpty())
        return true;
    QHash<QString, QList<RowOp>> ops;
    qsizetype n = 0;
    if (!groupOps(end, &ops, &n))
        return false;
    if (n == 0)
        return true;
    m_batch.append(PendingGroup{end, std::move(ops)});
    m_batchOps += n;
    return m_batchOps < batchOps() || flushBatch(false);
}

bool SourceWorker::settleAt(const BinlogPosition &pos)
{
    for (auto &[instance, tc] : m_targets) {
        if (!(tc->stored < pos))
            continue;
        Transaction tx(tc->conn);
        if (!tx.ok() || !meta::saveCapture(tc->conn, m_spec.runId, m_instance, pos) || !tx.commit())
            return fail(QStringLiteral("target %1: %2").arg(instance, tx.error().isEmpty() ? tc->conn.lastError()
                                                                                            : tx.error()));
        tc->stored = pos;
    }
    return true;
}


// --- pre-verification ------------------------------------------------------------------------------

static const int kPvKeyCap = 2000; // changed keys kept per range; more: the range is compared whole

bool SourceWorker::loadPv()
{
    for (auto &[instance, tc] : m_targets) {
        QString why;
        const auto tables = pv::load(tc->conn, m_spec.runId, &why);
        if (!tables)
            return fail(QStringLiteral("target %1: %2").arg(instance, why));
        takePv(instance, *tables);
    }
    return true;
}

void SourceWorker::takePv(const QString &instance, const std::vector<PvTable> &tables)
{
    for (const PvTable &p : tables) {
        if (p.unit < 0 || p.unit >= m_moves.units().size())
            continue;
        const MoveUnit &u = m_moves.units().at(p.unit);
        if (u.sourceInstance != m_instance || p.target < 0 || p.target >= u.targets.size() ||
            u.targets.at(p.target).instance != instance || m_pv.count({p.unit, p.target}))
            continue;
        m_pv.emplace(QPair<int, int>(p.unit, p.target), p);
    }
}

void SourceWorker::markChanged(const BinlogEvent &ev, const BinlogPosition &end)
{
    if (!ev.table)
        return;
    const MoveUnit *u = m_moves.unitFor(m_instance, ev.table->schema, ev.table->table);
    if (!u || u->info.pk.size() != 1)
        return;
    for (int t = 0; t < u->targets.size(); ++t) {
        auto it = m_pv.find({u->id, t});
        if (it == m_pv.end())
            continue;
        for (const BinlogRow &r : ev.rows)
            for (const QList<QVariant> *img : {&r.before, &r.after}) {
                if (img->isEmpty())
                    continue;
                Key pk;
                bool ok = keyOf(u->info, *img, &pk);
                const qint64 k = ok ? pk.first().toLongLong(&ok) : 0;
                if (ok)
                    it->second.mark(k, end, kPvKeyCap);
                else // not a key this table can hold: compare it whole
                    for (PvRange &range : it->second.ranges)
                        range.overflow = range.ok;
            }
    }
}

bool SourceWorker::preverify(const std::function<bool()> &paused, PvStats *stats)
{
    if (!loadPv()) // tables the engine set up since this worker opened
        return false;
    struct Item
    {
        QPair<int, int> key;
        int index;
    };
    std::vector<Item> pending;
    for (const auto &e : m_pv)
        for (int i = 0; i < int(e.second.ranges.size()); ++i)
            if (!e.second.ranges[size_t(i)].ok || e.second.ranges[size_t(i)].overflow)
                pending.push_back(Item{e.first, i});
    size_t next = 0;
    while (next < pending.size()) {
        if (m_stop.load())
            return failStopped();
        if (paused && paused())
            return true;
        if (m_throttle) {
            StopReason stopped = StopReason::None;
            QString why;
            const qint64 rows = m_throttle->maxChunk(5000);
            if (!m_throttle->admit(rows, &stopped, &why)) {
                if (stopped == StopReason::None)
                    return fail(why);
                continue; // the loop's head says whether stopped or paused
            }
        }
        // The source side of a batch of ranges in one consistent snapshot at P ...
        std::vector<std::pair<Item, QList<QVariant>>> batch;
        BinlogPosition at;
        {
            Transaction tx(m_source, readSnapshot());
            QString why;
            const auto p = snapshotAt(tx, &why);
            if (!p)
                return fail(why);
            at = *p;
            QElapsedTimer timer;
            timer.start();
            while (next < pending.size() && batch.size() < 64 && (batch.empty() || timer.elapsed() < 300)) {
                const Item item = pending[next++];
                const PvTable &tbl = m_pv.at(item.key);
                const MoveUnit &u = m_moves.units().at(item.key.first);
                const MoveTarget &mt = u.targets.at(item.key.second);
                const QString sql = sumsSql(u.info, m_spec.strongHash ? RowHashKind::Strong : RowHashKind::Crc) + u.qualifiedSource() + QStringLiteral(" WHERE ") +
                                    pkBetween(u.info, tbl.lo(item.index), tbl.hi(item.index)) +
                                    (u.broadcast ? QString() : QStringLiteral(" AND (") + mt.predicateSql + QLatin1Char(')'));
                auto r = m_source.query(sql);
                if (!r || r->rows.isEmpty())
                    return fail(QStringLiteral("pre-verifying %1: %2").arg(u.source.toString(), m_source.lastError()));
                batch.emplace_back(item, r->rows.first());
            }
            tx.commit();
        }
        // ... and the target side with capture at exactly P (only the capture writes these tables;
        // any other session's change is recorded by the triggers).
        if (!catchUpTo(at))
            return false;
        for (const auto &b : batch) {
            PvTable &tbl = m_pv.at(b.first.key);
            const MoveUnit &u = m_moves.units().at(b.first.key.first);
            TargetConn *tc = targetConn(u.targets.at(b.first.key.second).instance);
            if (!tc)
                return false;
            auto r = tc->conn.query(sumsSql(u.info, m_spec.strongHash ? RowHashKind::Strong : RowHashKind::Crc) + u.qualifiedTarget(b.first.key.second) + QStringLiteral(" WHERE ") +
                                    pkBetween(u.info, tbl.lo(b.first.index), tbl.hi(b.first.index)));
            if (!r || r->rows.isEmpty())
                return fail(QStringLiteral("pre-verifying %1: %2").arg(u.targets.at(b.first.key.second).node.toString(),
                                                                       tc->conn.lastError()));
            bool same = r->rows.first().size() == b.second.size();
            for (int k = 0; same && k < b.second.size(); ++k)
                same = r->rows.first().at(k).toString() == b.second.at(k).toString();
            PvRange &range = tbl.ranges[size_t(b.first.index)];
            if (!same) {
                range = PvRange{};
                ++stats->differing;
                continue;
            }
            if (!pv::saveRange(tc->conn, m_spec.runId, b.first.key.first, b.first.key.second, b.first.index, at))
                return fail(QStringLiteral("target %1: %2").arg(tc->instance, tc->conn.lastError()));
            range.ok = true;
            range.pos = at;
            range.overflow = false;
            range.keys.clear();
            ++stats->verified;
        }
    }
    return true;
}

VerifyScope SourceWorker::scopeFor(int unit, int target) const
{
    VerifyScope s;
    auto it = m_pv.find({unit, target});
    if (it == m_pv.end())
        return s;
    s.full = false;
    const PvTable &p = it->second;
    for (int i = 0; i < int(p.ranges.size()); ++i) {
        const PvRange &r = p.ranges[size_t(i)];
        if (!r.ok || r.overflow) {
            if (!s.ranges.isEmpty() && s.ranges.last().second != std::numeric_limits<qint64>::max() &&
                s.ranges.last().second + 1 == p.lo(i))
                s.ranges.last().second = p.hi(i); // adjacent: one range
            else
                s.ranges.append({p.lo(i), p.hi(i)});
            continue;
        }
        for (qint64 k : r.keys)
            s.keys.append(k);
    }
    return s;
}

} // namespace sp::migration
