#include "core/config/ConfigPatch.h"

#include <QRegularExpression>

namespace sp {

namespace {
// Key spellings: ShardingSphere native | Spring Boot.
const QString kDataSources = QStringLiteral("dataSources|datasource");
const QString kAlgorithms = QStringLiteral("shardingAlgorithms|sharding-algorithms");
const QString kUrl = QStringLiteral("url|jdbcUrl|jdbc-url");
const QString kDataNodes = QStringLiteral("actualDataNodes|actual-data-nodes");
const QString kDatabaseStrategy =
    QStringLiteral("databaseStrategy|database-strategy|defaultDatabaseStrategy|default-database-strategy");
const QString kAlgorithmName = QStringLiteral("shardingAlgorithmName|sharding-algorithm-name");
const QString kProps = QStringLiteral("props");
} // namespace

ConfigPatch::ConfigPatch(const QByteArray &text) : m_yaml(text), m_errors(m_yaml.errors()) {}

QStringList ConfigPatch::dataSourceUrlPath(const QString &dataSource)
{
    return {kDataSources, dataSource, kUrl};
}

QStringList ConfigPatch::dataSourceUsernamePath(const QString &dataSource)
{
    return {kDataSources, dataSource, QStringLiteral("username")};
}

QStringList ConfigPatch::algorithmFieldPath(const QString &algorithm, const QString &key)
{
    return {kAlgorithms, algorithm, key};
}

QStringList ConfigPatch::algorithmPropPath(const QString &algorithm, const QString &prop)
{
    return {kAlgorithms, algorithm, kProps, prop};
}

QStringList ConfigPatch::dataNodesPath(const QString &logicTable)
{
    return {QStringLiteral("tables"), logicTable, kDataNodes};
}

bool ConfigPatch::exists(const QStringList &path) const
{
    return m_yaml.count(path, YamlPatch::Match::Anywhere) == 1;
}

bool ConfigPatch::check(bool done)
{
    if (!done) {
        m_errors << m_yaml.errors().value(m_yaml.errors().size() - 1);
        m_errorTexts << m_yaml.errorTexts().value(m_yaml.errorTexts().size() - 1);
    }
    return done;
}

bool ConfigPatch::fail(const Text &message)
{
    m_errors << message.text;
    m_errorTexts << message;
    return false;
}

bool ConfigPatch::set(const QStringList &path, const QString &value)
{
    return check(m_yaml.set(path, value));
}

bool ConfigPatch::setAlgorithmProp(const QString &algorithm, const QString &prop, const QString &value)
{
    if (!exists({kAlgorithms, algorithm}))
        return fail(msg("algorithm '%1' not found in the text", {algorithm}));
    if (exists(algorithmPropPath(algorithm, prop)))
        return set(algorithmPropPath(algorithm, prop), value);
    if (!exists({kAlgorithms, algorithm, kProps}))
        return fail(msg("algorithm '%1' has no props block to add %2 to", {algorithm, prop}));
    return check(m_yaml.insert({kAlgorithms, algorithm, kProps}, prop, value));
}

bool ConfigPatch::setAlgorithmField(const QString &algorithm, const QString &key, const QString &value)
{
    if (!exists({kAlgorithms, algorithm}))
        return fail(msg("algorithm '%1' not found in the text", {algorithm}));
    if (!exists(algorithmFieldPath(algorithm, key)))
        return fail(msg("algorithm '%1' has no '%2' line", {algorithm, key}));
    return set(algorithmFieldPath(algorithm, key), value);
}

bool ConfigPatch::cloneAlgorithmForDatabaseLevel(const QString &from, const QString &to)
{
    if (!exists({kAlgorithms, from}))
        return fail(msg("algorithm '%1' not found in the text", {from}));
    if (!check(m_yaml.copy({kAlgorithms}, from, to, from)))
        return false;
    const int before = int(m_yaml.errors().size());
    const int changed = m_yaml.replaceAll({kDatabaseStrategy, QStringLiteral("*"), kAlgorithmName}, from, to);
    if (int(m_yaml.errors().size()) > before)
        return check(false);
    if (changed == 0)
        return fail(msg("no database strategy names algorithm '%1'", {from}));
    return true;
}

bool ConfigPatch::setDataNodes(const QString &logicTable, const QString &expression)
{
    if (!exists(dataNodesPath(logicTable)))
        return fail(msg("actualDataNodes of table '%1' not found in the text", {logicTable}));
    return set(dataNodesPath(logicTable), expression);
}

bool ConfigPatch::setDataNodes(const QMap<QString, QString> &expressions)
{
    if (expressions.isEmpty())
        return true;
    if (!m_yaml.setEach({QStringLiteral("tables"), QStringLiteral("*"), kDataNodes}, 1, expressions)) {
        const QString why = m_yaml.errors().value(m_yaml.errors().size() - 1);
        // The message a single edit gives when a table's line is missing.
        for (auto it = expressions.constBegin(); it != expressions.constEnd(); ++it)
            if (why.startsWith(QStringLiteral("tables.%1.").arg(it.key())) && why.endsWith(QLatin1String(" not found")))
                return fail(QStringLiteral("actualDataNodes of table '%1' not found in the text").arg(it.key()));
        return fail(why);
    }
    return true;
}

void ConfigPatch::editNames(const QStringList &add, const QString &remove)
{
    // Spring Boot: spring.shardingsphere.datasource.names: db0,db1
    const QStringList path{kDataSources, QStringLiteral("names")};
    const YamlScalarRef ref = m_yaml.scalar(path, YamlPatch::Match::Anywhere);
    if (ref.begin < 0)
        return;
    QStringList names = ref.value.split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (QString &n : names)
        n = n.trimmed();
    for (const QString &a : add)
        if (!a.isEmpty() && !names.contains(a))
            names << a;
    if (!remove.isEmpty())
        names.removeAll(remove);
    set(path, names.join(QLatin1Char(',')));
}

bool ConfigPatch::addDataSource(const QString &name, const QString &url, const QString &templateName,
                                const QString &after)
{
    for (const QString &ds : {templateName, after})
        if (!exists({kDataSources, ds}))
            return fail(msg("data source '%1' not found in the text", {ds}));
    if (!exists(dataSourceUrlPath(templateName)))
        return fail(msg("data source '%1' has no url line to copy", {templateName}));
    if (!check(m_yaml.copy({kDataSources}, templateName, name, after)) || !set(dataSourceUrlPath(name), url))
        return false;
    editNames({name}, QString());
    return ok();
}

bool ConfigPatch::addDataSources(const QList<std::pair<QString, QString>> &nameUrls, const QString &templateName,
                                 const QString &after)
{
    if (nameUrls.isEmpty())
        return ok();
    for (const QString &ds : {templateName, after})
        if (!exists({kDataSources, ds}))
            return fail(QStringLiteral("data source '%1' not found in the text").arg(ds));
    if (!exists(dataSourceUrlPath(templateName)))
        return fail(QStringLiteral("data source '%1' has no url line to copy").arg(templateName));
    QStringList names;
    QMap<QString, QString> urls;
    for (const auto &[name, url] : nameUrls) {
        names << name;
        urls.insert(name, url);
    }
    if (!check(m_yaml.copy({kDataSources}, templateName, names, after)))
        return false;
    // The copies' urls: each copy spells the url key as the template does.
    QString urlKey;
    for (const QString &key : kUrl.split(QLatin1Char('|')))
        if (urlKey.isEmpty() && m_yaml.count({kDataSources, templateName, key}, YamlPatch::Match::Anywhere) == 1)
            urlKey = key;
    if (urlKey.isEmpty() || !check(m_yaml.setEach({kDataSources, QStringLiteral("*"), urlKey}, 1, urls)))
        return urlKey.isEmpty() ? fail(QStringLiteral("data source '%1' has no url line to copy").arg(templateName))
                                : false;
    editNames(names, QString());
    return ok();
}

bool ConfigPatch::removeDataSource(const QString &name)
{
    if (!exists({kDataSources, name}))
        return fail(msg("data source '%1' not found in the text", {name}));
    if (!check(m_yaml.remove({kDataSources}, name)))
        return false;
    editNames({}, name);
    return ok();
}

QString ConfigPatch::rewriteDataSourcePart(const QString &expression, const QStringList &dataSources,
                                           Text *error)
{
    // Split at the first '.' outside ${...}; refuse several comma-separated parts.
    int depth = 0, dot = -1;
    for (int i = 0; i < expression.size(); ++i) {
        const QChar c = expression.at(i);
        if (c == QLatin1Char('{'))
            ++depth;
        else if (c == QLatin1Char('}'))
            --depth;
        else if (depth == 0 && c == QLatin1Char(',')) {
            if (error)
                *error = msg("actualDataNodes '%1' has several parts; edit it by hand", {expression});
            return QString();
        } else if (depth == 0 && c == QLatin1Char('.') && dot < 0)
            dot = i;
    }
    if (dot < 0) {
        if (error)
            *error = msg("actualDataNodes '%1' has no data source part", {expression});
        return QString();
    }
    const QString rest = expression.mid(dot);
    // prefix + contiguous numbers -> prefix${a..b}; anything else -> ${['x','y']}
    static const QRegularExpression tail(QStringLiteral("^(.*?)(\\d+)$"));
    QString prefix;
    QList<int> nums;
    bool numeric = !dataSources.isEmpty();
    for (const QString &ds : dataSources) {
        const auto m = tail.match(ds);
        if (!m.hasMatch() || (!nums.isEmpty() && m.captured(1) != prefix) ||
            (m.captured(2).size() > 1 && m.captured(2).startsWith(QLatin1Char('0')))) {
            numeric = false;
            break;
        }
        prefix = m.captured(1);
        nums << m.captured(2).toInt();
    }
    if (numeric)
        for (int i = 1; i < nums.size(); ++i)
            if (nums.at(i) != nums.at(i - 1) + 1)
                numeric = false;
    const bool arrow = expression.left(dot).contains(QLatin1String("$->{"));
    const QString open = arrow ? QStringLiteral("$->{") : QStringLiteral("${");
    if (numeric && nums.size() > 1)
        return prefix + open + QString::number(nums.first()) + QStringLiteral("..") +
               QString::number(nums.last()) + QLatin1Char('}') + rest;
    if (dataSources.size() == 1)
        return dataSources.first() + rest;
    QStringList quoted;
    for (const QString &ds : dataSources)
        quoted << QLatin1Char('\'') + ds + QLatin1Char('\'');
    return open + QLatin1Char('[') + quoted.join(QLatin1Char(',')) + QStringLiteral("]}") + rest;
}

} // namespace sp
