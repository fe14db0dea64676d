#include "core/config/YamlPatch.h"

#include "core/config/YamlPatchInternal.h"
#include "core/config/YamlText.h"

#include <QHash>

#include <algorithm>
#include <numeric>
#include <functional>
#include <optional>
#include <unordered_map>

namespace sp {

using namespace yamltext;

namespace yamlpatch {

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

} // namespace yamlpatch

using namespace yamlpatch;

namespace {

// A path element's mapping-key alternatives ("a|b"), as UTF-8 like the parsed keys.
std::vector<std::string> alternativesOf(const QString &element)
{
    std::vector<std::string> out;
    for (const QString &alt : element.split(QLatin1Char('|')))
        out.push_back(alt.toStdString());
    return out;
}

// Map entries of `b` by scalar key, so comparing two maps of n entries is O(n), not O(n^2)
// (a `tables:` map may have 80k entries). Null when some key is not a scalar.
std::optional<std::unordered_map<std::string, YAML::Node>> entriesByKey(const YAML::Node &b)
{
    std::unordered_map<std::string, YAML::Node> out;
    out.reserve(b.size());
    for (auto it = b.begin(); it != b.end(); ++it) {
        if (!it->first.IsScalar())
            return std::nullopt;
        out.emplace(it->first.Scalar(), it->second);
    }
    return out;
}

// `a` and `b` hold the same tree; where `expected` gives a value for a node of `a`, `b` holds
// that scalar instead (a batch of edits checked without cloning and mutating `a`).
bool sameTree(const YAML::Node &a, const YAML::Node &b, const std::function<const std::string *(const YAML::Node &)> &expected = {})
{
    if (expected)
        if (const std::string *want = expected(a))
            return b.IsScalar() && b.Scalar() == *want;
    if (a.Type() != b.Type())
        return false;
    switch (a.Type()) {
    case YAML::NodeType::Scalar:
        return a.Scalar() == b.Scalar();
    case YAML::NodeType::Sequence:
        if (a.size() != b.size() || a.Tag() != b.Tag())
            return false;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (!sameTree(a[i], b[i], expected))
                return false;
        return true;
    case YAML::NodeType::Map: {
        if (a.size() != b.size() || a.Tag() != b.Tag())
            return false;
        if (const auto byKey = entriesByKey(b)) {
            for (auto it = a.begin(); it != a.end(); ++it) {
                if (!it->first.IsScalar())
                    return false; // b has only scalar keys
                const auto jt = byKey->find(it->first.Scalar());
                if (jt == byKey->end() || !sameTree(it->second, jt->second, expected))
                    return false;
            }
            return true;
        }
        for (auto it = a.begin(); it != a.end(); ++it) {
            bool found = false;
            for (auto jt = b.begin(); jt != b.end() && !found; ++jt)
                if (sameTree(it->first, jt->first)) {
                    if (!sameTree(it->second, jt->second, expected))
                        return false;
                    found = true;
                }
            if (!found)
                return false;
        }
        return true;
    }
    default:
        return true;
    }
}

} // namespace

YamlPatch::YamlPatch(const QByteArray &text) : m_text(text)
{
    m_doc = std::make_unique<Doc>();
    try {
        m_doc->root = YAML::Load(text.toStdString());
    } catch (const YAML::Exception &e) {
        fail(msg("YAML syntax error at line %1, column %2: %3",
                 {e.mark.line + 1, e.mark.column + 1, QString::fromStdString(e.msg)}));
        m_doc.reset();
        return;
    }
    m_doc->starts = lineStarts(text);
    m_doc->bom = text.startsWith("\xEF\xBB\xBF");
}

YamlPatch::~YamlPatch() = default;

int YamlPatch::lineOf(int offset) const
{
    // The line starts of the current text are known: a binary search, not a count from the top
    // (which made listing every scalar of a big file quadratic).
    const QList<int> &starts = m_doc->starts;
    return int(std::upper_bound(starts.begin(), starts.end(), offset) - starts.begin());
}

bool YamlPatch::fail(const Text &message)
{
    m_errors << message.text;
    m_errorTexts << message;
    return false;
}

QList<YamlPatch::Found> YamlPatch::match(const QStringList &path, Match m) const
{
    QList<Found> out;
    if (!m_doc)
        return out;
    std::vector<std::vector<std::string>> keys; // per path element, split once
    for (const QString &e : path)
        keys.push_back(alternativesOf(e));
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
                const auto &alternatives = keys[size_t(i)];
                if (!it->first.IsScalar() ||
                    !(e == QLatin1String("*") || std::find(alternatives.begin(), alternatives.end(),
                                                           it->first.Scalar()) != alternatives.end()))
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
    // In document order. Never by sorting Founds in place: assigning a YAML::Node re-points the
    // node it refers to (yaml-cpp's operator= is an assignment *through* the reference), so
    // swapping matches rewrote the parsed document once there were enough of them for the sort to
    // move elements. Copies are constructed in the sorted order instead.
    std::vector<int> order(size_t(out.size()));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&out](int a, int b) { return out.at(a).nodeOffset < out.at(b).nodeOffset; });
    QList<Found> sorted;
    sorted.reserve(out.size());
    for (int i : order)
        sorted.append(out.at(i));
    return sorted;
}

