#include "core/config/YamlPatch.h"

#include <yaml-cpp/yaml.h>

namespace sp {

namespace {

struct Found
{
    YAML::Node node;
    bool inFlow = false;
    int keyPos = -1; // byte position of the mapping key naming the node, when there is one
};

bool keyMatches(const QString &element, const std::string &key)
{
    const QString k = QString::fromStdString(key);
    const QStringList alternatives = element.split(QLatin1Char('|'));
    for (const QString &alt : alternatives)
        if (alt == k)
            return true;
    return false;
}

bool isFlow(const YAML::Node &n)
{
    return (n.IsMap() || n.IsSequence()) && n.Style() == YAML::EmitterStyle::Flow;
}

void matchFrom(const YAML::Node &n, const QStringList &path, int i, bool inFlow, QList<Found> &out,
               int keyPos = -1)
{
    if (i == path.size()) {
        out.append({n, inFlow, keyPos});
        return;
    }
    const QString &e = path.at(i);
    const bool flow = inFlow || isFlow(n);
    if (n.IsMap()) {
        for (auto it = n.begin(); it != n.end(); ++it) {
            if (!it->first.IsScalar())
                continue;
            if (e == QLatin1String("*") || keyMatches(e, it->first.Scalar()))
                matchFrom(it->second, path, i + 1, flow, out, it->first.Mark().pos);
        }
    } else if (n.IsSequence()) {
        if (e == QLatin1String("*")) {
            for (std::size_t k = 0; k < n.size(); ++k)
                matchFrom(n[k], path, i + 1, flow, out);
        } else if (e.startsWith(QLatin1Char('[')) && e.endsWith(QLatin1Char(']'))) {
            bool ok = false;
            const int idx = e.mid(1, e.size() - 2).toInt(&ok);
            if (ok && idx >= 0 && std::size_t(idx) < n.size())
                matchFrom(n[std::size_t(idx)], path, i + 1, flow, out);
        } else if (e.startsWith(QLatin1Char('!'))) {
            const std::string tag = e.toStdString();
            for (std::size_t k = 0; k < n.size(); ++k) {
                if (n[k].Tag() == tag) {
                    matchFrom(n[k], path, i + 1, flow, out);
                    break;
                }
            }
        }
    }
}

void matchAnywhere(const YAML::Node &n, const QStringList &path, bool inFlow, QList<Found> &out,
                   int depth)
{
    if (depth > 200) // pathological nesting: the loader refuses such files anyway
        return;
    matchFrom(n, path, 0, inFlow, out);
    const bool flow = inFlow || isFlow(n);
    if (n.IsMap()) {
        for (auto it = n.begin(); it != n.end(); ++it)
            matchAnywhere(it->second, path, flow, out, depth + 1);
    } else if (n.IsSequence()) {
        for (std::size_t k = 0; k < n.size(); ++k)
            matchAnywhere(n[k], path, flow, out, depth + 1);
    }
}

bool isSpace(char c) { return c == ' ' || c == '\t'; }

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// Decodes the inside of a double-quoted scalar (the common escapes; unknown ones fail).
bool unescapeDouble(const QByteArray &in, QString *out)
{
    QString s;
    QByteArray pending; // UTF-8 bytes between escapes
    auto flush = [&] {
        s += QString::fromUtf8(pending);
        pending.clear();
    };
    for (int i = 0; i < in.size(); ++i) {
        const char c = in.at(i);
        if (c != '\\') {
            pending += c;
            continue;
        }
        if (++i >= in.size())
            return false;
        const char e = in.at(i);
        switch (e) {
        case 'n': pending += '\n'; break;
        case 't': pending += '\t'; break;
        case 'r': pending += '\r'; break;
        case '0': pending += '\0'; break;
        case '\\': pending += '\\'; break;
        case '"': pending += '"'; break;
        case '/': pending += '/'; break;
        case ' ': pending += ' '; break;
        case 'x':
        case 'u':
        case 'U': {
            const int digits = e == 'x' ? 2 : e == 'u' ? 4 : 8;
            if (i + digits >= in.size())
                return false;
            uint cp = 0;
            for (int k = 1; k <= digits; ++k) {
                const int h = hexValue(in.at(i + k));
                if (h < 0)
                    return false;
                cp = cp * 16 + uint(h);
            }
            i += digits;
            flush();
            const char32_t u = char32_t(cp);
            s += QString::fromUcs4(&u, 1);
            break;
        }
        default:
            return false;
        }
    }
    flush();
    *out = s;
    return true;
}

// Locates the value token that starts at `offset` (the node's mark) and decodes it.
bool scanToken(const QByteArray &text, int offset, bool inFlow, YamlScalarRef *ref, QString *error)
{
    int p = offset;
    const int n = text.size();
    // Skip a tag (!!str, !foo) or an anchor (&a) written before the value.
    while (p < n && (text.at(p) == '!' || text.at(p) == '&')) {
        while (p < n && !isSpace(text.at(p)) && text.at(p) != '\n')
            ++p;
        while (p < n && isSpace(text.at(p)))
            ++p;
    }
    if (p >= n || text.at(p) == '\n' || text.at(p) == '\r') {
        *error = QStringLiteral("the value is empty; only existing scalar values can be patched");
        return false;
    }
    const char c = text.at(p);
    if (c == '|' || c == '>') {
        *error = QStringLiteral("block scalars (| or >) are not patched in place");
        return false;
    }
    if (c == '*') {
        *error = QStringLiteral("the value is an alias (*name); edit the anchored value instead");
        return false;
    }
    ref->begin = p;
    ref->inFlow = inFlow;
    if (c == '"' || c == '\'') {
        ref->quote = c;
        int q = p + 1;
        QByteArray inner;
        for (; q < n; ++q) {
            const char d = text.at(q);
            if (d == '\n' || d == '\r') {
                *error = QStringLiteral("quoted values spanning several lines are not patched");
                return false;
            }
            if (c == '"' && d == '\\' && q + 1 < n) {
                inner += d;
                inner += text.at(++q);
                continue;
            }
            if (d == c) {
                if (c == '\'' && q + 1 < n && text.at(q + 1) == '\'') {
                    inner += '\'';
                    ++q;
                    continue;
                }
                break;
            }
            inner += d;
        }
        if (q >= n) {
            *error = QStringLiteral("unterminated quoted value");
            return false;
        }
        ref->end = q + 1;
        if (c == '"') {
            if (!unescapeDouble(inner, &ref->value)) {
                *error = QStringLiteral("unsupported escape in a double-quoted value");
                return false;
            }
            return true;
        }
        ref->value = QString::fromUtf8(inner);
        return true;
    }
    int q = p;
    for (; q < n; ++q) {
        const char d = text.at(q);
        if (d == '\n' || d == '\r')
            break;
        if (d == '#' && q > p && isSpace(text.at(q - 1)))
            break;
        if (inFlow && (d == ',' || d == ']' || d == '}'))
            break;
    }
    while (q > p && isSpace(text.at(q - 1)))
        --q;
    ref->end = q;
    ref->value = QString::fromUtf8(text.mid(p, q - p));
    return true;
}

bool needsQuoting(const QString &v, bool inFlow)
{
    if (v.isEmpty() || v.front().isSpace() || v.back().isSpace())
        return true;
    static const QString badFirst = QStringLiteral("?:,[]{}#&*!|>'\"%@`");
    if (badFirst.contains(v.front()))
        return true;
    if (v.front() == QLatin1Char('-') && (v.size() == 1 || v.at(1).isSpace()))
        return true;
    if (v.contains(QLatin1String(": ")) || v.contains(QLatin1String(" #"))
        || v.endsWith(QLatin1Char(':')))
        return true;
    for (const QChar ch : v) {
        if (ch.unicode() < 0x20 || ch.unicode() == 0x7f)
            return true;
        if (inFlow && QStringLiteral(",[]{}").contains(ch))
            return true;
    }
    const QString lower = v.toLower();
    return lower == QLatin1String("null") || lower == QLatin1String("~");
}

QByteArray doubleQuoted(const QString &value)
{
    QByteArray out = "\"";
    const QByteArray utf8 = value.toUtf8();
    for (const char c : utf8) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        case '\r': out += "\\r"; break;
        default:
            if (uchar(c) < 0x20 || c == 0x7f)
                out += "\\x" + QByteArray::number(uchar(c), 16).rightJustified(2, '0');
            else
                out += c;
        }
    }
    return out + '"';
}

