#pragma once
#include <QHash>
#include <QStringList>

#include <vector>

namespace sp {

// Lookups over one ordered list of target names (the data sources, or one data source's actual
// tables, of a route level), built once so that routing a key never scans the list: the position
// of a name, exact and case-insensitive (ShardingSphere compares names case-insensitively), and
// the targets whose name ends with a suffix (ShardingSphere 5.0's suffix rule), in list order.
class TargetIndex final
{
public:
    explicit TargetIndex(const QStringList &targets);

    const QStringList &targets() const { return m_targets; }
    // The first position of `name`, -1 when no target has it.
    int indexOf(const QString &name) const { return m_exact.value(name, -1); }
    // The first position whose name equals `name` ignoring case, -1 when none.
    int indexOfIgnoringCase(const QString &name) const { return m_folded.value(name.toCaseFolded(), -1); }
    // Positions (ascending) of the targets whose name ends with `suffix`.
    QList<int> endingWith(QStringView suffix) const;
    // True when this index was built from exactly this list (the same shared data).
    bool indexes(const QStringList &targets) const
    {
        return targets.size() == m_targets.size() && targets.constData() == m_targets.constData();
    }

private:
    QStringList m_targets;
    QHash<QString, int> m_exact;
    QHash<QString, int> m_folded;
    std::vector<int> m_byReversedName; // positions, names compared from their last character
};

} // namespace sp
