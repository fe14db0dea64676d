#pragma once
// The reverse stream (docs/migration.md, "The rollback window"): after the switch the application
// writes moved rows on their new nodes; this applies every such change to the source table the row
// came from, which still holds the moved rows until T9, so the old layout stays current and the run
// can go back. From the targets' binlog heads recorded at T6 before the config is switched (every
// target write before that point is the engine's own copy and capture).
//
// Guarantees, the forward capture's: each source server stores, per target server, the position up to
// which it applied that target's binlog (`_shardpilot`.`capture_state`, source "reverse:<instance>"),
// in the same transaction as the rows, so a kill at any instant resumes with nothing lost or applied
// twice; values are exact (ExactValue.h); a change is applied only when the old shard's row is what the
// new node's row was before it (or already what it became): a row the old shard changed on its own (a
// stale route) is never overwritten - it is counted and named (T8's checks) and left for the operator.
#include "core/cluster/BinlogPosition.h"
#include "core/migration/MoveSet.h"

#include <QDateTime>

#include <functional>
#include <map>
#include <memory>

namespace sp::migration {

class ReverseStream final
{
public:
    ReverseStream(const MoveSet &moves, const Endpoints &endpoints, QString runId, quint32 serverIdBase);
    ~ReverseStream();
    ReverseStream(const ReverseStream &) = delete;
    ReverseStream &operator=(const ReverseStream &) = delete;

    // The target servers the stream reads and the sources they feed back. A target that was a live
    // data node before the plan holds rows of its own: carried back only with the old config's routing
    // (which tells the moved rows from its own), else unsupported().
    QStringList targetInstances() const;
    // Target tables fed by several source tables, or live ones, when the MoveSet has no old routing
    // (setOldConfig): not carried back (a new row's source needs the old config's routing); a run with any cannot be
    // rolled back after T7. With it, each row goes to the source table the old config routes it to.
    QStringList unsupported() const { return m_unsupported; }

    // Where each target server's stream starts while a source has applied nothing of it yet (its
    // stored position, made at T1, is empty): the target's binlog head that T6 recorded in the journal
    // before the config was switched. A source never stores a position before its first batch.
    void setStarts(const std::map<QString, BinlogPosition> &starts) { m_starts = starts; }

    // Applies what each target server's binlog holds beyond the stored positions, up to its head now.
    bool catchUp(QString *error);

    struct Lag
    {
        QString instance;     // a target server
        BinlogPosition applied;
        BinlogPosition head;  // at the last catchUp
        qint64 changes = 0;   // row changes applied to the sources by this object
        qint64 conflicts = 0; // changes not applied: the old shard's row was not the expected one
        qint64 streamed = 0;  // transactions larger than streamRows() applied in pieces by this object
    };
    // A target transaction of more than this many row changes is applied piece by piece inside one
    // open transaction per source (committed with its end position) instead of held whole in memory.
    static qsizetype streamRows(); // 10,000; SP_REVERSE_STREAM_ROWS
    QList<Lag> lag() const;
    // The changes not applied since this object was made, one line each (for T8's checks).
    QStringList takeConflicts();

private:
    struct Feed;
    bool catchUpOne(Feed &f, QString *error);

    const MoveSet &m_moves;
    const Endpoints &m_endpoints;
    QString m_runId;
    quint32 m_serverIdBase;
    std::map<QString, std::unique_ptr<Feed>> m_feeds; // by target instance
    QStringList m_conflicts;
    QStringList m_unsupported;
    std::map<QString, BinlogPosition> m_starts;
};

// The key of a source server's stored position of the reverse stream from target server `instance`.
QString reverseSourceKey(const QString &instance);

} // namespace sp::migration
