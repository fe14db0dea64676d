#include "core/config/YamlPatch.h"

#include "core/config/YamlText.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>

namespace sp {

using namespace yamltext;

namespace {

struct Step
{
    std::string key; // mapping key
    int index = -1;  // >= 0: sequence item
};

bool keyMatches(const QString &element, const std::string &key)
{
    const QString k = QString::fromStdString(key);
    const QStringList alternatives = element.split(QLatin1Char('|'));
    return alternatives.contains(k);
}

bool isFlow(const YAML::Node &n)
{
    return (n.IsMap() || n.IsSequence()) && n.Style() == YAML::EmitterStyle::Flow;
}

// The node at a concrete path; an invalid node when the path does not exist.
YAML::Node nodeAt(const YAML::Node &root, const std::vector<Step> &path)
{
    YAML::Node cur;
    cur.reset(root);
    for (const Step &s : path) {
        YAML::Node next;
        if (s.index >= 0 && cur.IsSequence() && std::size_t(s.index) < cur.size()) {
            next.reset(cur[std::size_t(s.index)]);
        } else if (s.index < 0 && cur.IsMap()) {
            for (auto it = cur.begin(); it != cur.end(); ++it)
                if (it->first.IsScalar() && it->first.Scalar() == s.key) {
                    next.reset(it->second);
                    break;
                }
        }
        if (!next.IsDefined())
            return YAML::Node(YAML::NodeType::Undefined);
        cur.reset(next);
    }
    return cur;
}

bool sameTree(const YAML::Node &a, const YAML::Node &b)
{
    if (a.Type() != b.Type())
        return false;
    switch (a.Type()) {
    case YAML::NodeType::Scalar:
        return a.Scalar() == b.Scalar();
    case YAML::NodeType::Sequence:
        if (a.size() != b.size() || a.Tag() != b.Tag())
            return false;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (!sameTree(a[i], b[i]))
                return false;
        return true;
    case YAML::NodeType::Map:
        if (a.size() != b.size() || a.Tag() != b.Tag())
            return false;
        for (auto it = a.begin(); it != a.end(); ++it) {
            bool found = false;
            for (auto jt = b.begin(); jt != b.end() && !found; ++jt)
                if (sameTree(it->first, jt->first)) {
                    if (!sameTree(it->second, jt->second))
                        return false;
                    found = true;
                }
            if (!found)
                return false;
        }
        return true;
    default:
        return true;
    }
}

YAML::Node entryKey(const YAML::Node &map, const QString &key)
{
    for (auto it = map.begin(); it != map.end(); ++it)
        if (it->first.IsScalar() && QString::fromStdString(it->first.Scalar()) == key)
            return it->first;
    return YAML::Node(YAML::NodeType::Undefined);
}

} // namespace

struct YamlPatch::Doc
{
    YAML::Node root;
    QList<int> starts;
    bool bom = false;

