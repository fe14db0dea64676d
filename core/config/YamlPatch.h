#pragma once
#include <QByteArray>
#include <QString>
#include <QStringList>

namespace sp {

// Where one scalar value sits in YAML text (0-based byte offsets into the text).
struct YamlScalarRef
{
    int line = 0;        // 1-based
    int column = 0;      // 1-based, byte column of the first character of the value token
    int begin = -1;      // byte offset of the value token (quotes included)
    int end = -1;        // one past the last byte of the token
    QString value;       // the scalar as parsed
    char quote = 0;      // 0 plain, '\'' or '"'
    bool inFlow = false; // inside a flow collection ({...} or [...])
};

struct YamlPatchResult
{
    bool ok = false;
    QByteArray text;    // the patched text (the input unchanged on failure)
    QString error;      // why nothing was patched (one line)
    YamlScalarRef where; // the replaced scalar (location in the *input* text)
};

// Patches one scalar value in place in YAML text, leaving every other byte (comments, key order,
// indentation, quoting style of other values, line endings) untouched. Path elements:
//   "key"       a mapping key; "a|b" matches either key (native vs. Spring Boot spelling)
//   "*"         any mapping key or sequence item
//   "[n]"       the n-th sequence item (0-based)
//   "!TAG"      the first sequence item carrying that tag (e.g. "!SHARDING")
// Only single-line plain or quoted scalars are patched; block scalars, aliases and multi-line
// values are refused with an error rather than guessed. The result is re-parsed and checked.
class YamlPatch final
{
public:
    enum class Match {
        FromRoot, // the path starts at the document root
        Anywhere  // the path may start at any node; it must match exactly one scalar
    };

    static YamlScalarRef find(const QByteArray &text, const QStringList &path, Match match,
                              QString *error = nullptr);
    static YamlPatchResult setScalar(const QByteArray &text, const QStringList &path,
                                     const QString &value, Match match = Match::FromRoot);
    // How `value` is written in place of a scalar quoted with `quote` (0 = plain).
    static QByteArray formatScalar(const QString &value, char quote, bool inFlow);
};

} // namespace sp
