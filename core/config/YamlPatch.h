#pragma once
#include "core/config/Text.h"

#include <QByteArray>
#include <QHash>
#include <QMap>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <string>

namespace YAML {
class Node;
}

namespace sp {

// Where one scalar value sits in YAML text (0-based byte offsets into the text).
struct YamlScalarRef
{
    int line = 0;        // 1-based
    int column = 0;      // 1-based, byte column of the first character of the value token
    int begin = -1;      // byte offset of the value token (quotes included)
    int end = -1;        // one past the last byte of the token
    QString value;       // the scalar as parsed
    char quote = 0;      // 0 plain, '\'' or '"'; '|' or '>' for a block scalar
    bool inFlow = false; // inside a flow collection ({...} or [...])
};

struct YamlPatchResult
{
    bool ok = false;
    QByteArray text;     // the patched text (the input unchanged on failure)
    QString error;       // why nothing was patched (one line)
    YamlScalarRef where; // the replaced scalar (location in the *input* text)
};

// The one YAML patcher: edits YAML text in place for the editor's forms and the planner's new
// configs alike (sharding vocabulary in ConfigPatch). Only the bytes of the edited value or entry
// change; comments, key order, indentation, the quoting of other values and line endings stay
// byte-identical. Block and flow style (`db0: {url: …}`), multi-line values (quoted, folded plain,
// block scalars) and whole entries (insert, copy, remove). Values are written so that they read
// back as themselves (quotes, backslashes, control and non-ASCII characters). Every edit re-parses
// the result and checks that the document equals the old one with exactly the intended change;
// otherwise the edit is refused, the text kept, and the reason added to errors().
// Path elements:
//   "key"       a mapping key; "a|b" matches either key (native vs. Spring Boot spelling)
//   "*"         any mapping key or sequence item
//   "[n]"       the n-th sequence item (0-based)
//   "!TAG"      the first sequence item carrying that tag (e.g. "!SHARDING")
// A path must match exactly one node, from the root or (Anywhere) from any node.
class YamlPatch final
{
public:
    enum class Match
    {
        FromRoot, // the path starts at the document root
        Anywhere  // the path may start at any node; it must match exactly one node
    };

    explicit YamlPatch(const QByteArray &text);
    ~YamlPatch();
    YamlPatch(const YamlPatch &) = delete;
    YamlPatch &operator=(const YamlPatch &) = delete;

    const QByteArray &text() const { return m_text; }
    const QStringList &errors() const { return m_errors; }
    const QList<Text> &errorTexts() const { return m_errorTexts; } // errors() for the console
    bool ok() const { return m_errors.isEmpty(); }

    // How many nodes the path matches.
    int count(const QStringList &path, Match match) const;
    // The scalar the path matches, or a ref with begin -1 and `error` set.
    YamlScalarRef scalar(const QStringList &path, Match match, QString *error = nullptr) const;
    // Every scalar the path matches, in document order.
    QList<YamlScalarRef> scalars(const QStringList &path, Match match) const;
    // The scalar the path matches becomes `value`.
    bool set(const QStringList &path, const QString &value, Match match = Match::Anywhere);
    // Every scalar the path matches whose value is `from` becomes `to`; how many did.
    int replaceAll(const QStringList &path, const QString &from, const QString &to,
                   Match match = Match::Anywhere);
    // Many scalars in one edit: every scalar `pattern` matches whose mapping key at element
    // `keyElement` (a "*" of the pattern) is a key of `values` becomes that key's value. Each key
    // must match exactly one scalar; the document is walked, patched and re-parsed once (a set()
    // per key would make editing every table of a big file quadratic). All or nothing.
    bool setEach(const QStringList &pattern, int keyElement, const QMap<QString, QString> &values,
                 Match match = Match::Anywhere);
    // Adds `key: value` to the mapping the path matches, after its entry `after` (empty: the last).
    bool insert(const QStringList &mapping, const QString &key, const QString &value,
                const QString &after = QString(), Match match = Match::Anywhere);
    // Adds a copy of the mapping's entry `from`, named `to`, after its entry `after`.
    bool copy(const QStringList &mapping, const QString &from, const QString &to, const QString &after,
              Match match = Match::Anywhere);
    // Copies of `from` named `to` (in that order) after `after`, in one edit (one re-parse).
    bool copy(const QStringList &mapping, const QString &from, const QStringList &to, const QString &after,
              Match match = Match::Anywhere);
    // Removes the mapping's entry `key`.
    bool remove(const QStringList &mapping, const QString &key, Match match = Match::Anywhere);

    // One-shot forms of scalar() and set().
    static YamlScalarRef find(const QByteArray &text, const QStringList &path, Match match,
                              QString *error = nullptr);
    static YamlPatchResult setScalar(const QByteArray &text, const QStringList &path, const QString &value,
                                     Match match = Match::FromRoot);
    // How `value` is written in place of a scalar quoted with `quote` (0 = plain).
    static QByteArray formatScalar(const QString &value, char quote, bool inFlow);

private:
    struct Doc;
    struct Found;
    struct Replacement
    {
        int begin;
        int end;
        QByteArray with;
        friend bool operator==(const Replacement &a, const Replacement &b)
        {
            return a.begin == b.begin && a.end == b.end && a.with == b.with;
        }
    };
    // Applies the intended change to a copy of the parsed document; false when it cannot.
    using Mutation = std::function<bool(YAML::Node &root)>;

    QList<Found> match(const QStringList &path, Match match) const;
    bool one(const QStringList &path, Match m, Found *out, Text *error) const;
    bool scalarAt(const Found &f, YamlScalarRef *ref, Text *error) const;
    bool mapping(const QStringList &path, Match m, Found *out, Text *error) const;
    bool entrySpan(const Found &map, const QString &key, bool withLines, int *keyBegin, int *keyEnd, int *end,
                   Text *error) const;
    // Replaces, re-parses and checks against `expected`; keeps the text when the check fails.
    bool tryApply(QList<Replacement> edits, const Mutation &expected, Text *why);
    // The same check for scalar edits: the old document with the scalar at each offset (a node's
    // offset in the old text) replaced by its new value.
    bool tryApplyValues(QList<Replacement> edits, const QHash<int, std::string> &newValues, Text *why);
    bool apply(QList<Replacement> edits, const Mutation &expected, const QString &what);
    // The first alternative that passes the check.
    bool applyForms(const QList<QList<Replacement>> &alternatives, const Mutation &expected,
                    const QString &what);
    bool fail(const Text &message);
    int lineOf(int offset) const; // 1-based line of a byte offset of the current text

    QByteArray m_text;
    QStringList m_errors;
    QList<Text> m_errorTexts;
    std::unique_ptr<Doc> m_doc;
};

} // namespace sp
