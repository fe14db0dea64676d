#include "core/cluster/BinlogReader.h"

#include <QElapsedTimer>
#include <QMutexLocker>
#include <QThread>

#include <mysql.h>
// after mysql.h, which it needs
#include <errmsg.h>
#include <mariadb_rpl.h>

#include <sys/socket.h>
#include <zlib.h>

namespace sp {

QString binlogEventTypeName(int type)
{
    switch (type) {
    case QUERY_EVENT:
        return QStringLiteral("QUERY_EVENT");
    case STOP_EVENT:
        return QStringLiteral("STOP_EVENT");
    case ROTATE_EVENT:
        return QStringLiteral("ROTATE_EVENT");
    case INTVAR_EVENT:
        return QStringLiteral("INTVAR_EVENT");
    case RAND_EVENT:
        return QStringLiteral("RAND_EVENT");
    case USER_VAR_EVENT:
        return QStringLiteral("USER_VAR_EVENT");
    case FORMAT_DESCRIPTION_EVENT:
        return QStringLiteral("FORMAT_DESCRIPTION_EVENT");
    case XID_EVENT:
        return QStringLiteral("XID_EVENT");
    case BEGIN_LOAD_QUERY_EVENT:
        return QStringLiteral("BEGIN_LOAD_QUERY_EVENT");
    case EXECUTE_LOAD_QUERY_EVENT:
        return QStringLiteral("EXECUTE_LOAD_QUERY_EVENT");
    case TABLE_MAP_EVENT:
        return QStringLiteral("TABLE_MAP_EVENT");
    case WRITE_ROWS_EVENT_V1:
        return QStringLiteral("WRITE_ROWS_EVENT_V1");
    case UPDATE_ROWS_EVENT_V1:
        return QStringLiteral("UPDATE_ROWS_EVENT_V1");
    case DELETE_ROWS_EVENT_V1:
        return QStringLiteral("DELETE_ROWS_EVENT_V1");
    case INCIDENT_EVENT:
        return QStringLiteral("INCIDENT_EVENT");
    case HEARTBEAT_LOG_EVENT:
        return QStringLiteral("HEARTBEAT_LOG_EVENT");
    case IGNORABLE_LOG_EVENT:
        return QStringLiteral("IGNORABLE_LOG_EVENT");
    case ROWS_QUERY_LOG_EVENT:
        return QStringLiteral("ROWS_QUERY_LOG_EVENT");
    case WRITE_ROWS_EVENT:
        return QStringLiteral("WRITE_ROWS_EVENT");
    case UPDATE_ROWS_EVENT:
        return QStringLiteral("UPDATE_ROWS_EVENT");
    case DELETE_ROWS_EVENT:
        return QStringLiteral("DELETE_ROWS_EVENT");
    case GTID_LOG_EVENT:
        return QStringLiteral("GTID_LOG_EVENT");
    case ANONYMOUS_GTID_LOG_EVENT:
        return QStringLiteral("ANONYMOUS_GTID_LOG_EVENT");
    case PREVIOUS_GTIDS_LOG_EVENT:
        return QStringLiteral("PREVIOUS_GTIDS_LOG_EVENT");
    case XA_PREPARE_LOG_EVENT:
        return QStringLiteral("XA_PREPARE_LOG_EVENT");
    case PARTIAL_UPDATE_ROWS_EVENT:
        return QStringLiteral("PARTIAL_UPDATE_ROWS_EVENT");
    case ANNOTATE_ROWS_EVENT:
        return QStringLiteral("ANNOTATE_ROWS_EVENT");
    case BINLOG_CHECKPOINT_EVENT:
        return QStringLiteral("BINLOG_CHECKPOINT_EVENT");
    case GTID_EVENT:
        return QStringLiteral("GTID_EVENT");
    case GTID_LIST_EVENT:
        return QStringLiteral("GTID_LIST_EVENT");
    case START_ENCRYPTION_EVENT:
        return QStringLiteral("START_ENCRYPTION_EVENT");
    case QUERY_COMPRESSED_EVENT:
        return QStringLiteral("QUERY_COMPRESSED_EVENT");
    case WRITE_ROWS_COMPRESSED_EVENT_V1:
        return QStringLiteral("WRITE_ROWS_COMPRESSED_EVENT_V1");
    case UPDATE_ROWS_COMPRESSED_EVENT_V1:
        return QStringLiteral("UPDATE_ROWS_COMPRESSED_EVENT_V1");
    case DELETE_ROWS_COMPRESSED_EVENT_V1:
        return QStringLiteral("DELETE_ROWS_COMPRESSED_EVENT_V1");
    case WRITE_ROWS_COMPRESSED_EVENT:
        return QStringLiteral("WRITE_ROWS_COMPRESSED_EVENT");
    case UPDATE_ROWS_COMPRESSED_EVENT:
        return QStringLiteral("UPDATE_ROWS_COMPRESSED_EVENT");
    case DELETE_ROWS_COMPRESSED_EVENT:
        return QStringLiteral("DELETE_ROWS_COMPRESSED_EVENT");
    default:
        return QStringLiteral("event type ") + QString::number(type);
    }
}

namespace {

// Errors after which the stream is reopened rather than given up.
bool isConnectionLoss(unsigned err)
{
    return err == 0 /* end of stream */ || err == CR_CONNECTION_ERROR || err == CR_CONN_HOST_ERROR ||
           err == CR_SERVER_GONE_ERROR || err == CR_SERVER_LOST || err == 2055 /* lost, extended */ ||
           err == 1053 /* server shutdown in progress */ || err == 1927 /* connection killed */;
}

} // namespace

BinlogReader::BinlogReader(BinlogReaderOptions options) : m_options(std::move(options))
{
    m_decoder.setTableFilter(m_options.includeTable);
    m_position = m_committed = m_options.start;
}

BinlogReader::~BinlogReader()
{
    close();
}

bool BinlogReader::failHard(const QString &message)
{
    m_failed = true;
    m_error = message;
    return false;
}

void BinlogReader::closeStream()
{
    {
        QMutexLocker lock(&m_socketMutex);
        m_socket = -1;
    }
    if (m_rpl) {
        mariadb_rpl_close(m_rpl);
        m_rpl = nullptr;
    }
    m_connection.close();
}

void BinlogReader::close()
{
    closeStream();
    m_opened = false;
}

void BinlogReader::requestStop()
{
    m_stopRequested.store(true);
    QMutexLocker lock(&m_socketMutex);
    if (m_socket >= 0)
        ::shutdown(m_socket, SHUT_RDWR); // wakes a fetch blocked in recv()
}

bool BinlogReader::open()
{
    m_failed = false;
    m_serverErrno = 0;
    m_error.clear();
    if (!m_options.start.isValid())
        return failHard(QStringLiteral("no binlog start position (file and offset >= 4)"));
    if (m_options.serverId == 0)
        return failHard(
            QStringLiteral("a binlog reader needs a server id, unique among the server's replicas"));
    m_committed = m_options.start;
    m_opened = true;
    return openAt(m_committed);
}

bool BinlogReader::openAt(const BinlogPosition &from)
{
    closeStream();
    ConnectionParams p = m_options.connection;
    const int heartbeat = qMax(0, m_options.heartbeatSec);
    p.readTimeoutSec =
        m_options.readTimeoutSec >= 0 ? m_options.readTimeoutSec : (heartbeat > 0 ? 3 * heartbeat + 5 : 0);
    p.warnings = {};
    if (!m_connection.open(p)) {
        m_error = m_connection.lastError();
        return false;
    }
    // The server sends checksummed events only to a client that says it can verify them, GTID events
    // only to one that announces the capability (4 = MARIA_SLAVE_CAPABILITY_GTID).
    QStringList setup{QStringLiteral("SET @master_binlog_checksum = @@global.binlog_checksum"),
                      QStringLiteral("SET @mariadb_slave_capability = 4")};
    if (heartbeat > 0)
        setup.append(QStringLiteral("SET @master_heartbeat_period = ") +
                     QString::number(qint64(heartbeat) * 1000000000));
    for (const QString &sql : setup) {
        if (!m_connection.exec(sql)) {
            m_error = m_connection.lastError();
            closeStream();
            return false;
        }
    }
    MARIADB_RPL *rpl = mariadb_rpl_init(m_connection.handle());
    if (!rpl) {
        m_error = m_options.connection.describe() + QStringLiteral(": mariadb_rpl_init failed: ") +
                  QString::fromUtf8(mysql_error(m_connection.handle()));
        closeStream();
        return false;
    }
    const QByteArray file = from.file.toUtf8();
    mariadb_rpl_optionsv(rpl, MARIADB_RPL_FILENAME, file.constData(), size_t(file.size()));
    mariadb_rpl_optionsv(rpl, MARIADB_RPL_START, (unsigned long)from.position);
    mariadb_rpl_optionsv(rpl, MARIADB_RPL_SERVER_ID, (unsigned int)m_options.serverId);
    mariadb_rpl_optionsv(rpl, MARIADB_RPL_FLAGS, (unsigned int)0); // blocking: wait for new events
    rpl->uncompress = 1;                                           // QUERY_COMPRESSED_EVENT text
    if (mariadb_rpl_open(rpl) != 0) {
        m_error = m_options.connection.describe() + QStringLiteral(": cannot start the binlog dump at ") +
                  from.toString() + QStringLiteral(": ") +
                  QString::fromUtf8(mysql_error(m_connection.handle()));
        mariadb_rpl_close(rpl);
        closeStream();
        return false;
    }
    m_rpl = rpl;
    {
        QMutexLocker lock(&m_socketMutex);
        m_socket = int(mysql_get_socket(m_connection.handle()));
        if (m_stopRequested.load())
            ::shutdown(m_socket, SHUT_RDWR);
    }
    m_position = from;
    m_inGroup = m_groupStandalone = false;
    m_decoder.clear();
    return true;
}

bool BinlogReader::reconnect()
{
    const BinlogPosition lostAt = m_position;
    if (m_options.reconnectTimeoutSec <= 0) {
        m_error = m_options.connection.describe() + QStringLiteral(": binlog stream lost at ") +
                  lostAt.toString() + QStringLiteral(" (reconnecting is off): ") + m_error;
        return false;
    }
    QElapsedTimer timer;
    timer.start();
    int delayMs = 200;
    for (;;) {
        if (m_stopRequested.load()) {
            m_error = QStringLiteral("stopped");
            return false;
        }
        if (openAt(m_committed)) {
            ++m_reconnects;
            return true;
        }
        if (timer.elapsed() >= qint64(m_options.reconnectTimeoutSec) * 1000) {
            m_error = QStringLiteral("binlog stream lost at %1, not back within %2 s: %3")
                          .arg(lostAt.toString())
                          .arg(m_options.reconnectTimeoutSec)
                          .arg(m_error);
            return false;
        }
        for (int waited = 0; waited < delayMs && !m_stopRequested.load(); waited += 50)
            QThread::msleep(50);
        delayMs = qMin(delayMs * 2, 2000);
    }
}

bool BinlogReader::next(BinlogEvent *out)
{
    if (m_failed)
        return false;
    if (!m_opened) {
        m_error = QStringLiteral("the binlog reader is not open");
        return false;
    }
    for (;;) {
        if (m_stopRequested.load()) {
            closeStream();
            m_error = QStringLiteral("stopped");
            return false;
        }
        if (!m_rpl) {
            if (!reconnect())
                return false;
            *out = BinlogEvent{};
            out->kind = BinlogEventKind::Reconnected;
            out->typeName = QStringLiteral("RECONNECTED");
            out->position = out->nextPosition = m_committed;
            return true;
        }
        MARIADB_RPL_EVENT *ev = mariadb_rpl_fetch(m_rpl, nullptr);
        if (!ev) {
            const unsigned err = mysql_errno(m_connection.handle());
            const QString message = err ? QString::fromUtf8(mysql_error(m_connection.handle())).simplified()
                                        : QStringLiteral("the server ended the stream");
            closeStream();
            if (m_stopRequested.load()) {
                m_error = QStringLiteral("stopped");
                return false;
            }
            m_error = message + (err ? QStringLiteral(" (mysql error %1)").arg(err) : QString());
            if (isConnectionLoss(err))
                continue; // reopened at the last transaction boundary above
            m_serverErrno = err;
            return failHard(m_options.connection.describe() + QStringLiteral(" binlog at ") +
                            m_position.toString() + QStringLiteral(": ") + m_error);
        }
        const Step step = translate(ev, out);
        mariadb_free_rpl_event(ev);
        if (step == Step::Deliver)
            return true;
        if (step == Step::Fail)
            return false;
    }
}

BinlogReader::Step BinlogReader::translate(void *rawEvent, BinlogEvent *out)
{
    auto *e = static_cast<MARIADB_RPL_EVENT *>(rawEvent);
    *out = BinlogEvent{};
    const int type = int(e->event_type);
    out->type = type;
    out->typeName = binlogEventTypeName(type);
    out->serverId = e->server_id;
    out->timestamp = e->timestamp;
    const bool artificial = (e->flags & LOG_EVENT_ARTIFICIAL_F) != 0;
    const quint64 next = e->next_event_pos;
    const bool located = next != 0 && !artificial && type != HEARTBEAT_LOG_EVENT;
    out->position = located ? BinlogPosition{m_position.file, next - e->event_length} : m_position;
    out->nextPosition = located ? BinlogPosition{m_position.file, next} : m_position;
    const QString where = m_options.connection.describe() + QStringLiteral(" binlog at ") +
                          out->position.toString() + QStringLiteral(": ");

    // The event as it is in the binlog: 19-byte header, body, CRC32 when checksums are on.
    const qsizetype rawSize = qsizetype(e->raw_data_size) - qsizetype(e->raw_data_ofs);
    const QByteArray raw =
        QByteArray::fromRawData(reinterpret_cast<const char *>(e->raw_data + e->raw_data_ofs), rawSize);
    const bool checksummed = m_rpl->use_checksum != 0;
    const QByteArray event = raw.left(checksummed ? rawSize - 4 : rawSize);
    auto crcMatches = [&] {
        if (rawSize < 23)
            return false;
        const uLong crc = crc32(0L, reinterpret_cast<const Bytef *>(raw.constData()), uInt(rawSize - 4));
        const auto *tail = reinterpret_cast<const uchar *>(raw.constData()) + rawSize - 4;
        return quint32(crc) ==
               (quint32(tail[0]) | quint32(tail[1]) << 8 | quint32(tail[2]) << 16 | quint32(tail[3]) << 24);
    };
    auto checksumOk = [&] { return !checksummed || crcMatches(); };
    // The event without its CRC32. Events sent before the format description (the opening artificial
    // rotation) carry one too when the server checksums, so a trailer that verifies is one.
    auto trailerFree = [&]() -> QByteArray {
        return checksummed || crcMatches() ? raw.left(rawSize - 4) : raw;
    };
    auto fail = [&](const QString &message) {
        failHard(where + message);
        return Step::Fail;
    };
    auto postHeader = [&](int fallback) {
        const int n =
            (type >= 1 && type <= int(sizeof(m_rpl->post_header_len))) ? m_rpl->post_header_len[type - 1] : 0;
        return n > 0 ? n : fallback;
    };

    Step step = Step::Skip;
    switch (type) {
    case ROTATE_EVENT: {
        // Parsed here: libmariadb 3.3 reads the file name of a real (non-artificial) rotation as its
        // position. Body: 8-byte position, then the name.
        const QByteArray body = trailerFree().mid(19);
        if (body.size() < 9)
            return fail(QStringLiteral("truncated ROTATE_EVENT"));
        quint64 position = 0;
        for (int i = 7; i >= 0; --i)
            position = (position << 8) | uchar(body.at(i));
        const QString file = QString::fromUtf8(body.mid(8));
        for (const QChar ch : file)
            if (ch.unicode() < 0x20 || ch.unicode() > 0x7e)
                return fail(QStringLiteral("ROTATE_EVENT with an unreadable file name"));
        const BinlogPosition target{file, position};
        if (target == m_position)
            return Step::Skip; // the stream's opening confirmation of where it starts
        out->kind = BinlogEventKind::Rotate;
        out->nextPosition = target;
        m_position = target;
        if (!m_inGroup)
            m_committed = target;
        return Step::Deliver;
    }
    case FORMAT_DESCRIPTION_EVENT:
    case GTID_LIST_EVENT:
    case BINLOG_CHECKPOINT_EVENT:
    case STOP_EVENT:
    case ANNOTATE_ROWS_EVENT:
    // Companions of a statement-based QUERY_EVENT, which is delivered with its text.
    case INTVAR_EVENT:
    case RAND_EVENT:
    case USER_VAR_EVENT:
        step = Step::Skip;
        break;
    case HEARTBEAT_LOG_EVENT:
        out->kind = BinlogEventKind::Heartbeat;
        out->position = {QString::fromUtf8(trailerFree().mid(19)), next}; // where the server is
        out->nextPosition = m_position;
        return Step::Deliver;
    case GTID_EVENT:
        if (!checksumOk())
            return fail(QStringLiteral("checksum mismatch in GTID_EVENT"));
        if (e->event.gtid.flags & (FL_PREPARED_XA | FL_COMPLETED_XA))
            return fail(QStringLiteral("GTID_EVENT of an XA transaction: XA is not supported"));
        out->kind = BinlogEventKind::Gtid;
        out->gtidDomain = e->event.gtid.domain_id;
        out->gtidSequence = e->event.gtid.sequence_nr;
        out->standalone = (e->event.gtid.flags & FL_STANDALONE) != 0;
        m_inGroup = true;
        m_groupStandalone = out->standalone;
        step = Step::Deliver;
        break;
    case QUERY_EVENT:
    case QUERY_COMPRESSED_EVENT: {
        if (!checksumOk())
            return fail(QStringLiteral("checksum mismatch in ") + out->typeName);
        out->kind = BinlogEventKind::Query;
        out->schema =
            QString::fromUtf8(e->event.query.database.str, qsizetype(e->event.query.database.length));
        out->query =
            QString::fromUtf8(e->event.query.statement.str, qsizetype(e->event.query.statement.length));
        const QString word = out->query.trimmed().toUpper();
        if (word == QLatin1String("BEGIN")) {
            m_inGroup = true;
        } else if (word == QLatin1String("COMMIT") || word == QLatin1String("ROLLBACK") || !m_inGroup ||
                   m_groupStandalone) {
            out->endsTransaction = true;
        }
        step = Step::Deliver;
        break;
    }
    case XID_EVENT:
        if (!checksumOk())
            return fail(QStringLiteral("checksum mismatch in XID_EVENT"));
        out->kind = BinlogEventKind::Xid;
        out->xid = e->event.xid.transaction_nr;
        out->endsTransaction = true;
        step = Step::Deliver;
        break;
    case TABLE_MAP_EVENT: {
        QString why;
        if (!checksumOk())
            return fail(QStringLiteral("checksum mismatch in TABLE_MAP_EVENT"));
        if (!m_decoder.addTableMap(event, postHeader(8), &why))
            return fail(QStringLiteral("cannot decode TABLE_MAP_EVENT: ") + why);
        step = Step::Skip;
        break;
    }
    case INCIDENT_EVENT:
        return fail(QStringLiteral("INCIDENT_EVENT: the server lost events, its binlog has a gap"));
    default: {
        if (!BinlogDecoder::isRowsEvent(type))
            return fail(QStringLiteral("cannot decode ") + out->typeName +
                        QStringLiteral(": this event type is not supported"));
        if (!checksumOk())
            return fail(QStringLiteral("checksum mismatch in ") + out->typeName);
        const bool v2 =
            (type >= WRITE_ROWS_EVENT && type <= DELETE_ROWS_EVENT) || type >= WRITE_ROWS_COMPRESSED_EVENT;
        QString why;
        switch (m_decoder.decodeRows(event, postHeader(v2 ? 10 : 8), out, &why)) {
        case BinlogDecoder::Outcome::Decoded:
            step = Step::Deliver;
            break;
        case BinlogDecoder::Outcome::Skipped:
            step = Step::Skip;
            break;
        case BinlogDecoder::Outcome::Failed:
            return fail(QStringLiteral("cannot decode ") + out->typeName + QStringLiteral(": ") + why);
        }
        break;
    }
    }

    if (located)
        m_position = out->nextPosition;
    if (out->endsTransaction) {
        m_inGroup = m_groupStandalone = false;
        m_committed = m_position;
    } else if (!m_inGroup && type != TABLE_MAP_EVENT && !BinlogDecoder::isRowsEvent(type)) {
        m_committed = m_position;
    }
    return step;
}

} // namespace sp
