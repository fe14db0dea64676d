#include "core/routing/TargetIndex.h"

#include <algorithm>

namespace sp {

namespace {

// Orders names by their reversed text, so every name ending with a given suffix sits in one run.
bool reversedLess(QStringView a, QStringView b)
{
    const qsizetype n = std::min(a.size(), b.size());
    for (qsizetype i = 1; i <= n; ++i) {
        const char16_t x = a.at(a.size() - i).unicode(), y = b.at(b.size() - i).unicode();
        if (x != y)
            return x < y;
    }
    return a.size() < b.size();
}

// <0: the name sorts before every name ending with `suffix`; 0: it ends with it; >0: after them.
int compareEnd(QStringView name, QStringView suffix)
{
    for (qsizetype i = 1; i <= suffix.size(); ++i) {
        if (i > name.size())
            return -1;
        const char16_t x = name.at(name.size() - i).unicode(), y = suffix.at(suffix.size() - i).unicode();
        if (x != y)
            return x < y ? -1 : 1;
    }
    return 0;
}

} // namespace

TargetIndex::TargetIndex(const QStringList &targets) : m_targets(targets)
{
    m_exact.reserve(targets.size());
    m_folded.reserve(targets.size());
    m_byReversedName.reserve(size_t(targets.size()));
    for (int i = 0; i < targets.size(); ++i) {
        const QString folded = targets.at(i).toCaseFolded();
        if (!m_folded.contains(folded))
            m_folded.insert(folded, i);
        m_byReversedName.push_back(i);
    }
    for (int i = int(targets.size()) - 1; i >= 0; --i) // a repeated name keeps its first position
        m_exact.insert(targets.at(i), i);
    std::stable_sort(m_byReversedName.begin(), m_byReversedName.end(),
                     [&](int a, int b) { return reversedLess(m_targets.at(a), m_targets.at(b)); });
}

QList<int> TargetIndex::endingWith(QStringView suffix) const
{
    const auto lo = std::partition_point(m_byReversedName.begin(), m_byReversedName.end(),
                                         [&](int i) { return compareEnd(m_targets.at(i), suffix) < 0; });
    const auto hi = std::partition_point(lo, m_byReversedName.end(),
                                         [&](int i) { return compareEnd(m_targets.at(i), suffix) == 0; });
    QList<int> out(lo, hi);
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace sp
