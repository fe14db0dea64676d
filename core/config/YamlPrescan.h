#pragma once
#include "core/config/Text.h"

#include <QByteArray>
#include <QString>

namespace sp::detail {

// A cheap pass over the raw text before yaml-cpp sees it: yaml-cpp 0.7 parses recursively, so deeply
// nested input is refused here (flow brackets plus block indentation levels, `- - -` counted).
// It also reports a quoted value that is never closed: yaml-cpp 0.7 silently ends it at end of file.
struct PrescanResult
{
    bool ok = true;
    int line = 0;   // 1-based
    int column = 0; // 1-based
    Text message;
    QString code; // "yaml-too-deep" or "yaml-syntax" (a quoted string never closed)
};

PrescanResult prescanYaml(const QByteArray &text, int maxDepth = 200);

} // namespace sp::detail
