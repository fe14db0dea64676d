#include "core/cluster/RawResult.h"

#include "core/cluster/Connection.h"
#include "core/cluster/MysqlFields.h"
#include "core/cluster/QueryRegistry.h"

#include <utility>

namespace sp {

RawResult::~RawResult()
{
    reset();
}

RawResult::RawResult(RawResult &&other) noexcept
    : m_res(std::exchange(other.m_res, nullptr))
    , m_columns(other.m_columns)
    , m_rows(std::move(other.m_rows))
    , m_lengths(std::move(other.m_lengths))
    , m_kinds(std::move(other.m_kinds))
{
}

RawResult &RawResult::operator=(RawResult &&other) noexcept
{
    if (this != &other) {
        reset();
        m_res = std::exchange(other.m_res, nullptr);
        m_columns = other.m_columns;
        m_rows = std::move(other.m_rows);
        m_lengths = std::move(other.m_lengths);
        m_kinds = std::move(other.m_kinds);
    }
    return *this;
}

void RawResult::reset()
{
    if (m_res)
        mysql_free_result(m_res);
    m_res = nullptr;
    m_rows.clear();
    m_lengths.clear();
}

QList<QVariant> RawResult::row(qsizetype r) const
{
    QList<QVariant> out;
    out.reserve(m_columns);
    for (int i = 0; i < m_columns; ++i) {
        if (isNull(r, i)) {
            out.append(QVariant());
            continue;
        }
        const QByteArrayView v = value(r, i);
        out.append(mysqlfields::toVariant(m_kinds.at(i), v.data(), v.size()));
    }
    return out;
}

std::optional<RawResult> Connection::queryRaw(const QString &sql)
{
    if (!m_mysql) {
        fail();
        return std::nullopt;
    }
    const QByteArray s = sql.toUtf8();
    RawResult out;
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
        out.m_res = mysql_store_result(m_mysql);
    }
    if (!out.m_res) {
        if (mysql_field_count(m_mysql) != 0) {
            fail();
            return std::nullopt;
        }
    } else {
        out.m_columns = int(mysql_num_fields(out.m_res));
        MYSQL_FIELD *fields = mysql_fetch_fields(out.m_res);
        for (int i = 0; i < out.m_columns; ++i)
            out.m_kinds.append(mysqlfields::kindOf(fields[i], m_rawStrings));
        const size_t n = size_t(mysql_num_rows(out.m_res));
        out.m_rows.reserve(n);
        out.m_lengths.reserve(n * size_t(out.m_columns));
        while (MYSQL_ROW row = mysql_fetch_row(out.m_res)) {
            out.m_rows.push_back(row);
            const unsigned long *len = mysql_fetch_lengths(out.m_res);
            out.m_lengths.insert(out.m_lengths.end(), len, len + out.m_columns);
        }
    }
    if (!checkWarnings(mysql_warning_count(m_mysql)))
        return std::nullopt;
    clearError();
    return out;
}

} // namespace sp
