#include "core/config/InlineExpression.h"

#include <QSet>

#include <limits>

// A small evaluator for the Groovy subset ShardingSphere users write in `actualDataNodes`:
// `${...}` / `$->{...}` holding integers, 'strings', "GStrings with ${nested}", null, ranges
// (`a..b`, `a..<b`, descending when a > b like Groovy), lists and integer + - * %.
// Each comma-separated part is evaluated like a GString; every collection value in it is one axis of
// a cartesian product (leftmost varies slowest, duplicates inside one collection dropped, as
// ShardingSphere's Sets.cartesianProduct over LinkedHashSets does). Sizes are known before anything
// is generated, so an oversized expression is refused without allocating.

namespace sp {
namespace {

constexpr int kMaxExpressionLength = 64 * 1024;
constexpr int kMaxNesting = 64;

struct InlineError
{
    int pos;
    Text message;
    QString code;
};

[[noreturn]] void fail(int pos, const Text &message, const QString &code = QStringLiteral("inline-syntax"))
{
    throw InlineError{pos, message, code};
}

struct Value
{
    enum Kind { Null, Int, Str, List, Range };
    Kind kind = Null;
    qint64 number = 0;
    QString text;
    QList<Value> items; // List
    qint64 from = 0;    // Range: first value
    qint64 step = 1;    // Range: +1 or -1
    qint64 count = 0;   // Range: number of values

    bool isCollection() const { return kind == List || kind == Range; }
    QString toText() const
    {
        switch (kind) {
        case Null:
            return QString();
        case Int:
            return QString::number(number);
        case Str:
            return text;
        default:
            return QString();
        }
    }
};

// One axis of a part: either a fixed literal/scalar (count 1), a materialized list, or a lazy range.
struct Axis
{
    QStringList values; // when !isRange
    bool isRange = false;
    bool literal = false; // text outside ${}: the only thing trimmed around a part
    qint64 from = 0, step = 1, count = 0;

    qint64 size() const { return isRange ? count : values.size(); }
    QString at(qint64 i) const { return isRange ? QString::number(from + step * i) : values.at(int(i)); }
};

struct Part
{
    QList<Axis> axes;
    int start = 0;
};

bool addOverflows(qint64 a, qint64 b, qint64 *out) { return __builtin_add_overflow(a, b, out); }
bool subOverflows(qint64 a, qint64 b, qint64 *out) { return __builtin_sub_overflow(a, b, out); }
bool mulOverflows(qint64 a, qint64 b, qint64 *out) { return __builtin_mul_overflow(a, b, out); }

class Parser
{
public:
    Parser(const QString &text, qint64 maxResults) : m_s(text), m_maxResults(maxResults) {}

    QList<Part> parseTop()
    {
        QList<Part> parts;
        Part current;
        current.start = 0;
        QString literal;
        auto flushLiteral = [&]() {
            if (!literal.isEmpty()) {
                Axis a;
                a.literal = true;
                a.values << literal;
                current.axes << a;
                literal.clear();
            }
        };
        auto finishPart = [&](bool last) {
            flushLiteral();
            trimPart(current);
            if (current.axes.isEmpty()) {
                if (!last)
                    fail(current.start, msg("empty item between commas"));
            } else {
                parts << current;
            }
            current = Part();
        };
        while (m_pos < m_s.size()) {
            const QChar c = m_s.at(m_pos);
            if (c == QLatin1Char(',')) {
                finishPart(false);
                ++m_pos;
                current.start = m_pos;
                continue;
            }
            if (c == QLatin1Char('$') && startsPlaceholder()) {
                flushLiteral();
                const int at = m_pos;
                Value v = parsePlaceholder(0);
                current.axes << toAxis(v, at);
                continue;
            }
            literal += c;
            ++m_pos;
        }
        finishPart(true);
        return parts;
    }

private:
    const QString &m_s;
    qint64 m_maxResults;
    int m_pos = 0;

    static bool isSpace(QChar c) { return c == QLatin1Char(' ') || c == QLatin1Char('\t') || c == QLatin1Char('\n') || c == QLatin1Char('\r'); }

    static void trimPart(Part &p)
    {
        while (!p.axes.isEmpty() && p.axes.first().literal) {
            QString &s = p.axes.first().values.first();
            int i = 0;
            while (i < s.size() && isSpace(s.at(i)))
                ++i;
            s.remove(0, i);
            if (!s.isEmpty())
                break;
            p.axes.removeFirst();
        }
        while (!p.axes.isEmpty() && p.axes.last().literal) {
            QString &s = p.axes.last().values.first();
            int n = s.size();
            while (n > 0 && isSpace(s.at(n - 1)))
                --n;
            s.truncate(n);
            if (!s.isEmpty())
                break;
            p.axes.removeLast();
        }
    }

