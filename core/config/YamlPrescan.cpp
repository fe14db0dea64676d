#include "core/config/YamlPrescan.h"

#include <algorithm>
#include <vector>

namespace sp::detail {

namespace {
bool isBlank(char c) { return c == ' ' || c == '\t'; }
bool isFlowIndicator(char c) { return c == ',' || c == '[' || c == ']' || c == '{' || c == '}'; }
} // namespace

// A line-by-line scan that knows just enough YAML to find where tokens start: a quote opens a
// quoted scalar only where a value may start (line start, after "- ", "? ", ": ", "[", "{", ","
// or an anchor/tag), never inside a plain scalar ("note: rock 'n roll") or a block scalar's text.
PrescanResult prescanYaml(const QByteArray &text, int maxDepth)
{
    PrescanResult r;
    std::vector<int> blockStack; // columns of the open block nodes
    int flow = 0;
    char quote = 0; // open quoted scalar spanning lines
    int quoteLine = 0, quoteColumn = 0;
    bool valueStart = true;  // the next token may start a value (a quote there opens a quoted scalar)
    bool afterNode = false;  // just after a quoted scalar or a flow collection (JSON-like "a":b)
    bool plainOpen = false;  // a block plain scalar may go on over more-indented lines
    int plainIndent = 0;     // ... lines indented more than this
    int blockScalar = -1;    // >= 0: inside a | or > scalar, whose lines are indented more than this
    bool content = false;    // the document has content
    bool explicitStart = false; // a "---" started the document
    bool ended = false;      // a "..." ended it
    const int n = int(text.size());
    int lineNo = 0;
    int i = 0;
    auto refuse = [&](int column, const Text &why) {
        r.ok = false;
        r.line = lineNo;
        r.column = column;
        r.message = why;
        r.code = QStringLiteral("yaml-too-deep");
        return r;
    };
    auto secondDocument = [&](int column) {
        r.ok = false;
        r.line = lineNo;
        r.column = column;
        r.code = QStringLiteral("yaml-multiple-documents");
        r.message = msg("a second YAML document starts here; a sharding configuration is one document");
        return r;
    };
    while (i < n) {
        ++lineNo;
        int end = i;
        while (end < n && text.at(end) != '\n')
            ++end;
        const int start = i;
        i = end + 1;
        if (end > start && text.at(end - 1) == '\r')
            --end;
        int p = start;
        int keyColumn = 0;   // column of the line's first node (after "- " prefixes)
        int dashColumn = -1; // column of the last "- " prefix, -1 without one
        bool sawColon = false;
        if (flow == 0 && quote == 0) {
            while (p < end && isBlank(text.at(p)))
                ++p;
            const bool blankLine = p >= end || text.at(p) == '#';
            const int indent = p - start;
            const bool marker = indent == 0 && end - p >= 3 && (p + 3 == end || isBlank(text.at(p + 3))) &&
                                (text.mid(p, 3) == "---" || text.mid(p, 3) == "...");
            const bool blockText = blockScalar >= 0 && (blankLine || indent > blockScalar);
            const bool plainText = !blankLine && plainOpen && indent > plainIndent;
            if (!marker && (blockText || plainText)) {
                // Text of a block scalar or a continuation of a multi-line plain scalar: no
                // structure (a quote there is an ordinary character). Brackets are still bounded,
                // in case a parser reads the line otherwise.
                int depth = 0, deepest = 0;
                for (int k = p; k < end; ++k) {
                    const char c = text.at(k);
                    depth += c == '[' || c == '{' ? 1 : c == ']' || c == '}' ? -1 : 0;
                    deepest = std::max(deepest, depth);
                }
                if (deepest + int(blockStack.size()) > maxDepth)
                    return refuse(indent + 1, msg("nested more than %1 levels deep", {maxDepth}));
                continue;
            }
            blockScalar = -1;
            if (blankLine)
                continue;
            plainOpen = false;
            valueStart = true;
            afterNode = false;
            if (marker && text.mid(p, 3) == "---") {
                if (content || explicitStart)
                    return secondDocument(1);
                explicitStart = true;
                p += 3;
                blockStack.clear();
            } else if (marker && text.mid(p, 3) == "...") {
                ended = true;
                continue;
            } else if (indent == 0 && text.at(p) == '%' && !content && !explicitStart) {
                continue; // a directive (%YAML, %TAG)
            } else {
                if (ended)
                    return secondDocument(indent + 1);
                content = true;
                // Indentation plus compact "- - -" / "? " prefixes: each opens one more block level.
                std::vector<int> columns{indent};
                while (p + 1 <= end && (text.at(p) == '-' || text.at(p) == '?') &&
                       (p + 1 == end || isBlank(text.at(p + 1)))) {
                    if (text.at(p) == '-')
                        dashColumn = p - start;
                    ++p;
                    while (p < end && isBlank(text.at(p)))
                        ++p;
                    columns.push_back(p - start);
                }
                if (columns.back() > 2 * maxDepth)
                    return refuse(columns.back() + 1, msg("indented %1 columns deep", {columns.back()}));
                while (!blockStack.empty() && blockStack.back() >= columns.front())
                    blockStack.pop_back();
                for (int c : columns)
                    if (blockStack.empty() || c > blockStack.back())
                        blockStack.push_back(c);
                if (int(blockStack.size()) > maxDepth)
                    return refuse(columns.back() + 1, msg("nested more than %1 levels deep", {maxDepth}));
                keyColumn = columns.back();
            }
        }
        char prev = p > start ? text.at(p - 1) : 0;
        while (p < end) {
            const char c = text.at(p++);
            const char before = prev;
            prev = c;
            if (quote) {
                if (quote == '"' && c == '\\' && p < end) {
                    prev = text.at(p++); // the escaped character
                    continue;
                }
                if (c == quote) {
                    if (quote == '\'' && p < end && text.at(p) == '\'') {
                        prev = text.at(p++); // '' inside single quotes
                        continue;
                    }
                    quote = 0;
                    valueStart = false;
                    afterNode = true;
                }
                continue;
            }
            if (isBlank(c))
                continue;
            if (c == '#' && (before == 0 || isBlank(before))) {
                plainOpen = false; // a comment ends a plain scalar for good
                break;
            }
            if (flow > 0 && (c == ',' || c == ']' || c == '}')) {
                if (c != ',')
                    --flow;
                valueStart = c == ',';
                afterNode = c != ',';
                continue;
            }
            const bool indicatorFollows = p == end || isBlank(text.at(p)) ||
                                          (flow > 0 && isFlowIndicator(text.at(p)));
            if (c == ':' && (indicatorFollows || afterNode)) {
                valueStart = true; // a value follows
                afterNode = false;
                plainOpen = false;
                sawColon = true;
                continue;
            }
            afterNode = false;
            if (!valueStart) {
                if (flow > 0 && (c == '[' || c == '{')) {
                    ++flow; // a plain scalar ends at a flow indicator
                    valueStart = true;
                    if (flow + int(blockStack.size()) > maxDepth)
                        return refuse(p - start, msg("nested more than %1 levels deep", {maxDepth}));
                }
                continue; // inside a plain scalar: quotes are ordinary characters
            }
            if (c == '\'' || c == '"') {
                quote = c;
                quoteLine = lineNo;
                quoteColumn = p - start;
                continue;
            }
            if (c == '[' || c == '{') {
                ++flow;
                if (flow + int(blockStack.size()) > maxDepth)
                    return refuse(p - start, msg("nested more than %1 levels deep", {maxDepth}));
                continue;
            }
            if ((c == '-' || c == '?') && indicatorFollows)
                continue; // "- " / "? " inside a line (flow context, or after a tag)
            if (c == '&' || c == '!') { // anchor or tag: the value comes after it
                while (p < end && !isBlank(text.at(p)) && !(flow > 0 && isFlowIndicator(text.at(p))))
                    ++p;
                prev = text.at(p - 1);
                continue;
            }
            if ((c == '|' || c == '>') && flow == 0) {
                blockScalar = dashColumn >= 0 && !sawColon ? dashColumn : keyColumn;
                break; // the rest of the line is the block scalar's header
            }
            // A plain scalar starts (an alias too: it ends where a plain scalar would).
            valueStart = false;
            if (flow == 0) {
                plainOpen = true;
                plainIndent = sawColon ? keyColumn : dashColumn >= 0 ? dashColumn : keyColumn - 1;
            }
        }
    }
    if (quote) {
        r.ok = false;
        r.line = quoteLine;
        r.column = quoteColumn;
        r.code = QStringLiteral("yaml-syntax");
        r.message = msg("the quoted value starting here is never closed");
    }
    return r;
}

} // namespace sp::detail

