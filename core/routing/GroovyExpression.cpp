#include "core/routing/GroovyExpression.h"

#include "core/routing/AlgorithmSupport.h"
#include "core/routing/Hash.h"

#include <limits>

namespace sp {

namespace {
bool isIdentStart(QChar c) { return c.isLetter() || c == QLatin1Char('_'); }
bool isIdentPart(QChar c) { return c.isLetterOrNumber() || c == QLatin1Char('_'); }

QString describe(QChar c)
{
    switch (c.unicode()) {
    case '/': return QStringLiteral("'/' (Groovy division gives a decimal; use x.intdiv(y))");
    case '?': return QStringLiteral("'?' (ternary / safe navigation)");
    case ':': return QStringLiteral("':'");
    case '{': return QStringLiteral("'{' (closure or block)");
    case '[': return QStringLiteral("'[' (list or subscript)");
    case '=': case '<': case '>': case '!': return QStringLiteral("comparison or assignment '") + c + QLatin1Char('\'');
    case '&': case '|': case '^': case '~': return QStringLiteral("bitwise or logical operator '") + c + QLatin1Char('\'');
    case ';': return QStringLiteral("';' (several statements)");
    case ',': return QStringLiteral("','");
    default: break;
    }
    return QStringLiteral("'") + c + QLatin1Char('\'');
}
} // namespace

// Recursive descent over one `${...}` body; positions are indexes into the whole expression.
class GroovyExpression::Parser
{
public:
    Parser(GroovyExpression &e) : m_e(e), m_s(e.m_expression) {}

    void parseTemplate()
    {
        QString literal;
        int literalStart = 0;
        const qsizetype n = m_s.size();
        qsizetype i = 0;
        auto flush = [&] {
            if (!literal.isEmpty())
                m_e.m_parts.push_back(add(Op::Text, -1, -1, 0, literal, literalStart));
            literal.clear();
        };
        while (i < n && m_e.m_error.isEmpty()) {
            const QChar c = m_s.at(i);
            if (c == QLatin1Char('\\') && i + 1 < n) {
                const QChar d = m_s.at(i + 1);
                if (d == QLatin1Char('$') || d == QLatin1Char('\\') || d == QLatin1Char('"')) {
                    if (literal.isEmpty())
                        literalStart = int(i) + 1;
                    literal += d;
                    i += 2;
                    continue;
                }
            }
            if (c == QLatin1Char('$')) {
                qsizetype body = -1;
                if (i + 1 < n && m_s.at(i + 1) == QLatin1Char('{'))
                    body = i + 2;
                else if (m_s.mid(i + 1, 3) == QLatin1String("->{"))
                    body = i + 4;
                else if (i + 1 < n && isIdentStart(m_s.at(i + 1))) {
                    unsupported(i, QStringLiteral("'$name' interpolation without braces (write ${name})"));
                    return;
                }
                if (body >= 0) {
                    flush();
                    m_pos = body;
                    const int root = parseExpr(1);
                    if (root < 0)
                        return;
                    skipSpace();
                    if (m_pos >= n) {
                        fail(i, QStringLiteral("'${' is not closed by '}'"));
                        return;
                    }
                    if (m_s.at(m_pos) != QLatin1Char('}')) {
                        unexpected();
                        return;
                    }
                    m_e.m_parts.push_back(root);
                    i = m_pos + 1;
                    continue;
                }
            }
            if (literal.isEmpty())
                literalStart = int(i) + 1;
            literal += c;
            ++i;
        }
        flush();
    }

private:
    int add(Op op, int a, int b, int64_t number, const QString &text, int column)
    {
        Node node;
        node.op = op;
        node.a = a;
        node.b = b;
        node.number = number;
        node.text = text;
        node.column = column;
        m_e.m_nodes.push_back(node);
        m_depth.push_back(1 + std::max(a >= 0 ? m_depth[size_t(a)] : 0, b >= 0 ? m_depth[size_t(b)] : 0));
        const int idx = int(m_e.m_nodes.size()) - 1;
        if (m_depth.back() > MaxDepth) {
            unsupported(column - 1, QStringLiteral("an expression nested deeper than ")
                                        + QString::number(MaxDepth) + QStringLiteral(" levels"));
            return -1;
        }
        return idx;
    }

