#include "core/routing/ResidueHistogram.h"

#include <algorithm>

namespace sp {

namespace {
constexpr quint64 kSaturated = quint64(1) << 62;
constexpr quint64 kMaxTable = quint64(1) << 24; // entries of the combination table
constexpr quint64 kDenseMin = quint64(1) << 16; // dense counting up to max(this, range length)
constexpr quint64 kMaxPrefix = quint64(1) << 23; // entries of the prefix counts (32 MiB)
} // namespace

int ResidueHistogram::slot(quint32 divisor, quint32 count)
{
    const std::pair<quint32, quint32> p{divisor ? divisor : 1u, count ? count : 1u};
    const auto it = std::find(m_pairs.begin(), m_pairs.end(), p);
    if (it != m_pairs.end())
        return int(it - m_pairs.begin());
    m_pairs.push_back(p);
    m_radix.push_back(m_combinations);
    if (m_keyIds || m_combinations > kSaturated / p.second)
        m_keyIds = true;
    else
        m_combinations *= p.second;
    m_period = 0;
    m_table.clear();
    m_prefix.clear();
    return int(m_pairs.size()) - 1;
}

void ResidueHistogram::tabulate(quint64 period)
{
    m_period = 0;
    m_table.clear();
    m_prefix.clear();
    if (m_keyIds || period == 0 || period > kMaxTable || m_combinations > 0xffffffffu)
        return;
    for (const auto &p : m_pairs)
        if (period % (quint64(p.first) * p.second) != 0)
            return; // not a common multiple: the combinations would not repeat with this period
    m_table.resize(size_t(period));
    // Residues advance by counters: (x DIV d) % c steps when x % d wraps.
    const size_t k = m_pairs.size();
    std::vector<quint32> sub(k, 0), res(k, 0);
    quint64 id = 0;
    for (quint64 x = 0; x < period; ++x) {
        m_table[size_t(x)] = quint32(id);
        for (size_t s = 0; s < k; ++s) {
            if (++sub[s] < m_pairs[s].first)
                continue;
            sub[s] = 0;
            if (++res[s] < m_pairs[s].second) {
                id += m_radix[s];
            } else {
                res[s] = 0;
                id -= m_radix[s] * (m_pairs[s].second - 1);
            }
        }
    }
    m_period = period;
    if (m_combinations * (period + 1) <= kMaxPrefix) {
        const size_t stride = size_t(period) + 1;
        m_prefix.assign(size_t(m_combinations) * stride, 0);
        for (size_t c = 0; c < size_t(m_combinations); ++c) {
            quint32 *row = m_prefix.data() + c * stride;
            for (size_t x = 0; x < size_t(period); ++x)
                row[x + 1] = row[x] + (m_table[x] == c ? 1u : 0u);
        }
    }
}

quint64 ResidueHistogram::combinationOf(quint64 x) const
{
    if (m_keyIds)
        return x;
    quint64 id = 0;
    for (size_t s = 0; s < m_pairs.size(); ++s)
        id += ((x / m_pairs[s].first) % m_pairs[s].second) * m_radix[s];
    return id;
}

template <typename Next>
void ResidueHistogram::collect(quint64 n, Next next, std::vector<std::pair<quint64, quint64>> &out) const
{
    if (!m_keyIds && m_combinations <= std::max(n, kDenseMin)) {
        std::vector<quint64> counts(size_t(m_combinations), 0);
        for (quint64 i = 0; i < n; ++i)
            ++counts[size_t(next())];
        for (size_t id = 0; id < counts.size(); ++id)
            if (counts[id])
                out.emplace_back(quint64(id), counts[id]);
        return;
    }
    std::vector<quint64> ids;
    ids.reserve(size_t(n));
    for (quint64 i = 0; i < n; ++i)
        ids.push_back(next());
    std::sort(ids.begin(), ids.end());
    for (size_t i = 0; i < ids.size();) {
        size_t j = i;
        while (j < ids.size() && ids[j] == ids[i])
            ++j;
        out.emplace_back(ids[i], quint64(j - i));
        i = j;
    }
}

std::vector<std::pair<quint64, quint64>> ResidueHistogram::count(quint64 from, quint64 to) const
{
    std::vector<std::pair<quint64, quint64>> out;
    if (to < from)
        return out;
    const quint64 n = to - from + 1;
    if (!m_prefix.empty()) {
        // Whole periods, then the rest [start, start + rest) taken circularly from the prefix counts.
        const quint64 stride = m_period + 1;
        const quint64 whole = n / m_period, rest = n % m_period, start = from % m_period;
        for (quint64 c = 0; c < m_combinations; ++c) {
            const quint32 *row = m_prefix.data() + c * stride;
            quint64 k = whole * row[m_period];
            if (start + rest <= m_period) {
                k += row[start + rest] - row[start];
            } else {
                k += row[m_period] - row[start];
                k += row[start + rest - m_period];
            }
            if (k)
                out.emplace_back(c, k);
        }
        return out;
    }
    if (m_period) {
        size_t i = size_t(from % m_period);
        const size_t period = size_t(m_period);
        collect(
            n,
            [&] {
                const quint32 id = m_table[i];
                if (++i == period)
                    i = 0;
                return quint64(id);
            },
            out);
    } else {
        quint64 x = from;
        collect(
            n, [&] { return combinationOf(x++); }, out);
    }
    return out;
}

} // namespace sp
