#include "core/cluster/RawResult.h"

#include "core/cluster/Connection.h"
#include "core/cluster/MysqlFields.h"
#include "core/cluster/QueryRegistry.h"

#include <algorithm>
#include <cstdint>

#include <sys/mman.h>
#include <unistd.h>

namespace sp {

// Asks the kernel for the pages of [p, p + bytes) at once (MADV_POPULATE_WRITE, Linux 5.14+) instead
// of one page fault per page as they are first written. Where the call is refused the pages fault in
// as before.
static void prefaultPages(void *p, size_t bytes)
{
#ifdef MADV_POPULATE_WRITE
    static const uintptr_t page = uintptr_t(sysconf(_SC_PAGESIZE));
    const uintptr_t b = reinterpret_cast<uintptr_t>(p);
    const uintptr_t lo = (b + page - 1) & ~(page - 1);
    const uintptr_t hi = (b + bytes) & ~(page - 1);
    if (hi > lo)
        madvise(reinterpret_cast<void *>(lo), hi - lo, MADV_POPULATE_WRITE);
#else
    Q_UNUSED(p);
    Q_UNUSED(bytes);
#endif
}

// Room for `need` elements in `v`: a larger block, its pages asked for at once (a chunk of the copy
// is megabytes, and on a virtual machine each page fault is costly).
template<class T>
static void reserveFaulted(std::vector<T> &v, size_t need)
{
    if (need <= v.capacity())
        return;
    std::vector<T> grown;
    grown.reserve(std::max({need, v.capacity() * 2, (size_t(64) << 10) / sizeof(T)}));
    prefaultPages(grown.data(), grown.capacity() * sizeof(T));
    grown.insert(grown.end(), v.begin(), v.end());
    v.swap(grown);
}

void RawResult::clear()
{
    m_columns = 0;
    m_widestRow = 0;
    m_data.clear();
    m_offsets.clear();
    m_lengths.clear();
    m_kinds.clear();
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

bool Connection::queryRaw(const QString &sql, RawResult *out, qint64 maxBytes, bool *cut)
{
    out->clear();
    if (cut)
        *cut = false;
    if (!m_mysql) {
        fail();
        return false;
    }
    const QByteArray s = sql.toUtf8();
    QueryRegistry::Scope scope(m_registry, m_params, mysql_thread_id(m_mysql), sql.left(200));
    if (!scope.ok()) {
        setError(QStringLiteral("cancelled"));
        return false;
    }
    if (mysql_real_query(m_mysql, s.constData(), (unsigned long)s.size()) != 0) {
        fail();
        return false;
    }
    // Streamed: each row is copied from the network buffer into `out`, whose memory is reused.
    MYSQL_RES *res = mysql_use_result(m_mysql);
    if (!res) {
        if (mysql_field_count(m_mysql) != 0) {
            fail();
            return false;
        }
    } else {
        out->m_columns = int(mysql_num_fields(res));
        MYSQL_FIELD *fields = mysql_fetch_fields(res);
        for (int i = 0; i < out->m_columns; ++i)
            out->m_kinds.append(mysqlfields::kindOf(fields[i], m_rawStrings));
        const size_t ncols = size_t(out->m_columns);
        bool dropping = false; // past maxBytes: the rest is read and dropped
        qint64 kept = 0;       // the values' bytes kept (m_data also holds the length bytes between them)
        while (MYSQL_ROW row = mysql_fetch_row(res)) {
            if (dropping)
                continue;
            if (maxBytes > 0 && kept >= maxBytes) {
                dropping = true;
                if (cut)
                    *cut = true;
                continue;
            }
            const unsigned long *len = mysql_fetch_lengths(res);
            // The row's values lie one after another in libmariadb's buffer, each after its length (the
            // text protocol's layout): where they do, the row is copied at once, the few length bytes
            // between them included; otherwise value by value.
            size_t bytes = 0;
            const char *first = nullptr;
            const char *stop = nullptr; // the end of the last value
            bool inOrder = true;
            for (size_t c = 0; c < ncols; ++c) {
                bytes += len[c];
                if (!row[c])
                    continue;
                if (!first)
                    first = row[c];
                else if (row[c] < stop)
                    inOrder = false;
                stop = row[c] + len[c];
            }
            out->m_widestRow = std::max(out->m_widestRow, qint64(bytes));
            kept += qint64(bytes);
            const size_t span = first ? size_t(stop - first) : 0;
            const bool atOnce = inOrder && span <= bytes + 9 * ncols; // at most 9 length bytes per value
            reserveFaulted(out->m_data, out->m_data.size() + (atOnce ? span : bytes));
            reserveFaulted(out->m_offsets, out->m_offsets.size() + ncols);
            reserveFaulted(out->m_lengths, out->m_lengths.size() + ncols);
            const qint64 base = qint64(out->m_data.size());
            if (atOnce && span > 0)
                out->m_data.insert(out->m_data.end(), first, stop);
            for (size_t c = 0; c < ncols; ++c) {
                if (!row[c]) {
                    out->m_offsets.push_back(-1);
                    out->m_lengths.push_back(0);
                    continue;
                }
                out->m_lengths.push_back(qsizetype(len[c]));
                if (atOnce) {
                    out->m_offsets.push_back(base + (row[c] - first));
                } else {
                    out->m_offsets.push_back(qint64(out->m_data.size()));
                    out->m_data.insert(out->m_data.end(), row[c], row[c] + len[c]);
                }
            }
        }
        // The end of the rows or an error on the way (a lost connection, a killed query).
        const bool failed = mysql_errno(m_mysql) != 0;
        if (failed)
            fail();
        mysql_free_result(res);
        if (failed) {
            out->clear();
            return false;
        }
    }
    if (!checkWarnings(mysql_warning_count(m_mysql)))
        return false;
    clearError();
    return true;
}

} // namespace sp
