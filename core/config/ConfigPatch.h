#pragma once
#include "core/config/YamlPatch.h"

namespace sp {

// Edits of sharding YAML text in ShardingSphere's native and Spring Boot spellings, as the
// editor's forms and the planner's new configs make them. The text work is YamlPatch's: comments
// and untouched bytes are kept, flow style is edited in place, every edit is re-parsed and
// checked; a failed edit leaves the text as it was and adds one line to errors().
class ConfigPatch final
{
public:
    explicit ConfigPatch(const QByteArray &text);

    QByteArray text() const { return m_yaml.text(); }
    const QStringList &errors() const { return m_errors; }
    const QList<Text> &errorTexts() const { return m_errorTexts; } // errors() for the console
    bool ok() const { return m_errors.isEmpty(); }

    // Paths (matched anywhere in the document) of the values the forms edit.
    static QStringList dataSourceUrlPath(const QString &dataSource);
    static QStringList dataSourceUsernamePath(const QString &dataSource);
    static QStringList algorithmFieldPath(const QString &algorithm, const QString &key); // e.g. type
    static QStringList algorithmPropPath(const QString &algorithm, const QString &prop);
    static QStringList dataNodesPath(const QString &logicTable);

    // The value at one of the paths above.
    bool set(const QStringList &path, const QString &value);
    // shardingAlgorithms.<name>.props.<prop> = value (the prop is added when missing).
    bool setAlgorithmProp(const QString &algorithm, const QString &prop, const QString &value);
    // shardingAlgorithms.<name>.<key> = value (e.g. type).
    bool setAlgorithmField(const QString &algorithm, const QString &key, const QString &value);
    // Copies algorithm `from` as `to` (right after it), then points every database-level
    // shardingAlgorithmName that names `from` to `to`. For algorithms shared by both levels.
    bool cloneAlgorithmForDatabaseLevel(const QString &from, const QString &to);
    // tables.<logicTable>.actualDataNodes = expr
    bool setDataNodes(const QString &logicTable, const QString &expression);
    // The same for many tables in one edit (logic table -> expression); all or nothing.
    bool setDataNodes(const QMap<QString, QString> &expressions);
    // Adds data source `name` as a copy of `templateName`'s entry with its url replaced, after the
    // entry of `after` (Spring Boot: also appended to `names`).
    bool addDataSource(const QString &name, const QString &url, const QString &templateName,
                       const QString &after);
    // The same for several data sources (name -> url, added in that order) in three edits in all,
    // whatever their number (one addDataSource per source re-parses the file three times each).
    bool addDataSources(const QList<std::pair<QString, QString>> &nameUrls, const QString &templateName,
                        const QString &after);
    bool removeDataSource(const QString &name);

    // Replaces the data-source part (before the first top-level '.') of a single-part
    // actualDataNodes expression: "db${0..3}.t_${0..3}" with {db0..db7} -> "db${0..7}.t_${0..3}".
    static QString rewriteDataSourcePart(const QString &expression, const QStringList &dataSources,
                                         Text *error);

private:
    bool exists(const QStringList &path) const;
    bool check(bool done); // records YamlPatch's reason when an edit failed
    bool fail(const Text &message);
    void editNames(const QStringList &add, const QString &remove); // Spring Boot datasource.names

    YamlPatch m_yaml;
    QStringList m_errors;
    QList<Text> m_errorTexts;
};

} // namespace sp
