#include "core/planning/ConfigTextPatcher.h"

#include <QRegularExpression>

namespace sp::planning {

namespace {
const QStringList kAlgorithms{QStringLiteral("shardingAlgorithms"), QStringLiteral("sharding-algorithms")};
const QStringList kDataSources{QStringLiteral("dataSources"), QStringLiteral("datasource")};
const QStringList kTables{QStringLiteral("tables")};
const QStringList kProps{QStringLiteral("props")};
const QStringList kDataNodes{QStringLiteral("actualDataNodes"), QStringLiteral("actual-data-nodes")};
const QStringList kDbStrategy{QStringLiteral("databaseStrategy"), QStringLiteral("database-strategy"),
                              QStringLiteral("defaultDatabaseStrategy"), QStringLiteral("default-database-strategy")};
const QStringList kAlgoName{QStringLiteral("shardingAlgorithmName"), QStringLiteral("sharding-algorithm-name")};
const QStringList kUrl{QStringLiteral("url"), QStringLiteral("jdbcUrl"), QStringLiteral("jdbc-url")};
} // namespace

ConfigTextPatcher::ConfigTextPatcher(const QByteArray &text)
{
    if (text.contains("\r\n"))
        m_eol = "\r\n";
    m_trailingEol = text.isEmpty() || text.endsWith('\n');
    QList<QByteArray> raw = text.split('\n');
    if (m_trailingEol && !raw.isEmpty())
        raw.removeLast();
    for (QByteArray r : raw) {
        if (r.endsWith('\r'))
            r.chop(1);
        Line l;
        l.text = r;
        parseLine(l);
        m_lines << l;
    }
}

void ConfigTextPatcher::parseLine(Line &l) const
{
    const QString s = QString::fromUtf8(l.text);
    int i = 0;
    while (i < s.size() && s.at(i) == QLatin1Char(' '))
        ++i;
    l.blankOrComment = i >= s.size() || s.at(i) == QLatin1Char('#');
    l.key.clear();
    if (l.blankOrComment) {
        l.indent = i;
        return;
    }
    while (i + 1 < s.size() && s.at(i) == QLatin1Char('-') && s.at(i + 1) == QLatin1Char(' ')) {
        i += 2;
        while (i < s.size() && s.at(i) == QLatin1Char(' '))
            ++i;
    }
    l.indent = i;
    const QChar c = i < s.size() ? s.at(i) : QChar();
    if (c == QLatin1Char('\'') || c == QLatin1Char('"') || c == QLatin1Char('!') || c == QLatin1Char('[')
        || c == QLatin1Char('{'))
        return;
    static const QRegularExpression keyRe(QStringLiteral("^([^:#\\s][^:#]*?)\\s*:(\\s|$)"));
    const auto m = keyRe.match(s.mid(i));
    if (m.hasMatch())
        l.key = m.captured(1);
}

QByteArray ConfigTextPatcher::text() const
{
    QByteArray out;
    for (int i = 0; i < m_lines.size(); ++i) {
        out += m_lines.at(i).text;
        if (i + 1 < m_lines.size() || m_trailingEol)
            out += m_eol;
    }
    return out;
}

bool ConfigTextPatcher::fail(const QString &message)
{
    m_errors << message;
    return false;
}

QStringList ConfigTextPatcher::ancestors(int index) const
{
    QStringList out;
    int cur = m_lines.at(index).indent;
    for (int j = index - 1; j >= 0 && cur > 0; --j) {
        const Line &l = m_lines.at(j);
        if (l.blankOrComment || l.indent >= cur)
            continue;
        out << l.key;
        cur = l.indent;
    }
    return out;
}

int ConfigTextPatcher::findKey(const QString &key, const QStringList &parentAlternatives, int,
                               const QStringList &requiredAncestors) const
{
    int found = -1;
    for (int i = 0; i < m_lines.size(); ++i) {
        if (m_lines.at(i).key != key)
            continue;
        const QStringList anc = ancestors(i);
        if (!parentAlternatives.isEmpty() && (anc.isEmpty() || !parentAlternatives.contains(anc.first())))
            continue;
        bool okAnc = true;
        for (const QString &r : requiredAncestors)
            if (!anc.contains(r))
                okAnc = false;
        if (!okAnc)
            continue;
        if (found >= 0)
            return -2; // ambiguous
        found = i;
    }
    return found;
}

int ConfigTextPatcher::blockEnd(int index) const
{
    int j = index + 1;
    while (j < m_lines.size() && (m_lines.at(j).blankOrComment || m_lines.at(j).indent > m_lines.at(index).indent))
        ++j;
    while (j > index + 1 && m_lines.at(j - 1).blankOrComment)
        --j;
    return j;
}

static void valueSpan(const QString &s, int keyIndent, int *begin, int *end)
{
    const int colon = int(s.indexOf(QLatin1Char(':'), keyIndent));
    int b = colon + 1;
    while (b < s.size() && s.at(b) == QLatin1Char(' '))
        ++b;
    int e = b;
    QChar quote;
    for (; e < s.size(); ++e) {
        const QChar c = s.at(e);
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
            continue;
        }
        if (e == b && (c == QLatin1Char('\'') || c == QLatin1Char('"'))) {
            quote = c;
            continue;
        }
        if (c == QLatin1Char('#') && e > 0 && s.at(e - 1) == QLatin1Char(' '))
            break;
    }
    while (e > b && s.at(e - 1) == QLatin1Char(' '))
        --e;
    *begin = b;
    *end = e;
}

