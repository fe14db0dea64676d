// YamlPatch: whole mapping entries (insert, copy, remove), block and flow style.
#include "core/config/YamlPatch.h"

#include "core/config/YamlPatchInternal.h"
#include "core/config/YamlText.h"

#include <QSet>

namespace sp {

using namespace yamltext;
using namespace yamlpatch;

namespace {

// The key node of a mapping's entry, undefined when there is none.
YAML::Node entryKey(const YAML::Node &map, const QString &key)
{
    for (auto it = map.begin(); it != map.end(); ++it)
        if (it->first.IsScalar() && QString::fromStdString(it->first.Scalar()) == key)
            return it->first;
    return YAML::Node(YAML::NodeType::Undefined);
}

} // namespace

bool YamlPatch::mapping(const QStringList &path, Match m, Found *out, Text *error) const
{
    if (!one(path, m, out, error))
        return false;
    if (!out->node.IsMap()) {
        *error = msg("%1 is not a mapping", {path.join(QLatin1Char('.'))});
        return false;
    }
    return true;
}

// The text of entry `key` of a mapping: key token [keyBegin, keyEnd), and where the entry ends.
// Block mappings (withLines): whole lines, line break included; flow: the end of the value.
bool YamlPatch::entrySpan(const Found &map, const QString &key, bool withLines, int *keyBegin, int *keyEnd,
                          int *end, Text *error) const
{
    const YAML::Node k = entryKey(map.node, key);
    if (!k.IsDefined()) {
        *error = msg("has no entry '%1'", {key});
        return false;
    }
    const int at = m_doc->offsetOf(k.Mark());
    const Span keySpan = keyToken(m_text, at);
    if (at < 0 || !keySpan.valid()) {
        *error = msg("entry '%1': key not found in the text", {key});
        return false;
    }
    *keyBegin = keySpan.begin;
    *keyEnd = keySpan.end;
    if (withLines) {
        if (!onlySpacesBefore(m_text, at)) {
            *error = msg("entry '%1' shares its line with other text (e.g. '- %1:'); edit it by hand", {key});
            return false;
        }
        *end = blockEntry(m_text, at).end;
        return true;
    }
    const YAML::Node value = map.node[k];
    const int v = m_doc->offsetOf(value.Mark());
    if (value.IsScalar()) {
        Span token;
        char quote = 0;
        QString ignored;
        if (v < at || !scanScalar(m_text, v, true, -1, &token, &quote, &ignored, error))
            return false;
        *end = token.end;
    } else if ((value.IsMap() || value.IsSequence()) && v >= 0 && v < m_text.size() &&
               (m_text.at(v) == '{' || m_text.at(v) == '[')) {
        const int close = matchingBracket(m_text, v);
        if (close < 0) {
            *error = msg("entry '%1': unterminated flow collection", {key});
            return false;
        }
        *end = close + 1;
    } else {
        *error = msg("entry '%1' has no value to copy or remove in place", {key});
        return false;
    }
    return true;
}

bool YamlPatch::insert(const QStringList &path, const QString &key, const QString &value,
                       const QString &after, Match m)
{
    const QString what = path.join(QLatin1Char('.')) + QLatin1Char('.') + key;
    Text err;
    Found map;
    if (!mapping(path, m, &map, &err))
        return fail(err);
    if (entryKey(map.node, key).IsDefined())
        return fail(msg("%1 exists already", {what}));
    QString anchor = after;
    for (auto it = map.node.begin(); anchor.isEmpty() && it != map.node.end(); ++it) {
        auto last = it;
        if (++last == map.node.end())
            anchor = QString::fromStdString(it->first.Scalar());
    }
    const bool flow = map.inFlow || isFlow(map.node);
    QByteArray head, tail; // around the value
    int pos = -1;
    if (flow) {
        const int open = map.nodeOffset;
        const int close =
            open >= 0 && open < m_text.size() && m_text.at(open) == '{' ? matchingBracket(m_text, open) : -1;
        if (close < 0)
            return fail(msg("%1: the flow mapping is not found in the text", {what}));
        int keyBegin = 0, keyEnd = 0;
        if (!anchor.isEmpty() && !entrySpan(map, anchor, false, &keyBegin, &keyEnd, &pos, &err))
            return fail(msg("%1: %2", {what, err}));
        if (anchor.isEmpty())
            pos = open + 1;
        head = (anchor.isEmpty() ? QByteArray() : QByteArray(", ")) + formatScalar(key, 0, true) + ": ";
    } else {
        int keyBegin = 0, keyEnd = 0;
        if (anchor.isEmpty() || !entrySpan(map, anchor, true, &keyBegin, &keyEnd, &pos, &err))
            return fail(msg("%1: %2", {what, anchor.isEmpty() ? msg("empty mapping") : err}));
        const int column = keyBegin - lineStartOf(m_text, keyBegin);
        head = QByteArray(column, ' ') + formatScalar(key, 0, false) + ": ";
        if (pos == m_text.size() && !m_text.endsWith('\n'))
            head.prepend(lineBreak(m_text));
        else
            tail = lineBreak(m_text);
    }
    QList<QList<Replacement>> forms;
    for (const QByteArray &form : scalarForms(value, 0, flow))
        forms.append({{pos, pos, head + form + tail}});
    return applyForms(
        forms,
        [&](YAML::Node &root) {
            YAML::Node n = nodeAt(root, map.path);
            if (!n.IsMap())
                return false;
            n[key.toStdString()] = value.toStdString();
            return true;
        },
        what);
}

bool YamlPatch::copy(const QStringList &path, const QString &from, const QString &to, const QString &after,
                     Match m)
{
    return copy(path, from, QStringList{to}, after, m);
}

bool YamlPatch::copy(const QStringList &path, const QString &from, const QStringList &to, const QString &after,
                     Match m)
{
    if (to.isEmpty())
        return true;
    const QString what = path.join(QLatin1Char('.')) + QLatin1Char('.') + to.join(QLatin1Char(','));
    Text err;
    Found map;
    if (!mapping(path, m, &map, &err))
        return fail(err);
    QSet<QString> existing; // one pass over the mapping, not one per new key
    for (auto it = map.node.begin(); it != map.node.end(); ++it)
        if (it->first.IsScalar())
            existing.insert(QString::fromStdString(it->first.Scalar()));
    for (const QString &name : to) {
        if (existing.contains(name))
            return fail(msg("%1 exists already", {QString(path.join(QLatin1Char('.')) + QLatin1Char('.') + name)}));
        existing.insert(name);
    }
    const bool flow = map.inFlow || isFlow(map.node);
    int keyBegin = 0, keyEnd = 0, end = 0, aBegin = 0, aEnd = 0, pos = 0;
    if (!entrySpan(map, from, !flow, &keyBegin, &keyEnd, &end, &err) ||
        !entrySpan(map, after, !flow, &aBegin, &aEnd, &pos, &err))
        return fail(msg("%1: %2", {what, err}));
    QByteArray entries;
    for (const QString &name : to) {
        QByteArray entry;
        if (flow) {
            entry = ", " + formatScalar(name, 0, true) + m_text.mid(keyEnd, end - keyEnd);
        } else {
            const int start = lineStartOf(m_text, keyBegin);
            entry = m_text.mid(start, keyBegin - start) + formatScalar(name, 0, false) +
                    m_text.mid(keyEnd, end - keyEnd);
            if (!entry.endsWith('\n'))
                entry += lineBreak(m_text);
        }
        entries += entry;
    }
    if (!flow && pos == m_text.size() && !m_text.endsWith('\n')) {
        entries.prepend(lineBreak(m_text));
        entries.chop(entries.endsWith("\r\n") ? 2 : 1);
    }
    return apply(
        {{pos, pos, entries}},
        [&](YAML::Node &root) {
            YAML::Node n = nodeAt(root, map.path);
            const YAML::Node source = nodeAt(n, {Step{from.toStdString(), -1}});
            if (!n.IsMap() || !source.IsDefined())
                return false;
            for (const QString &name : to)
                n[name.toStdString()] = YAML::Clone(source);
            return true;
        },
        what);
}

bool YamlPatch::remove(const QStringList &path, const QString &key, Match m)
{
    const QString what = path.join(QLatin1Char('.')) + QLatin1Char('.') + key;
    Text err;
    Found map;
    if (!mapping(path, m, &map, &err))
        return fail(err);
    const bool flow = map.inFlow || isFlow(map.node);
    int keyBegin = 0, keyEnd = 0, end = 0;
    if (!entrySpan(map, key, !flow, &keyBegin, &keyEnd, &end, &err))
        return fail(msg("%1: %2", {what, err}));
    int begin = flow ? keyBegin : lineStartOf(m_text, keyBegin);
    if (flow) {
        // Take one separating comma with it: the one after, else the one before.
        int i = end;
        while (i < m_text.size() && (m_text.at(i) == ' ' || m_text.at(i) == '\t'))
            ++i;
        if (i < m_text.size() && m_text.at(i) == ',') {
            end = i + 1;
            while (end < m_text.size() && m_text.at(end) == ' ')
                ++end;
        } else {
            int j = begin;
            while (j > 0 && (m_text.at(j - 1) == ' ' || m_text.at(j - 1) == '\t'))
                --j;
            if (j > 0 && m_text.at(j - 1) == ',')
                begin = j - 1;
        }
    }
    return apply(
        {{begin, end, QByteArray()}},
        [&](YAML::Node &root) {
            YAML::Node n = nodeAt(root, map.path);
            return n.IsMap() && n.remove(key.toStdString());
        },
        what);
}

} // namespace sp
