#include "core/cluster/Connection.h"

#include "core/cluster/MysqlFields.h"
#include "core/cluster/QueryRegistry.h"

#include <QDate>
#include <QDateTime>
#include <QRegularExpression>
#include <QTime>

#include <mysql.h>

#include <cmath>
#include <mutex>

namespace sp {

namespace {

void ensureLibraryInit()
{
    // mysql_init() would initialise lazily, but that is not thread-safe.
    static std::once_flag once;
    std::call_once(once, [] { mysql_library_init(0, nullptr, nullptr); });
}

QString oneLine(QString s)
{
    s.replace(QLatin1Char('\n'), QLatin1Char(' '));
    s.replace(QLatin1Char('\r'), QLatin1Char(' '));
    return s.trimmed();
}

} // namespace

QString ConnectionParams::describe() const
{
    const QString who = user.isEmpty() ? QString() : user + QLatin1Char('@');
    const QString where = unixSocket.isEmpty()
        ? QString(host + QLatin1Char(':') + QString::number(port))
        : QString(QStringLiteral("unix:") + unixSocket);
    return who + where + (database.isEmpty() ? QString() : QString(QLatin1Char('/') + database));
}

Connection::Connection() = default;

Connection::~Connection()
{
    close();
}

Connection::Connection(Connection &&other) noexcept
    : m_mysql(other.m_mysql)
    , m_params(std::move(other.m_params))
    , m_lastError(std::move(other.m_lastError))
    , m_lastErrno(other.m_lastErrno)
    , m_warningPolicy(std::move(other.m_warningPolicy))
    , m_registry(other.m_registry)
    , m_maxAllowedPacket(other.m_maxAllowedPacket)
    , m_rawStrings(other.m_rawStrings)
    , m_memoryInfile(std::move(other.m_memoryInfile))
{
    other.m_mysql = nullptr;
}

Connection &Connection::operator=(Connection &&other) noexcept
{
    if (this != &other) {
        close();
        m_mysql = other.m_mysql;
        m_params = std::move(other.m_params);
        m_lastError = std::move(other.m_lastError);
        m_lastErrno = other.m_lastErrno;
        m_warningPolicy = std::move(other.m_warningPolicy);
        m_registry = other.m_registry;
        m_maxAllowedPacket = other.m_maxAllowedPacket;
        m_rawStrings = other.m_rawStrings;
        m_memoryInfile = std::move(other.m_memoryInfile);
        other.m_mysql = nullptr;
    }
    return *this;
}

void Connection::close()
{
    if (m_mysql) {
        mysql_close(m_mysql);
        m_mysql = nullptr;
    }
}

void Connection::setError(const QString &message, unsigned errNo)
{
    m_lastErrno = errNo;
    QString msg = m_params.describe() + QStringLiteral(": ") + oneLine(message);
    if (errNo)
        msg += QStringLiteral(" (mysql error ") + QString::number(errNo) + QLatin1Char(')');
    m_lastError = msg;
}

bool Connection::fail(const QString &context)
{
    if (!m_mysql) {
        setError(QStringLiteral("not connected"));
        return false;
    }
    const QString msg = QString::fromUtf8(mysql_error(m_mysql));
    setError(context.isEmpty() ? msg : context + QStringLiteral(": ") + msg, mysql_errno(m_mysql));
    return false;
}

bool Connection::open(const ConnectionParams &params)
{
    close();
    m_params = params;
    m_lastError.clear();
    m_lastErrno = 0;
    m_warningPolicy = params.warnings;
    m_maxAllowedPacket = 0;
    ensureLibraryInit();

    MYSQL *h = mysql_init(nullptr);
    if (!h) {
        setError(QStringLiteral("out of memory in mysql_init"));
        return false;
    }
    const unsigned connectTimeout = unsigned(qMax(1, params.connectTimeoutSec));
    mysql_options(h, MYSQL_OPT_CONNECT_TIMEOUT, &connectTimeout);
    // libmariadb's default for both is "no limit".
    if (params.readTimeoutSec > 0) {
        const unsigned readTimeout = unsigned(params.readTimeoutSec);
        mysql_options(h, MYSQL_OPT_READ_TIMEOUT, &readTimeout);
    }
    if (params.writeTimeoutSec > 0) {
        const unsigned writeTimeout = unsigned(params.writeTimeoutSec);
        mysql_options(h, MYSQL_OPT_WRITE_TIMEOUT, &writeTimeout);
    }
    mysql_options(h, MYSQL_SET_CHARSET_NAME, "utf8mb4");
    const my_bool noReconnect = 0;
    mysql_options(h, MYSQL_OPT_RECONNECT, &noReconnect);
    const unsigned protocol = params.unixSocket.isEmpty() ? MYSQL_PROTOCOL_TCP : MYSQL_PROTOCOL_SOCKET;
    mysql_options(h, MYSQL_OPT_PROTOCOL, &protocol);
    const my_bool localInfile = params.allowLocalInfile || params.memoryInfile ? 1 : 0;
    mysql_options(h, MYSQL_OPT_LOCAL_INFILE, &localInfile);

    const TlsOptions &tls = params.tls;
    const QByteArray ca = tls.ca.toLocal8Bit(), cert = tls.cert.toLocal8Bit(), key = tls.key.toLocal8Bit();
    if (tls.mode != SslMode::Default && tls.mode != SslMode::Disabled) {
        mysql_ssl_set(h, key.isEmpty() ? nullptr : key.constData(), cert.isEmpty() ? nullptr : cert.constData(),
                      ca.isEmpty() ? nullptr : ca.constData(), nullptr, nullptr);
        if (tls.mode != SslMode::Preferred) {
            const my_bool enforce = 1;
            mysql_options(h, MYSQL_OPT_SSL_ENFORCE, &enforce);
        }
        const my_bool verify = tls.mode == SslMode::VerifyIdentity ? 1 : 0;
        mysql_options(h, MYSQL_OPT_SSL_VERIFY_SERVER_CERT, &verify);
    }

    const QByteArray host = params.unixSocket.isEmpty() ? params.host.toUtf8() : QByteArrayLiteral("localhost");
    const QByteArray user = params.user.toUtf8();
    const QByteArray password = params.password.toUtf8();
    const QByteArray db = params.database.toUtf8();
    const QByteArray socket = params.unixSocket.toLocal8Bit();
    MYSQL *ok = mysql_real_connect(h, host.constData(), user.isEmpty() ? nullptr : user.constData(),
                                   password.constData(), db.isEmpty() ? nullptr : db.constData(),
                                   params.unixSocket.isEmpty() ? unsigned(params.port) : 0u,
                                   socket.isEmpty() ? nullptr : socket.constData(),
                                   (params.affectedRows == AffectedRows::Matched ? CLIENT_FOUND_ROWS : 0) |
                                       (params.multiStatements ? CLIENT_MULTI_STATEMENTS : 0));
    if (!ok) {
        setError(QString::fromUtf8(mysql_error(h)), mysql_errno(h));
        mysql_close(h);
        return false;
    }
    m_mysql = h;
    if (params.memoryInfile)
        installMemoryInfile();
    return true;
}

bool Connection::reconnect()
{
    const ConnectionParams p = m_params;
    return open(p);
}

QString Connection::serverVersion() const
{
    return m_mysql ? QString::fromUtf8(mysql_get_server_info(m_mysql)) : QString();
}

unsigned long Connection::serverVersionNumber() const
{
    return m_mysql ? mysql_get_server_version(m_mysql) : 0;
}

unsigned long Connection::threadId() const
{
    return m_mysql ? mysql_thread_id(m_mysql) : 0;
}

bool Connection::exec(const QString &sql, ExecResult *result)
{
    return exec(sql.toUtf8(), result);
}

bool Connection::exec(const QByteArray &sqlUtf8, ExecResult *result)
{
    if (!m_mysql)
        return fail();
    {
        // The result of a statement that returns one is read inside the registration too.
        QueryRegistry::Scope scope(m_registry, m_params, mysql_thread_id(m_mysql),
                                   QString::fromUtf8(sqlUtf8.left(200)));
        if (!scope.ok()) {
            setError(QStringLiteral("cancelled"));
            return false;
        }
        if (mysql_real_query(m_mysql, sqlUtf8.constData(), (unsigned long)sqlUtf8.size()) != 0)
            return fail();
        if (MYSQL_RES *res = mysql_store_result(m_mysql))
            mysql_free_result(res);
        else if (mysql_field_count(m_mysql) != 0)
            return fail();
    }
    const unsigned warnings = mysql_warning_count(m_mysql);
    if (result) {
        result->affectedRows = mysql_affected_rows(m_mysql);
        result->lastInsertId = mysql_insert_id(m_mysql);
        result->warnings = warnings;
        const char *info = mysql_info(m_mysql);
        result->info = info ? QString::fromUtf8(info) : QString();
        result->matchedRows = result->changedRows = -1;
        static const QRegularExpression re(QStringLiteral("Rows matched: (\\d+)\\s+Changed: (\\d+)"));
        const QRegularExpressionMatch m = re.match(result->info);
        if (m.hasMatch()) {
            result->matchedRows = m.captured(1).toLongLong();
            result->changedRows = m.captured(2).toLongLong();
        }
    }
    if (!checkWarnings(warnings))
        return false;
    m_lastError.clear();
    m_lastErrno = 0;
    return true;
}

QList<QVariant> Connection::convertRow(char **row, unsigned long *lengths, unsigned fieldCount) const
{
    QList<QVariant> out;
    out.reserve(int(fieldCount));
    for (unsigned i = 0; i < fieldCount; ++i) {
        if (!row[i]) {
            out.append(QVariant());
            continue;
        }
        out.append(mysqlfields::toVariant(m_fieldKinds.at(int(i)), row[i], qsizetype(lengths[i])));
    }
    return out;
}

std::optional<QueryResult> Connection::query(const QString &sql)
{
    if (!m_mysql) {
        fail();
        return std::nullopt;
    }
    const QByteArray s = sql.toUtf8();
    MYSQL_RES *res = nullptr;
    {
        QueryRegistry::Scope scope(m_registry, m_params, mysql_thread_id(m_mysql), sql.left(200));
        if (!scope.ok()) {
            setError(QStringLiteral("cancelled"));
            return std::nullopt;
        }
        if (mysql_real_query(m_mysql, s.constData(), (unsigned long)s.size()) != 0) {
            fail();
            return std::nullopt;
        }
        res = mysql_store_result(m_mysql);
    }
    QueryResult out;
    if (!res) {
        if (mysql_field_count(m_mysql) != 0) {
            fail();
            return std::nullopt;
        }
        if (!checkWarnings(mysql_warning_count(m_mysql)))
            return std::nullopt;
        m_lastError.clear();
        m_lastErrno = 0;
        return out; // statement without a result set
    }
    out = takeResult(res);
    if (!checkWarnings(mysql_warning_count(m_mysql)))
        return std::nullopt;
    m_lastError.clear();
    m_lastErrno = 0;
    return out;
}

QueryResult Connection::takeResult(MYSQL_RES *res)
{
    QueryResult out;
    const unsigned n = mysql_num_fields(res);
    MYSQL_FIELD *fields = mysql_fetch_fields(res);
    m_fieldKinds.clear();
    for (unsigned i = 0; i < n; ++i) {
        out.columns.append(QString::fromUtf8(fields[i].name, int(fields[i].name_length)));
        m_fieldKinds.append(mysqlfields::kindOf(fields[i], m_rawStrings));
    }
    out.rows.reserve(qsizetype(mysql_num_rows(res)));
    while (MYSQL_ROW row = mysql_fetch_row(res))
        out.rows.append(convertRow(row, mysql_fetch_lengths(res), n));
    mysql_free_result(res);
    return out;
}

std::optional<QVariant> Connection::queryValue(const QString &sql)
{
    auto r = query(sql);
    if (!r || r->rows.isEmpty() || r->rows.first().isEmpty())
        return std::nullopt;
    return r->rows.first().first();
}

bool Connection::forEachRow(const QString &sql, const std::function<bool(const QList<QVariant> &)> &onRow,
                            QStringList *columns)
{
    if (!m_mysql)
        return fail();
    const QByteArray s = sql.toUtf8();
    // Registered for the whole stream: a KILL QUERY stops the rows coming.
    QueryRegistry::Scope scope(m_registry, m_params, mysql_thread_id(m_mysql), sql.left(200));
    if (!scope.ok()) {
        setError(QStringLiteral("cancelled"));
        return false;
    }
    if (mysql_real_query(m_mysql, s.constData(), (unsigned long)s.size()) != 0)
        return fail();
    MYSQL_RES *res = mysql_use_result(m_mysql);
    if (!res)
        return mysql_field_count(m_mysql) == 0 ? checkWarnings(mysql_warning_count(m_mysql)) : fail();
    const unsigned n = mysql_num_fields(res);
    MYSQL_FIELD *fields = mysql_fetch_fields(res);
    m_fieldKinds.clear();
    QStringList cols;
    for (unsigned i = 0; i < n; ++i) {
        cols.append(QString::fromUtf8(fields[i].name, int(fields[i].name_length)));
        m_fieldKinds.append(mysqlfields::kindOf(fields[i], m_rawStrings));
    }
    if (columns)
        *columns = cols;
    bool stopped = false;
    while (MYSQL_ROW row = mysql_fetch_row(res)) {
        if (!onRow(convertRow(row, mysql_fetch_lengths(res), n))) {
            stopped = true;
            break;
        }
    }
    // mysql_free_result drains the remaining rows of an unbuffered result.
    const bool error = !stopped && mysql_errno(m_mysql) != 0;
    if (error) {
        fail();
        mysql_free_result(res);
        return false;
    }
    mysql_free_result(res);
    if (!stopped && !checkWarnings(mysql_warning_count(m_mysql)))
        return false;
    m_lastError.clear();
    m_lastErrno = 0;
    return true;
}

bool Connection::ping()
{
    if (!m_mysql)
        return fail();
    if (mysql_ping(m_mysql) != 0)
        return fail();
    return true;
}

bool Connection::killQuery(unsigned long id)
{
    return exec(QStringLiteral("KILL QUERY ") + QString::number(id));
}

bool Connection::killConnection(unsigned long id)
{
    return exec(QStringLiteral("KILL CONNECTION ") + QString::number(id));
}

bool SqlWarning::isDuplicatePrimaryKey() const
{
    return code == 1062 && message.endsWith(QLatin1String("for key 'PRIMARY'"));
}

bool Connection::inTransaction() const
{
    if (!m_mysql)
        return false;
    unsigned int status = 0;
    if (mariadb_get_infov(m_mysql, MARIADB_CONNECTION_SERVER_STATUS, &status) != 0)
        return false;
    return (status & SERVER_STATUS_IN_TRANS) != 0;
}

std::optional<QList<SqlWarning>> Connection::fetchWarnings()
{
    if (!m_mysql) {
        fail();
        return std::nullopt;
    }
    // Not through query(): that applies the warning policy, which calls this.
    static const char sql[] = "SHOW WARNINGS";
    if (mysql_real_query(m_mysql, sql, sizeof(sql) - 1) != 0) {
        fail(QStringLiteral("SHOW WARNINGS"));
        return std::nullopt;
    }
    MYSQL_RES *res = mysql_store_result(m_mysql);
    if (!res) {
        fail(QStringLiteral("SHOW WARNINGS"));
        return std::nullopt;
    }
    QList<SqlWarning> out;
    while (MYSQL_ROW row = mysql_fetch_row(res)) {
        unsigned long *len = mysql_fetch_lengths(res);
        SqlWarning w;
        w.level = QString::fromUtf8(row[0], qsizetype(len[0]));
        w.code = QByteArray(row[1], qsizetype(len[1])).toUInt();
        w.message = QString::fromUtf8(row[2], qsizetype(len[2]));
        out.append(w);
    }
    mysql_free_result(res);
    return out;
}

QString Connection::warningError(unsigned warningCount)
{
    if (warningCount == 0 || !m_warningPolicy.asErrors)
        return {};
    const std::optional<QList<SqlWarning>> list = fetchWarnings();
    if (!list)
        return QString::number(warningCount) + QStringLiteral(" warning(s), and SHOW WARNINGS failed: ") +
               m_lastError;
    QStringList bad;
    for (const SqlWarning &w : *list) {
        if (w.level.compare(QLatin1String("Note"), Qt::CaseInsensitive) == 0 && !m_warningPolicy.includeNotes)
            continue;
        if (m_warningPolicy.tolerate && m_warningPolicy.tolerate(w))
            continue;
        bad.append(w.toString());
    }
    // SHOW WARNINGS lists at most @@max_error_count entries; ones it did not show cannot be judged.
    if (unsigned(list->size()) < warningCount)
        bad.append(QString::number(warningCount - unsigned(list->size())) +
                   QStringLiteral(" more not shown (max_error_count)"));
    if (bad.isEmpty())
        return {};
    return QStringLiteral("statement left warnings (treated as errors): ") + bad.join(QStringLiteral("; "));
}

bool Connection::checkWarnings(unsigned warningCount)
{
    const QString error = warningError(warningCount);
    if (error.isEmpty())
        return true;
    setError(error);
    return false;
}

quint64 Connection::maxAllowedPacket()
{
    if (m_maxAllowedPacket == 0) {
        if (auto v = queryValue(QStringLiteral("SELECT @@max_allowed_packet")))
            m_maxAllowedPacket = v->toULongLong();
    }
    return m_maxAllowedPacket;
}

std::optional<QByteArray> Connection::sqlLiteral(const QVariant &v, QString *error) const
{
    auto bad = [error](const QString &why) -> std::optional<QByteArray> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (!v.isValid() || v.isNull())
        return QByteArrayLiteral("NULL");
    switch (v.typeId()) {
    case QMetaType::Bool:
        return v.toBool() ? QByteArrayLiteral("1") : QByteArrayLiteral("0");
    case QMetaType::Int:
    case QMetaType::Short:
    case QMetaType::Long:
    case QMetaType::LongLong:
    case QMetaType::SChar:
        return QByteArray::number(v.toLongLong());
    case QMetaType::UInt:
    case QMetaType::UShort:
    case QMetaType::ULong:
    case QMetaType::ULongLong:
    case QMetaType::UChar:
        return QByteArray::number(v.toULongLong());
    case QMetaType::Float:
    case QMetaType::Double: {
        const double d = v.toDouble(); // a float widens exactly
        if (!std::isfinite(d))
            return bad(QStringLiteral("a NaN or infinite number has no SQL literal"));
        // 17 significant digits round-trip every double (and float); the exponent makes it an
        // approximate literal, parsed straight to that double (never a DECIMAL converted again).
        return QByteArray::number(d, 'e', 16);
    }
    case QMetaType::QByteArray: {
        const QByteArray bytes = v.toByteArray();
        return QByteArrayLiteral("X'") + bytes.toHex() + '\'';
    }
    case QMetaType::QString:
        if (!m_mysql)
            return bad(QStringLiteral("not connected (strings are escaped for the connection's charset)"));
        return quoteBytes(v.toString().toUtf8());
    case QMetaType::QDate:
        return '\'' + v.toDate().toString(Qt::ISODate).toLatin1() + '\'';
    case QMetaType::QTime:
        return '\'' + v.toTime().toString(QStringLiteral("HH:mm:ss.zzz")).toLatin1() + '\'';
    case QMetaType::QDateTime:
        return '\'' + v.toDateTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz")).toLatin1() + '\'';
    default:
        return bad(QStringLiteral("no SQL literal for a value of type ") + QString::fromLatin1(v.typeName()));
    }
}

QByteArray Connection::quoteBytes(const QByteArray &bytes) const
{
    if (!m_mysql)
        return {};
    QByteArray out(bytes.size() * 2 + 3, Qt::Uninitialized);
    out[0] = '\'';
    const unsigned long n =
        mysql_real_escape_string(m_mysql, out.data() + 1, bytes.constData(), (unsigned long)bytes.size());
    out[qsizetype(n) + 1] = '\'';
    out.truncate(qsizetype(n) + 2);
    return out;
}

QString Connection::quoteString(const QString &text) const
{
    if (!m_mysql)
        return {};
    return QString::fromUtf8(quoteBytes(text.toUtf8()));
}

bool Connection::isValidIdentifier(const QString &name, QString *why)
{
    auto bad = [why](const QString &reason) {
        if (why)
            *why = reason;
        return false;
    };
    if (name.isEmpty())
        return bad(QStringLiteral("empty identifier"));
    if (name.contains(QChar(0)))
        return bad(QStringLiteral("identifier contains a NUL character"));
    if (name.toUcs4().size() > 64)
        return bad(QStringLiteral("identifier longer than 64 characters"));
    if (name.endsWith(QLatin1Char(' ')))
        return bad(QStringLiteral("identifier ends with a space"));
    return true;
}

QString Connection::quoteIdentifier(const QString &name)
{
    if (!isValidIdentifier(name))
        return {};
    QString escaped = name;
    escaped.replace(QLatin1Char('`'), QStringLiteral("``"));
    return QLatin1Char('`') + escaped + QLatin1Char('`');
}

} // namespace sp