    void fail(qsizetype pos, const QString &message)
    {
        if (m_e.m_error.isEmpty())
            m_e.m_error = message + QStringLiteral(" at column ") + QString::number(pos + 1);
    }
    void unsupported(qsizetype pos, const QString &construct)
    {
        if (m_e.m_error.isEmpty()) {
            m_e.m_unsupported = true;
            fail(pos, QStringLiteral("unsupported in INLINE: ") + construct);
        }
    }
    void unexpected()
    {
        if (m_pos >= m_s.size())
            fail(m_pos, QStringLiteral("unexpected end of expression"));
        else
            unsupported(m_pos, describe(m_s.at(m_pos)));
    }

    void skipSpace()
    {
        while (m_pos < m_s.size() && m_s.at(m_pos).isSpace())
            ++m_pos;
    }
    bool peek(QChar c)
    {
        skipSpace();
        return m_pos < m_s.size() && m_s.at(m_pos) == c;
    }
    QString identifier()
    {
        const qsizetype start = m_pos;
        while (m_pos < m_s.size() && isIdentPart(m_s.at(m_pos)))
            ++m_pos;
        return m_s.mid(start, m_pos - start);
    }

    int parseExpr(int depth)
    {
        if (depth > MaxDepth) {
            unsupported(m_pos, QStringLiteral("an expression nested deeper than ")
                                   + QString::number(MaxDepth) + QStringLiteral(" levels"));
            return -1;
        }
        int left = parseTerm(depth);
        while (left >= 0) {
            skipSpace();
            if (m_pos >= m_s.size())
                break;
            const QChar c = m_s.at(m_pos);
            if (c != QLatin1Char('+') && c != QLatin1Char('-'))
                break;
            if (m_pos + 1 < m_s.size() && (m_s.at(m_pos + 1) == c || m_s.at(m_pos + 1) == QLatin1Char('='))) {
                unsupported(m_pos, QStringLiteral("'") + c + m_s.at(m_pos + 1) + QLatin1Char('\''));
                return -1;
            }
            const int col = int(m_pos) + 1;
            ++m_pos;
            const int right = parseTerm(depth);
            if (right < 0)
                return -1;
            left = add(c == QLatin1Char('+') ? Op::Add : Op::Sub, left, right, 0, QString(), col);
        }
        return left;
    }

    int parseTerm(int depth)
    {
        int left = parseUnary(depth);
        while (left >= 0) {
            skipSpace();
            if (m_pos >= m_s.size())
                break;
            const QChar c = m_s.at(m_pos);
            if (c != QLatin1Char('*') && c != QLatin1Char('%'))
                break;
            if (m_pos + 1 < m_s.size() && (m_s.at(m_pos + 1) == QLatin1Char('*') || m_s.at(m_pos + 1) == QLatin1Char('='))) {
                unsupported(m_pos, QStringLiteral("'") + c + m_s.at(m_pos + 1) + QLatin1Char('\''));
                return -1;
            }
            const int col = int(m_pos) + 1;
            ++m_pos;
            const int right = parseUnary(depth);
            if (right < 0)
                return -1;
            left = add(c == QLatin1Char('*') ? Op::Mul : Op::Mod, left, right, 0, QString(), col);
        }
        return left;
    }

    int parseUnary(int depth)
    {
        if (depth > MaxDepth) {
            unsupported(m_pos, QStringLiteral("an expression nested deeper than ")
                                   + QString::number(MaxDepth) + QStringLiteral(" levels"));
            return -1;
        }
        skipSpace();
        if (m_pos < m_s.size() && (m_s.at(m_pos) == QLatin1Char('-') || m_s.at(m_pos) == QLatin1Char('+'))) {
            const QChar c = m_s.at(m_pos);
            const int col = int(m_pos) + 1;
            ++m_pos;
            const int operand = parseUnary(depth + 1);
            if (operand < 0)
                return -1;
            return c == QLatin1Char('-') ? add(Op::Neg, operand, -1, 0, QString(), col) : operand;
        }
        return parsePostfix(depth);
    }

