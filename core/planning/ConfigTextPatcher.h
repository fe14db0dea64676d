#pragma once
#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace sp::planning {

// Line-based edits of sharding YAML text (native and Spring Boot spelling) that keep every other
// byte, comments included. Each edit finds its line by the chain of parent keys (indentation) and
// fails with a one-line error rather than guessing when the text has an unexpected shape (flow
// collections, multi-line scalars).
class ConfigTextPatcher final
{
public:
    explicit ConfigTextPatcher(const QByteArray &text);

    QByteArray text() const;
    QStringList errors() const { return m_errors; }
    bool ok() const { return m_errors.isEmpty(); }

    // shardingAlgorithms.<name>.props.<prop> = value (the prop line is added when missing).
    bool setAlgorithmProp(const QString &algorithm, const QString &prop, const QString &value);
    // shardingAlgorithms.<name>.<key> = value (e.g. type).
    bool setAlgorithmField(const QString &algorithm, const QString &key, const QString &value);
    // Copies algorithm `from` as `to` (right after it), then points every database-level
    // shardingAlgorithmName that names `from` to `to`. For algorithms shared by both levels.
    bool cloneAlgorithmForDatabaseLevel(const QString &from, const QString &to);
    // tables.<logicTable>.actualDataNodes = expr
    bool setDataNodes(const QString &logicTable, const QString &expression);
    // Adds data source `name` as a copy of `templateName`'s block with its url replaced, after the
    // block of `after` (Spring Boot: also appended to `names`).
    bool addDataSource(const QString &name, const QString &url, const QString &templateName,
                       const QString &after);
    bool removeDataSource(const QString &name);

    // Replaces the data-source part (before the first top-level '.') of a single-part
    // actualDataNodes expression: "db${0..3}.t_${0..3}" with {db0..db7} -> "db${0..7}.t_${0..3}".
    static QString rewriteDataSourcePart(const QString &expression, const QStringList &dataSources,
                                         QString *error);

private:
    struct Line
    {
        QByteArray text; // without the line end
        int indent = 0;
        QString key;     // "" for blank/comment/sequence-scalar lines
        bool blankOrComment = false;
    };
    void parseLine(Line &l) const;
    QStringList ancestors(int index) const; // parent keys, nearest first
    int findKey(const QString &key, const QStringList &parentAlternatives, int grandParentLimit = 3,
                const QStringList &requiredAncestors = {}) const;
    int blockEnd(int index) const; // one past the last line of the block owned by line index
    bool replaceValue(int index, const QString &value);
    QString valueOf(int index) const;
    bool fail(const QString &message);

    QList<Line> m_lines;
    QByteArray m_eol = "\n";
    bool m_trailingEol = true;
    QStringList m_errors;
};

} // namespace sp::planning
