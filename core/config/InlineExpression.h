#pragma once
#include "core/config/Diagnostic.h"

#include <QStringList>

namespace sp {

// ShardingSphere inline expressions as used in `actualDataNodes` and `actualDataSources`:
// `${...}` and `$->{...}`, ranges `0..3`, lists `['a','b']` / `[0, 2]`, nested expressions in list
// items, literals, comma-separated parts at the top level only, cartesian product with the leftmost
// expression varying slowest, whitespace trimmed.
struct InlineExpansion
{
    QStringList values;
    Diagnostics diagnostics; // errors leave `values` empty
    bool ok() const { return !hasErrors(diagnostics); }
};

struct InlineOptions
{
    qint64 maxResults = 1000000; // refused *before* expansion when the product would exceed it
    SourceLocation location;     // where the expression starts; diagnostics are offset from it
};

InlineExpansion expandInline(const QString &expression, const InlineOptions &options = {});

} // namespace sp
