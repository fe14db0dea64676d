#include "core/cluster/PreparedStatement.h"

#include "core/cluster/MysqlFields.h"
#include "core/cluster/QueryRegistry.h"

#include <QDate>
#include <QDateTime>
#include <QTime>

#include <vector>

namespace sp {

PreparedStatement::PreparedStatement(Connection &connection) : m_connection(&connection) {}

PreparedStatement::~PreparedStatement()
{
    if (m_stmt)
        mysql_stmt_close(m_stmt);
}

PreparedStatement::PreparedStatement(PreparedStatement &&other) noexcept
    : m_connection(other.m_connection), m_stmt(other.m_stmt), m_sql(std::move(other.m_sql)),
      m_lastError(std::move(other.m_lastError)), m_lastErrno(other.m_lastErrno)
{
    other.m_stmt = nullptr;
}

bool PreparedStatement::failWith(const QString &message, unsigned errNo)
{
    QString msg = m_connection->params().describe() + QStringLiteral(": ") + message;
    if (errNo)
        msg += QStringLiteral(" (mysql error ") + QString::number(errNo) + QLatin1Char(')');
    m_lastError = msg;
    m_lastErrno = errNo;
    return false;
}

bool PreparedStatement::fail(const QString &context)
{
    if (!m_stmt)
        return failWith(context.isEmpty() ? QStringLiteral("statement not prepared") : context);
    const QString msg = QString::fromUtf8(mysql_stmt_error(m_stmt)).simplified();
    return failWith(context.isEmpty() ? msg : context + QStringLiteral(": ") + msg, mysql_stmt_errno(m_stmt));
}

bool PreparedStatement::prepare(const QString &sql)
{
    if (m_stmt) {
        mysql_stmt_close(m_stmt);
        m_stmt = nullptr;
    }
    m_sql = sql;
    if (!m_connection->isOpen())
        return failWith(QStringLiteral("not connected"));
    m_stmt = mysql_stmt_init(m_connection->handle());
    if (!m_stmt)
        return failWith(QStringLiteral("out of memory in mysql_stmt_init"));
    const QByteArray text = sql.toUtf8();
    if (mysql_stmt_prepare(m_stmt, text.constData(), (unsigned long)text.size()) != 0) {
        fail(QStringLiteral("prepare"));
        mysql_stmt_close(m_stmt);
        m_stmt = nullptr;
        return false;
    }
    m_lastError.clear();
    m_lastErrno = 0;
    return true;
}

int PreparedStatement::paramCount() const
{
    return m_stmt ? int(mysql_stmt_param_count(m_stmt)) : 0;
}

bool PreparedStatement::bindAndExecute(const QList<QVariant> &params)
{
    if (!m_stmt)
        return failWith(QStringLiteral("statement not prepared"));
    const size_t n = mysql_stmt_param_count(m_stmt);
    if (size_t(params.size()) != n)
        return failWith(
            QStringLiteral("%1 parameter(s) given, the statement has %2").arg(params.size()).arg(n));
    // Storage the binds point into; sized once so the pointers stay valid until execute returns.
    std::vector<MYSQL_BIND> binds(n);
    std::vector<long long> ints(n);
    std::vector<double> doubles(n);
    std::vector<QByteArray> bytes(n);
    std::vector<unsigned long> lengths(n);
    for (size_t i = 0; i < n; ++i) {
        MYSQL_BIND &b = binds[i];
        memset(&b, 0, sizeof(b));
        const QVariant &v = params.at(qsizetype(i));
        if (!v.isValid() || v.isNull()) {
            b.buffer_type = MYSQL_TYPE_NULL;
            continue;
        }
        switch (v.typeId()) {
        case QMetaType::Bool:
        case QMetaType::Int:
        case QMetaType::Short:
        case QMetaType::Long:
        case QMetaType::LongLong:
        case QMetaType::SChar:
            ints[i] = v.toLongLong();
            b.buffer_type = MYSQL_TYPE_LONGLONG;
            b.buffer = &ints[i];
            break;
        case QMetaType::UInt:
        case QMetaType::UShort:
        case QMetaType::ULong:
        case QMetaType::ULongLong:
        case QMetaType::UChar:
            ints[i] = (long long)v.toULongLong();
            b.buffer_type = MYSQL_TYPE_LONGLONG;
            b.buffer = &ints[i];
            b.is_unsigned = 1;
            break;
        case QMetaType::Float:
        case QMetaType::Double:
            doubles[i] = v.toDouble();
            b.buffer_type = MYSQL_TYPE_DOUBLE;
            b.buffer = &doubles[i];
            break;
        case QMetaType::QByteArray:
            bytes[i] = v.toByteArray();
            b.buffer_type = MYSQL_TYPE_BLOB; // the server takes it as a binary string
            break;
        case QMetaType::QString:
            bytes[i] = v.toString().toUtf8();
            b.buffer_type = MYSQL_TYPE_STRING; // in the connection's character set (utf8mb4)
            break;
        case QMetaType::QDate:
            bytes[i] = v.toDate().toString(Qt::ISODate).toLatin1();
            b.buffer_type = MYSQL_TYPE_STRING;
            break;
        case QMetaType::QTime:
            bytes[i] = v.toTime().toString(QStringLiteral("HH:mm:ss.zzz")).toLatin1();
            b.buffer_type = MYSQL_TYPE_STRING;
            break;
        case QMetaType::QDateTime:
            bytes[i] = v.toDateTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz")).toLatin1();
            b.buffer_type = MYSQL_TYPE_STRING;
            break;
        default:
            return failWith(QStringLiteral("parameter %1: cannot bind a value of type %2")
                                .arg(i + 1)
                                .arg(QString::fromLatin1(v.typeName())));
        }
        if (b.buffer_type == MYSQL_TYPE_BLOB || b.buffer_type == MYSQL_TYPE_STRING) {
            lengths[i] = (unsigned long)bytes[i].size();
            // A non-null pointer even for an empty value: '' must not read as NULL.
            b.buffer = const_cast<char *>(bytes[i].isNull() ? "" : bytes[i].constData());
            b.buffer_length = lengths[i];
            b.length = &lengths[i];
        }
    }
    if (n > 0 && mysql_stmt_bind_param(m_stmt, binds.data()) != 0)
        return fail(QStringLiteral("bind"));
    QueryRegistry::Scope scope(m_connection->queryRegistry(), m_connection->params(),
                               m_connection->threadId(), m_sql.left(200));
    if (!scope.ok())
        return failWith(QStringLiteral("cancelled"));
    if (mysql_stmt_execute(m_stmt) != 0)
        return fail();
    return true;
}

bool PreparedStatement::execute(const QList<QVariant> &params, ExecResult *result)
{
    if (!bindAndExecute(params))
        return false;
    if (mysql_stmt_field_count(m_stmt) > 0) {
        mysql_stmt_store_result(m_stmt);
        mysql_stmt_free_result(m_stmt);
    }
    const unsigned warnings = mysql_stmt_warning_count(m_stmt);
    if (result) {
        result->affectedRows = mysql_stmt_affected_rows(m_stmt);
        result->lastInsertId = mysql_stmt_insert_id(m_stmt);
        result->warnings = warnings;
    }
    const QString rejected = m_connection->warningError(warnings);
    if (!rejected.isEmpty())
        return failWith(rejected);
    m_lastError.clear();
    m_lastErrno = 0;
    return true;
}

std::optional<QueryResult> PreparedStatement::query(const QList<QVariant> &params)
{
    if (!bindAndExecute(params))
        return std::nullopt;
    QueryResult out;
    MYSQL_RES *meta = mysql_stmt_result_metadata(m_stmt);
    if (!meta) {
        if (mysql_stmt_field_count(m_stmt) != 0) {
            fail(QStringLiteral("result metadata"));
            return std::nullopt;
        }
        return out;
    }
    const my_bool updateMaxLength = 1;
    mysql_stmt_attr_set(m_stmt, STMT_ATTR_UPDATE_MAX_LENGTH, &updateMaxLength);
    if (mysql_stmt_store_result(m_stmt) != 0) {
        mysql_free_result(meta);
        fail();
        return std::nullopt;
    }
    const unsigned n = mysql_num_fields(meta);
    const MYSQL_FIELD *fields = mysql_fetch_fields(meta);
    std::vector<MYSQL_BIND> binds(n);
    std::vector<mysqlfields::Kind> kinds(n);
    std::vector<QByteArray> buffers(n);
    std::vector<unsigned long> lengths(n);
    std::vector<my_bool> nulls(n);
    for (unsigned i = 0; i < n; ++i) {
        out.columns.append(QString::fromUtf8(fields[i].name, int(fields[i].name_length)));
        kinds[i] = mysqlfields::kindOf(fields[i]);
        MYSQL_BIND &b = binds[i];
        memset(&b, 0, sizeof(b));
        switch (kinds[i]) {
        case mysqlfields::KindSigned:
        case mysqlfields::KindUnsigned:
            buffers[i].resize(sizeof(long long));
            b.buffer_type = MYSQL_TYPE_LONGLONG;
            b.is_unsigned = kinds[i] == mysqlfields::KindUnsigned;
            break;
        case mysqlfields::KindDouble:
            buffers[i].resize(sizeof(double));
            b.buffer_type = MYSQL_TYPE_DOUBLE;
            break;
        default:
            // Longer values are fetched again below with the exact size.
            buffers[i].resize(qMax<qsizetype>(qsizetype(fields[i].max_length), 64));
            b.buffer_type = kinds[i] == mysqlfields::KindBytes ? MYSQL_TYPE_BLOB : MYSQL_TYPE_STRING;
            break;
        }
        b.buffer = buffers[i].data();
        b.buffer_length = (unsigned long)buffers[i].size();
        b.length = &lengths[i];
        b.is_null = &nulls[i];
    }
    mysql_free_result(meta);
    if (n > 0 && mysql_stmt_bind_result(m_stmt, binds.data()) != 0) {
        fail(QStringLiteral("bind result"));
        mysql_stmt_free_result(m_stmt);
        return std::nullopt;
    }
    for (;;) {
        const int rc = mysql_stmt_fetch(m_stmt);
        if (rc == MYSQL_NO_DATA)
            break;
        if (rc != 0 && rc != MYSQL_DATA_TRUNCATED) {
            fail(QStringLiteral("fetch"));
            mysql_stmt_free_result(m_stmt);
            return std::nullopt;
        }
        QList<QVariant> row;
        row.reserve(n);
        for (unsigned i = 0; i < n; ++i) {
            if (nulls[i]) {
                row.append(QVariant());
                continue;
            }
            switch (kinds[i]) {
            case mysqlfields::KindSigned:
                row.append(QVariant(qlonglong(*reinterpret_cast<const long long *>(buffers[i].constData()))));
                continue;
            case mysqlfields::KindUnsigned:
                row.append(QVariant(
                    qulonglong(*reinterpret_cast<const unsigned long long *>(buffers[i].constData()))));
                continue;
            case mysqlfields::KindDouble:
                row.append(QVariant(*reinterpret_cast<const double *>(buffers[i].constData())));
                continue;
            default:
                break;
            }
            QByteArray value;
            if (lengths[i] > (unsigned long)buffers[i].size()) {
                value.resize(qsizetype(lengths[i]));
                MYSQL_BIND b = binds[i];
                b.buffer = value.data();
                b.buffer_length = lengths[i];
                if (mysql_stmt_fetch_column(m_stmt, &b, i, 0) != 0) {
                    fail(QStringLiteral("fetch column ") + out.columns.at(int(i)));
                    mysql_stmt_free_result(m_stmt);
                    return std::nullopt;
                }
            } else {
                value = QByteArray(buffers[i].constData(), qsizetype(lengths[i]));
            }
            if (kinds[i] == mysqlfields::KindBytes)
                row.append(QVariant(value));
            else
                row.append(QVariant(QString::fromUtf8(value)));
        }
        out.rows.append(row);
    }
    mysql_stmt_free_result(m_stmt);
    const QString rejected = m_connection->warningError(mysql_stmt_warning_count(m_stmt));
    if (!rejected.isEmpty()) {
        failWith(rejected);
        return std::nullopt;
    }
    m_lastError.clear();
    m_lastErrno = 0;
    return out;
}

} // namespace sp
