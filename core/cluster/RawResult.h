#pragma once
// A result set as the server sent it: every value's bytes, nothing converted per value. For bulk
// paths that turn rows straight into other bytes (the copy's LOAD DATA input); row() gives the
// QueryResult form where a path needs QVariants.
//
// The rows are streamed (mysql_use_result) into one byte array the result owns, which keeps its
// memory when the result is filled again (Connection::queryRaw(sql, RawResult *)): a loop reading
// chunk after chunk into the same result touches no fresh memory after the first chunks.
#include <QByteArrayView>
#include <QList>
#include <QVariant>

#include <vector>

namespace sp {

class RawResult final
{
public:
    RawResult() = default;
    RawResult(RawResult &&) noexcept = default;
    RawResult &operator=(RawResult &&) noexcept = default;
    RawResult(const RawResult &) = delete;
    RawResult &operator=(const RawResult &) = delete;

    qsizetype rowCount() const { return m_columns ? qsizetype(m_offsets.size() / size_t(m_columns)) : 0; }
    int columnCount() const { return m_columns; }
    bool isNull(qsizetype row, int column) const { return m_offsets[at(row, column)] < 0; }
    // The value's bytes (empty for NULL: ask isNull()).
    QByteArrayView value(qsizetype row, int column) const
    {
        const size_t i = at(row, column);
        const qint64 o = m_offsets[i];
        return o < 0 ? QByteArrayView() : QByteArrayView(m_data.data() + o, qsizetype(m_lengths[i]));
    }
    // The largest sum of one row's value lengths (bytes; NULL counts 0).
    qint64 widestRow() const { return m_widestRow; }
    // The row as Connection::query() gives it (QueryResult's value types).
    QList<QVariant> row(qsizetype row) const;

private:
    friend class Connection;
    size_t at(qsizetype row, int column) const { return size_t(row) * size_t(m_columns) + size_t(column); }
    void clear(); // no rows, no columns; the memory is kept
    int m_columns = 0;
    qint64 m_widestRow = 0;
    std::vector<char> m_data;      // the values' bytes, one after another
    std::vector<qint64> m_offsets; // rows x columns: where a value starts in m_data, -1 for NULL
    std::vector<qsizetype> m_lengths; // rows x columns
    QList<int> m_kinds;            // mysqlfields::Kind per column
};

} // namespace sp
