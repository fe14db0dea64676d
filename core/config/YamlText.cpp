#include "core/config/YamlText.h"

namespace sp::yamltext {

namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\t';
}
bool isBreak(char c)
{
    return c == '\n' || c == '\r';
}

// The closing quote of the quoted scalar opened at `open` ('' escapes in single quotes, backslash
// escapes in double quotes); -1 when unterminated (or at a line break when `oneLine`).
int closingQuote(const QByteArray &text, int open, bool oneLine)
{
    const char c = text.at(open);
    const int n = int(text.size());
    for (int q = open + 1; q < n; ++q) {
        const char d = text.at(q);
        if (oneLine && isBreak(d))
            return -1;
        if (c == '"' && d == '\\') {
            ++q;
        } else if (d == c) {
            if (c == '\'' && q + 1 < n && text.at(q + 1) == '\'')
                ++q;
            else
                return q;
        }
    }
    return -1;
}

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

// Decodes the inside of a one-line double-quoted scalar (the common escapes; unknown ones fail).
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
        case 'n':
            pending += '\n';
            break;
        case 't':
            pending += '\t';
            break;
        case 'r':
            pending += '\r';
            break;
        case '0':
            pending += '\0';
            break;
        case '\\':
            pending += '\\';
            break;
        case '"':
            pending += '"';
            break;
        case '/':
            pending += '/';
            break;
        case ' ':
            pending += ' ';
            break;
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

// Characters YAML wants escaped (or that a reader may take as a line break): C0 and C1 controls,
// DEL, the Unicode line and paragraph separators, the byte-order mark, non-characters.
bool mustEscape(char32_t c)
{
    return c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f) || c == 0x2028 || c == 0x2029 || c == 0xfeff ||
           c == 0xfffe || c == 0xffff || (c >= 0xd800 && c <= 0xdfff);
}

bool hasEscapable(const QString &v)
{
    for (const char32_t c : v.toUcs4())
        if (mustEscape(c))
            return true;
    return false;
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
    if (v.contains(QLatin1String(": ")) || v.contains(QLatin1String(" #")) || v.endsWith(QLatin1Char(':')))
        return true;
    // In flow context yaml-cpp also refuses '?' inside a plain scalar.
    for (const QChar ch : v)
        if (inFlow && QStringLiteral(",[]{}?").contains(ch))
            return true;
    const QString lower = v.toLower();
    return lower == QLatin1String("null") || lower == QLatin1String("~") || v == QLatin1String("---") ||
           v == QLatin1String("...");
}

QByteArray doubleQuoted(const QString &value)
{
    QByteArray out = "\"";
    for (const char32_t c : value.toUcs4()) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\r':
            out += "\\r";
            break;
        default:
            if (!mustEscape(c))
                out += QString::fromUcs4(&c, 1).toUtf8();
            else if (c <= 0xff)
                out += "\\x" + QByteArray::number(uint(c), 16).rightJustified(2, '0');
            else
                out += "\\u" + QByteArray::number(uint(c), 16).rightJustified(4, '0');
        }
    }
    return out + '"';
}

// Plain scalar in block context: the first line up to a comment, then continuation lines indented
// more than parentIndent until a comment line or a less-indented line.
int plainEnd(const QByteArray &text, int p, bool inFlow, int parentIndent)
{
    const int n = int(text.size());
    auto lineTokenEnd = [&](int from, bool first) {
        int q = from;
        for (; q < n && !isBreak(text.at(q)); ++q) {
            if (text.at(q) == '#' && (q > from || !first) && (q == 0 || isSpace(text.at(q - 1))))
                break;
            if (inFlow && (text.at(q) == ',' || text.at(q) == ']' || text.at(q) == '}'))
                break;
        }
        while (q > from && isSpace(text.at(q - 1)))
            --q;
        return q;
    };
    int end = lineTokenEnd(p, true);
    if (inFlow)
        return end;
    // A comment ends a plain scalar for good.
    for (int q = end; q < n && !isBreak(text.at(q)); ++q)
        if (text.at(q) == '#')
            return end;
    for (int line = nextLineStart(text, p); line < n; line = nextLineStart(text, line)) {
        int i = line;
        while (i < n && text.at(i) == ' ')
            ++i;
        if (i >= n || isBreak(text.at(i)))
            continue; // blank lines fold into the scalar
        if (i - line <= parentIndent || text.at(i) == '#')
            break;
        const int e = lineTokenEnd(i, false);
        if (e > i)
            end = e;
        for (int q = e; q < n && !isBreak(text.at(q)); ++q)
            if (text.at(q) == '#')
                return end;
    }
    return end;
}

} // namespace

QList<int> lineStarts(const QByteArray &text)
{
    QList<int> starts{0};
    for (int i = 0; i < text.size(); ++i)
        if (text.at(i) == '\n')
            starts.append(i + 1);
    return starts;
}

int lineStartOf(const QByteArray &text, int offset)
{
    int i = offset;
    while (i > 0 && text.at(i - 1) != '\n')
        --i;
    return i;
}

int lineEndOf(const QByteArray &text, int offset)
{
    const int i = int(text.indexOf('\n', offset));
    if (i < 0)
        return int(text.size());
    return i > offset && text.at(i - 1) == '\r' ? i - 1 : i;
}

int nextLineStart(const QByteArray &text, int offset)
{
    const int i = int(text.indexOf('\n', offset));
    return i < 0 ? int(text.size()) : i + 1;
}

