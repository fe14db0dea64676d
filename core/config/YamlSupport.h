#pragma once
#include "core/config/Diagnostic.h"

#include <QByteArray>
#include <QStringList>

#include <yaml-cpp/yaml.h>

#include <optional>

namespace sp::detail {

// One key/value pair of a YAML map. `key` is normalised (kebab-case -> camelCase in the Spring Boot
// form) so one reader serves both forms; `rawKey` is what the file says and goes into messages.
struct YamlEntry
{
    QString key;
    QString rawKey;
    YAML::Node keyNode;
    YAML::Node value;
};

using YamlEntries = QList<YamlEntry>;

// Shared state of one load: file name and text (for positions), diagnostics, node budget.
class YamlContext final
{
public:
    YamlContext(const QString &file, const QByteArray &text, Diagnostics *out);

    void setKebabKeys(bool on) { m_kebab = on; }
    bool kebabKeys() const { return m_kebab; }

    SourceLocation location(const YAML::Node &node) const;
    // Where a scalar's text starts: after an opening quote, so inline-expression columns line up.
    SourceLocation scalarLocation(const YAML::Node &node) const;
    SourceLocation fileLocation(int line = 0, int column = 0) const;

    void report(Severity severity, const QString &code, const Text &message, const SourceLocation &where,
                const Text &hint = {});
    void report(const Diagnostic &d); // one made elsewhere (inline expressions), counted the same way
    void error(const QString &code, const Text &message, const SourceLocation &where, const Text &hint = {})
    {
        report(Severity::Error, code, message, where, hint);
    }
    void warning(const QString &code, const Text &message, const SourceLocation &where, const Text &hint = {})
    {
        report(Severity::Warning, code, message, where, hint);
    }

    // Counts visited nodes; false once the budget (alias bombs) is exhausted (reported once).
    bool visit(const YAML::Node &node);
    bool exhausted() const { return m_exhausted; }
    // Counts the bytes of scalar text taken from the document; false once more than
    // kMaxExpandedBytes were taken (a large scalar repeated through aliases: the node count
    // alone does not bound memory), reported once like the node budget.
    bool take(qint64 bytes, const YAML::Node &where);
    static constexpr qint64 kMaxExpandedBytes = 64 * 1024 * 1024;

    // Map entries in file order; a non-map (other than null) is reported as `bad-type`.
    YamlEntries entries(const YAML::Node &map, const Text &what);
    static const YamlEntry *find(const YamlEntries &entries, const QString &key);
    // Warns `unknown-key` for every entry whose key is not in `known`, suggesting the closest one.
    void checkKeys(const YamlEntries &entries, const QStringList &known, const Text &context);

    // Scalar text; null gives an empty string; a map or sequence is reported as `bad-type`.
    std::optional<QString> scalar(const YAML::Node &node, const Text &what);
    // A YAML sequence of scalars or one comma-separated scalar ("a,b"), items trimmed.
    QStringList stringList(const YAML::Node &node, const Text &what);

    // Shown in messages: the key as the user would write it in this form.
    QString keyName(const QString &camel) const;

    qint64 inlineBudget = 0; // data nodes still allowed across all tables

private:
    QString m_file;
    QByteArray m_text;
    Diagnostics *m_out;
    bool m_kebab = false;
    qint64 m_visited = 0;
    qint64 m_bytes = 0;
    bool m_exhausted = false;
    int m_reported = 0;
    bool m_truncatedNoted = false;
};

QString kebabToCamel(const QString &key);
QString camelToKebab(const QString &key);
// The candidate closest to `word` by edit distance when it is close enough to be a typo, else empty.
QString closestMatch(const QString &word, const QStringList &candidates);

} // namespace sp::detail
