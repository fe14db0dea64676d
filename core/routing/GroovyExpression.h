#pragma once
#include "core/routing/ShardingValue.h"

#include <QString>

#include <vector>

namespace sp {

// The Groovy subset ShardingSphere INLINE algorithm expressions use in practice, compiled once:
// a GString with `${...}` / `$->{...}` parts holding int / string literals, the sharding column,
// unary minus, + - * % with Java int / long semantics (32-bit wrap when both sides are int, 64-bit
// otherwise), parentheses, x.hashCode(), Math.abs(x), x.intdiv(y) and string concatenation.
// Everything else is refused with "unsupported in INLINE: <construct> at column N".
//
// Value typing: KeyType::Integer binds the column as a Long; KeyType::String as a String;
// KeyType::Auto as a String that acts as a Long in arithmetic when it is an integer.
// x.hashCode() is String.hashCode for String and Auto, Long.hashCode for Long, the value for int.
class GroovyExpression final
{
public:
    static constexpr int MaxLength = 4096;
    static constexpr int MaxDepth = 64;

    struct Result
    {
        bool ok = false;
        QString text;
        QString error;
        bool unsupported = false; // a construct we do not evaluate (as opposed to a bad value)
    };

    explicit GroovyExpression(const QString &expression);

    bool isValid() const { return m_error.isEmpty(); }
    QString error() const { return m_error; }
    bool isUnsupported() const { return m_unsupported; }
    // Variable names the expression refers to, in order of first use.
    const QStringList &variables() const { return m_variables; }

    Result evaluate(const QString &column, const ShardingValue &value) const;

    enum class Op { Text, IntLit, LongLit, StrLit, Var, Neg, Add, Sub, Mul, Mod, Abs, HashCode, IntDiv };
    struct Node
    {
        Op op = Op::Text;
        int a = -1;
        int b = -1;
        int64_t number = 0;
        QString text;
        int column = 0; // 1-based position in the expression, for messages
    };

private:
    class Parser;
    friend class Parser;
    struct Value;
    bool eval(int node, const QString &column, const ShardingValue &key, Value *out,
              Result *res) const;

    QString m_expression;
    std::vector<Node> m_nodes;
    std::vector<int> m_parts; // roots of the GString parts, in order (Text nodes for literal text)
    QStringList m_variables;
    QString m_error;
    bool m_unsupported = false;
};

} // namespace sp