    int offsetOf(const YAML::Mark &m) const
    {
        if (m.line < 0 || m.line >= starts.size())
            return -1;
        return starts.at(m.line) + m.column + (m.line == 0 && bom ? 3 : 0);
    }
};

struct YamlPatch::Found
{
    YAML::Node node;
    bool inFlow = false; // inside a flow collection
    int keyOffset = -1;  // of the mapping key naming the node, when there is one
    int nodeOffset = -1;
    std::vector<Step> path; // concrete, from the root
};

YamlPatch::YamlPatch(const QByteArray &text) : m_text(text)
{
    m_doc = std::make_unique<Doc>();
    try {
        m_doc->root = YAML::Load(text.toStdString());
    } catch (const YAML::Exception &e) {
        m_errors << QStringLiteral("YAML syntax error at line %1, column %2: %3")
                        .arg(e.mark.line + 1)
                        .arg(e.mark.column + 1)
                        .arg(QString::fromStdString(e.msg));
        m_doc.reset();
        return;
    }
    m_doc->starts = lineStarts(text);
    m_doc->bom = text.startsWith("\xEF\xBB\xBF");
}

YamlPatch::~YamlPatch() = default;

bool YamlPatch::fail(const QString &message)
{
    m_errors << message;
    return false;
}

QList<YamlPatch::Found> YamlPatch::match(const QStringList &path, Match m) const
{
    QList<Found> out;
    if (!m_doc)
        return out;
    std::function<void(const YAML::Node &, int, bool, int, std::vector<Step> &)> from;
    from = [&](const YAML::Node &n, int i, bool inFlow, int keyOffset, std::vector<Step> &at) {
        if (i == path.size()) {
            out.append({n, inFlow, keyOffset, m_doc->offsetOf(n.Mark()), at});
            return;
        }
        const QString &e = path.at(i);
        const bool flow = inFlow || isFlow(n);
        if (n.IsMap()) {
            for (auto it = n.begin(); it != n.end(); ++it) {
                if (!it->first.IsScalar() || !(e == QLatin1String("*") || keyMatches(e, it->first.Scalar())))
                    continue;
                at.push_back({it->first.Scalar(), -1});
                from(it->second, i + 1, flow, m_doc->offsetOf(it->first.Mark()), at);
                at.pop_back();
            }
        } else if (n.IsSequence()) {
            for (std::size_t k = 0; k < n.size(); ++k) {
                bool take = e == QLatin1String("*");
                if (e.startsWith(QLatin1Char('[')) && e.endsWith(QLatin1Char(']'))) {
                    bool ok = false;
                    take = e.mid(1, e.size() - 2).toLongLong(&ok) == qint64(k) && ok;
                }
                if (e.startsWith(QLatin1Char('!')) && n[k].Tag() == e.toStdString())
                    take = true;
                if (!take)
                    continue;
                at.push_back({std::string(), int(k)});
                from(n[k], i + 1, flow, -1, at);
                at.pop_back();
                if (e.startsWith(QLatin1Char('!')))
                    break; // the first item with that tag
            }
        }
    };
    std::function<void(const YAML::Node &, bool, int, std::vector<Step> &)> anywhere;
    anywhere = [&](const YAML::Node &n, bool inFlow, int depth, std::vector<Step> &at) {
        if (depth > 200) // pathological nesting: the loader refuses such files anyway
            return;
        from(n, 0, inFlow, -1, at);
        const bool flow = inFlow || isFlow(n);
        if (n.IsMap()) {
            for (auto it = n.begin(); it != n.end(); ++it) {
                at.push_back({it->first.IsScalar() ? it->first.Scalar() : std::string(), -1});
                anywhere(it->second, flow, depth + 1, at);
                at.pop_back();
            }
        } else if (n.IsSequence()) {
            for (std::size_t k = 0; k < n.size(); ++k) {
                at.push_back({std::string(), int(k)});
                anywhere(n[k], flow, depth + 1, at);
                at.pop_back();
            }
        }
    };
    std::vector<Step> at;
    try {
        if (m == Match::FromRoot)
            from(m_doc->root, 0, false, -1, at);
        else
            anywhere(m_doc->root, false, 0, at);
    } catch (const YAML::Exception &) {
        out.clear();
    }
    // A key reached twice (an alias pointing at it) is still one place.
    std::sort(out.begin(), out.end(),
              [](const Found &a, const Found &b) { return a.nodeOffset < b.nodeOffset; });
    return out;
}

int YamlPatch::count(const QStringList &path, Match m) const
{
    return int(match(path, m).size());
}

bool YamlPatch::one(const QStringList &path, Match m, Found *out, QString *error) const
{
    const QString shown = path.join(QLatin1Char('.'));
    if (!m_doc) {
        *error = m_errors.value(0);
        return false;
    }
    if (path.isEmpty()) {
        *error = QStringLiteral("empty path");
        return false;
    }
    const QList<Found> found = match(path, m);
    if (found.isEmpty()) {
        *error = QStringLiteral("%1 not found").arg(shown);
        return false;
    }
    if (found.size() > 1) {
        *error = QStringLiteral("%1 matches %2 places").arg(shown).arg(found.size());
        return false;
    }
    *out = found.first();
    return true;
}

bool YamlPatch::scalarAt(const Found &f, YamlScalarRef *ref, QString *error) const
{
    if (f.node.IsNull() && !f.inFlow && f.keyOffset >= 0) {
        // `key:` with nothing after it (a comment at most): an empty token right after the colon.
        const Span key = keyToken(m_text, f.keyOffset);
        int colon = key.end;
        while (key.valid() && colon < m_text.size() && m_text.at(colon) == ' ')
            ++colon;
        int v = colon + 1;
        while (v < m_text.size() && (m_text.at(v) == ' ' || m_text.at(v) == '\t'))
            ++v;
        if (key.valid() && colon < m_text.size() && m_text.at(colon) == ':' &&
            (v >= m_text.size() || m_text.at(v) == '#' || m_text.at(v) == '\n' || m_text.at(v) == '\r')) {
            ref->begin = ref->end = colon + 1;
            const int lineStart = lineStartOf(m_text, colon);
            ref->line = int(m_text.left(lineStart).count('\n')) + 1;
            ref->column = colon + 2 - lineStart;
            return true;
        }
    }
    if (!f.node.IsScalar()) {
        *error = QStringLiteral("not a single value");
        return false;
    }
    // An alias resolves to the anchored node, which always sits before the key that refers to it.
    if (f.keyOffset >= 0 && f.nodeOffset < f.keyOffset) {
        *error = QStringLiteral("the value is an alias (*name); edit the anchored value instead");
        return false;
    }
    if (f.nodeOffset < 0 || f.nodeOffset > m_text.size()) {
        *error = QStringLiteral("no position known");
        return false;
    }
    const int parentIndent = f.keyOffset >= 0 ? f.keyOffset - lineStartOf(m_text, f.keyOffset)
                                              : f.nodeOffset - lineStartOf(m_text, f.nodeOffset) - 1;
    Span token;
    QString decoded;
    if (!scanScalar(m_text, f.nodeOffset, f.inFlow, parentIndent, &token, &ref->quote, &decoded, error))
        return false;
    ref->value = QString::fromStdString(f.node.Scalar());
    if (!decoded.isNull() && ref->quote != '|' && ref->quote != '>' && decoded != ref->value) {
        *error = QStringLiteral("the value text does not read as its parsed value; not patched in place");
        return false;
    }
    ref->begin = token.begin;
    ref->end = token.end;
    ref->inFlow = f.inFlow;
    const int lineStart = lineStartOf(m_text, token.begin);
    ref->line = int(m_text.left(lineStart).count('\n')) + 1;
    ref->column = token.begin - lineStart + 1;
    return true;
}

YamlScalarRef YamlPatch::scalar(const QStringList &path, Match m, QString *error) const
{
    QString err;
    Found f;
    YamlScalarRef ref;
    if (!one(path, m, &f, &err)) {
        if (error)
            *error = err;
        return YamlScalarRef{};
    }
    if (!scalarAt(f, &ref, &err)) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path.join(QLatin1Char('.')), err);
        return YamlScalarRef{};
    }
    return ref;
}

