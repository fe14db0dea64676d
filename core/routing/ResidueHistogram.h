#pragma once
#include <QtGlobal>

#include <utility>
#include <vector>

namespace sp {

// How often each combination of residues (x DIV divisor) % count occurs for x in a range, for a
// few distinct (divisor, count) pairs at once: the residue levels of the route model
// (RouteLevel::Form::Residue) evaluated over the key space instead of key by key. The planner's
// move analysis counts through it: the outcome of a key depends only on the residues (and on the
// ring owners, constant over a ring segment).
class ResidueHistogram final
{
public:
    // Index of the (divisor, count) pair, added when new. divisor and count 0 are read as 1.
    int slot(quint32 divisor, quint32 count);
    int slotCount() const { return int(m_pairs.size()); }

    // Tabulates the combination of every x in [0, period) (period: a common multiple of every
    // divisor x count, at most a few million) so count() reads a table instead of dividing.
    // Optional; call after the last slot().
    void tabulate(quint64 period);

    // Residue of slot s inside a combination id. When the product of the counts is too large for
    // a mixed-radix id, the id is the key x itself (one bucket per x: slow but exact).
    quint32 residue(quint64 combination, int s) const
    {
        const auto &p = m_pairs[size_t(s)];
        return m_keyIds ? quint32((combination / p.first) % p.second)
                        : quint32((combination / m_radix[size_t(s)]) % p.second);
    }

    // Counts of the residue combinations over x in [from, to], ascending by combination id;
    // combinations that do not occur are left out. Exact integer counts.
    std::vector<std::pair<quint64, quint64>> count(quint64 from, quint64 to) const;

private:
    quint64 combinationOf(quint64 x) const;
    template <typename Next>
    void collect(quint64 n, Next next, std::vector<std::pair<quint64, quint64>> &out) const;

    std::vector<std::pair<quint32, quint32>> m_pairs; // (divisor, count)
    std::vector<quint64> m_radix;                     // mixed radix: product of the earlier counts
    quint64 m_combinations = 1;                       // product of all counts
    bool m_keyIds = false;                            // product overflowed: ids are keys
    quint64 m_period = 0;                             // tabulated period, 0 = none
    std::vector<quint32> m_table;                     // combination of x, x in [0, m_period)
    // With few combinations: m_prefix[c * (m_period + 1) + x] = how many t < x have combination c,
    // so a range shorter than the period is counted in O(combinations), not O(length) (a ring
    // cuts the key space into thousands of arcs, each counted).
    std::vector<quint32> m_prefix;
};

} // namespace sp
