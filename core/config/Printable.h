#pragma once
#include "core/config/Diagnostic.h"

#include <QList>
#include <QString>
#include <QStringView>

namespace sp {

struct ShardingConfig;

// Names from a config (data sources, schemas, tables, columns, algorithms) end up in generated SQL,
// shell scripts, HTML, CSV and terminal output. A line break in a schema name put a statement on a
// line of its own after a `--` comment in create.sql; an escape sequence in a table name reached
// the terminal raw. The characters below are refused in names (linter: `control-character`, the
// planner refuses such a config) and escaped by every generator, so even a bypass cannot break out.
//
// Unsafe: C0 controls U+0000-001F (tab, line feed and carriage return included), DEL U+007F, C1
// controls U+0080-009F, the line and paragraph separators U+2028/2029 and the bidi controls
// U+061C, U+200E/200F, U+202A-202E and U+2066-2069 (they reorder what is shown).
bool isUnsafeChar(char16_t c);
// Index of the first unsafe character, -1 when there is none.
qsizetype firstUnsafeChar(QStringView s);
inline bool hasUnsafeChars(QStringView s) { return firstUnsafeChar(s) >= 0; }
// "U+000A" for the character at `index`.
QString codePointName(QChar c);

// `s` with every unsafe character written as \xNN (up to U+00FF) or \uNNNN: one line, nothing that
// moves the cursor, changes colours or reorders text. Everything else is kept as it is.
QString printableName(QStringView s);

// Text for one `--` SQL comment line (and `#` shell comments): printableName(), so no line break
// can end the comment early.
inline QString commentText(QStringView s) { return printableName(s); }

// A name of the config that holds an unsafe character, where it is written.
struct UnsafeName
{
    Text what;             // "data source 'db\x0a0'" (the name shown escaped)
    QString codePoint;     // "U+000A": the first unsafe character
    SourceLocation location;
};

// Every name a generator writes: data source names, schema names from the urls, logic and actual
// table names, binding and broadcast tables, sharding and key-generate columns, algorithm names
// (each distinct name once, in file order). Linear in the size of the config.
QList<UnsafeName> unsafeNames(const ShardingConfig &config);

} // namespace sp