QString ConfigTextPatcher::valueOf(int index) const
{
    const QString s = QString::fromUtf8(m_lines.at(index).text);
    int b = 0, e = 0;
    valueSpan(s, m_lines.at(index).indent, &b, &e);
    QString v = s.mid(b, e - b);
    if (v.size() >= 2 && (v.startsWith(QLatin1Char('\'')) || v.startsWith(QLatin1Char('"'))))
        v = v.mid(1, v.size() - 2);
    return v;
}

bool ConfigTextPatcher::replaceValue(int index, const QString &value)
{
    Line &l = m_lines[index];
    const QString s = QString::fromUtf8(l.text);
    int b = 0, e = 0;
    valueSpan(s, l.indent, &b, &e);
    const QString old = s.mid(b, e - b);
    if (old == QLatin1String("|") || old == QLatin1String(">") || old.startsWith(QLatin1Char('&'))
        || old.startsWith(QLatin1Char('*')))
        return fail(QStringLiteral("line %1: block scalars, anchors and aliases are not patched").arg(index + 1));
    QString v = value;
    if (old.startsWith(QLatin1Char('\'')))
        v = QLatin1Char('\'') + QString(value).replace(QLatin1Char('\''), QStringLiteral("''")) + QLatin1Char('\'');
    else if (old.startsWith(QLatin1Char('"')))
        v = QLatin1Char('"') + QString(value).replace(QLatin1Char('"'), QStringLiteral("\\\"")) + QLatin1Char('"');
    QString out = s.left(b);
    if (b == s.size() || (b > 0 && s.at(b - 1) == QLatin1Char(':')))
        out += QLatin1Char(' ');
    out += v + s.mid(e);
    l.text = out.toUtf8();
    return true;
}

bool ConfigTextPatcher::setAlgorithmProp(const QString &algorithm, const QString &prop, const QString &value)
{
    const int algo = findKey(algorithm, kAlgorithms);
    if (algo < 0)
        return fail(QStringLiteral("algorithm '%1' not found in the text").arg(algorithm));
    const int end = blockEnd(algo);
    int propsLine = -1;
    for (int i = algo + 1; i < end; ++i) {
        if (m_lines.at(i).key == prop && !ancestors(i).isEmpty() && kProps.contains(ancestors(i).first()))
            return replaceValue(i, value);
        if (m_lines.at(i).key == QLatin1String("props"))
            propsLine = i;
    }
    if (propsLine < 0)
        return fail(QStringLiteral("algorithm '%1' has no props block to add %2 to").arg(algorithm, prop));
    int childIndent = m_lines.at(propsLine).indent + 2;
    for (int i = propsLine + 1; i < end; ++i)
        if (!m_lines.at(i).blankOrComment) {
            childIndent = m_lines.at(i).indent;
            break;
        }
    Line l;
    l.text = (QString(childIndent, QLatin1Char(' ')) + prop + QStringLiteral(": ") + value).toUtf8();
    parseLine(l);
    m_lines.insert(blockEnd(propsLine), l);
    return true;
}

bool ConfigTextPatcher::setAlgorithmField(const QString &algorithm, const QString &key, const QString &value)
{
    const int algo = findKey(algorithm, kAlgorithms);
    if (algo < 0)
        return fail(QStringLiteral("algorithm '%1' not found in the text").arg(algorithm));
    const int end = blockEnd(algo);
    for (int i = algo + 1; i < end; ++i)
        if (m_lines.at(i).key == key && ancestors(i).value(0) == algorithm)
            return replaceValue(i, value);
    return fail(QStringLiteral("algorithm '%1' has no '%2' line").arg(algorithm, key));
}

bool ConfigTextPatcher::cloneAlgorithmForDatabaseLevel(const QString &from, const QString &to)
{
    const int algo = findKey(from, kAlgorithms);
    if (algo < 0)
        return fail(QStringLiteral("algorithm '%1' not found in the text").arg(from));
    const int end = blockEnd(algo);
    QList<Line> copy = m_lines.mid(algo, end - algo);
    Line &head = copy.first();
    const QString s = QString::fromUtf8(head.text);
    head.text = (s.left(head.indent) + to + s.mid(head.indent + from.size())).toUtf8();
    parseLine(head);
    for (int i = int(copy.size()) - 1; i >= 0; --i)
        m_lines.insert(end, copy.at(i));
    int changed = 0;
    for (int i = 0; i < m_lines.size(); ++i) {
        if (!kAlgoName.contains(m_lines.at(i).key) || valueOf(i) != from)
            continue;
        const QStringList anc = ancestors(i);
        bool db = false;
        for (const QString &a : anc)
            if (kDbStrategy.contains(a))
                db = true;
        if (db && replaceValue(i, to))
            ++changed;
    }
    if (changed == 0)
        return fail(QStringLiteral("no database strategy names algorithm '%1'").arg(from));
    return true;
}