    bool startsPlaceholder() const
    {
        return m_s.mid(m_pos, 2) == QLatin1String("${") || m_s.mid(m_pos, 4) == QLatin1String("$->{");
    }

    Axis toAxis(const Value &v, int at) const
    {
        Axis a;
        if (v.kind == Value::Range) {
            a.isRange = true;
            a.from = v.from;
            a.step = v.step;
            a.count = v.count;
        } else if (v.kind == Value::List) {
            QSet<QString> seen;
            for (const Value &item : v.items) {
                if (item.isCollection())
                    fail(at, msg("nested lists and ranges inside a list are not supported"));
                const QString t = item.toText();
                if (!seen.contains(t)) {
                    seen.insert(t);
                    a.values << t;
                }
            }
        } else {
            a.values << v.toText();
        }
        return a;
    }

    void skipSpaces()
    {
        while (m_pos < m_s.size() && isSpace(m_s.at(m_pos)))
            ++m_pos;
    }

    bool peek(const char *token) const { return m_s.mid(m_pos, int(qstrlen(token))) == QLatin1String(token); }

    // At `${` or `$->{`; returns the value and leaves m_pos after the closing `}`.
    Value parsePlaceholder(int depth)
    {
        if (depth > kMaxNesting)
            fail(m_pos, msg("expression nested too deeply"));
        const int open = m_pos;
        m_pos += peek("${") ? 2 : 4;
        skipSpaces();
        Value v = parseExpr(depth + 1);
        skipSpaces();
        if (m_pos >= m_s.size())
            fail(open, msg("'${' is never closed"));
        if (m_s.at(m_pos) != QLatin1Char('}'))
            fail(m_pos, msg("unexpected '%1' in expression, expected '}'", {QString(m_s.at(m_pos))}));
        ++m_pos;
        return v;
    }

    Value parseExpr(int depth)
    {
        const int start = m_pos;
        Value left = parseAdditive(depth);
        skipSpaces();
        if (!peek(".."))
            return left;
        m_pos += 2;
        bool exclusive = false;
        if (m_pos < m_s.size() && m_s.at(m_pos) == QLatin1Char('<')) {
            exclusive = true;
            ++m_pos;
        }
        skipSpaces();
        const int rightAt = m_pos;
        Value right = parseAdditive(depth);
        if (left.kind != Value::Int)
            fail(start, msg("a range needs integer bounds"));
        if (right.kind != Value::Int)
            fail(rightAt, msg("a range needs integer bounds"));
        Value r;
        r.kind = Value::Range;
        r.from = left.number;
        qint64 to = right.number;
        r.step = to >= left.number ? 1 : -1;
        // Groovy: a..<b stops before b, whatever the direction; 3..<3 is empty.
        if (exclusive) {
            if (to == left.number) {
                r.count = 0;
                return r;
            }
            to -= r.step;
        }
        qint64 span;
        if (subOverflows(qMax(to, left.number), qMin(to, left.number), &span) || span >= m_maxResults)
            fail(start,
                 msg("range %1..%2 has more than %3 values", {left.number, right.number, m_maxResults}),
                 QStringLiteral("inline-too-large"));
        r.count = span + 1;
        return r;
    }

    Value parseAdditive(int depth)
    {
        Value left = parseTerm(depth);
        for (;;) {
            skipSpaces();
            if (m_pos >= m_s.size())
                return left;
            const QChar op = m_s.at(m_pos);
            if (op != QLatin1Char('+') && op != QLatin1Char('-'))
                return left;
            const int opAt = m_pos;
            ++m_pos;
            skipSpaces();
            Value right = parseTerm(depth);
            left = binary(op, left, right, opAt);
        }
    }

    Value parseTerm(int depth)
    {
        Value left = parseUnary(depth);
        for (;;) {
            skipSpaces();
            if (m_pos >= m_s.size())
                return left;
            const QChar op = m_s.at(m_pos);
            if (op == QLatin1Char('/'))
                fail(m_pos,
                     msg("'/' is not supported (Groovy division yields decimals); use intdiv in algorithms"));
            if (op != QLatin1Char('*') && op != QLatin1Char('%'))
                return left;
            const int opAt = m_pos;
            ++m_pos;
            skipSpaces();
            Value right = parseUnary(depth);
            left = binary(op, left, right, opAt);
        }
    }