    int parsePostfix(int depth)
    {
        int node = parsePrimary(depth);
        while (node >= 0 && peek(QLatin1Char('.'))) {
            const qsizetype dot = m_pos;
            ++m_pos;
            skipSpace();
            const QString name = identifier();
            if (name.isEmpty()) {
                if (m_pos < m_s.size() && m_s.at(m_pos).isDigit())
                    unsupported(dot, QStringLiteral("decimal number"));
                else
                    unexpected();
                return -1;
            }
            if (!peek(QLatin1Char('('))) {
                unsupported(dot + 1, QStringLiteral("property access '.") + name + QLatin1Char('\''));
                return -1;
            }
            ++m_pos;
            if (name == QLatin1String("hashCode")) {
                if (!peek(QLatin1Char(')'))) {
                    unexpected();
                    return -1;
                }
                ++m_pos;
                node = add(Op::HashCode, node, -1, 0, QString(), int(dot) + 2);
            } else if (name == QLatin1String("intdiv")) {
                const int arg = parseExpr(depth + 1);
                if (arg < 0)
                    return -1;
                if (!peek(QLatin1Char(')'))) {
                    unexpected();
                    return -1;
                }
                ++m_pos;
                node = add(Op::IntDiv, node, arg, 0, QString(), int(dot) + 2);
            } else {
                unsupported(dot + 1, QStringLiteral("method call ") + name + QStringLiteral("()"));
                return -1;
            }
        }
        return node;
    }

    int parseNumber()
    {
        const qsizetype start = m_pos;
        while (m_pos < m_s.size() && m_s.at(m_pos).unicode() >= '0' && m_s.at(m_pos).unicode() <= '9')
            ++m_pos;
        const QString digits = m_s.mid(start, m_pos - start);
        if (digits.size() > 1 && digits.startsWith(QLatin1Char('0'))) {
            unsupported(start, QStringLiteral("octal literal ") + digits);
            return -1;
        }
        bool forceLong = false;
        if (m_pos < m_s.size() && (m_s.at(m_pos) == QLatin1Char('L') || m_s.at(m_pos) == QLatin1Char('l'))) {
            forceLong = true;
            ++m_pos;
        } else if (m_pos < m_s.size() && isIdentPart(m_s.at(m_pos))) {
            unsupported(start, QStringLiteral("number literal '") + digits + m_s.at(m_pos) + QLatin1Char('\''));
            return -1;
        }
        const auto v = algo::parseJavaLong(digits);
        if (!v) {
            unsupported(start, QStringLiteral("integer literal out of the 64-bit range"));
            return -1;
        }
        const bool isInt = !forceLong && *v <= std::numeric_limits<int32_t>::max();
        return add(isInt ? Op::IntLit : Op::LongLit, -1, -1, *v, QString(), int(start) + 1);
    }

    int parseString()
    {
        const QChar quote = m_s.at(m_pos);
        const qsizetype start = m_pos++;
        QString text;
        while (m_pos < m_s.size() && m_s.at(m_pos) != quote) {
            QChar c = m_s.at(m_pos);
            if (c == QLatin1Char('$') && quote == QLatin1Char('"')) {
                unsupported(m_pos, QStringLiteral("interpolation inside a double-quoted string"));
                return -1;
            }
            if (c == QLatin1Char('\\') && m_pos + 1 < m_s.size()) {
                const QChar d = m_s.at(++m_pos);
                switch (d.unicode()) {
                case 'n': c = QLatin1Char('\n'); break;
                case 't': c = QLatin1Char('\t'); break;
                case '\\': case '\'': case '"': case '$': c = d; break;
                default:
                    unsupported(m_pos - 1, QStringLiteral("escape sequence '\\") + d + QLatin1Char('\''));
                    return -1;
                }
            }
            text += c;
            ++m_pos;
        }
        if (m_pos >= m_s.size()) {
            fail(start, QStringLiteral("string literal is not closed"));
            return -1;
        }
        ++m_pos;
        return add(Op::StrLit, -1, -1, 0, text, int(start) + 1);
    }

