#pragma once
#include "core/config/ShardingConfig.h"

#include <QString>

namespace sp {

// How evenly one logic table's rows are spread over its data nodes (computed by sp::Skew from a
// snapshot's counts; the cluster part below analysis knows nothing of it).
struct SkewStats
{
    QString logicTable;
    int nodes = 0;                 // data nodes with a known row count
    qint64 totalRows = 0;
    double mean = 0;
    qint64 max = 0;
    qint64 min = 0;
    double maxOverMean = 0;        // 1.0 is perfect balance
    double coefficientOfVariation = 0; // population stddev / mean
    double gini = 0;               // 0 even .. (n-1)/n all rows on one node
    int emptyNodes = 0;
    DataNode maxNode;              // the hottest node (first one on ties)
    DataNode minNode;              // the coldest node (first one on ties)
    int unknownNodes = 0;          // data nodes without a row count (missing table, unreachable)
};

} // namespace sp