bool hasControl(const QString &v)
{
    for (const QChar ch : v)
        if (ch.unicode() < 0x20 || ch.unicode() == 0x7f)
            return true;
    return false;
}

QList<int> lineStarts(const QByteArray &text)
{
    QList<int> starts{0};
    for (int i = 0; i < text.size(); ++i)
        if (text.at(i) == '\n')
            starts.append(i + 1);
    return starts;
}

} // namespace

YamlScalarRef YamlPatch::find(const QByteArray &text, const QStringList &path, Match match,
                              QString *error)
{
    QString err;
    YamlScalarRef ref;
    auto fail = [&](const QString &e) {
        if (error)
            *error = e;
        return YamlScalarRef{};
    };
    if (path.isEmpty())
        return fail(QStringLiteral("empty path"));
    YAML::Node root;
    try {
        root = YAML::Load(text.toStdString());
    } catch (const YAML::Exception &e) {
        return fail(QStringLiteral("YAML syntax error at line %1, column %2: %3")
                        .arg(e.mark.line + 1)
                        .arg(e.mark.column + 1)
                        .arg(QString::fromStdString(e.msg)));
    }
    QList<Found> found;
    try {
        if (match == Match::FromRoot)
            matchFrom(root, path, 0, false, found);
        else
            matchAnywhere(root, path, false, found, 0);
    } catch (const YAML::Exception &e) {
        return fail(QString::fromStdString(e.msg));
    }
    const QString shown = path.join(QLatin1Char('.'));
    if (found.isEmpty())
        return fail(QStringLiteral("%1 not found").arg(shown));
    if (found.size() > 1)
        return fail(QStringLiteral("%1 matches %2 places").arg(shown).arg(found.size()));
    const Found &f = found.first();
    if (!f.node.IsScalar())
        return fail(QStringLiteral("%1 is not a single value").arg(shown));
    const YAML::Mark mark = f.node.Mark();
    // An alias resolves to the anchored node, which always sits before the key that refers to it.
    if (f.keyPos >= 0 && mark.pos < f.keyPos)
        return fail(QStringLiteral("%1: the value is an alias (*name); edit the anchored value instead")
                        .arg(shown));
    const QList<int> starts = lineStarts(text);
    if (mark.line < 0 || mark.line >= starts.size())
        return fail(QStringLiteral("%1: no position known").arg(shown));
    int offset = starts.at(mark.line) + mark.column;
    if (mark.line == 0 && text.startsWith("\xEF\xBB\xBF"))
        offset += 3; // yaml-cpp does not count the byte-order mark
    if (offset > text.size())
        return fail(QStringLiteral("%1: position outside the text").arg(shown));
    if (!scanToken(text, offset, f.inFlow, &ref, &err))
        return fail(QStringLiteral("%1: %2").arg(shown, err));
    if (ref.value != QString::fromStdString(f.node.Scalar()))
        return fail(QStringLiteral("%1: the value spans several lines; not patched in place").arg(shown));
    ref.line = mark.line + 1;
    ref.column = ref.begin - starts.at(mark.line) + 1;
    return ref;
}