    int parsePrimary(int depth)
    {
        skipSpace();
        if (m_pos >= m_s.size()) {
            fail(m_pos, QStringLiteral("unexpected end of expression"));
            return -1;
        }
        const QChar c = m_s.at(m_pos);
        if (c == QLatin1Char('(')) {
            ++m_pos;
            const int inner = parseExpr(depth + 1);
            if (inner < 0)
                return -1;
            if (!peek(QLatin1Char(')'))) {
                unexpected();
                return -1;
            }
            ++m_pos;
            return inner;
        }
        if (c.unicode() >= '0' && c.unicode() <= '9')
            return parseNumber();
        if (c == QLatin1Char('\'') || c == QLatin1Char('"'))
            return parseString();
        if (isIdentStart(c)) {
            const qsizetype start = m_pos;
            const QString name = identifier();
            if (name == QLatin1String("Math")) {
                skipSpace();
                const qsizetype save = m_pos;
                if (peek(QLatin1Char('.'))) {
                    ++m_pos;
                    skipSpace();
                    const QString fn = identifier();
                    if (fn == QLatin1String("abs") && peek(QLatin1Char('('))) {
                        ++m_pos;
                        const int arg = parseExpr(depth + 1);
                        if (arg < 0)
                            return -1;
                        if (!peek(QLatin1Char(')'))) {
                            unexpected();
                            return -1;
                        }
                        ++m_pos;
                        return add(Op::Abs, arg, -1, 0, QString(), int(start) + 1);
                    }
                    unsupported(start, QStringLiteral("Math.") + fn + QStringLiteral(" (only Math.abs is evaluated)"));
                    return -1;
                }
                m_pos = save;
                unsupported(start, QStringLiteral("class reference Math"));
                return -1;
            }
            static const QStringList keywords = {
                QStringLiteral("def"), QStringLiteral("return"), QStringLiteral("if"), QStringLiteral("new"),
                QStringLiteral("true"), QStringLiteral("false"), QStringLiteral("null"), QStringLiteral("it"),
                QStringLiteral("this"), QStringLiteral("for"), QStringLiteral("while"), QStringLiteral("in")};
            if (keywords.contains(name)) {
                unsupported(start, QStringLiteral("keyword '") + name + QLatin1Char('\''));
                return -1;
            }
            if (peek(QLatin1Char('('))) {
                unsupported(start, QStringLiteral("function call ") + name + QStringLiteral("()"));
                return -1;
            }
            if (!m_e.m_variables.contains(name))
                m_e.m_variables << name;
            return add(Op::Var, -1, -1, 0, name, int(start) + 1);
        }
        unexpected();
        return -1;
    }