    Value binary(QChar op, const Value &a, const Value &b, int at)
    {
        if (op == QLatin1Char('+') && (a.kind == Value::Str || b.kind == Value::Str)
            && !a.isCollection() && !b.isCollection()) {
            Value r;
            r.kind = Value::Str;
            r.text = a.toText() + b.toText();
            if (r.text.size() > kMaxExpressionLength)
                fail(at, msg("string too long"), QStringLiteral("inline-too-large"));
            return r;
        }
        if (a.kind != Value::Int || b.kind != Value::Int)
            fail(at, msg("'%1' needs integer operands", {QString(op)}));
        Value r;
        r.kind = Value::Int;
        bool overflow = false;
        switch (op.toLatin1()) {
        case '+':
            overflow = addOverflows(a.number, b.number, &r.number);
            break;
        case '-':
            overflow = subOverflows(a.number, b.number, &r.number);
            break;
        case '*':
            overflow = mulOverflows(a.number, b.number, &r.number);
            break;
        case '%':
            if (b.number == 0)
                fail(at, msg("modulo by zero"));
            r.number = (b.number == -1) ? 0 : a.number % b.number; // Java/Groovy remainder sign
            break;
        default:
            break;
        }
        if (overflow)
            fail(at, msg("integer overflow"));
        return r;
    }

    Value parseUnary(int depth)
    {
        if (depth > kMaxNesting)
            fail(m_pos, msg("expression nested too deeply"));
        skipSpaces();
        if (m_pos < m_s.size() && m_s.at(m_pos) == QLatin1Char('-')) {
            const int at = m_pos;
            ++m_pos;
            Value v = parseUnary(depth + 1);
            if (v.kind != Value::Int || v.number == std::numeric_limits<qint64>::min())
                fail(at, msg("'-' needs an integer operand"));
            v.number = -v.number;
            return v;
        }
        return parsePrimary(depth);
    }

    Value parsePrimary(int depth)
    {
        skipSpaces();
        if (m_pos >= m_s.size())
            fail(m_pos, msg("expression ends unexpectedly"));
        const QChar c = m_s.at(m_pos);
        if (c.isDigit())
            return parseNumber();
        if (c == QLatin1Char('\''))
            return parseSingleQuoted();
        if (c == QLatin1Char('"'))
            return parseDoubleQuoted(depth);
        if (c == QLatin1Char('(')) {
            const int open = m_pos;
            ++m_pos;
            Value v = parseExpr(depth + 1);
            skipSpaces();
            if (m_pos >= m_s.size() || m_s.at(m_pos) != QLatin1Char(')'))
                fail(m_pos < m_s.size() ? m_pos : open, msg("'(' is never closed"));
            ++m_pos;
            return v;
        }
        if (c == QLatin1Char('['))
            return parseList(depth);
        if (c.isLetter() || c == QLatin1Char('_')) {
            const int start = m_pos;
            while (m_pos < m_s.size() && (m_s.at(m_pos).isLetterOrNumber() || m_s.at(m_pos) == QLatin1Char('_')))
                ++m_pos;
            const QString word = m_s.mid(start, m_pos - start);
            if (word == QLatin1String("null"))
                return Value();
            fail(start, msg("unknown name '%1' (variables and method calls are not supported here)", {word}));
        }
        fail(m_pos, msg("unexpected '%1' in expression", {QString(c)}));
    }

    Value parseNumber()
    {
        const int start = m_pos;
        qint64 n = 0;
        while (m_pos < m_s.size() && m_s.at(m_pos).isDigit()) {
            const int d = m_s.at(m_pos).digitValue();
            if (d < 0 || mulOverflows(n, 10, &n) || addOverflows(n, d, &n))
                fail(start, msg("number too large"));
            ++m_pos;
        }
        if (m_pos + 1 < m_s.size() && m_s.at(m_pos) == QLatin1Char('.') && m_s.at(m_pos + 1).isDigit())
            fail(start, msg("decimal numbers are not supported"));
        Value v;
        v.kind = Value::Int;
        v.number = n;
        return v;
    }

    Value parseSingleQuoted()
    {
        const int open = m_pos++;
        Value v;
        v.kind = Value::Str;
        while (m_pos < m_s.size()) {
            const QChar c = m_s.at(m_pos++);
            if (c == QLatin1Char('\''))
                return v;
            if (c == QLatin1Char('\\') && m_pos < m_s.size()) {
                v.text += m_s.at(m_pos++);
                continue;
            }
            v.text += c;
        }
        fail(open, msg("string is never closed"));
    }