QList<YamlScalarRef> YamlPatch::scalars(const QStringList &path, Match m) const
{
    QList<YamlScalarRef> out;
    for (const Found &f : match(path, m)) {
        YamlScalarRef ref;
        QString ignored;
        if (scalarAt(f, &ref, &ignored))
            out << ref;
    }
    return out;
}

bool YamlPatch::apply(QList<Replacement> edits, const Mutation &expected, const QString &what)
{
    QString why;
    return tryApply(std::move(edits), expected, &why) || fail(QStringLiteral("%1: %2").arg(what, why));
}

bool YamlPatch::applyForms(const QList<QList<Replacement>> &alternatives, const Mutation &expected,
                           const QString &what)
{
    QString why;
    for (const QList<Replacement> &edits : alternatives)
        if (tryApply(edits, expected, &why))
            return true;
    return fail(QStringLiteral("%1: %2").arg(what, why));
}

bool YamlPatch::tryApply(QList<Replacement> edits, const Mutation &expected, QString *why)
{
    std::sort(edits.begin(), edits.end(),
              [](const Replacement &a, const Replacement &b) { return a.begin > b.begin; });
    QByteArray next = m_text;
    for (const Replacement &r : std::as_const(edits))
        next.replace(r.begin, r.end - r.begin, r.with);
    auto doc = std::make_unique<Doc>();
    try {
        doc->root = YAML::Load(next.toStdString());
    } catch (const YAML::Exception &e) {
        *why = QStringLiteral("patched text does not parse back (line %1: %2); nothing changed")
                   .arg(e.mark.line + 1)
                   .arg(QString::fromStdString(e.msg));
        return false;
    }
    YAML::Node want = YAML::Clone(m_doc->root);
    if (!expected(want) || !sameTree(want, doc->root)) {
        *why = QStringLiteral("the patched text would mean something else; nothing changed");
        return false;
    }
    doc->starts = lineStarts(next);
    doc->bom = next.startsWith("\xEF\xBB\xBF");
    m_text = next;
    m_doc = std::move(doc);
    return true;
}