QByteArray YamlPatch::formatScalar(const QString &value, char quote, bool inFlow)
{
    if (quote == '"' || hasControl(value))
        return doubleQuoted(value);
    if (quote == '\'' || needsQuoting(value, inFlow)) {
        QByteArray out = value.toUtf8();
        out.replace("'", "''");
        return '\'' + out + '\'';
    }
    return value.toUtf8();
}

YamlPatchResult YamlPatch::setScalar(const QByteArray &text, const QStringList &path,
                                     const QString &value, Match match)
{
    YamlPatchResult result;
    result.text = text;
    const YamlScalarRef ref = find(text, path, match, &result.error);
    if (ref.begin < 0)
        return result;
    result.where = ref;
    QByteArray patched = text;
    patched.replace(ref.begin, ref.end - ref.begin, formatScalar(value, ref.quote, ref.inFlow));
    // Check the edit means what it should before handing it out.
    QString err;
    const YamlScalarRef again = find(patched, path, match, &err);
    if (again.begin < 0) {
        result.error = QStringLiteral("patched text does not parse back: %1").arg(err);
        return result;
    }
    if (again.value != value) {
        result.error = QStringLiteral("patched value reads back as \"%1\"").arg(again.value);
        return result;
    }
    result.ok = true;
    result.text = patched;
    return result;
}

} // namespace sp
