#pragma once
#include "SandboxFixture.h"

#include <QByteArray>
#include <QPair>
#include <QStringList>

#include <map>

namespace sp::test {

// An independent check of where rows are on the ring sandbox (tests/data/ring-sandbox.yaml: a
// CONSISTENT_HASH ring of 16 virtual nodes per data source, 2 tables per node by CRC32_MOD over the
// high 16 bits), for the ring-run tests: plain SQL only. Each server computes the ring's points as
// CRC32('<node>#<i>'); a row's node is the first point >= CRC32(key), wrapping to the lowest.
struct RingRowAt
{
    QString node;   // physical node where the row is ("db1.t_messages_0")
    QString routed; // where the ring being checked routes it
    QByteArray fp;  // SHA-256 of every column's HEX and a NULL bitmap
};

// physical table name ("t_messages_1", the same on every node) + id -> where. The ids of a table
// name must be unique over the nodes (makeRingKeysUnique).
using RingRows = std::map<QPair<QString, qint64>, RingRowAt>;

inline const QStringList kRingLogicTables = {QStringLiteral("t_messages"), QStringLiteral("t_user_messages")};

// Rows of several nodes meet in one table when a ring node takes arcs of every other node: like any
// cluster that ever merges shards, keys must be unique over the nodes. Gives server i of `servers`
// its own AUTO_INCREMENT residue (increment `servers`, offset i+1) and renumbers the demo rows of the
// first `populated` servers to it (outside the binlog). Run before any migration.
bool makeRingKeysUnique(SandboxFixture &fx, int servers, int populated, QString *why);

// Every row of every physical table of `dataSources`, routed by the ring of `ringNodes`.
// Rows found twice go to `dups`.
bool readRingRows(SandboxFixture &fx, const QStringList &dataSources, const QStringList &ringNodes, RingRows *out,
                  QStringList *dups, QString *why);

// Rows not where the ring routes them, and duplicates (at most 20 lines); empty when all are.
QString ringMisplaced(const RingRows &rows, const QStringList &dups);

} // namespace sp::test
