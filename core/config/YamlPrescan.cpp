#include "core/config/YamlPrescan.h"

#include <vector>

namespace sp::detail {

namespace {
bool isBlank(char c) { return c == ' ' || c == '\t'; }
bool isTokenStartBefore(char prev) { return prev == 0 || isBlank(prev) || prev == '[' || prev == '{' || prev == ',' || prev == ':'; }
} // namespace

PrescanResult prescanYaml(const QByteArray &text, int maxDepth)
{
    PrescanResult r;
    std::vector<int> blockStack; // columns of the open block nodes
    int flow = 0;
    char quote = 0; // open quoted scalar spanning lines
    int quoteLine = 0, quoteColumn = 0;
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
    while (i < n) {
        ++lineNo;
        int end = i;
        while (end < n && text.at(end) != '\n')
            ++end;
        const int start = i;
        i = end + 1;
        int p = start;
        if (flow == 0 && quote == 0) {
            while (p < end && isBlank(text.at(p)))
                ++p;
            if (p >= end || text.at(p) == '#' || text.at(p) == '\r')
                continue;
            // Indentation plus compact "- - -" / "? " prefixes: each opens one more block level.
            std::vector<int> columns{p - start};
            while (p + 1 <= end && (text.at(p) == '-' || text.at(p) == '?') && (p + 1 == end || isBlank(text.at(p + 1)))) {
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
                if (c == quote)
                    quote = 0;
                continue;
            }
            if ((c == '\'' || c == '"') && isTokenStartBefore(before)) {
                quote = c;
                quoteLine = lineNo;
                quoteColumn = p - start;
                continue;
            }
            if (c == '#' && (before == 0 || isBlank(before)))
                break; // comment
            if ((c == '[' || c == '{') && (isTokenStartBefore(before) || before == '-' || before == '?')) {
                ++flow;
                if (flow + int(blockStack.size()) > maxDepth)
                    return refuse(p - start, msg("nested more than %1 levels deep", {maxDepth}));
            } else if ((c == ']' || c == '}') && flow > 0) {
                --flow;
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