QByteArray lineBreak(const QByteArray &text)
{
    return text.contains("\r\n") ? QByteArray("\r\n") : QByteArray("\n");
}

bool onlySpacesBefore(const QByteArray &text, int offset)
{
    for (int i = lineStartOf(text, offset); i < offset; ++i)
        if (text.at(i) != ' ')
            return false;
    return true;
}

int indentOf(const QByteArray &text, int lineStart)
{
    int i = lineStart;
    while (i < text.size() && text.at(i) == ' ')
        ++i;
    return i - lineStart;
}

bool blankOrComment(const QByteArray &text, int lineStart)
{
    const int i = lineStart + indentOf(text, lineStart);
    return i >= text.size() || isBreak(text.at(i)) || text.at(i) == '#';
}

bool scanScalar(const QByteArray &text, int offset, bool inFlow, int parentIndent, Span *token, char *quote,
                QString *value, Text *error)
{
    int p = offset;
    const int n = int(text.size());
    // Skip a tag (!!str, !foo) or an anchor (&a) written before the value.
    while (p < n && (text.at(p) == '!' || text.at(p) == '&')) {
        while (p < n && !isSpace(text.at(p)) && !isBreak(text.at(p)))
            ++p;
        while (p < n && isSpace(text.at(p)))
            ++p;
    }
    if (p >= n || isBreak(text.at(p))) {
        *error = msg("the value is empty; only existing scalar values can be patched");
        return false;
    }
    const char c = text.at(p);
    if (c == '*') {
        *error = msg("the value is an alias (*name); edit the anchored value instead");
        return false;
    }
    token->begin = p;
    *quote = 0;
    value->clear();
    if (c == '|' || c == '>') {
        if (inFlow) {
            *error = msg("block scalar inside a flow collection");
            return false;
        }
        *quote = c;
        int end = lineEndOf(text, p); // the indicator line (with its comment) is replaced too
        for (int line = nextLineStart(text, p); line < n; line = nextLineStart(text, line)) {
            const int i = line + indentOf(text, line);
            if (i >= n || isBreak(text.at(i)))
                continue; // blank lines belong to the scalar only when content follows
            if (i - line <= parentIndent)
                break;
            end = lineEndOf(text, line);
        }
        token->end = end;
        return true;
    }
    if (c == '"' || c == '\'') {
        *quote = c;
        const int q = closingQuote(text, p, false);
        if (q < 0) {
            *error = msg("unterminated quoted value");
            return false;
        }
        token->end = q + 1;
        QByteArray inner = text.mid(p + 1, q - p - 1);
        if (inner.contains('\n') || inner.contains('\r'))
            return true; // folded by the reader: the caller compares with the parsed value
        if (c == '\'') {
            *value = QString::fromUtf8(inner.replace("''", "'"));
            return true;
        }
        if (!unescapeDouble(inner, value)) {
            *error = msg("unsupported escape in a double-quoted value");
            return false;
        }
        return true;
    }
    token->end = plainEnd(text, p, inFlow, parentIndent);
    const QByteArray raw = text.mid(p, token->end - p);
    if (!raw.contains('\n'))
        *value = QString::fromUtf8(raw);
    return true;
}

Span keyToken(const QByteArray &text, int offset)
{
    const int n = int(text.size());
    if (offset >= n)
        return {};
    const char c = text.at(offset);
    if (c == '"' || c == '\'') {
        const int q = closingQuote(text, offset, true);
        return q < 0 ? Span{} : Span{offset, q + 1};
    }
    for (int q = offset; q < n && !isBreak(text.at(q)); ++q)
        if (text.at(q) == ':' && (q + 1 >= n || isSpace(text.at(q + 1)) || isBreak(text.at(q + 1)) ||
                                  text.at(q + 1) == ',' || text.at(q + 1) == '}')) {
            int e = q;
            while (e > offset && isSpace(text.at(e - 1)))
                --e;
            return {offset, e};
        }
    return {};
}

int matchingBracket(const QByteArray &text, int open)
{
    int depth = 0;
    const int n = int(text.size());
    for (int i = open; i < n; ++i) {
        const char c = text.at(i);
        if (c == '"' || c == '\'') {
            i = closingQuote(text, i, false);
            if (i < 0)
                return -1;
        } else if (c == '#' && i > 0 && isSpace(text.at(i - 1))) {
            i = lineEndOf(text, i) - 1;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            if (--depth == 0)
                return i;
        }
    }
    return -1;
}

Span blockEntry(const QByteArray &text, int keyOffset)
{
    const int start = lineStartOf(text, keyOffset);
    const int keyColumn = keyOffset - start;
    int end = nextLineStart(text, keyOffset);
    for (int line = end; line < text.size(); line = nextLineStart(text, line)) {
        if (blankOrComment(text, line))
            continue;
        if (indentOf(text, line) <= keyColumn)
            break;
        end = nextLineStart(text, line);
    }
    return {start, end};
}

QByteArray formatScalar(const QString &value, char quote, bool inFlow)
{
    return scalarForms(value, quote, inFlow).first();
}

QList<QByteArray> scalarForms(const QString &value, char quote, bool inFlow)
{
    QList<QByteArray> out;
    if (quote == 0 && !hasEscapable(value) && !needsQuoting(value, inFlow))
        out << value.toUtf8();
    if (quote != '"' && !hasEscapable(value)) {
        QByteArray single = value.toUtf8();
        single.replace("'", "''");
        out << '\'' + single + '\'';
    }
    out << doubleQuoted(value);
    return out;
}

} // namespace sp::yamltext