bool ConfigTextPatcher::setDataNodes(const QString &logicTable, const QString &expression)
{
    for (int i = 0; i < m_lines.size(); ++i) {
        if (!kDataNodes.contains(m_lines.at(i).key))
            continue;
        const QStringList anc = ancestors(i);
        if (anc.size() >= 2 && anc.at(0) == logicTable && kTables.contains(anc.at(1)))
            return replaceValue(i, expression);
    }
    return fail(QStringLiteral("actualDataNodes of table '%1' not found in the text").arg(logicTable));
}

bool ConfigTextPatcher::addDataSource(const QString &name, const QString &url, const QString &templateName,
                                      const QString &after)
{
    const int tpl = findKey(templateName, kDataSources);
    const int anchor = findKey(after, kDataSources);
    if (tpl < 0 || anchor < 0)
        return fail(QStringLiteral("data source '%1' not found in the text").arg(tpl < 0 ? templateName : after));
    QList<Line> copy = m_lines.mid(tpl, blockEnd(tpl) - tpl);
    Line &head = copy.first();
    const QString s = QString::fromUtf8(head.text);
    head.text = (s.left(head.indent) + name + s.mid(head.indent + templateName.size())).toUtf8();
    parseLine(head);
    const int at = blockEnd(anchor);
    for (int i = int(copy.size()) - 1; i >= 0; --i)
        m_lines.insert(at, copy.at(i));
    bool urlSet = false;
    const int end = blockEnd(at);
    for (int i = at + 1; i < end; ++i)
        if (kUrl.contains(m_lines.at(i).key) && ancestors(i).value(0) == name) {
            urlSet = replaceValue(i, url);
            break;
        }
    // Spring Boot: spring.shardingsphere.datasource.names: db0,db1
    for (int i = 0; i < m_lines.size(); ++i)
        if (m_lines.at(i).key == QLatin1String("names") && kDataSources.contains(ancestors(i).value(0))) {
            QStringList names = valueOf(i).split(QLatin1Char(','), Qt::SkipEmptyParts);
            for (QString &n : names)
                n = n.trimmed();
            if (!names.contains(name))
                names << name;
            replaceValue(i, names.join(QLatin1Char(',')));
        }
    return urlSet || fail(QStringLiteral("data source '%1' has no url line to copy").arg(templateName));
}

bool ConfigTextPatcher::removeDataSource(const QString &name)
{
    const int ds = findKey(name, kDataSources);
    if (ds < 0)
        return fail(QStringLiteral("data source '%1' not found in the text").arg(name));
    m_lines.erase(m_lines.begin() + ds, m_lines.begin() + blockEnd(ds));
    for (int i = 0; i < m_lines.size(); ++i)
        if (m_lines.at(i).key == QLatin1String("names") && kDataSources.contains(ancestors(i).value(0))) {
            QStringList names = valueOf(i).split(QLatin1Char(','), Qt::SkipEmptyParts);
            for (QString &n : names)
                n = n.trimmed();
            names.removeAll(name);
            replaceValue(i, names.join(QLatin1Char(',')));
        }
    return true;
}

QString ConfigTextPatcher::rewriteDataSourcePart(const QString &expression, const QStringList &dataSources,
                                                 QString *error)
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
                *error = QStringLiteral("actualDataNodes '%1' has several parts; edit it by hand").arg(expression);
            return QString();
        } else if (depth == 0 && c == QLatin1Char('.') && dot < 0)
            dot = i;
    }
    if (dot < 0) {
        if (error)
            *error = QStringLiteral("actualDataNodes '%1' has no data source part").arg(expression);
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
        if (!m.hasMatch() || (!nums.isEmpty() && m.captured(1) != prefix) || m.captured(2).size() > 1 && m.captured(2).startsWith(QLatin1Char('0'))) {
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
        return prefix + open + QString::number(nums.first()) + QStringLiteral("..") + QString::number(nums.last())
             + QLatin1Char('}') + rest;
    if (dataSources.size() == 1)
        return dataSources.first() + rest;
    QStringList quoted;
    for (const QString &ds : dataSources)
        quoted << QLatin1Char('\'') + ds + QLatin1Char('\'');
    return open + QLatin1Char('[') + quoted.join(QLatin1Char(',')) + QStringLiteral("]}") + rest;
}

} // namespace sp::planning
