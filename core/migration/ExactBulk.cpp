#include "core/migration/ExactBulk.h"

#include "core/cluster/Connection.h"
#include "core/migration/ExactRows.h"

#include <mysql.h>

#include <charconv>
#include <cmath>
#include <cstring>

namespace sp::migration {

ExactBulkInsert::~ExactBulkInsert()
{
    if (m_stmt)
        mysql_stmt_close(m_stmt);
}

bool ExactBulkInsert::failStmt(const QString &context, QString *error, unsigned *errNo)
{
    const unsigned n = m_stmt ? mysql_stmt_errno(m_stmt) : 0;
    *error = QStringLiteral("%1 %2: %3").arg(context, m_table,
                                            m_stmt ? QString::fromUtf8(mysql_stmt_error(m_stmt)) : QStringLiteral("no statement"));
    if (errNo)
        *errNo = n;
    return false;
}

bool ExactBulkInsert::prepare(const TableInfo &info, const QString &qualifiedTable, bool *unsupported, QString *error)
{
    *unsupported = false;
    if (m_stmt) {
        mysql_stmt_close(m_stmt);
        m_stmt = nullptr;
    }
    m_table = qualifiedTable;
    m_columns = info.writable();
    m_forms.clear();
    m_names.clear();
    for (int i : std::as_const(m_columns)) {
        const ColumnInfo &c = info.cols.at(i);
        m_names.append(c.name);
        switch (c.kind) {
        case ColumnKind::Enum:
        case ColumnKind::Set:
        case ColumnKind::UInt:
            m_forms.push_back(Form::Unsigned);
            break;
        case ColumnKind::Year:
        case ColumnKind::Int:
            m_forms.push_back(Form::Signed);
            break;
        case ColumnKind::Float:
            m_forms.push_back(Form::Float);
            break;
        case ColumnKind::Double:
            m_forms.push_back(Form::Double);
            break;
        default:
            m_forms.push_back(Form::Bytes);
        }
    }
    st_mysql *session = m_conn->handle();
    if (!session) {
        *error = QStringLiteral("preparing the copy's INSERT into %1: not connected").arg(qualifiedTable);
        return false;
    }
    m_stmt = mysql_stmt_init(session);
    if (!m_stmt) {
        *error = QStringLiteral("preparing the copy's INSERT into %1: out of memory").arg(qualifiedTable);
        return false;
    }
    // What MARIADB_STMT_BULK_SUPPORTED tests, through the public API: a MariaDB server (not MySQL's
    // CLIENT_MYSQL flag) that announces bulk operations among its extended capabilities.
    unsigned long caps = 0, extended = 0;
    const bool bulk = mariadb_get_infov(session, MARIADB_CONNECTION_SERVER_CAPABILITIES, &caps) == 0 &&
                      mariadb_get_infov(session, MARIADB_CONNECTION_EXTENDED_SERVER_CAPABILITIES, &extended) == 0 &&
                      !(caps & CLIENT_MYSQL) && (extended & (MARIADB_CLIENT_STMT_BULK_OPERATIONS >> 32));
    // SP_COPY_WITH_LOAD: as if it did not (the tests of LOAD DATA's path, and of this fallback).
    if (!bulk || qEnvironmentVariableIntValue("SP_COPY_WITH_LOAD") != 0) {
        *unsupported = true;
        *error = QStringLiteral("the server cannot execute arrays of parameters");
        mysql_stmt_close(m_stmt);
        m_stmt = nullptr;
        return false;
    }
    QStringList marks;
    for (qsizetype k = 0; k < m_columns.size(); ++k)
        marks.append(QStringLiteral("?"));
    const QByteArray sql = (QStringLiteral("INSERT INTO ") + qualifiedTable + QStringLiteral(" (") +
                            writableColumns(info).join(QLatin1Char(',')) + QStringLiteral(") VALUES (") +
                            marks.join(QLatin1Char(',')) + QLatin1Char(')'))
                               .toUtf8();
    if (mysql_stmt_prepare(m_stmt, sql.constData(), static_cast<unsigned long>(sql.size())) != 0) {
        failStmt(QStringLiteral("preparing the copy's INSERT into"), error, nullptr);
        mysql_stmt_close(m_stmt);
        m_stmt = nullptr;
        return false;
    }
    m_session = session;
    const size_t n = size_t(m_columns.size());
    m_ptrs.assign(n, {});
    m_lengths.assign(n, {});
    m_indicators.assign(n, {});
    m_ints.assign(n, {});
    m_doubles.assign(n, {});
    return true;
}

bool ExactBulkInsert::insert(const RawResult &rows, const QList<qsizetype> &which, quint64 budgetBytes, quint64 *affected,
                             QString *error, unsigned *errNo)
{
    *affected = 0;
    if (errNo)
        *errNo = 0;
    if (!m_stmt || m_session != m_conn->handle()) {
        *error = QStringLiteral("internal: the copy's INSERT into %1 is not prepared on this session").arg(m_table);
        return false;
    }
    qsizetype from = 0;
    while (from < which.size()) {
        // As many rows as fit the budget (at least one), counted by their values' bytes plus a few
        // bytes of the protocol's per-value overhead.
        quint64 bytes = 0;
        qsizetype to = from;
        while (to < which.size()) {
            quint64 row = 0;
            for (int i : std::as_const(m_columns))
                row += quint64(rows.value(which.at(to), i).size()) + 10;
            if (to > from && bytes + row > budgetBytes)
                break;
            bytes += row;
            ++to;
        }
        quint64 n = 0;
        if (!execute(rows, which, from, to, &n, error, errNo))
            return false;
        *affected += n;
        from = to;
    }
    return true;
}

bool ExactBulkInsert::execute(const RawResult &rows, const QList<qsizetype> &which, qsizetype from, qsizetype to,
                              quint64 *affected, QString *error, unsigned *errNo)
{
    const size_t count = size_t(to - from);
    const size_t ncols = size_t(m_columns.size());
    std::vector<MYSQL_BIND> bind(ncols);
    std::memset(bind.data(), 0, sizeof(MYSQL_BIND) * ncols);
    for (size_t k = 0; k < ncols; ++k) {
        const int col = m_columns.at(qsizetype(k));
        std::vector<char> &ind = m_indicators[k];
        ind.resize(count);
        const Form form = m_forms[k];
        if (form == Form::Bytes) {
            std::vector<const char *> &ptrs = m_ptrs[k];
            std::vector<unsigned long> &lens = m_lengths[k];
            ptrs.resize(count);
            lens.resize(count);
            for (size_t j = 0; j < count; ++j) {
                const qsizetype r = which.at(from + qsizetype(j));
                const bool null = rows.isNull(r, col);
                ind[j] = null ? STMT_INDICATOR_NULL : STMT_INDICATOR_NONE;
                const QByteArrayView v = rows.value(r, col);
                ptrs[j] = null ? "" : v.data();
                lens[j] = null ? 0 : static_cast<unsigned long>(v.size());
            }
            bind[k].buffer_type = MYSQL_TYPE_BLOB; // binary: the bytes stored as they are, no conversion
            bind[k].buffer = ptrs.data();
            bind[k].length = lens.data();
        } else if (form == Form::Signed || form == Form::Unsigned) {
            std::vector<long long> &ints = m_ints[k];
            ints.resize(count);
            for (size_t j = 0; j < count; ++j) {
                const qsizetype r = which.at(from + qsizetype(j));
                const bool null = rows.isNull(r, col);
                ind[j] = null ? STMT_INDICATOR_NULL : STMT_INDICATOR_NONE;
                ints[j] = 0;
                if (null)
                    continue;
                const QByteArrayView v = rows.value(r, col);
                // The decimal text the server sends: digits, a '-' before a signed one's (from_chars
                // takes no '+', no space, and fails on a number out of range, as the column's form).
                const char *end = v.data() + v.size();
                std::from_chars_result got{};
                if (form == Form::Unsigned) {
                    unsigned long long u = 0;
                    got = std::from_chars(v.data(), end, u);
                    ints[j] = static_cast<long long>(u);
                } else {
                    got = std::from_chars(v.data(), end, ints[j]);
                }
                if (got.ec != std::errc() || got.ptr != end || v.isEmpty()) {
                    *error = QStringLiteral("column %1: %2 is not the number its exact form is")
                                 .arg(m_names.at(qsizetype(k)), QString::fromLatin1(v.first(qMin<qsizetype>(40, v.size()))));
                    return false;
                }
            }
            bind[k].buffer_type = MYSQL_TYPE_LONGLONG;
            bind[k].is_unsigned = form == Form::Unsigned;
            bind[k].buffer = ints.data();
        } else {
            std::vector<double> &ds = m_doubles[k];
            ds.resize(count);
            for (size_t j = 0; j < count; ++j) {
                const qsizetype r = which.at(from + qsizetype(j));
                const bool null = rows.isNull(r, col);
                ind[j] = null ? STMT_INDICATOR_NULL : STMT_INDICATOR_NONE;
                ds[j] = 0;
                if (null)
                    continue;
                const QByteArrayView v = rows.value(r, col);
                bool ok = false;
                const double d = v.toDouble(&ok);
                if (!ok || !std::isfinite(d) || (form == Form::Float && double(float(d)) != d)) {
                    *error = QStringLiteral("column %1: %2 is not a %3 value that can be stored")
                                 .arg(m_names.at(qsizetype(k)), QString::fromLatin1(v.first(qMin<qsizetype>(40, v.size()))),
                                      form == Form::Float ? QStringLiteral("FLOAT") : QStringLiteral("DOUBLE"));
                    return false;
                }
                ds[j] = d;
            }
            bind[k].buffer_type = MYSQL_TYPE_DOUBLE;
            bind[k].buffer = ds.data();
        }
        bind[k].u.indicator = ind.data();
    }
    unsigned int size = static_cast<unsigned int>(count);
    if (mysql_stmt_attr_set(m_stmt, STMT_ATTR_ARRAY_SIZE, &size) != 0 || mysql_stmt_bind_param(m_stmt, bind.data()) != 0)
        return failStmt(QStringLiteral("binding the copy's rows for"), error, errNo);
    if (mysql_stmt_execute(m_stmt) != 0)
        return failStmt(QStringLiteral("copying into"), error, errNo);
    *affected = mysql_stmt_affected_rows(m_stmt);
    const QString warned = m_conn->warningError(mysql_warning_count(m_conn->handle()));
    if (!warned.isEmpty()) {
        *error = QStringLiteral("copying into %1: %2").arg(m_table, warned);
        return false;
    }
    return true;
}

} // namespace sp::migration