namespace sp::detail {

namespace {

// Length of the UTF-8 sequence starting at text[i], 0 when it is not one (overlong forms,
// surrogates and code points past U+10FFFF included).
int utf8Length(const QByteArray &text, qsizetype i)
{
    const auto at = [&](qsizetype k) { return k < text.size() ? uchar(text.at(k)) : 0u; };
    const uchar c = at(i);
    auto cont = [&](qsizetype k, uchar lo = 0x80, uchar hi = 0xbf) { return at(k) >= lo && at(k) <= hi; };
    if (c < 0x80)
        return 1;
    if (c >= 0xc2 && c <= 0xdf)
        return cont(i + 1) ? 2 : 0;
    if (c >= 0xe0 && c <= 0xef) {
        const uchar lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;
        return cont(i + 1, lo, hi) && cont(i + 2) ? 3 : 0;
    }
    if (c >= 0xf0 && c <= 0xf4) {
        const uchar lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
        return cont(i + 1, lo, hi) && cont(i + 2) && cont(i + 3) ? 4 : 0;
    }
    return 0;
}

QString hexByte(uchar c)
{
    return QStringLiteral("0x") + QString::number(c, 16).rightJustified(2, QLatin1Char('0')).toUpper();
}

} // namespace

PrescanResult checkEncoding(const QByteArray &text)
{
    PrescanResult r;
    auto refuse = [&](int line, int column, const Text &why) {
        r.ok = false;
        r.line = line;
        r.column = column;
        r.code = QStringLiteral("file-encoding");
        r.message = why;
        return r;
    };
    // Byte-order marks of the encodings YAML allows besides UTF-8 (UTF-32 first: its LE mark
    // starts with UTF-16 LE's).
    if (text.startsWith(QByteArray("\xFF\xFE\x00\x00", 4)))
        return refuse(1, 1, msg("the file is %1 text; ShardPilot reads UTF-8", {QStringLiteral("UTF-32LE")}));
    if (text.startsWith(QByteArray("\x00\x00\xFE\xFF", 4)))
        return refuse(1, 1, msg("the file is %1 text; ShardPilot reads UTF-8", {QStringLiteral("UTF-32BE")}));
    if (text.startsWith("\xFF\xFE"))
        return refuse(1, 1, msg("the file is %1 text; ShardPilot reads UTF-8", {QStringLiteral("UTF-16LE")}));
    if (text.startsWith("\xFE\xFF"))
        return refuse(1, 1, msg("the file is %1 text; ShardPilot reads UTF-8", {QStringLiteral("UTF-16BE")}));
    int line = 1;
    qsizetype lineStart = 0;
    const qsizetype n = text.size();
    for (qsizetype i = text.startsWith("\xEF\xBB\xBF") ? 3 : 0; i < n;) {
        const uchar c = uchar(text.at(i));
        const int column = int(i - lineStart) + 1;
        if (c == '\n') {
            ++line;
            lineStart = ++i;
            continue;
        }
        if (c == 0)
            return refuse(line, column,
                          msg("a NUL byte is here; YAML text holds none (is the file UTF-16 without a "
                              "byte-order mark, or not text at all?)"));
        if ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7f)
            return refuse(line, column,
                          msg("control character %1 is here; YAML allows only tab, line feed and carriage "
                              "return",
                              {hexByte(c)}));
        const int len = utf8Length(text, i);
        if (len == 0)
            return refuse(line, column, msg("byte %1 here is not UTF-8", {hexByte(c)}));
        i += len;
    }
    return r;
}

} // namespace sp::detail
