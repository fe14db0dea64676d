#pragma once
#include "core/config/ShardingConfig.h"
#include "core/sandbox/DemoData.h"
#include "core/sandbox/SandboxState.h"

#include <QMap>

namespace sp::sandbox {

struct DemoLoadResult
{
    bool ok = false;
    QString error;
    QMap<DataNode, qint64> rowsPerNode; // every node of every sharded table (zeros included)
    qint64 messages = 0;                // t_messages rows
    qint64 totalRows = 0;               // rows of every table
    double seconds = 0;
};

// Fills the sandbox with DemoData. Every row is routed with sp::Router, so it lands exactly where
// the config says. One thread per instance, multi-row INSERTs as root over the socket, with the
// binlog off for the session (the fill is the initial state, not a change to capture).
class DemoLoader final
{
public:
    // With addSecondaryKeys, tables created without their secondary keys get them after the fill.
    static DemoLoadResult load(const ShardingConfig &config, const SandboxState &state, const DemoData &data,
                               int rowsPerStatement = 1000, bool addSecondaryKeys = true);
    // What load() inserts per node, computed without a server (routes every generated key).
    static DemoLoadResult expectedCounts(const ShardingConfig &config, const DemoData &data);
};

} // namespace sp::sandbox