bool YamlPatch::set(const QStringList &path, const QString &value, Match m)
{
    const QString shown = path.join(QLatin1Char('.'));
    QString err;
    Found f;
    if (!one(path, m, &f, &err))
        return fail(err);
    YamlScalarRef ref;
    if (!scalarAt(f, &ref, &err))
        return fail(QStringLiteral("%1: %2").arg(shown, err));
    const char quote = ref.quote == '"' || ref.quote == '\'' ? ref.quote : 0;
    const QByteArray before = ref.begin == ref.end ? " " : ""; // `key:` with no value yet
    QList<QList<Replacement>> forms;
    for (const QByteArray &form : scalarForms(value, quote, f.inFlow))
        forms.append({{ref.begin, ref.end, before + form}});
    return applyForms(
        forms,
        [&](YAML::Node &root) {
            YAML::Node n = nodeAt(root, f.path);
            if (!n.IsDefined())
                return false;
            n = value.toStdString();
            return true;
        },
        shown);
}

int YamlPatch::replaceAll(const QStringList &path, const QString &from, const QString &to, Match m)
{
    QList<Replacement> edits;
    QList<QList<QByteArray>> forms;
    std::vector<std::vector<Step>> paths;
    for (const Found &f : match(path, m)) {
        YamlScalarRef ref;
        QString err;
        if (!f.node.IsScalar() || QString::fromStdString(f.node.Scalar()) != from)
            continue;
        if (!scalarAt(f, &ref, &err)) {
            fail(QStringLiteral("%1: %2").arg(path.join(QLatin1Char('.')), err));
            return 0;
        }
        const char quote = ref.quote == '"' || ref.quote == '\'' ? ref.quote : 0;
        edits.append({ref.begin, ref.end, QByteArray()});
        forms.append(scalarForms(to, quote, ref.inFlow));
        paths.push_back(f.path);
    }
    if (edits.isEmpty())
        return 0;
    // The preferred form everywhere, then the fallbacks (single, double quotes) everywhere.
    QList<QList<Replacement>> alternatives;
    for (int k = 0; k < 3; ++k) {
        QList<Replacement> edit = edits;
        for (int i = 0; i < edit.size(); ++i)
            edit[i].with = forms.at(i).value(k, forms.at(i).last());
        if (!alternatives.contains(edit))
            alternatives.append(edit);
    }
    const bool done = applyForms(
        alternatives,
        [&](YAML::Node &root) {
            for (const auto &p : paths) {
                YAML::Node n = nodeAt(root, p);
                if (!n.IsDefined())
                    return false;
                n = to.toStdString();
            }
            return true;
        },
        path.join(QLatin1Char('.')));
    return done ? int(edits.size()) : 0;
}

bool YamlPatch::mapping(const QStringList &path, Match m, Found *out, QString *error) const
{
    if (!one(path, m, out, error))
        return false;
    if (!out->node.IsMap()) {
        *error = QStringLiteral("%1 is not a mapping").arg(path.join(QLatin1Char('.')));
        return false;
    }
    return true;
}

// The text of entry `key` of a mapping: key token [keyBegin, keyEnd), and where the entry ends.
// Block mappings (withLines): whole lines, line break included; flow: the end of the value.
bool YamlPatch::entrySpan(const Found &map, const QString &key, bool withLines, int *keyBegin, int *keyEnd,
                          int *end, QString *error) const
{
    const YAML::Node k = entryKey(map.node, key);
    if (!k.IsDefined()) {
        *error = QStringLiteral("has no entry '%1'").arg(key);
        return false;
    }
    const int at = m_doc->offsetOf(k.Mark());
    const Span keySpan = keyToken(m_text, at);
    if (at < 0 || !keySpan.valid()) {
        *error = QStringLiteral("entry '%1': key not found in the text").arg(key);
        return false;
    }
    *keyBegin = keySpan.begin;
    *keyEnd = keySpan.end;
    if (withLines) {
        if (!onlySpacesBefore(m_text, at)) {
            *error =
                QStringLiteral("entry '%1' shares its line with other text (e.g. '- %1:'); edit it by hand")
                    .arg(key);
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
            *error = QStringLiteral("entry '%1': unterminated flow collection").arg(key);
            return false;
        }
        *end = close + 1;
    } else {
        *error = QStringLiteral("entry '%1' has no value to copy or remove in place").arg(key);
        return false;
    }
    return true;
}

