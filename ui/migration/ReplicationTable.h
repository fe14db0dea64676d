#pragma once
#include "core/migration/Replication.h"

#include <QTableWidget>

namespace sp::ui {

// The replication of each old -> new pair of a dual-master run, as the engine last read it
// (journal): IO and SQL thread, lag, both GTID positions, and the last error.
class ReplicationTable final : public QTableWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReplicationTable)
public:
    explicit ReplicationTable(QWidget *parent = nullptr);
    void setPairs(const QList<migration::PairReplication> &pairs);
};

} // namespace sp::ui