    GroovyExpression &m_e;
    const QString &m_s;
    qsizetype m_pos = 0;
    std::vector<int> m_depth;
};

GroovyExpression::GroovyExpression(const QString &expression)
    : m_expression(expression)
{
    if (expression.size() > MaxLength) {
        m_unsupported = true;
        m_error = QStringLiteral("unsupported in INLINE: an expression longer than ")
                  + QString::number(MaxLength) + QStringLiteral(" characters at column 1");
        return;
    }
    Parser(*this).parseTemplate();
    if (!m_error.isEmpty()) {
        m_nodes.clear();
        m_parts.clear();
    }
}

struct GroovyExpression::Value
{
    enum Kind { Int, Long, String, Auto } kind = Int;
    int64_t number = 0;
    QString text;
};

namespace {
int64_t wrapInt(int64_t v) { return int64_t(int32_t(uint32_t(uint64_t(v)))); }
} // namespace

bool GroovyExpression::eval(int index, const QString &column, const ShardingValue &key, Value *out,
                            Result *res) const
{
    const Node &n = m_nodes[size_t(index)];
    auto error = [&](const QString &message, bool unsupported) {
        res->error = message + QStringLiteral(" at column ") + QString::number(n.column);
        res->unsupported = unsupported;
        return false;
    };
    // Numeric view of a value: Int or Long; Auto counts when it is an integer.
    auto numeric = [](const Value &v, Value *num) {
        if (v.kind == Value::Int || v.kind == Value::Long) {
            *num = v;
            return true;
        }
        if (v.kind == Value::Auto) {
            if (const auto x = algo::parseJavaLong(v.text)) {
                num->kind = Value::Long;
                num->number = *x;
                return true;
            }
        }
        return false;
    };
    auto toText = [](const Value &v) {
        return v.kind == Value::String || v.kind == Value::Auto ? v.text : QString::number(v.number);
    };

    switch (n.op) {
    case Op::Text:
    case Op::StrLit:
        out->kind = Value::String;
        out->text = n.text;
        return true;
    case Op::IntLit:
        out->kind = Value::Int;
        out->number = n.number;
        return true;
    case Op::LongLit:
        out->kind = Value::Long;
        out->number = n.number;
        return true;
    case Op::Var:
        if (n.text != column)
            return error(QStringLiteral("unknown variable '") + n.text + QStringLiteral("' (the sharding column is '")
                             + column + QStringLiteral("')"),
                         false);
        if (key.type == KeyType::Integer) {
            const auto x = algo::parseJavaLong(QStringView(key.text).trimmed());
            if (!x)
                return error(QStringLiteral("value '") + key.text + QStringLiteral("' is not a 64-bit integer"), false);
            out->kind = Value::Long;
            out->number = *x;
        } else {
            out->kind = key.type == KeyType::String ? Value::String : Value::Auto;
            out->text = key.text;
        }
        return true;
    default:
        break;
    }

    Value a;
    if (!eval(n.a, column, key, &a, res))
        return false;
    if (n.op == Op::HashCode) {
        out->kind = Value::Int;
        if (a.kind == Value::Int)
            out->number = a.number;
        else if (a.kind == Value::Long)
            out->number = hash::javaLongHashCode(a.number);
        else
            out->number = hash::javaStringHashCode(a.text);
        return true;
    }
    if (n.op == Op::Neg || n.op == Op::Abs) {
        Value x;
        if (!numeric(a, &x))
            return error(QStringLiteral("unsupported in INLINE: ") + (n.op == Op::Neg ? QStringLiteral("'-'") : QStringLiteral("Math.abs"))
                             + QStringLiteral(" on the string '") + a.text + QLatin1Char('\''),
                         true);
        const bool negate = n.op == Op::Neg || x.number < 0;
        out->kind = x.kind;
        out->number = negate ? int64_t(0 - uint64_t(x.number)) : x.number; // Java wrap: abs(MIN) == MIN
        if (x.kind == Value::Int)
            out->number = wrapInt(out->number);
        return true;
    }
    Value b;
    if (!eval(n.b, column, key, &b, res))
        return false;
    Value x, y;
    const bool bothNumeric = numeric(a, &x) && numeric(b, &y);
    if (n.op == Op::Add && !bothNumeric) {
        // Groovy: String + anything and Number + String concatenate.
        out->kind = Value::String;
        out->text = toText(a) + toText(b);
        return true;
    }
    if (!bothNumeric) {
        static const char *names[] = {"", "", "", "", "", "", "", "'-'", "'*'", "'%'", "", "", "intdiv"};
        return error(QStringLiteral("unsupported in INLINE: ") + QLatin1String(names[int(n.op)])
                         + QStringLiteral(" on a string"),
                     true);
    }
    const bool isLong = x.kind == Value::Long || y.kind == Value::Long;
    const uint64_t ux = uint64_t(x.number), uy = uint64_t(y.number);
    int64_t r = 0;
    switch (n.op) {
    case Op::Add: r = int64_t(ux + uy); break;
    case Op::Sub: r = int64_t(ux - uy); break;
    case Op::Mul: r = int64_t(ux * uy); break;
    case Op::Mod:
    case Op::IntDiv:
        if (y.number == 0)
            return error(QStringLiteral("division by zero"), false);
        if (y.number == -1) // avoids MIN / -1 overflow; Java wraps to MIN, remainder 0
            r = n.op == Op::Mod ? 0 : int64_t(0 - ux);
        else
            r = n.op == Op::Mod ? x.number % y.number : x.number / y.number;
        break;
    default:
        return error(QStringLiteral("internal error"), false);
    }
    out->kind = isLong ? Value::Long : Value::Int;
    out->number = isLong ? r : wrapInt(r);
    return true;
}

GroovyExpression::Result GroovyExpression::evaluate(const QString &column, const ShardingValue &value) const
{
    Result res;
    if (!m_error.isEmpty()) {
        res.error = m_error;
        res.unsupported = m_unsupported;
        return res;
    }
    for (const int part : m_parts) {
        Value v;
        if (!eval(part, column, value, &v, &res))
            return res;
        res.text += v.kind == Value::String || v.kind == Value::Auto ? v.text : QString::number(v.number);
    }
    res.ok = true;
    return res;
}

} // namespace sp