int YamlPatch::count(const QStringList &path, Match m) const
{
    return int(match(path, m).size());
}

bool YamlPatch::one(const QStringList &path, Match m, Found *out, Text *error) const
{
    const QString shown = path.join(QLatin1Char('.'));
    if (!m_doc) {
        *error = m_errorTexts.value(0);
        return false;
    }
    if (path.isEmpty()) {
        *error = msg("empty path");
        return false;
    }
    const QList<Found> found = match(path, m);
    if (found.isEmpty()) {
        *error = msg("%1 not found", {shown});
        return false;
    }
    if (found.size() > 1) {
        *error = msg("%1 matches %2 places", {shown, found.size()});
        return false;
    }
    *out = found.first();
    return true;
}

bool YamlPatch::scalarAt(const Found &f, YamlScalarRef *ref, Text *error) const
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
            ref->line = lineOf(lineStart);
            ref->column = colon + 2 - lineStart;
            return true;
        }
    }
    if (!f.node.IsScalar()) {
        *error = msg("not a single value");
        return false;
    }
    // An alias resolves to the anchored node, which always sits before the key that refers to it.
    if (f.keyOffset >= 0 && f.nodeOffset < f.keyOffset) {
        *error = msg("the value is an alias (*name); edit the anchored value instead");
        return false;
    }
    if (f.nodeOffset < 0 || f.nodeOffset > m_text.size()) {
        *error = msg("no position known");
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
        *error = msg("the value text does not read as its parsed value; not patched in place");
        return false;
    }
    ref->begin = token.begin;
    ref->end = token.end;
    ref->inFlow = f.inFlow;
    const int lineStart = lineStartOf(m_text, token.begin);
    ref->line = lineOf(lineStart);
    ref->column = token.begin - lineStart + 1;
    return true;
}

YamlScalarRef YamlPatch::scalar(const QStringList &path, Match m, QString *error) const
{
    Text err;
    Found f;
    YamlScalarRef ref;
    if (!one(path, m, &f, &err)) {
        if (error)
            *error = err.text;
        return YamlScalarRef{};
    }
    if (!scalarAt(f, &ref, &err)) {
        if (error)
            *error = msg("%1: %2", {path.join(QLatin1Char('.')), err}).text;
        return YamlScalarRef{};
    }
    return ref;
}

QList<YamlScalarRef> YamlPatch::scalars(const QStringList &path, Match m) const
{
    QList<YamlScalarRef> out;
    for (const Found &f : match(path, m)) {
        YamlScalarRef ref;
        Text ignored;
        if (scalarAt(f, &ref, &ignored))
            out << ref;
    }
    return out;
}

bool YamlPatch::apply(QList<Replacement> edits, const Mutation &expected, const QString &what)
{
    Text why;
    return tryApply(std::move(edits), expected, &why) || fail(msg("%1: %2", {what, why}));
}

bool YamlPatch::applyForms(const QList<QList<Replacement>> &alternatives, const Mutation &expected,
                           const QString &what)
{
    Text why;
    for (const QList<Replacement> &edits : alternatives)
        if (tryApply(edits, expected, &why))
            return true;
    return fail(msg("%1: %2", {what, why}));
}

