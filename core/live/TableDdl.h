#pragma once
#include "core/cluster/ClusterStats.h"
#include "core/cluster/Inspector.h"

#include <QMap>
#include <QStringList>

namespace sp::planning {

struct TableDdlResult
{
    QMap<DataNode, QString> ddl; // SHOW CREATE TABLE text per data node read
    QStringList notes;           // one line per data source or table that could not be read
};

// The table definitions a plan's create.sql needs (PlanInput::tableDdl): SHOW CREATE TABLE of one
// existing node per distinct physical table name of every logic table, and of each broadcast
// table on the first sharded data source. One connection per data source, bounded by the
// connect/read timeouts; data sources the snapshot marks unreachable are skipped. At most
// kMaxTables statements in all (then a note; create.sql says which tables need a definition).
class TableDdl final
{
public:
    static constexpr int kMaxTables = 2000;
    static TableDdlResult collect(const ShardingConfig &config, const ClusterSnapshot &snapshot,
                                  const InspectionOptions &options);
};

} // namespace sp::planning
