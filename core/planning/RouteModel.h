#pragma once
#include "core/config/ShardingConfig.h"
#include "core/planning/MovePredicate.h"
#include "core/routing/HashRing.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace sp::planning {

// One routing level (database, or table within one data source) reduced to a function of one
// number computed from the key, so the planner can reason over the key space instead of keys.
struct LevelFn
{
    enum class Kind {
        Single,  // one target, no decision
        Mod,     // (x DIV divisor) % count, x = CRC32, the value (MOD) or |hashCode| (HASH_MOD)
        Ring,    // CRC32 ring over the targets
        Opaque,  // INLINE and anything else: only the router can evaluate it
        Broken   // configuration error
    };
    enum class Input { Crc32, Value, JavaHash };

    Kind kind = Kind::Single;
    Input input = Input::Crc32;
    QString column;
    QString algorithmName;
    QString algorithmType;
    quint32 divisor = 1;
    quint32 count = 1;
    int virtualNodes = 0;
    QStringList targets;
    std::vector<int> residueToTarget; // Mod: remainder -> index into targets, -1 none
    std::shared_ptr<HashRing> ring;   // Ring
    QString error;                    // Broken / Opaque reason

    int eval(quint64 x) const; // index into targets, -1 when it routes nowhere
    bool sqlCapable() const;   // Single, Mod over CRC32/value, Ring
    bool sameFunction(const LevelFn &o) const; // same decision over the same target names
    HashTerm residueTerm(int targetIndex) const; // Mod only
    QString describe() const;  // "CRC32_MOD(_target) % 4", "ring(4 nodes x 160)"
};

// A logic table's routing as level functions: database level, and the table level per data source.
struct TableRoute
{
    QString logicTable;
    QStringList dataSources;            // in data-node order
    QList<QStringList> tablesPerSource; // parallel to dataSources
    LevelFn db;
    QList<LevelFn> table;               // parallel to dataSources
    bool broadcast = false;

    static TableRoute build(const ShardingConfig &config, const TableRule &rule);
    QStringList columns() const;        // distinct sharding columns of non-single levels
    bool allSqlCapable() const;
    bool anyOpaque() const;
};

} // namespace sp::planning