bool YamlPatch::tryApply(QList<Replacement> edits, const Mutation &expected, Text *why)
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
        *why = msg("patched text does not parse back (line %1: %2); nothing changed",
                   {e.mark.line + 1, QString::fromStdString(e.msg)});
        return false;
    }
    YAML::Node want = YAML::Clone(m_doc->root);
    if (!expected(want) || !sameTree(want, doc->root)) {
        *why = msg("the patched text would mean something else; nothing changed");
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
    Text err;
    Found f;
    if (!one(path, m, &f, &err))
        return fail(err);
    YamlScalarRef ref;
    if (!scalarAt(f, &ref, &err))
        return fail(msg("%1: %2", {shown, err}));
    const char quote = ref.quote == '"' || ref.quote == '\'' ? ref.quote : 0;
    const QByteArray before = ref.begin == ref.end ? " " : ""; // `key:` with no value yet
    if (f.node.IsScalar() && f.nodeOffset >= 0) {
        // Checked against the old document with this one value changed (no copy of the document).
        const QHash<int, std::string> newValue{{f.nodeOffset, value.toStdString()}};
        Text why;
        for (const QByteArray &form : scalarForms(value, quote, f.inFlow))
            if (tryApplyValues({{ref.begin, ref.end, before + form}}, newValue, &why))
                return true;
        return fail(msg("%1: %2", {shown, why}));
    }
    QList<QList<Replacement>> forms; // `key:` without a value: no position of its own to check by
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
        Text err;
        if (!f.node.IsScalar() || QString::fromStdString(f.node.Scalar()) != from)
            continue;
        if (!scalarAt(f, &ref, &err)) {
            fail(msg("%1: %2", {path.join(QLatin1Char('.')), err}));
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

bool YamlPatch::setEach(const QStringList &pattern, int keyElement, const QMap<QString, QString> &values, Match m)
{
    const QString shown = pattern.join(QLatin1Char('.'));
    if (values.isEmpty())
        return true;
    if (!m_doc)
        return fail(m_errors.value(0));
    if (keyElement < 0 || keyElement >= pattern.size())
        return fail(msg("%1: no key element %2", {shown, keyElement}));
    // One walk for every key: a set() per key walks the document once per key.
    QHash<QString, Found> chosen;
    QHash<QString, int> places;
    for (const Found &f : match(pattern, m)) {
        const qsizetype at = qsizetype(f.path.size()) - pattern.size() + keyElement;
        if (at < 0 || f.path[size_t(at)].index >= 0)
            continue;
        const QString key = QString::fromStdString(f.path[size_t(at)].key);
        if (!values.contains(key))
            continue;
        if (places[key]++ == 0)
            chosen.insert(key, f);
    }
    QList<Replacement> edits;
    QList<QList<QByteArray>> forms;
    QHash<int, std::string> newValues; // by the old node's offset
    for (auto it = values.constBegin(); it != values.constEnd(); ++it) {
        QStringList path = pattern;
        path[keyElement] = it.key();
        const QString where = path.join(QLatin1Char('.'));
        if (!chosen.contains(it.key()))
            return fail(msg("%1 not found", {where}));
        if (places.value(it.key()) > 1)
            return fail(msg("%1 matches %2 places", {where, places.value(it.key())}));
        const Found &f = chosen[it.key()];
        YamlScalarRef ref;
        Text err;
        if (!scalarAt(f, &ref, &err))
            return fail(msg("%1: %2", {where, err}));
        if (!f.node.IsScalar() || f.nodeOffset < 0 || newValues.contains(f.nodeOffset))
            return fail(msg("%1: no value of its own; not patched in place", {where}));
        const char quote = ref.quote == '"' || ref.quote == '\'' ? ref.quote : 0;
        const QByteArray before = ref.begin == ref.end ? " " : "";
        edits.append({ref.begin, ref.end, before});
        QList<QByteArray> written;
        for (const QByteArray &form : scalarForms(it.value(), quote, ref.inFlow))
            written << before + form;
        forms.append(written);
        newValues.insert(f.nodeOffset, it.value().toStdString());
    }
    // The preferred form everywhere, then the fallbacks (single, double quotes) everywhere.
    Text why;
    QList<QList<Replacement>> tried;
    for (int k = 0; k < 3; ++k) {
        QList<Replacement> edit = edits;
        for (int i = 0; i < edit.size(); ++i)
            edit[i].with = forms.at(i).value(k, forms.at(i).last());
        if (tried.contains(edit))
            continue;
        tried.append(edit);
        if (tryApplyValues(edit, newValues, &why))
            return true;
    }
    return fail(msg("%1: %2", {shown, why}));
}

bool YamlPatch::tryApplyValues(QList<Replacement> edits, const QHash<int, std::string> &newValues, Text *why)
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
        *why = msg("patched text does not parse back (line %1: %2); nothing changed",
                   {e.mark.line + 1, QString::fromStdString(e.msg)});
        return false;
    }
    const Doc &old = *m_doc;
    const auto expected = [&](const YAML::Node &n) -> const std::string * {
        if (!n.IsScalar())
            return nullptr;
        const auto it = newValues.constFind(old.offsetOf(n.Mark()));
        return it == newValues.constEnd() ? nullptr : &*it;
    };
    if (!sameTree(old.root, doc->root, expected)) {
        *why = msg("the patched text would mean something else; nothing changed");
        return false;
    }
    doc->starts = lineStarts(next);
    doc->bom = next.startsWith("\xEF\xBB\xBF");
    m_text = next;
    m_doc = std::move(doc);
    return true;
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