    Value parseDoubleQuoted(int depth)
    {
        const int open = m_pos++;
        Value v;
        v.kind = Value::Str;
        while (m_pos < m_s.size()) {
            const QChar c = m_s.at(m_pos);
            if (c == QLatin1Char('"')) {
                ++m_pos;
                return v;
            }
            if (c == QLatin1Char('\\') && m_pos + 1 < m_s.size()) {
                v.text += m_s.at(m_pos + 1);
                m_pos += 2;
                continue;
            }
            if (c == QLatin1Char('$') && startsPlaceholder()) {
                const int at = m_pos;
                const Value inner = parsePlaceholder(depth + 1);
                if (inner.isCollection())
                    fail(at, msg("a list or range inside a quoted string is not supported"));
                v.text += inner.toText();
                continue;
            }
            v.text += c;
            ++m_pos;
        }
        fail(open, msg("string is never closed"));
    }

    Value parseList(int depth)
    {
        const int open = m_pos++;
        Value v;
        v.kind = Value::List;
        skipSpaces();
        if (m_pos < m_s.size() && m_s.at(m_pos) == QLatin1Char(']')) {
            ++m_pos;
            return v;
        }
        for (;;) {
            const int itemAt = m_pos;
            Value item = parseExpr(depth + 1);
            if (item.isCollection())
                fail(itemAt, msg("nested lists and ranges inside a list are not supported"));
            v.items << item;
            skipSpaces();
            if (m_pos >= m_s.size())
                fail(open, msg("'[' is never closed"));
            const QChar c = m_s.at(m_pos);
            if (c == QLatin1Char(',')) {
                ++m_pos;
                continue;
            }
            if (c == QLatin1Char(']')) {
                ++m_pos;
                return v;
            }
            fail(m_pos, msg("unexpected '%1' in list, expected ',' or ']'", {QString(c)}));
        }
    }
};

Diagnostic makeDiag(const InlineOptions &options, int pos, const QString &code, const Text &message)
{
    Diagnostic d;
    d.severity = Severity::Error;
    d.code = code;
    d.setMessage(message);
    d.location = options.location;
    if (d.location.column > 0)
        d.location.column += pos;
    else if (d.location.line > 0)
        d.location.column = pos + 1;
    if (code == QLatin1String("inline-too-large"))
        d.setHint(msg("Split the expression or check the range bounds."));
    else
        d.setHint(msg("Supported: ${0..3}, ${['a','b']}, ${[0, 2]}, $->{...}, literals, commas."));
    return d;
}

} // namespace

InlineExpansion expandInline(const QString &expression, const InlineOptions &options)
{
    InlineExpansion out;
    const qint64 maxResults = qMax<qint64>(0, options.maxResults);
    if (expression.size() > kMaxExpressionLength) {
        out.diagnostics << makeDiag(options, 0, QStringLiteral("inline-too-large"),
                                    msg("inline expression is %1 characters long; the limit is %2",
                                        {expression.size(), kMaxExpressionLength}));
        return out;
    }
    QList<Part> parts;
    try {
        Parser parser(expression, maxResults);
        parts = parser.parseTop();
    } catch (const InlineError &e) {
        out.diagnostics << makeDiag(options, e.pos, e.code, e.message);
        return out;
    }

    // Size first: nothing is generated when the total would exceed the limit.
    qint64 total = 0;
    for (const Part &p : parts) {
        qint64 product = 1;
        for (const Axis &a : p.axes) {
            if (a.size() == 0) {
                product = 0;
                break;
            }
            if (mulOverflows(product, a.size(), &product) || product > maxResults) {
                product = -1;
                break;
            }
        }
        if (product < 0 || addOverflows(total, product, &total) || total > maxResults) {
            out.diagnostics << makeDiag(
                options, p.start, QStringLiteral("inline-too-large"),
                msg("inline expression expands to more than %1 values", {maxResults}));
            return out;
        }
    }

    out.values.reserve(int(total));
    for (const Part &p : parts) {
        const int n = int(p.axes.size());
        if (std::any_of(p.axes.begin(), p.axes.end(), [](const Axis &a) { return a.size() == 0; }))
            continue;
        std::vector<qint64> index(size_t(n), 0);
        for (;;) {
            QString s;
            for (int i = 0; i < n; ++i)
                s += p.axes.at(i).at(index[size_t(i)]);
            out.values << s;
            int k = n - 1; // rightmost varies fastest
            while (k >= 0) {
                if (++index[size_t(k)] < p.axes.at(k).size())
                    break;
                index[size_t(k)] = 0;
                --k;
            }
            if (k < 0)
                break;
        }
    }
    return out;
}

} // namespace sp