bool YamlPatch::insert(const QStringList &path, const QString &key, const QString &value,
                       const QString &after, Match m)
{
    const QString what = path.join(QLatin1Char('.')) + QLatin1Char('.') + key;
    QString err;
    Found map;
    if (!mapping(path, m, &map, &err))
        return fail(err);
    if (entryKey(map.node, key).IsDefined())
        return fail(QStringLiteral("%1 exists already").arg(what));
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
            return fail(QStringLiteral("%1: the flow mapping is not found in the text").arg(what));
        int keyBegin = 0, keyEnd = 0;
        if (!anchor.isEmpty() && !entrySpan(map, anchor, false, &keyBegin, &keyEnd, &pos, &err))
            return fail(QStringLiteral("%1: %2").arg(what, err));
        if (anchor.isEmpty())
            pos = open + 1;
        head = (anchor.isEmpty() ? QByteArray() : QByteArray(", ")) + formatScalar(key, 0, true) + ": ";
    } else {
        int keyBegin = 0, keyEnd = 0;
        if (anchor.isEmpty() || !entrySpan(map, anchor, true, &keyBegin, &keyEnd, &pos, &err))
            return fail(
                QStringLiteral("%1: %2").arg(what, anchor.isEmpty() ? QStringLiteral("empty mapping") : err));
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
    const QString what = path.join(QLatin1Char('.')) + QLatin1Char('.') + to;
    QString err;
    Found map;
    if (!mapping(path, m, &map, &err))
        return fail(err);
    if (entryKey(map.node, to).IsDefined())
        return fail(QStringLiteral("%1 exists already").arg(what));
    const bool flow = map.inFlow || isFlow(map.node);
    int keyBegin = 0, keyEnd = 0, end = 0, aBegin = 0, aEnd = 0, pos = 0;
    if (!entrySpan(map, from, !flow, &keyBegin, &keyEnd, &end, &err) ||
        !entrySpan(map, after, !flow, &aBegin, &aEnd, &pos, &err))
        return fail(QStringLiteral("%1: %2").arg(what, err));
    QByteArray entry;
    if (flow) {
        entry = ", " + formatScalar(to, 0, true) + m_text.mid(keyEnd, end - keyEnd);
    } else {
        const int start = lineStartOf(m_text, keyBegin);
        entry = m_text.mid(start, keyBegin - start) + formatScalar(to, 0, false) +
                m_text.mid(keyEnd, end - keyEnd);
        if (pos == m_text.size() && !m_text.endsWith('\n')) {
            entry.prepend(lineBreak(m_text));
            if (entry.endsWith('\n'))
                entry.chop(entry.endsWith("\r\n") ? 2 : 1);
        } else if (!entry.endsWith('\n')) {
            entry += lineBreak(m_text);
        }
    }
    return apply(
        {{pos, pos, entry}},
        [&](YAML::Node &root) {
            YAML::Node n = nodeAt(root, map.path);
            const YAML::Node source = nodeAt(n, {Step{from.toStdString(), -1}});
            if (!n.IsMap() || !source.IsDefined())
                return false;
            n[to.toStdString()] = YAML::Clone(source);
            return true;
        },
        what);
}

bool YamlPatch::remove(const QStringList &path, const QString &key, Match m)
{
    const QString what = path.join(QLatin1Char('.')) + QLatin1Char('.') + key;
    QString err;
    Found map;
    if (!mapping(path, m, &map, &err))
        return fail(err);
    const bool flow = map.inFlow || isFlow(map.node);
    int keyBegin = 0, keyEnd = 0, end = 0;
    if (!entrySpan(map, key, !flow, &keyBegin, &keyEnd, &end, &err))
        return fail(QStringLiteral("%1: %2").arg(what, err));
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

YamlScalarRef YamlPatch::find(const QByteArray &text, const QStringList &path, Match match, QString *error)
{
    const YamlPatch p(text);
    return p.scalar(path, match, error);
}

YamlPatchResult YamlPatch::setScalar(const QByteArray &text, const QStringList &path, const QString &value,
                                     Match match)
{
    YamlPatchResult result;
    result.text = text;
    YamlPatch p(text);
    result.where = p.scalar(path, match, &result.error);
    if (result.where.begin < 0)
        return result;
    if (!p.set(path, value, match)) {
        result.error = p.errors().last();
        return result;
    }
    result.ok = true;
    result.text = p.text();
    return result;
}

QByteArray YamlPatch::formatScalar(const QString &value, char quote, bool inFlow)
{
    return yamltext::formatScalar(value, quote, inFlow);
}

} // namespace sp
