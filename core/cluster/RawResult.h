#pragma once
// A result set as libmariadb holds it after mysql_store_result: every value as the server sent it,
// nothing converted or copied per value. For bulk paths that turn rows straight into other bytes (the
// copy's LOAD DATA input); row() gives the QueryResult form where a path needs QVariants.
#include <QByteArrayView>
#include <QList>
#include <QVariant>

#include <vector>

struct st_mysql_res;

namespace sp {

class RawResult final
{
public:
    RawResult() = default;
    ~RawResult();
    RawResult(RawResult &&other) noexcept;
    RawResult &operator=(RawResult &&other) noexcept;
    RawResult(const RawResult &) = delete;
    RawResult &operator=(const RawResult &) = delete;

    qsizetype rowCount() const { return qsizetype(m_rows.size()); }
    int columnCount() const { return m_columns; }
    bool isNull(qsizetype row, int column) const { return m_rows[size_t(row)][column] == nullptr; }
    // The value's bytes (empty for NULL: ask isNull()).
    QByteArrayView value(qsizetype row, int column) const
    {
        const char *p = m_rows[size_t(row)][column];
        return p ? QByteArrayView(p, qsizetype(m_lengths[size_t(row) * size_t(m_columns) + size_t(column)]))
                 : QByteArrayView();
    }
    // The row as Connection::query() gives it (QueryResult's value types).
    QList<QVariant> row(qsizetype row) const;

private:
    friend class Connection;
    void reset();
    st_mysql_res *m_res = nullptr;
    int m_columns = 0;
    std::vector<char **> m_rows;
    std::vector<unsigned long> m_lengths; // rows x columns
    QList<int> m_kinds;                   // mysqlfields::Kind per column
};

} // namespace sp
