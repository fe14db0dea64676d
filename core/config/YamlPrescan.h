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
    QString code; // "yaml-too-deep", "yaml-syntax" (a quoted string never closed),
                  // "yaml-multiple-documents", "file-encoding"
};

// It also refuses a second document ("---" after content, or content after "..."):
// ShardingSphere reads exactly one ("yaml-multiple-documents"). Quotes only count where a value
// may start: a plain scalar such as `note: rock 'n roll` and the text of block scalars are text.
PrescanResult prescanYaml(const QByteArray &text, int maxDepth = 200);

// The text must be UTF-8: a UTF-16 or UTF-32 byte-order mark, a NUL or another control character
// YAML does not allow (anything below 0x20 but tab, LF and CR; DEL), or bytes that are not UTF-8
// are refused with their line and column ("file-encoding"). yaml-cpp silently decoded UTF-16 for
// lint while the planner patched the raw bytes, and read a NUL as an unknown escape.
PrescanResult checkEncoding(const QByteArray &text);

} // namespace sp::detail
