#pragma once
#include "core/config/ShardingConfig.h"
#include "core/planning/MovePredicate.h"
#include "core/routing/TableRoute.h"

#include <QList>
#include <QMap>
#include <QString>

#include <memory>

namespace sp::planning {

struct MoveAnalysisOptions
{
    bool includeOldTerm = false;  // remap: predicate states "old = i AND new = j"
    bool modDoubleForm = false;   // mod-double: "% 2N >= N" instead of "% 2N = i + N"
    int sampleKeys = 200000;      // keys routed when the key space cannot be enumerated (at least 48
                                  // per old data node of the table, at most 16M)
    quint64 seed = 20261129;
};

// One (old node -> new node) flow of a logic table over the key space.
struct PairShape
{
    DataNode source;
    DataNode target;
    double weight = 0; // fraction of all keys that route old->source and new->target
    double share = 0;  // weight / weight of the source node: the fraction of its rows that move
    MovePredicate predicate;
};

struct TableMoves
{
    QString logicTable;
    QString column;
    bool exact = true;              // true: key space enumerated; false: estimated from sampleSize keys
    int sampleSize = 0;
    bool clientSide = false;        // some predicate has no SQL form
    QList<PairShape> pairs;         // source != target only, ordered by source then target
    QMap<DataNode, double> oldWeight; // key share per node before
    QMap<DataNode, double> newWeight; // key share per node after
    double movedWeight = 0;         // fraction of keys whose node changes
    double unroutableAfter = 0;     // fraction of keys the new config routes nowhere
    Text note;
    TableRoute oldRoute;
    TableRoute newRoute;
};

// Compares how the old and the new config route one logic table, through the route model of
// core/routing (sp::TableRoute, the router's own). Pure; the key space is enumerated exactly
// (period of the residue levels x CRC32 ring arcs) when every level has a closed form over one
// input (same column, same function of the key); otherwise keys are sampled and routed with
// sp::Router on both configs.
class MoveAnalysis final
{
public:
    static TableMoves analyse(const ShardingConfig &oldConfig, const ShardingConfig &newConfig,
                              const QString &logicTable, const MoveAnalysisOptions &options = {});

    // The analyses of every table of one plan: table lookups, compiled algorithms and (for tables
    // that need sampling) the routers of both configs are built once, not once per table. The
    // configs must outlive the session.
    class Session final
    {
    public:
        Session(const ShardingConfig &oldConfig, const ShardingConfig &newConfig,
                const MoveAnalysisOptions &options = {});
        ~Session();
        Session(const Session &) = delete;
        Session &operator=(const Session &) = delete;
        TableMoves analyse(const QString &logicTable);

    private:
        struct Shared;
        MoveAnalysisOptions m_options;
        std::unique_ptr<Shared> m_shared;
    };
};

} // namespace sp::planning
