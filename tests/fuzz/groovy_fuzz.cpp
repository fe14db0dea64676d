// libFuzzer harness: arbitrary bytes as an INLINE algorithm-expression plus a key.
// Input layout: <expression> '\n' <key> (no newline: the whole input is the expression).
#include "core/routing/Algorithm.h"

#include <QByteArray>
#include <QString>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    const qsizetype nl = input.indexOf('\n');
    const QString expression = QString::fromUtf8(nl < 0 ? input : input.left(nl));
    const QString key = nl < 0 ? QStringLiteral("12345") : QString::fromUtf8(input.mid(nl + 1));

    sp::AlgorithmDef def;
    def.name = QStringLiteral("fuzz");
    def.type = QStringLiteral("INLINE");
    def.props.insert(QStringLiteral("algorithm-expression"), expression);
    const auto algorithm = sp::createAlgorithm(def);
    const QStringList targets{QStringLiteral("t_0"), QStringLiteral("t_1"), QStringLiteral("ds_0")};
    for (const sp::KeyType type : {sp::KeyType::Auto, sp::KeyType::String, sp::KeyType::Integer}) {
        const sp::AlgorithmResult r = algorithm->evaluate(QStringLiteral("id"), sp::ShardingValue{key, type}, targets);
        // Invariants: a success names one of the targets; a failure says why.
        if (r.ok && !targets.contains(r.target))
            __builtin_trap();
        if (!r.ok && r.error.isEmpty())
            __builtin_trap();
    }
    return 0;
}
